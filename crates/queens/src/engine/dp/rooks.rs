//! Rooks by closed form: `k` non-attacking rooks on `m × n` stand on `k` distinct rows and
//! `k` distinct columns, matched one to one, so there are `C(m,k) · C(n,k) · k!` ways.
//!
//! Accepts one kind whose moves are exactly the rook's (orthogonal unlimited slides), on
//! any board, with no fixed pieces.

use num_bigint::BigUint;

use super::{binomial, moves_like, single_kind};
use crate::engine::{Control, Count, Declaration, Engine, Job, Run};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::Problem;

/// The closed-form rook counter (see the [module docs](self)).
pub struct RooksEngine;

/// `C(m,k) · C(n,k) · k!`: the number of ways to put `k` non-attacking rooks on `m × n`.
///
/// ```text
/// use queens::engine::dp::rooks::rook_placements;
/// assert_eq!(rook_placements(8, 8, 8), 40320u32.into());
/// assert_eq!(rook_placements(3, 5, 3), 60u32.into());
/// assert_eq!(rook_placements(3, 5, 4), 0u32.into());
/// ```
pub fn rook_placements(m: u64, n: u64, k: u64) -> BigUint {
    if k > m.min(n) {
        return BigUint::from(0u32);
    }
    let mut f = BigUint::from(1u32);
    for i in 2..=k {
        f *= i;
    }
    binomial(m, k) * binomial(n, k) * f
}

impl Engine for RooksEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: "rooks",
            summary: "one rook-like kind alone, counted by a closed formula (any board)",
            jobs: &[Job::Count],
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, _job: Job) -> Result<Run<'p>, String> {
        match single_kind(problem) {
            Some((kind, _)) if moves_like(kind, &PieceKind::rook()) => {
                Ok(Run::Count(Box::new(Rooks)))
            }
            _ => Err("the rooks engine counts one rook-like kind with nothing fixed".into()),
        }
    }
}

/// A count the rooks engine accepted: one rook-like kind alone.
struct Rooks;

impl Count for Rooks {
    fn count(&self, problem: &Problem, _ctl: &Control) -> Result<BigUint, Error> {
        let b = problem.board();
        let k = problem.total_pieces();
        Ok(rook_placements(b.rows() as u64, b.cols() as u64, k))
    }
}
