//! What is drawn on a square: a star (a queen, a crown), a cross, or nothing.
//!
//! The apps draw marks in the middle of a square, in a colour far from the square's
//! own, so the reader looks only at the middle (the central 56% each way) and counts
//! the pixels far from the square's colour ("ink"). Almost no ink: empty. Otherwise the
//! ink out from the centre along the axes is weighed against the ink along the
//! diagonals (away from the centre, where a small cross, blurred, inks the axes too):
//! a cross (or a dot) lies on the diagonals only; a crown, a star or a queen reaches
//! out along the axes about as far, on average or in its most inked direction.

use super::Drawn;
use super::colour::{Rgb, rgb_distance};
use super::grid::Pixels;

/// A pixel this far from the square's colour (channel sum) is ink.
const INK: u32 = 100;
/// Below this share of inked pixels in the middle the square is empty.
const EMPTY: f32 = 0.03;
/// Below this ratio of the mean ink along the axes to the mean ink along the
/// diagonals (and below [`MOST`]), a mark is a cross. Both thresholds were set on the
/// rendered set of tests/it/rendered.rs, whose marks they split best.
const RATIO: f32 = 0.74;
/// Below this ratio of the ink along the most inked axis to the ink along the most
/// inked diagonal (and below [`RATIO`]), a mark is a cross.
const MOST: f32 = 0.84;

/// A square's extent in the picture's continuous coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cell {
    pub x0: f32,
    pub x1: f32,
    pub y0: f32,
    pub y1: f32,
}

impl Cell {
    /// Pixels whose centres lie in the part `u0..u1` by `v0..v1` of the square (0 is
    /// its left or top edge, 1 the other), every `step`-th each way, with their
    /// positions `(u, v)`.
    pub(crate) fn pixels(
        &self,
        (u0, u1): (f32, f32),
        (v0, v1): (f32, f32),
        step: usize,
    ) -> impl Iterator<Item = (usize, usize, f32, f32)> + '_ {
        let (w, h) = (self.x1 - self.x0, self.y1 - self.y0);
        let xa = (self.x0 + u0 * w).ceil().max(0.0) as usize;
        let xb = (self.x0 + u1 * w).floor().max(0.0) as usize;
        let ya = (self.y0 + v0 * h).ceil().max(0.0) as usize;
        let yb = (self.y0 + v1 * h).floor().max(0.0) as usize;
        (ya..yb).step_by(step.max(1)).flat_map(move |y| {
            (xa..xb).step_by(step.max(1)).map(move |x| {
                let u = (x as f32 + 0.5 - self.x0) / w;
                let v = (y as f32 + 0.5 - self.y0) / h;
                (x, y, u, v)
            })
        })
    }

    /// The smaller of its width and height.
    pub(crate) fn side(&self) -> f32 {
        (self.x1 - self.x0).min(self.y1 - self.y0)
    }
}

/// The colour at `(x, y)` in continuous coordinates, interpolated between the four
/// nearest pixel centres.
fn sample(img: &Pixels, x: f32, y: f32) -> [f32; 3] {
    let fx = (x - 0.5).clamp(0.0, (img.w - 1) as f32);
    let fy = (y - 0.5).clamp(0.0, (img.h - 1) as f32);
    let (x0, y0) = (fx as usize, fy as usize);
    let (x1, y1) = ((x0 + 1).min(img.w - 1), (y0 + 1).min(img.h - 1));
    let (tx, ty) = (fx - x0 as f32, fy - y0 as f32);
    let (a, b, c, d) = (
        img.at(x0, y0),
        img.at(x1, y0),
        img.at(x0, y1),
        img.at(x1, y1),
    );
    let mut out = [0.0; 3];
    for ch in 0..3 {
        let top = a[ch] as f32 * (1.0 - tx) + b[ch] as f32 * tx;
        let bot = c[ch] as f32 * (1.0 - tx) + d[ch] as f32 * tx;
        out[ch] = top * (1.0 - ty) + bot * ty;
    }
    out
}

/// The mark in `cell`, whose own colour is `bg`, and how sure the reading is (0 to 1).
pub(crate) fn read(img: &Pixels, cell: &Cell, bg: Rgb) -> (Drawn, f32) {
    let (lo, hi) = (0.22, 0.78);
    let step = (cell.side() / 48.0) as usize + 1;
    let (mut ink, mut all, mut contrast) = (0u32, 0u32, 0u32);
    for (x, y, _, _) in cell.pixels((lo, hi), (lo, hi), step) {
        all += 1;
        let d = rgb_distance(img.at(x, y), bg);
        ink += (d > INK) as u32;
        contrast = contrast.max(d);
    }
    let cover = ink as f32 / all.max(1) as f32;
    if cover < EMPTY {
        // Sure when nearly bare; unsure close to the threshold.
        return (Drawn::Empty, (1.0 - cover / EMPTY).clamp(0.0, 1.0).max(0.5));
    }
    // How much ink lies out from the centre along the axes, against along the
    // diagonals (14 to 24% of the side out, within 6 degrees of each direction; each
    // sample's ink is its distance from the square's colour over the mark's). A cross
    // lies on the diagonals; a crown or a star reaches out along the axes as much.
    // Not nearer the centre: there a small cross's strokes, blurred or scaled, are
    // within a pixel or two of the axes and would ink them.
    let (cx, cy) = ((cell.x0 + cell.x1) / 2.0, (cell.y0 + cell.y1) / 2.0);
    let side = cell.side();
    let bgf = bg.map(|v| v as f32);
    let weigh = |angle: f32| -> f32 {
        let mut sum = 0.0;
        for k in 0..6 {
            let r = side * (0.14 + 0.02 * k as f32);
            for off in [-0.1f32, 0.0, 0.1] {
                let (sn, cs) = (angle + off).sin_cos();
                let c = sample(img, cx + r * cs, cy + r * sn);
                let d: f32 = (0..3).map(|ch| (c[ch] - bgf[ch]).abs()).sum();
                sum += (d / contrast.max(1) as f32).min(1.0);
            }
        }
        sum / 18.0
    };
    let quarter = std::f32::consts::FRAC_PI_2;
    let axes: Vec<f32> = (0..4).map(|k| weigh(k as f32 * quarter)).collect();
    let diagonals: Vec<f32> = (0..4).map(|k| weigh((k as f32 + 0.5) * quarter)).collect();
    let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len() as f32;
    let most = |v: &[f32]| v.iter().copied().fold(0.0f32, f32::max);
    // Two ratios: the means (a crown reaches out along three axes, and only its lower
    // diagonals are inked) and the most inked direction each way (a five-pointed
    // star's one upward point, its other points off the axes). A cross is low on
    // both, as it is the same in every direction; a solid mark is high on one.
    let by_mean = mean(&axes) / mean(&diagonals).max(1e-3);
    let by_most = most(&axes) / most(&diagonals).max(1e-3);
    let sure_ink = ((cover - EMPTY) / EMPTY).clamp(0.0, 1.0);
    let margin = ((by_mean - RATIO) / 0.1).max((by_most - MOST) / 0.1);
    if margin < 0.0 {
        (Drawn::Cross, sure_ink.min((-margin).clamp(0.0, 1.0)))
    } else {
        (Drawn::Star, sure_ink.min(margin.clamp(0.0, 1.0)))
    }
}
