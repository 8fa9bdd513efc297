//! The construction engine: one solution of plain N-queens written down directly, in
//! O(N) time and memory, for every board that has one.
//!
//! Backtracking for the *first* solution in order blows up around N = 30, yet explicit
//! solutions have been known since the 19th century. This module uses the closed forms
//! of E. J. Hoffman, J. C. Loessi and R. C. Moore, "Constructions for the Solution of
//! the m Queens Problem", Mathematics Magazine 42(2), 1969, as summarised by
//! B. Bernhardsson, "Explicit solutions to the N-queens problem for all N", SIGART
//! Bulletin 2(2), 1991. With files and ranks counted from 1 and `m = N / 2`, N even:
//!
//! - N mod 6 ≠ 2: queens on `(i, 2i)` and `(m + i, 2i − 1)` for `i = 1..m`;
//! - N mod 6 ≠ 0 (here: N mod 6 = 2): with `t = (2i + m − 3) mod N`, queens on
//!   `(i, 1 + t)` and `(N + 1 − i, N − t)` for `i = 1..m`.
//!
//! For odd N the even solution for N − 1 leaves the main diagonal empty, so a queen on
//! `(N, N)` completes it. N = 2 and 3 have no solution.
//!
//! A rectangular `R × C` board holds `min(R, C)` queens: the square solution for the
//! short side fits in a corner (attacks do not depend on the board's size). Short sides
//! of 2 and 3 have small hand-checked patterns when the long side is longer.
//!
//! # When it runs
//! Plain queens and `solve` only, from a short side of 12 (`AUTO_FROM_SIDE`) or on boards
//! beyond `exact`'s 4096 squares: the first-in-order search blows up on larger boards
//! (`bench/hugen.md`), so small boards keep `exact`'s first-in-order answer and larger
//! ones get the construction (`auto_picks`); named, it constructs on any board. It takes
//! no step budget: it does not search. On a square board
//! written as `perm` the ranks are streamed (`square_rank`, through `write_perm`), so
//! `queens solve 100000000` needs a few MB. The tests check every N ≤ 3000 and large N
//! of every residue with a validity check written independently in the test.

use super::{Control, Declaration, Engine, Job, Run, Solve};
use crate::board::Board;
use crate::error::Error;
use crate::perm::{EMPTY, Perm};
use crate::problem::{Placement, Problem};

/// Boards whose short side is below this are left to the exact engine under `auto`, so
/// that small boards keep their first-in-order answer; from here on the backtracker's
/// first-solution search can take seconds (N = 30 takes twelve).
pub const AUTO_FROM_SIDE: u32 = 12;

/// The construction engine (see the [module docs](self)).
pub struct ConstructEngine;

/// One solution of `n` queens on `n × n`: the 0-based rank on each file, or `None` for
/// n = 2 and 3.
///
/// ```text
/// use queens::engine::construct::square;
/// assert_eq!(square(4), Some(vec![1, 3, 0, 2]));
/// assert_eq!(square(3), None);
/// ```
pub fn square(n: u32) -> Option<Vec<u32>> {
    if n == 2 || n == 3 {
        return None;
    }
    Some((0..n).map(|f| square_rank(n, f)).collect())
}

/// The 0-based rank of the queen on 0-based `file` in [`square`]'s solution of `n`
/// queens (n ≠ 2, 3; `file < n`): the construction needs no memory at all, which lets
/// the command line stream 10^8 queens.
///
/// ```text
/// use queens::engine::construct::{square, square_rank};
/// assert!((0..20).all(|f| square_rank(20, f) == square(20).unwrap()[f as usize]));
/// ```
pub fn square_rank(n: u32, file: u32) -> u32 {
    debug_assert!(n != 2 && n != 3 && file < n);
    if n % 2 == 1 && file == n - 1 {
        return n - 1;
    }
    // 1-based (file, rank) pairs of the even solution, written as 0-based ranks.
    let e = (n - n % 2) as u64;
    let m = e / 2;
    let f = file as u64;
    let rank = if e % 6 != 2 {
        // (i, 2i) and (m + i, 2i - 1)
        if f < m { 2 * f + 1 } else { 2 * (f - m) }
    } else {
        // (i, 1 + t) and (e + 1 - i, e - t), t = (2i + m - 3) mod e
        let i = if f < m { f + 1 } else { e - f };
        let t = (2 * i + m - 3) % e;
        if f < m { t } else { e - 1 - t }
    };
    rank as u32
}

/// One solution of `min(rows, cols)` queens on `board`, or `None` when there is none
/// (2×2 and 3×3 only).
///
/// ```text
/// use queens::{Board, engine::construct::construct};
/// let p = construct(Board::new(3, 5).unwrap()).unwrap();
/// assert!(p.is_valid() && p.queens() == 3);
/// assert!(construct(Board::square(3).unwrap()).is_none());
/// ```
pub fn construct(board: Board) -> Option<Perm> {
    let short = board.rows().min(board.cols());
    let long = board.rows().max(board.cols());
    // `along[i]`: the long-side coordinate of the queen on short-side line i.
    let along: Vec<u32> = match (short, long) {
        (2, l) if l >= 3 => vec![0, 2],
        (3, l) if l >= 4 => vec![2, 0, 3],
        _ => square(short)?,
    };
    let ranks = if board.cols() <= board.rows() {
        along
    } else {
        let mut ranks = vec![EMPTY; board.cols() as usize];
        for (i, &f) in along.iter().enumerate() {
            ranks[f as usize] = i as u32;
        }
        ranks
    };
    Some(Perm::new(board, ranks).expect("constructed ranks lie on the board"))
}

impl Engine for ConstructEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::Construct.as_str(),
            summary: "an explicit N-queens solution by formula, O(N), any size",
            jobs: &[Job::Solve, Job::SolvePerm],
            ..Default::default()
        }
    }

    /// Small boards keep `exact`'s first-in-order answer under `auto` (policy: named,
    /// the construction runs on any board).
    fn auto_picks(&self, problem: &Problem, _job: Job) -> bool {
        let b = problem.board();
        b.rows().min(b.cols()) >= AUTO_FROM_SIDE || b.squares() > super::exact::MAX_SQUARES
    }

    fn prepare<'p>(&self, problem: &'p Problem, _job: Job) -> Result<Run<'p>, String> {
        if !problem.is_plain_queens() {
            return Err(
                "the construct engine only solves plain queens (min(rows, cols) queens, nothing fixed)"
                    .into(),
            );
        }
        #[cfg(target_pointer_width = "32")]
        let b = problem.board();
        #[cfg(target_pointer_width = "32")]
        crate::perm::fits_32(b.rows().min(b.cols()), "construct")?;
        Ok(Run::Solve(Box::new(Construct)))
    }
}

/// A solve the construction accepted: plain queens.
struct Construct;

impl Solve for Construct {
    fn solve(&self, problem: &Problem, ctl: &Control) -> Result<Option<Placement>, Error> {
        let b = *problem.board();
        let width = 4 * b.rows().max(4);
        if b.cols() > width {
            // Far wider than tall: a solution on the left `width` files is one of the
            // whole board, and needs no rank per file (one queen on 1 x 10^9 took 4 GB).
            return Ok(construct(Board::new(b.rows(), width)?).map(|p| p.to_placement()));
        }
        Ok(self.solve_perm(problem, ctl)?.map(|p| p.to_placement()))
    }

    fn write_perm(
        &self,
        problem: &Problem,
        ctl: &Control,
        out: &mut dyn std::io::Write,
    ) -> Result<bool, Error> {
        let b = problem.board();
        let n = b.rows();
        if !(b.is_square() && n >= 4) {
            return match self.solve_perm(problem, ctl)? {
                Some(p) => p
                    .write_text(out)
                    .map(|()| true)
                    .map_err(|e| Error::io("cannot write the solution", e)),
                None => Ok(false),
            };
        }
        // Rank by rank from the formula: no memory for the answer at any size.
        crate::perm::write_text_with(n as usize, |f| square_rank(n, f as u32), out)
            .map_err(|e| Error::io("cannot write the solution", e))?;
        Ok(true)
    }

    fn solve_perm(&self, problem: &Problem, _ctl: &Control) -> Result<Option<Perm>, Error> {
        // No search: the time is O(N), within any budget worth setting.
        Ok(construct(*problem.board()))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    #[test]
    fn every_square_board_up_to_300() {
        for n in 1..=300 {
            match square(n) {
                None => assert!(n == 2 || n == 3),
                Some(r) => {
                    let p = Perm::new(Board::square(n).unwrap(), r).unwrap();
                    assert!(p.is_valid(), "n = {n}");
                    assert_eq!(p.queens(), n as usize);
                }
            }
        }
    }

    #[test]
    fn rectangles() {
        for r in 1..=12 {
            for c in 1..=12 {
                let b = Board::new(r, c).unwrap();
                match construct(b) {
                    None => assert!((r, c) == (2, 2) || (r, c) == (3, 3), "{b}"),
                    Some(p) => {
                        assert!(p.is_valid(), "{b}");
                        assert_eq!(p.queens() as u32, r.min(c), "{b}");
                    }
                }
            }
        }
    }

    // ---- Moved from tests/it/hugen.rs: sides under 12, and the rectangles, which the
    // construct engine leaves to the exact engine under its declared rules, reach the
    // construction only through these functions. ----

    /// Independent of the library: ranks per file (EMPTY = none) are non-attacking.
    /// (Also the oracle of `complete`'s tests.)
    pub(in crate::engine) fn independent_valid(rows: usize, ranks: &[u32]) -> bool {
        let cols = ranks.len();
        let mut rank = vec![false; rows];
        let mut d1 = vec![false; rows + cols];
        let mut d2 = vec![false; rows + cols];
        for (f, &r) in ranks.iter().enumerate() {
            if r == EMPTY {
                continue;
            }
            let r = r as usize;
            assert!(r < rows, "rank off the board");
            if rank[r] || d1[f + r] || d2[f + rows - r] {
                return false;
            }
            rank[r] = true;
            d1[f + r] = true;
            d2[f + rows - r] = true;
        }
        true
    }

    /// The sides the construct engine leaves to the exact engine (tests/it/hugen.rs checks
    /// 12 to 3000 through the engine).
    #[test]
    fn construction_is_valid_for_every_n_under_12() {
        for n in 1..AUTO_FROM_SIDE {
            match square(n) {
                None => assert!(n == 2 || n == 3, "no solution claimed for {n}"),
                Some(r) => {
                    assert_eq!(r.len(), n as usize);
                    assert!(independent_valid(n as usize, &r), "n = {n}");
                }
            }
        }
    }

    #[test]
    fn construction_fills_rectangles() {
        for (r, c) in [
            (1, 9),
            (2, 3),
            (3, 4),
            (4, 3),
            (2, 100),
            (3, 1000),
            (7, 70_000),
            (90, 13),
        ] {
            let p = construct(Board::new(r, c).unwrap()).unwrap();
            assert!(independent_valid(r as usize, p.ranks()), "{r}x{c}");
            assert_eq!(p.queens() as u32, r.min(c), "{r}x{c}");
        }
        assert!(construct(Board::square(2).unwrap()).is_none());
        assert!(construct(Board::new(3, 3).unwrap()).is_none());
    }
}
