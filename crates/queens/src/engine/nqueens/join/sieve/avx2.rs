//! The AVX2 code of the sieve, alone here because it holds the join's only unchecked
//! memory accesses: [`sieve_avx2`] reads the table rows through raw pointers, 32 bytes
//! at a time, with no bounds check in its inner loop.
//!
//! Both functions are `unsafe` because they are compiled with AVX2 (and `popcnt`,
//! `bmi1`, `bmi2`): they may only run where [`fast_sieve`] says the CPU has those, and
//! that is their only safety condition. The memory bounds are not left to the callers:
//! [`sieve_avx2`] checks with `assert!` (in release builds too), once per call and
//! before any load, that the table holds the `G << width` rows its loads can reach (a
//! key's group `g < G` picks row `g * 2^width + q`, `q < 2^width`), and the `const`
//! checks below pin the sizes that the two 32-byte loads per row and the final store
//! rely on. So no safe caller, whatever table, keys and width it passes, can make it
//! read out of bounds; a wrong table is a panic. [`count_disjoint_x86`] is the portable
//! count compiled with these features: its body is safe code.
//!
//! This module exists only on x86-64; elsewhere the portable sieve runs.

use std::arch::x86_64::__m256i;

use super::{Block, Sieve, Sorted, count_disjoint_body};
use crate::engine::nqueens::join::{Word, fast_bits};

// A table row is one `Block`, read as two 256-bit halves (`t` and `t.add(1)`).
const _: () = assert!(size_of::<Block>() == 2 * size_of::<__m256i>());
// The sums are stored from one 256-bit register into four `u64` lanes.
const _: () = assert!(size_of::<[u64; 4]>() == size_of::<__m256i>());

/// Whether the CPU has AVX2 (and the bit instructions) for the sieve.
pub(in crate::engine::nqueens::join) fn fast_sieve() -> bool {
    fast_bits() && std::arch::is_x86_feature_detected!("avx2")
}

/// [`count_disjoint_body`] compiled with AVX2 (and the bit instructions): the code
/// around the sieve (the sort, the tables) uses them too, and its calls of
/// [`sieve_avx2`] come from code compiled with the same features.
///
/// # Safety
/// The CPU must have AVX2, `popcnt`, `bmi1` and `bmi2` ([`fast_sieve`]). There are no
/// bounds to check here: the body is safe code, and [`sieve_avx2`] checks its own.
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
pub(super) unsafe fn count_disjoint_x86<K: Word>(
    a: &[K],
    b: &[K],
    sorted: &mut Sorted<K>,
    s: &mut Sieve,
) -> u64 {
    count_disjoint_body(a, b, sorted, s)
}

/// [`count_weighted_body`](super::count_weighted_body) compiled with AVX2, as
/// [`count_disjoint_x86`].
///
/// # Safety
/// As [`count_disjoint_x86`].
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
pub(super) unsafe fn count_weighted_x86<K: Word>(
    a: &[&[K]],
    b: &[&[K]],
    weight: &dyn Fn(usize, usize) -> u64,
    sorted: &mut Sorted<K>,
    s: &mut Sieve,
) -> u64 {
    super::count_weighted_body(a, b, weight, sorted, s)
}

/// [`sieve`](super::sieve) with AVX2: the union of a key's sets in two registers, and
/// the popcounts summed per byte (by nibble look-up) for 15 keys at a time before they
/// are widened (at most 16 per byte and key, so no byte overflows).
///
/// # Panics
/// If `table` holds fewer than `G << width` blocks: checked before any load, so that
/// no table a caller passes can make it read out of bounds.
///
/// # Safety
/// The CPU must have AVX2, `popcnt`, `bmi1` and `bmi2` ([`fast_sieve`]).
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
pub(super) unsafe fn sieve_avx2<const G: usize, K: Word>(
    table: &[Block],
    big: &[K],
    used: u64,
    bottom: u32,
    width: u32,
) -> u64 {
    use std::arch::x86_64::*;
    // The loads below read rows `g * stride + q`, `g < G` and `q <= wmask < stride`, so
    // the table must hold `G * stride` rows: checked once per call, in release builds
    // too, as `len >> width >= G` (the same as `len >= G << width`, with no overflow).
    assert!(
        width < usize::BITS && table.len() >> width >= G,
        "sieve_avx2: {} table rows, fewer than {G} << {width}",
        table.len()
    );
    let stride = 1usize << width;
    let wmask = (stride - 1) as u64;
    let base = table.as_ptr();
    let nibbles = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let low = _mm256_set1_epi8(0x0f);
    let zero = _mm256_setzero_si256();
    let mut sums = zero;
    for run in big.chunks(15) {
        let mut bytes = zero;
        for &y in run {
            let y = (y.into() & used) >> bottom;
            let (mut acc, mut acc2) = (zero, zero);
            for g in 0..G {
                let q = ((y >> (g as u32 * width)) & wmask) as usize;
                // SAFETY: g < G and q < stride, so the row is below `G * stride`, which
                // `table` holds (asserted above); a row is the two 32-byte halves read.
                let t = unsafe { base.add(g * stride + q) } as *const __m256i;
                acc = _mm256_or_si256(acc, unsafe { _mm256_loadu_si256(t) });
                acc2 = _mm256_or_si256(acc2, unsafe { _mm256_loadu_si256(t.add(1)) });
            }
            let lo = _mm256_shuffle_epi8(nibbles, _mm256_and_si256(acc, low));
            let hi = _mm256_shuffle_epi8(nibbles, _mm256_and_si256(_mm256_srli_epi16(acc, 4), low));
            let lo2 = _mm256_shuffle_epi8(nibbles, _mm256_and_si256(acc2, low));
            let hi2 =
                _mm256_shuffle_epi8(nibbles, _mm256_and_si256(_mm256_srli_epi16(acc2, 4), low));
            let both = _mm256_add_epi8(_mm256_add_epi8(lo, hi), _mm256_add_epi8(lo2, hi2));
            bytes = _mm256_add_epi8(bytes, both);
        }
        sums = _mm256_add_epi64(sums, _mm256_sad_epu8(bytes, zero));
    }
    let mut lanes = [0u64; 4];
    // SAFETY: 32 bytes written to a 32-byte array.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, sums) };
    lanes.iter().sum()
}

#[cfg(test)]
mod tests {
    use super::super::{WORDS, sieve};
    use super::*;

    #[test]
    fn sieve_avx2_checks_the_table_size() {
        if !fast_sieve() {
            return;
        }
        // Two groups of 3 bits: 16 rows, the subset `q` of group `g` at row `8 g + q`.
        let table: Vec<Block> = (0..16u64)
            .map(|i| Block([i * 0x0101_0101; WORDS]))
            .collect();
        let keys: Vec<u64> = (0..200).collect();
        // SAFETY: the CPU has AVX2 (and the bit instructions).
        let fast = unsafe { sieve_avx2::<2, u64>(&table, &keys, !0, 0, 3) };
        assert_eq!(fast, sieve::<2, u64>(&table, &keys, !0, 0, 3));
        // A table a row short, or a width whose rows it does not hold (or whose row
        // count overflows), is refused before any load.
        for (rows, width) in [(15, 3), (16, 4), (16, 63), (16, 64)] {
            let short = &table[..rows];
            let keys = &keys;
            // SAFETY: the CPU has AVX2 (and the bit instructions).
            let run = std::panic::catch_unwind(|| unsafe {
                sieve_avx2::<2, u64>(short, keys, !0, 0, width)
            });
            assert!(run.is_err(), "{rows} rows, width {width}");
        }
    }
}
