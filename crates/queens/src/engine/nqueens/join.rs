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
//! On an odd board `n = 2h + 1` the middle column holds one queen, in some row `m`; a
//! task fixes `m`, bars its row and its two diagonals, and splits the other `2h` rows
//! into east and west as above.
//!
//! # Tasks
//! A task is a *group* of row splits: those whose east rows meet the `2 e` *edge rows*
//! (the top `e` and the bottom `e`) in one given set `A` (and, on odd boards, with one
//! middle-column row `m`). The `n - 2e` other rows are the *middle rows*; `e` is
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
//! even board or with `m` the centre row), only the lesser split of each image pair
//! is joined, counted twice.
//!
//! # Counting disjoint pairs
//! Per split `R`, the pairs with disjoint keys are counted by a *sieve*: the smaller
//! list `E` is cut into blocks of 512; for each block and each diagonal `b`, a 512-bit
//! set marks the members of the block that use `b`. The key bits from the lowest to
//! the highest diagonal that both lists use are split into groups of at most 7, and
//! for each group every subset of it gets the union of its diagonals' sets, so that
//! for a member `W` of the other list the union over all its diagonals (the block
//! members it clashes with) takes one table look-up per group: 4 or 5 look-ups for
//! 512 pairs at n = 16..20. The set bits are counted, per byte by nibble look-up on
//! AVX2, and the compatible pairs are the rest. For lists of sizes `a <= b` this costs
//! about `b · ⌈a / 512⌉ · groups` 512-bit operations, plus the building of the tables.
//!
//! When the small list fills many blocks, both lists are first sorted by a few of the
//! most used diagonals, so that the members of a block share some diagonals; a key of
//! the big list that uses one of them clashes with the whole block and is counted
//! without look-ups (see [`sort_by_pattern`]). At n = 20 this skips most of the big
//! list for most blocks.

use super::plan::Tally;

/// Largest side the join handles. Keys would hold up to `2(n - 1) <= 62` diagonals in
/// a `u64`, but beyond 21 a count takes days anyway, and the buckets grow as `2^(n-2e)`.
pub const MAX_JOIN_SIDE: usize = 21;

/// One task: a group of row splits (see [`JoinPlan`]) and how many groups it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Task {
    /// The middle column's queen row; [`NO_MIDDLE`] on even boards.
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
    tasks: Vec<Task>,
}

impl JoinPlan {
    /// The join plan for `n` queens on `n × n`, for `1 <= n <=` [`MAX_JOIN_SIDE`].
    ///
    /// ```
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
        // where the board has them, for tasks enough to balance and checkpoint.
        let edge = if n >= 18 {
            (n - 10) / 2
        } else {
            (n / 2).min(4)
        };
        let mut plan = JoinPlan {
            n,
            h,
            edge,
            tasks: Vec::new(),
        };
        plan.tasks = plan.list_tasks();
        Some(plan)
    }

    /// The side of the board.
    pub fn side(&self) -> usize {
        self.n
    }

    /// Number of tasks.
    pub fn len(&self) -> usize {
        self.tasks.len()
    }

    /// Whether there are no tasks (never: even a board without solutions has tasks).
    pub fn is_empty(&self) -> bool {
        self.tasks.is_empty()
    }

    fn rev(&self, rows: u64) -> u64 {
        rows.reverse_bits() >> (64 - self.n)
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

    /// The rows other than the middle column's queen row `mid`.
    fn avail(&self, mid: u8) -> u64 {
        let full = low_bits(self.n);
        if mid == NO_MIDDLE {
            full
        } else {
            full & !(1 << mid)
        }
    }

    /// The least group of each orbit, with the orbit's size; largest groups first.
    fn list_tasks(&self) -> Vec<Task> {
        let (n, h) = (self.n, self.h);
        let mids: Vec<u8> = if n % 2 == 0 {
            vec![NO_MIDDLE]
        } else {
            (0..n as u8).collect()
        };
        let mut tasks = Vec::new();
        for mid in mids {
            let avail = self.avail(mid);
            let edge = self.edge_rows() & avail;
            let middle = (avail & !edge).count_ones() as usize;
            let flip = if mid == NO_MIDDLE {
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
        let mut bytes = b"nqueens-join-v1".to_vec();
        for v in [self.n, self.edge] {
            bytes.extend((v as u32).to_le_bytes());
        }
        for t in &self.tasks {
            bytes.extend([t.mid, t.weight, t.stab]);
            bytes.extend(t.east_edge.to_le_bytes());
        }
        super::fnv1a(bytes)
    }

    /// The solutions that task `i` stands for.
    pub fn run_task(&self, i: usize) -> Tally {
        let t = self.tasks[i];
        let found = SCRATCH.with(|s| self.count_task(t, &mut s.borrow_mut()));
        Tally {
            total: found * u128::from(t.weight),
            unique: 0,
        }
    }

    /// Every task on this thread, added up: the number of solutions.
    pub fn run_all(&self) -> u128 {
        (0..self.len()).map(|i| self.run_task(i).total).sum()
    }

    /// The solutions whose row split lies in the group of `t`.
    fn count_task(&self, t: Task, s: &mut Scratch) -> u128 {
        let job = self.job(&t);
        if job.layout.len1 + job.layout.len2 <= 32 {
            self.count_as::<u32>(t, &job, s)
        } else {
            self.count_as::<u64>(t, &job, s)
        }
    }

    /// [`Self::count_task`] with the keys held as `K`, which must hold `job.layout`.
    fn count_as<K: Word>(&self, t: Task, job: &Halves, s: &mut Scratch) -> u128 {
        let mut lists = std::mem::take(K::lists(s));
        let found = self.join_task(t, job, &mut lists, &mut s.sieve);
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
        if t.mid != NO_MIDDLE {
            let m = t.mid as usize;
            d1 |= 1 << (m + n - 1 - h);
            d2 |= 1 << (m + h);
        }
        let (e1, e2) = self.reach(n - h..n, avail & !west_edge);
        let (w1, w2) = self.reach(0..h, avail & !a);
        Halves {
            avail,
            a,
            west_edge,
            d1,
            d2,
            layout: Layout::new(e1 & w1 & !d1, e2 & w2 & !d2),
        }
    }

    /// Lists both halves of the task `t` into `lists` and counts the disjoint pairs.
    fn join_task<K: Word>(
        &self,
        t: Task,
        job: &Halves,
        lists: &mut Lists<K>,
        s: &mut Sieve,
    ) -> u128 {
        let (n, h) = (self.n, self.h);
        let (avail, a, west_edge) = (job.avail, job.a, job.west_edge);
        let buckets = 1usize << (n - 2 * self.edge);
        let mut east = std::mem::take(&mut lists.east);
        let mut west = std::mem::take(&mut lists.west);
        for v in [&mut east, &mut west] {
            v.resize_with(buckets, Vec::new);
            v.iter_mut().for_each(Vec::clear);
        }
        self.halves(n - h..n, avail & !west_edge, a, job, &mut east);
        self.halves(0..h, avail & !a, west_edge, job, &mut west);
        let mut found = 0u128;
        for (i, e) in east.iter().enumerate() {
            if e.is_empty() {
                continue;
            }
            let r = a | (i as u64) << self.edge;
            let image = match t.stab {
                STAB_FLIP => self.rev(r),
                STAB_FLIP_MIRROR => self.rev(avail ^ r),
                _ => r,
            };
            if image < r {
                continue;
            }
            let w = &west[((avail ^ r) >> self.edge) as usize & (buckets - 1)];
            let pairs = count_disjoint(e, w, &mut lists.sorted, s);
            found += u128::from(pairs) * if image == r { 1 } else { 2 };
        }
        lists.east = east;
        lists.west = west;
        found
    }

    /// Pushes the key (in `job.layout`) of every placement of one queen per column of
    /// `cols` on rows of `rows`, using every row of `needed`, clear of the diagonals
    /// `job.d1`, `job.d2` and of each other, into `out`, the bucket of the middle rows
    /// it uses.
    fn halves<K: Word>(
        &self,
        cols: std::ops::Range<usize>,
        rows: u64,
        needed: u64,
        job: &Halves,
        out: &mut [Vec<K>],
    ) {
        #[cfg(target_arch = "x86_64")]
        if fast_bits() {
            // SAFETY: the CPU has the features the function is compiled for.
            return unsafe { self.halves_x86(cols, rows, needed, job, out) };
        }
        self.halves_body(cols, rows, needed, job, out)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    unsafe fn halves_x86<K: Word>(
        &self,
        cols: std::ops::Range<usize>,
        rows: u64,
        needed: u64,
        job: &Halves,
        out: &mut [Vec<K>],
    ) {
        self.halves_body(cols, rows, needed, job, out)
    }

    #[inline(always)]
    fn halves_body<K: Word>(
        &self,
        cols: std::ops::Range<usize>,
        rows: u64,
        needed: u64,
        job: &Halves,
        out: &mut [Vec<K>],
    ) {
        let free_cols = low_bits(cols.end) & !low_bits(cols.start);
        let l = job.layout;
        let keys = Keys {
            n: self.n,
            lo1: l.lo1,
            lo2: l.lo2,
            len1: l.len1,
            m1: low_bits(l.len1),
            m2: low_bits(l.len2),
            k1: !job.d1,
            k2: !job.d2,
            edge: self.edge,
            mask: out.len() - 1,
            rows: rows & !needed,
        };
        keys.needed_rows(needed, free_cols, job.d1, job.d2, out);
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
    /// The middle column queen's diagonals (barred, left out of the keys).
    d1: u64,
    d2: u64,
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
    east: Vec<Vec<K>>,
    west: Vec<Vec<K>>,
    sorted: Sorted<K>,
}

/// The two lists of a pair sorted by pattern (see [`sort_by_pattern`]).
#[derive(Default)]
struct Sorted<K> {
    small: Vec<K>,
    big: Vec<K>,
}

/// What the search of one half needs to know, besides its state.
struct Keys {
    n: usize,
    lo1: usize,
    lo2: usize,
    len1: usize,
    m1: u64,
    m2: u64,
    /// Everything but the middle queen's diagonals (left out of the keys).
    k1: u64,
    k2: u64,
    edge: usize,
    /// Buckets - 1.
    mask: usize,
    /// The rows (all middle rows) for the columns left after the needed rows.
    rows: u64,
}

impl Keys {
    /// Places the needed (edge) rows first, each in a free column, row by row: doing
    /// them last, column by column, would reach many dead ends that lack one of them.
    #[inline(always)]
    fn needed_rows<K: Word>(&self, needed: u64, cols: u64, a: u64, b: u64, out: &mut [Vec<K>]) {
        let n = self.n;
        // Frames: rows still needed, free columns, the diagonals, columns left to try.
        let mut stack = [(0u64, 0u64, 0u64, 0u64, 0u64); 64];
        let mut sp = 0usize;
        let (mut need, mut free, mut a, mut b, mut left) = (needed, cols, a, b, cols);
        loop {
            if need == 0 {
                self.other_rows(free, a, b, out);
            } else if left != 0 {
                let r = need.trailing_zeros() as usize;
                let c = left.trailing_zeros() as usize;
                left &= left - 1;
                let (x, y) = (1u64 << (r + n - 1 - c), 1u64 << (r + c));
                if a & x == 0 && b & y == 0 {
                    stack[sp & 63] = (need, free, a, b, left);
                    sp += 1;
                    need &= need - 1;
                    free &= !(1 << c);
                    a |= x;
                    b |= y;
                    left = free;
                }
                continue;
            }
            if sp == 0 {
                break;
            }
            sp -= 1;
            (need, free, a, b, left) = stack[sp & 63];
        }
    }

    /// Fills the columns `cols` with the middle rows, column by column.
    #[inline(always)]
    fn other_rows<K: Word>(&self, cols: u64, a: u64, b: u64, out: &mut [Vec<K>]) {
        let n = self.n;
        let key = |a: u64, b: u64| {
            let x = ((a & self.k1) >> self.lo1) & self.m1;
            let y = ((b & self.k2) >> self.lo2) & self.m2;
            K::of(x | y << self.len1)
        };
        let depth = cols.count_ones() as usize;
        if depth == 0 {
            out[0].push(key(a, b));
            return;
        }
        let mut list = [0usize; 32];
        let mut left = cols;
        for slot in list.iter_mut().take(depth) {
            *slot = left.trailing_zeros() as usize;
            left &= left - 1;
        }
        let last = depth - 1;
        // Frames: free rows, the two diagonal masks, and the candidates left.
        let mut stack = [(0u64, 0u64, 0u64, 0u64); 32];
        let (mut free, mut a, mut b) = (self.rows, a, b);
        let mut j = 0usize;
        let c = list[0];
        let mut avail = free & !(a >> (n - 1 - c)) & !(b >> c);
        let mut sp = 0usize;
        loop {
            if avail != 0 {
                let r = avail.trailing_zeros() as usize;
                avail &= avail - 1;
                let c = list[j & 31];
                let na = a | 1 << (r + n - 1 - c);
                let nb = b | 1 << (r + c);
                let nf = free & !(1 << r);
                if j == last {
                    let used = self.rows ^ nf;
                    out[(used >> self.edge) as usize & self.mask].push(key(na, nb));
                    continue;
                }
                let c2 = list[(j + 1) & 31];
                let next = nf & !(na >> (n - 1 - c2)) & !(nb >> c2);
                if next != 0 {
                    stack[sp & 31] = (free, a, b, avail);
                    sp += 1;
                    (free, a, b, avail) = (nf, na, nb, next);
                    j += 1;
                }
            } else if sp == 0 {
                break;
            } else {
                sp -= 1;
                (free, a, b, avail) = stack[sp & 31];
                j -= 1;
            }
        }
    }
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

/// Whether the CPU has AVX2 (and the bit instructions) for the sieve.
#[cfg(target_arch = "x86_64")]
fn fast_sieve() -> bool {
    fast_bits() && std::arch::is_x86_feature_detected!("avx2")
}

/// Reused buffers of one thread.
#[derive(Default)]
struct Scratch {
    narrow: Lists<u32>,
    wide: Lists<u64>,
    sieve: Sieve,
}

/// Reused buffers of the sieve.
#[derive(Default)]
struct Sieve {
    bits: Vec<Block>,
    table: Vec<Block>,
    pattern: Pattern,
    big_start: Vec<usize>,
    patterns: Vec<u8>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// 512 members of the small list, a bit each.
type Block = [u64; WORDS];
/// 64-bit words per block.
const WORDS: usize = 8;
const BLOCK: usize = 64 * WORDS;
/// At most this many diagonals per look-up group.
const GROUP: usize = 7;

/// Calls `f::<G>(args)` with `G` the run-time number of look-up groups (1 to 9).
macro_rules! by_groups {
    ($groups:expr, $f:ident($($arg:expr),*)) => {
        match $groups {
            1 => $f::<1, _>($($arg),*),
            2 => $f::<2, _>($($arg),*),
            3 => $f::<3, _>($($arg),*),
            4 => $f::<4, _>($($arg),*),
            5 => $f::<5, _>($($arg),*),
            6 => $f::<6, _>($($arg),*),
            7 => $f::<7, _>($($arg),*),
            8 => $f::<8, _>($($arg),*),
            _ => $f::<9, _>($($arg),*),
        }
    };
}

/// The number of pairs `(x, y)`, `x` in `a`, `y` in `b`, with `x & y == 0`.
fn count_disjoint<K: Word>(a: &[K], b: &[K], sorted: &mut Sorted<K>, s: &mut Sieve) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if fast_sieve() {
        // SAFETY: the CPU has the features the function is compiled for.
        return unsafe { count_disjoint_x86(a, b, sorted, s) };
    }
    count_disjoint_body(a, b, sorted, s)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
unsafe fn count_disjoint_x86<K: Word>(
    a: &[K],
    b: &[K],
    sorted: &mut Sorted<K>,
    s: &mut Sieve,
) -> u64 {
    count_disjoint_body(a, b, sorted, s)
}

#[inline(always)]
fn count_disjoint_body<K: Word>(a: &[K], b: &[K], sorted: &mut Sorted<K>, s: &mut Sieve) -> u64 {
    let (small, big) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if small.is_empty() {
        return 0;
    }
    if small.len() < 16 {
        return small
            .iter()
            .map(|&x| {
                let x: u64 = x.into();
                big.iter().filter(|&&y| x & y.into() == 0).count() as u64
            })
            .sum();
    }
    let union = |list: &[K]| list.iter().fold(0u64, |u, &x| u | x.into());
    let used = union(small) & union(big);
    if used == 0 {
        return small.len() as u64 * big.len() as u64;
    }
    // The diagonals from `bottom` on, in groups of `width` bits.
    let bottom = used.trailing_zeros();
    let span = (64 - used.leading_zeros() - bottom) as usize;
    let groups = span.div_ceil(GROUP);
    let width = span.div_ceil(groups);
    let stride = 1usize << width;
    s.bits.clear();
    s.bits.resize(span, [0; WORDS]);
    s.table.clear();
    s.table.resize(groups * stride, [0; WORDS]);
    let sieve_of = |t: &[Block], keys: &[K]| -> u64 {
        let w = width as u32;
        #[cfg(target_arch = "x86_64")]
        if fast_sieve() {
            // SAFETY: the CPU has AVX2; every index stays below `groups * stride`.
            return unsafe { by_groups!(groups, sieve_avx2(t, keys, used, bottom, w)) };
        }
        by_groups!(groups, sieve(t, keys, used, bottom, w))
    };
    let out = sorted;
    let sorted = small.len() > SORT_BLOCKS * BLOCK && used.count_ones() as usize > SORT_BITS;
    let (small, big) = if sorted {
        sort_by_pattern(small, big, used, out, s);
        (&out.small[..], &out.big[..])
    } else {
        (small, big)
    };
    let mut clashes = 0u64;
    for block in small.chunks(BLOCK) {
        build_tables(
            block,
            used,
            bottom,
            groups,
            width,
            &mut s.bits,
            &mut s.table,
        );
        let t = &s.table[..];
        if !sorted {
            clashes += sieve_of(t, big);
            continue;
        }
        // Every member of the block has the diagonals `common`: a key of the big list
        // with one of them clashes with the whole block, and is not looked at.
        let common = block.iter().fold(used, |c, &x| c & x.into());
        let cp = s.pattern.of(common);
        let mut q = 0;
        while q < 1 << SORT_BITS {
            if q & cp != 0 {
                q += 1;
                continue;
            }
            let from = q;
            while q < 1 << SORT_BITS && q & cp == 0 {
                q += 1;
            }
            let keys = &big[s.big_start[from]..s.big_start[q]];
            clashes += sieve_of(t, keys);
            clashes -= keys.len() as u64 * block.len() as u64;
        }
        clashes += big.len() as u64 * block.len() as u64;
    }
    small.len() as u64 * big.len() as u64 - clashes
}

/// Diagonals the lists are sorted by, before the sieve (see [`sort_by_pattern`]).
const SORT_BITS: usize = 4;
/// Bytes of a key: keys hold at most `2 (n - 1) <= 40` diagonals.
const KEY_BYTES: usize = 5;
/// Lists are sorted when the small one fills more blocks than this.
const SORT_BLOCKS: usize = 6;

/// Which diagonals make a key's *pattern*, by look-up per byte of the key: the chosen
/// diagonals, most used first, become the pattern's bits from the highest down.
struct Pattern {
    /// `lut[i][b]`: the pattern bits that byte `i` of a key equal to `b` sets.
    lut: [[u8; 256]; KEY_BYTES],
}

impl Default for Pattern {
    fn default() -> Pattern {
        Pattern {
            lut: [[0; 256]; KEY_BYTES],
        }
    }
}

impl Pattern {
    /// Makes diagonal `order[i]` pattern bit `SORT_BITS - 1 - i`.
    fn choose(&mut self, order: &[u32]) {
        for (i, lut) in self.lut.iter_mut().enumerate() {
            for (b, slot) in lut.iter_mut().enumerate() {
                *slot = order
                    .iter()
                    .enumerate()
                    .filter(|&(_, &d)| d as usize / 8 == i && b >> (d % 8) & 1 == 1)
                    .fold(0, |p, (k, _)| p | 1 << (SORT_BITS - 1 - k));
            }
        }
    }

    #[inline(always)]
    fn of(&self, key: u64) -> usize {
        let mut p = 0;
        for (i, lut) in self.lut.iter().enumerate() {
            p |= lut[(key >> (8 * i)) as usize & 0xff];
        }
        usize::from(p)
    }
}

/// Sorts both lists by their pattern on the [`SORT_BITS`] diagonals most used by both,
/// the most used first, into `out` (with the start of each pattern of the big list in
/// `s.big_start`).
///
/// Blocks of the sorted small list then share diagonals: the members of a block agree on
/// the first few pattern bits, and every key of the big list that uses a diagonal the
/// whole block uses clashes with all of it, so it is counted without a look-up. The
/// sort pays where the small list fills many blocks: measured on the largest tasks, it
/// halves the time at n = 20 (long lists), saves about 8% at n = 18, and is left off
/// for shorter lists, where it cost more than it saved.
fn sort_by_pattern<K: Word>(small: &[K], big: &[K], used: u64, out: &mut Sorted<K>, s: &mut Sieve) {
    // How often each diagonal is used, from a sample of each list.
    let mut uses = [[0u32; 64]; 2];
    for (u, list) in uses.iter_mut().zip([small, big]) {
        for &x in list.iter().step_by(list.len() / 64 + 1) {
            let mut m = x.into() & used;
            while m != 0 {
                u[m.trailing_zeros() as usize] += 1;
                m &= m - 1;
            }
        }
    }
    let mut order: Vec<u32> = (0..64).filter(|&d| used >> d & 1 == 1).collect();
    order.sort_by_key(|&d| {
        let d = d as usize;
        std::cmp::Reverse(u64::from(uses[0][d]) * u64::from(uses[1][d]))
    });
    s.pattern.choose(&order[..SORT_BITS]);
    let mut start = [0usize; (1 << SORT_BITS) + 1];
    for (list, out) in [(small, &mut out.small), (big, &mut out.big)] {
        s.patterns.clear();
        s.patterns
            .extend(list.iter().map(|&x| s.pattern.of(x.into()) as u8));
        start.fill(0);
        for &p in &s.patterns {
            start[usize::from(p) + 1] += 1;
        }
        for i in 0..1 << SORT_BITS {
            start[i + 1] += start[i];
        }
        out.resize(list.len(), K::default());
        let out = out.as_mut_slice();
        let mut next = start;
        for (&x, &p) in list.iter().zip(&s.patterns) {
            let at = &mut next[usize::from(p)];
            out[*at] = x;
            *at += 1;
        }
    }
    s.big_start.clear();
    s.big_start.extend_from_slice(&start);
}

/// Fills `table` for one block of the small list: row `g * 2^width + q` is the set of
/// block members that use any diagonal of the subset `q` of group `g`.
#[inline(always)]
fn build_tables<K: Word>(
    block: &[K],
    used: u64,
    bottom: u32,
    groups: usize,
    width: usize,
    bits: &mut [Block],
    table: &mut [Block],
) {
    let span = bits.len();
    let stride = 1usize << width;
    for b in bits.iter_mut() {
        *b = [0; WORDS];
    }
    // A bit-matrix transpose per 64 members: setting the bits one by one chains
    // read-modify-writes on the same words, and took about 8% of the count.
    for (w, chunk) in block.chunks(64).enumerate() {
        let mut rows = [0u64; 64];
        for (r, &x) in rows.iter_mut().zip(chunk) {
            *r = (x.into() & used) >> bottom;
        }
        transpose64(&mut rows);
        for (b, &r) in bits.iter_mut().zip(&rows) {
            b[w] = r;
        }
    }
    for g in 0..groups {
        let t = &mut table[g * stride..(g + 1) * stride];
        let lo = g * width;
        let hi = (lo + width).min(span);
        for p in 1..1usize << (hi - lo) {
            let prev = t[p & (p - 1)];
            let bit = bits[lo + p.trailing_zeros() as usize];
            t[p] = std::array::from_fn(|w| prev[w] | bit[w]);
        }
    }
}

/// Transposes a 64 × 64 bit matrix in place: bit `j` of `m[i]` trades places with bit
/// `i` of `m[j]`. Six rounds swap ever smaller off-diagonal blocks (32, 16, …, 1 wide).
#[inline(always)]
fn transpose64(m: &mut [u64; 64]) {
    let mut width = 32;
    let mut mask: u64 = 0x0000_0000_ffff_ffff;
    while width != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((m[k] >> width) ^ m[k + width]) & mask;
            m[k] ^= t << width;
            m[k + width] ^= t;
            k = (k + width + 1) & !width;
        }
        width >>= 1;
        mask ^= mask << width;
    }
}

/// [`sieve`] with AVX2: the union of a key's sets in two registers, and the popcounts
/// summed per byte (by nibble look-up) for 15 keys at a time before they are widened
/// (at most 16 per byte and key, so no byte overflows).
///
/// # Safety
/// The CPU must have AVX2, and `table` must hold `G << width` blocks.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
unsafe fn sieve_avx2<const G: usize, K: Word>(
    table: &[Block],
    big: &[K],
    used: u64,
    bottom: u32,
    width: u32,
) -> u64 {
    use std::arch::x86_64::*;
    let stride = 1usize << width;
    let wmask = (stride - 1) as u64;
    debug_assert!(table.len() >= G * stride);
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
                // SAFETY: g < G and q < stride.
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

/// The clashing pairs of one block: for each key of `big`, the union of its `G`
/// groups' sets (`width` bits each, from bit `bottom`), counted.
#[inline(always)]
fn sieve<const G: usize, K: Word>(
    table: &[Block],
    big: &[K],
    used: u64,
    bottom: u32,
    width: u32,
) -> u64 {
    let stride = 1usize << width;
    let wmask = (stride - 1) as u64;
    let mut clashes = 0u64;
    for &y in big {
        let y = (y.into() & used) >> bottom;
        let mut acc = [0u64; WORDS];
        for g in 0..G {
            let q = ((y >> (g as u32 * width)) & wmask) as usize;
            let t = &table[g * stride + q];
            for w in 0..WORDS {
                acc[w] |= t[w];
            }
        }
        clashes += acc.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
    }
    clashes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The disjoint pairs, one by one.
    fn brute_pairs(a: &[u64], b: &[u64]) -> u64 {
        a.iter()
            .map(|&x| b.iter().filter(|&&y| x & y == 0).count() as u64)
            .sum()
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
    fn sorted_lists_count_the_same_pairs() {
        // Long enough lists to be sorted by pattern, with diagonals of unequal use (the
        // low ones common) so that blocks share some and keys of the big list skip them.
        let mut next = xorshift(777);
        let mut key = || {
            let dense = next() & next() & 0xffff;
            let sparse = next() & next() & next() & next() & ((1 << 40) - (1 << 16));
            dense | sparse
        };
        let a: Vec<u64> = (0..(SORT_BLOCKS + 1) * BLOCK + 77).map(|_| key()).collect();
        let b: Vec<u64> = (0..5000).map(|_| key()).collect();
        let want = brute_pairs(&a, &b);
        let (mut sorted, mut s) = (Sorted::default(), Sieve::default());
        assert_eq!(count_disjoint(&a, &b, &mut sorted, &mut s), want);
        assert_eq!(count_disjoint(&b, &a, &mut sorted, &mut s), want);
        // The same keys cut to 32 bits, held as `u32`.
        let narrow = |v: &[u64]| -> Vec<u32> { v.iter().map(|&x| x as u32).collect() };
        let (a32, b32) = (narrow(&a), narrow(&b));
        let cut = |v: &[u64]| -> Vec<u64> { v.iter().map(|&x| x & 0xffff_ffff).collect() };
        let want = brute_pairs(&cut(&a), &cut(&b));
        let mut sorted = Sorted::default();
        assert_eq!(count_disjoint(&a32, &b32, &mut sorted, &mut s), want);
        assert_eq!(count_disjoint(&b32, &a32, &mut sorted, &mut s), want);
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
                total(&|t, s| p.count_as::<u32>(t, &p.job(&t), s), &mut s),
                w
            );
            assert_eq!(
                total(&|t, s| p.count_as::<u64>(t, &p.job(&t), s), &mut s),
                w
            );
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
    fn transpose64_swaps_rows_and_columns() {
        let mut next = xorshift(99);
        let mut m = [0u64; 64];
        m.iter_mut().for_each(|r| *r = next());
        let before = m;
        transpose64(&mut m);
        for (i, row) in m.iter().enumerate() {
            for (j, col) in before.iter().enumerate() {
                assert_eq!(row >> j & 1, col >> i & 1, "({i}, {j})");
            }
        }
    }

    #[test]
    fn disjoint_pairs_match_brute_force() {
        let mut next = xorshift(12345);
        let (mut sorted, mut s) = (Sorted::default(), Sieve::default());
        for (na, nb) in [(1, 5), (20, 700), (300, 50), (600, 900)] {
            let a: Vec<u64> = (0..na)
                .map(|_| next() & next() & next() & ((1 << 40) - 1))
                .collect();
            let b: Vec<u64> = (0..nb)
                .map(|_| next() & next() & next() & ((1 << 40) - 1))
                .collect();
            let want = brute_pairs(&a, &b);
            assert_eq!(count_disjoint(&a, &b, &mut sorted, &mut s), want);
            assert_eq!(count_disjoint_body(&b, &a, &mut sorted, &mut s), want);
        }
    }
}
