//! The AVX-512 sieve: the inner loop of [`super::avx2`] with a table row (512 members of
//! the small list, one `Block`) in one register and its set bits counted by `vpopcntq`,
//! where the AVX2 loop ORs two 256-bit halves and counts bits per byte by nibble
//! look-ups (12 instructions a key). On the build machine (AMD EPYC with AVX-512, busy)
//! the single-thread count at N = 16 took 123 ms of CPU against 132 with AVX2, and at
//! N = 18 no difference showed (4.0 s): the loop is bound by its loads, and this CPU
//! splits a 512-bit load in two (`bench/kluev.md`).
//!
//! Like [`super::avx2`], this module holds unchecked loads: [`sieve_avx512`] reads the
//! table rows through raw pointers, and checks with `assert!` (in release builds too),
//! once per call and before any load, that the table holds the `G << width` rows its
//! loads can reach, so no safe caller can make it read out of bounds. Its only other
//! safety condition is the CPU's: [`fast_sieve512`] must have said yes.

use std::arch::x86_64::__m512i;

use super::Block;
use crate::engine::nqueens::join::Word;

// A table row is one `Block`, read as one 512-bit register.
const _: () = assert!(size_of::<Block>() == size_of::<__m512i>());

/// Whether the CPU has AVX-512 with the 64-bit population count (besides what
/// [`super::avx2::fast_sieve`] asks, which the callers have checked).
pub(in crate::engine::nqueens::join) fn fast_sieve512() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
}

/// The clashes of one block with the keys of `big`, as [`super::sieve`] counts them:
/// per key the union of its `G` groups' rows in one register, its bits counted per
/// 64-bit lane and summed in two accumulators (keys alternate, so that the adds of
/// consecutive keys do not wait on each other).
///
/// # Panics
/// If `table` holds fewer than `G << width` blocks: checked before any load.
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 VPOPCNTDQ ([`fast_sieve512`]) besides AVX2,
/// `popcnt`, `bmi1` and `bmi2`.
#[target_feature(enable = "avx512f,avx512vpopcntdq,avx2,popcnt,bmi1,bmi2")]
pub(super) unsafe fn sieve_avx512<const G: usize, K: Word>(
    table: &[Block],
    big: &[K],
    used: u64,
    bottom: u32,
    width: u32,
) -> u64 {
    use std::arch::x86_64::*;
    // The loads read rows `g * stride + q`, `g < G`, `q <= wmask < stride`: the table
    // must hold `G * stride` rows (as in `sieve_avx2`).
    assert!(
        width < usize::BITS && table.len() >> width >= G,
        "sieve_avx512: {} table rows, fewer than {G} << {width}",
        table.len()
    );
    let stride = 1usize << width;
    let wmask = (stride - 1) as u64;
    let base = table.as_ptr();
    let row = |y: u64| -> __m512i {
        let y = (y & used) >> bottom;
        let mut acc = _mm512_setzero_si512();
        for g in 0..G {
            let q = ((y >> (g as u32 * width)) & wmask) as usize;
            // SAFETY: g < G and q < stride, so the row is below `G * stride`, which
            // `table` holds (asserted above); a row is the 64 bytes read.
            let t = unsafe { base.add(g * stride + q) } as *const __m512i;
            acc = _mm512_or_si512(acc, unsafe { _mm512_loadu_si512(t) });
        }
        _mm512_popcnt_epi64(acc)
    };
    let (mut even, mut odd) = (_mm512_setzero_si512(), _mm512_setzero_si512());
    let mut pairs = big.chunks_exact(2);
    for p in &mut pairs {
        even = _mm512_add_epi64(even, row(p[0].into()));
        odd = _mm512_add_epi64(odd, row(p[1].into()));
    }
    for &y in pairs.remainder() {
        even = _mm512_add_epi64(even, row(y.into()));
    }
    _mm512_reduce_add_epi64(_mm512_add_epi64(even, odd)) as u64
}

#[cfg(test)]
mod tests {
    use super::super::sieve;
    use super::*;

    #[test]
    fn sieve_avx512_counts_as_the_portable_sieve_and_checks_the_table_size() {
        if !(super::super::avx2::fast_sieve() && fast_sieve512()) {
            return;
        }
        // Two groups of 3 bits: 16 rows, the subset `q` of group `g` at row `8 g + q`.
        let table: Vec<Block> = (0..16u64)
            .map(|i| Block(std::array::from_fn(|w| (i * 0x0101_0101) << w ^ i << 40)))
            .collect();
        for n in [0, 1, 2, 3, 199, 200] {
            let keys: Vec<u64> = (0..n).map(|k| k * 37 % 64).collect();
            // SAFETY: the CPU has AVX-512 (and the rest), checked above.
            let fast = unsafe { sieve_avx512::<2, u64>(&table, &keys, !0, 0, 3) };
            assert_eq!(fast, sieve::<2, u64>(&table, &keys, !0, 0, 3), "{n} keys");
        }
        let keys: Vec<u64> = (0..200).collect();
        for (rows, width) in [(15, 3), (16, 4), (16, 63), (16, 64)] {
            let short = &table[..rows];
            let keys = &keys;
            // SAFETY: the CPU has AVX-512 (and the rest), checked above.
            let run = std::panic::catch_unwind(|| unsafe {
                sieve_avx512::<2, u64>(short, keys, !0, 0, width)
            });
            assert!(run.is_err(), "{rows} rows, width {width}");
        }
    }
}
