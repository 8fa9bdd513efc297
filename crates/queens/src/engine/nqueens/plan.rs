//! The task list of one count: which partial placements are searched, with which
//! symmetry restrictions, and how each complete solution is weighed.
//!
//! # Symmetry classes
//! On a square board the eight symmetries (rotations and reflections) split the
//! solutions into classes of 8, 4 or 2 (a solution is never fixed by a reflection, so
//! only the rotations can fix it). The counter visits, as far as pruning allows, only
//! the *canonical* member of each class, the lexicographically least column vector, and
//! adds the class size to the total and one to the unique count.
//!
//! The least vector has the least possible queen column in row 0, so in it the queen of
//! row 0 is at least as near a corner as every other queen on the board's edge. Two
//! kinds of tasks follow:
//!
//! - **corner** (row 0 queen in column 0): the class has 8 members, and exactly two of
//!   them have a queen in that corner, mirror images in the main diagonal. The one whose
//!   row-1 queen is left of its column-1 queen's row is kept by barring column 1 on
//!   rows `2 .. b` (where `b` is row 1's column); the last row is counted by popcount.
//! - **edge** (row 0 queen in column `c`, `1 <= c <= (n-1)/2`): columns 0 and `n-1` are
//!   barred on rows `1 .. c` and `n-c .. n`, and the last row is held to columns
//!   `c ..= n-1-c`. Each solution found is then compared with its seven images: it
//!   counts only if none is smaller, with weight 8 / (number of images equal to it).
//!
//! A rectangle `R × C` (`R < C`, one queen per row) has four symmetries: the same idea
//! with row 0 in the left half and the last row held to `c ..= C-1-c`.
//!
//! # Tasks
//! The prefixes of the first `depth` rows that satisfy these restrictions are the tasks,
//! in a fixed order. `depth` is the least that gives enough tasks to balance threads and
//! to make checkpoints fine-grained; it depends only on the board, so the list (and its
//! [`Plan::fingerprint`]) is the same on every machine.
//!
//! # Methods
//! A plan counts by one of two [`Method`]s: the backtracking search above (totals and
//! counts up to symmetry, any rectangle), or the half-board join of [`super::join`]
//! (totals only, square boards up to [`MAX_JOIN_SIDE`], far faster). The method is
//! part of the fingerprint, so partial results of one are never added to the other's.
//!
//! `depth` is the least giving at least 1500 tasks (`TARGET_TASKS`), never under 2 rows on
//! a square and never the whole board. The list's FNV-1a fingerprint is stored in
//! checkpoints and shard results, so partial results of a different task list (another
//! board or counter version) are refused.

use super::join::{JoinPlan, MAX_JOIN_SIDE};

/// Largest square the join counts without being asked to (`--method join` takes it up to
/// [`MAX_JOIN_SIDE`]): from 22 on, a join task's half searches run for seconds without
/// looking at the clock or a cancel, so a budget or Ctrl-C would wait for them, and the
/// lists of two threads' tasks take gigabytes.
pub const DEFAULT_JOIN_SIDE: usize = 21;
use super::kernel::{self, MAX_SIDE};
use crate::error::Error;

pub use crate::engine::parts::method::Method;
pub use crate::engine::parts::tally::Tally;

/// Enough tasks for dynamic load balancing on many cores and for checkpoints that
/// lose little when a run is killed.
const TARGET_TASKS: usize = 1500;

/// The deterministic task list for one board (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Plan {
    rows: usize,
    cols: usize,
    depth: usize,
    /// The prefixes, `depth` columns each, back to back.
    prefixes: Vec<u8>,
    /// The join's task list when the plan counts by [`Method::Join`].
    join: Option<JoinPlan>,
}

impl Plan {
    /// Whether a plan can be made for a `rows × cols` board (without making it, which
    /// costs more than counting a small board).
    pub fn check(rows: u32, cols: u32) -> Result<(), Error> {
        let (r, c) = (rows.min(cols) as usize, rows.max(cols) as usize);
        if r == 0 || c > MAX_SIDE {
            return Err(Error::Unsupported(format!(
                "the nqueens counter handles boards with sides from 1 to {MAX_SIDE}, not {rows}x{cols}"
            )));
        }
        Ok(())
    }

    /// The plan for `min(rows, cols)` queens on a `rows × cols` board. The board is
    /// transposed when it has more rows than columns, so that every row gets a queen.
    ///
    /// ```text
    /// use queens::engine::nqueens::Plan;
    /// let p = Plan::new(8, 8).unwrap();
    /// assert_eq!(p.run_all(), queens::engine::nqueens::Tally { total: 92, unique: 12 });
    /// assert!(Plan::new(8, 65).is_err());
    /// ```
    pub fn new(rows: u32, cols: u32) -> Result<Plan, Error> {
        Plan::check(rows, cols)?;
        let (r, c) = (rows.min(cols) as usize, rows.max(cols) as usize);
        let mut plan = Plan {
            rows: r,
            cols: c,
            depth: 0,
            prefixes: Vec::new(),
            join: None,
        };
        // The square classes need row 1 fixed in a task (it sets the corner masks).
        let min_depth = if plan.square() { 2.min(r) } else { 1 };
        let mut level: Vec<Vec<u8>> = vec![Vec::new()];
        for d in 0..r {
            level = level.iter().flat_map(|p| plan.extend(p)).collect();
            if d + 1 >= min_depth && (level.len() >= TARGET_TASKS || d + 2 >= r) {
                plan.depth = d + 1;
                break;
            }
        }
        plan.prefixes = level.concat();
        Ok(plan)
    }

    /// The half-board join plan for `n` queens on `n × n` ([`Method::Join`]): totals
    /// only, `1 <= n <=` [`MAX_JOIN_SIDE`].
    ///
    /// ```text
    /// use queens::engine::nqueens::{Method, Plan};
    /// let p = Plan::join(10).unwrap();
    /// assert_eq!((p.method(), p.run_all().total), (Method::Join, 724));
    /// assert_ne!(p.fingerprint(), Plan::new(10, 10).unwrap().fingerprint());
    /// assert!(Plan::join(30).is_err());
    /// ```
    pub fn join(n: u32) -> Result<Plan, Error> {
        let join = JoinPlan::new(n as usize).ok_or_else(|| {
            Error::Unsupported(format!(
                "the join counts square boards with sides from 1 to {MAX_JOIN_SIDE}, not {n}x{n}"
            ))
        })?;
        Ok(Plan {
            rows: n as usize,
            cols: n as usize,
            depth: 0,
            prefixes: Vec::new(),
            join: Some(join),
        })
    }

    /// The plan for `rows × cols` by `method` ([`Plan::new`] or [`Plan::join`]).
    pub fn with_method(rows: u32, cols: u32, method: Method) -> Result<Plan, Error> {
        match method {
            Method::Backtrack => Plan::new(rows, cols),
            Method::Join if rows == cols => Plan::join(rows),
            Method::Join => Err(Error::Unsupported(format!(
                "the join counts square boards only, not {rows}x{cols}"
            ))),
            other => Err(Error::Unsupported(format!(
                "the nqueens engine counts by join or backtrack, not {other}"
            ))),
        }
    }

    /// The fastest method for the total of `rows × cols`: the join on squares it
    /// handles, else the backtracking search.
    ///
    /// ```text
    /// use queens::engine::nqueens::{Method, Plan};
    /// assert_eq!(Plan::total_method(12, 12), Method::Join);
    /// assert_eq!(Plan::total_method(7, 9), Method::Backtrack);
    /// ```
    pub fn total_method(rows: u32, cols: u32) -> Method {
        if rows == cols && rows >= 1 && rows as usize <= DEFAULT_JOIN_SIDE {
            Method::Join
        } else {
            Method::Backtrack
        }
    }

    /// How this plan counts.
    pub fn method(&self) -> Method {
        if self.join.is_some() {
            Method::Join
        } else {
            Method::Backtrack
        }
    }

    /// Rows (the short side: one queen per row).
    pub fn rows(&self) -> u32 {
        self.rows as u32
    }

    /// Columns (the long side).
    pub fn cols(&self) -> u32 {
        self.cols as u32
    }

    /// Number of tasks.
    pub fn len(&self) -> usize {
        if let Some(j) = &self.join {
            return j.len();
        }
        self.prefixes.len().checked_div(self.depth).unwrap_or(0)
    }

    /// A 64-bit digest of the method, the board, the algorithm version and the task
    /// list: two plans with the same fingerprint split the work the same way, so
    /// partial results (checkpoints, shards) of one can be used for the other.
    pub fn fingerprint(&self) -> String {
        if let Some(j) = &self.join {
            return j.fingerprint();
        }
        let mut bytes = b"nqueens-plan-v1".to_vec();
        for v in [self.rows, self.cols, self.depth] {
            bytes.extend((v as u32).to_le_bytes());
        }
        bytes.extend(&self.prefixes);
        super::fnv1a(bytes)
    }

    /// Whether the board is square (eight symmetries, not four).
    fn square(&self) -> bool {
        self.rows == self.cols && self.rows > 1
    }

    fn full(&self) -> u64 {
        if self.cols == 64 {
            !0
        } else {
            (1u64 << self.cols) - 1
        }
    }

    /// The columns a queen in row `r` may use given the queens of rows `0..r`
    /// (`prefix`, at least long enough to name the task's class), before attacks.
    fn mask(&self, prefix: &[u8], r: usize) -> u64 {
        let full = self.full();
        let (n, last) = (self.cols, self.rows - 1);
        let span = |lo: usize, hi: usize| -> u64 {
            // columns lo..=hi
            if lo > hi {
                0
            } else {
                (full >> (n - 1 - hi)) & (full << lo)
            }
        };
        if r == 0 {
            return span(0, (n - 1) / 2);
        }
        let c = prefix[0] as usize;
        if !self.square() {
            return if r == last { span(c, n - 1 - c) } else { full };
        }
        if c == 0 {
            // Corner class: column 1 is barred above row b (b = row 1's column).
            let b = prefix.get(1).map_or(0, |&b| b as usize);
            return if r >= 2 && r < b { full & !2 } else { full };
        }
        if r == last {
            span(c, n - 1 - c)
        } else if r < c || r > last - c {
            full & !(1 | 1u64 << (n - 1))
        } else {
            full
        }
    }

    /// The prefixes one row longer than `prefix` that keep to the masks.
    fn extend(&self, prefix: &[u8]) -> Vec<Vec<u8>> {
        let r = prefix.len();
        let (cols, ld, rd) = attacks(prefix);
        let mut avail = self.mask(prefix, r) & !(cols | ld | rd);
        let mut out = Vec::new();
        while avail != 0 {
            let c = avail.trailing_zeros() as u8;
            avail &= avail - 1;
            let mut p = prefix.to_vec();
            p.push(c);
            out.push(p);
        }
        out
    }

    /// The prefix of task `i` (columns of rows `0..depth`; empty in a join plan).
    pub fn prefix(&self, i: usize) -> &[u8] {
        if self.join.is_some() {
            return &[];
        }
        &self.prefixes[i * self.depth..(i + 1) * self.depth]
    }

    #[cfg(test)]
    /// Counts the solutions of task `i` (in a join plan, the total only).
    pub fn run_task(&self, i: usize) -> Tally {
        self.run_task_until(i, &|| false)
            .expect("a task that is never stopped finishes")
    }

    /// Counts the solutions of task `i`, or `None` when `stop` said so first. On
    /// boards wider than [`UNPOLLED_SIDE`] the loops ask `stop` every
    /// [`kernel::POLL`] descents: a task of 64 queens runs for seconds or far longer,
    /// and a cancel or a time budget must be seen within milliseconds on any board.
    /// (Tasks were split into sub-tasks of 14 rows, `stop` asked before each: at 64
    /// queens the rows above them ran for seconds between two asks.)
    pub fn run_task_until(&self, i: usize, stop: &dyn Fn() -> bool) -> Option<Tally> {
        if let Some(j) = &self.join {
            return j.run_task_until(i, stop);
        }
        let prefix = self.prefix(i);
        let mut masks = [0u64; MAX_SIDE];
        for (r, m) in masks
            .iter_mut()
            .enumerate()
            .take(self.rows)
            .skip(self.depth)
        {
            *m = self.mask(prefix, r);
        }
        let stop = if self.cols > UNPOLLED_SIDE {
            Some(stop)
        } else if stop() {
            return None;
        } else {
            None
        };
        if self.square() && prefix[0] == 0 {
            let found =
                kernel::count_completions(&masks, self.rows, prefix.len(), attacks(prefix), stop)?
                    as u128;
            return Some(Tally {
                total: 8 * found,
                unique: found,
            });
        }
        let mut unique = 0u64;
        let total = if self.square() {
            kernel::visit_solutions(&masks, self.rows, prefix, stop, |p| {
                let w = square_class(p);
                unique += u64::from(w != 0);
                w
            })
        } else {
            let cols = self.cols;
            kernel::visit_solutions(&masks, self.rows, prefix, stop, |p| {
                let w = rectangle_class(p, cols);
                unique += u64::from(w != 0);
                w
            })
        }?;
        Some(Tally {
            total: total as u128,
            unique: unique as u128,
        })
    }

    #[cfg(test)]
    /// Runs every task on this thread and adds them up (for small boards and tests).
    pub fn run_all(&self) -> Tally {
        let mut t = Tally::default();
        for i in 0..self.len() {
            t += self.run_task(i);
        }
        t
    }
}

/// Boards up to this many columns run their tasks without polling the stop (a copy of
/// the loops a few per cent faster): their longest task takes a few milliseconds
/// (17 queens: 46 ms of the 10,029 tasks, on a busy machine), about as long as one poll's interval on larger boards.
const UNPOLLED_SIDE: usize = 17;

/// Columns and diagonals attacked on row `prefix.len()` by the queens of `prefix`.
fn attacks(prefix: &[u8]) -> (u64, u64, u64) {
    let (mut cols, mut ld, mut rd) = (0u64, 0u64, 0u64);
    for &c in prefix {
        let bit = 1u64 << c;
        cols |= bit;
        ld = (ld | bit) << 1;
        rd = (rd | bit) >> 1;
    }
    (cols, ld, rd)
}

/// How `p` compares with its image `img(i)` (column of row `i` in the image),
/// lexicographically.
#[inline]
fn cmp_image(p: &[u8], img: impl Fn(usize) -> u8) -> std::cmp::Ordering {
    for (i, &x) in p.iter().enumerate() {
        let y = img(i);
        if x != y {
            return x.cmp(&y);
        }
    }
    std::cmp::Ordering::Equal
}

/// The size of the symmetry class of the square-board solution `p` if `p` is its
/// least member, else 0.
fn square_class(p: &[u8]) -> u64 {
    use std::cmp::Ordering::{Equal, Greater};
    let n = p.len();
    let m = (n - 1) as u8;
    let mut inv = [0u8; MAX_SIDE];
    for (r, &c) in p.iter().enumerate() {
        inv[c as usize] = r as u8;
    }
    let mut fixed = 1; // images equal to p: the identity
    for g in 1..8 {
        let ord = match g {
            1 => cmp_image(p, |i| m - p[i]),
            2 => cmp_image(p, |i| p[n - 1 - i]),
            3 => cmp_image(p, |i| m - p[n - 1 - i]),
            4 => cmp_image(p, |i| inv[i]),
            5 => cmp_image(p, |i| m - inv[i]),
            6 => cmp_image(p, |i| inv[n - 1 - i]),
            _ => cmp_image(p, |i| m - inv[n - 1 - i]),
        };
        match ord {
            Greater => return 0,
            Equal => fixed += 1,
            _ => {}
        }
    }
    8 / fixed
}

/// Like [`square_class`] for a rectangle with `cols` columns (four symmetries).
fn rectangle_class(p: &[u8], cols: usize) -> u64 {
    use std::cmp::Ordering::{Equal, Greater};
    let n = p.len();
    let m = (cols - 1) as u8;
    let mut fixed = 1;
    for g in 1..4 {
        let ord = match g {
            1 => cmp_image(p, |i| m - p[i]),
            2 => cmp_image(p, |i| p[n - 1 - i]),
            _ => cmp_image(p, |i| m - p[n - 1 - i]),
        };
        match ord {
            Greater => return 0,
            Equal => fixed += 1,
            _ => {}
        }
    }
    4 / fixed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All solutions by plain search, classes by brute force over the images.
    fn brute(rows: usize, cols: usize) -> Tally {
        let full = if cols == 64 { !0 } else { (1u64 << cols) - 1 };
        let masks = [full; MAX_SIDE];
        let mut sols = Vec::new();
        kernel::visit_solutions(&masks, rows, &[], None, |p| {
            sols.push(p.to_vec());
            1
        });
        let set: std::collections::HashSet<Vec<u8>> = sols.iter().cloned().collect();
        let mut unique = 0;
        for s in &sols {
            // images as sets of squares, normalised to one queen per row
            let sq: Vec<(usize, usize)> = s
                .iter()
                .enumerate()
                .map(|(r, &c)| (r, c as usize))
                .collect();
            let (mr, mc) = (rows - 1, cols - 1);
            type Map = Box<dyn Fn((usize, usize)) -> (usize, usize)>;
            let maps: Vec<Map> = if rows == cols {
                vec![
                    Box::new(|(r, c)| (r, c)),
                    Box::new(move |(r, c)| (r, mc - c)),
                    Box::new(move |(r, c)| (mr - r, c)),
                    Box::new(move |(r, c)| (mr - r, mc - c)),
                    Box::new(|(r, c)| (c, r)),
                    Box::new(move |(r, c)| (c, mr - r)),
                    Box::new(move |(r, c)| (mc - c, r)),
                    Box::new(move |(r, c)| (mc - c, mr - r)),
                ]
            } else {
                vec![
                    Box::new(|(r, c)| (r, c)),
                    Box::new(move |(r, c)| (r, mc - c)),
                    Box::new(move |(r, c)| (mr - r, c)),
                    Box::new(move |(r, c)| (mr - r, mc - c)),
                ]
            };
            let least = maps
                .iter()
                .map(|f| {
                    let mut v = vec![0u8; rows];
                    for &x in &sq {
                        let (r, c) = f(x);
                        v[r] = c as u8;
                    }
                    assert!(set.contains(&v));
                    v
                })
                .min()
                .unwrap();
            unique += u128::from(&least == s);
        }
        Tally {
            total: sols.len() as u128,
            unique,
        }
    }

    #[test]
    fn symmetry_classes_match_brute_force() {
        for n in 1..=9 {
            assert_eq!(
                Plan::new(n, n).unwrap().run_all(),
                brute(n as usize, n as usize),
                "{n}x{n}"
            );
        }
        for (r, c) in [
            (1u32, 1u32),
            (1, 5),
            (2, 3),
            (2, 6),
            (3, 4),
            (3, 7),
            (4, 5),
            (4, 9),
            (5, 6),
            (6, 9),
            (7, 8),
        ] {
            let want = brute(r as usize, c as usize);
            assert_eq!(Plan::new(r, c).unwrap().run_all(), want, "{r}x{c}");
            assert_eq!(Plan::new(c, r).unwrap().run_all(), want, "{c}x{r}");
        }
    }

    #[test]
    fn plans_are_deterministic_and_fine_grained() {
        let a = Plan::new(14, 14).unwrap();
        let b = Plan::new(14, 14).unwrap();
        assert_eq!(a.fingerprint(), b.fingerprint());
        assert!(a.len() >= TARGET_TASKS, "{}", a.len());
        assert_ne!(a.fingerprint(), Plan::new(13, 13).unwrap().fingerprint());
        assert_eq!(
            Plan::new(5, 7).unwrap().fingerprint(),
            Plan::new(7, 5).unwrap().fingerprint()
        );
    }
}
