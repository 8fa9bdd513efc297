//! Counting past enumeration: engines that count placements without visiting them.
//!
//! Each engine here answers [`Job::Count`](super::Job::Count) (`fewlines` also counts in
//! parts, `Job::CountParts`), for the problems
//! whose structure it exploits, and declines everything else so that `auto` moves on:
//!
//! | engine | module | problems | method |
//! |---|---|---|---|
//! | `rooks` | [`rooks`] | one rook-like kind, any board | closed form `C(m,k)·C(n,k)·k!` |
//! | `diagonals` | [`diagonals`] | one bishop-like kind, square boards | light and dark squares apart, rook polynomial of nested diagonals |
//! | `kingblocks` | [`kingblocks`] | `m·n` kings on `2m × 2n` | one king per 2×2 block, transfer over block rows |
//! | `transfer` | [`transfer`] | any mix of leapers (K, N, fairy leapers) | cell-by-cell transfer over the occupancy of the last rows; few pieces on a big board as independent bands of rows |
//! | `fewlines` | [`fewlines`] | a few pieces of one line kind (Q, R, B, whole-line fairy sliders), sides up to 128 | all but three enumerated (by symmetry), the last three counted from line counts and triangles |
//! | `queenpoly` | [`queenpoly`] | 4, 5 or 6 queens on `n × n`, any `n` | the published generating functions (OEIS A061994, A108792, A176186), evaluated by reduction modulo their recurrences; for 6, Karavaev's quasi-polynomial checked against its generating function |
//! | `fewpieces` | [`fewpieces`] | up to three pieces of any kinds; open boards to sides of 10^9 for two and past 10^6 for three, holes, blockers, torus, fixed pieces on smaller ones | inclusion–exclusion over pair conflicts, closed-form sums over progressions of offsets (open) or squares |
//!
//! Counts are exact big integers. The transfer engines count in machine integers first
//! (`u128`; `transfer` starts at `u64`) and, only if a sum overflows, run again in a wider
//! type up to [`BigUint`], so small answers stay fast and large ones stay exact.
//!
//! In `ENGINES` (`auto`'s order) `rooks`, `diagonals` and `kingblocks` come first, then
//! the dedicated counters `nqueens`, `torus` and `amazons`, then `transfer`, `queenpoly`,
//! `fewlines` (picked by `auto` only where it was measured faster than `exact`: up to 3
//! pieces, or up to 7 on boards of `2k²` squares or more) and `fewpieces` (after
//! `fewlines`, so the problems `fewlines` took before stay with it). Each accepts only
//! problems whose structure its method relies on, so `auto` never changes an answer by
//! picking one; the tests hold each to the exact engine by proptest and to the truth
//! table. Timings: `bench/transfer.md`, `bench/fewpieces.md`.

pub mod diagonals;
pub mod fewlines;
pub mod fewpieces;
pub mod kingblocks;
pub mod queenpoly;
pub mod rooks;
pub mod transfer;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::piece::{Move, PieceKind};
use crate::problem::Problem;

/// A `u128` sum went past its range; the caller reruns with big integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Overflowed;

/// The number type of a transfer table: `u128` (checked) or [`BigUint`].
pub(crate) trait Acc: Clone + Send + Sync {
    fn zero() -> Self;
    fn one() -> Self;
    fn is_zero(&self) -> bool;
    fn add_from(&mut self, other: &Self) -> Result<(), Overflowed>;
    fn to_big(&self) -> BigUint;
    /// `dst[i] += src[i]` for every `i`.
    fn add_slice(dst: &mut [Self], src: &[Self]) -> Result<(), Overflowed> {
        for (d, s) in dst.iter_mut().zip(src) {
            d.add_from(s)?;
        }
        Ok(())
    }
}

/// `Acc` for a machine integer: checked adds, and one overflow flag per slice (which
/// keeps the loop branch-free). The transfer counts in `u64` first, then `u128`.
macro_rules! acc_for_int {
    ($($t:ty),*) => {$(
        impl Acc for $t {
            #[inline]
            fn zero() -> Self {
                0
            }
            #[inline]
            fn one() -> Self {
                1
            }
            #[inline]
            fn is_zero(&self) -> bool {
                *self == 0
            }
            #[inline]
            fn add_from(&mut self, other: &Self) -> Result<(), Overflowed> {
                *self = self.checked_add(*other).ok_or(Overflowed)?;
                Ok(())
            }
            fn to_big(&self) -> BigUint {
                BigUint::from(*self)
            }
            fn add_slice(dst: &mut [Self], src: &[Self]) -> Result<(), Overflowed> {
                let mut over = false;
                for (d, s) in dst.iter_mut().zip(src) {
                    let (v, o) = d.overflowing_add(*s);
                    *d = v;
                    over |= o;
                }
                if over { Err(Overflowed) } else { Ok(()) }
            }
        }
    )*};
}

acc_for_int!(u64, u128);

impl Acc for BigUint {
    fn zero() -> Self {
        <BigUint as Zero>::zero()
    }
    fn one() -> Self {
        BigUint::from(1u32)
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn add_from(&mut self, other: &Self) -> Result<(), Overflowed> {
        *self += other;
        Ok(())
    }
    fn to_big(&self) -> BigUint {
        self.clone()
    }
}

/// Whether `kind` attacks exactly like `model` (same move set; letter and name aside).
/// Engines that rely on a kind's geometry test it this way, since kinds are data.
pub fn moves_like(kind: &PieceKind, model: &PieceKind) -> bool {
    kind.moves() == model.moves()
}

/// Whether every move of `kind` has a finite range (a leaper or a limited rider).
pub fn is_leaper(kind: &PieceKind) -> bool {
    kind.moves().iter().all(|m: &Move| m.range > 0)
}

/// The single kind of a problem with one kind and no fixed pieces, with its count.
pub(crate) fn single_kind(problem: &Problem) -> Option<(&PieceKind, u32)> {
    match problem.pieces() {
        [only] if problem.fixed().is_empty() => Some((&only.kind, only.count)),
        _ => None,
    }
}

/// `n choose k` as a big integer (0 when `k > n`), for the tests.
#[cfg(test)]
pub fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return <BigUint as Zero>::zero();
    }
    let k = k.min(n - k);
    let mut acc = BigUint::from(1u32);
    for i in 0..k {
        acc *= n - i;
        acc /= i + 1;
    }
    acc
}
