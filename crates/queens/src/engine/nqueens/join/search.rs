//! The half-board searches of the join: for one task, every placement of one queen per
//! column of one half (the needed edge rows first, row by row, then the middle rows
//! column by column), pushed as a key into the bucket of the middle rows it uses; on
//! odd boards with its tag (the middle-column rows it cannot go with) alongside, and
//! with the queen of the centre row only in the columns the task allows. On even boards
//! with the transposition, the outer columns of its tag (see the parent's *Symmetry*)
//! are filled first, and the rest of the search goes to that tag's buckets (or
//! nowhere, where the task gives the tag no weight).
//!
//! Kept apart from the plan (the tasks and their key layouts, in the [parent](super))
//! and from the count of disjoint pairs (`sieve`): it only fills the lists. It is
//! safe code but for the choice, at run time, of a copy of the search compiled with
//! `popcnt`, `bmi1` and `bmi2`, whose only safety condition is that the CPU has them.

use super::{Halves, JoinPlan, Word, low_bits};

impl JoinPlan {
    /// Pushes the key (in `job.layout`) of every placement of one queen per column of
    /// `cols` on rows of `rows`, using every row of `needed`, clear of the diagonals
    /// `job.d1`, `job.d2` and of each other, into `out`, the bucket of the middle rows
    /// it uses; a queen of the centre row `h` only in the columns of `job.near_h`. With
    /// `TAG` (odd boards), each key's tag goes to the same bucket of `tags`: the rows `m`
    /// of the middle column it attacks or whose `|m - h|` is at least that of its queen
    /// of row `h`. `None` when `stop` said so before the half was listed.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn halves<K: Word, const TAG: bool>(
        &self,
        cols: std::ops::Range<usize>,
        rows: u64,
        needed: u64,
        job: &Halves,
        out: &mut [Vec<K>],
        tags: &mut [Vec<u32>],
        stop: &dyn Fn() -> bool,
    ) -> Option<()> {
        #[cfg(target_arch = "x86_64")]
        if super::fast_bits() {
            // SAFETY: the CPU has the features the function is compiled for.
            return unsafe { self.halves_x86::<K, TAG>(cols, rows, needed, job, out, tags, stop) };
        }
        self.halves_body::<K, TAG>(cols, rows, needed, job, out, tags, stop)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    #[allow(clippy::too_many_arguments)]
    unsafe fn halves_x86<K: Word, const TAG: bool>(
        &self,
        cols: std::ops::Range<usize>,
        rows: u64,
        needed: u64,
        job: &Halves,
        out: &mut [Vec<K>],
        tags: &mut [Vec<u32>],
        stop: &dyn Fn() -> bool,
    ) -> Option<()> {
        self.halves_body::<K, TAG>(cols, rows, needed, job, out, tags, stop)
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn halves_body<K: Word, const TAG: bool>(
        &self,
        cols: std::ops::Range<usize>,
        rows: u64,
        needed: u64,
        job: &Halves,
        out: &mut [Vec<K>],
        tags: &mut [Vec<u32>],
        stop: &dyn Fn() -> bool,
    ) -> Option<()> {
        // Per column `c`, the middle-column rows `m` with `|m - h| >= |c - h|`: a queen
        // of row `h` in column `c` rules them out (see `Keys::tag`).
        let mut near = [0u32; 64];
        if TAG {
            for (c, slot) in near.iter_mut().enumerate().take(self.n) {
                let k = c.abs_diff(self.h);
                *slot = (0..self.n)
                    .filter(|&m| m.abs_diff(self.h) >= k)
                    .fold(0, |f, m| f | 1 << m);
            }
        }
        // The transposition's tag bit of each outer column (see the parent's
        // *Symmetry*): west columns `j < k` give bit `k - 1 - j`, east columns
        // `j >= n - k` bit `n - 1 - j`, set when the queen is in the bottom half.
        let (n, k) = (self.n, self.tbits);
        // `other_rows` places at most two tag columns itself, and ignores the odd
        // boards' restriction of row `h` (`far`): the tags are for even boards only.
        debug_assert!(k <= 2 && (k == 0 || n.is_multiple_of(2)));
        let mut tagbit = [0u32; 64];
        let mut tagcols = 0u64;
        for c in cols.clone() {
            if c < k {
                tagbit[c] = 1 << (k - 1 - c);
            } else if c + k >= n {
                tagbit[c] = 1 << (n - 1 - c);
            } else {
                continue;
            }
            tagcols |= 1 << c;
        }
        let keep = if cols.start == 0 {
            job.keep_west
        } else {
            job.keep_east
        };
        // The last column's tables below hold 16 middle rows and 32 columns.
        debug_assert!(self.n - 2 * self.edge <= 16 && self.n <= 32);
        let free_cols = low_bits(cols.end) & !low_bits(cols.start);
        let l = job.layout;
        let mut keys = Keys {
            n: self.n,
            lo1: l.lo1,
            lo2: l.lo2,
            len1: l.len1,
            m1: low_bits(l.len1),
            m2: low_bits(l.len2),
            k1: !job.d1,
            k2: !job.d2,
            edge: self.edge,
            mask: (out.len() >> k) - 1,
            tagbit,
            tagcols,
            keep,
            // The east half mirrors the west's order (outer columns first) where the
            // tag columns come first anyway: at n = 18, 3.11 s against 3.18.
            down: cols.start > 0 && k > 0,
            rows: rows & !needed,
            h: self.h,
            near,
            far: job.near_h,
            all: low_bits(self.n) as u32,
            leaf: [[0; 16]; 32],
            leaf_tag: [[0; 16]; 32],
        };
        for c in cols.clone() {
            for i in 0..16 {
                let r = self.edge + i;
                if r < self.n {
                    keys.leaf[c & 31][i] = keys.key(1 << (r + self.n - 1 - c), 1 << (r + c));
                    if TAG {
                        let own = keys.near[c & 63] & u32::from(r == self.h).wrapping_neg();
                        keys.leaf_tag[c & 31][i] =
                            keys.tag(1 << (r + self.n - 1 - c), 1 << (r + c), own);
                    }
                }
            }
        }
        keys.needed_rows::<K, TAG>(needed, free_cols, job.d1, job.d2, out, tags, stop)
    }
}

/// A half's search asks whether to stop every this many fills of its other rows (one
/// fill lists up to thousands of keys; the check is a call through a pointer).
const STOP_EVERY_FILLS: u32 = 64;

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
    /// Buckets - 1 (buckets of middle rows).
    mask: usize,
    /// Per column, its bit of the transposition tag (0 but for the outer columns).
    tagbit: [u32; 64],
    /// The outer columns of the tag.
    tagcols: u64,
    /// The tags the task gives some weight: keys of other tags are not listed.
    keep: u32,
    /// Whether the columns are filled from the highest down.
    down: bool,
    /// The rows (all middle rows) for the columns left after the needed rows.
    rows: u64,
    /// The centre row (and column).
    h: usize,
    /// Per column, the middle-column rows a queen of row `h` there rules out.
    near: [u32; 64],
    /// The columns where a queen of row `h` may go.
    far: u64,
    /// The rows of the board.
    all: u32,
    /// Per column and middle row (from `edge`), the key bits of a queen there.
    leaf: [[u64; 16]; 32],
    /// With `TAG`, per column and middle row, the tag of a queen there.
    leaf_tag: [[u32; 16]; 32],
}

impl Keys {
    /// Places the needed (edge) rows first, each in a free column, row by row: doing
    /// them last, column by column, would reach many dead ends that lack one of them.
    /// `None` when `stop` said so (asked every [`STOP_EVERY_FILLS`] fills: at N = 21 one
    /// half took a quarter of a second, past a budget's 10%).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn needed_rows<K: Word, const TAG: bool>(
        &self,
        needed: u64,
        cols: u64,
        a: u64,
        b: u64,
        out: &mut [Vec<K>],
        tags: &mut [Vec<u32>],
        stop: &dyn Fn() -> bool,
    ) -> Option<()> {
        let mut fills = 0u32;
        let n = self.n;
        // Frames: rows still needed, free columns, the diagonals, columns left to try,
        // the transposition tag so far.
        let mut stack = [(0u64, 0u64, 0u64, 0u64, 0u64, 0u32); 64];
        let mut sp = 0usize;
        let (mut need, mut free, mut a, mut b, mut left, mut t) = (needed, cols, a, b, cols, 0);
        loop {
            if need == 0 {
                self.other_rows::<K, TAG>(free, a, b, t, out, tags);
                fills = fills.wrapping_add(1);
                if fills.is_multiple_of(STOP_EVERY_FILLS) && stop() {
                    return None;
                }
            } else if left != 0 {
                let r = need.trailing_zeros() as usize;
                let c = left.trailing_zeros() as usize;
                left &= left - 1;
                let (x, y) = (1u64 << (r + n - 1 - c), 1u64 << (r + c));
                if a & x == 0 && b & y == 0 {
                    stack[sp & 63] = (need, free, a, b, left, t);
                    sp += 1;
                    if r >= self.h {
                        t |= self.tagbit[c & 63];
                    }
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
            (need, free, a, b, left, t) = stack[sp & 63];
        }
        Some(())
    }

    /// The key of a half-solution with diagonals `a`, `b`: its overlap diagonals in the
    /// task's layout. An OR of its queens' keys, so a last queen's part can be tabled.
    #[inline(always)]
    fn key(&self, a: u64, b: u64) -> u64 {
        let x = ((a & self.k1) >> self.lo1) & self.m1;
        let y = ((b & self.k2) >> self.lo2) & self.m2;
        x | y << self.len1
    }

    /// The tag of a half-solution with diagonals `a`, `b` (middle queen's left out) and
    /// `near` from its queen of row `h`: the middle-column rows `m` it cannot go with,
    /// those it attacks and, when it has the queen of row `h`, those at least as far
    /// from the centre as that queen (the join counts `|m - h| < |c - h|` only).
    #[inline(always)]
    fn tag(&self, a: u64, b: u64, near: u32) -> u32 {
        let n = self.n;
        let hits = ((a & self.k1) >> (n - 1 - self.h)) | ((b & self.k2) >> self.h);
        near | (hits as u32 & self.all)
    }

    /// Fills the columns `cols` with the middle rows; with `TAG`, pushes each key's
    /// [`Self::tag`] to `tags` too. Without `TAG`, `t` is the transposition tag of the
    /// queens placed so far: the outer columns of the tag are filled first, so that the
    /// rest of the search knows its tag, goes to that tag's buckets, and is skipped
    /// where the task gives the tag no weight.
    #[inline(always)]
    fn other_rows<K: Word, const TAG: bool>(
        &self,
        cols: u64,
        a: u64,
        b: u64,
        t: u32,
        out: &mut [Vec<K>],
        tags: &mut [Vec<u32>],
    ) {
        let n = self.n;
        let tc = if TAG { 0 } else { cols & self.tagcols };
        let free = self.rows;
        if tc == 0 {
            return self.fill::<K, TAG>(cols, free, a, b, t, out, tags);
        }
        let place = |c: usize, r: usize, free: u64, a: u64, b: u64, t: u32| {
            let low = u32::from(r >= self.h).wrapping_neg();
            (
                free & !(1 << r),
                a | 1 << (r + n - 1 - c),
                b | 1 << (r + c),
                t | (self.tagbit[c & 63] & low),
            )
        };
        let c1 = tc.trailing_zeros() as usize;
        let rest = tc & (tc - 1);
        let cols = cols & !(1 << c1);
        let mut av1 = free & !(a >> (n - 1 - c1)) & !(b >> c1);
        while av1 != 0 {
            let r1 = av1.trailing_zeros() as usize;
            av1 &= av1 - 1;
            let (f1, a1, b1, t1) = place(c1, r1, free, a, b, t);
            if rest == 0 {
                self.fill::<K, TAG>(cols, f1, a1, b1, t1, out, tags);
                continue;
            }
            let c2 = rest.trailing_zeros() as usize;
            let mut av2 = f1 & !(a1 >> (n - 1 - c2)) & !(b1 >> c2);
            while av2 != 0 {
                let r2 = av2.trailing_zeros() as usize;
                av2 &= av2 - 1;
                let (f2, a2, b2, t2) = place(c2, r2, f1, a1, b1, t1);
                self.fill::<K, TAG>(cols & !(1 << c2), f2, a2, b2, t2, out, tags);
            }
        }
    }

    /// Fills the columns `cols` from the rows `free`, column by column, into the
    /// buckets of tag `t` (see [`Self::other_rows`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn fill<K: Word, const TAG: bool>(
        &self,
        cols: u64,
        free: u64,
        a: u64,
        b: u64,
        t: u32,
        out: &mut [Vec<K>],
        tags: &mut [Vec<u32>],
    ) {
        let n = self.n;
        let out = if TAG {
            out
        } else {
            if self.keep >> t & 1 == 0 {
                return;
            }
            let nb = self.mask + 1;
            &mut out[t as usize * nb..(t as usize + 1) * nb]
        };
        let key = |a: u64, b: u64| K::of(self.key(a, b));
        let depth = cols.count_ones() as usize;
        if depth == 0 {
            let used = self.rows ^ free;
            out[(used >> self.edge) as usize & self.mask].push(key(a, b));
            if TAG {
                tags[0].push(self.tag(a, b, 0));
            }
            return;
        }
        // The columns in order, and the rows each allows: row `h` only where it can go
        // with the middle column's queen.
        let mut list = [0usize; 32];
        let mut allow = [0u64; 32];
        let mut left = cols;
        for (slot, rows) in list.iter_mut().zip(&mut allow).take(depth) {
            *slot = if self.down {
                63 - left.leading_zeros() as usize
            } else {
                left.trailing_zeros() as usize
            };
            *rows = if self.far >> *slot & 1 == 1 {
                !0
            } else {
                !(1 << self.h)
            };
            left &= !(1 << *slot);
        }
        let last = depth - 1;
        let cl = list[last];
        // The last column's queens, pushed without a frame of their own: per middle row
        // (from `edge`), the key bits its diagonals add and its bucket bit.
        let bits = &self.leaf[cl & 31];
        let tag_bits = &self.leaf_tag[cl & 31];
        let edge = self.edge;
        let mut leaves = |free: u64, a: u64, b: u64, near: u32, mut next: u64| {
            let base = self.key(a, b);
            let at0 = ((self.rows ^ free) >> edge) as usize & self.mask;
            let base_tag = if TAG { self.tag(a, b, near) } else { 0 };
            while next != 0 {
                let r = next.trailing_zeros() as usize;
                next &= next - 1;
                let i = (r - edge) & 15;
                let at = at0 | 1 << i;
                out[at].push(K::of(base | bits[i]));
                if TAG {
                    tags[at].push(base_tag | tag_bits[i]);
                }
            }
        };
        let c = list[0];
        let mut avail = free & !(a >> (n - 1 - c)) & !(b >> c) & allow[0];
        if last == 0 {
            leaves(free, a, b, 0, avail);
            return;
        }
        // Frames: free rows, the two diagonal masks, the candidates left, and what the
        // queen of row `h` (if placed) rules out.
        let mut stack = [(0u64, 0u64, 0u64, 0u64, 0u32); 32];
        let (mut free, mut a, mut b, mut near) = (free, a, b, 0u32);
        let mut j = 0usize;
        let mut sp = 0usize;
        loop {
            if avail != 0 {
                let r = avail.trailing_zeros() as usize;
                avail &= avail - 1;
                let c = list[j & 31];
                let na = a | 1 << (r + n - 1 - c);
                let nb = b | 1 << (r + c);
                let nf = free & !(1 << r);
                let nn = if TAG {
                    near | (self.near[c & 63] & u32::from(r == self.h).wrapping_neg())
                } else {
                    0
                };
                let c2 = list[(j + 1) & 31];
                let next = nf & !(na >> (n - 1 - c2)) & !(nb >> c2) & allow[(j + 1) & 31];
                if j + 1 == last {
                    leaves(nf, na, nb, nn, next);
                } else if next != 0 {
                    stack[sp & 31] = (free, a, b, avail, near);
                    sp += 1;
                    (free, a, b, avail, near) = (nf, na, nb, next, nn);
                    j += 1;
                }
            } else if sp == 0 {
                break;
            } else {
                sp -= 1;
                (free, a, b, avail, near) = stack[sp & 31];
                j -= 1;
            }
        }
    }
}
