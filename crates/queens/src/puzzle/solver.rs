//! The exhaustive solver and counter of region puzzles: it proves a puzzle has exactly
//! one solution, and counts or lists solutions from any position.
//!
//! The position is one `u64` of still-possible files per rank (`avail`), and for every
//! row, column and region the stars it still needs. Placing a star on rank `r`, file
//! `c` clears three bits in ranks `r - 1`, `r` and `r + 1` (the star and the squares
//! touching it: the shifted masks `bit`, `bit << 1`, `bit >> 1`), and a whole rank,
//! file or region once that unit has its `K` stars (the region with one precomputed
//! mask per rank).
//!
//! Between choices the position is propagated to a fixed point: a unit with fewer
//! possible squares than stars it needs fails the branch; a unit with exactly as many
//! takes a star on each (one at a time, each placement propagating again). A rank that
//! needs two or more stars also fails when its possible squares cannot hold that many
//! apart (a greedy scan: the lowest file, then skip its neighbour).
//!
//! Then the search branches on the *tightest* unit (fewest possible squares beyond the
//! stars it needs; a region of one row is often tighter than any rank): on its first
//! possible square, a star there or a cross there. The two branches share no solution,
//! so counting is exact. On the puzzles people play a unique puzzle is proved in tens
//! to a few thousand nodes (see bench/puzzle.sh for times by size).
//!
//! Nodes are fixed arrays (`[u64; 64]`), copied on each branch: a copy costs less than
//! undoing the changes, and the side is at most [`super::MAX_SIDE`].

use crate::engine::{Control, Settings};
use crate::error::Error;

use super::{Mark, Puzzle, State};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The number of solutions, counted up to the limit asked for.
    pub count: u128,
    /// The first solutions (as many as asked for), each its stars' squares in index
    /// order.
    pub solutions: Vec<Vec<usize>>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// Per-puzzle tables: region masks by rank.
pub(crate) struct Tables {
    n: usize,
    k: u8,
    full: u64,
    /// Files of region `g` on rank `r`: `reg_rows[g * n + r]`.
    reg_rows: Vec<u64>,
    region: Vec<u8>,
}

impl Tables {
    /// The side of the puzzle these tables are for.
    pub(crate) fn side(&self) -> usize {
        self.n
    }

    pub(crate) fn new(p: &Puzzle) -> Tables {
        let n = p.side();
        let mut reg_rows = vec![0u64; n * n];
        for i in 0..n * n {
            reg_rows[p.region(i) * n + i / n] |= 1 << (i % n);
        }
        Tables {
            n,
            k: p.stars() as u8,
            full: if n == 64 { !0 } else { (1u64 << n) - 1 },
            reg_rows,
            region: p.region.clone(),
        }
    }
}

/// A position of the search.
#[derive(Clone)]
pub(crate) struct Node {
    avail: [u64; 64],
    stars: [u64; 64],
    row_left: [u8; 64],
    col_left: [u8; 64],
    reg_left: [u8; 64],
}

/// The most stars that fit apart on the files `mask` of one rank (greedy from the
/// lowest file, which is optimal on a line).
fn fit(mut mask: u64) -> u32 {
    let mut k = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        k += 1;
        mask &= !(low | (low << 1));
    }
    k
}

/// How many of the ranks `avail` may still take a star on each file. Bit-sliced: the
/// ranks are added into seven planes (plane `j` holds bit `j` of every file's count),
/// a few word operations a rank instead of one step per possible square. The search
/// counts the files at every propagation pass and every choice: the step per square
/// was about a quarter of [`Node::propagate`]'s samples in a profile of `gen 16
/// --stars 2 --difficulty medium --seed 9` (bench/puzzle.md).
fn file_counts(avail: &[u64]) -> [u8; 64] {
    let mut planes = [0u64; 7];
    for &a in avail {
        let mut carry = a;
        for p in &mut planes {
            if carry == 0 {
                break;
            }
            let over = *p & carry;
            *p ^= carry;
            carry = over;
        }
    }
    let mut counts = [0u8; 64];
    for (j, &p) in planes.iter().enumerate() {
        let mut m = p;
        while m != 0 {
            counts[m.trailing_zeros() as usize] |= 1 << j;
            m &= m - 1;
        }
    }
    counts
}

impl Node {
    /// The position `state` of the puzzle, or `None` when its stars already break a
    /// rule (two touching, or more than `K` in a unit).
    pub(crate) fn from_state(t: &Tables, state: &State) -> Option<Node> {
        let n = t.n;
        let mut node = Node {
            avail: [0; 64],
            stars: [0; 64],
            row_left: [0; 64],
            col_left: [0; 64],
            reg_left: [0; 64],
        };
        for r in 0..n {
            node.avail[r] = t.full;
            node.row_left[r] = t.k;
            node.col_left[r] = t.k;
            node.reg_left[r] = t.k;
        }
        for (i, m) in state.marks.iter().enumerate() {
            if *m == Mark::Star {
                let (r, c) = (i / n, i % n);
                if node.avail[r] & (1 << c) == 0 {
                    return None;
                }
                node.place(t, r, c);
            }
        }
        for (i, m) in state.marks.iter().enumerate() {
            if *m == Mark::Cross {
                node.avail[i / n] &= !(1 << (i % n));
            }
        }
        Some(node)
    }

    /// Whether rank `r`, file `c` may still take a star.
    pub(crate) fn possible(&self, r: usize, c: usize) -> bool {
        self.avail[r] >> c & 1 == 1
    }

    /// A star on rank `r`, file `c` (which must be possible), and what it rules out.
    pub(crate) fn place(&mut self, t: &Tables, r: usize, c: usize) {
        let n = t.n;
        let bit = 1u64 << c;
        self.stars[r] |= bit;
        let g = t.region[r * n + c] as usize;
        self.row_left[r] -= 1;
        self.col_left[c] -= 1;
        self.reg_left[g] -= 1;
        let m = (bit | (bit << 1) | (bit >> 1)) & t.full;
        self.avail[r] &= !m;
        if r > 0 {
            self.avail[r - 1] &= !m;
        }
        if r + 1 < n {
            self.avail[r + 1] &= !m;
        }
        if self.row_left[r] == 0 {
            self.avail[r] = 0;
        }
        if self.col_left[c] == 0 {
            for a in &mut self.avail[..n] {
                *a &= !bit;
            }
        }
        if self.reg_left[g] == 0 {
            let rows = &t.reg_rows[g * n..g * n + n];
            for (a, m) in self.avail[..n].iter_mut().zip(rows) {
                *a &= !m;
            }
        }
    }

    /// Propagates to a fixed point; false when a unit can no longer get its stars.
    pub(crate) fn propagate(&mut self, t: &Tables) -> bool {
        let n = t.n;
        loop {
            let mut changed = false;
            for r in 0..n {
                let need = self.row_left[r] as u32;
                let have = self.avail[r].count_ones();
                if have < need || (need >= 2 && fit(self.avail[r]) < need) {
                    return false;
                }
                if need > 0 && have == need {
                    let c = self.avail[r].trailing_zeros() as usize;
                    self.place(t, r, c);
                    changed = true;
                }
            }
            let cc = file_counts(&self.avail[..n]);
            for (c, &count) in cc.iter().enumerate().take(n) {
                let need = self.col_left[c];
                if count > need || need == 0 {
                    continue;
                }
                // The count may be stale after a placement in this pass: recount.
                let bit = 1u64 << c;
                let live = (0..n).filter(|&r| self.avail[r] & bit != 0).count() as u8;
                if live < need {
                    return false;
                }
                if live == need {
                    let r = (0..n)
                        .find(|&r| self.avail[r] & bit != 0)
                        .expect("a possible square");
                    self.place(t, r, c);
                    changed = true;
                }
            }
            for g in 0..n {
                let need = self.reg_left[g] as u32;
                if need == 0 {
                    continue;
                }
                let have = self.region_free(t, g);
                if have < need {
                    return false;
                }
                if have == need {
                    let (r, c) = self.region_first(t, g);
                    self.place(t, r, c);
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The possible squares of region `g`.
    #[inline]
    fn region_free(&self, t: &Tables, g: usize) -> u32 {
        let n = t.n;
        let rows = &t.reg_rows[g * n..g * n + n];
        (0..n).map(|r| (self.avail[r] & rows[r]).count_ones()).sum()
    }

    /// The first possible square (rank, file) of region `g`, which has one.
    #[inline]
    fn region_first(&self, t: &Tables, g: usize) -> (usize, usize) {
        let n = t.n;
        let rows = &t.reg_rows[g * n..g * n + n];
        let r = (0..n)
            .find(|&r| self.avail[r] & rows[r] != 0)
            .expect("a possible square");
        (r, (self.avail[r] & rows[r]).trailing_zeros() as usize)
    }

    /// Crosses rank `r`, file `c`.
    pub(crate) fn forbid(&mut self, r: usize, c: usize) {
        self.avail[r] &= !(1u64 << c);
    }

    /// A random possible square of the rank with the fewest possible squares beyond
    /// the stars it needs (`draw` gives random numbers).
    pub(crate) fn choose_random(
        &self,
        t: &Tables,
        draw: &mut dyn FnMut() -> u64,
    ) -> (usize, usize) {
        let (mut best, mut row) = (u32::MAX, 0);
        for r in 0..t.n {
            let need = self.row_left[r] as u32;
            if need > 0 && self.avail[r].count_ones() - need < best {
                best = self.avail[r].count_ones() - need;
                row = r;
            }
        }
        let mut a = self.avail[row];
        let pick = ((draw() >> 32) * a.count_ones() as u64) >> 32;
        for _ in 0..pick {
            a &= a - 1;
        }
        (row, a.trailing_zeros() as usize)
    }

    /// Whether every unit has its stars.
    pub(crate) fn is_complete(&self, t: &Tables) -> bool {
        self.complete(t)
    }

    /// Whether every unit has its stars.
    fn complete(&self, t: &Tables) -> bool {
        self.row_left[..t.n].iter().all(|&x| x == 0)
    }

    /// The square to branch on: the first possible square of the tightest unit.
    fn choose(&self, t: &Tables) -> (usize, usize) {
        let n = t.n;
        let mut best = (u32::MAX, 0usize, 0usize);
        for r in 0..n {
            let need = self.row_left[r] as u32;
            if need > 0 {
                let slack = self.avail[r].count_ones() - need;
                if slack < best.0 {
                    best = (slack, r, self.avail[r].trailing_zeros() as usize);
                }
            }
        }
        if best.0 == 0 {
            return (best.1, best.2);
        }
        for g in 0..n {
            let need = self.reg_left[g] as u32;
            if need == 0 {
                continue;
            }
            let slack = self.region_free(t, g) - need;
            if slack < best.0 {
                let (r, c) = self.region_first(t, g);
                best = (slack, r, c);
            }
        }
        let cc = file_counts(&self.avail[..n]);
        for (c, &count) in cc.iter().enumerate().take(n) {
            let need = self.col_left[c] as u32;
            if need == 0 {
                continue;
            }
            let bit = 1u64 << c;
            let have = u32::from(count);
            if have - need < best.0 {
                let r = (0..n)
                    .find(|&r| self.avail[r] & bit != 0)
                    .expect("a possible square");
                best = (have - need, r, c);
            }
        }
        (best.1, best.2)
    }

    /// The stars as square indices, in index order.
    pub(crate) fn stars_of(&self, t: &Tables) -> Vec<usize> {
        let mut v = Vec::with_capacity(t.n * t.k as usize);
        for r in 0..t.n {
            let mut s = self.stars[r];
            while s != 0 {
                v.push(r * t.n + s.trailing_zeros() as usize);
                s &= s - 1;
            }
        }
        v
    }
}

impl Node {
    /// Counting over bands of neighbouring ranks (then files): the regions whose
    /// possible squares all lie in the band put all the stars they still need there.
    /// More than the band's ranks still need is a contradiction (`None`); exactly as
    /// many crosses every other region's squares in the band. `Some(true)` when it
    /// crossed a square.
    fn squeeze(&mut self, t: &Tables) -> Option<bool> {
        let n = t.n;
        // Each region's span of ranks and of files with a possible square, and the
        // stars it still needs.
        let mut lo_r = [u8::MAX; 64];
        let mut hi_r = [0u8; 64];
        let mut lo_c = [u8::MAX; 64];
        let mut hi_c = [0u8; 64];
        for r in 0..n {
            let mut a = self.avail[r];
            while a != 0 {
                let c = a.trailing_zeros() as usize;
                a &= a - 1;
                let g = t.region[r * n + c] as usize;
                lo_r[g] = lo_r[g].min(r as u8);
                hi_r[g] = hi_r[g].max(r as u8);
                lo_c[g] = lo_c[g].min(c as u8);
                hi_c[g] = hi_c[g].max(c as u8);
            }
        }
        let mut changed = false;
        // Bands of ranks, then of files, a..=b: the regions needing stars whose
        // possible squares all lie in the band need `inside` stars; the band's lines
        // need `need`. inside > need fails; inside == need crosses every other
        // region's squares in the band. The lines' needs do not change here (crossing
        // places no star), so a copy serves.
        for by_file in [false, true] {
            let (lo, hi, left) = if by_file {
                (&lo_c, &hi_c, self.col_left)
            } else {
                (&lo_r, &hi_r, self.row_left)
            };
            for a in 0..n {
                let mut need = 0u32;
                for (b, &line_left) in left.iter().enumerate().take(n).skip(a) {
                    need += line_left as u32;
                    let mut inside = 0u32;
                    let mut mask = 0u64;
                    for g in 0..n {
                        if self.reg_left[g] > 0 && lo[g] as usize >= a && hi[g] as usize <= b {
                            inside += self.reg_left[g] as u32;
                            mask |= 1 << g;
                        }
                    }
                    if inside > need {
                        return None;
                    }
                    if inside == need && inside > 0 {
                        changed |= if by_file {
                            let upto = if b + 1 >= 64 {
                                !0
                            } else {
                                (1u64 << (b + 1)) - 1
                            };
                            self.cross_outside(t, 0..n, upto & !((1u64 << a) - 1), mask)
                        } else {
                            self.cross_outside(t, a..b + 1, t.full, mask)
                        };
                    }
                }
            }
        }
        Some(changed)
    }

    /// Crosses the possible squares on `ranks` and `files` of every region not in
    /// `keep` (a mask of regions); true when it crossed one.
    fn cross_outside(
        &mut self,
        t: &Tables,
        ranks: std::ops::Range<usize>,
        files: u64,
        keep: u64,
    ) -> bool {
        let n = t.n;
        let mut changed = false;
        for r in ranks {
            let mut x = self.avail[r] & files;
            while x != 0 {
                let c = x.trailing_zeros() as usize;
                x &= x - 1;
                if keep >> t.region[r * n + c] & 1 == 0 {
                    self.avail[r] &= !(1u64 << c);
                    changed = true;
                }
            }
        }
        changed
    }

    /// Propagation, [`Node::squeeze`] (with `squeeze`) and failed-literal probing to a
    /// fixed point: a possible square whose star fails propagation at once is crossed.
    /// False when the position has no solution. `work` counts the probes.
    fn probe(&mut self, t: &Tables, work: &mut u64, squeeze: bool) -> bool {
        loop {
            if !self.propagate(t) {
                return false;
            }
            if squeeze {
                match self.squeeze(t) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            let mut changed = false;
            for r in 0..t.n {
                let mut a = self.avail[r];
                while a != 0 {
                    let c = a.trailing_zeros() as usize;
                    a &= a - 1;
                    if !self.possible(r, c) {
                        continue;
                    }
                    let mut child = self.clone();
                    child.place(t, r, c);
                    *work += 1;
                    if !child.propagate(t) {
                        self.forbid(r, c);
                        changed = true;
                        if !self.propagate(t) {
                            return false;
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

/// The state of one search.
struct Search<'a> {
    t: &'a Tables,
    limit: u128,
    keep: usize,
    found: Found,
    stop: &'a dyn Fn() -> bool,
    stopped: bool,
    /// Give up (as if stopped) after this many nodes.
    node_limit: u64,
    /// Whether the node limit ended the search.
    over: bool,
    /// The nodes counted as work done so far ([`super::effort`]).
    counted: u64,
}

impl Search<'_> {
    /// Counts the nodes visited since the last count as work done ([`super::effort`]):
    /// the generator's lanes, which read that count, are stopped by `stop` too.
    fn count_effort(&mut self) {
        super::effort::nodes(self.t.n, self.found.nodes - self.counted);
        self.counted = self.found.nodes;
    }

    /// Counts the work done and polls `stop`: whether the search is to end.
    fn poll(&mut self) -> bool {
        self.count_effort();
        self.stopped = (self.stop)();
        self.stopped
    }

    fn run(&mut self, mut node: Node) {
        loop {
            if self.stopped || self.found.count >= self.limit {
                return;
            }
            self.found.nodes += 1;
            if self.found.nodes & 1023 == 0 && self.poll() {
                return;
            }
            if self.found.nodes > self.node_limit {
                self.over = true;
                self.stopped = true;
                return;
            }
            if !node.propagate(self.t) {
                return;
            }
            if node.complete(self.t) {
                self.found.count += 1;
                if self.found.solutions.len() < self.keep {
                    self.found.solutions.push(node.stars_of(self.t));
                }
                return;
            }
            let (r, c) = node.choose(self.t);
            let mut child = node.clone();
            child.place(self.t, r, c);
            self.run(child);
            node.avail[r] &= !(1u64 << c);
        }
    }
}

impl Search<'_> {
    /// [`Search::run`] that probes ([`Node::probe`]) at the nodes less than
    /// `probe_depth` stars deep (each probe counting as a node).
    fn run_probing(&mut self, mut node: Node, depth: u32, probe_depth: u32, squeeze: bool) {
        loop {
            if self.stopped || self.found.count >= self.limit {
                return;
            }
            self.found.nodes += 1;
            if self.found.nodes & 1023 == 0 && self.poll() {
                return;
            }
            if self.found.nodes > self.node_limit {
                self.over = true;
                self.stopped = true;
                return;
            }
            let ok = if depth < probe_depth {
                let mut work = 0;
                let ok = node.probe(self.t, &mut work, squeeze);
                self.found.nodes += work;
                ok
            } else {
                node.propagate(self.t)
            };
            if !ok {
                return;
            }
            if node.complete(self.t) {
                self.found.count += 1;
                if self.found.solutions.len() < self.keep {
                    self.found.solutions.push(node.stars_of(self.t));
                }
                return;
            }
            let (r, c) = node.choose(self.t);
            let mut child = node.clone();
            child.place(self.t, r, c);
            self.run_probing(child, depth + 1, probe_depth, squeeze);
            node.avail[r] &= !(1u64 << c);
        }
    }
}

/// [`search_limited`] that probes at the nodes fewer than `probe_depth` stars deep:
/// each possible square's star is propagated and, when that fails at once, the square
/// is crossed, to a fixed point; with `squeeze` bands of ranks and files are counted
/// too ([`Node::squeeze`]). Both are sound, so the search stays exhaustive and its
/// count exact; each probe counts as a node against `node_limit`.
///
/// Slower per node than the plain search but far stronger where it is weak: Star
/// Battle with three or more stars a unit from 20x20 (the generator's searches
/// there where its tests are not exact, module `generate`), where proving a second solution took the plain search past
/// 20 s (millions of nodes) on candidates this settles in a fraction of a second
/// (bench/puzzle.md). The plain search stays the one for everything else.
#[allow(clippy::too_many_arguments)] // a search's settings, as `search_limited` takes them
pub(crate) fn search_probing(
    t: &Tables,
    state: &State,
    limit: u128,
    keep: usize,
    node_limit: u64,
    probe_depth: u32,
    squeeze: bool,
    stop: &dyn Fn() -> bool,
) -> Limited {
    limited_by(t, state, limit, keep, node_limit, stop, |s, node| {
        s.run_probing(node, 0, probe_depth, squeeze)
    })
}

/// Counts the solutions of `puzzle` from `state`, up to `limit`, keeping the first
/// `keep`; `stop` is polled every 1024 nodes and ends the search (`None`) when true.
pub fn search(
    puzzle: &Puzzle,
    state: &State,
    limit: u128,
    keep: usize,
    stop: &dyn Fn() -> bool,
) -> Option<Found> {
    let t = Tables::new(puzzle);
    search_with(&t, state, limit, keep, stop)
}

pub(crate) fn search_with(
    t: &Tables,
    state: &State,
    limit: u128,
    keep: usize,
    stop: &dyn Fn() -> bool,
) -> Option<Found> {
    match search_limited(t, state, limit, keep, u64::MAX, stop) {
        Limited::Done(f) => Some(f),
        _ => None,
    }
}

/// How a search with a node limit ended.
pub(crate) enum Limited {
    /// It finished.
    Done(Found),
    /// It visited more nodes than allowed.
    Over,
    /// `stop` ended it.
    Stopped,
}

/// [`search_with`] that gives up after `node_limit` nodes.
pub(crate) fn search_limited(
    t: &Tables,
    state: &State,
    limit: u128,
    keep: usize,
    node_limit: u64,
    stop: &dyn Fn() -> bool,
) -> Limited {
    limited_by(t, state, limit, keep, node_limit, stop, |s, node| {
        s.run(node)
    })
}

/// A search from `state` with a node limit, its tree walked by `walk` (the plain
/// [`Search::run`] or the probing [`Search::run_probing`]: two walks, so that the plain
/// one, the hot loop of every other search, carries no test for probing).
fn limited_by(
    t: &Tables,
    state: &State,
    limit: u128,
    keep: usize,
    node_limit: u64,
    stop: &dyn Fn() -> bool,
    walk: impl FnOnce(&mut Search, Node),
) -> Limited {
    let mut s = Search {
        node_limit,
        over: false,
        t,
        limit,
        keep,
        found: Found {
            count: 0,
            solutions: Vec::new(),
            nodes: 0,
        },
        stop,
        stopped: false,
        counted: 0,
    };
    if let Some(node) = Node::from_state(t, state) {
        walk(&mut s, node);
    }
    s.count_effort();
    if s.over {
        Limited::Over
    } else if s.stopped {
        Limited::Stopped
    } else {
        Limited::Done(s.found)
    }
}

impl Puzzle {
    /// The solutions from `state` up to `limit` (the first `keep` of them listed),
    /// within the time budget and cancel flag of `settings` ([`Error::Budget`] when it
    /// runs out).
    ///
    /// ```
    /// use queens::puzzle::{Puzzle, State};
    /// let p = Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 1).unwrap();
    /// let f = p.solutions(&State::new(&p), u128::MAX, 2, &Default::default()).unwrap();
    /// assert_eq!(f.count, 2); // both 4-queens solutions have one queen per quadrant
    /// ```
    pub fn solutions(
        &self,
        state: &State,
        limit: u128,
        keep: usize,
        settings: &Settings,
    ) -> Result<Found, Error> {
        let ctl = Control::start(settings)?;
        match search(self, state, limit, keep, &|| ctl.cancelled()) {
            Some(f) => Ok(f),
            None => ctl.finish(Err(Error::Interrupted)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_counts_stars_apart_on_a_line() {
        assert_eq!(fit(0b0), 0);
        assert_eq!(fit(0b11), 1);
        assert_eq!(fit(0b111), 2);
        assert_eq!(fit(0b1011), 2);
        assert_eq!(fit(0b10101), 3);
    }

    #[test]
    fn file_counts_count_each_file_as_a_plain_count_does() {
        use rand_xoshiro::Xoshiro256PlusPlus;
        use rand_xoshiro::rand_core::{Rng, SeedableRng};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        // Up to 64 ranks (a count of 64 needs the seventh plane), sparse and dense.
        for ranks in [0usize, 1, 2, 3, 16, 25, 63, 64] {
            for dense in [false, true] {
                let avail: Vec<u64> = (0..ranks)
                    .map(|_| match dense {
                        true => !(rng.next_u64() & rng.next_u64() & rng.next_u64()),
                        false => rng.next_u64() & rng.next_u64(),
                    })
                    .collect();
                let counts = file_counts(&avail);
                for (c, &count) in counts.iter().enumerate() {
                    let plain = avail.iter().filter(|&&a| a >> c & 1 == 1).count();
                    assert_eq!(count as usize, plain, "{ranks} ranks, file {c}");
                }
            }
        }
        assert_eq!(file_counts(&[!0u64; 64]), [64u8; 64]);
    }

    #[test]
    fn the_probing_search_counts_as_the_plain_one() {
        // Regions = ranks with one, two and three stars, from the empty board and with
        // a star placed (counted up to 500): probing at the root, shallow and at every
        // node, with and without band counting.
        for (k, sides) in [(1u32, 4..=8usize), (2, 9..=10), (3, 13..=14)] {
            for n in sides {
                let region: Vec<u8> = (0..n * n).map(|i| (i / n) as u8).collect();
                let p = Puzzle::from_regions(n, k, region).unwrap();
                let t = Tables::new(&p);
                let mut starred = State::new(&p);
                starred.marks[n + 2] = Mark::Star;
                for state in [State::new(&p), starred] {
                    let want = search_with(&t, &state, 500, 0, &|| false).unwrap();
                    for (depth, squeeze) in [(1, false), (2, true), (64, true)] {
                        let Limited::Done(got) =
                            search_probing(&t, &state, 500, 0, u64::MAX, depth, squeeze, &|| false)
                        else {
                            panic!("no limit, no stop");
                        };
                        assert_eq!(got.count, want.count, "n={n} k={k} depth={depth}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_probing_search_finds_the_same_solutions_on_irregular_regions() {
        // Exact counts and the same solutions, none capped: regions that are diagonal
        // stripes ((rank + file) mod n, so bands of ranks and files hold parts of many
        // regions), and generated puzzles (one solution) as they are and with a square
        // of their solution crossed (none).
        let mut puzzles = Vec::new();
        for (k, sides) in [(1u32, 5..=8usize), (2, 8..=10)] {
            for n in sides {
                let region: Vec<u8> = (0..n * n).map(|i| ((i / n + i % n) % n) as u8).collect();
                puzzles.push(Puzzle::from_regions(n, k, region).unwrap());
            }
        }
        for (n, k) in [(8, 1), (10, 2), (12, 3)] {
            let r = crate::puzzle::generate::Request {
                stars: k,
                seed: 1,
                ..crate::puzzle::generate::Request::new(n)
            };
            let made = crate::puzzle::generate::generate(&r, &Default::default());
            puzzles.push(made.unwrap().unwrap().puzzle);
        }
        for p in &puzzles {
            let t = Tables::new(p);
            let mut states = vec![State::new(p)];
            let first = search_with(&t, &State::new(p), 1, 1, &|| false).unwrap();
            if let Some(sol) = first.solutions.first() {
                let mut crossed = State::new(p);
                crossed.marks[sol[sol.len() / 2]] = Mark::Cross;
                states.push(crossed);
            }
            for state in &states {
                let want = search_with(&t, state, u128::MAX, usize::MAX, &|| false).unwrap();
                for (depth, squeeze) in [(1, false), (3, true), (64, true)] {
                    let Limited::Done(mut got) = search_probing(
                        &t,
                        state,
                        u128::MAX,
                        usize::MAX,
                        u64::MAX,
                        depth,
                        squeeze,
                        &|| false,
                    ) else {
                        panic!("no limit, no stop");
                    };
                    let mut w = want.solutions.clone();
                    w.sort();
                    got.solutions.sort();
                    let what = format!("n={} k={} depth={depth}", p.side(), p.stars());
                    assert_eq!(got.count, want.count, "{what}");
                    assert_eq!(got.solutions, w, "{what}");
                }
            }
        }
    }

    #[test]
    fn counts_row_striped_puzzles_as_queens_that_do_not_touch() {
        // Regions = ranks: solutions are permutations with neighbours' files apart by
        // 2 or more.
        // OEIS A002464 (Hertzsprung's problem), a(1) to a(9).
        let want = [1u128, 0, 0, 2, 14, 90, 646, 5242, 47622];
        for n in 1..=9usize {
            let region: Vec<u8> = (0..n * n).map(|i| (i / n) as u8).collect();
            let p = Puzzle::from_regions(n, 1, region);
            let Ok(p) = p else {
                assert!(n == 2 || n == 3);
                continue;
            };
            let f = search(&p, &State::new(&p), u128::MAX, 0, &|| false).unwrap();
            assert_eq!(f.count, want[n - 1], "n={n}");
        }
    }
}
