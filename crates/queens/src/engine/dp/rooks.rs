//! Rooks by closed form: `k` non-attacking rooks on `m × n` stand on `k` distinct rows and
//! `k` distinct columns, matched one to one, so there are `C(m,k) · C(n,k) · k!` ways.
//!
//! Accepts one kind whose moves are exactly the rook's (orthogonal unlimited slides), on
//! any board, with no fixed pieces.

use num_bigint::BigUint;

use super::{moves_like, single_kind};
use crate::engine::{Control, Count, Declaration, Engine, Job, Run};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::Problem;

/// The closed-form rook counter (see the [module docs](self)).
pub struct RooksEngine;

/// `C(m,k) · C(n,k) · k!`: the number of ways to put `k` non-attacking rooks on `m × n`,
/// or `None` when `stop` said so first: it is asked every 1024 factors, as 10^5 rooks
/// take seconds of big-integer products.
pub fn rook_placements(m: u64, n: u64, k: u64, stop: &dyn Fn() -> bool) -> Option<BigUint> {
    if k > m.min(n) {
        return Some(BigUint::from(0u32));
    }
    let polled = |i: u64| !i.is_multiple_of(1024) || !stop();
    // C(m, k) · C(n, k) · k! = m!/(m-k)! · C(n, k), each step of the binomial exact.
    let mut acc = BigUint::from(1u32);
    for i in 0..k {
        if !polled(i) {
            return None;
        }
        acc *= m - i;
    }
    let j = k.min(n - k);
    let mut b = BigUint::from(1u32);
    for i in 0..j {
        if !polled(i) {
            return None;
        }
        b *= n - i;
        b /= i + 1;
    }
    Some(acc * b)
}

impl Engine for RooksEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::Rooks.as_str(),
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
    fn count(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        let b = problem.board();
        let k = problem.total_pieces();
        rook_placements(b.rows() as u64, b.cols() as u64, k, &|| ctl.cancelled())
            .ok_or(Error::Interrupted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_form_matches_small_counts_and_stops_when_asked() {
        let never = &|| false;
        assert_eq!(rook_placements(8, 8, 8, never), Some(40320u32.into()));
        assert_eq!(rook_placements(3, 5, 3, never), Some(60u32.into()));
        assert_eq!(rook_placements(5, 7, 3, never), Some(2100u32.into()));
        assert_eq!(rook_placements(3, 5, 4, never), Some(0u32.into()));
        for (m, n, k) in [(6u64, 9u64, 4u64), (9, 6, 5), (7, 7, 0)] {
            let want = super::super::binomial(m, k)
                * super::super::binomial(n, k)
                * (1..=k).product::<u64>();
            assert_eq!(rook_placements(m, n, k, never), Some(want));
        }
        assert_eq!(rook_placements(5000, 5000, 5000, &|| true), None);
    }
}
