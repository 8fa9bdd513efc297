//! The inner loops: depth-first search over one row per queen, on three `u64` masks.
//!
//! Both loops keep their stack in a fixed array (no recursion, no allocation) and take
//! the candidates of a row lowest bit first. `masks[r]` holds the columns a queen in row
//! `r` may use at all: the symmetry restrictions of [`super::plan`] live there, so the
//! loops themselves know nothing of symmetry and stay tight.
//!
//! - [`count_completions`] counts how many ways a prefix completes, taking the last row
//!   by a popcount. It serves the corner class, whose every solution is counted with the
//!   same weight.
//! - [`visit_solutions`] hands every complete solution (its column per row) to a
//!   callback, which decides whether it is the canonical member of its symmetry class.
//!
//! Given a `stop`, both ask it every [`POLL`] descents (a step to the next row) and
//! give `None` when it says so: a task of 64 queens can run for seconds or far longer,
//! and a time budget or a cancel must be seen within milliseconds. Without one they
//! never stop, and are compiled without the counter: on 16 queens the polling copy
//! took 2-4% more time (a register fewer in the loop), so small boards, whose
//! tasks are short anyway, do without it (`bench/budgets.md`).
//!
//! On x86-64 both are compiled a second time with the `popcnt` and `bmi1` instructions
//! enabled and picked at run time when the CPU has them: the baseline x86-64 target has
//! no popcount instruction, and its software stand-in made the loops a third slower.

/// Largest number of rows or columns the loops handle (masks are `u64`).
pub const MAX_SIDE: usize = 64;

/// Descents between two calls of the loops' `stop` (a power of two): a few
/// hundred microseconds of search at most, next to which one clock read is nothing.
pub const POLL: u32 = 1 << 14;

/// Number of ways to complete a placement whose next free row is `start`, where
/// `cols`, `ld` and `rd` are the columns and the two diagonals already attacked on row
/// `start`, and `rows` is the number of rows; `None` when `stop` said so first.
pub fn count_completions(
    masks: &[u64; MAX_SIDE],
    rows: usize,
    start: usize,
    attacked: (u64, u64, u64),
    stop: Option<&dyn Fn() -> bool>,
) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    if fast_bits() {
        // SAFETY: the CPU has the features the functions are compiled for.
        return unsafe {
            match stop {
                Some(stop) => count_completions_x86::<true>(masks, rows, start, attacked, stop),
                None => count_completions_x86::<false>(masks, rows, start, attacked, &|| false),
            }
        };
    }
    match stop {
        Some(stop) => count_completions_body::<true>(masks, rows, start, attacked, stop),
        None => count_completions_body::<false>(masks, rows, start, attacked, &|| false),
    }
}

/// Whether the CPU has `popcnt` and `bmi1` (the check is cached by std).
#[cfg(target_arch = "x86_64")]
pub(super) fn fast_bits() -> bool {
    std::arch::is_x86_feature_detected!("popcnt") && std::arch::is_x86_feature_detected!("bmi1")
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1")]
unsafe fn count_completions_x86<const POLLS: bool>(
    masks: &[u64; MAX_SIDE],
    rows: usize,
    start: usize,
    attacked: (u64, u64, u64),
    stop: &dyn Fn() -> bool,
) -> Option<u64> {
    count_completions_body::<POLLS>(masks, rows, start, attacked, stop)
}

/// The loop of [`count_completions`]; `stop` is asked only when `POLLS`.
#[inline(always)]
fn count_completions_body<const POLLS: bool>(
    masks: &[u64; MAX_SIDE],
    rows: usize,
    start: usize,
    (cols, ld, rd): (u64, u64, u64),
    stop: &dyn Fn() -> bool,
) -> Option<u64> {
    if start >= rows {
        return Some(1);
    }
    let last = rows - 1;
    let first = masks[start] & !(cols | ld | rd);
    if start == last {
        return Some(u64::from(first.count_ones()));
    }
    // One frame per row between `start` and the row before last.
    let mut stack = [(0u64, 0u64, 0u64, 0u64); MAX_SIDE];
    let (mut cols, mut ld, mut rd, mut avail) = (cols, ld, rd, first);
    let mut sp = 0usize;
    let mut row = start;
    let mut count = 0u64;
    let mut polls = POLL;
    loop {
        if avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            let nc = cols | bit;
            let nl = (ld | bit) << 1;
            let nr = (rd | bit) >> 1;
            let next = masks[(row + 1) & (MAX_SIDE - 1)] & !(nc | nl | nr);
            if row + 1 == last {
                count += u64::from(next.count_ones());
            } else if next != 0 {
                if POLLS {
                    polls -= 1;
                    if polls == 0 {
                        if stop() {
                            return None;
                        }
                        polls = POLL;
                    }
                }
                stack[sp & (MAX_SIDE - 1)] = (cols, ld, rd, avail);
                sp += 1;
                (cols, ld, rd, avail) = (nc, nl, nr, next);
                row += 1;
            }
        } else if sp == 0 {
            break;
        } else {
            sp -= 1;
            (cols, ld, rd, avail) = stack[sp & (MAX_SIDE - 1)];
            row -= 1;
        }
    }
    Some(count)
}

/// Calls `leaf` with every completion of `prefix` (the columns of rows
/// `0..prefix.len()`, which must not attack each other) on a board of `rows` rows; the
/// slice it gets holds the column of every row. `leaf` returns what to add to the sum
/// this function returns; `None` when `stop` said so first.
pub fn visit_solutions(
    masks: &[u64; MAX_SIDE],
    rows: usize,
    prefix: &[u8],
    stop: Option<&dyn Fn() -> bool>,
    leaf: impl FnMut(&[u8]) -> u64,
) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    if fast_bits() {
        // SAFETY: the CPU has the features the functions are compiled for.
        return unsafe {
            match stop {
                Some(stop) => visit_solutions_x86::<true>(masks, rows, prefix, stop, leaf),
                None => visit_solutions_x86::<false>(masks, rows, prefix, &|| false, leaf),
            }
        };
    }
    match stop {
        Some(stop) => visit_solutions_body::<true>(masks, rows, prefix, stop, leaf),
        None => visit_solutions_body::<false>(masks, rows, prefix, &|| false, leaf),
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1")]
unsafe fn visit_solutions_x86<const POLLS: bool>(
    masks: &[u64; MAX_SIDE],
    rows: usize,
    prefix: &[u8],
    stop: &dyn Fn() -> bool,
    leaf: impl FnMut(&[u8]) -> u64,
) -> Option<u64> {
    visit_solutions_body::<POLLS>(masks, rows, prefix, stop, leaf)
}

/// The loop of [`visit_solutions`]; `stop` is asked only when `POLLS`.
#[inline(always)]
fn visit_solutions_body<const POLLS: bool>(
    masks: &[u64; MAX_SIDE],
    rows: usize,
    prefix: &[u8],
    stop: &dyn Fn() -> bool,
    mut leaf: impl FnMut(&[u8]) -> u64,
) -> Option<u64> {
    let mut placed = [0u8; MAX_SIDE];
    let (mut cols, mut ld, mut rd) = (0u64, 0u64, 0u64);
    for (r, &c) in prefix.iter().enumerate() {
        placed[r] = c;
        let bit = 1u64 << c;
        cols |= bit;
        ld = (ld | bit) << 1;
        rd = (rd | bit) >> 1;
    }
    let start = prefix.len();
    if start >= rows {
        return Some(leaf(&placed[..rows]));
    }
    let last = rows - 1;
    let mut sum = 0u64;
    let mut stack = [(0u64, 0u64, 0u64, 0u64); MAX_SIDE];
    let mut avail = masks[start] & !(cols | ld | rd);
    let mut sp = 0usize;
    let mut row = start;
    let mut polls = POLL;
    loop {
        if avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            placed[row] = bit.trailing_zeros() as u8;
            if row == last {
                sum += leaf(&placed[..rows]);
                continue;
            }
            let nc = cols | bit;
            let nl = (ld | bit) << 1;
            let nr = (rd | bit) >> 1;
            let next = masks[(row + 1) & (MAX_SIDE - 1)] & !(nc | nl | nr);
            if next != 0 {
                if POLLS {
                    polls -= 1;
                    if polls == 0 {
                        if stop() {
                            return None;
                        }
                        polls = POLL;
                    }
                }
                stack[sp & (MAX_SIDE - 1)] = (cols, ld, rd, avail);
                sp += 1;
                (cols, ld, rd, avail) = (nc, nl, nr, next);
                row += 1;
            }
        } else if sp == 0 {
            break;
        } else {
            sp -= 1;
            (cols, ld, rd, avail) = stack[sp & (MAX_SIDE - 1)];
            row -= 1;
        }
    }
    Some(sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(n: usize) -> [u64; MAX_SIDE] {
        let m = if n == 64 { !0 } else { (1u64 << n) - 1 };
        [m; MAX_SIDE]
    }

    #[test]
    fn plain_counts_without_symmetry() {
        // Small N-queens counts, straight from the loops (no symmetry at all).
        for (n, want) in [(1, 1), (4, 2), (5, 10), (6, 4), (8, 92), (10, 724)] {
            let never: &dyn Fn() -> bool = &|| false;
            for stop in [None, Some(never)] {
                assert_eq!(
                    count_completions(&full(n), n, 0, (0, 0, 0), stop),
                    Some(want)
                );
                assert_eq!(visit_solutions(&full(n), n, &[], stop, |_| 1), Some(want));
            }
        }
    }

    #[test]
    fn both_loops_stop_when_asked() {
        // 20 queens take seconds: the first poll must end them, and only the polls
        // may (asked once, after POLL descents).
        let asked = std::cell::Cell::new(0);
        let stop: &dyn Fn() -> bool = &|| {
            asked.set(asked.get() + 1);
            true
        };
        assert_eq!(
            count_completions(&full(20), 20, 0, (0, 0, 0), Some(stop)),
            None
        );
        assert_eq!(visit_solutions(&full(20), 20, &[], Some(stop), |_| 1), None);
        assert_eq!(asked.get(), 2);
        // A small board finishes before its first poll.
        let some = Some(stop);
        assert_eq!(count_completions(&full(6), 6, 0, (0, 0, 0), some), Some(4));
        assert_eq!(visit_solutions(&full(6), 6, &[], some, |_| 1), Some(4));
        assert_eq!(asked.get(), 2);
    }

    #[test]
    fn visited_solutions_are_solutions() {
        let n = 8;
        visit_solutions(&full(n), n, &[], None, |p| {
            for i in 0..n {
                for j in i + 1..n {
                    let (a, b) = (p[i] as i64, p[j] as i64);
                    assert!(a != b && (a - b).abs() != (j - i) as i64);
                }
            }
            1
        });
    }
}
