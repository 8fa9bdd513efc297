//! The count of the disjoint pairs of two key lists: the table sieve of the join (see
//! *Counting disjoint pairs* in the [join's docs](super)), with the sort by pattern of
//! long lists, the tables built per block of the small list, and the portable sieve;
//! and its weighted form for the tagged lists of the transposition
//! ([`count_weighted`]), which builds each block's tables once for all partner tags.
//!
//! The sieve's inner loop has an AVX2 version, in [`avx2`], and an AVX-512 one (a
//! table row in one register, its bits counted by `vpopcntq`), in [`avx512`], kept
//! apart because they read the tables through raw pointers: those modules hold the
//! sieve's `unsafe` code and check their bounds themselves (with `assert!`, in release
//! builds too). This module is safe code; it calls into them only once the CPU is
//! known to have the features (AVX-512 is taken where it has AVX-512F and VPOPCNTDQ).
//!
//! Long lists (the small one over 6 blocks) are first sorted by their pattern on the 4
//! diagonals most used by both lists (found from a sample of each), most used first. The
//! members of a block of the sorted small list then share some diagonals (the AND of the
//! block); a key of the big list whose pattern meets them clashes with the whole block,
//! so for each block only the runs of the sorted big list whose patterns avoid the shared
//! ones go through the sieve, and the rest count as clashes in bulk. It pays where lists
//! are long (n = 20); below 6 blocks the sort costs more than it saves
//! (`bench/nqueens.md`). On AVX2 the clashes are counted per byte by nibble look-up and
//! widened every 15 keys.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;

#[cfg(target_arch = "x86_64")]
pub(super) use avx2::fast_sieve;
#[cfg(target_arch = "x86_64")]
use avx2::{count_disjoint_x86, sieve_avx2};
#[cfg(target_arch = "x86_64")]
pub(super) use avx512::fast_sieve512;
#[cfg(target_arch = "x86_64")]
use avx512::sieve_avx512;

use super::Word;
#[cfg(target_arch = "x86_64")]
use super::tuning::Kernel;
use super::tuning::SieveTuning;

/// The two lists of a pair sorted by pattern (see [`sort_by_pattern`]).
#[derive(Default)]
pub(super) struct Sorted<K> {
    small: Vec<K>,
    big: Vec<K>,
}

/// Reused buffers of the sieve, and the tuning it runs with.
pub(super) struct Sieve {
    /// How the sieve is sized ([`SieveTuning`]); the join sets it per task.
    pub(super) tuning: SieveTuning,
    bits: Vec<Block>,
    table: Vec<Block>,
    pattern: Pattern,
    big_start: Vec<usize>,
    patterns: Vec<u8>,
}

impl Default for Sieve {
    fn default() -> Sieve {
        Sieve {
            tuning: SieveTuning::current(),
            bits: Vec::new(),
            table: Vec::new(),
            pattern: Pattern::default(),
            big_start: Vec::new(),
            patterns: Vec::new(),
        }
    }
}

/// Whether the tuning's kernel is one of the x86 ones (the caller checked that the
/// processor runs it: [`SieveTuning::set`] refuses one it cannot).
#[cfg(target_arch = "x86_64")]
fn x86_kernel(s: &Sieve) -> bool {
    s.tuning.kernel != Kernel::Portable && fast_sieve()
}

/// 512 members of the small list, a bit each: a table row, one cache line.
///
/// Aligned to its 64 bytes so that a row never straddles two cache lines: with the
/// 8-byte alignment of `[u64; 8]` a table's rows sat wherever the allocator put the
/// `Vec`, and the same binary's single-thread count at N = 18 took 3.5 or 3.8 s of CPU
/// depending on the allocations made before it (`bench/contract.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
struct Block([u64; WORDS]);

impl Block {
    /// No member.
    const EMPTY: Block = Block([0; WORDS]);
}

impl std::ops::Deref for Block {
    type Target = [u64; WORDS];
    fn deref(&self) -> &[u64; WORDS] {
        &self.0
    }
}

impl std::ops::DerefMut for Block {
    fn deref_mut(&mut self) -> &mut [u64; WORDS] {
        &mut self.0
    }
}
/// 64-bit words per block.
const WORDS: usize = 8;
const BLOCK: usize = 64 * WORDS;

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
pub(super) fn count_disjoint<K: Word>(
    a: &[K],
    b: &[K],
    sorted: &mut Sorted<K>,
    s: &mut Sieve,
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if x86_kernel(s) {
        // SAFETY: the CPU has the features the function is compiled for.
        return unsafe { count_disjoint_x86(a, b, sorted, s) };
    }
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
    let look = Lookup::new(used, big.len(), s);
    let out = sorted;
    let sorted =
        small.len() > s.tuning.sort_blocks * BLOCK && used.count_ones() as usize > SORT_BITS;
    let (small, big) = if sorted {
        sort_by_pattern(small, big, used, out, s);
        (&out.small[..], &out.big[..])
    } else {
        (small, big)
    };
    let mut clashes = 0u64;
    for block in small.chunks(BLOCK) {
        look.tables(block, s);
        let t = &s.table[..];
        if !sorted {
            clashes += look.sieve(t, big);
            continue;
        }
        // Every member of the block has the diagonals of `cp` (`shared_pattern`): a key
        // of the big list with one of them clashes with the whole block, and is not
        // looked at. Counted as all pairs clashing, less the pairs of the keys looked
        // at, plus the clashes the sieve finds among those (all pairs first, so that the
        // sum never dips below zero, which a debug build stops on).
        clashes += big.len() as u64 * block.len() as u64;
        let cp = shared_pattern(block, used, &s.pattern);
        for (from, to) in clear_runs(cp) {
            let keys = &big[s.big_start[from]..s.big_start[to]];
            clashes += look.sieve(t, keys);
            clashes -= keys.len() as u64 * block.len() as u64;
        }
    }
    small.len() as u64 * big.len() as u64 - clashes
}

/// The weighted disjoint pairs of tagged lists: the sum over tags `(i, j)` of
/// `weight(i, j)` times the disjoint pairs of `a[i]` and `b[j]`. The tables of each
/// block of the shorter side are built once for all the other side's tags, and with
/// long lists every sub-list is sorted by one pattern, so a block skips, per tag, the
/// keys that clash with all of it (see [`count_disjoint`]); the pairs of weight 0 are
/// never looked at.
pub(super) fn count_weighted<K: Word>(
    a: &[&[K]],
    b: &[&[K]],
    weight: &dyn Fn(usize, usize) -> u64,
    sorted: &mut Sorted<K>,
    s: &mut Sieve,
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if x86_kernel(s) {
        // SAFETY: the CPU has the features the function is compiled for.
        return unsafe { avx2::count_weighted_x86(a, b, weight, sorted, s) };
    }
    count_weighted_body(a, b, weight, sorted, s)
}

#[inline(always)]
fn count_weighted_body<K: Word>(
    a: &[&[K]],
    b: &[&[K]],
    weight: &dyn Fn(usize, usize) -> u64,
    out: &mut Sorted<K>,
    s: &mut Sieve,
) -> u64 {
    let total = |l: &[&[K]]| l.iter().map(|x| x.len()).sum::<usize>();
    let swap = total(a) > total(b);
    let (small, big) = if swap { (b, a) } else { (a, b) };
    let w = |i: usize, j: usize| if swap { weight(j, i) } else { weight(i, j) };
    let union = |l: &[&[K]]| {
        l.iter()
            .flat_map(|x| x.iter())
            .fold(0u64, |u, &x| u | x.into())
    };
    let used = union(small) & union(big);
    if used == 0 {
        let mut sum = 0;
        for (i, x) in small.iter().enumerate() {
            for (j, y) in big.iter().enumerate() {
                sum += w(i, j) * x.len() as u64 * y.len() as u64;
            }
        }
        return sum;
    }
    let look = Lookup::new(used, total(big), s);
    let is_sorted =
        total(small) > s.tuning.sort_blocks * BLOCK && used.count_ones() as usize > SORT_BITS;
    // Each sub-list's range in the sorted copies, and (big side) its patterns' starts.
    let mut small_at = [(0usize, 0usize); 8];
    let mut big_at = [(0usize, 0usize); 8];
    let mut starts = [[0usize; (1 << SORT_BITS) + 1]; 8];
    if is_sorted {
        choose_pattern(small, big, used, s);
        out.small.clear();
        out.big.clear();
        for (i, x) in small.iter().enumerate() {
            let from = out.small.len();
            sort_into(x, &mut out.small, s);
            small_at[i] = (from, out.small.len());
        }
        for (j, y) in big.iter().enumerate() {
            let from = out.big.len();
            starts[j] = sort_into(y, &mut out.big, s);
            big_at[j] = (from, out.big.len());
        }
    }
    let mut sum = 0u64;
    for (i, x) in small.iter().enumerate() {
        if x.is_empty() || (0..big.len()).all(|j| w(i, j) == 0 || big[j].is_empty()) {
            continue;
        }
        let x: &[K] = if is_sorted {
            &out.small[small_at[i].0..small_at[i].1]
        } else {
            x
        };
        for block in x.chunks(BLOCK) {
            look.tables(block, s);
            let t = &s.table[..];
            // Only sorted lists skip runs; unsorted, the block's AND is not needed.
            let cp = if is_sorted {
                shared_pattern(block, used, &s.pattern)
            } else {
                0
            };
            for (j, y) in big.iter().enumerate() {
                let wt = w(i, j);
                if wt == 0 || y.is_empty() {
                    continue;
                }
                let pairs = if !is_sorted {
                    block.len() as u64 * y.len() as u64 - look.sieve(t, y)
                } else {
                    // As in `count_disjoint_body`: only the runs of patterns clear of
                    // the block's common diagonals are looked at.
                    let y = &out.big[big_at[j].0..big_at[j].1];
                    let st = &starts[j];
                    let mut pairs = 0u64;
                    for (from, to) in clear_runs(cp) {
                        let keys = &y[st[from]..st[to]];
                        pairs += keys.len() as u64 * block.len() as u64 - look.sieve(t, keys);
                    }
                    pairs
                };
                sum += wt * pairs;
            }
        }
    }
    sum
}

/// Chooses the pattern (see [`sort_by_pattern`]) of the tagged lists `small` and `big`.
fn choose_pattern<K: Word>(small: &[&[K]], big: &[&[K]], used: u64, s: &mut Sieve) {
    let mut uses = [[0u32; 64]; 2];
    for (u, lists) in uses.iter_mut().zip([small, big]) {
        let len: usize = lists.iter().map(|x| x.len()).sum();
        for list in lists {
            for &x in list.iter().step_by(len / 64 + 1) {
                let mut m = x.into() & used;
                while m != 0 {
                    u[m.trailing_zeros() as usize] += 1;
                    m &= m - 1;
                }
            }
        }
    }
    let mut order: Vec<u32> = (0..64).filter(|&d| used >> d & 1 == 1).collect();
    order.sort_by_key(|&d| {
        let d = d as usize;
        std::cmp::Reverse(u64::from(uses[0][d]) * u64::from(uses[1][d]))
    });
    s.pattern.choose(&order[..SORT_BITS]);
}

/// Appends `list` sorted by pattern to `out`; returns the start of each pattern,
/// relative to the appended part.
fn sort_into<K: Word>(
    list: &[K],
    out: &mut Vec<K>,
    s: &mut Sieve,
) -> [usize; (1 << SORT_BITS) + 1] {
    let mut start = [0usize; (1 << SORT_BITS) + 1];
    s.patterns.clear();
    s.patterns
        .extend(list.iter().map(|&x| s.pattern.of(x.into()) as u8));
    for &p in &s.patterns {
        start[usize::from(p) + 1] += 1;
    }
    for i in 0..1 << SORT_BITS {
        start[i + 1] += start[i];
    }
    let base = out.len();
    out.resize(base + list.len(), K::default());
    let out = &mut out[base..];
    let mut next = start;
    for (&x, &p) in list.iter().zip(&s.patterns) {
        let at = &mut next[usize::from(p)];
        out[*at] = x;
        *at += 1;
    }
    start
}

/// The number of look-up groups and their width for keys spanning `span` diagonals,
/// looked up `big` times per block: the cheapest by the cost of building a block's
/// tables (`groups · 2^width` rows) and of its look-ups (`groups · big`). Longer lists
/// take wider groups: with groups of at most 7 bits (the rule before), one thread took
/// 5.45 and 5.40 s for the shard 7/128 of n = 21 against 4.88 and 4.70 s, and 2.89 s
/// for n = 18 against 2.68 and 2.72 (`bench/kluev.md`).
///
/// The widest group and a row's cost come from the tuning (`max_width`, at least 8, so
/// 64 diagonals fit 8 groups; `row_cost`: what building one table row costs, counted in
/// look-ups of one key in one group).
fn look_up_groups(span: usize, big: usize, t: &SieveTuning) -> (usize, usize) {
    (1..=t.max_width.max(8))
        .map(|width| (span.div_ceil(width), width))
        .filter(|&(groups, _)| groups <= 9)
        .min_by_key(|&(groups, width)| groups * ((t.row_cost << width) + big))
        .expect("a span of at most 64 diagonals fits 8 groups of 8")
}

/// How the keys of a pair of lists are looked up: the diagonals `used` by both, from
/// the lowest (`bottom`) on, in `groups` groups of `width` bits (see [`build_tables`]).
struct Lookup {
    used: u64,
    bottom: u32,
    groups: usize,
    width: usize,
    /// An x86 kernel (AVX2 or AVX-512), as the tuning says.
    #[cfg(target_arch = "x86_64")]
    x86: bool,
    /// AVX-512 with `vpopcntq`: a table row in one register, counted in one instruction.
    #[cfg(target_arch = "x86_64")]
    wide: bool,
}

impl Lookup {
    /// The layout for the diagonals `used` (not 0) and `big` look-ups per block, with
    /// `s`'s buffers sized for it.
    #[inline(always)]
    fn new(used: u64, big: usize, s: &mut Sieve) -> Lookup {
        let bottom = used.trailing_zeros();
        let span = (64 - used.leading_zeros() - bottom) as usize;
        let (groups, width) = look_up_groups(span, big, &s.tuning);
        s.bits.clear();
        s.bits.resize(span, Block::EMPTY);
        // Not cleared: `build_tables` writes every row a key can pick (zeroing the
        // whole table per pair was a memset of up to 40 KB for lists of a few hundred
        // keys).
        if s.table.len() < groups << width {
            s.table.resize(groups << width, Block::EMPTY);
        }
        #[cfg(target_arch = "x86_64")]
        let x86 = x86_kernel(s);
        Lookup {
            used,
            bottom,
            groups,
            width,
            #[cfg(target_arch = "x86_64")]
            x86,
            #[cfg(target_arch = "x86_64")]
            wide: x86 && s.tuning.kernel == Kernel::Avx512 && fast_sieve512(),
        }
    }

    /// Fills `s.table` for one block of the small list.
    #[inline(always)]
    fn tables<K: Word>(&self, block: &[K], s: &mut Sieve) {
        let (used, bottom, groups, width) = (self.used, self.bottom, self.groups, self.width);
        build_tables(
            block,
            used,
            bottom,
            groups,
            width,
            &mut s.bits,
            &mut s.table,
        );
    }

    /// The clashing pairs of the block whose tables `t` holds with `keys`.
    #[inline(always)]
    fn sieve<K: Word>(&self, t: &[Block], keys: &[K]) -> u64 {
        let (used, bottom, groups, w) = (self.used, self.bottom, self.groups, self.width as u32);
        #[cfg(target_arch = "x86_64")]
        if self.x86 {
            if self.wide {
                // SAFETY: the CPU has AVX-512 (and AVX2); `sieve_avx512` asserts that
                // `t` holds the `G << width` blocks it reads, as `sieve_avx2` does.
                return unsafe { by_groups!(groups, sieve_avx512(t, keys, used, bottom, w)) };
            }
            // SAFETY: the CPU has AVX2; `sieve_avx2` asserts that `t` holds the `G <<
            // width` blocks it reads (`groups << width`, with `G <= groups`).
            return unsafe { by_groups!(groups, sieve_avx2(t, keys, used, bottom, w)) };
        }
        by_groups!(groups, sieve(t, keys, used, bottom, w))
    }
}

/// The pattern of the diagonals every member of `block` uses: a key of the big list
/// with one of them clashes with the whole block.
#[inline(always)]
fn shared_pattern<K: Word>(block: &[K], used: u64, pattern: &Pattern) -> usize {
    pattern.of(block.iter().fold(used, |c, &x| c & x.into()))
}

/// The runs `(from, to)` of patterns (in `0 .. 2^SORT_BITS`) clear of the pattern
/// `common`: in a list sorted by pattern, the keys a block sharing the diagonals of
/// `common` does not clash with in bulk.
#[inline(always)]
fn clear_runs(common: usize) -> impl Iterator<Item = (usize, usize)> {
    let mut q = 0;
    std::iter::from_fn(move || {
        while q < 1 << SORT_BITS && q & common != 0 {
            q += 1;
        }
        if q == 1 << SORT_BITS {
            return None;
        }
        let from = q;
        while q < 1 << SORT_BITS && q & common == 0 {
            q += 1;
        }
        Some((from, q))
    })
}

/// Diagonals the lists are sorted by, before the sieve (see [`sort_by_pattern`]).
const SORT_BITS: usize = 4;
/// Bytes of a key the patterns read: a task's keys span at most 46 diagonals up to
/// `MAX_JOIN_SIDE` = 24 (checked by the join's tests).
pub(super) const KEY_BYTES: usize = 6;

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
    choose_pattern(&[small], &[big], used, s);
    out.small.clear();
    sort_into(small, &mut out.small, s);
    out.big.clear();
    let start = sort_into(big, &mut out.big, s);
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
        *b = Block::EMPTY;
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
        // The subsets of this group's diagonals, from the empty one: a key's bits above
        // `span` are clear, so no look-up reaches a row past `1 << (hi - lo)`.
        t[0] = Block::EMPTY;
        for p in 1..1usize << (hi - lo) {
            let prev = t[p & (p - 1)];
            let bit = bits[lo + p.trailing_zeros() as usize];
            t[p] = Block(std::array::from_fn(|w| prev[w] | bit[w]));
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

    /// A seeded stream of random words: reproducible test lists.
    use crate::engine::nqueens::join::tuning::Kernel;

    /// The tuning the sieve was measured with (`bench/kluev.md`), on the portable kernel.
    const TEN: SieveTuning = SieveTuning {
        kernel: Kernel::Portable,
        max_width: 10,
        row_cost: 3,
        sort_blocks: 6,
    };

    /// Every value of each setting, one varied at a time, on every kernel this
    /// processor runs.
    fn every_tuning() -> Vec<SieveTuning> {
        let mut all = Vec::new();
        for kernel in Kernel::ALL.into_iter().filter(|k| k.available()) {
            for t in SieveTuning::neighbours(SieveTuning { kernel, ..TEN }) {
                if !all.contains(&t) {
                    all.push(t);
                }
            }
        }
        all
    }

    fn random_words(seed: u64) -> impl FnMut() -> u64 {
        use rand_xoshiro::Xoshiro256PlusPlus;
        use rand_xoshiro::rand_core::{Rng, SeedableRng};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        move || rng.next_u64()
    }

    /// The disjoint pairs, one by one.
    fn brute_pairs(a: &[u64], b: &[u64]) -> u64 {
        a.iter()
            .map(|&x| b.iter().filter(|&&y| x & y == 0).count() as u64)
            .sum()
    }

    #[test]
    fn sorted_lists_count_the_same_pairs() {
        // Long enough lists to be sorted by pattern, with diagonals of unequal use (the
        // low ones common) so that blocks share some and keys of the big list skip them.
        let mut next = random_words(777);
        let mut key = || {
            let dense = next() & next() & 0xffff;
            let sparse = next() & next() & next() & next() & ((1 << 40) - (1 << 16));
            dense | sparse
        };
        let a: Vec<u64> = (0..(TEN.sort_blocks + 1) * BLOCK + 77)
            .map(|_| key())
            .collect();
        let b: Vec<u64> = (0..5000).map(|_| key()).collect();
        let want = brute_pairs(&a, &b);
        // The same keys cut to 32 bits, held as `u32`.
        let narrow = |v: &[u64]| -> Vec<u32> { v.iter().map(|&x| x as u32).collect() };
        let (a32, b32) = (narrow(&a), narrow(&b));
        let cut = |v: &[u64]| -> Vec<u64> { v.iter().map(|&x| x & 0xffff_ffff).collect() };
        let want32 = brute_pairs(&cut(&a), &cut(&b));
        for tuning in every_tuning() {
            let (mut sorted, mut s) = (Sorted::default(), Sieve::default());
            s.tuning = tuning;
            assert_eq!(
                count_disjoint(&a, &b, &mut sorted, &mut s),
                want,
                "{tuning}"
            );
            assert_eq!(
                count_disjoint(&b, &a, &mut sorted, &mut s),
                want,
                "{tuning}"
            );
            let mut sorted = Sorted::default();
            assert_eq!(
                count_disjoint(&a32, &b32, &mut sorted, &mut s),
                want32,
                "{tuning}"
            );
            assert_eq!(
                count_disjoint(&b32, &a32, &mut sorted, &mut s),
                want32,
                "{tuning}"
            );
        }
    }

    #[test]
    fn weighted_tagged_lists_match_brute_force() {
        // Four tags a side with weights 0, 1 and 2 that depend on both tags, short lists
        // (unsorted) and long ones (sorted by pattern), either side the shorter. Two
        // diagonals are used by three keys in four, so that after the sort whole
        // blocks share them and the big side's runs that clash with a block in bulk
        // are skipped.
        let mut next = random_words(4242);
        let mut key = || {
            let heavy = (next() | next()) & 0b11;
            let dense = next() & next() & 0xfffc;
            heavy | dense | (next() & next() & next() & next() & ((1 << 40) - (1 << 16)))
        };
        const WEIGHTS: [[u64; 4]; 4] = [[0, 1, 2, 1], [2, 0, 1, 0], [1, 2, 0, 2], [0, 0, 2, 1]];
        let weight = |i: usize, j: usize| WEIGHTS[i][j];
        for sizes in [[20, 0, 700, 3], [900, 1200, 1100, 1000]] {
            let a: Vec<Vec<u64>> = sizes
                .iter()
                .map(|&k| (0..k).map(|_| key()).collect())
                .collect();
            let b: Vec<Vec<u64>> = sizes
                .iter()
                .rev()
                .map(|&k| (0..k + 17).map(|_| key()).collect())
                .collect();
            let mut want = 0;
            for (i, x) in a.iter().enumerate() {
                for (j, y) in b.iter().enumerate() {
                    want += weight(i, j) * brute_pairs(x, y);
                }
            }
            let a: Vec<&[u64]> = a.iter().map(Vec::as_slice).collect();
            let b: Vec<&[u64]> = b.iter().map(Vec::as_slice).collect();
            for tuning in every_tuning() {
                let (mut sorted, mut s) = (Sorted::default(), Sieve::default());
                s.tuning = tuning;
                assert_eq!(
                    count_weighted(&a, &b, &weight, &mut sorted, &mut s),
                    want,
                    "{tuning}"
                );
                let swapped = |j: usize, i: usize| weight(i, j);
                assert_eq!(
                    count_weighted(&b, &a, &swapped, &mut sorted, &mut s),
                    want,
                    "{tuning}"
                );
            }
        }
    }

    #[test]
    fn look_up_groups_cover_the_span_and_widen_with_the_big_list() {
        for span in 1..=64 {
            let mut narrowest = 0;
            for big in [0, 10, 100, 1000, 10_000, 100_000, 1_000_000] {
                let (groups, width) = look_up_groups(span, big, &TEN);
                assert!(
                    groups <= 9 && (1..=TEN.max_width).contains(&width),
                    "{span} {big}"
                );
                assert!(
                    groups * width >= span && (groups - 1) * width < span,
                    "{span} {big}"
                );
                assert!(
                    width >= narrowest,
                    "span {span}: narrower for a longer list"
                );
                narrowest = width;
            }
        }
        assert_eq!(look_up_groups(38, 10_000, &TEN), (4, 10));
        assert_eq!(look_up_groups(26, 500, &TEN), (5, 6));
        // Every tuning's widths still fit the sieve's 9 groups.
        for t in every_tuning() {
            for span in 1..=64 {
                for big in [0, 1000, 1_000_000] {
                    let (groups, width) = look_up_groups(span, big, &t);
                    assert!(
                        groups <= 9 && width <= t.max_width && groups * width >= span,
                        "{t}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_sieve_kernel_counts_the_clashes_of_wide_and_many_groups() {
        // Layouts of `look_up_groups` at its edges: 9 groups of 5 bits, 7 groups of 10
        // with a last group of 4, 4 of 10, and 7 of 4.
        let mut next = random_words(31337);
        for (span, big) in [(45, 10), (64, 100_000), (38, 10_000), (28, 100)] {
            let (groups, width) = look_up_groups(span, big, &TEN);
            let used = if span == 64 { !0 } else { (1u64 << span) - 1 };
            let block: Vec<u64> = (0..BLOCK).map(|_| next() & next() & used).collect();
            let keys: Vec<u64> = (0..300).map(|_| next() & next() & next() & used).collect();
            let mut bits = vec![Block::EMPTY; span];
            let mut table = vec![Block::EMPTY; groups << width];
            build_tables(&block, used, 0, groups, width, &mut bits, &mut table);
            let want: u64 = keys
                .iter()
                .map(|&y| block.iter().filter(|&&x| x & y != 0).count() as u64)
                .sum();
            let w = width as u32;
            let layout = format!("{groups} groups of {width}");
            assert_eq!(
                by_groups!(groups, sieve(&table, &keys, used, 0, w)),
                want,
                "{layout}"
            );
            #[cfg(target_arch = "x86_64")]
            if fast_sieve() {
                // SAFETY: the CPU has AVX2 (checked); the table holds `groups << width` rows.
                let avx2 = unsafe { by_groups!(groups, sieve_avx2(&table, &keys, used, 0, w)) };
                assert_eq!(avx2, want, "AVX2, {layout}");
                if fast_sieve512() {
                    // SAFETY: as above, and the CPU has AVX-512 with `vpopcntq` (checked).
                    let wide =
                        unsafe { by_groups!(groups, sieve_avx512(&table, &keys, used, 0, w)) };
                    assert_eq!(wide, want, "AVX-512, {layout}");
                }
            }
        }
    }

    #[test]
    fn transpose64_swaps_rows_and_columns() {
        let mut next = random_words(99);
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
        let mut next = random_words(12345);
        let (mut sorted, mut s) = (Sorted::default(), Sieve::default());
        // The big lists' lengths take look-up groups of 5, 6 and 10 bits
        // (`look_up_groups`); the sizes again in reverse, with the same buffers, so that
        // narrower layouts follow a wide table whose rows they do not all rewrite.
        let sizes = [(1, 5), (20, 700), (300, 50), (600, 900), (530, 20_000)];
        for (na, nb) in sizes.into_iter().chain(sizes.into_iter().rev()) {
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
