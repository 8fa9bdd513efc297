//! Finding the grid: where the board is in the picture, its side, and the centre of
//! every line between its squares.
//!
//! A screenshot holds much besides the board (the app's bars, text, buttons, margins),
//! so the finder looks for the one thing a board has and chrome rarely does: a square
//! box whose inside is cut by equally spaced lines, both ways.
//!
//! 1. Edges: a pixel is a vertical edge when it differs from its left neighbour by more
//!    than [`EDGE`] (sum of channel differences), a horizontal edge likewise with the
//!    pixel above; both maps are kept as bits.
//! 2. Runs: straight runs of edges along a column (or a row) at least [`MIN_RUN`] long,
//!    gaps of up to [`GAP`] pixels bridged (a crossing line, JPEG noise). The board's
//!    outer edge is such a run on each side, however thick its lines: the outline
//!    never crosses anything.
//! 3. Boxes: two vertical runs `D` apart with a horizontal run across their tops and
//!    another `D` lower make a square candidate; candidates are tried largest first.
//! 4. The lattice: for each side `n` (4 to 25, squares of at least [`MIN_PITCH`]
//!    pixels), the share of sampled rows that have an edge near each of the `n - 1`
//!    inner vertical lines, and the same for columns and horizontal lines. The side is
//!    the largest `n` whose every line is supported: a multiple of the true side puts
//!    lines through the squares' middles, which have no edges; a divisor is supported
//!    too, but is smaller.
//! 5. Each line's centre is then refined to the middle of the edges near it (a thick
//!    line has an edge on each side), so the squares follow the drawing even when the
//!    picture was scaled by an odd factor.

use std::borrow::Cow;

use super::colour::{Rgb, rgb_distance};

/// The smallest channel-sum difference between neighbours that counts as an edge.
pub const EDGE: u32 = 40;
/// The shortest run of edges that can be a side of the board (four squares of 12
/// pixels, as a 16-pixel square scaled down).
pub const MIN_RUN: usize = 48;
/// The longest gap bridged inside a run.
pub const GAP: usize = 8;
/// The smallest square, in pixels, the lattice test tries.
pub const MIN_PITCH: f32 = 12.0;
/// The sides the finder tries.
pub const SIDES: std::ops::RangeInclusive<usize> = 4..=25;
/// The share of sampled rows (columns) that must have an edge near every inner line.
const SUPPORT: f32 = 0.5;
/// Candidate boxes tried before giving up.
const MAX_TRIES: usize = 48;

/// An RGB picture, alpha already composed over white.
pub struct Pixels<'a> {
    /// Width in pixels.
    pub w: usize,
    /// Height in pixels.
    pub h: usize,
    rgba: Cow<'a, [u8]>,
}

impl<'a> Pixels<'a> {
    /// The picture of `rgba` (4 bytes a pixel, rows top to bottom); a pixel that is not
    /// opaque is blended over white, as a viewer shows it.
    pub fn new(w: usize, h: usize, rgba: &'a [u8]) -> Pixels<'a> {
        let rgba = if rgba.chunks_exact(4).all(|p| p[3] == 255) {
            Cow::Borrowed(rgba)
        } else {
            let mut v = rgba.to_vec();
            for p in v.chunks_exact_mut(4) {
                let a = p[3] as u32;
                for c in &mut p[..3] {
                    *c = ((*c as u32 * a + 255 * (255 - a) + 127) / 255) as u8;
                }
                p[3] = 255;
            }
            Cow::Owned(v)
        };
        Pixels { w, h, rgba }
    }

    /// The colour at `(x, y)`, which must be inside.
    #[inline]
    pub fn at(&self, x: usize, y: usize) -> Rgb {
        let i = (y * self.w + x) * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }
}

/// A bit per pixel.
pub(crate) struct Bits {
    stride: usize,
    words: Vec<u64>,
}

impl Bits {
    fn new(w: usize, h: usize) -> Bits {
        let stride = w.div_ceil(64);
        Bits {
            stride,
            words: vec![0; stride * h],
        }
    }

    #[inline]
    fn set(&mut self, x: usize, y: usize) {
        self.words[y * self.stride + x / 64] |= 1 << (x % 64);
    }

    /// Whether any bit of row `y` in columns `from..to` is set.
    #[inline]
    pub(crate) fn any(&self, y: usize, from: usize, to: usize) -> bool {
        let row = &self.words[y * self.stride..(y + 1) * self.stride];
        let mut x = from;
        while x < to {
            let word = row[x / 64] >> (x % 64);
            let take = (64 - x % 64).min(to - x);
            let mask = if take == 64 { !0 } else { (1u64 << take) - 1 };
            if word & mask != 0 {
                return true;
            }
            x += take;
        }
        false
    }

    #[inline]
    pub(crate) fn get(&self, x: usize, y: usize) -> bool {
        self.words[y * self.stride + x / 64] >> (x % 64) & 1 == 1
    }
}

/// A straight run of edges: along column (or row) `at`, from `from` to `to`
/// (exclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub at: usize,
    pub from: usize,
    pub to: usize,
}

impl Run {
    fn len(&self) -> usize {
        self.to - self.from
    }

    /// How much of `from..to` this run covers.
    fn cover(&self, from: usize, to: usize) -> usize {
        self.to.min(to).saturating_sub(self.from.max(from))
    }
}

/// The edge maps and the long runs in them.
pub(crate) struct Edges {
    /// Vertical edges: the pixel differs from its left neighbour.
    pub v: Bits,
    /// Horizontal edges: the pixel differs from the one above.
    pub h: Bits,
    /// Runs of vertical edges (down a column), by column.
    pub v_runs: Vec<Run>,
    /// Runs of horizontal edges (along a row), by row.
    pub h_runs: Vec<Run>,
}

/// Tracks one open run along a line of pixels.
#[derive(Clone, Copy)]
struct Open {
    from: usize,
    last: usize,
    live: bool,
}

impl Open {
    const NONE: Open = Open {
        from: 0,
        last: 0,
        live: false,
    };

    /// An edge at position `i` of the line `at`; a run that ends is pushed to `out`.
    #[inline]
    fn edge(&mut self, i: usize, at: usize, out: &mut Vec<Run>) {
        if self.live && i - self.last <= GAP + 1 {
            self.last = i;
        } else {
            self.close(at, out);
            *self = Open {
                from: i,
                last: i,
                live: true,
            };
        }
    }

    fn close(&mut self, at: usize, out: &mut Vec<Run>) {
        if self.live && self.last + 1 - self.from >= MIN_RUN {
            out.push(Run {
                at,
                from: self.from,
                to: self.last + 1,
            });
        }
        self.live = false;
    }
}

/// The edge maps and runs of `img`, in one pass over its rows.
pub(crate) fn edges(img: &Pixels) -> Edges {
    let (w, h) = (img.w, img.h);
    let mut v = Bits::new(w, h);
    let mut hb = Bits::new(w, h);
    let mut v_runs = Vec::new();
    let mut h_runs = Vec::new();
    let mut cols = vec![Open::NONE; w];
    for y in 0..h {
        let mut row = Open::NONE;
        let mut left = img.at(0, y);
        for (x, col) in cols.iter_mut().enumerate() {
            let here = img.at(x, y);
            if x > 0 && rgb_distance(left, here) > EDGE {
                v.set(x, y);
                col.edge(y, x, &mut v_runs);
            }
            if y > 0 && rgb_distance(img.at(x, y - 1), here) > EDGE {
                hb.set(x, y);
                row.edge(x, y, &mut h_runs);
            }
            left = here;
        }
        row.close(y, &mut h_runs);
    }
    for (x, col) in cols.iter_mut().enumerate() {
        col.close(x, &mut v_runs);
    }
    v_runs.sort_by_key(|r| (r.at, r.from));
    Edges {
        v,
        h: hb,
        v_runs,
        h_runs,
    }
}

/// A box in the picture: `x0..x1` by `y0..y1`, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxPx {
    /// Left edge.
    pub x0: usize,
    /// Top edge.
    pub y0: usize,
    /// One past the right edge.
    pub x1: usize,
    /// One past the bottom edge.
    pub y1: usize,
}

/// A grid found: its side and the centres of its lines (`n + 1` each way, left to
/// right and top to bottom, the outline's included).
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The side.
    pub n: usize,
    /// The box the outline's outer edges make.
    pub outline: BoxPx,
    /// Centres of the vertical lines, left to right.
    pub xs: Vec<f32>,
    /// Centres of the horizontal lines, top to bottom.
    pub ys: Vec<f32>,
}

impl Grid {
    /// The mean square's side in pixels.
    pub fn pitch(&self) -> f32 {
        ((self.xs[self.n] - self.xs[0]) + (self.ys[self.n] - self.ys[0])) / (2 * self.n) as f32
    }
}

fn area(b: &BoxPx) -> usize {
    (b.x1 - b.x0) * (b.y1 - b.y0)
}

/// Square boxes that two vertical and two horizontal runs outline, largest first: at
/// least the [`MAX_TRIES`] largest (after merging boxes a line's width apart).
///
/// A picture full of lines (a pattern, noise) has tens of thousands of such boxes, and
/// merging each new one with those found was quadratic: a 256 x 256 pattern took
/// minutes (the `picture` fuzz target's timeouts). So the pairs of vertical runs are
/// taken widest first, and the search stops once [`MAX_TRIES`] boxes are larger than
/// any box a narrower pair can make; the boxes kept are capped at [`MAX_KEPT`] (the
/// smallest dropped), and the tops tried at [`MAX_TOPS`].
pub(crate) fn candidates(e: &Edges, w: usize, h: usize) -> Vec<BoxPx> {
    let mut h_runs = e.h_runs.clone();
    h_runs.sort_by_key(|r| (r.at, r.from));
    let max_side = w.min(h);
    let vr = &e.v_runs;
    // The pairs of vertical runs that can be a box's sides: `d` apart, both long
    // enough and overlapping enough.
    let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
    'pairs: for (i, a) in vr.iter().enumerate() {
        for (j, b) in vr.iter().enumerate().skip(i + 1) {
            let d = b.at - a.at;
            if d < MIN_RUN {
                continue;
            }
            if d > max_side || d * 4 > a.len() * 5 {
                break;
            }
            if d * 4 > b.len() * 5 {
                continue;
            }
            let (ov0, ov1) = (a.from.max(b.from), a.to.min(b.to));
            if ov1 < ov0 || (ov1 - ov0) * 5 < d * 4 {
                continue;
            }
            pairs.push((d, i, j));
            if pairs.len() >= MAX_PAIRS {
                break 'pairs;
            }
        }
    }
    pairs.sort_by_key(|&(d, i, j)| (std::cmp::Reverse(d), i, j));
    let mut found: Vec<BoxPx> = Vec::new();
    let mut tops_tried = 0usize;
    for (k, &(d, i, j)) in pairs.iter().enumerate() {
        let (a, b) = (&vr[i], &vr[j]);
        let (ov0, ov1) = (a.from.max(b.from), a.to.min(b.to));
        let tol = (d / 25).max(3);
        // Tops: rows from a little above the overlap to where a box of side d
        // still fits in it.
        let lo = ov0.saturating_sub(tol);
        let hi = (ov1 + tol).saturating_sub(d);
        let start = h_runs.partition_point(|r| r.at < lo);
        for top in h_runs[start..].iter().take_while(|r| r.at <= hi) {
            tops_tried += 1;
            if top.cover(a.at, b.at) * 5 < d * 4 {
                continue;
            }
            let (blo, bhi) = (top.at + d - tol.min(d), top.at + d + tol);
            let s = h_runs.partition_point(|r| r.at < blo);
            let bottom = h_runs[s..]
                .iter()
                .take_while(|r| r.at <= bhi)
                .filter(|r| r.cover(a.at, b.at) * 5 >= d * 4)
                .min_by_key(|r| r.at.abs_diff(top.at + d));
            if let Some(bot) = bottom {
                keep(
                    &mut found,
                    BoxPx {
                        x0: a.at,
                        y0: top.at,
                        x1: b.at,
                        y1: bot.at,
                    },
                );
            }
        }
        if tops_tried >= MAX_TOPS {
            break;
        }
        // Every box of a narrower pair is at most `d' x (d' + tol')` with `d'` the next
        // pair's width: once `MAX_TRIES` boxes are larger, none can enter the tries.
        if let Some(&(next, _, _)) = pairs.get(k + 1)
            && next < d
            && found.len() >= MAX_TRIES
        {
            let bound = next * (next + (next / 25).max(3));
            let mut areas: Vec<usize> = found.iter().map(area).collect();
            areas.sort_unstable_by(|x, y| y.cmp(x));
            if areas[MAX_TRIES - 1] > bound {
                break;
            }
        }
    }
    found.sort_by_key(|c| std::cmp::Reverse(area(c)));
    found
}

/// Box pairs of vertical runs collected at most (a picture of that many long lines is
/// a pattern, not a screenshot).
const MAX_PAIRS: usize = 200_000;
/// Tops tried at most, over all pairs.
const MAX_TOPS: usize = 2_000_000;
/// Boxes kept at most while searching (the largest).
const MAX_KEPT: usize = 1024;

/// Adds `c` to `found`: merged with a box a line's width away (the larger kept: the
/// outline's outer edges), else added, the smallest dropped past [`MAX_KEPT`].
fn keep(found: &mut Vec<BoxPx>, c: BoxPx) {
    // The two edges of one line are a line's width apart.
    let same = ((c.x1 - c.x0) / 100).max(3);
    let near = |o: &BoxPx| {
        o.x0.abs_diff(c.x0) <= same
            && o.x1.abs_diff(c.x1) <= same
            && o.y0.abs_diff(c.y0) <= same
            && o.y1.abs_diff(c.y1) <= same
    };
    if let Some(o) = found.iter_mut().find(|o| near(o)) {
        if area(&c) > area(o) {
            *o = c;
        }
    } else if found.len() < MAX_KEPT {
        found.push(c);
    } else {
        {
            let (i, small) = found
                .iter()
                .enumerate()
                .min_by_key(|(_, o)| area(o))
                .map(|(i, o)| (i, area(o)))
                .expect("MAX_KEPT boxes");
            if area(&c) > small {
                found[i] = c;
            }
        }
    }
}

/// The shares of sampled rows with an edge near each inner vertical line of a
/// lattice of side `n` over `x0..x1`, for every `n` in `sides`: `support[n]` holds
/// one share per inner line (empty for sides not tried).
fn support(
    bits: &Bits,
    along: (usize, usize),
    across: (usize, usize),
    sides: &[usize],
    transposed: bool,
) -> Vec<Vec<f32>> {
    let (x0, x1) = along;
    let (y0, y1) = across;
    let d = (x1 - x0) as f32;
    let rows = (y1 - y0).min(160);
    let mut hits: Vec<Vec<u32>> = vec![Vec::new(); 26];
    for &n in sides {
        hits[n] = vec![0; n];
    }
    for i in 0..rows {
        let y = y0 + ((y1 - y0) * (2 * i + 1)) / (2 * rows);
        for &n in sides {
            let p = d / n as f32;
            // Narrow (8% of the pitch): at 15% a coarse lattice over a fine board
            // caught the fine lines beside its own (a 14x14 board read as 6x6).
            let win = (p * 0.08).max(3.0);
            for (k, hit_k) in hits[n].iter_mut().enumerate().skip(1) {
                let xc = x0 as f32 + k as f32 * p;
                let from = (xc - win).max(0.0) as usize;
                let to = (xc + win + 1.0) as usize;
                let hit = if transposed {
                    (from..to).any(|x| bits.get(y, x))
                } else {
                    bits.any(y, from, to)
                };
                if hit {
                    *hit_k += 1;
                }
            }
        }
    }
    let mut out = vec![Vec::new(); 26];
    for &n in sides {
        out[n] = hits[n][1..]
            .iter()
            .map(|&c| c as f32 / rows as f32)
            .collect();
    }
    out
}

/// Whether the inner lines' shares of a side `n` lattice, `v` one way and `h` the
/// other, support it: every line seen in at least [`SUPPORT`] of the rows, but for
/// a few ([`missing_allowed`]) over both ways. A nearest-pixel downscale drops whole
/// columns of pixels, and with them a one-pixel line here and there (or its thin
/// part, keeping a region border's thick pieces); a lattice of a multiple of the true
/// side instead misses every other line or more, more than the few allowed.
fn supported(v: &[f32], h: &[f32], n: usize) -> bool {
    let missing = v.iter().chain(h).filter(|&&s| s < SUPPORT).count();
    !v.is_empty() && !h.is_empty() && missing <= missing_allowed(n)
}

/// How many of the `2 (n - 1)` inner lines (both ways) a lattice of side `n` may
/// miss: two in five (at least one). A lattice of side `m` over a true side `n < m`
/// keeps only the lines the two share, `gcd(m, n) - 1` of its `m - 1` each way, so it
/// misses at least `m` of them (`gcd(m, n) <= m / 2`): more than allowed.
fn missing_allowed(n: usize) -> usize {
    (4 * (n - 1) / 5).max(1)
}

/// The share of sampled rows with an edge within a pixel of each column of
/// `x0..=x1` (one way; `transposed` for horizontal edges): where lines run.
fn profile(
    bits: &Bits,
    along: (usize, usize),
    across: (usize, usize),
    transposed: bool,
) -> Vec<f32> {
    let (x0, x1) = along;
    let (y0, y1) = across;
    let rows = (y1 - y0).min(160);
    let mut hits = vec![0u32; x1 - x0 + 1];
    for i in 0..rows {
        let y = y0 + ((y1 - y0) * (2 * i + 1)) / (2 * rows);
        let mut prev = false;
        let mut here = if transposed {
            bits.get(y, x0)
        } else {
            bits.get(x0, y)
        };
        for (k, hit) in hits.iter_mut().enumerate() {
            let x = x0 + k;
            let next = x < x1
                && if transposed {
                    bits.get(y, x + 1)
                } else {
                    bits.get(x + 1, y)
                };
            if prev || here || next {
                *hit += 1;
            }
            (prev, here) = (here, next);
        }
    }
    hits.iter().map(|&c| c as f32 / rows as f32).collect()
}

/// Whether a lattice of side `n` over the columns of `profile` has lines between its
/// lines: in at least half of its squares, a column in the middle (30 to 70% across)
/// with an edge in at least [`SUPPORT`] of the rows. A lattice whose squares hold two
/// or more of the board's (its side a divisor of the board's, or a box the board fills
/// only part of) has, and its windows, a share of its wide pitch, can catch the
/// board's lines beside its own: a 4x4 lattice passed [`supported`] over a 23x23
/// board. A true lattice has none: its squares are crossed only by marks. The squares
/// run between the centres of the outline's sides, not its outer edges (the box's),
/// which a thick outline blurred puts well into the first square.
fn lines_between(profile: &[f32], n: usize) -> bool {
    let last = profile.len() - 1;
    // The outline's half-width at each end: half the run of lined columns there.
    let cap = last / (4 * n);
    let lined =
        |it: &mut dyn Iterator<Item = &f32>| it.take(cap).take_while(|&&s| s >= SUPPORT).count();
    let start = lined(&mut profile.iter()) as f32 / 2.0;
    let end = last as f32 - lined(&mut profile.iter().rev()) as f32 / 2.0;
    let p = (end - start) / n as f32;
    let crossed = (0..n)
        .filter(|&k| {
            let from = (start + k as f32 * p + 0.3 * p).ceil() as usize;
            let to = ((start + k as f32 * p + 0.7 * p).floor() as usize).min(last);
            profile[from.min(to)..=to].iter().any(|&s| s >= SUPPORT)
        })
        .count();
    crossed * 2 >= n
}

/// The centre of the line near `c` (within a quarter square) along one axis: the
/// middle of the columns (rows) whose edge count is at least a third of the highest;
/// and that highest count, how strongly the line is seen.
fn refine(count: impl Fn(usize) -> u32, c: f32, p: f32, limit: usize) -> (f32, u32) {
    let r = (p * 0.25).max(2.0);
    let from = (c - r).max(0.0) as usize;
    let to = ((c + r) as usize + 1).min(limit);
    let counts: Vec<(usize, u32)> = (from..to).map(|x| (x, count(x))).collect();
    let top = counts.iter().map(|&(_, k)| k).max().unwrap_or(0);
    if top == 0 {
        return (c, 0);
    }
    let (mut sum, mut weight) = (0.0f64, 0.0f64);
    for &(x, k) in &counts {
        if k * 3 >= top {
            sum += x as f64 * k as f64;
            weight += k as f64;
        }
    }
    // An edge at column x is the boundary between pixels x - 1 and x, so the mean
    // is already a position in the picture's continuous coordinates.
    ((sum / weight) as f32, top)
}

/// The lines' centres from their refined centres and strengths (`refined`, from
/// [`refine`], out of `samples` sampled rows), `p` pixels apart. A line seen in at
/// least half the rows keeps its centre; one seen less (a one-pixel line a
/// nearest-pixel downscale dropped, or only its thick pieces left), or whose centre
/// is more than a sixth of a square off the others' line, takes its place on the
/// straight line fitted (least squares) through the lines seen: its refined centre
/// came from the edges of the marks beside it, and put the squares' middles off
/// their marks' (crosses read as stars).
fn place(refined: &[(f32, u32)], samples: usize, p: f32) -> Vec<f32> {
    let strong = |&(_, top): &(f32, u32)| top as usize * 2 >= samples;
    let seen: Vec<(f32, f32)> = refined
        .iter()
        .enumerate()
        .filter(|(_, l)| strong(l))
        .map(|(k, &(x, _))| (k as f32, x))
        .collect();
    if seen.len() < 2 {
        return refined.iter().map(|&(x, _)| x).collect();
    }
    let m = seen.len() as f32;
    let (sk, sx) = seen
        .iter()
        .fold((0.0, 0.0), |(a, b), &(k, x)| (a + k, b + x));
    let (mk, mx) = (sk / m, sx / m);
    let (num, den) = seen.iter().fold((0.0, 0.0), |(a, b), &(k, x)| {
        (a + (k - mk) * (x - mx), b + (k - mk) * (k - mk))
    });
    let slope = if den > 0.0 { num / den } else { p };
    refined
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let fit = mx + slope * (k as f32 - mk);
            if strong(l) && (l.0 - fit).abs() <= p / 6.0 {
                l.0
            } else {
                fit
            }
        })
        .collect()
}

/// The grid inside `b`, if its lattice is supported: of side `size` when given, else
/// the largest side that fits.
pub(crate) fn lattice(e: &Edges, img: &Pixels, b: BoxPx, size: Option<usize>) -> Option<Grid> {
    let (dx, dy) = (b.x1 - b.x0, b.y1 - b.y0);
    let sides: Vec<usize> = match size {
        Some(n) => vec![n],
        None => SIDES.collect(),
    };
    let sides: Vec<usize> = sides
        .into_iter()
        .filter(|&n| (1..=25).contains(&n) && dx.min(dy) as f32 / n as f32 >= MIN_PITCH)
        .collect();
    if sides.is_empty() {
        return None;
    }
    let sv = support(&e.v, (b.x0, b.x1), (b.y0, b.y1), &sides, false);
    let sh = support(&e.h, (b.y0, b.y1), (b.x0, b.x1), &sides, true);
    let pv = profile(&e.v, (b.x0, b.x1), (b.y0, b.y1), false);
    let ph = profile(&e.h, (b.y0, b.y1), (b.x0, b.x1), true);
    let n = sides.iter().rev().copied().find(|&n| {
        supported(&sv[n], &sh[n], n) && !lines_between(&pv, n) && !lines_between(&ph, n)
    })?;
    let (px, py) = (dx as f32 / n as f32, dy as f32 / n as f32);
    let rows: Vec<usize> = (0..n)
        .flat_map(|r| {
            let top = b.y0 as f32 + r as f32 * py;
            (1..8).map(move |j| (top + py * (0.3 + 0.4 * j as f32 / 8.0)) as usize)
        })
        .filter(|&y| y < img.h)
        .collect();
    let cols: Vec<usize> = (0..n)
        .flat_map(|c| {
            let left = b.x0 as f32 + c as f32 * px;
            (1..8).map(move |j| (left + px * (0.3 + 0.4 * j as f32 / 8.0)) as usize)
        })
        .filter(|&x| x < img.w)
        .collect();
    let xs: Vec<(f32, u32)> = (0..=n)
        .map(|k| {
            let c = b.x0 as f32 + k as f32 * px;
            refine(
                |x| rows.iter().filter(|&&y| e.v.get(x, y)).count() as u32,
                c,
                px,
                img.w,
            )
        })
        .collect();
    let ys: Vec<(f32, u32)> = (0..=n)
        .map(|k| {
            let c = b.y0 as f32 + k as f32 * py;
            refine(
                |y| cols.iter().filter(|&&x| e.h.get(x, y)).count() as u32,
                c,
                py,
                img.h,
            )
        })
        .collect();
    let (xs, ys) = (place(&xs, rows.len(), px), place(&ys, cols.len(), py));
    Some(Grid {
        n,
        outline: b,
        xs,
        ys,
    })
}

/// The grid of `img`: the largest candidate box whose lattice is supported.
pub(crate) fn find(img: &Pixels, size: Option<usize>) -> Result<Grid, String> {
    let no_grid = || {
        "no grid found in the picture (it needs a board of 4 to 25 squares a side, each at least 16 pixels, with lines between the squares)".to_string()
    };
    if img.w < MIN_RUN || img.h < MIN_RUN {
        return Err(no_grid());
    }
    let e = edges(img);
    let boxes = candidates(&e, img.w, img.h);
    // A board is square: of the largest boxes, the widest first and, of as wide, the
    // squarest (a white board on a white page makes a box with the bottom edge of
    // the text above it too, a little taller and so larger, whose lattice fails).
    let mut boxes: Vec<BoxPx> = boxes.into_iter().take(MAX_TRIES).collect();
    boxes.sort_by_key(|b| {
        let (w, h) = (b.x1 - b.x0, b.y1 - b.y0);
        (std::cmp::Reverse(w.min(h)), w.abs_diff(h))
    });
    for b in boxes {
        if let Some(g) = lattice(&e, img, b, size) {
            return Ok(g);
        }
    }
    match size {
        Some(n) => Err(format!(
            "no grid of {n}x{n} squares found in the picture (each square at least 16 pixels, with lines between the squares)"
        )),
        None => Err(no_grid()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lattice of side `m` laid over a true grid of side `n < m` shares only
    /// `gcd(m, n) - 1` of its inner lines with it each way: the rest must be more than
    /// the few lines a true lattice may miss, or a multiple of the side could be read.
    #[test]
    fn a_lattice_over_a_smaller_true_side_misses_more_lines_than_allowed() {
        fn gcd(a: usize, b: usize) -> usize {
            if b == 0 { a } else { gcd(b, a % b) }
        }
        for n in SIDES {
            for m in n + 1..=*SIDES.end() {
                let missing = 2 * ((m - 1) - (gcd(m, n) - 1));
                assert!(missing > missing_allowed(m), "{n} under {m}");
            }
        }
        // And a true lattice keeps every line but the few allowed, over both ways.
        assert!(supported(&[0.9, 0.0, 0.8], &[0.9, 0.9, 0.7], 4));
        assert!(supported(&[0.9, 0.0, 0.8], &[0.9, 0.4, 0.7], 4));
        assert!(!supported(&[0.9, 0.0, 0.1], &[0.9, 0.4, 0.7], 4));
        assert!(!supported(&[], &[], 4));
    }

    /// Draws one-pixel lines of a side `n` grid of `pitch` pixels (its outline
    /// included), black on white.
    fn lattice_picture(n: usize, pitch: usize) -> (usize, Vec<u8>) {
        let w = n * pitch + 1;
        let mut rgba = vec![255u8; w * w * 4];
        for y in 0..w {
            for x in 0..w {
                if x % pitch == 0 || y % pitch == 0 {
                    rgba[(y * w + x) * 4..(y * w + x) * 4 + 3].fill(0);
                }
            }
        }
        (w, rgba)
    }

    /// Over a clean drawn grid of any side, a lattice of any other side is refused:
    /// a multiple misses lines, a divisor (or any coarser side) has lines between its
    /// own; the true side is taken.
    #[test]
    fn only_the_true_side_fits_a_drawn_grid() {
        for n in SIDES {
            for pitch in [12, 17, 30] {
                let (w, rgba) = lattice_picture(n, pitch);
                let img = Pixels::new(w, w, &rgba);
                let e = edges(&img);
                let b = BoxPx {
                    x0: 0,
                    y0: 0,
                    x1: w - 1,
                    y1: w - 1,
                };
                for m in SIDES {
                    let got = lattice(&e, &img, b, Some(m)).map(|g| g.n);
                    let want = (m == n).then_some(n);
                    assert_eq!(got, want, "side {n}, pitch {pitch}, lattice {m}");
                }
            }
        }
    }
}
