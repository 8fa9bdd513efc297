//! Regions from two kinds of evidence: the squares' colours and the borders between
//! them.
//!
//! Every pair of neighbouring squares is judged on its own, which keeps a colour
//! gradient across the picture harmless (neighbours differ by little even where the
//! two ends of a region do not):
//! - colour: the OKLab distance between the two squares' colours, below [`SAME`] the
//!   same, above [`DIFFERENT`] different, between them unsure;
//! - border: the "ink" across the line between them (the sum, over the pixels of the
//!   line's cross-section, of how far each is from both squares' colours, a median over
//!   the rows along the line). Blurring or scaling the picture keeps the sum, so a thick
//!   border stays several times a thin line's. On a coloured board the threshold lies
//!   between the median inks of the pairs the colours call different and of the
//!   others, and the borders count only if they agree with the colours nearly
//!   everywhere (so a few odd windows cannot split a region); on a black-and-white
//!   board it is the widest ratio between sorted neighbours that cuts the board into
//!   as many regions as its side (of the three widest, widest first).
//!
//! Squares joined by "same" pairs make the regions (union-find, so two regions of one
//! colour that do not touch stay two). A pair the evidence cannot settle ends the
//! reading with one sentence naming it.

use super::colour::{Lab, Rgb, rgb_distance};
use super::grid::{Grid, Pixels};

/// Colours closer than this (OKLab) are one region's.
pub const SAME: f32 = 0.025;
/// Colours farther apart than this are two regions'.
pub const DIFFERENT: f32 = 0.05;
/// The least ratio between the thick and the thin borders' inks.
const THICK_RATIO: f32 = 1.8;

/// The regions read: one number per square in picture order (top row first), numbered
/// by first appearance, and how sure each square's reading is.
pub(crate) struct Split {
    pub region: Vec<usize>,
    pub count: usize,
    pub confidence: Vec<f32>,
}

/// A pair of neighbouring squares (picture indices `row * n + column`).
#[derive(Clone, Copy)]
struct Pair {
    a: usize,
    b: usize,
}

/// What one kind of evidence says of a pair.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Says {
    Same,
    Different,
    Unsure,
}

/// The ink across the line between the two squares of `pair`.
fn border_ink(img: &Pixels, g: &Grid, colours: &[Rgb], pair: Pair) -> f32 {
    let n = g.n;
    let (ra, ca) = (pair.a / n, pair.a % n);
    let (ca_rgb, cb_rgb) = (colours[pair.a], colours[pair.b]);
    let horizontal_pair = pair.b == pair.a + 1; // side by side: a vertical line
    let p = g.pitch();
    let half = (p * 0.15).max(2.0);
    let mut inks: Vec<u32> = Vec::new();
    let far = |c: Rgb| rgb_distance(c, ca_rgb).min(rgb_distance(c, cb_rgb));
    if horizontal_pair {
        let x = g.xs[ca + 1];
        let (y0, y1) = (g.ys[ra], g.ys[ra + 1]);
        let (from, to) = (
            (x - half).max(0.0) as usize,
            ((x + half) as usize).min(img.w - 1),
        );
        let mut y = y0 + (y1 - y0) * 0.25;
        let dy = ((y1 - y0) * 0.5 / 12.0).max(1.0);
        while y < y1 - (y1 - y0) * 0.25 {
            let yy = (y as usize).min(img.h - 1);
            inks.push((from..=to).map(|xx| far(img.at(xx, yy))).sum());
            y += dy;
        }
    } else {
        let y = g.ys[ra + 1];
        let (x0, x1) = (g.xs[ca], g.xs[ca + 1]);
        let (from, to) = (
            (y - half).max(0.0) as usize,
            ((y + half) as usize).min(img.h - 1),
        );
        let mut x = x0 + (x1 - x0) * 0.25;
        let dx = ((x1 - x0) * 0.5 / 12.0).max(1.0);
        while x < x1 - (x1 - x0) * 0.25 {
            let xx = (x as usize).min(img.w - 1);
            inks.push((from..=to).map(|yy| far(img.at(xx, yy))).sum());
            x += dx;
        }
    }
    if inks.is_empty() {
        return 0.0;
    }
    let mid = inks.len() / 2;
    *inks.select_nth_unstable(mid).1 as f32
}

/// The name of picture square `i` on an `n x n` board, algebraic (`a1` bottom left).
pub(crate) fn name(n: usize, i: usize) -> String {
    let (r, c) = (i / n, i % n);
    crate::Square::new(c as u32, (n - 1 - r) as u32).to_string()
}

/// The number of regions that joining the pairs `says` calls the same makes.
fn components(n: usize, pairs: &[Pair], says: &[(Says, f32)]) -> usize {
    let mut parent: Vec<usize> = (0..n * n).collect();
    let mut count = n * n;
    for (p, s) in pairs.iter().zip(says) {
        if s.0 == Says::Same {
            let (a, b) = (root(&mut parent, p.a), root(&mut parent, p.b));
            if a != b {
                parent[a] = b;
                count -= 1;
            }
        }
    }
    count
}

fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// The regions of the grid `g` whose squares have colours `colours` (picture order).
pub(crate) fn split(img: &Pixels, g: &Grid, colours: &[Rgb]) -> Result<Split, String> {
    let n = g.n;
    let labs: Vec<Lab> = colours.iter().map(|&c| Lab::from_rgb(c)).collect();
    let mut pairs = Vec::with_capacity(2 * n * (n - 1));
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            if c + 1 < n {
                pairs.push(Pair { a: i, b: i + 1 });
            }
            if r + 1 < n {
                pairs.push(Pair { a: i, b: i + n });
            }
        }
    }
    let pair_name = |p: &Pair| format!("{} and {}", name(n, p.a), name(n, p.b));

    // Colour.
    let dist: Vec<f32> = pairs
        .iter()
        .map(|p| labs[p.a].distance(&labs[p.b]))
        .collect();
    let colour: Vec<(Says, f32)> = dist
        .iter()
        .map(|&d| {
            let mid = (SAME + DIFFERENT) / 2.0;
            let sure = ((d - mid).abs() / ((DIFFERENT - SAME) / 2.0)).clamp(0.0, 1.0);
            if d < SAME {
                (Says::Same, sure)
            } else if d > DIFFERENT {
                (Says::Different, sure)
            } else {
                (Says::Unsure, sure)
            }
        })
        .collect();
    let colours_tell = colour.iter().any(|c| c.0 == Says::Different);

    // Borders.
    let inks: Vec<f32> = pairs
        .iter()
        .map(|&p| border_ink(img, g, colours, p))
        .collect();
    let logs: Vec<f32> = inks.iter().map(|&k| (k + 30.0).ln()).collect();
    // Where thick begins, in log ink, and half the distance between the two groups.
    let cut = if colours_tell {
        // The colours say which pairs are two regions': their borders' inks against
        // the others'. (A dropped thin line, as a nearest-pixel downscale makes, or a
        // border a pixel thinner than the rest, then cannot pose as the gap.)
        let median = |want: Says| {
            let mut v: Vec<f32> = logs
                .iter()
                .zip(&colour)
                .filter(|(_, c)| c.0 == want)
                .map(|(&l, _)| l)
                .collect();
            v.sort_by(f32::total_cmp);
            (v.len() >= 2).then(|| v[v.len() / 2])
        };
        match (median(Says::Same), median(Says::Different)) {
            (Some(same), Some(diff)) if diff - same >= THICK_RATIO.ln() => {
                Some(((same + diff) / 2.0, (diff - same) / 2.0))
            }
            _ => None,
        }
    } else {
        None
    };
    // Without colours: the widest ratios between neighbours in sorted order, widest
    // first, each tried until one cuts the board into as many regions as its side.
    let mut sorted = logs.clone();
    sorted.sort_by(f32::total_cmp);
    let mut gaps: Vec<(f32, f32)> = sorted
        .windows(2)
        .map(|w| (w[1] - w[0], (w[0] + w[1]) / 2.0))
        .filter(|&(g, _)| g >= THICK_RATIO.ln())
        .collect();
    gaps.sort_by(|a, b| b.0.total_cmp(&a.0));
    let cuts: Vec<(f32, f32)> = match cut {
        Some(c) => vec![c],
        None if colours_tell => Vec::new(),
        None => gaps.iter().take(3).map(|&(g, c)| (c, g / 2.0)).collect(),
    };
    let classify = |(cut, half): (f32, f32)| -> Vec<(Says, f32)> {
        logs.iter()
            .map(|&l| {
                let sure = ((l - cut).abs() / half.max(1e-3)).clamp(0.0, 1.0);
                let says = if l > cut { Says::Different } else { Says::Same };
                (says, sure)
            })
            .collect()
    };
    let mut border = vec![(Says::Same, 0.0f32); pairs.len()];
    let mut borders_tell = false;
    for (k, &c) in cuts.iter().enumerate() {
        let b = classify(c);
        let count = components(n, &pairs, &b);
        if k == 0 || count == n {
            border = b;
            borders_tell = true;
        }
        if count == n {
            break;
        }
    }
    if borders_tell && colours_tell {
        // The thick borders must be where the colours change (nearly everywhere).
        let differ = colour.iter().filter(|c| c.0 == Says::Different).count();
        let agree = colour
            .iter()
            .zip(&border)
            .filter(|(c, b)| c.0 == Says::Different && b.0 == Says::Different)
            .count();
        borders_tell = agree * 10 >= differ * 9;
    }
    if !borders_tell && !colours_tell {
        return Err(
            "no regions seen: the squares are all one colour and no borders are thicker than the others"
                .into(),
        );
    }

    let mut parent: Vec<usize> = (0..n * n).collect();
    let mut pair_sure = vec![1.0f32; pairs.len()];
    // The least sure "different" decision, to name when the count is off.
    let mut weakest: Option<(f32, usize)> = None;
    for (k, p) in pairs.iter().enumerate() {
        let (cs, cc) = colour[k];
        let (bs, bc) = border[k];
        let (same, sure) = match (colours_tell, borders_tell) {
            (true, true) => match (cs, bs) {
                (Says::Different, Says::Same) => {
                    return Err(format!(
                        "{}: different colours but a thin line between them, so they cannot be placed in regions",
                        pair_name(p)
                    ));
                }
                (Says::Same, Says::Same) => (true, cc.max(bc)),
                (Says::Different, Says::Different) => (false, cc.max(bc)),
                (_, b) => (b == Says::Same, bc),
            },
            (true, false) => match cs {
                Says::Unsure => {
                    return Err(format!("{}: colours too close to tell apart", pair_name(p)));
                }
                s => (s == Says::Same, cc),
            },
            _ => (bs == Says::Same, bc),
        };
        if sure < 0.25 {
            return Err(format!(
                "{}: cannot tell whether a region border separates them",
                pair_name(p)
            ));
        }
        pair_sure[k] = sure;
        if same {
            let (ra, rb) = (root(&mut parent, p.a), root(&mut parent, p.b));
            parent[ra] = rb;
        } else if weakest.is_none_or(|(s, _)| sure < s) {
            weakest = Some((sure, k));
        }
    }
    let mut label = vec![usize::MAX; n * n];
    let mut region = vec![0usize; n * n];
    let mut count = 0;
    for (i, reg) in region.iter_mut().enumerate() {
        let r = root(&mut parent, i);
        if label[r] == usize::MAX {
            label[r] = count;
            count += 1;
        }
        *reg = label[r];
    }
    let mut confidence = vec![1.0f32; n * n];
    for (k, p) in pairs.iter().enumerate() {
        for i in [p.a, p.b] {
            confidence[i] = confidence[i].min(pair_sure[k]);
        }
    }
    if count != n {
        let hint = match (count > n, weakest) {
            (true, Some((_, k))) => format!(" (the least sure border: {})", pair_name(&pairs[k])),
            _ => String::new(),
        };
        return Err(format!(
            "{count} regions read on a {n}x{n} grid, but a puzzle has one region per row{hint}"
        ));
    }
    Ok(Split {
        region,
        count,
        confidence,
    })
}
