//! The solutions that a rotation of the board maps onto themselves, counted by a search
//! that places whole orbits of queens at once; with the total they give the count up
//! to symmetry by Burnside's lemma ([`unique_from_total`]), so that the join, which
//! only counts totals, answers `--unique` as well.
//!
//! Burnside: the number of classes is the average, over the 8 symmetries of the square,
//! of the number of solutions each one fixes. The identity fixes all `Q(n)`; the
//! quarter turns fix `F90` each and the half turn `F180`. No reflection fixes a
//! solution once `n >= 2`: a solution fixed by the mirror through the middle column has
//! each queen's row also holding its mirror image, so every queen would stand on the
//! middle column (the mirror through the middle row likewise, by columns); one fixed
//! by the transposition is an involution of the rows, whose fixed points lie on the
//! main diagonal (at most one queen there) and whose swapped pairs `(i, j)`, `(j, i)`
//! share an anti-diagonal (for the anti-transposition, the pairs share a diagonal and
//! the fixed points the anti-diagonal). Hence `unique = (Q + F180 + 2 F90) / 8` for
//! `n >= 2`.
//!
//! Symmetric solutions are rare (F180(18) is 18104 against 666090624 in all)
//! and the search places two or four queens per step, so it takes a small fraction of
//! the total's time.
//!
//! A sum that does not divide by 8 is reported as an error, never printed. The parts
//! machinery (`resume`) fills the unique count in for a whole count when asked (`--unique`,
//! `--json`; a plain total skips it), and `merge` for a complete shard set (a join
//! shard's own unique count is 0).

/// A rotation of the square board about its centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// By 180 degrees: `(r, c)` to `(n-1-r, n-1-c)`.
    Half,
    /// By 90 degrees: `(r, c)` to `(c, n-1-r)`.
    Quarter,
}

/// Largest side [`fixed_by`] handles (diagonals in a `u64`).
pub const MAX_SIDE: usize = 32;

/// The solutions of `n` queens on `n × n` that `turn` maps onto themselves, for
/// `1 <= n <=` [`MAX_SIDE`] (`None` otherwise).
///
/// ```text
/// use queens::engine::orbits::rotations::{fixed_by, Turn};
/// // Of the 92 solutions on 8 x 8, 4 (one class) are symmetric under the half turn.
/// assert_eq!(fixed_by(8, Turn::Half), Some(4));
/// assert_eq!(fixed_by(4, Turn::Quarter), Some(2));
/// ```
pub fn fixed_by(n: usize, turn: Turn) -> Option<u128> {
    if n == 0 || n > MAX_SIDE {
        return None;
    }
    let mut s = Search {
        n,
        turn,
        rows: 0,
        cols: 0,
        d1: 0,
        d2: 0,
    };
    Some(s.count())
}

/// The number of solutions up to rotation and reflection, from the total `total` of
/// `n` queens on `n × n` (see the [module docs](self)); `None` where `n` is out of
/// [`fixed_by`]'s range or `total` is not the total (the sum would not divide by 8).
///
/// ```text
/// use queens::engine::orbits::rotations::unique_from_total;
/// assert_eq!(unique_from_total(8, 92), Some(12));
/// assert_eq!(unique_from_total(8, 93), None);
/// ```
pub fn unique_from_total(n: usize, total: u128) -> Option<u128> {
    let half = fixed_by(n, Turn::Half)?;
    let quarter = fixed_by(n, Turn::Quarter)?;
    // On 1 x 1 every symmetry fixes the one solution, the 4 reflections too.
    let reflections = if n == 1 { 4 } else { 0 };
    let sum = total + half + 2 * quarter + reflections;
    sum.is_multiple_of(8).then_some(sum / 8)
}

/// A placement of whole orbits, one row (the lowest empty one) at a time.
struct Search {
    n: usize,
    turn: Turn,
    rows: u64,
    cols: u64,
    /// Diagonals `r - c + n - 1` and anti-diagonals `r + c` in use.
    d1: u64,
    d2: u64,
}

impl Search {
    fn count(&mut self) -> u128 {
        let n = self.n;
        let empty = !self.rows & ((1u64 << n) - 1);
        if empty == 0 {
            return 1;
        }
        let r = empty.trailing_zeros() as usize;
        let mut found = 0;
        for c in 0..n {
            let Some(orbit) = self.orbit(r, c) else {
                continue;
            };
            let (rows, cols, d1, d2) = orbit;
            self.rows |= rows;
            self.cols |= cols;
            self.d1 |= d1;
            self.d2 |= d2;
            found += self.count();
            self.rows ^= rows;
            self.cols ^= cols;
            self.d1 ^= d1;
            self.d2 ^= d2;
        }
        found
    }

    /// The rows, columns and diagonals of the orbit of `(r, c)`, if its queens can
    /// join the placement: they attack neither it nor each other.
    fn orbit(&self, r: usize, c: usize) -> Option<(u64, u64, u64, u64)> {
        let m = self.n - 1;
        // The quarter turn's orbit; the half turn's is its first two squares.
        let quarter = [(r, c), (m - r, m - c), (c, m - r), (m - c, r)];
        let squares = match self.turn {
            Turn::Half => &quarter[..2],
            Turn::Quarter => &quarter[..],
        };
        let (mut rows, mut cols, mut d1, mut d2) = (0u64, 0u64, 0u64, 0u64);
        for (i, &(y, x)) in squares.iter().enumerate() {
            if squares[..i].contains(&(y, x)) {
                continue; // the centre, its own image
            }
            let (br, bc, b1, b2) = (1 << y, 1 << x, 1 << (y + m - x), 1 << (y + x));
            // A clash with the placement or with an earlier queen of the orbit.
            if (self.rows | rows) & br != 0
                || (self.cols | cols) & bc != 0
                || (self.d1 | d1) & b1 != 0
                || (self.d2 | d2) & b2 != 0
            {
                return None;
            }
            rows |= br;
            cols |= bc;
            d1 |= b1;
            d2 |= b2;
        }
        Some((rows, cols, d1, d2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::nqueens::kernel;

    /// Every solution of `n` queens, as the column of each row.
    fn all_solutions(n: usize) -> Vec<Vec<usize>> {
        let masks = [(1u64 << n) - 1; kernel::MAX_SIDE];
        let mut out = Vec::new();
        kernel::visit_solutions(&masks, n, &[], None, |cols| {
            out.push(cols.iter().map(|&c| usize::from(c)).collect());
            1
        });
        out
    }

    #[test]
    fn fixed_counts_match_brute_force() {
        for n in 1..=10 {
            let sols = all_solutions(n);
            let m = n - 1;
            // The image of a solution (as the column of each row) under each turn.
            let half = |s: &Vec<usize>| (0..n).map(|r| m - s[m - r]).collect::<Vec<_>>();
            let quarter = |s: &Vec<usize>| {
                let mut t = vec![0; n];
                for (r, &c) in s.iter().enumerate() {
                    t[c] = m - r;
                }
                t
            };
            let want_half = sols.iter().filter(|s| half(s) == **s).count() as u128;
            let want_quarter = sols.iter().filter(|s| quarter(s) == **s).count() as u128;
            assert_eq!(fixed_by(n, Turn::Half), Some(want_half), "n={n}");
            assert_eq!(fixed_by(n, Turn::Quarter), Some(want_quarter), "n={n}");
        }
    }

    #[test]
    fn unique_counts_match_a002562() {
        let total = [1u128, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
        let unique = [1u128, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233];
        for (i, (&t, &u)) in total.iter().zip(&unique).enumerate() {
            assert_eq!(unique_from_total(i + 1, t), Some(u), "n={}", i + 1);
        }
        assert_eq!(fixed_by(0, Turn::Half), None);
        assert_eq!(fixed_by(MAX_SIDE + 1, Turn::Half), None);
    }

    use crate::truth_rows::plain_square_rows;

    // Moved from tests/it/nqueens.rs: `unique_from_total` is internal.
    #[test]
    fn burnside_gives_a002562_from_a000170_up_to_19() {
        // The rotation-symmetric solutions (`fixed_by`) at sizes the join counts by
        // hand only: the published totals and unique counts must agree.
        let totals = plain_square_rows("known_counts.tsv");
        let mut seen = 0;
        for (n, want) in plain_square_rows("known_counts_symmetry.tsv") {
            if !(15..=19).contains(&n) {
                continue;
            }
            let total = totals.iter().find(|t| t.0 == n).unwrap().1;
            let got = unique_from_total(n as usize, total);
            assert_eq!(got, Some(want), "{n}x{n}");
            assert_eq!(unique_from_total(n as usize, total + 8), Some(want + 1));
            seen += 1;
        }
        assert_eq!(seen, 5);
    }
}
