//! What is drawn on a square: a star (a queen, a crown), a cross, or nothing.
//!
//! The apps draw marks in the middle of a square, in a colour far from the square's
//! own, so the reader looks only at the middle (the central 56% each way) and counts
//! the pixels far from the square's colour ("ink"). Almost no ink: empty. A cross puts
//! its ink on the two diagonals and leaves the rest of the middle bare; a star, a crown
//! or a queen is a solid shape that fills much of the middle off the diagonals too.

use super::Drawn;
use super::colour::{Rgb, rgb_distance};

/// A pixel this far from the square's colour (channel sum) is ink.
const INK: u32 = 100;
/// Below this share of inked pixels in the middle the square is empty.
const EMPTY: f32 = 0.03;
/// Below this share of inked pixels on the arms of the plus sign, a mark is a cross.
const ARMS: f32 = 0.08;

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

/// The mark in `cell`, whose own colour is `bg`, and how sure the reading is (0 to 1).
pub(crate) fn read(img: &super::grid::Pixels, cell: &Cell, bg: Rgb) -> (Drawn, f32) {
    let (lo, hi) = (0.22, 0.78);
    let step = (cell.side() / 48.0) as usize + 1;
    // All ink in the middle, and the ink on the four arms of a plus sign around the
    // centre (within 0.05 of an axis, 0.17 to 0.27 out), where a cross, drawn on the
    // diagonals, never reaches, and a crown or a star always does.
    let (mut ink, mut all, mut arm_ink, mut arm_all) = (0u32, 0u32, 0u32, 0u32);
    for (x, y, u, v) in cell.pixels((lo, hi), (lo, hi), step) {
        all += 1;
        let inked = rgb_distance(img.at(x, y), bg) > INK;
        ink += inked as u32;
        let (du, dv) = ((u - 0.5).abs(), (v - 0.5).abs());
        let (near, far) = (du.min(dv), du.max(dv));
        if near < 0.05 && (0.17..0.27).contains(&far) {
            arm_all += 1;
            arm_ink += inked as u32;
        }
    }
    let cover = ink as f32 / all.max(1) as f32;
    let arms = arm_ink as f32 / arm_all.max(1) as f32;
    if std::env::var_os("PICTURE_DEBUG").is_some() {
        eprintln!(
            "mark {:.0} {:.0}: cover {cover:.3} arms {arms:.3}",
            cell.x0, cell.y0
        );
    }
    if cover < EMPTY {
        // Sure when nearly bare; unsure close to the threshold.
        return (Drawn::Empty, (1.0 - cover / EMPTY).clamp(0.0, 1.0).max(0.5));
    }
    let sure_ink = ((cover - EMPTY) / EMPTY).clamp(0.0, 1.0);
    if arms < ARMS {
        (
            Drawn::Cross,
            sure_ink.min(((ARMS - arms) / 0.05).clamp(0.0, 1.0)),
        )
    } else {
        (
            Drawn::Star,
            sure_ink.min(((arms - ARMS) / 0.05).clamp(0.0, 1.0)),
        )
    }
}
