//! The half-board join: N-queens totals by meet-in-the-middle over the east and west
//! halves of the board, instead of a search of the whole board.
//!
//! # Idea
//! Every column of a solution holds one queen. On an even board `n = 2h` the `h` east
//! columns (`c >= h`) therefore hold `h` queens, in some set `R` of `h` rows, and the
//! west columns hold the other `h` rows. An *east half-solution* on `R` is `h`
//! non-attacking queens, one in each east column, on exactly the rows `R`; a west
//! half-solution likewise. An east and a west half-solution make a solution exactly when
//! they share no diagonal: rows and columns cannot clash across the halves. So
//!
//! `Q(n) = Σ_R #{(E, W) : E east on R, W west on rows \ R, diagonals of E and W disjoint}`.
//!
//! Only the diagonals both halves can reach matter (`n - 1` of each family, `n - 2` on
//! odd boards, where the middle column belongs to neither half), so a
//! half-solution is kept as one *key*: its diagonals in that overlap. Per task, the
//! diagonals one side cannot use with the edge rows it has are left out too (the
//! extreme ones are reached on one side from a single square of the top or bottom
//! row), so up to n = 19 every key fits a `u32`; the lists then take half the memory.
//!
//! On an odd board `n = 2h + 1` the middle column holds one queen, in some row `m`, and
//! the other `2h` rows split into east and west as above. The middle row holds one too,
//! in some column `c`, and transposing the board swaps `m - h` and `c - h`; the two
//! are never equal in size but in the centre (`m = c = h`: else the two queens share a
//! diagonal). So the join counts the solutions with `|m - h| < |c - h|`, twice, and
//! those with a queen in the centre, once; the first and last rows never hold `m`.
//! Two kinds of task:
//! - `m` among the middle rows (see *Tasks*): one task serves every such `m` at once.
//!   Its half searches leave the middle column free and *tag* each key with the rows
//!   `m` it cannot go with: those it attacks, and those at least as far from the
//!   centre as its queen of row `h`. Per split, each bucket pair is joined once per
//!   `m`, on the keys whose tags leave `m` free. At n = 17 (8 edge rows) a search per
//!   `m` (as before) listed 64 million half-solutions in all; these tasks list 19
//!   million for the 9 middle rows, and the edge rows' tasks 17 million.
//! - `m` an edge row: a task fixes `m` and bars its row and its two diagonals, and its
//!   searches place the queen of row `h` only where `|c - h| > |m - h|`.
//!
//! # Tasks
//! A task is a *group* of row splits: those whose east rows meet the `2 e` *edge rows*
//! (the top `e` and the bottom `e`) in one given set `A` (and, on odd boards, with one
//! middle-column row `m` among the edge rows, or any among the middle rows). The
//! `n - 2e` other rows are the *middle rows*; `e` is
//! chosen so that there are at most 2^10 (odd boards: 2^11) middle-row subsets. One
//! search of the east half per task lists the east half-solutions of all the splits
//! of its group at once, into one bucket per set of middle rows used, and one search
//! of the west half (edge rows `edge \ A`) gives the partners. A search per split
//! would repeat the shallow levels of the tree once for every split (measured 7x the
//! leaves in loop steps at n = 16, against 1.3x for a search per group). Each search
//! places the needed edge rows first, row by row, then fills the remaining columns
//! column by column from the middle rows, so it rarely reaches a dead end.
//!
//! # Symmetry
//! Mirroring the columns turns a solution with east rows `R` into one with east rows
//! `R^c`; reversing the rows turns it into one with east rows `rev R` (and `m` into
//! `n - 1 - m`). Both maps send groups to groups (the edge rows are symmetric), so
//! the tasks are the least group of each orbit, weighed by the orbit's size (1, 2 or
//! 4). When a map sends a group to itself (reversal, or reversal and mirror, on an
//! even board or in the task of the middle rows), only the lesser split (with its
//! `m`) of each image pair is joined, counted twice. On odd boards the transposition
//! (above) gives the other factor 2 of the 8 symmetries.
//!
//! On even boards `n = 2h` from `TRANSPOSE_FROM` = 18 on, the transposition gives it
//! by weights. Take `k = 2` outer rows and columns a side. A solution's *row string*
//! `P_r` is `[r_0, r_1, r_{n-2}, r_{n-1}]`, `r_i = 1` where row `i`'s queen is east;
//! its *column string* `P_c` is `[c_0, c_1, c_{n-2}, c_{n-1}]`, `c_j = 1` where column
//! `j`'s queen is in the bottom half (row `>= h`). The outer rows are edge rows, so a
//! task's east edge rows fix `P_r` for all its solutions; columns 0 and 1 are west and
//! `n - 2`, `n - 1` east, so each half-solution carries 2 bits of `P_c`, its *tag*.
//! The transposition `T` maps `P_c(s)` to `P_r(T s)` and `P_r(s)` to `P_c(T s)`. The
//! column mirror complements `P_r` and reverses `P_c`; the row reversal reverses `P_r`
//! and complements `P_c`. So the *class* of a string, the least of `x`, `x ^ 1111`,
//! `rev x` and `rev x ^ 1111` (6 classes), is kept by the mirror and the reversal for
//! both strings, and `T` swaps the classes of `P_r` and `P_c`. A solution weighs
//! `w(s) = 2`, 1 or 0 as the class of `P_r` is less than, equal to or greater than that
//! of `P_c`: `w` is kept by the mirror and the reversal (so the orbit weights and the
//! lesser-split rule above still hold), and `Σ_s w(s) = Q(n)`, since `T` is an involution
//! that swaps the solutions of weight 2 and 0 and leaves the weight of its fixed points
//! at 1. A task's totals are these weighted counts; its plan's fingerprint says so
//! (`nqueens-join-v2-t2`), so the files of the earlier plan are refused.
//!
//! The searches fill the tag's columns first (the east half then its other columns from
//! the outside in, as the west does), so each subtree knows its tag: the keys go to one
//! bucket list per tag and middle-row set, and a tag the task weighs 0 with every
//! partner is not listed at all. The sieve joins a split's 4 east lists with its 4 west
//! lists at once (`sieve::count_weighted`): each block's tables are built once for all
//! partner tags, the pairs of weight 0 are never looked at (about 41% of the pairs at
//! n = 18), and the long lists are sorted by one pattern per split. At n = 18 one
//! thread counts in 6% less time, two shards of 20 (1/64, 33/64) in 26% and 16% less;
//! at 14 and 16, with shorter lists, splitting them cost more than it saved (with one
//! or two columns a side), so the plans there leave the transposition out
//! (`bench/kluev.md`). Joining each tag pair as its own list pair was slower at 18
//! (4.3 s against 3.4): the tables were built once per pair and the sort by pattern,
//! which already skips many clashes, was lost on the shorter lists.
//!
//! # Counting disjoint pairs
//! Per split `R`, the pairs with disjoint keys are counted by a *sieve*: the smaller
//! list `E` is cut into blocks of 512; for each block and each diagonal `b`, a 512-bit
//! set marks the members of the block that use `b`. The key bits from the lowest to
//! the highest diagonal that both lists use are split into groups of at most 10, and
//! for each group every subset of it gets the union of its diagonals' sets, so that
//! for a member `W` of the other list the union over all its diagonals (the block
//! members it clashes with) takes one table look-up per group: 4 to 9 look-ups for
//! 512 pairs at n = 16..21, fewer for longer lists. The set bits are counted (by `vpopcntq` on AVX-512, per
//! byte by nibble look-up on AVX2), and the compatible pairs are the rest. For lists of
//! sizes `a <= b` this costs about `b · ⌈a / 512⌉ · groups` 512-bit operations, plus
//! `⌈a / 512⌉ · groups · 2^width` rows of tables built: the width is chosen per list
//! pair by that cost (`sieve::look_up_groups`): wider for longer lists, narrower than
//! the 7 bits of the earlier rule for short ones.
//!
//! When the small list fills many blocks, both lists are first sorted by a few of the
//! most used diagonals, so that the members of a block share some diagonals; a key of
//! the big list that uses one of them clashes with the whole block and is counted
//! without look-ups (see `sieve::sort_by_pattern`). At n = 20 this skips most of the
//! big list for most blocks.
//!
//! # Modules
//! This module is the plan: the task list, each task's key layout, and the join of a
//! task's bucket lists split by split. Two submodules do the work, each behind a
//! narrow interface:
//! - `search`: the half-board searches, which list a task's half-solutions as keys
//!   into buckets by the middle rows they use (and their tag, see *Symmetry*);
//! - `sieve`: the count of disjoint pairs of two key lists (the sort by pattern, the
//!   tables, the portable sieve), with its AVX2 inner loop alone in `sieve::avx2`:
//!   the join's only unchecked memory access, whose bounds that module checks itself
//!   with `assert!`, so that no safe code here can make it read out of bounds.
//!
//! # Details
//! - Edge rows: `e = 4` (at most `n / 2`) up to n = 17, `(n - 10) / 2` from 18 (4 at 18
//!   and 19, 5 at 20 and 21, 6 at 22), `(n - 8) / 2` from 23 (7 at 23, 8 at 24, for
//!   memory); odd boards 11..17 take `e = 3`, since an edge row of the middle column's
//!   queen needs tasks of its own, and so do 14 and 16 (longer lists: one thread 17%
//!   and 4% faster, though two threads were slower in wall time, with fewer tasks to
//!   balance: at 16 about 8%, at 14 0.015 s against 0.012 in the best run).
//! - On odd boards the task of the middle rows puts the queen of row `h` only in columns
//!   with `|c - h| >= 2`.
//! - Key layout per task (`JoinPlan::job`): only the diagonals both sides can use with the
//!   rows they have go into the keys. At n = 18 and 19 every task's keys span 32 bits (of
//!   34) and the lists hold `u32` (`Word`); at 20 and 21 about a fifth and a quarter of
//!   the tasks do, the rest `u64`. Half the bytes let two threads' lists share the cache.
//! - The per-diagonal sets of a block come from a 64 × 64 bit-matrix transpose per 64
//!   members (setting bits one by one chains read-modify-writes on the same words).
//! - Tasks run largest first (by the number of splits in the group), so that the dynamic
//!   hand-out ends evenly.
//! - `Tally.unique` is 0 for join tasks. Checkpoints and shard results record the method
//!   (`"method": "join"`), which is part of the fingerprint; a checkpoint or shard set of
//!   the other method is refused with a message naming both.
//!
//! - Memory: a thread's bucket lists only grew, so they held per bucket the longest
//!   list of every task it had run (1.2 GB for one thread at n = 20, where one task
//!   needs at most about 0.2 GB). After each task they are now cut back when they hold
//!   more than twice what the task used plus 64 MB (`Scratch::trim`).
//! - Sides 22 to 24 (`--method join`; the default method stays the backtracker there,
//!   see `plan::DEFAULT_JOIN_SIDE`): the edge rows grow with `n`, so a task's lists
//!   stay at a few hundred MB; keys span at most 46 bits (`u64`).
//!
//! # Not done
//! The transposition for even N below 18 (see *Symmetry*: at 14 and 16 it was slower);
//! a finer weight (more outer rows and columns, so fewer solutions of weight 1: at n = 18
//! 59% of the pairs are still joined, where 50% is the limit) would need more tags per
//! list. The transposition for the edge rows `m` of odd N beyond the restriction of row
//! `h` (their searches still list every half-solution without row `h`). The search
//! pushes the last column's queens in a loop of its own, with their key bits (and tag)
//! from a table per column; storing the keys in their buckets was about a fifth of its time
//! at n = 16, the rest the placements (`bench/kluev.md`).

mod search;
mod sieve;
pub mod tuning;

#[cfg(test)]
use tuning::Kernel;
pub use tuning::SieveTuning;

use crate::engine::parts::Tally;
use sieve::{Sieve, Sorted, count_disjoint, count_weighted};

/// Largest side the join handles: a task's keys hold at most 46 of the `2(n - 1)`
/// overlap diagonals there (the sieve's patterns read 6 bytes of a key), and Q(24)
/// already takes days on a few cores. A task's lists grow about 2.8 times per side at
/// a fixed number of edge rows, 4 times less per two edge rows more (`bench/kluev.md`).
pub const MAX_JOIN_SIDE: usize = 24;

/// The least even side whose join uses the transposition (see *Symmetry*): below it
/// the lists are short, and splitting them by tag cost more than it saved
/// (`bench/kluev.md`).
const TRANSPOSE_FROM: usize = 18;

/// A join task asks whether to stop every this many buckets.
const STOP_EVERY: usize = 64;

/// One task: a group of row splits (see [`JoinPlan`]) and how many groups it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Task {
    /// The middle column's queen row; [`NO_MIDDLE`] on even boards, [`ANY_MIDDLE`] for
    /// the task of all the middle rows.
    mid: u8,
    /// The size of the group's symmetry orbit (1, 2 or 4).
    weight: u8,
    /// Which symmetry maps the group to itself: [`STAB_NONE`], [`STAB_FLIP`] (row
    /// reversal) or [`STAB_FLIP_MIRROR`] (row reversal and column mirror).
    stab: u8,
    /// The east rows among the edge rows.
    east_edge: u64,
}

const NO_MIDDLE: u8 = u8::MAX;
/// On odd boards, a task for every middle-column row `m` among the middle rows at
/// once: its half searches leave the middle column free and tag each key with the
/// rows `m` it cannot go with.
const ANY_MIDDLE: u8 = u8::MAX - 1;
const STAB_NONE: u8 = 0;
const STAB_FLIP: u8 = 1;
const STAB_FLIP_MIRROR: u8 = 2;

/// The deterministic task list of the half-board join on an `n × n` board (see the
/// [module docs](self)).
///
/// A task is a *group* of row splits: those whose east rows meet the `edge` top and
/// `edge` bottom rows in a given set. One search of the east half per group lists
/// the east half-solutions of all its splits at once, sorted into buckets by their
/// middle rows (a search per split would repeat the shallow levels of the search once
/// for every split); one search of the west half gives the partners.
#[derive(Clone, Debug)]
pub struct JoinPlan {
    n: usize,
    h: usize,
    /// Rows `0..edge` and `n-edge..n` are the edge rows; the `n - 2 edge` others are
    /// the middle rows, which index the buckets.
    edge: usize,
    /// On even boards, the outer columns per half whose queens tag each half-solution
    /// for the transposition (`k` in *Symmetry*); 0 on odd boards.
    tbits: usize,
    tasks: Vec<Task>,
    /// How the sieve is sized on this machine: not part of the plan (nor of its
    /// fingerprint), since it never changes a task's total.
    tuning: SieveTuning,
}

impl JoinPlan {
    /// The join plan for `n` queens on `n × n`, for `1 <= n <=` [`MAX_JOIN_SIDE`].
    ///
    /// ```text
    /// use queens::engine::nqueens::join::JoinPlan;
    /// let p = JoinPlan::new(8).unwrap();
    /// assert_eq!(p.run_all(), 92);
    /// assert!(JoinPlan::new(40).is_none());
    /// ```
    pub fn new(n: usize) -> Option<JoinPlan> {
        if n == 0 || n > MAX_JOIN_SIDE {
            return None;
        }
        let h = n / 2;
        // At most 2^10 (2^11 on odd boards) buckets per group; at least 8 edge rows
        // where the board has them (6 on odd boards 11..17 and at 14 and 16), for
        // tasks enough to balance and checkpoint.
        let edge = if n >= 23 {
            // Two edge rows more than the rule below: a task's lists (a thread's memory)
            // a quarter as long. With it, two threads' tasks of Q(23) took up to about
            // 10 GB (estimated from Q(22), 3.4 GB measured); now about 3 (`bench/kluev.md`).
            (n - 8) / 2
        } else if n >= 18 {
            (n - 10) / 2
        } else if n % 2 == 1 && (11..=17).contains(&n) {
            // Odd boards: an edge row of the middle column's queen needs a task of its
            // own (`list_tasks`), and 6 edge rows leave 4 of them where 8 left 6; at
            // n = 15 that took 52 ms of CPU time down to 41 (17: the same).
            3
        } else if n == 14 || n == 16 {
            // Longer lists, fewer tasks: one thread at 14 took 8.70 and 8.63 ms of CPU
            // against 10.61 and 10.44 with 4 edge rows, at 16 117.3 and 117.2 against
            // 122.2 and 122.5 (`perf stat -r 10`, alternated twice, `bench/kluev.md`);
            // 2 edge rows at 16: 158 ms.
            3
        } else {
            (n / 2).min(4)
        };
        // The transposition where it pays (`bench/kluev.md`): from 18 on.
        let tbits = if n.is_multiple_of(2) && n >= TRANSPOSE_FROM {
            2
        } else {
            0
        };
        let mut plan = JoinPlan {
            n,
            h,
            edge,
            tbits,
            tasks: Vec::new(),
            tuning: SieveTuning::current(),
        };
        plan.tasks = plan.list_tasks();
        Some(plan)
    }

    /// The plan with `tbits` outer columns per half tagged for the transposition (0:
    /// none), on any even board of at least 4: the tests check every size with it.
    #[cfg(test)]
    fn with_tbits(n: usize, tbits: usize) -> JoinPlan {
        let mut plan = JoinPlan::new(n).expect("a join side");
        assert!(n.is_multiple_of(2) && n >= 4 && tbits <= 2.min(plan.edge));
        plan.tbits = tbits;
        plan
    }

    /// The same plan with the sieve sized by `tuning` (which must be one this processor
    /// runs: [`tuning::Kernel::available`]); the tasks, their totals and the fingerprint stay.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))] // for the calibration and tests
    pub fn with_tuning(mut self, tuning: SieveTuning) -> JoinPlan {
        self.tuning = tuning;
        self
    }

    /// Number of tasks.
    pub fn len(&self) -> usize {
        self.tasks.len()
    }

    fn rev(&self, rows: u64) -> u64 {
        rows.reverse_bits() >> (64 - self.n)
    }

    /// The least of a `2 tbits`-bit outer string's images under complement and
    /// reversal: its class, which the column mirror and the row reversal keep.
    fn class(&self, x: usize) -> usize {
        let bits = 2 * self.tbits;
        let full = (1usize << bits) - 1;
        let rev = x.reverse_bits() >> (usize::BITS as usize - bits);
        x.min(x ^ full).min(rev).min(rev ^ full)
    }

    /// The outer row string of the east edge rows `a`: bit `2 tbits - 1 - i` for row
    /// `i < tbits`, bit `n - 1 - i` for row `i >= n - tbits`, set where that row's queen
    /// is east.
    fn row_string(&self, a: u64) -> usize {
        let (n, k) = (self.n, self.tbits);
        let mut x = 0;
        for i in (0..k).chain(n - k..n) {
            let bit = if i < k { 2 * k - 1 - i } else { n - 1 - i };
            x |= ((a >> i & 1) as usize) << bit;
        }
        x
    }

    /// The weight of each pair of tags (index `west << tbits | east`, the outer column
    /// string) in a task with east edge rows `a`: 2, 1 or 0 as the class of the row
    /// string ranks below, level with or above the class of the column string.
    fn weights(&self, a: u64) -> [u8; 64] {
        let mut w = [1u8; 64];
        if self.tbits == 0 {
            return w;
        }
        let rows = self.class(self.row_string(a));
        for (x, slot) in w.iter_mut().enumerate().take(1 << (2 * self.tbits)) {
            *slot = match rows.cmp(&self.class(x)) {
                std::cmp::Ordering::Less => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Greater => 0,
            };
        }
        w
    }

    /// The diagonals and anti-diagonals that queens on `rows` in the columns `cols`
    /// can use.
    fn reach(&self, cols: std::ops::Range<usize>, rows: u64) -> (u64, u64) {
        let n = self.n;
        let (mut d1, mut d2) = (0u64, 0u64);
        for c in cols {
            let mut left = rows;
            while left != 0 {
                let r = left.trailing_zeros() as usize;
                left &= left - 1;
                d1 |= 1 << (r + n - 1 - c);
                d2 |= 1 << (r + c);
            }
        }
        (d1, d2)
    }

    /// The edge rows.
    fn edge_rows(&self) -> u64 {
        low_bits(self.edge) | low_bits(self.edge) << (self.n - self.edge)
    }

    /// The rows other than the middle column's queen row `mid` (all rows when `mid` is
    /// not one row).
    fn avail(&self, mid: u8) -> u64 {
        let full = low_bits(self.n);
        if mid == NO_MIDDLE || mid == ANY_MIDDLE {
            full
        } else {
            full & !(1 << mid)
        }
    }

    /// The least group of each orbit, with the orbit's size; largest groups first.
    fn list_tasks(&self) -> Vec<Task> {
        let (n, h) = (self.n, self.h);
        // Odd boards: one task kind for all the middle-column rows among the middle
        // rows at once (`ANY_MIDDLE`), and one per edge row `m` but the first and last
        // (the join counts `|m - h| < |c - h| <= h`, see `JoinPlan::join_task`).
        let edge_rows = self.edge_rows();
        let mids: Vec<u8> = if n % 2 == 0 {
            vec![NO_MIDDLE]
        } else {
            let edge_mids = (1..n - 1).filter(|&m| edge_rows >> m & 1 == 1);
            std::iter::once(ANY_MIDDLE)
                .chain(edge_mids.map(|m| m as u8))
                .collect()
        };
        let mut tasks = Vec::new();
        for mid in mids {
            let avail = self.avail(mid);
            let edge = self.edge_rows() & avail;
            // The middle rows the east and west halves share out (one is `m` when
            // `mid` is `ANY_MIDDLE`).
            let middle = (avail & !edge).count_ones() as usize - usize::from(mid == ANY_MIDDLE);
            let flip = if mid == NO_MIDDLE || mid == ANY_MIDDLE {
                mid
            } else {
                n as u8 - 1 - mid
            };
            let key = |m: u8, a: u64| (u64::from(m) << 32) | a;
            // Every subset `a` of the edge rows, by submask enumeration.
            let mut a = edge;
            loop {
                let k = a.count_ones() as usize;
                if k <= h && h - k <= middle {
                    let own = key(mid, a);
                    let orbit = [
                        own,
                        key(mid, edge ^ a),
                        key(flip, self.rev(a)),
                        key(flip, self.rev(edge ^ a)),
                    ];
                    if orbit.iter().all(|&o| o >= own) {
                        let mut distinct = orbit;
                        distinct.sort_unstable();
                        let weight = 1 + distinct.windows(2).filter(|w| w[0] != w[1]).count();
                        let stab = if orbit[2] == own {
                            STAB_FLIP
                        } else if orbit[3] == own {
                            STAB_FLIP_MIRROR
                        } else {
                            STAB_NONE
                        };
                        tasks.push((
                            binomial(middle, h - k),
                            Task {
                                mid,
                                weight: weight as u8,
                                stab,
                                east_edge: a,
                            },
                        ));
                    }
                }
                if a == 0 {
                    break;
                }
                a = (a - 1) & edge;
            }
        }
        // Largest first (the number of splits in the group), for the dynamic balance.
        tasks.sort_by_key(|&(size, t)| (std::cmp::Reverse(size), t.mid, t.east_edge));
        tasks.into_iter().map(|(_, t)| t).collect()
    }

    /// A 64-bit digest of the method, the board and the task list.
    pub fn fingerprint(&self) -> String {
        // Even boards: a task's total is weighted by the transposition since v2.
        let version = if self.tbits > 0 {
            format!("nqueens-join-v2-t{}", self.tbits)
        } else {
            "nqueens-join-v1".to_string()
        };
        let mut bytes = version.into_bytes();
        // Odd boards' task lists hold `ANY_MIDDLE` tasks, which earlier plans did not
        // have: the digest of an earlier odd plan differs, and its checkpoints are refused.
        for v in [self.n, self.edge] {
            bytes.extend((v as u32).to_le_bytes());
        }
        for t in &self.tasks {
            bytes.extend([t.mid, t.weight, t.stab]);
            bytes.extend(t.east_edge.to_le_bytes());
        }
        super::fnv1a(bytes)
    }

    /// Counts task `i`, or `None` when `stop` said so first (it is asked every
    /// [`STOP_EVERY`] buckets of the join: a task at N = 21 runs for seconds).
    pub fn run_task_until(&self, i: usize, stop: &dyn Fn() -> bool) -> Option<Tally> {
        let t = self.tasks[i];
        let found = SCRATCH.with(|s| self.count_task(t, &mut s.borrow_mut(), stop))?;
        Some(Tally {
            total: found * u128::from(t.weight),
            unique: 0,
        })
    }

    #[cfg(test)]
    /// Every task on this thread, added up: the number of solutions.
    pub fn run_all(&self) -> u128 {
        (0..self.len())
            .map(|i| {
                self.run_task_until(i, &|| false)
                    .expect("not stopped")
                    .total
            })
            .sum()
    }

    /// The solutions whose row split lies in the group of `t`.
    fn count_task(&self, t: Task, s: &mut Scratch, stop: &dyn Fn() -> bool) -> Option<u128> {
        let job = self.job(&t);
        let narrow = job.layout.len1 + job.layout.len2 <= 32;
        let found = if narrow {
            self.count_as::<u32>(t, &job, s, stop)
        } else {
            self.count_as::<u64>(t, &job, s, stop)
        };
        s.trim(narrow);
        found
    }

    /// [`Self::count_task`] with the keys held as `K`, which must hold `job.layout`.
    fn count_as<K: Word>(
        &self,
        t: Task,
        job: &Halves,
        s: &mut Scratch,
        stop: &dyn Fn() -> bool,
    ) -> Option<u128> {
        let mut lists = std::mem::take(K::lists(s));
        let found = self.join_task(t, job, &mut lists, &mut s.sieve, stop);
        *K::lists(s) = lists;
        found
    }

    /// What the two half searches of task `t` share, the key layout among it: only the
    /// diagonals both halves can use, given the edge rows each side has, go into the
    /// keys. The extreme overlap diagonals are reached on one side only from a single
    /// square in the top or bottom row, so the side without that row never uses them
    /// (nor the middle queen's diagonals on odd boards): at n = 18 and 19 the keys keep
    /// 32 of the 34 overlap diagonals.
    fn job(&self, t: &Task) -> Halves {
        let (n, h) = (self.n, self.h);
        let avail = self.avail(t.mid);
        let a = t.east_edge;
        let west_edge = (self.edge_rows() & avail) ^ a;
        let (mut d1, mut d2) = (0u64, 0u64);
        if t.mid != NO_MIDDLE && t.mid != ANY_MIDDLE {
            let m = t.mid as usize;
            d1 |= 1 << (m + n - 1 - h);
            d2 |= 1 << (m + h);
        }
        // A queen of row `h` in column `c` goes with the rows `m` of the middle column
        // with `|m - h| < |c - h|` but `h` itself: none where `|c - h| <= 1`; on an edge
        // row `m` only far out.
        let near_h = match t.mid {
            NO_MIDDLE => low_bits(n),
            ANY_MIDDLE => (0..n)
                .filter(|c| c.abs_diff(h) > 1)
                .fold(0, |s, c| s | 1 << c),
            m => (0..n)
                .filter(|c| c.abs_diff(h) > (m as usize).abs_diff(h))
                .fold(0, |s, c| s | 1 << c),
        };
        let weights = self.weights(a);
        let tags = 1 << self.tbits;
        let (mut keep_east, mut keep_west) = (0u32, 0u32);
        for te in 0..tags {
            for tw in 0..tags {
                if weights[tw << self.tbits | te] != 0 {
                    keep_east |= 1 << te;
                    keep_west |= 1 << tw;
                }
            }
        }
        let (e1, e2) = self.reach(n - h..n, avail & !west_edge);
        let (w1, w2) = self.reach(0..h, avail & !a);
        Halves {
            avail,
            a,
            west_edge,
            near_h,
            d1,
            d2,
            weights,
            keep_east,
            keep_west,
            layout: Layout::new(e1 & w1 & !d1, e2 & w2 & !d2),
        }
    }

    /// Lists both halves of the task `t` into `lists` and counts the disjoint pairs.
    ///
    /// On odd boards the count is of the solutions whose middle-column queen (row `m`)
    /// is nearer the centre row than the middle row's queen (column `c`) is to the
    /// centre column, `|m - h| < |c - h|`, doubled, plus those with a queen in the
    /// centre: transposition swaps `m - h` and `c - h`, and the two are never equal but
    /// in the centre (the queens would share a diagonal). So no task has `m` the first
    /// or last row, and an edge `m` only goes with a queen of row `h` far out.
    fn join_task<K: Word>(
        &self,
        t: Task,
        job: &Halves,
        lists: &mut Lists<K>,
        s: &mut Sieve,
        stop: &dyn Fn() -> bool,
    ) -> Option<u128> {
        let (n, h) = (self.n, self.h);
        s.tuning = self.tuning;
        let (avail, a, west_edge) = (job.avail, job.a, job.west_edge);
        let buckets = 1usize << (n - 2 * self.edge);
        let tags = 1usize << self.tbits;
        // Tagged keys where the task leaves `m` open.
        let tagged = t.mid == ANY_MIDDLE;
        let mut east = std::mem::take(&mut lists.east);
        let mut west = std::mem::take(&mut lists.west);
        let mut east_tags = std::mem::take(&mut lists.east_tags);
        let mut west_tags = std::mem::take(&mut lists.west_tags);
        for v in [&mut east, &mut west] {
            v.resize_with(buckets * tags, Vec::new);
            v.iter_mut().for_each(Vec::clear);
        }
        for v in [&mut east_tags, &mut west_tags] {
            v.resize_with(if tagged { buckets } else { 0 }, Vec::new);
            v.iter_mut().for_each(Vec::clear);
        }
        let (east_rows, west_rows) = (avail & !west_edge, avail & !a);
        // A half cut short by the stop leaves its lists partial: the task gives up.
        let listed = if tagged {
            self.halves::<K, true>(n - h..n, east_rows, a, job, &mut east, &mut east_tags, stop)
                .and_then(|()| {
                    self.halves::<K, true>(
                        0..h,
                        west_rows,
                        west_edge,
                        job,
                        &mut west,
                        &mut west_tags,
                        stop,
                    )
                })
        } else {
            self.halves::<K, false>(n - h..n, east_rows, a, job, &mut east, &mut [], stop)
                .and_then(|()| {
                    self.halves::<K, false>(
                        0..h,
                        west_rows,
                        west_edge,
                        job,
                        &mut west,
                        &mut [],
                        stop,
                    )
                })
        };
        let middle_rows = low_bits(self.n) & !self.edge_rows();
        let mut found = 0u128;
        let mut stopped = listed.is_none();
        let joined = if stopped { 0 } else { buckets };
        // The split a symmetry of the group maps east rows `r` to (on even boards, and
        // for an edge `m`): of an image pair only the lesser is joined, counted twice.
        let split_image = |r: u64| match t.stab {
            STAB_FLIP => self.rev(r),
            STAB_FLIP_MIRROR => self.rev(avail ^ r),
            _ => r,
        };
        for i in 0..joined {
            if i % STOP_EVERY == 0 && stop() {
                stopped = true;
                break;
            }
            let east_of = |te: usize| &east[te * buckets + i];
            if (0..tags).all(|te| east_of(te).is_empty()) {
                continue;
            }
            let r = a | (i as u64) << self.edge;
            if tags > 1 {
                let image = split_image(r);
                if image < r {
                    continue;
                }
                let j = ((avail ^ r) >> self.edge) as usize & (buckets - 1);
                let mut es: [&[K]; 4] = [&[]; 4];
                let mut ws: [&[K]; 4] = [&[]; 4];
                for tag in 0..tags {
                    es[tag] = &east[tag * buckets + i];
                    ws[tag] = &west[tag * buckets + j];
                }
                let weight = |te: usize, tw: usize| u64::from(job.weights[tw << self.tbits | te]);
                let pairs = count_weighted(&es[..tags], &ws[..tags], &weight, &mut lists.sorted, s);
                found += u128::from(pairs) * if image == r { 1 } else { 2 };
                continue;
            }
            let e = &east[i];
            if !tagged {
                let image = split_image(r);
                if image < r {
                    continue;
                }
                let w = &west[((avail ^ r) >> self.edge) as usize & (buckets - 1)];
                let pairs = count_disjoint(e, w, &mut lists.sorted, s);
                // A middle-column queen in an edge row stands for its transposed image
                // too (see above; its searches kept the queen of row `h` far out).
                let times = if t.mid == NO_MIDDLE { 1 } else { 2 };
                found += u128::from(pairs) * if image == r { 1 } else { 2 } * times;
                continue;
            }
            // The middle-column rows this split goes with.
            let mut ms = if t.mid == ANY_MIDDLE {
                middle_rows & !r
            } else {
                1 << t.mid
            };
            while ms != 0 {
                let m = ms.trailing_zeros() as usize;
                ms &= ms - 1;
                let west_r = low_bits(n) & !(1 << m) & !r;
                let j = (west_r >> self.edge) as usize & (buckets - 1);
                if west[j].is_empty() {
                    continue;
                }
                let own = (m, r);
                let image = match t.stab {
                    STAB_FLIP => (n - 1 - m, self.rev(r)),
                    STAB_FLIP_MIRROR => (n - 1 - m, self.rev(west_r)),
                    _ => own,
                };
                if image < own {
                    continue;
                }
                // Branch-free: whether a key goes with `m` is a coin toss to the CPU. The
                // buffers only grow (clearing them cost a memset per bucket pair).
                let keep = |keys: &[K], tags: &[u32], out: &mut Vec<K>| {
                    if out.len() < keys.len() {
                        out.resize(keys.len(), K::default());
                    }
                    let mut len = 0;
                    for (&k, &g) in keys.iter().zip(tags) {
                        out[len] = k;
                        len += (g >> m & 1 ^ 1) as usize;
                    }
                    len
                };
                let ek = keep(e, &east_tags[i], &mut lists.east_kept);
                let wk = keep(&west[j], &west_tags[j], &mut lists.west_kept);
                let (ek, wk) = (&lists.east_kept[..ek], &lists.west_kept[..wk]);
                let pairs = count_disjoint(ek, wk, &mut lists.sorted, s);
                let times = if image == own { 1 } else { 2 } * if m == h { 1 } else { 2 };
                found += u128::from(pairs) * times;
            }
        }
        lists.east = east;
        lists.west = west;
        lists.east_tags = east_tags;
        lists.west_tags = west_tags;
        (!stopped).then_some(found)
    }
}

/// Where the diagonals of a key go: diagonals `lo1 .. lo1 + len1` (of `r - c + n - 1`)
/// to bits `0 .. len1`, anti-diagonals `lo2 .. lo2 + len2` (of `r + c`) above them.
#[derive(Clone, Copy, Debug)]
struct Layout {
    lo1: usize,
    len1: usize,
    lo2: usize,
    len2: usize,
}

impl Layout {
    /// The layout that spans the diagonals `d1` and the anti-diagonals `d2`.
    fn new(d1: u64, d2: u64) -> Layout {
        let span = |o: u64| {
            if o == 0 {
                (0, 0)
            } else {
                let lo = o.trailing_zeros() as usize;
                (lo, 64 - o.leading_zeros() as usize - lo)
            }
        };
        let ((lo1, len1), (lo2, len2)) = (span(d1), span(d2));
        Layout {
            lo1,
            len1,
            lo2,
            len2,
        }
    }
}

/// What both half searches of a task share.
struct Halves {
    /// The rows other than the middle queen's.
    avail: u64,
    /// The east rows among the edge rows.
    a: u64,
    /// The west rows among the edge rows.
    west_edge: u64,
    /// The columns where a queen of the centre row `h` can go with the middle-column
    /// rows of the task (see [`JoinPlan::join_task`]): all on even boards.
    near_h: u64,
    /// The middle column queen's diagonals (barred, left out of the keys).
    d1: u64,
    d2: u64,
    /// The weight of each pair of transposition tags (see [`JoinPlan::weights`]).
    weights: [u8; 64],
    /// The east and west tags with some weight: the others are not listed.
    keep_east: u32,
    keep_west: u32,
    layout: Layout,
}

/// How a task's lists hold keys: `u32` where its key layout fits (every task up to
/// n = 19, a fifth of them at 20 and a quarter at 21), else `u64`. Half the bytes is
/// half the memory the lists fill and stream through: at n = 18 the lists of two
/// threads' tasks then fit the shared cache together.
trait Word: Copy + Default + Into<u64> {
    /// The word holding `key`, which fits.
    fn of(key: u64) -> Self;
    /// The thread's lists of this width.
    fn lists(s: &mut Scratch) -> &mut Lists<Self>;
}

impl Word for u32 {
    #[inline(always)]
    fn of(key: u64) -> u32 {
        key as u32
    }
    fn lists(s: &mut Scratch) -> &mut Lists<u32> {
        &mut s.narrow
    }
}

impl Word for u64 {
    #[inline(always)]
    fn of(key: u64) -> u64 {
        key
    }
    fn lists(s: &mut Scratch) -> &mut Lists<u64> {
        &mut s.wide
    }
}

/// The bucket lists of both halves, in one key width, and the sorted copies of a pair.
#[derive(Default)]
struct Lists<K> {
    /// The bucket lists: bucket `tag * buckets + middle`, for the transposition's tag
    /// (0 without it) and the set of middle rows used.
    east: Vec<Vec<K>>,
    west: Vec<Vec<K>>,
    /// On odd boards, each key's tag: the middle-column rows it cannot go with.
    east_tags: Vec<Vec<u32>>,
    west_tags: Vec<Vec<u32>>,
    /// The keys of one bucket pair that go with one middle-column row.
    east_kept: Vec<K>,
    west_kept: Vec<K>,
    sorted: Sorted<K>,
}

fn binomial(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
}

fn low_bits(k: usize) -> u64 {
    if k >= 64 { !0 } else { (1u64 << k) - 1 }
}

/// Whether the CPU has `popcnt`, `bmi1` and `bmi2`.
#[cfg(target_arch = "x86_64")]
fn fast_bits() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
}

/// Reused buffers of one thread.
#[derive(Default)]
struct Scratch {
    narrow: Lists<u32>,
    wide: Lists<u64>,
    sieve: Sieve,
}

/// Bytes a thread keeps in its bucket lists between tasks beyond twice what the last
/// task used (see [`Scratch::trim`]).
const KEEP_SLACK: usize = 64 << 20;

impl<K> Lists<K> {
    /// Bytes the keys and tags of the bucket lists use (`len`) and hold (`capacity`).
    fn bytes(&self) -> (usize, usize) {
        let k = std::mem::size_of::<K>();
        let sum = |v: &[Vec<K>], f: fn(&Vec<K>) -> usize| v.iter().map(f).sum::<usize>() * k;
        let tags = |v: &[Vec<u32>], f: fn(&Vec<u32>) -> usize| v.iter().map(f).sum::<usize>() * 4;
        let mut used = sum(&self.east, Vec::len) + sum(&self.west, Vec::len);
        used += tags(&self.east_tags, Vec::len) + tags(&self.west_tags, Vec::len);
        let mut held = sum(&self.east, Vec::capacity) + sum(&self.west, Vec::capacity);
        held += tags(&self.east_tags, Vec::capacity) + tags(&self.west_tags, Vec::capacity);
        (used, held)
    }

    /// Gives back the memory of every bucket list beyond its length.
    fn shrink(&mut self) {
        for v in self.east.iter_mut().chain(self.west.iter_mut()) {
            v.shrink_to_fit();
        }
        for v in self.east_tags.iter_mut().chain(self.west_tags.iter_mut()) {
            v.shrink_to_fit();
        }
    }

    /// Empties every bucket list (keeping their memory).
    fn clear(&mut self) {
        self.east
            .iter_mut()
            .chain(self.west.iter_mut())
            .for_each(Vec::clear);
        (self.east_tags.iter_mut().chain(self.west_tags.iter_mut())).for_each(Vec::clear);
    }
}

impl Scratch {
    /// Bounds what the bucket lists keep after a task. Each bucket's list only grew, so
    /// kept as they were, the lists held, per bucket, the longest list of every task the
    /// thread had run: at n = 20 and 21 several times what any one task needs (a task
    /// took at most about 0.2 GB at n = 20, one thread's lists 1.2 GB). Now the lists
    /// keep at most twice what the last task used, plus [`KEEP_SLACK`]; beyond that they
    /// are cut to what it used (the other key width's lists to nothing), so a thread
    /// holds at most about three times its largest task.
    fn trim(&mut self, narrow: bool) {
        self.trim_to(narrow, KEEP_SLACK);
    }

    /// [`Self::trim`] with `slack` bytes in place of [`KEEP_SLACK`].
    fn trim_to(&mut self, narrow: bool, slack: usize) {
        let (nu, nh) = self.narrow.bytes();
        let (wu, wh) = self.wide.bytes();
        // The other width's lists hold an earlier task's keys: not in use.
        let used = if narrow { nu } else { wu };
        if nh + wh <= 2 * used + slack {
            return;
        }
        if narrow {
            self.wide.clear();
        } else {
            self.narrow.clear();
        }
        self.narrow.shrink();
        self.wide.shrink();
    }
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_fits_the_search_s_last_column_tables() {
        // `search` keeps per column (32) and middle row (16) a last queen's key bits.
        for n in 1..=MAX_JOIN_SIDE {
            let plan = JoinPlan::new(n).expect("a join side");
            assert!(
                n <= 32 && n - 2 * plan.edge <= 16,
                "n = {n}, edge {}",
                plan.edge
            );
        }
    }

    /// The join at 21 overran a 1 s budget by a quarter of a second: its tasks asked
    /// the stop only between buckets, after both halves were listed. Now the halves'
    /// searches ask too, so a task asks more often than its buckets alone would make it,
    /// and a stop said at the first question leaves it before any bucket.
    #[test]
    fn a_task_asks_the_stop_inside_its_half_searches() {
        let plan = JoinPlan::new(16).unwrap();
        let buckets = 1usize << (plan.n - 2 * plan.edge);
        let calls = std::cell::Cell::new(0usize);
        let i = (0..plan.len())
            .max_by_key(|&i| {
                calls.set(0);
                plan.run_task_until(i, &|| {
                    calls.set(calls.get() + 1);
                    false
                })
                .expect("not stopped");
                calls.get()
            })
            .unwrap();
        calls.set(0);
        plan.run_task_until(i, &|| {
            calls.set(calls.get() + 1);
            false
        });
        assert!(
            calls.get() > buckets.div_ceil(STOP_EVERY),
            "{} questions for {buckets} buckets",
            calls.get()
        );
        let asked = std::cell::Cell::new(0usize);
        let stopped = plan.run_task_until(i, &|| {
            asked.set(asked.get() + 1);
            true
        });
        assert!(stopped.is_none());
        assert_eq!(asked.get(), 1, "the first question ends the task");
    }

    #[test]
    fn small_boards_match_a000170() {
        let want = [1u128, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
        for (i, &w) in want.iter().enumerate() {
            let n = i + 1;
            assert_eq!(JoinPlan::new(n).unwrap().run_all(), w, "n={n}");
        }
    }

    #[test]
    fn both_key_widths_match_a000170() {
        let want = [1u128, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
        let mut s = Scratch::default();
        for (i, &w) in want.iter().enumerate() {
            let p = JoinPlan::new(i + 1).unwrap();
            let total = |count: &dyn Fn(Task, &mut Scratch) -> u128, s: &mut Scratch| {
                p.tasks
                    .iter()
                    .map(|&t| count(t, s) * u128::from(t.weight))
                    .sum::<u128>()
            };
            assert_eq!(
                total(
                    &|t, s| p.count_as::<u32>(t, &p.job(&t), s, &|| false).unwrap(),
                    &mut s
                ),
                w
            );
            assert_eq!(
                total(
                    &|t, s| p.count_as::<u64>(t, &p.job(&t), s, &|| false).unwrap(),
                    &mut s
                ),
                w
            );
        }
    }

    /// Every tuning of the sieve (each setting varied in turn, on every kernel this
    /// processor runs) counts the same: whole counts against A000170 up to 16 (every
    /// kind of task: odd and even, transposed from 18 only, so 18's largest tasks
    /// too, against the tuning the join was measured with).
    #[test]
    fn every_sieve_tuning_counts_the_same() {
        let tunings: Vec<SieveTuning> = Kernel::ALL
            .into_iter()
            .filter(|k| k.available())
            .flat_map(|kernel| {
                SieveTuning::neighbours(SieveTuning {
                    kernel,
                    ..SieveTuning::detected()
                })
            })
            .collect();
        for n in [5, 8, 11, 12, 13, 14, 15, 16] {
            for &t in &tunings {
                let p = JoinPlan::new(n).unwrap().with_tuning(t);
                assert_eq!(
                    p.run_all(),
                    crate::truth_rows::queens(n as u32),
                    "n={n} {t}"
                );
            }
        }
        if cfg!(debug_assertions) {
            return; // 17 and 18 take seconds a tuning without optimisation
        }
        for n in [17, 18] {
            let base = JoinPlan::new(n).unwrap();
            let largest: Vec<usize> = (0..2).collect();
            let want: Vec<u128> = largest
                .iter()
                .map(|&i| base.run_task_until(i, &|| false).unwrap().total)
                .collect();
            for &t in &tunings {
                let p = base.clone().with_tuning(t);
                for (&i, &w) in largest.iter().zip(&want) {
                    assert_eq!(
                        p.run_task_until(i, &|| false).unwrap().total,
                        w,
                        "n={n} task {i} {t}"
                    );
                }
            }
        }
    }

    #[test]
    fn keys_fit_32_bits_up_to_19() {
        // The promise behind the `u32` lists: per task, the diagonals both halves can
        // use span at most 32 bits up to n = 19 (of 34 overlap diagonals at 18
        // and 19), and not for every task beyond.
        for n in 8..=21 {
            let p = JoinPlan::new(n).unwrap();
            let narrow = p.tasks.iter().filter(|t| {
                let l = p.job(t).layout;
                l.len1 + l.len2 <= 32
            });
            assert_eq!(narrow.count() == p.tasks.len(), n <= 19, "n={n}");
        }
    }

    #[test]
    fn bucket_lists_keep_at_most_twice_the_last_task() {
        // The memory bug of Q(20) and Q(21): each bucket's list only grew, so a thread
        // held per bucket the longest list of every task it ran (1.2 GB for one thread
        // at n = 20, where a task needs at most 0.2 GB). Without the slack (which no
        // task of a small board reaches), the cut shows here: the lists kept as they
        // were hold more than twice the last task's keys at some point, and cut back
        // after each task they never do.
        let p = JoinPlan::new(16).unwrap();
        let (mut kept, mut cut) = (Scratch::default(), Scratch::default());
        let (mut total, mut grew) = (0u128, false);
        for &t in &p.tasks {
            let l = p.job(&t).layout;
            let narrow = l.len1 + l.len2 <= 32;
            let found = p.count_task(t, &mut kept, &|| false).unwrap();
            assert_eq!(p.count_task(t, &mut cut, &|| false), Some(found));
            cut.trim_to(narrow, 0);
            total += found * u128::from(t.weight);
            for (s, is_cut) in [(&kept, false), (&cut, true)] {
                let used = if narrow {
                    s.narrow.bytes().0
                } else {
                    s.wide.bytes().0
                };
                let held = s.narrow.bytes().1 + s.wide.bytes().1;
                if is_cut {
                    assert!(held <= 2 * used, "{held} bytes held, {used} used");
                } else {
                    grew |= held > 2 * used;
                }
            }
        }
        assert_eq!(total, crate::truth_rows::queens(16));
        assert!(
            grew,
            "the lists kept as they were never outgrew twice a task"
        );
    }

    #[test]
    fn keys_fit_the_sieve_patterns_up_to_the_largest_side() {
        // The sieve's sort reads `KEY_BYTES` bytes of a key: a wider key would sort by
        // a pattern that misses some of its chosen diagonals.
        for n in 1..=MAX_JOIN_SIDE {
            let p = JoinPlan::new(n).unwrap();
            for t in &p.tasks {
                let l = p.job(t).layout;
                assert!(l.len1 + l.len2 <= 8 * sieve::KEY_BYTES, "n={n}");
            }
        }
    }

    /// Every solution of `n` queens, as the column of each row, by a plain search.
    fn brute_solutions(n: usize) -> Vec<Vec<usize>> {
        fn go(n: usize, cols: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            let r = cols.len();
            if r == n {
                out.push(cols.clone());
                return;
            }
            for c in 0..n {
                let free = cols
                    .iter()
                    .enumerate()
                    .all(|(r2, &c2)| c2 != c && r.abs_diff(r2) != c.abs_diff(c2));
                if free {
                    cols.push(c);
                    go(n, cols, out);
                    cols.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(n, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn odd_task_kinds_match_a_brute_force_by_middle_queens() {
        // The odd join counts the solutions whose middle-column queen (row `m`) is nearer
        // the centre row than the middle row's queen (column `c`) is to the centre
        // column, twice, plus those with a queen in the centre. Checked per task kind
        // against a plain search that looks at both queens: the tasks of all middle rows
        // at once (tagged keys, filtered per `m`) and those of each edge row `m`
        // (searches that keep the queen of row `h` far out).
        for n in (1..=13).step_by(2) {
            let p = JoinPlan::new(n).unwrap();
            let h = n / 2;
            let edge = p.edge_rows();
            let (mut any_mid, mut edge_mid, mut all) = (0u128, 0u128, 0u128);
            for cols in brute_solutions(n) {
                all += 1;
                let m = (0..n).find(|&r| cols[r] == h).unwrap();
                let (dm, dc) = (m.abs_diff(h), cols[h].abs_diff(h));
                assert!(dm != dc || m == h, "the two middle queens share a diagonal");
                let times = if m == h {
                    1
                } else if dm < dc {
                    2
                } else {
                    0
                };
                if edge >> m & 1 == 1 {
                    edge_mid += times;
                } else {
                    any_mid += times;
                }
            }
            assert_eq!(any_mid + edge_mid, all, "n={n}: transposition");
            let (mut join_any, mut join_edge) = (0u128, 0u128);
            for (i, t) in p.tasks.iter().enumerate() {
                let total = p.run_task_until(i, &|| false).unwrap().total;
                if t.mid == ANY_MIDDLE {
                    join_any += total;
                } else {
                    assert!(edge >> t.mid & 1 == 1 && t.mid != 0 && t.mid as usize != n - 1);
                    join_edge += total;
                }
            }
            assert_eq!((join_any, join_edge), (any_mid, edge_mid), "n={n}");
        }
    }

    #[test]
    fn transposed_even_boards_match_a000170() {
        // The transposition's weights at every even side up to 16, with one and with
        // two outer columns per half (the plans use it from 18, checked against the
        // table by the integration tests).
        for n in (4..=16).step_by(2) {
            let want = crate::truth_rows::queens(n as u32);
            for tbits in 1..=2 {
                assert_eq!(
                    JoinPlan::with_tbits(n, tbits).run_all(),
                    want,
                    "n={n} k={tbits}"
                );
            }
        }
    }

    /// The weight of a solution (`cols[r]` the column of row `r`) by the outer rows and
    /// columns, from the strings themselves: 2, 1 or 0 as the least image (under
    /// complement and reversal) of its row string comes before, equals or comes after
    /// that of its column string.
    fn brute_weight(cols: &[usize], k: usize) -> u128 {
        let n = cols.len();
        let h = n / 2;
        let outer: Vec<usize> = (0..k).chain(n - k..n).collect();
        let rows: Vec<bool> = outer.iter().map(|&r| cols[r] >= h).collect();
        let col_rows: Vec<bool> = outer
            .iter()
            .map(|&c| (0..n).find(|&r| cols[r] == c).unwrap() >= h)
            .collect();
        let least = |x: &[bool]| {
            let not: Vec<bool> = x.iter().map(|b| !b).collect();
            let rev: Vec<bool> = x.iter().rev().copied().collect();
            let rev_not: Vec<bool> = not.iter().rev().copied().collect();
            [x.to_vec(), not, rev, rev_not].into_iter().min().unwrap()
        };
        match least(&rows).cmp(&least(&col_rows)) {
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 0,
        }
    }

    #[test]
    fn transposed_task_totals_match_a_brute_force_of_the_weights() {
        // Each task of a transposed even plan counts, over the row splits of its orbit
        // of groups, the solutions weighted by their outer row and column strings:
        // checked task by task against a plain search that weighs every solution
        // itself, and the weights add up to the number of solutions.
        for n in [6, 8, 10, 12] {
            let solutions = brute_solutions(n);
            for tbits in 1..=2 {
                let p = JoinPlan::with_tbits(n, tbits);
                let edge = p.edge_rows();
                let mut all = 0u128;
                for (i, t) in p.tasks.iter().enumerate() {
                    let a = t.east_edge;
                    let orbit = [a, edge ^ a, p.rev(a), p.rev(edge ^ a)];
                    let want: u128 = solutions
                        .iter()
                        .filter(|cols| {
                            let east = (0..n).filter(|&r| cols[r] >= n / 2);
                            let rows = east.fold(0u64, |m, r| m | 1 << r);
                            orbit.contains(&(rows & edge))
                        })
                        .map(|cols| brute_weight(cols, tbits))
                        .sum();
                    let got = p.run_task_until(i, &|| false).unwrap().total;
                    assert_eq!(got, want, "n={n} k={tbits} task {t:?}");
                    all += want;
                }
                assert_eq!(all, solutions.len() as u128, "n={n} k={tbits}");
            }
        }
    }

    #[test]
    fn transposed_plans_have_their_own_fingerprint() {
        // A transposed plan's task totals are weighted: its checkpoints and shards must
        // not mix with those of the plain plan of the same tasks.
        for n in [18, 20, 22, 24] {
            let p = JoinPlan::new(n).unwrap();
            assert_eq!(p.tbits, 2, "n={n}");
            let mut plain = p.clone();
            plain.tbits = 0;
            assert_eq!(plain.tasks, p.tasks);
            assert_ne!(plain.fingerprint(), p.fingerprint(), "n={n}");
        }
        for n in [14, 16, 17, 19] {
            assert_eq!(JoinPlan::new(n).unwrap().tbits, 0, "n={n}");
        }
    }

    #[test]
    fn orbits_cover_every_split_once() {
        // Each task stands for its orbit (`weight`) and, where a map fixes it, joins only
        // one split of each image pair, counted twice: over the task list that must
        // count every split (even boards, `C(n, h)`) or every split with a middle-column
        // row `m` (odd boards: `(n - 2) C(n - 1, h)`, no `m` in the first or last row,
        // whose solutions are counted as their transposed images) exactly once.
        for n in 1..=MAX_JOIN_SIDE {
            let p = JoinPlan::new(n).unwrap();
            let h = n / 2;
            let full = low_bits(n);
            let middle_rows = full & !p.edge_rows();
            let mut covered = 0u64;
            for t in &p.tasks {
                let mids: Vec<usize> = match t.mid {
                    NO_MIDDLE => vec![n],
                    ANY_MIDDLE => (0..n).filter(|&m| middle_rows >> m & 1 == 1).collect(),
                    m => vec![m as usize],
                };
                for m in mids {
                    let avail = if m == n { full } else { full & !(1 << m) };
                    // Every east row set of the group: the edge rows `a` and any middle rows.
                    let mut sub = middle_rows & avail;
                    loop {
                        let r = t.east_edge | sub;
                        if r.count_ones() as usize == h {
                            let flip = if m == n { m } else { n - 1 - m };
                            let image = match t.stab {
                                STAB_FLIP => (flip, p.rev(r)),
                                STAB_FLIP_MIRROR => (flip, p.rev(avail ^ r)),
                                _ => (m, r),
                            };
                            let times = match image.cmp(&(m, r)) {
                                std::cmp::Ordering::Less => 0,
                                std::cmp::Ordering::Equal => 1,
                                std::cmp::Ordering::Greater => 2,
                            };
                            covered += times * u64::from(t.weight);
                        }
                        if sub == 0 {
                            break;
                        }
                        sub = (sub - 1) & middle_rows & avail;
                    }
                }
            }
            let want = match n {
                _ if n % 2 == 0 => binomial(n, h),
                1 => 1,
                _ => (n as u64 - 2) * binomial(n - 1, h),
            };
            assert_eq!(covered, want, "n={n}");
        }
    }
}
