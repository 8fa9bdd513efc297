//! The `amazons` engine: a dedicated counter for `n` amazons (queen + knight, OEIS
//! A051223, "superqueens") on `n × n`, and for `min(R, C)` amazons on `R × C`.
//!
//! Every row (of the shorter side) holds exactly one amazon, so the search goes row by
//! row on `u64` masks like an N-queens search: the attacked columns, the two diagonal
//! directions, and the knight's reach, which only spans two rows. An amazon at column
//! `c` in row `r` takes `c ± 2` from row `r + 1` and `c ± 1` from row `r + 2` (the rows
//! above are searched already), so the state carries the last row's knight mask
//! forward one row.
//!
//! Symmetry:
//! - **Square boards** use all eight symmetries. Every edge of the board holds exactly
//!   one amazon; the eight images of a solution put, in their top row, each of the
//!   eight distances of an edge amazon to a corner (`a`, `n-1-a` for the top edge, and
//!   so on). The search visits only solutions whose top-row amazon `a` is no further
//!   from its left corner than any edge amazon is from either corner of its edge: rows
//!   above `a` and below `n-1-a` keep off the edge files and the bottom row stays within
//!   `a..=n-1-a`, all as masks. This set holds the lexicographically least image of
//!   every solution (its top row is the least of the eight distances), and a solution is
//!   counted only when it is that least image, with weight `8 / s` where `s` is the
//!   number of symmetries that fix it (`total`), and weight 1 for `unique`. A solution
//!   whose images' top rows all exceed `a` is least without a comparison, so the last
//!   row is still taken by a popcount except where distances tie.
//! - **Corner class** (`a = 0`): a solution with an amazon in the top-left corner is
//!   never its own mirror image in the main diagonal, and exactly one of the two has the
//!   amazon of file 1 below row `d` (the column of row 1's amazon): a mask again, and
//!   every such solution counts 8.
//! - **Other rectangles** (and boards of side below 4) use the left-right mirror: the
//!   top-row amazon in the left half counts twice, on the middle file once.
//!
//! Work is split into tasks (the columns of the top three rows on squares, of the top
//! two on rectangles) run on rayon's pool of `ctl.threads` threads (work stealing),
//! with progress reports and cancellation between tasks.
//!
//! ```text
//! use queens::engine::amazons::{count, AmazonTally};
//! use queens::Control;
//! let t = count(11, 11, &Control::default()).unwrap();
//! assert_eq!(t, AmazonTally { total: 44, unique: Some(6) });
//! assert_eq!(count(5, 16, &Control::default()).unwrap().total, 35744);
//! ```
//!
//! # Details
//! - Whether none of the other seven distances equals `a` is checked in O(1) at the
//!   second-to-last row, from the amazons on rows `a` and `n-1-a` and the bottom column;
//!   when one does, the seven images are built and compared.
//! - Corner class: two amazons on squares mirrored in the main diagonal share an
//!   anti-diagonal, which is why a corner solution is never its own diagonal mirror.
//! - The canonical solutions are the orbits, so on squares the count also gives the count
//!   up to symmetry (`AmazonTally::unique`), which the engine's `count_unique` returns
//!   instead of the generic Burnside path.
//! - Pinning the four edge amazons per task (their attacks folded into every row's mask)
//!   was measured slower: tasks differing only in the bottom amazon repeat the whole upper
//!   tree (`bench/amazons.md`).
//! - Tests: the unit tests hold both methods to a brute force written out on every board
//!   up to 9 × 10 and to each other up to 13 × 13, and the count up to symmetry to an
//!   enumeration of orbits (`symmetry::count_unique_by_enumeration`); the integration
//!   tests hold the engine to `exact` (every square up to 11, every rectangle up to
//!   7 × 10), to Burnside's count up to 15 and to the truth table.

use std::sync::atomic::{AtomicU64, Ordering};

use num_bigint::BigUint;

use super::dp::moves_like;
use super::parts::{self, PlanId, Tally, TaskList};
use super::{
    Control, Count, CountParts, Declaration, Engine, Honours, Job, Method, Parts, PartsReport, Run,
};
use crate::error::Error;
use crate::par::prelude::*;
use crate::piece::PieceKind;
use crate::problem::Problem;

/// Largest side (rows or columns) the counter handles: masks are `u64`.
pub const MAX_SIDE: usize = 64;

/// The dedicated amazon counter (see the [module docs](self)).
pub struct AmazonsEngine;

/// The result of [`count`]: solutions in all, and, on square boards, up to the eight
/// symmetries of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AmazonTally {
    /// Solutions in all.
    pub total: u64,
    /// Solutions distinct up to rotation and reflection (square boards of side 4 or
    /// more; `None` on other boards, which are counted with the mirror alone).
    pub unique: Option<u64>,
}

/// Whether `problem` is `min(rows, cols)` amazon-like pieces (moves exactly the
/// amazon's) with nothing fixed: the problem [`AmazonsEngine`] counts.
///
/// ```text
/// use queens::engine::amazons::is_plain_amazons;
/// use queens::{Board, PieceCount, PieceKind, Placement, Problem};
/// let p = |n, rows, cols| Problem::new(
///     Board::new(rows, cols).unwrap(),
///     vec![PieceCount { kind: PieceKind::amazon(), count: n }],
///     Placement::default(),
/// ).unwrap();
/// assert!(is_plain_amazons(&p(12, 12, 12)));
/// assert!(is_plain_amazons(&p(5, 7, 5)));
/// assert!(!is_plain_amazons(&p(4, 12, 12)));
/// ```
pub fn is_plain_amazons(problem: &Problem) -> bool {
    let b = problem.board();
    problem.fixed().is_empty()
        && matches!(problem.pieces(), [only]
            if moves_like(&only.kind, &PieceKind::amazon())
                && only.count == b.rows().min(b.cols()))
}

impl Engine for AmazonsEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::Amazons.as_str(),
            summary: "min(rows, cols) amazons counted row by row with eight-fold symmetry",
            jobs: &[Job::Count, Job::CountParts],
            honours: Honours::PARALLEL,
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, job: Job) -> Result<Run<'p>, String> {
        if !is_plain_amazons(problem) {
            return Err(
                "the amazons engine only counts min(rows, cols) amazons (queen + knight) with nothing fixed"
                    .into(),
            );
        }
        let b = problem.board();
        if b.rows().max(b.cols()) as usize > MAX_SIDE {
            return Err(format!(
                "the amazons engine counts on boards with sides up to {MAX_SIDE}"
            ));
        }
        Ok(if job == Job::CountParts {
            Run::Parts(Box::new(Amazons))
        } else {
            Run::Count(Box::new(Amazons))
        })
    }
}

/// A count the amazons engine accepted: `min(rows, cols)` amazons alone, sides up to
/// [`MAX_SIDE`].
struct Amazons;

impl Count for Amazons {
    fn count(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        let b = problem.board();
        Ok(count(b.rows(), b.cols(), ctl)?.total.into())
    }

    fn count_unique(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        // On square boards the eight-fold counter finds the orbits on the way; on
        // other rectangles Burnside's lemma over the four symmetries does.
        let b = problem.board();
        let tally = count(b.rows(), b.cols(), ctl)?;
        match tally.unique {
            Some(unique) => Ok(unique.into()),
            None => crate::engine::orbits::burnside(problem, tally.total.into(), ctl),
        }
    }
}

impl CountParts for Amazons {
    fn count_parts(
        &self,
        problem: &Problem,
        ctl: &Control,
        parts: &Parts,
    ) -> Result<PartsReport, Error> {
        count_parts(problem, ctl, parts)
    }
}

/// Counts the placements of `min(rows, cols)` non-attacking amazons on `rows × cols`,
/// on `ctl.threads` threads, with progress reports (tasks done of tasks in all) and
/// cancellation ([`Error::Interrupted`]). Square boards of side 4 or more use the full
/// symmetry and also give the count up to symmetry; other boards use the mirror.
///
/// ```text
/// use queens::engine::amazons::count;
/// use queens::Control;
/// assert_eq!(count(12, 12, &Control::default()).unwrap().total, 156);
/// assert_eq!(count(9, 9, &Control::default()).unwrap().total, 0);
/// ```
pub fn count(rows: u32, cols: u32, ctl: &Control) -> Result<AmazonTally, Error> {
    let (k, w) = (rows.min(cols) as usize, rows.max(cols) as usize);
    if w > MAX_SIDE || k == 0 {
        return Err(Error::Unsupported(format!(
            "the amazons engine counts on boards with sides 1 to {MAX_SIDE}"
        )));
    }
    if k == w && k >= 4 {
        let tasks = square_tasks(k);
        let (total, unique) = run(&tasks, ctl, |t, stop| run_square(k, t, stop))?;
        Ok(AmazonTally {
            total: fit(total)?,
            unique: Some(fit(unique)?),
        })
    } else {
        count_mirror(k, w, ctl).map(|total| AmazonTally {
            total,
            unique: None,
        })
    }
}

/// Counts `rows` amazons on `rows × cols` (`rows <= cols`, `cols <= 64`) with the
/// left-right mirror only. [`count`] uses it for non-square boards; on squares it is
/// an independent check of the eight-fold method.
///
/// ```text
/// use queens::engine::amazons::count_mirror;
/// use queens::Control;
/// assert_eq!(count_mirror(10, 10, &Control::default()).unwrap(), 4);
/// ```
pub fn count_mirror(rows: usize, cols: usize, ctl: &Control) -> Result<u64, Error> {
    if rows == 0 || rows > cols || cols > MAX_SIDE {
        return Err(Error::Unsupported(format!(
            "count_mirror needs 1 <= rows <= cols <= {MAX_SIDE}"
        )));
    }
    let tasks = mirror_tasks(rows, cols);
    let (total, _) = run(&tasks, ctl, |&t, stop| {
        run_mirror(rows, cols, t, stop).map(|n| (n, 0))
    })?;
    fit(total)
}

/// A task of the mirror search: the column of the top row's amazon (in the left half)
/// and, on boards of more than one row, of the next row's.
type MirrorTask = (usize, Option<usize>);

/// The tasks of the mirror search of `rows` amazons on `rows × cols`.
fn mirror_tasks(rows: usize, cols: usize) -> Vec<MirrorTask> {
    let mut tasks = Vec::new();
    for c in 0..cols {
        if c > cols - 1 - c {
            break;
        }
        if rows == 1 {
            tasks.push((c, None));
        } else {
            tasks.extend((0..cols).map(|d| (c, Some(d))));
        }
    }
    tasks
}

/// Counts one task of the mirror search, weighted (a top amazon off the middle file
/// stands for its mirror image too); `None` when stopped.
fn run_mirror(
    rows: usize,
    cols: usize,
    (c, d): MirrorTask,
    stop: &dyn Fn() -> bool,
) -> Option<u64> {
    let mut masks = [full(cols); MAX_SIDE];
    masks[0] = 1 << c;
    if let Some(d) = d {
        masks[1] = 1 << d;
    }
    let n = walk(&masks, rows, |_, last| u64::from(last.count_ones()), stop)?;
    let weight = if c < cols - 1 - c { 2 } else { 1 };
    Some(n * weight)
}

/// The count of `problem` (checked: plain amazons) in parts: the square search's tasks
/// (which count orbits too) on square boards of side 4 or more, else the mirror
/// search's, with a last task for the fixed placements of the other symmetries.
fn count_parts(problem: &Problem, ctl: &Control, parts: &Parts) -> Result<PartsReport, Error> {
    parts::only_method("amazons", Method::Amazons, parts.method)?;
    let b = problem.board();
    let (k, w) = (
        b.rows().min(b.cols()) as usize,
        b.rows().max(b.cols()) as usize,
    );
    let tally = |total: u64, unique: u64| Tally {
        total: total.into(),
        unique: unique.into(),
    };
    // One plan for either search; `summed`: its tasks count orbits too.
    type Task<'t> = &'t (dyn Fn(usize, &dyn Fn() -> bool) -> Option<Tally> + Sync);
    let in_parts = |tasks: String, count: usize, summed: bool, task: Task| {
        let id = PlanId::of("amazons", Method::Amazons, 1, tasks);
        let plan = TaskList::new(
            id,
            problem,
            count,
            summed,
            |i, _: &Control, stop: &dyn Fn() -> bool| Ok(task(i, stop)),
        );
        parts::count_in_parts(&plan, ctl, parts)
    };
    if k == w && k >= 4 {
        let tasks = square_tasks(k);
        in_parts(
            format!("amazons-square-v1 {tasks:?}"),
            tasks.len(),
            true,
            &|i, stop| run_square(k, &tasks[i], stop).map(|(t, u)| tally(t, u)),
        )
    } else {
        let tasks = mirror_tasks(k, w);
        in_parts(
            format!("amazons-mirror-v1 {k}x{w} {tasks:?}"),
            tasks.len(),
            false,
            &|i, stop| run_mirror(k, w, tasks[i], stop).map(|t| tally(t, 0)),
        )
    }
}

/// A sum as `u64` (every count within reach of this search fits).
fn fit(n: u128) -> Result<u64, Error> {
    u64::try_from(n).map_err(|_| Error::Unsupported("an amazon count past 2^64".into()))
}

/// A task of the square search: the columns of the amazons on the top three rows
/// (the top one `a` in the left half).
type SquareTask = [usize; 3];

/// Whether amazons on `(r1, c1)` and `(r2, c2)` attack each other (or coincide).
fn amazons_attack((r1, c1): (usize, usize), (r2, c2): (usize, usize)) -> bool {
    let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
    dr == 0 || dc == 0 || dr == dc || (dr.min(dc) == 1 && dr.max(dc) == 2)
}

/// The masks of the square search for top-row column `a`: row 0 holds `a`; no edge
/// amazon may be nearer a corner than `a`, so rows above `a` and below `n - 1 - a` keep
/// off the edge files and the bottom row stays within `a ..= n - 1 - a`.
fn square_masks(n: usize, a: usize) -> [u64; MAX_SIDE] {
    let inner = full(n) & !1 & !(1 << (n - 1));
    let mut masks = [0u64; MAX_SIDE];
    for (row, m) in masks.iter_mut().enumerate().take(n) {
        *m = if row < a || row > n - 1 - a {
            inner
        } else {
            full(n)
        };
    }
    masks[n - 1] &= full(n - a) & !full(a);
    masks[0] = 1 << a;
    masks
}

/// The masks of the task `[a, d, _]`: those of [`square_masks`] with row 1 on `d`,
/// and, in the corner class (`a == 0`), the amazon of file 1 below row `d`: of a
/// solution and its mirror image in the main diagonal (never the same solution, since
/// two amazons on squares mirrored in it share an anti-diagonal) exactly one has that.
fn task_masks(n: usize, a: usize, d: usize) -> [u64; MAX_SIDE] {
    let mut masks = square_masks(n, a);
    masks[1] &= 1 << d;
    if a == 0 {
        for m in masks.iter_mut().take(d + 1).skip(2) {
            *m &= !2;
        }
    }
    masks
}

/// Every top-row column `a` in the left half with the columns of rows 1 and 2 that
/// the masks allow and that stand apart.
fn square_tasks(n: usize) -> Vec<SquareTask> {
    let mut tasks = Vec::new();
    for a in 0..=(n - 1) / 2 {
        for d in (0..n).filter(|&d| !amazons_attack((0, a), (1, d))) {
            let masks = task_masks(n, a, d);
            if masks[1] == 0 {
                continue;
            }
            if n == 4 {
                tasks.push([a, d, usize::MAX]);
                continue;
            }
            for e in (0..n).filter(|&e| masks[2] >> e & 1 == 1) {
                if !amazons_attack((0, a), (2, e)) && !amazons_attack((1, d), (2, e)) {
                    tasks.push([a, d, e]);
                }
            }
        }
    }
    tasks
}

/// Counts one square task: returns (weighted total, canonical solutions).
fn run_square(n: usize, &[a, d, e]: &SquareTask, stop: &dyn Fn() -> bool) -> Option<(u64, u64)> {
    let mut masks = task_masks(n, a, d);
    if e != usize::MAX {
        masks[2] &= 1 << e;
    }
    let edge = 1u64 | (1 << (n - 1));
    // Columns of the bottom row at distance `a` from a corner.
    let tie_cols = (1u64 << a) | (1u64 << (n - 1 - a));
    let mirror_tie = a == n - 1 - a;
    let mut unique = 0u64;
    let total = walk(
        &masks,
        n,
        |placed, last| {
            if a == 0 {
                // The corner class: every solution stands for eight.
                let k = u64::from(last.count_ones());
                unique += k;
                return 8 * k;
            }
            // The top rows of the images are the distances of the edge amazons to their
            // corners; the search keeps them all >= a. Does one equal a apart from the
            // bottom row's? (Left or right file amazon on row a or n - 1 - a.)
            let tied =
                mirror_tie || edge >> placed[a] & 1 == 1 || edge >> placed[n - 1 - a] & 1 == 1;
            let mut sum = 0;
            let mut check = last;
            if !tied {
                // Every image has a larger top row: the least, fixed by no symmetry.
                let k = u64::from((last & !tie_cols).count_ones());
                unique += k;
                sum += 8 * k;
                check &= tie_cols;
            }
            while check != 0 {
                let mut p = *placed;
                p[n - 1] = check.trailing_zeros() as u8;
                check &= check - 1;
                if let Some(w) = orbit_weight(&p[..n]) {
                    unique += 1;
                    sum += w;
                }
            }
            sum
        },
        stop,
    )?;
    Some((total, unique))
}

/// `8 / s` when `p` (the column of each row) is the least of its eight images, `s`
/// being how many of them equal it; `None` when an image is smaller.
fn orbit_weight(p: &[u8]) -> Option<u64> {
    let n = p.len();
    let m = (n - 1) as u8;
    let mut same = 1u64;
    let mut img = [0u8; MAX_SIDE];
    for g in 1..8 {
        for (r, &c) in p.iter().enumerate() {
            let rr = r as u8;
            // (row, col) -> image square
            let (ir, ic) = match g {
                1 => (rr, m - c),     // mirror left-right
                2 => (m - rr, c),     // mirror top-bottom
                3 => (m - rr, m - c), // half turn
                4 => (c, rr),         // main diagonal
                5 => (m - c, m - rr), // anti-diagonal
                6 => (c, m - rr),     // quarter turn
                _ => (m - c, rr),     // three-quarter turn
            };
            img[ir as usize] = ic;
        }
        match img[..n].cmp(p) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => same += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    Some(8 / same)
}

/// The mask of the columns `0..w`.
fn full(w: usize) -> u64 {
    if w >= 64 { !0 } else { (1u64 << w) - 1 }
}

/// Runs `task` on every element of `tasks` on rayon's pool of `ctl.thread_count()`
/// threads (work stealing, [`Control::in_pool`]) and adds up the pairs it returns.
fn run<T: Sync>(
    tasks: &[T],
    ctl: &Control,
    task: impl Fn(&T, &dyn Fn() -> bool) -> Option<(u64, u64)> + Sync,
) -> Result<(u128, u128), Error> {
    let finished = AtomicU64::new(0);
    let all = tasks.len() as u64;
    ctl.report(0, all);
    ctl.in_pool(|| {
        tasks
            .par_iter()
            .map(|t| {
                if ctl.cancelled() {
                    return Err(Error::Interrupted);
                }
                // A task stopped inside (a cancel or the budget) is not finished.
                let (a, b) = task(t, &|| ctl.cancelled()).ok_or(Error::Interrupted)?;
                ctl.report(finished.fetch_add(1, Ordering::Relaxed) + 1, all);
                Ok((u128::from(a), u128::from(b)))
            })
            .try_reduce(|| (0, 0), |x, y| Ok((x.0 + y.0, x.1 + y.1)))
    })
}

/// Depth-first search over rows `0..rows`, each row's amazon in `masks[row]`. Calls
/// `leaf(placed, last)` at every placement of rows `0..rows - 1` (columns in `placed`)
/// with `last`, the free columns of the last row (nonzero), and returns the sum of what
/// it returns.
fn walk(
    masks: &[u64; MAX_SIDE],
    rows: usize,
    leaf: impl FnMut(&[u8; MAX_SIDE], u64) -> u64,
    stop: &dyn Fn() -> bool,
) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") && std::arch::is_x86_feature_detected!("bmi1")
    {
        // SAFETY: the CPU has the features the function is compiled for.
        return unsafe { walk_x86(masks, rows, leaf, stop) };
    }
    walk_body(masks, rows, leaf, stop)
}

/// [`walk_body`] compiled with the `popcnt` and `bmi1` instructions, which the baseline
/// x86-64 target lacks.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1")]
unsafe fn walk_x86(
    masks: &[u64; MAX_SIDE],
    rows: usize,
    leaf: impl FnMut(&[u8; MAX_SIDE], u64) -> u64,
    stop: &dyn Fn() -> bool,
) -> Option<u64> {
    walk_body(masks, rows, leaf, stop)
}

#[inline(always)]
fn walk_body(
    masks: &[u64; MAX_SIDE],
    rows: usize,
    mut leaf: impl FnMut(&[u8; MAX_SIDE], u64) -> u64,
    stop: &dyn Fn() -> bool,
) -> Option<u64> {
    let mut placed = [0u8; MAX_SIDE];
    if rows == 0 {
        return Some(1);
    }
    let last = rows - 1;
    if last == 0 {
        return Some(if masks[0] == 0 {
            0
        } else {
            leaf(&placed, masks[0])
        });
    }
    // Frame per row: column, diagonal masks, the knight mask the row before left on
    // the row after this one, and the columns still to try.
    let mut stack = [(0u64, 0u64, 0u64, 0u64, 0u64); MAX_SIDE];
    let (mut cols, mut ld, mut rd, mut knight, mut avail) = (0u64, 0u64, 0u64, 0u64, masks[0]);
    let mut row = 0usize;
    let mut sum = 0u64;
    loop {
        if avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            placed[row & (MAX_SIDE - 1)] = bit.trailing_zeros() as u8;
            let nc = cols | bit;
            let nl = (ld | bit) << 1;
            let nr = (rd | bit) >> 1;
            let next = masks[(row + 1) & (MAX_SIDE - 1)]
                & !(nc | nl | nr | knight | (bit << 2) | (bit >> 2));
            if next == 0 {
                continue;
            }
            if row + 1 == last {
                sum += leaf(&placed, next);
            } else {
                stack[row & (MAX_SIDE - 1)] = (cols, ld, rd, knight, avail);
                (cols, ld, rd, knight, avail) = (nc, nl, nr, (bit << 1) | (bit >> 1), next);
                row += 1;
            }
        } else if row == 0 {
            break;
        } else {
            row -= 1;
            (cols, ld, rd, knight, avail) = stack[row & (MAX_SIDE - 1)];
            // Back near the root: a subtree of the rows below is done. Ask whether to
            // stop (rarely enough to cost nothing, often enough to stop in
            // milliseconds at N = 23).
            if row < STOP_ROWS && stop() {
                return None;
            }
        }
    }
    Some(sum)
}

/// The search asks whether to stop each time it backs up to a row above this one.
const STOP_ROWS: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    /// Brute force over permutations, attacks written out.
    fn brute(rows: usize, cols: usize) -> u64 {
        fn go(rows: usize, cols: usize, p: &mut Vec<usize>) -> u64 {
            if p.len() == rows {
                return 1;
            }
            let r = p.len();
            let mut n = 0;
            for c in 0..cols {
                let ok = p.iter().enumerate().all(|(r2, &c2)| {
                    let (dr, dc) = (r - r2, c.abs_diff(c2));
                    dc != 0 && dc != dr && !(dr == 1 && dc == 2) && !(dr == 2 && dc == 1)
                });
                if ok {
                    p.push(c);
                    n += go(rows, cols, p);
                    p.pop();
                }
            }
            n
        }
        go(rows, cols, &mut Vec::new())
    }

    #[test]
    fn small_boards_match_brute_force() {
        let ctl = Control::default();
        for rows in 1..=9 {
            for cols in rows..=10 {
                let want = brute(rows, cols);
                assert_eq!(
                    count_mirror(rows, cols, &ctl).unwrap(),
                    want,
                    "{rows}x{cols}"
                );
                let t = count(rows as u32, cols as u32, &ctl).unwrap();
                assert_eq!(t.total, want, "{rows}x{cols}");
                assert_eq!(count(cols as u32, rows as u32, &ctl).unwrap().total, want);
            }
        }
    }

    #[test]
    fn square_and_mirror_agree() {
        let ctl = Control {
            threads: 2,
            ..Control::default()
        };
        for n in 4..=13 {
            let t = count(n, n, &ctl).unwrap();
            assert_eq!(t.total, count_mirror(n as usize, n as usize, &ctl).unwrap());
        }
    }

    /// `n` amazons on the n x n board.
    fn amazons(n: u32) -> crate::Problem {
        crate::Problem::new(
            crate::Board::square(n).unwrap(),
            vec![crate::PieceCount {
                kind: PieceKind::amazon(),
                count: n,
            }],
            crate::Placement::default(),
        )
        .unwrap()
    }

    #[test]
    fn unique_counts_are_orbits() {
        // Orbits by enumeration with the exact engine (every solution turned by hand).
        for n in [4u32, 10, 11, 12] {
            let p = amazons(n);
            let ctl = Control::default();
            let orbits = crate::symmetry::count_unique_by_enumeration(
                &p,
                crate::EngineChoice::Named(crate::engine::EngineName::Exact),
                &crate::Settings::default(),
            )
            .unwrap();
            assert_eq!(count(n, n, &ctl).unwrap().unique, Some(orbits), "n={n}");
        }
    }

    #[test]
    fn cancelling_stops_with_interrupted() {
        let stop = AtomicBool::new(true);
        let ctl = Control::stopped_by(&stop);
        assert_eq!(count(14, 14, &ctl), Err(Error::Interrupted));
    }

    // Moved from tests/it/counting.rs: the counter's own orbits are internal.
    /// The count up to symmetry that the amazon counter finds on the way agrees with
    /// Burnside's lemma over its total (`symmetry::burnside`, whose fixed counts are
    /// searched apart).
    #[test]
    fn amazon_orbits_match_burnside() {
        let ctl = Control::default();
        for n in 10..=15u32 {
            let p = amazons(n);
            let t = count(n, n, &ctl).unwrap();
            let burnside = crate::engine::orbits::burnside(&p, t.total.into(), &ctl).unwrap();
            assert_eq!(t.unique.map(BigUint::from), Some(burnside), "n={n}");
        }
    }
}
