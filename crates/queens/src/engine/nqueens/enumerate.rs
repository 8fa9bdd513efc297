//! Streamed enumeration of plain N-queens: every solution of `min(R, C)` queens on
//! `R × C`, handed to a sink as the rank of the queen on each file, in the order of the
//! `exact` engine.
//!
//! Why a loop of its own: listing is bounded by the solutions (14 queens: 365,596) and
//! the nodes between them, so it wants the counters' inner loop (one row at a time,
//! three `u64` masks, an explicit stack, candidates lowest bit first), not the general
//! backtracker's bitboards per kind and a [`crate::Placement`] per solution. The
//! counting kernels of [`super::kernel`] do not fit as they are: they use symmetry
//! (which visits solutions out of order) and never stop early.
//!
//! # Order
//! `exact` places queens on increasing row-major square indices (`rank * C + file`),
//! so its solutions come in the lexicographic order of their sorted square indices.
//! On a board at most as tall as wide every rank holds a queen, and that order is the
//! order of the file-per-rank vectors: rank 0's file, then rank 1's ..., each taken
//! lowest first, which is what a row-by-row search visits. On a taller board
//! (`R > C`, `C` queens) some ranks stay empty; there the search goes rank by rank
//! as well, and "no queen on this rank" is one more candidate, bit `C` of the row's
//! candidates, taken after every file: a solution with a queen on this rank has a
//! smaller next index than one whose next queen is higher up. (Transposing the board,
//! as the counters do, would list the same solutions in another order.)
//!
//! # Mirror images
//! On a board at most as tall as wide, the mirror image in the middle file maps the
//! solutions whose rank-0 queen is on file `c` (group `c`) onto group `C - 1 - c`, and
//! it reverses their order (at the first rank where two solutions differ, their files
//! swap sides). So the left groups are searched and kept, a rank per file in a byte,
//! and each right group is its left partner read backwards and reversed file by file:
//! half the search (14 queens: 0.20 s of search down to about 0.11 s). What is kept
//! is bounded by [`KEEP_BYTES`]; a group that does not fit is dropped and its partner
//! searched. Tall boards are searched whole: there the mirror does not reverse the
//! order ("no queen on this rank" stays last).
//!
//! # Stopping
//! The sink stops the listing by returning `Break`; a time budget or a cancel is seen
//! by polling [`Control::cancelled`] every [`POLL`] candidates (a clock read each:
//! nothing next to 65,536 loop steps), and ends the listing with
//! [`Error::Interrupted`]. The search is sequential: its order is the answer.
//!
//! # Details
//! The loop is the counters' (three `u64` masks, a fixed stack, lowest bit first, an
//! x86-64 copy with `popcnt`/`bmi1` picked at run time), keeping a rank per file up to
//! date as queens are placed, so a leaf is one call of the sink with that slice.
//! `KEEP_BYTES` is 32 MB: every left group is kept up to 15 queens. The replay polls the
//! stop every 4096 replayed solutions. The tests compare every solution, in order, with
//! `exact` for n = 1..12 and rectangles both ways, and with a brute force over sorted
//! indices; the CLI writes them with its rank writer (`src/cli/ranks.rs`). Timings:
//! `bench/enumerate.md`.

use std::cmp::Ordering;
use std::ops::ControlFlow;

use super::kernel::MAX_SIDE;
use crate::engine::Control;
use crate::error::Error;
use crate::perm::EMPTY;

/// Candidates taken between two polls of [`Control::cancelled`] (a power of two).
pub const POLL: u64 = 1 << 16;

/// Bytes of solutions kept for their mirror images (see the module docs): all of them
/// up to 15 queens (17 MB there); from 16 on, the groups that fit and a search for the
/// others.
pub const KEEP_BYTES: usize = 32 << 20;

/// Calls `sink` with every solution of `min(rows, cols)` queens on `rows × cols`, in the
/// order of the `exact` engine, until it returns `Break`. The slice holds, per file,
/// the 0-based rank of its queen or [`EMPTY`] (only boards wider than tall have empty
/// files). Sides from 1 to 64.
///
/// ```text
/// use queens::engine::nqueens::enumerate::for_each;
/// let mut all = Vec::new();
/// for_each(4, 4, &Control::default(), &mut |r| { all.push(r.to_vec()); ControlFlow::Continue(()) }).unwrap();
/// assert_eq!(all, [[2, 0, 3, 1], [1, 3, 0, 2]]);
/// ```
pub fn for_each(
    rows: u32,
    cols: u32,
    ctl: &Control,
    sink: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Result<(), Error> {
    for_each_keeping(rows, cols, ctl, KEEP_BYTES, sink)
}

/// [`for_each`], keeping at most `keep` bytes of solutions for their mirror images.
fn for_each_keeping(
    rows: u32,
    cols: u32,
    ctl: &Control,
    mut keep: usize,
    sink: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Result<(), Error> {
    super::Plan::check(rows, cols)?;
    let (rows, cols) = (rows as usize, cols as usize);
    if rows > cols {
        // Empty ranks: the mirror keeps the files' order reversed but not "no queen
        // here" last, so it does not reverse the order; one search.
        return search(rows, cols, !0, ctl, sink).map(drop);
    }
    // Groups by the file of rank 0's queen. Group `c`'s mirror image is group
    // `cols - 1 - c` in reverse order; the left groups are kept as they are listed.
    let mut kept: Vec<Option<Vec<u8>>> = vec![None; cols];
    for c in 0..cols {
        let m = cols - 1 - c;
        if let Some(group) = kept[m].take() {
            let mut ranks = [EMPTY; MAX_SIDE];
            for (i, mirror) in group.chunks_exact(cols).rev().enumerate() {
                if i % 4096 == 4095 && ctl.cancelled() {
                    return Err(Error::Interrupted);
                }
                for (r, &k) in ranks.iter_mut().zip(mirror.iter().rev()) {
                    *r = if k == NONE { EMPTY } else { u32::from(k) };
                }
                if sink(&ranks[..cols]).is_break() {
                    return Ok(());
                }
            }
            continue;
        }
        let flow = if c < m {
            // Kept as a rank per file in a byte, while they fit.
            let mut group = Some(Vec::new());
            let flow = search(rows, cols, 1 << c, ctl, &mut |ranks| {
                if let Some(g) = &mut group {
                    if g.len() + cols <= keep {
                        g.extend(
                            ranks
                                .iter()
                                .map(|&r| if r == EMPTY { NONE } else { r as u8 }),
                        );
                    } else {
                        group = None;
                    }
                }
                sink(ranks)
            })?;
            if let Some(g) = &group {
                keep -= g.len();
            }
            kept[c] = group;
            flow
        } else {
            search(rows, cols, 1 << c, ctl, sink)?
        };
        if flow.is_break() {
            return Ok(());
        }
    }
    Ok(())
}

/// A file without a queen in a kept solution.
const NONE: u8 = u8::MAX;

/// The solutions whose rank-0 queen stands on a file of `first` (for a tall board
/// `!0`: any file, or none), in order; `Break` when the sink stopped them.
fn search(
    rows: usize,
    cols: usize,
    first: u64,
    ctl: &Control,
    sink: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, Error> {
    #[cfg(target_arch = "x86_64")]
    if super::kernel::fast_bits() {
        // SAFETY: the CPU has the features the functions are compiled for.
        return unsafe {
            match rows.cmp(&cols) {
                Ordering::Greater => walk_x86::<true, false>(rows, cols, first, ctl, sink),
                Ordering::Less => walk_x86::<false, true>(rows, cols, first, ctl, sink),
                Ordering::Equal => walk_x86::<false, false>(rows, cols, first, ctl, sink),
            }
        };
    }
    match rows.cmp(&cols) {
        Ordering::Greater => walk::<true, false>(rows, cols, first, ctl, sink),
        Ordering::Less => walk::<false, true>(rows, cols, first, ctl, sink),
        Ordering::Equal => walk::<false, false>(rows, cols, first, ctl, sink),
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1")]
unsafe fn walk_x86<const TALL: bool, const WIDE: bool>(
    rows: usize,
    cols: usize,
    first: u64,
    ctl: &Control,
    sink: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, Error> {
    walk::<TALL, WIDE>(rows, cols, first, ctl, sink)
}

/// The search; `TALL` is `rows > cols` (ranks may stay empty, see the module docs),
/// `WIDE` is `rows < cols` (files may stay empty).
#[inline(always)]
fn walk<const TALL: bool, const WIDE: bool>(
    rows: usize,
    cols: usize,
    first: u64,
    ctl: &Control,
    sink: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, Error> {
    let full = if cols == 64 {
        !0u64
    } else {
        (1u64 << cols) - 1
    };
    // The "empty rank" candidate; TALL implies cols < rows <= 64, so the bit exists.
    let skip = if TALL { 1u64 << cols } else { 0 };
    let last = rows - 1;
    // The answer, kept up to date as queens are placed: a rank per file. A file left
    // behind by backtracking keeps a stale rank; every file of a full placement is set
    // again on its way down, and on wide boards the empty files are cleared per leaf.
    let mut ranks = [EMPTY; MAX_SIDE];
    let mut stack = [(0u64, 0u64, 0u64, 0u64); MAX_SIDE];
    let (mut used, mut ld, mut rd) = (0u64, 0u64, 0u64);
    let mut avail = (full | skip) & first;
    let mut sp = 0usize;
    let mut row = 0usize;
    let mut taken = 0u64;
    loop {
        if avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            taken += 1;
            if taken & (POLL - 1) == 0 && ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            // `file` is 0 for the empty-rank candidate, which sets no queen.
            let file = bit & full;
            if file != 0 {
                ranks[(file.trailing_zeros() as usize) & (MAX_SIDE - 1)] = row as u32;
            }
            let nu = used | file;
            let leaf = if TALL { nu == full } else { row == last };
            if leaf {
                if WIDE {
                    let mut empty = full & !nu;
                    while empty != 0 {
                        ranks[(empty.trailing_zeros() as usize) & (MAX_SIDE - 1)] = EMPTY;
                        empty &= empty - 1;
                    }
                }
                if sink(&ranks[..cols]).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
                continue;
            }
            if row == last {
                // A tall board's last rank without its last queen: the empty-rank rule
                // below never offers it, so this cannot happen; stay safe anyway.
                continue;
            }
            let nl = (ld | file) << 1;
            let nr = (rd | file) >> 1;
            let mut next = full & !(nu | nl | nr);
            if TALL {
                // The next rank may stay empty only if the ranks above it can still
                // hold the queens left.
                let left = cols - nu.count_ones() as usize;
                if rows - row - 2 >= left {
                    next |= skip;
                }
            }
            if next != 0 {
                stack[sp & (MAX_SIDE - 1)] = (used, ld, rd, avail);
                sp += 1;
                (used, ld, rd, avail) = (nu, nl, nr, next);
                row += 1;
            }
        } else if sp == 0 {
            return Ok(ControlFlow::Continue(()));
        } else {
            sp -= 1;
            (used, ld, rd, avail) = stack[sp & (MAX_SIDE - 1)];
            row -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    fn all(rows: u32, cols: u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for_each(rows, cols, &Control::default(), &mut |r| {
            out.push(r.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
        out
    }

    /// Every placement of `min(rows, cols)` queens by brute force over sorted square
    /// indices (row-major), in lexicographic order: exact's order, independently.
    fn brute(rows: u32, cols: u32) -> Vec<Vec<u32>> {
        let (rows, cols) = (rows as i64, cols as i64);
        let k = rows.min(cols) as usize;
        let mut out = Vec::new();
        let mut pick: Vec<i64> = Vec::new();
        fn go(
            rows: i64,
            cols: i64,
            k: usize,
            from: i64,
            pick: &mut Vec<i64>,
            out: &mut Vec<Vec<u32>>,
        ) {
            if pick.len() == k {
                let mut ranks = vec![EMPTY; cols as usize];
                for &s in pick.iter() {
                    ranks[(s % cols) as usize] = (s / cols) as u32;
                }
                out.push(ranks);
                return;
            }
            for s in from..rows * cols {
                let (f, r) = (s % cols, s / cols);
                let ok = pick.iter().all(|&t| {
                    let (g, q) = (t % cols, t / cols);
                    f != g && r != q && (f - g).abs() != (r - q).abs()
                });
                if ok {
                    pick.push(s);
                    go(rows, cols, k, s + 1, pick, out);
                    pick.pop();
                }
            }
        }
        go(rows, cols, k, 0, &mut pick, &mut out);
        out
    }

    #[test]
    fn lists_what_brute_force_lists_in_its_order() {
        for (r, c) in [
            (1, 1),
            (1, 3),
            (3, 1),
            (2, 2),
            (3, 3),
            (4, 4),
            (5, 5),
            (6, 6),
            (7, 7),
            (3, 5),
            (5, 3),
            (4, 6),
            (6, 4),
            (2, 7),
            (7, 2),
            (4, 7),
            (7, 4),
        ] {
            assert_eq!(all(r, c), brute(r, c), "{r}x{c}");
        }
    }

    #[test]
    fn groups_that_do_not_fit_are_searched_again() {
        // 8 queens: 92 solutions of 8 bytes; keep nothing, two groups, or all.
        let want = brute(8, 8);
        for keep in [0, 8, 100, 300, 10_000] {
            let mut got = Vec::new();
            for_each_keeping(8, 8, &Control::default(), keep, &mut |r| {
                got.push(r.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(got, want, "keep {keep}");
        }
    }

    #[test]
    fn the_sink_stops_the_listing() {
        // In a searched group, and in a replayed one (the last 20 of 92).
        for stop in [5, 80] {
            let mut n = 0;
            for_each(8, 8, &Control::default(), &mut |_| {
                n += 1;
                if n == stop {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
            assert_eq!(n, stop);
        }
    }

    #[test]
    fn a_cancel_stops_it_with_interrupted() {
        let stop = AtomicBool::new(true);
        let ctl = Control::stopped_by(&stop);
        let mut n = 0u64;
        let r = for_each(14, 14, &ctl, &mut |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(r, Err(Error::Interrupted));
        assert!(n < 365_596);
    }

    #[test]
    fn wide_side_64_and_refusals() {
        // One queen on 1 x 64: every file, the 64th bit included.
        let one = all(1, 64);
        assert_eq!(one.len(), 64);
        assert_eq!(one[63][63], 0);
        assert_eq!(all(64, 1).len(), 64);
        assert!(
            for_each(
                0,
                3,
                &Control::default(),
                &mut |_| ControlFlow::Continue(())
            )
            .is_err()
        );
        assert!(
            for_each(8, 65, &Control::default(), &mut |_| ControlFlow::Continue(
                ()
            ))
            .is_err()
        );
    }
}
