//! The `nqueens` engine: a dedicated counter for plain N-queens (`n` queens on `n × n`,
//! or `min(R, C)` queens on `R × C`, nothing fixed), far faster than the general
//! backtracker; its own searches also give the count up to symmetry (the backtracker's
//! classes, or the join's total with the rotation-fixed solutions).
//!
//! Why a separate engine: plain N-queens is the one problem people count at sizes
//! where hours of CPU time are at stake, so it earns a search with no generality left
//! in the hot loop, symmetry used to the full, and runs that survive being killed
//! or split over machines ([`resume`], on [`crate::engine::parts`]).
//!
//! - [`plan`]: the deterministic task list and the symmetry classes;
//! - [`join`]: the half-board join, the fast method for totals on square boards;
//! - [`kernel`]: the bitboard inner loops of the backtracking search;
//! - [`enumerate`]: every solution, streamed in the `exact` engine's order;
//! - [`resume`]: checkpoints, shards and merging of partial results;
//! - `orbits::rotations` (beside the engines): the rotation-symmetric solutions, and from them and the total the
//!   count up to symmetry (Burnside);
//! - this module: the engine; its tasks run on the engine-wide driver
//!   [`crate::engine::parts::run_tasks`].
//!
//! ```text
//! use queens::engine::nqueens::{count, Tally};
//! use queens::Control;
//! assert_eq!(count(8, 8, &Control::default()).unwrap(), Tally { total: 92, unique: 12 });
//! ```
//!
//! # What it takes
//! `Job::Count`, `Job::CountParts` and `Job::Enumerate` on `Problem::is_plain_queens`
//! problems with sides up to 64: it stands before `exact` in `ENGINES`, so `auto` sends
//! exactly those here and everything else on. It counts without listing
//! (`Engine::counts_fast`), so a count stands in for a search where only existence
//! matters. Listing counts no steps: with a step budget `auto` lists with `exact`, and
//! naming `nqueens` is refused.
//!
//! # A count in parts, end to end
//! `queens count N --json/--checkpoint/--shard/--method` (the CLI's `parts` module) calls
//! `engine::count_parts` (job `CountParts`) → `select` → the prepared
//! `NQueens::count_parts` → the method (`--method`, else that of an existing checkpoint,
//! else `Join` for a square up to 21 and `Backtrack` for rectangles and larger squares) → `Plan::with_method` → the plan as
//! `resume::NQueensParts` on `engine::parts::run` (loads the checkpoint, picks the
//! shard's tasks, skips finished ones) → `run_tasks` → for a whole join count, the unique
//! count from the total (`orbits::rotations::unique_from_total`).
//!
//! Measured figures (against the reference counter, Q(19) to Q(21), the join's design
//! choices and what was tried and dropped): `bench/nqueens.md`.

pub mod enumerate;
pub mod join;
pub mod kernel;
pub mod plan;
pub mod resume;

pub(crate) use crate::engine::parts::fnv1a;

use std::ops::ControlFlow;

use num_bigint::BigUint;

pub use plan::{Method, Plan};

use super::parts::run_tasks;
use super::{Control, Count, CountParts, Declaration, Engine, Honours, Job, List, Run, Sink};
use crate::board::Square;
use crate::error::Error;
use crate::perm::EMPTY;
use crate::piece::PieceKind;
use crate::problem::{Piece, Placement, Problem};

/// The dedicated N-queens counter (see the [module docs](self)).
pub struct NQueensEngine;

impl Engine for NQueensEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::NQueens.as_str(),
            summary: "plain N-queens counter: half-board join or symmetric backtracking, checkpoints and shards; streamed listing",
            jobs: &[Job::Count, Job::CountParts, Job::Enumerate],
            honours: Honours::PARALLEL,
            ..Default::default()
        }
    }

    fn counts_fast(&self) -> bool {
        // It lists solutions too, but counts without listing them.
        true
    }

    fn prepare<'p>(&self, problem: &'p Problem, job: Job) -> Result<Run<'p>, String> {
        if !problem.is_plain_queens() {
            let does = if job == Job::Enumerate {
                "lists"
            } else {
                "counts"
            };
            return Err(format!(
                "the nqueens engine only {does} plain N-queens (min(rows, cols) queens, nothing fixed)"
            ));
        }
        let b = problem.board();
        Plan::check(b.rows(), b.cols()).map_err(|e| e.to_string())?;
        let board = Box::new(NQueens {
            rows: b.rows(),
            cols: b.cols(),
        });
        Ok(match job {
            Job::Enumerate => Run::List(board),
            Job::CountParts => Run::Parts(board),
            _ => Run::Count(board),
        })
    }
}

/// A job the N-queens engine accepted: plain N-queens on `rows × cols`, a board its
/// plans take.
struct NQueens {
    rows: u32,
    cols: u32,
}

impl List for NQueens {
    fn enumerate(&self, problem: &Problem, ctl: &Control, sink: &mut Sink) -> Result<(), Error> {
        let queen = PieceKind::queen();
        self.enumerate_perm(problem, ctl, &mut |ranks| {
            let pieces = ranks
                .iter()
                .enumerate()
                .filter(|&(_, &r)| r != EMPTY)
                .map(|(f, &r)| Piece {
                    kind: queen.clone(),
                    square: Square::new(f as u32, r),
                })
                .collect();
            sink(&Placement::new(pieces))
        })
    }

    fn enumerate_perm(
        &self,
        _problem: &Problem,
        ctl: &Control,
        sink: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        enumerate::for_each(self.rows, self.cols, ctl, sink)
    }
}

impl Count for NQueens {
    fn count(&self, _problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        Ok(count_total(self.rows, self.cols, ctl)?.into())
    }

    fn count_unique(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        let parts = super::Parts {
            unique: true,
            ..Default::default()
        };
        let report = self.count_parts(problem, ctl, &parts)?;
        Ok(report.unique.unwrap_or_default())
    }
}

impl CountParts for NQueens {
    fn count_parts(
        &self,
        _problem: &Problem,
        ctl: &Control,
        parts: &super::Parts,
    ) -> Result<super::PartsReport, Error> {
        let (rows, cols) = (self.rows, self.cols);
        let method = match parts.method {
            Some(m) => m,
            None => {
                // Else the method of an existing checkpoint, else the fastest.
                let best = Plan::total_method(rows, cols);
                match parts
                    .checkpoint
                    .as_deref()
                    .and_then(crate::engine::parts::checkpoint_method)
                {
                    Some(m) if m == Method::Backtrack || m == best => m,
                    _ => best,
                }
            }
        };
        let plan = resume::NQueensParts::new(Plan::with_method(rows, cols, method)?);
        crate::engine::parts::count_in_parts(&plan, ctl, parts)
    }
}

/// Boards up to this side are counted by one plain search, without a plan: 10 queens
/// take a few hundred microseconds that way, and 8 a few.
const DIRECT_SIDE: u32 = 10;

/// Boards up to this side are counted on the calling thread: the whole count takes less
/// than starting a worker (12 queens: about a millisecond).
const ONE_THREAD_SIDE: u32 = 12;

/// Counts the solutions of `min(rows, cols)` queens on `rows × cols`, in all only, by
/// the fastest method ([`Plan::total_method`]: the half-board join on squares up to
/// [`join::MAX_JOIN_SIDE`]), on `ctl.threads` threads.
///
/// ```text
/// use queens::engine::nqueens::count_total;
/// use queens::Control;
/// assert_eq!(count_total(10, 10, &Control::default()).unwrap(), 724);
/// assert_eq!(count_total(5, 7, &Control::default()).unwrap(), 164);
/// ```
pub fn count_total(rows: u32, cols: u32, ctl: &Control) -> Result<u128, Error> {
    if rows.max(cols) <= DIRECT_SIDE {
        // Planning tasks (and the join's tables) would cost more than the search.
        // The mirror image of a solution with its first queen in the left half has it
        // in the right half: count the left half twice, and the middle file once.
        let (short, long) = (rows.min(cols) as usize, rows.max(cols));
        let mut masks = [(1u64 << long) - 1; kernel::MAX_SIDE];
        masks[0] = (1u64 << (long / 2)) - 1;
        // Microseconds: nothing to poll.
        let left = kernel::count_completions(&masks, short, 0, (0, 0, 0), None);
        let middle = if long % 2 == 1 {
            masks[0] = 1u64 << (long / 2);
            kernel::count_completions(&masks, short, 0, (0, 0, 0), None)
        } else {
            Some(0)
        };
        let (Some(left), Some(middle)) = (left, middle) else {
            return Err(Error::Internal(
                "the N-queens loops stopped without being asked to".into(),
            ));
        };
        return Ok(u128::from(2 * left + middle));
    }
    let plan = Plan::with_method(rows, cols, Plan::total_method(rows, cols))?;
    let all: Vec<usize> = (0..plan.len()).collect();
    let mut sum = 0u128;
    let small = Control { threads: 1, ..*ctl };
    let ctl = if rows.max(cols) <= ONE_THREAD_SIDE {
        &small
    } else {
        ctl
    };
    let plan = resume::NQueensParts::new(plan);
    run_tasks(&plan, &all, ctl, &mut |_, t| {
        sum += t.total;
        Ok(())
    })?;
    Ok(sum)
}

#[cfg(test)]
/// Counts the solutions of `min(rows, cols)` queens on `rows × cols`: in all and up to
/// the board's symmetries (by the backtracking search, the method that gives both), on
/// `ctl.threads` threads, with progress reports.
pub fn count(rows: u32, cols: u32, ctl: &Control) -> Result<plan::Tally, Error> {
    let plan = Plan::new(rows, cols)?;
    let all: Vec<usize> = (0..plan.len()).collect();
    let mut sum = plan::Tally::default();
    let plan = resume::NQueensParts::new(plan);
    run_tasks(&plan, &all, ctl, &mut |_, t| {
        sum += t;
        Ok(())
    })?;
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn threads_agree_with_one_thread() {
        let on = |threads| Control {
            threads,
            ..Control::default()
        };
        let one = count(11, 11, &on(1)).unwrap();
        let three = count(11, 11, &on(3)).unwrap();
        assert_eq!(
            one,
            plan::Tally {
                total: 2680,
                unique: 341
            }
        );
        assert_eq!(one, three);
    }

    #[test]
    fn cancelling_stops_with_interrupted() {
        let stop = AtomicBool::new(true);
        let ctl = Control::stopped_by(&stop);
        assert_eq!(count(12, 12, &ctl), Err(Error::Interrupted));
    }

    // Moved from tests/it/nqueens.rs: the plans are internal.
    #[test]
    fn join_agrees_with_the_backtracker_task_by_task_sums() {
        for n in 1..=12u32 {
            let join = Plan::join(n).unwrap();
            let back = Plan::new(n, n).unwrap();
            assert_eq!(
                (join.method(), back.method()),
                (Method::Join, Method::Backtrack)
            );
            assert_eq!(join.run_all().total, back.run_all().total, "n={n}");
            assert_eq!(
                join.run_all().unique,
                0,
                "the join leaves the unique count out"
            );
            assert_ne!(join.fingerprint(), back.fingerprint());
            assert_eq!(join.fingerprint(), Plan::join(n).unwrap().fingerprint());
        }
        assert_eq!(Plan::total_method(16, 16), Method::Join);
        assert_eq!(Plan::total_method(21, 21), Method::Join);
        assert_eq!(Plan::total_method(22, 22), Method::Backtrack);
        assert_eq!(Plan::join(24).unwrap().method(), Method::Join);
        assert!(Plan::join(25).is_err());
        assert_eq!(Plan::total_method(8, 9), Method::Backtrack);
        assert!(Plan::with_method(8, 9, Method::Join).is_err());
    }
}
