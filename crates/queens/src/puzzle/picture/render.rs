//! Test pictures: a [`Puzzle`] drawn the way the apps draw it, then spoilt the way
//! screenshots are (scaled, blurred, noisy), so the reader's tests and benchmark have
//! thousands of pictures whose right answer is known. Not part of the API: hidden from
//! the docs, kept public for the integration tests and the Python tests.
//!
//! Styles ([`Theme`]): a pastel palette with thick region borders and thin lines
//! (LinkedIn's "Queens" in its light theme), the same in a dark theme, and a
//! black-and-white Star Battle grid (white squares, thin lines, thick region borders).
//! Crowns or stars and crosses can be drawn on squares; app chrome (bars, blocks of
//! "text", buttons) can surround the board.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use super::super::{Mark, Puzzle, State};
use super::colour::Rgb;

/// A picture: RGBA, rows top to bottom, and where the board was drawn.
#[derive(Clone, Debug)]
pub struct Picture {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// 4 bytes a pixel.
    pub rgba: Vec<u8>,
    /// The board's outline, outer edges: `(x, y, side)` in pixels.
    pub board: (f32, f32, f32),
}

pub use crate::puzzle::draw::Theme;

/// Where a drawing's region colours come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colours {
    /// The library's colours ([`crate::puzzle::draw::region_colours`]), as every
    /// front draws a puzzle: `puzzle draw`'s.
    Library,
    /// [`PALETTE`] in an order drawn from the seed, as the apps' screenshots vary: the
    /// reader's test pictures.
    Apps,
}

/// How to draw a puzzle.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// The look.
    pub theme: Theme,
    /// A square's side in pixels.
    pub cell: usize,
    /// Thin lines' width in pixels.
    pub thin: usize,
    /// Region borders' (and the outline's) width in pixels.
    pub thick: usize,
    /// App chrome around the board.
    pub chrome: bool,
    /// Seed for margins, chrome and colour order.
    pub seed: u64,
    /// Where the region colours come from.
    pub colours: Colours,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            theme: Theme::Pastel,
            cell: 24,
            thin: 1,
            thick: 3,
            chrome: false,
            seed: 0,
            colours: Colours::Apps,
        }
    }
}

/// Pastels in the manner of the daily-puzzle apps (chosen here, at least 0.06 apart in
/// OKLab).
pub const PALETTE: [Rgb; 12] = [
    [187, 163, 226],
    [255, 201, 146],
    [150, 190, 255],
    [179, 223, 160],
    [223, 223, 223],
    [255, 123, 96],
    [230, 243, 136],
    [185, 178, 158],
    [223, 160, 191],
    [163, 210, 216],
    [98, 239, 234],
    [255, 228, 201],
];

/// A random number below `m`.
fn below(rng: &mut Xoshiro256PlusPlus, m: usize) -> usize {
    (((rng.next_u64() >> 32) * m as u64) >> 32) as usize
}

/// A canvas to draw on.
struct Canvas {
    w: usize,
    h: usize,
    px: Vec<Rgb>,
}

impl Canvas {
    fn fill(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, c: Rgb) {
        let xa = x0.round().max(0.0) as usize;
        let xb = (x1.round().max(0.0) as usize).min(self.w);
        let ya = y0.round().max(0.0) as usize;
        let yb = (y1.round().max(0.0) as usize).min(self.h);
        for y in ya..yb {
            for x in xa..xb {
                self.px[y * self.w + x] = c;
            }
        }
    }

    /// Paints `c` where `inside(x, y)` holds, over the box, 4x4 samples a pixel.
    fn shape(&mut self, b: (f32, f32, f32, f32), c: Rgb, inside: impl Fn(f32, f32) -> bool) {
        let xa = b.0.floor().max(0.0) as usize;
        let xb = (b.2.ceil().max(0.0) as usize).min(self.w);
        let ya = b.1.floor().max(0.0) as usize;
        let yb = (b.3.ceil().max(0.0) as usize).min(self.h);
        for y in ya..yb {
            for x in xa..xb {
                let mut hit = 0;
                for sy in 0..4 {
                    for sx in 0..4 {
                        let fx = x as f32 + (sx as f32 + 0.5) / 4.0;
                        let fy = y as f32 + (sy as f32 + 0.5) / 4.0;
                        hit += inside(fx, fy) as u32;
                    }
                }
                if hit > 0 {
                    let p = &mut self.px[y * self.w + x];
                    for ch in 0..3 {
                        p[ch] = ((p[ch] as u32 * (16 - hit) + c[ch] as u32 * hit) / 16) as u8;
                    }
                }
            }
        }
    }
}

/// Whether `(x, y)` is inside the polygon `pts` (even-odd rule).
fn in_polygon(pts: &[(f32, f32)], x: f32, y: f32) -> bool {
    let mut inside = false;
    let mut j = pts.len() - 1;
    for i in 0..pts.len() {
        let (xi, yi) = pts[i];
        let (xj, yj) = pts[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// The distance from `(x, y)` to the segment from `a` to `b`.
fn to_segment(a: (f32, f32), b: (f32, f32), x: f32, y: f32) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = (((x - a.0) * dx + (y - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y);
    (px * px + py * py).sqrt()
}

/// A crown in the box of side `s` at `(x, y)`, as a polygon.
fn crown(x: f32, y: f32, s: f32) -> Vec<(f32, f32)> {
    let p = |u: f32, v: f32| (x + u * s, y + v * s);
    vec![
        p(0.05, 0.85),
        p(0.0, 0.2),
        p(0.3, 0.5),
        p(0.5, 0.1),
        p(0.7, 0.5),
        p(1.0, 0.2),
        p(0.95, 0.85),
    ]
}

/// A five-pointed star in the box of side `s` at `(x, y)`.
fn star(x: f32, y: f32, s: f32) -> Vec<(f32, f32)> {
    let (cx, cy) = (x + s / 2.0, y + s * 0.53);
    (0..10)
        .map(|k| {
            let r = if k % 2 == 0 { s * 0.52 } else { s * 0.21 };
            let a = std::f32::consts::PI * (k as f32 / 5.0 - 0.5);
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

/// Colours per region: distinct while the palette lasts, else no two neighbours alike
/// (so regions of one colour that do not touch appear on large boards).
fn region_colours(p: &Puzzle, rng: &mut Xoshiro256PlusPlus) -> Vec<Rgb> {
    let n = p.side();
    let mut order: Vec<usize> = (0..PALETTE.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, below(rng, i + 1));
    }
    if n <= PALETTE.len() {
        return (0..n).map(|r| PALETTE[order[r]]).collect();
    }
    let mut next_to = vec![vec![false; n]; n];
    for i in 0..n * n {
        let (r, c) = (i / n, i % n);
        for j in [(c + 1 < n).then_some(i + 1), (r + 1 < n).then_some(i + n)]
            .into_iter()
            .flatten()
        {
            let (a, b) = (p.region(i), p.region(j));
            if a != b {
                next_to[a][b] = true;
                next_to[b][a] = true;
            }
        }
    }
    let mut pick: Vec<usize> = vec![usize::MAX; n];
    for r in 0..n {
        let used: Vec<usize> = (0..n)
            .filter(|&o| next_to[r][o] && pick[o] != usize::MAX)
            .map(|o| pick[o])
            .collect();
        let start = below(rng, PALETTE.len());
        pick[r] = (0..PALETTE.len())
            .map(|k| (start + k) % PALETTE.len())
            .find(|k| !used.contains(k))
            .unwrap_or(start);
    }
    pick.iter().map(|&k| PALETTE[order[k]]).collect()
}

/// Draws `p` with the marks of `marks` (stars as crowns in colour themes, stars in
/// black and white) in `style`.
pub fn draw(p: &Puzzle, marks: Option<&State>, style: &Style) -> Picture {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(style.seed);
    let n = p.side();
    let c = style.cell as f32;
    let side = n as f32 * c;
    let th = style.thick as f32;
    let (page, line_dark, mark_ink, cross_ink): (Rgb, f32, Rgb, Rgb) = match style.theme {
        Theme::Pastel => ([255, 255, 255], 0.55, [20, 20, 20], [70, 70, 70]),
        Theme::Dark => ([32, 36, 40], 0.45, [245, 245, 245], [225, 225, 225]),
        Theme::BlackWhite => ([255, 255, 255], 0.45, [0, 0, 0], [40, 40, 40]),
    };
    let border: Rgb = [0, 0, 0];
    let colours: Vec<Rgb> = match (style.colours, style.theme) {
        (Colours::Library, theme) | (Colours::Apps, theme @ Theme::BlackWhite) => {
            crate::puzzle::draw::theme_colours(p, theme)
        }
        (Colours::Apps, Theme::Pastel) => region_colours(p, &mut rng),
        (Colours::Apps, Theme::Dark) => region_colours(p, &mut rng)
            .into_iter()
            .map(|c| c.map(|v| (v as f32 * 0.72) as u8))
            .collect(),
    };
    let margin = |rng: &mut Xoshiro256PlusPlus| (c * 0.5) + below(rng, style.cell * 2) as f32;
    let (ml, mr) = (margin(&mut rng), margin(&mut rng));
    let (mut mt, mut mb) = (margin(&mut rng), margin(&mut rng));
    if style.chrome {
        mt += 40.0 + below(&mut rng, 120) as f32;
        mb += 40.0 + below(&mut rng, 160) as f32;
    }
    let w = (ml + side + mr + th).ceil() as usize;
    let h = (mt + side + mb + th).ceil() as usize;
    let mut cv = Canvas {
        w,
        h,
        px: vec![page; w * h],
    };
    let (ox, oy) = (ml + th / 2.0, mt + th / 2.0);
    if style.chrome {
        chrome(&mut cv, &mut rng, style.theme, (ox, oy, side), th);
    }
    // Squares.
    for i in 0..n * n {
        let (r, col) = (i / n, i % n);
        let sq = (n - 1 - r) * n + col;
        let (x, y) = (ox + col as f32 * c, oy + r as f32 * c);
        cv.fill(x, y, x + c, y + c, colours[p.region(sq)]);
    }
    // Thin lines: the squares' colours darkened (as a translucent line shows them).
    let tn = style.thin as f32;
    for k in 1..n {
        let b = k as f32 * c;
        for i in 0..n {
            for (x0, y0, x1, y1, sq) in [
                // Vertical line k, beside square (i, k - 1).
                (
                    ox + b - tn / 2.0,
                    oy + i as f32 * c,
                    ox + b + tn / 2.0,
                    oy + (i + 1) as f32 * c,
                    (i, k - 1),
                ),
                // Horizontal line k, below square (k - 1, i).
                (
                    ox + i as f32 * c,
                    oy + b - tn / 2.0,
                    ox + (i + 1) as f32 * c,
                    oy + b + tn / 2.0,
                    (k - 1, i),
                ),
            ] {
                let base = colours[p.region((n - 1 - sq.0) * n + sq.1)];
                let dark = base.map(|v| (v as f32 * (1.0 - line_dark)) as u8);
                let dark = if style.theme == Theme::BlackWhite {
                    [150, 150, 150]
                } else {
                    dark
                };
                cv.fill(x0, y0, x1, y1, dark);
            }
        }
    }
    // Region borders and the outline.
    let reg = |r: usize, col: usize| p.region((n - 1 - r) * n + col);
    for r in 0..n {
        for col in 0..n {
            let (x, y) = (ox + col as f32 * c, oy + r as f32 * c);
            if col + 1 < n && reg(r, col) != reg(r, col + 1) {
                cv.fill(
                    x + c - th / 2.0,
                    y - th / 2.0,
                    x + c + th / 2.0,
                    y + c + th / 2.0,
                    border,
                );
            }
            if r + 1 < n && reg(r, col) != reg(r + 1, col) {
                cv.fill(
                    x - th / 2.0,
                    y + c - th / 2.0,
                    x + c + th / 2.0,
                    y + c + th / 2.0,
                    border,
                );
            }
        }
    }
    cv.fill(
        ox - th / 2.0,
        oy - th / 2.0,
        ox + side + th / 2.0,
        oy + th / 2.0,
        border,
    );
    cv.fill(
        ox - th / 2.0,
        oy + side - th / 2.0,
        ox + side + th / 2.0,
        oy + side + th / 2.0,
        border,
    );
    cv.fill(
        ox - th / 2.0,
        oy - th / 2.0,
        ox + th / 2.0,
        oy + side + th / 2.0,
        border,
    );
    cv.fill(
        ox + side - th / 2.0,
        oy - th / 2.0,
        ox + side + th / 2.0,
        oy + side + th / 2.0,
        border,
    );
    // Marks.
    if let Some(s) = marks {
        for (sq, m) in s.marks.iter().enumerate() {
            let (r, col) = (n - 1 - sq / n, sq % n);
            let (x, y) = (ox + col as f32 * c, oy + r as f32 * c);
            match m {
                Mark::Free => {}
                Mark::Star => {
                    let (s0, sz) = (c * 0.22, c * 0.56);
                    let poly = if style.theme == Theme::BlackWhite {
                        star(x + s0, y + s0, sz)
                    } else {
                        crown(x + s0, y + s0, sz)
                    };
                    cv.shape((x, y, x + c, y + c), mark_ink, |fx, fy| {
                        in_polygon(&poly, fx, fy)
                    });
                }
                Mark::Cross => {
                    let (a, b) = (c * 0.34, c * 0.66);
                    let half = (c * 0.045).max(0.7);
                    cv.shape((x, y, x + c, y + c), cross_ink, |fx, fy| {
                        to_segment((x + a, y + a), (x + b, y + b), fx, fy) < half
                            || to_segment((x + b, y + a), (x + a, y + b), fx, fy) < half
                    });
                }
            }
        }
    }
    let mut rgba = Vec::with_capacity(w * h * 4);
    for p in &cv.px {
        rgba.extend_from_slice(&[p[0], p[1], p[2], 255]);
    }
    Picture {
        width: w,
        height: h,
        rgba,
        board: (ox - th / 2.0, oy - th / 2.0, side + th),
    }
}

/// App chrome: a bar across the top, "text" above and below the board, a button.
fn chrome(
    cv: &mut Canvas,
    rng: &mut Xoshiro256PlusPlus,
    theme: Theme,
    board: (f32, f32, f32),
    th: f32,
) {
    let dark = theme == Theme::Dark;
    let (ox, oy, side) = board;
    let bar: Rgb = if dark { [27, 31, 35] } else { [243, 242, 238] };
    let text: Rgb = if dark { [200, 200, 200] } else { [60, 60, 60] };
    let accent: Rgb = [10, 102, 194];
    let w = cv.w as f32;
    cv.fill(0.0, 0.0, w, 28.0, bar);
    cv.fill(8.0, 8.0, 20.0, 20.0, accent);
    // Words: short blocks in lines above the board.
    let lines_above = ((oy - th - 40.0) / 14.0).max(0.0) as usize;
    for l in 0..lines_above.min(4) {
        let y = 34.0 + l as f32 * 14.0;
        let mut x = 8.0;
        while x < w - 40.0 {
            let len = 6.0 + below(rng, 30) as f32;
            cv.fill(x, y, x + len, y + 8.0, text);
            x += len + 5.0;
        }
    }
    // A button and words below the board.
    let below_top = oy + side + th + 12.0;
    if below_top + 30.0 < cv.h as f32 {
        let bw = 40.0 + below(rng, 80) as f32;
        cv.fill(ox, below_top, ox + bw, below_top + 24.0, accent);
        cv.fill(
            ox + 8.0,
            below_top + 8.0,
            ox + bw - 8.0,
            below_top + 16.0,
            [255, 255, 255],
        );
        let mut y = below_top + 34.0;
        while y + 10.0 < cv.h as f32 {
            let mut x = 8.0;
            while x < w - 40.0 {
                let len = 6.0 + below(rng, 30) as f32;
                cv.fill(x, y, x + len, y + 8.0, text);
                x += len + 5.0;
            }
            y += 14.0;
        }
    }
}

/// The picture scaled by `f`, nearest pixel or bilinear.
pub fn scale(pic: &Picture, f: f32, bilinear: bool) -> Picture {
    let w = ((pic.width as f32 * f).round() as usize).max(1);
    let h = ((pic.height as f32 * f).round() as usize).max(1);
    let mut rgba = vec![0u8; w * h * 4];
    let get = |x: usize, y: usize, ch: usize| pic.rgba[(y * pic.width + x) * 4 + ch] as f32;
    for y in 0..h {
        for x in 0..w {
            let sx = ((x as f32 + 0.5) / f - 0.5).clamp(0.0, (pic.width - 1) as f32);
            let sy = ((y as f32 + 0.5) / f - 0.5).clamp(0.0, (pic.height - 1) as f32);
            for ch in 0..4 {
                let v = if bilinear {
                    let (x0, y0) = (sx.floor() as usize, sy.floor() as usize);
                    let (x1, y1) = ((x0 + 1).min(pic.width - 1), (y0 + 1).min(pic.height - 1));
                    let (tx, ty) = (sx - x0 as f32, sy - y0 as f32);
                    let top = get(x0, y0, ch) * (1.0 - tx) + get(x1, y0, ch) * tx;
                    let bot = get(x0, y1, ch) * (1.0 - tx) + get(x1, y1, ch) * tx;
                    top * (1.0 - ty) + bot * ty
                } else {
                    get(sx.round() as usize, sy.round() as usize, ch)
                };
                rgba[(y * w + x) * 4 + ch] = v.round() as u8;
            }
        }
    }
    Picture {
        width: w,
        height: h,
        rgba,
        board: (pic.board.0 * f, pic.board.1 * f, pic.board.2 * f),
    }
}

/// The picture blurred by a 3x3 binomial kernel (a Gaussian of about half a pixel).
pub fn blur(pic: &Picture) -> Picture {
    let (w, h) = (pic.width, pic.height);
    let mut out = pic.rgba.clone();
    for y in 0..h {
        for x in 0..w {
            for ch in 0..3 {
                let mut sum = 0u32;
                for (dy, ky) in [(-1i64, 1u32), (0, 2), (1, 1)] {
                    for (dx, kx) in [(-1i64, 1u32), (0, 2), (1, 1)] {
                        let xx = (x as i64 + dx).clamp(0, w as i64 - 1) as usize;
                        let yy = (y as i64 + dy).clamp(0, h as i64 - 1) as usize;
                        sum += pic.rgba[(yy * w + xx) * 4 + ch] as u32 * kx * ky;
                    }
                }
                out[(y * w + x) * 4 + ch] = ((sum + 8) / 16) as u8;
            }
        }
    }
    Picture {
        rgba: out,
        ..pic.clone()
    }
}

/// The picture with uniform noise of up to `amp` levels on each channel.
pub fn noise(pic: &Picture, amp: u8, seed: u64) -> Picture {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = pic.clone();
    let span = 2 * amp as usize + 1;
    for p in out.rgba.chunks_exact_mut(4) {
        for c in &mut p[..3] {
            let d = below(&mut rng, span) as i32 - amp as i32;
            *c = (*c as i32 + d).clamp(0, 255) as u8;
        }
    }
    out
}
