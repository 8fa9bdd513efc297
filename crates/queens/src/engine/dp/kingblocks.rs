//! The most kings a `2m × 2n` board holds, `m·n`, counted block row by block row.
//!
//! # Why one king per block
//! Cut the board into `m·n` blocks of 2×2. Two kings in one block attack each other, so
//! `m·n` kings means exactly one per block. A block's king is at the top (`T`) or bottom
//! (`B`) and on the left (`L`) or right (`R`) of its block.
//!
//! # Which neighbours conflict
//! Only kings of neighbouring blocks can touch. In one block row a block `R` followed by
//! a block `L` always touch, so every block row reads `L…LR…R`: it is given by its
//! *split* `s` (blocks `j < s` are `L`). In one block column a `T` below a `B` touch, so
//! going up a column stays `T` once it is `T`: the set of `T` columns only grows. Between
//! diagonal neighbours `(r, j)` and `(r+1, j±1)` the kings touch exactly when the lower
//! one is `T` and leans towards the upper one, which is `B` and leans back. With splits
//! `s` (lower row) and `s'` (upper row) and top sets `T ⊆ T'`, that forbids
//! - `j ∈ T, j+1 ∉ T'` for `j` in `s ..= s'-2` (lower `TR`, upper `BL`), and
//! - `j+1 ∈ T, j ∉ T'` for `j` in `s' ..= s-2` (lower `TL`, upper `BR`).
//!
//! # The transfer
//! The state after a block row is `(T, s)`: `2^n (n+1)` counts. Going up a row sums
//! `f(T, s)` over `T ⊆ T'` under the constraints above. Bit by bit this is a zeta
//! (subset-sum) transform where a bit in the constrained window may only go from old
//! `T_j = 1` if `T'_{j+1} = 1`; bits below `s` and from `s'` up are plain zeta steps
//! shared by all pairs `(s, s')`, so a row costs `O(n³ 2^n)` additions. The second
//! kind of window is the first one with the columns mirrored.
//!
//! Accepts: one kind moving exactly like a king, both sides even, exactly `rows·cols/4`
//! pieces, nothing fixed, the shorter side at most `2 ·` [`MAX_BLOCKS`].

// Splits and bits are indices into parallel tables; index loops say so most plainly.
#![allow(clippy::needless_range_loop)]

use num_bigint::BigUint;

use super::{Acc, Overflowed, moves_like, single_kind};
use crate::engine::{Control, Count, Declaration, Engine, Job, Run};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::Problem;

/// The most blocks along the shorter side (tables of `2^n (n+1)` counts).
pub const MAX_BLOCKS: u32 = 18;

/// The block-row counter for `m·n` kings on `2m × 2n` (see the [module docs](self)).
pub struct KingBlocksEngine;

/// Zeta step on bit `b`: `out[x] = Σ in[y]` over `y ⊆ x` differing at most in bit `b`.
fn zeta_bit<T: Acc>(a: &mut [T], b: usize) -> Result<(), Overflowed> {
    let bit = 1usize << b;
    for block in a.chunks_mut(2 * bit) {
        let (lo, hi) = block.split_at_mut(bit);
        T::add_slice(hi, lo)?;
    }
    Ok(())
}

/// Constrained step on bit `b` (reading the still-old bit `b - 1`): an old `T_{b-1} = 1`
/// needs a new `T'_b = 1`.
fn chain_bit<T: Acc>(a: &mut [T], b: usize) -> Result<(), Overflowed> {
    let bit = 1usize << b;
    for block in a.chunks_mut(2 * bit) {
        let (lo, hi) = block.split_at_mut(bit);
        T::add_slice(hi, lo)?;
        // New bit b clear with old bit b-1 set: the upper half of the lower half.
        for v in &mut lo[bit / 2..] {
            *v = T::zero();
        }
    }
    Ok(())
}

fn add_into<T: Acc>(dst: &mut [T], src: &[T]) -> Result<(), Overflowed> {
    T::add_slice(dst, src)
}

/// The windows `j ∈ T, j+1 ∉ T'` for `j in s..=s'-2`: adds into `g[s']` the sum over
/// `s ≤ s' - 2` of the constrained transform of `f[s]`. It asks `ctl` before each pass
/// over the table: at 18 blocks one call takes seconds, a pass milliseconds.
fn lean_right<T: Acc>(
    f: &[Vec<T>],
    g: &mut [Vec<T>],
    n: usize,
    ctl: &Control,
) -> Result<Result<(), Overflowed>, Error> {
    let poll = || {
        if ctl.cancelled() {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    };
    for s in 0..n.saturating_sub(1) {
        // Bits below s are plain zeta steps, shared by every s'.
        let mut base = f[s].clone();
        for b in 0..s {
            poll()?;
            if let Err(o) = zeta_bit(&mut base, b) {
                return Ok(Err(o));
            }
        }
        for s2 in s + 2..=n {
            let mut a = base.clone();
            // Window bits from the top down: s2-1 ..= s+1 constrained, s plain.
            for b in (s + 1..s2).rev() {
                poll()?;
                if let Err(o) = chain_bit(&mut a, b) {
                    return Ok(Err(o));
                }
            }
            // Bits from s2 up are plain zeta steps; applied once per s2 below.
            if let Err(o) = zeta_bit(&mut a, s).and_then(|()| add_into(&mut g[s2], &a)) {
                return Ok(Err(o));
            }
        }
    }
    Ok(Ok(()))
}

fn reverse_bits(x: usize, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        x.reverse_bits() >> (usize::BITS as usize - n)
    }
}

fn mirrored<T: Acc>(f: &[Vec<T>], n: usize) -> Vec<Vec<T>> {
    // Column j becomes n-1-j; a split s becomes n-s (L and R swap sides).
    (0..=n)
        .map(|s| {
            let src = &f[n - s];
            (0..src.len())
                .map(|x| src[reverse_bits(x, n)].clone())
                .collect()
        })
        .collect()
}

fn count_blocks<T: Acc>(m: usize, n: usize, ctl: &Control) -> Result<Result<T, Overflowed>, Error> {
    let size = 1usize << n;
    // First block row: any top set, any split.
    let mut f: Vec<Vec<T>> = vec![vec![T::one(); size]; n + 1];
    macro_rules! tri {
        ($e:expr) => {
            match $e {
                Ok(v) => v,
                Err(o) => return Ok(Err(o)),
            }
        };
    }
    for row in 1..m {
        if ctl.cancelled() {
            return Err(Error::Interrupted);
        }
        // Constrained windows (zeta on the bits from s' up still to do).
        let mut right: Vec<Vec<T>> = vec![vec![T::zero(); size]; n + 1];
        tri!(lean_right(&f, &mut right, n, ctl)?);
        let fm = mirrored(&f, n);
        let mut left_m: Vec<Vec<T>> = vec![vec![T::zero(); size]; n + 1];
        tri!(lean_right(&fm, &mut left_m, n, ctl)?);
        let mut g: Vec<Vec<T>> = vec![vec![T::zero(); size]; n + 1];
        for s2 in 0..=n {
            if ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            for b in s2..n {
                tri!(zeta_bit(&mut right[s2], b));
            }
            tri!(add_into(&mut g[s2], &right[s2]));
            for b in s2..n {
                tri!(zeta_bit(&mut left_m[s2], b));
            }
        }
        let left = mirrored(&left_m, n);
        // Splits at most one apart: no diagonal can touch, a plain subset sum.
        let mut full = f;
        for a in full.iter_mut() {
            if ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            for b in 0..n {
                tri!(zeta_bit(a, b));
            }
        }
        for s2 in 0..=n {
            tri!(add_into(&mut g[s2], &left[s2]));
            for s in s2.saturating_sub(1)..=(s2 + 1).min(n) {
                tri!(add_into(&mut g[s2], &full[s]));
            }
        }
        f = g;
        ctl.report(row as u64, m as u64 - 1);
    }
    let mut total = T::zero();
    for a in &f {
        for v in a {
            tri!(total.add_from(v));
        }
    }
    Ok(Ok(total))
}

/// The number of ways to put `m·n` non-attacking kings on a `2m × 2n` board.
///
/// ```text
/// use queens::engine::dp::kingblocks::max_kings;
/// assert_eq!(max_kings(4, 4, &queens::Control::default()).unwrap(), 281571u32.into());
/// ```
pub fn max_kings(m: u32, n: u32, ctl: &Control) -> Result<BigUint, Error> {
    // Rows of blocks along the longer side; the shorter side gives the bit width.
    let (m, n) = (m.max(n) as usize, m.min(n) as usize);
    match count_blocks::<u128>(m, n, ctl)? {
        Ok(v) => Ok(BigUint::from(v)),
        Err(Overflowed) => match count_blocks::<BigUint>(m, n, ctl)? {
            Ok(v) => Ok(v),
            Err(Overflowed) => unreachable!("big integers do not overflow"),
        },
    }
}

impl Engine for KingBlocksEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::KingBlocks.as_str(),
            summary: "the most kings (rows*cols/4) on boards with even sides, counted block row by block row",
            jobs: &[Job::Count],
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, _job: Job) -> Result<Run<'p>, String> {
        let no = || {
            Err(format!(
                "the kingblocks engine counts rows*cols/4 kings on a board with even sides, \
                 the shorter at most {}",
                2 * MAX_BLOCKS
            ))
        };
        let b = problem.board();
        match single_kind(problem) {
            Some((kind, k))
                if moves_like(kind, &PieceKind::king())
                    && b.rows().is_multiple_of(2)
                    && b.cols().is_multiple_of(2)
                    && b.rows().min(b.cols()) <= 2 * MAX_BLOCKS
                    && b.rows().max(b.cols()) <= 1 << 16
                    && k as u64 * 4 == b.squares() =>
            {
                Ok(Run::Count(Box::new(KingBlocks)))
            }
            _ => no(),
        }
    }
}

/// A count the kingblocks engine accepted: `rows*cols/4` kings, even sides.
struct KingBlocks;

impl Count for KingBlocks {
    fn count(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        let b = problem.board();
        max_kings(b.rows() / 2, b.cols() / 2, ctl)
    }
}
