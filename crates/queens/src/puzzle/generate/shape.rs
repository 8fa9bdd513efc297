//! How compact a puzzle's regions are: each region's perimeter over the perimeter of
//! the most compact shape of its area.
//!
//! A region of `a` squares has a perimeter (edges between one of its squares and a
//! square outside it or the board's edge) of at least `2 * ceil(2 * sqrt(a))`: a
//! near-square of `s` by `t` squares with `s * t >= a` has perimeter `2 (s + t)`, and
//! `s + t >= 2 sqrt(a)` (the bound of Harary and Harborth, "Extremal animals", 1976,
//! for polyominoes: `2 ceil(2 sqrt(a))`). The ratio is 1 for squares and near-squares
//! (one square, dominoes, 2x2 blocks), about 1.6 for a straight line of ten, and 3 or
//! more for the long thin snakes and rings a generator draws when nothing stops it;
//! LinkedIn's 591 official levels stay at or under 2.08 (95th percentile), 2.57 (99th)
//! and 3.62 (worst), as measured in issue 40.
//!
//! ```
//! use queens::puzzle::generate::shape::ratios_of;
//! // 4x4, region 0 a 2x2 block (ratio 1), region 1 the L of 12 squares round it
//! // (perimeter 16 against 2 * ceil(2 * sqrt(12)) = 14).
//! let of = [0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
//! let r = ratios_of(4, &of);
//! assert_eq!(r[0], 1.0);
//! assert_eq!(r[1], 16.0 / 14.0);
//! ```

use super::super::Puzzle;

/// The least perimeter of `area` squares joined edge to edge: `2 * ceil(2 * sqrt(area))`.
pub fn least_perimeter(area: usize) -> usize {
    // ceil(2 sqrt(a)) = the least m with m * m >= 4a, in integers (no float rounding).
    let mut m = (2.0 * (area as f64).sqrt()) as usize;
    while m * m < 4 * area {
        m += 1;
    }
    while m > 0 && (m - 1) * (m - 1) >= 4 * area {
        m -= 1;
    }
    2 * m
}

/// The sides of square `i` of `of` (side `n`) on the board's edge or against another
/// region: its share of its region's perimeter.
fn outer_sides(n: usize, of: &[u8], i: usize) -> usize {
    let (r, c) = (i / n, i % n);
    let differs = |j: usize| of[j] != of[i];
    usize::from(r == 0 || differs(i - n))
        + usize::from(r + 1 == n || differs(i + n))
        + usize::from(c == 0 || differs(i - 1))
        + usize::from(c + 1 == n || differs(i + 1))
}

/// The perimeter ratio of every region of the `n` by `n` board whose region numbers
/// are `of` (`of[rank * n + file]`, regions `0..`), in region order; regions with no
/// square are left out.
pub fn ratios_of(n: usize, of: &[u8]) -> Vec<f64> {
    let regions = of.iter().map(|&g| g as usize + 1).max().unwrap_or(0);
    let mut area = vec![0usize; regions];
    let mut perimeter = vec![0usize; regions];
    for (i, &g) in of.iter().enumerate() {
        let g = g as usize;
        area[g] += 1;
        perimeter[g] += outer_sides(n, of, i);
    }
    area.iter()
        .zip(&perimeter)
        .filter(|(a, _)| **a > 0)
        .map(|(&a, &p)| p as f64 / least_perimeter(a) as f64)
        .collect()
}

/// The perimeter ratio of region `g` alone on the `n` by `n` board `of` (0 when it has
/// no square): what a move between two regions changes, without measuring the rest.
pub fn ratio_of(n: usize, of: &[u8], g: u8) -> f64 {
    let mut area = 0;
    let mut perimeter = 0;
    for (i, &h) in of.iter().enumerate() {
        if h != g {
            continue;
        }
        area += 1;
        perimeter += outer_sides(n, of, i);
    }
    if area == 0 {
        return 0.0;
    }
    perimeter as f64 / least_perimeter(area) as f64
}

/// The perimeter ratio of every region of `p`, in region order.
pub fn perimeter_ratios(p: &Puzzle) -> Vec<f64> {
    let n = p.side();
    let of: Vec<u8> = (0..n * n).map(|i| p.region(i) as u8).collect();
    ratios_of(n, &of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_perimeters_of_small_areas() {
        // 1: a square (4); 2: a domino (6); 3: an L or a line (8); 4: a 2x2 block (8);
        // 5, 6: 2x3 (10); 9: 3x3 (12); 10: 12 + 2 = 14.
        let want = [
            (1, 4),
            (2, 6),
            (3, 8),
            (4, 8),
            (5, 10),
            (6, 10),
            (9, 12),
            (10, 14),
        ];
        for (a, p) in want {
            assert_eq!(least_perimeter(a), p, "area {a}");
        }
    }

    #[test]
    fn a_snake_is_worse_than_a_block() {
        // 4x4: region 0 is the border ring (12 squares, perimeter 16 + 8 = 24), region 1
        // the 2x2 middle (perimeter 8).
        let mut of = vec![0u8; 16];
        for i in [5, 6, 9, 10] {
            of[i] = 1;
        }
        let r = ratios_of(4, &of);
        assert_eq!(r[1], 1.0);
        assert_eq!(r[0], 24.0 / 14.0);
    }
}
