//! Bishops on square boards by the diagonals' rook polynomial.
//!
//! A bishop never leaves its colour, so light and dark squares are two independent
//! problems and the count for `k` bishops is `Σ light[a] · dark[k-a]`. On one colour a
//! placement is a choice of squares with at most one per diagonal (`rank - file`) and at
//! most one per anti-diagonal (`rank + file`): rooks on a board whose rows are the
//! diagonals and whose columns are the anti-diagonals.
//!
//! On an `n × n` board the diagonal `d = rank - file` meets the anti-diagonals
//! `|d| ..= 2n-2-|d|` of its parity: the ranges are *nested* (the shorter a diagonal, the
//! further inside the longer ones its range lies). Taking diagonals from shortest to
//! longest, a diagonal of `len` squares whose inner neighbours already hold `j-1`
//! bishops has exactly `len - (j-1)` free anti-diagonals, whichever those bishops use. So
//! `f[j] ← f[j] + f[j-1] · (len - j + 1)`, `O(n²)` big-integer steps in all.
//!
//! Rectangles break the nesting, so this engine takes square boards only (the exact
//! engine takes the rest).

use num_bigint::BigUint;
use num_traits::Zero;

use super::{moves_like, single_kind};
use crate::engine::{Control, Count, Declaration, Engine, Job, Run};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::Problem;

/// The diagonal rook-polynomial counter (see the [module docs](self)).
pub struct DiagonalsEngine;

/// The largest side the engine takes: the work grows about as `n^3` (`n^2` products
/// of numbers with `O(n)` digits), 4 s at `n = 800`, so past this a count would run
/// for minutes to hours.
pub const MAX_SIDE: u64 = 1000;

/// The number of ways to put `j` non-attacking bishops on an `n × n` board, for every
/// `j` up to `max_k` (8: 22522960 ways for 8 bishops, 256 for 14), asking `stop` now
/// and then; `None` once it says stop.
fn bishop_counts(n: u64, max_k: u64, stop: &dyn Fn() -> bool) -> Option<Vec<BigUint>> {
    let one_colour = |parity: u64| -> Option<Vec<BigUint>> {
        // Diagonal d has n - |d| squares; its squares have colour (rank + file) ≡ d.
        let mut lens: Vec<u64> = (0..n)
            .flat_map(|a| {
                if a == 0 { vec![n] } else { vec![n - a, n - a] }
                    .into_iter()
                    .map(move |l| (a, l))
            })
            .filter(|(a, _)| a % 2 == parity)
            .map(|(_, l)| l)
            .collect();
        lens.sort_unstable();
        let mut f = vec![BigUint::from(1u32)];
        for len in lens {
            if stop() {
                return None;
            }
            f.push(BigUint::zero());
            for j in (1..f.len()).rev() {
                let free = len + 1;
                if free > j as u64 {
                    let add = &f[j - 1] * (free - j as u64);
                    f[j] += add;
                }
            }
        }
        Some(f)
    };
    let light = one_colour(0)?;
    let dark = one_colour(1)?;
    let counts = (0..=max_k)
        .map(|k| {
            if stop() {
                return None;
            }
            let mut s = BigUint::zero();
            for a in 0..=k as usize {
                let b = k as usize - a;
                if a < light.len() && b < dark.len() {
                    s += &light[a] * &dark[b];
                }
            }
            Some(s)
        })
        .collect::<Option<Vec<BigUint>>>()?;
    Some(counts)
}

impl Engine for DiagonalsEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::Diagonals.as_str(),
            summary: "one bishop-like kind alone on a square board, counted by the diagonals' rook polynomial",
            jobs: &[Job::Count],
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, _job: Job) -> Result<Run<'p>, String> {
        match single_kind(problem) {
            Some((kind, k))
                if moves_like(kind, &PieceKind::bishop()) && problem.board().is_square() =>
            {
                let n = u64::from(problem.board().rows());
                if n > MAX_SIDE {
                    return Err(format!(
                        "the diagonals engine counts on sides up to {MAX_SIDE} (its work grows as the cube of the side), and this board's is {n}"
                    ));
                }
                Ok(Run::Count(Box::new(Diagonals { n, k: u64::from(k) })))
            }
            _ => Err(
                "the diagonals engine counts one bishop-like kind on a square board with nothing fixed"
                    .into(),
            ),
        }
    }
}

/// A count the diagonals engine accepted: `k` bishop-like pieces on `n × n`.
struct Diagonals {
    n: u64,
    k: u64,
}

impl Count for Diagonals {
    fn count(&self, _problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        let (n, k) = (self.n, self.k);
        if k > 2 * n {
            return Ok(BigUint::zero());
        }
        let counts = bishop_counts(n, k, &|| ctl.cancelled()).ok_or(Error::Interrupted)?;
        Ok(counts.into_iter().last().unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_by_eight() {
        let c = bishop_counts(8, 14, &|| false).unwrap();
        assert_eq!(c[8], 22522960u32.into());
        assert_eq!(c[14], 256u32.into());
    }
}
