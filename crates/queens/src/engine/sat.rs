//! The SAT engine: the problem as CNF ([`crate::sat::encode`]), solved by CaDiCaL
//! ([`crate::sat::solver`]).
//!
//! - `solve`: one solver call; the model's piece variables are the placement.
//! - `enumerate`: after each model, a *blocking clause* over the piece variables that
//!   are true in it (`¬x₁ ∨ … ∨ ¬xₙ`) is added and the solver called again, until the
//!   formula is unsatisfiable. Every solution has the same number of pieces, so another
//!   solution must leave out one of these pieces: the clause removes exactly the
//!   placement just found, and each placement comes out once. The solver is
//!   incremental, so what it learnt is kept from call to call.
//! - `count`: enumeration, one solver call per solution. That is slow for large counts
//!   (12 queens: 14,200 solutions in about 3 to 7 s, where the exact engine takes 0.2 s),
//!   so `auto` never counts or enumerates with it; it is there to cross-check the
//!   other engines and for problems they cannot take.
//!
//! Where it pays: finding *one* solution of a hard problem, where clause learning prunes
//! what backtracking explores again and again. Measured (`bench/sat.sh`, figures in `bench/sat.md`):
//! 30 queens in 0.2 s (exact: 15 s), 64 queens in 3 s (exact: over a minute), completion
//! instances at N = 40 to 64 in 0.1 to 0.3 s each (exact: up to 22 s). So `auto` picks it
//! for `solve` on boards of [`AUTO_MIN_SQUARES`] squares or more. The order of solutions
//! is CaDiCaL's, deterministic but unrelated to the exact engine's order.
//!
//! In `ENGINES` it stands after the dedicated queens engines (`construct`, `complete`) and
//! before `exact`, so `auto` gives it the large boards those do not take. Without the
//! `sat` feature it is not built in, and naming it is refused with one sentence.

use std::ops::ControlFlow;

use num_bigint::BigUint;

use super::{Control, Count, Declaration, Engine, Job, List, Run, Sink, Solve};
use crate::error::Error;
use crate::problem::{Placement, Problem};
use crate::sat::encode::{Encoding, MAX_PIECE_VARS};
use crate::sat::solver::Solver;

/// From this many squares on, `auto` finds one solution with the SAT engine.
pub const AUTO_MIN_SQUARES: u64 = 400;

/// The SAT engine (see the [module docs](self)).
pub struct SatEngine;

/// A job the SAT engine accepted: a problem within [`MAX_PIECE_VARS`] variables.
struct Sat;

impl List for Sat {
    fn enumerate(&self, problem: &Problem, ctl: &Control, sink: &mut Sink) -> Result<(), Error> {
        let encoding = Encoding::new(problem)?;
        let stop = || ctl.cancelled();
        let mut solver = Solver::new(encoding.cnf(), Some(&stop));
        let pieces = encoding.piece_vars() as i32;
        let mut block = Vec::new();
        while solver.solve()? {
            block.clear();
            block.extend((1..=pieces).filter(|&v| solver.value(v)).map(|v| -v));
            let placement = encoding.decode(|v| solver.value(v as i32));
            if sink(&placement).is_break() {
                break;
            }
            if ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            if block.is_empty() {
                // The empty placement was the only solution (no pieces to place).
                break;
            }
            solver.block(&block);
        }
        Ok(())
    }
}

impl Engine for SatEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::Sat.as_str(),
            summary: "any mix of kinds as CNF, solved by CaDiCaL (counts by listing every solution)",
            jobs: &[Job::Solve, Job::Enumerate, Job::Count],
            handles_terrain: true,
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, job: Job) -> Result<Run<'p>, String> {
        let kinds = problem.pieces().iter().filter(|p| p.count > 0).count() as u64;
        let b = problem.board();
        if kinds * b.squares() > MAX_PIECE_VARS {
            return Err(format!(
                "the {b} board is too large for the sat engine, which takes at most {MAX_PIECE_VARS} (kind, square) variables"
            ));
        }
        Ok(match job {
            Job::Enumerate => Run::List(Box::new(Sat)),
            Job::Count => Run::Count(Box::new(Sat)),
            _ => Run::Solve(Box::new(Sat)),
        })
    }

    /// One solution on a board of [`AUTO_MIN_SQUARES`] or more: there the exact engine's
    /// backtracking can take minutes (30 queens: 15 s; 20×20 `20B,10R`: over 30 s) where
    /// the solver takes under a second, and where backtracking is instant the solver
    /// loses at most about 0.15 s. Never `count` or `enumerate`: one solver call per
    /// solution is far slower than backtracking there.
    fn auto_picks(&self, problem: &Problem, job: Job) -> bool {
        job == Job::Solve && problem.board().squares() >= AUTO_MIN_SQUARES
    }
}

impl Solve for Sat {
    fn solve(&self, problem: &Problem, ctl: &Control) -> Result<Option<Placement>, Error> {
        super::first_listed(self, problem, ctl)
    }
}

impl Count for Sat {
    fn count(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        let mut n = 0u64;
        self.enumerate(problem, ctl, &mut |_| {
            n += 1;
            ControlFlow::Continue(())
        })?;
        Ok(n.into())
    }
}
