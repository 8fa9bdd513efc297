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
//! Only the diagonals both halves can reach matter (`n - 1` of each family), so a
//! half-solution is kept as one `u64` *key*: its diagonals in that overlap.
//!
//! On an odd board `n = 2h + 1` the middle column holds one queen, in some row `m`; a
//! task fixes `m`, bars its row and its two diagonals, and splits the other `2h` rows
//! into east and west as above.
//!
//! # Symmetry
//! Mirroring the columns turns a solution with east rows `R` into one with east rows
//! `R^c`; reversing the rows turns it into one with east rows `rev R` (and `m` into
//! `n - 1 - m`). Each task is the least member of its orbit under these two maps and
//! counts with the orbit's size as its weight.
//!
//! # Counting disjoint pairs
//! For each task both lists are built by a small depth-first search over the `h`
//! columns. The pairs with disjoint keys are counted by a *sieve*: the smaller list `E`
//! is cut into blocks of 256; for each block and each diagonal `b`, a 256-bit set marks
//! the members of the block that use `b`. The diagonals (only those that members of
//! both lists use) are split into groups of at most 7, and for each group every subset
//! of it gets the union of its diagonals' sets, so that for a member `W` of the other
//! list the union over all its diagonals, the block members it clashes with, takes one
//! table look-up per group. Its zero bits are the compatible partners. For a pair of
//! lists of sizes `a <= b` this costs about `b · ⌈a / 256⌉ · groups` 256-bit operations.

use super::plan::Tally;

/// Largest side the join handles: a key holds `2(n - 1)` diagonals in a `u64`, and
/// the task list (one task per row split and middle row) grows as `n · C(n, n/2)`.
pub const MAX_JOIN_SIDE: usize = 21;

/// One task: the row of the middle column's queen (odd boards), the east rows, and
/// how many row splits it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Task {
    /// The middle column's queen row; [`NO_MIDDLE`] on even boards.
    mid: u8,
    /// Weight: the size of the task's symmetry orbit (1, 2 or 4).
    weight: u8,
    /// The east rows.
    east: u64,
}

const NO_MIDDLE: u8 = u8::MAX;

/// The deterministic task list of the half-board join on an `n × n` board (see the
/// [module docs](self)).
#[derive(Clone, Debug)]
pub struct JoinPlan {
    n: usize,
    h: usize,
    /// Diagonals (`r - c + n - 1`) both halves reach: `lo1 .. lo1 + len1`.
    lo1: usize,
    len1: usize,
    /// Anti-diagonals (`r + c`) both halves reach: `lo2 .. lo2 + len2`.
    lo2: usize,
    len2: usize,
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
        // The diagonals each half can reach, from its squares.
        let reach = |cols: std::ops::Range<usize>| {
            let (mut d1, mut d2) = (0u64, 0u64);
            for c in cols {
                for r in 0..n {
                    d1 |= 1 << (r + n - 1 - c);
                    d2 |= 1 << (r + c);
                }
            }
            (d1, d2)
        };
        let (e1, e2) = reach(n - h..n);
        let (w1, w2) = reach(0..h);
        let (o1, o2) = (e1 & w1, e2 & w2);
        let span = |o: u64| {
            if o == 0 {
                (0, 0)
            } else {
                (o.trailing_zeros() as usize, o.count_ones() as usize)
            }
        };
        let ((lo1, len1), (lo2, len2)) = (span(o1), span(o2));
        let mut plan = JoinPlan {
            n,
            h,
            lo1,
            len1,
            lo2,
            len2,
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

    /// The least member of each orbit, with the orbit's size.
    fn list_tasks(&self) -> Vec<Task> {
        let (n, h) = (self.n, self.h);
        let full = (1u64 << n) - 1;
        let mut tasks = Vec::new();
        let mids: Vec<Option<usize>> = if n % 2 == 0 {
            vec![None]
        } else {
            (0..n).map(Some).collect()
        };
        for mid in mids {
            let avail = mid.map_or(full, |m| full & !(1 << m));
            let key = |m: Option<usize>, r: u64| (m.map_or(0, |m| m as u64) << 32) | r;
            // h-subsets of the 2h available rows, in increasing order (Gosper).
            let mut x: u64 = (1u64 << h) - 1;
            loop {
                let east = match mid {
                    None => x,
                    Some(m) => (x & ((1 << m) - 1)) | ((x >> m) << (m + 1)),
                };
                let flip = mid.map(|m| n - 1 - m);
                let orbit = [
                    key(mid, east),
                    key(mid, avail ^ east),
                    key(flip, self.rev(east)),
                    key(flip, self.rev(avail ^ east)),
                ];
                let me = orbit[0];
                if orbit.iter().all(|&o| o >= me) {
                    let mut distinct = orbit;
                    distinct.sort_unstable();
                    let weight = 1 + distinct.windows(2).filter(|w| w[0] != w[1]).count();
                    tasks.push(Task {
                        mid: mid.map_or(NO_MIDDLE, |m| m as u8),
                        weight: weight as u8,
                        east,
                    });
                }
                if h == 0 {
                    break;
                }
                // Gosper's hack: the next larger number with h bits set.
                let c = x & x.wrapping_neg();
                let r = x + c;
                x = (((r ^ x) >> 2) / c) | r;
                if x >> (2 * h) != 0 {
                    break;
                }
            }
        }
        tasks
    }

    /// A 64-bit digest of the method, the board and the task list.
    pub fn fingerprint(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for b in b"nqueens-join-v1" {
            eat(*b);
        }
        for b in (self.n as u32).to_le_bytes() {
            eat(b);
        }
        for t in &self.tasks {
            eat(t.mid);
            eat(t.weight);
            for b in t.east.to_le_bytes() {
                eat(b);
            }
        }
        format!("{h:016x}")
    }

    /// The solutions that task `i` stands for (its count times its weight).
    pub fn run_task(&self, i: usize) -> Tally {
        let t = self.tasks[i];
        let found = SCRATCH.with(|s| self.count_task(t, &mut s.borrow_mut()));
        Tally {
            total: u128::from(found) * u128::from(t.weight),
            unique: 0,
        }
    }

    /// Every task on this thread, added up: the number of solutions.
    pub fn run_all(&self) -> u128 {
        (0..self.len()).map(|i| self.run_task(i).total).sum()
    }

    fn count_task(&self, t: Task, s: &mut Scratch) -> u64 {
        let (n, h) = (self.n, self.h);
        let full = (1u64 << n) - 1;
        let (mut rows, mut d1, mut d2) = (full, 0u64, 0u64);
        if t.mid != NO_MIDDLE {
            let m = t.mid as usize;
            rows &= !(1 << m);
            d1 |= 1 << (m + n - 1 - h);
            d2 |= 1 << (m + h);
        }
        let west_rows = rows & !t.east;
        let mut east = std::mem::take(&mut s.east);
        let mut west = std::mem::take(&mut s.west);
        east.clear();
        west.clear();
        self.halves(n - h..n, t.east, d1, d2, &mut east);
        let found = if east.is_empty() {
            0
        } else {
            self.halves(0..h, west_rows, d1, d2, &mut west);
            count_disjoint(&east, &west, s)
        };
        s.east = east;
        s.west = west;
        found
    }

    /// Pushes the key of every placement of one queen per column of `cols` on the
    /// rows `rows` (all of them used), clear of the diagonals `d1`, `d2` and of each
    /// other. The keys leave out `d1` and `d2` themselves.
    fn halves(
        &self,
        cols: std::ops::Range<usize>,
        rows: u64,
        d1: u64,
        d2: u64,
        out: &mut Vec<u64>,
    ) {
        #[cfg(target_arch = "x86_64")]
        if fast_bits() {
            // SAFETY: the CPU has the features the function is compiled for.
            return unsafe { self.halves_x86(cols, rows, d1, d2, out) };
        }
        self.halves_body(cols, rows, d1, d2, out)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    unsafe fn halves_x86(
        &self,
        cols: std::ops::Range<usize>,
        rows: u64,
        d1: u64,
        d2: u64,
        out: &mut Vec<u64>,
    ) {
        self.halves_body(cols, rows, d1, d2, out)
    }

    #[inline(always)]
    fn halves_body(
        &self,
        cols: std::ops::Range<usize>,
        rows: u64,
        d1: u64,
        d2: u64,
        out: &mut Vec<u64>,
    ) {
        let n = self.n;
        let (c0, c1) = (cols.start, cols.end);
        let (m1, m2) = (low_bits(self.len1), low_bits(self.len2));
        let (lo1, lo2, len1) = (self.lo1, self.lo2, self.len1);
        let (k1, k2) = (!d1, !d2);
        if c0 == c1 {
            out.push(0);
            return;
        }
        // Frames: free rows, the two diagonal masks, and the candidates left.
        let mut stack = [(0u64, 0u64, 0u64, 0u64); 32];
        let (mut free, mut a, mut b) = (rows, d1, d2);
        let mut c = c0;
        let mut avail = free & !(a >> (n - 1 - c)) & !(b >> c);
        let mut sp = 0usize;
        loop {
            if avail != 0 {
                let r = avail.trailing_zeros() as usize;
                avail &= avail - 1;
                let na = a | 1 << (r + n - 1 - c);
                let nb = b | 1 << (r + c);
                if c + 1 == c1 {
                    let x = ((na & k1) >> lo1) & m1;
                    let y = ((nb & k2) >> lo2) & m2;
                    out.push(x | y << len1);
                    continue;
                }
                let nf = free & !(1 << r);
                let next = nf & !(na >> (n - 2 - c)) & !(nb >> (c + 1));
                if next != 0 {
                    stack[sp & 31] = (free, a, b, avail);
                    sp += 1;
                    (free, a, b, avail) = (nf, na, nb, next);
                    c += 1;
                }
            } else if sp == 0 {
                break;
            } else {
                sp -= 1;
                (free, a, b, avail) = stack[sp & 31];
                c -= 1;
            }
        }
    }
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
    east: Vec<u64>,
    west: Vec<u64>,
    small: Vec<u64>,
    patterns: Vec<u8>,
    bits: Vec<Block>,
    table: Vec<Block>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// 256 members of the small list, a bit each.
type Block = [u64; 4];
const BLOCK: usize = 256;
/// At most this many diagonals per look-up group.
const GROUP: usize = 7;

/// The number of pairs `(x, y)`, `x` in `a`, `y` in `b`, with `x & y == 0`.
fn count_disjoint(a: &[u64], b: &[u64], s: &mut Scratch) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if fast_sieve() {
        // SAFETY: the CPU has the features the function is compiled for.
        return unsafe { count_disjoint_x86(a, b, s) };
    }
    count_disjoint_body(a, b, s)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
unsafe fn count_disjoint_x86(a: &[u64], b: &[u64], s: &mut Scratch) -> u64 {
    count_disjoint_body(a, b, s)
}

#[inline(always)]
fn count_disjoint_body(a: &[u64], b: &[u64], s: &mut Scratch) -> u64 {
    let (small, big) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if small.is_empty() {
        return 0;
    }
    if small.len() < 16 {
        return small
            .iter()
            .map(|&x| big.iter().filter(|&&y| x & y == 0).count() as u64)
            .sum();
    }
    let used = small.iter().fold(0, |u, &x| u | x) & big.iter().fold(0, |u, &y| u | y);
    let k = used.count_ones() as usize;
    if k == 0 {
        return small.len() as u64 * big.len() as u64;
    }
    // Compress the keys to the diagonals both lists use (bits 0..k).
    let compress = Compressor::new(used);
    let groups = k.div_ceil(GROUP);
    let width = k.div_ceil(groups);
    let wmask = (1u64 << width) - 1;
    s.small.clear();
    s.small.extend(small.iter().map(|&x| compress.apply(x)));
    s.patterns.clear();
    for &y in big {
        let y = compress.apply(y);
        for g in 0..groups {
            s.patterns.push(((y >> (g * width)) & wmask) as u8);
        }
    }
    let stride = 1usize << width;
    s.bits.clear();
    s.bits.resize(k, [0; 4]);
    s.table.clear();
    s.table.resize(groups * stride, [0; 4]);
    let mut clashes = 0u64;
    for block in s.small.chunks(BLOCK) {
        for b in s.bits.iter_mut() {
            *b = [0; 4];
        }
        for (i, &x) in block.iter().enumerate() {
            let mut m = x;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                s.bits[d][i / 64] |= 1 << (i % 64);
            }
        }
        for g in 0..groups {
            let t = &mut s.table[g * stride..(g + 1) * stride];
            let lo = g * width;
            let hi = (lo + width).min(k);
            for p in 1..1usize << (hi - lo) {
                let prev = t[p & (p - 1)];
                let bit = s.bits[lo + p.trailing_zeros() as usize];
                t[p] = [
                    prev[0] | bit[0],
                    prev[1] | bit[1],
                    prev[2] | bit[2],
                    prev[3] | bit[3],
                ];
            }
        }
        clashes += match groups {
            1 => sieve::<1>(&s.table, &s.patterns, stride),
            2 => sieve::<2>(&s.table, &s.patterns, stride),
            3 => sieve::<3>(&s.table, &s.patterns, stride),
            4 => sieve::<4>(&s.table, &s.patterns, stride),
            5 => sieve::<5>(&s.table, &s.patterns, stride),
            6 => sieve::<6>(&s.table, &s.patterns, stride),
            7 => sieve::<7>(&s.table, &s.patterns, stride),
            8 => sieve::<8>(&s.table, &s.patterns, stride),
            _ => sieve::<9>(&s.table, &s.patterns, stride),
        };
    }
    small.len() as u64 * big.len() as u64 - clashes
}

/// The clashing pairs of one block: for each pattern row (`G` group patterns), the
/// union of its groups' sets, counted.
#[inline(always)]
fn sieve<const G: usize>(table: &[Block], patterns: &[u8], stride: usize) -> u64 {
    let mut clashes = 0u64;
    for p in patterns.chunks_exact(G) {
        let mut acc = [0u64; 4];
        for (g, &q) in p.iter().enumerate() {
            let t = &table[g * stride + q as usize];
            for w in 0..4 {
                acc[w] |= t[w];
            }
        }
        clashes += acc.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
    }
    clashes
}

/// Moves the bits of `used` (and only those) to the bottom, in order, by byte tables.
struct Compressor {
    tables: Vec<(u32, [u64; 256])>,
}

impl Compressor {
    fn new(used: u64) -> Compressor {
        let mut tables = Vec::new();
        let mut out = 0u32;
        for byte in 0..8 {
            let m = (used >> (8 * byte)) & 0xff;
            if m == 0 {
                continue;
            }
            let mut t = [0u64; 256];
            for (v, slot) in t.iter_mut().enumerate() {
                let mut x = 0u64;
                let mut k = 0;
                for bit in 0..8 {
                    if m >> bit & 1 == 1 {
                        x |= ((v as u64 >> bit) & 1) << k;
                        k += 1;
                    }
                }
                *slot = x << out;
            }
            tables.push((8 * byte, t));
            out += m.count_ones();
        }
        Compressor { tables }
    }

    #[inline(always)]
    fn apply(&self, x: u64) -> u64 {
        self.tables
            .iter()
            .map(|(shift, t)| t[((x >> shift) & 0xff) as usize])
            .fold(0, |a, b| a | b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_match_a000170() {
        let want = [1u128, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
        for (i, &w) in want.iter().enumerate() {
            let n = i + 1;
            assert_eq!(JoinPlan::new(n).unwrap().run_all(), w, "n={n}");
        }
    }

    #[test]
    fn disjoint_pairs_match_brute_force() {
        let mut seed = 12345u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut s = Scratch::default();
        for (na, nb) in [(1, 5), (20, 700), (300, 50), (600, 900)] {
            let a: Vec<u64> = (0..na).map(|_| next() & next() & next() & (1 << 40) - 1).collect();
            let b: Vec<u64> = (0..nb).map(|_| next() & next() & next() & (1 << 40) - 1).collect();
            let want: u64 = a
                .iter()
                .map(|&x| b.iter().filter(|&&y| x & y == 0).count() as u64)
                .sum();
            assert_eq!(count_disjoint(&a, &b, &mut s), want);
            assert_eq!(count_disjoint_body(&b, &a, &mut s), want);
        }
    }
}
