//! The half-board searches of the join: for one task, every placement of one queen per
//! column of one half (the needed edge rows first, row by row, then the middle rows
//! column by column), pushed as a key into the bucket of the middle rows it uses.
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
    /// it uses.
    pub(super) fn halves<K: Word>(
        &self,
        cols: std::ops::Range<usize>,
        rows: u64,
        needed: u64,
        job: &Halves,
        out: &mut [Vec<K>],
    ) {
        #[cfg(target_arch = "x86_64")]
        if super::fast_bits() {
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
