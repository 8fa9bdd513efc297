//! The local-search engine: a random solution of N queens, or of a completion (some
//! queens fixed), for N in the millions.
//!
//! The method follows R. Sosič and J. Gu, "3,000,000 queens in less than one minute"
//! (SIGART Bulletin 2(2), 1991; their QS4): the free queens form a permutation of the
//! free ranks over the free files, so ranks and files never clash and only diagonals
//! matter.
//!
//! 1. **Greedy start.** File by file, a few random candidates are drawn from the ranks
//!    not yet used (a swap in the permutation); the first one whose two diagonals are
//!    free is kept. Diagonal occupancy is kept in two bit sets (2N bits each, small
//!    enough to stay in cache). A file with no free candidate after a few draws keeps
//!    a random one, as do the last few files, where free diagonals are rare.
//! 2. **Repair.** Diagonal counters are built, and a work list holds every queen that
//!    might be attacked (those placed with a conflict). An attacked queen is swapped
//!    with a random other free queen when that strictly lowers the number of attacking
//!    pairs; the change is computed in O(1) from the eight counters the swap touches.
//!    Every diagonal with two queens always holds a queen on the work list, so an empty
//!    list means a solution.
//!    An attacked queen with no improving partner among the draws takes a sideways
//!    swap (one that is no worse), or on small boards any swap, so the search walks
//!    out of local minima.
//! 3. **Restart.** When repair still stalls (possible on small boards), everything is
//!    redrawn from the same generator.
//!
//! The generator is xoshiro256++ seeded with the user's seed, so a seed always gives
//! the same answer. A budget (attempted swaps, or the caller's cancel flag) bounds the
//! work; when it runs out the answer is [`Error::Interrupted`], never "no solution":
//! local search cannot prove that none exists.
//!
//! # Details
//! - The greedy start tries up to 64 random unplaced ranks per file, drawn through a
//!   ring of 8 prefetched draws (the 40 MB permutation at 10^7 misses the cache); the
//!   last 4096 files scan all remaining ranks from a random start (there they lie
//!   together).
//! - Diagonal counts during repair are the bit sets plus a small map for the diagonals
//!   with more than one queen.
//! - `auto` uses seed 0, so it stays deterministic; it reaches this engine for N queens
//!   with fixed queens beyond `complete`'s 1024 (any N). A step budget counts attempted
//!   swaps. When its own limit runs out it gives up (`Error::GaveUp`) and the engine
//!   layer hands the job to an engine that decides.

use std::collections::{HashMap, VecDeque};

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use super::{Control, Declaration, Engine, Honours, Job, Run, Solve};
use crate::error::Error;
use crate::perm::{EMPTY, Perm};
use crate::piece::PieceKind;
use crate::problem::{Placement, Problem};

/// Random draws per file in the greedy start before a conflicted rank is accepted.
const GREEDY_TRIES: u32 = 64;
/// Files at the end of the greedy start whose candidates are scanned in full.
const SCAN: usize = 4096;
/// Random draws fetched ahead in the greedy start.
const RING: usize = 8;
/// Boards with at most this many free queens may take worsening swaps.
const SMALL: usize = 64;
/// Random partners tried for one attacked queen before it goes back on the list.
const REPAIR_TRIES: u32 = 64;

/// The local-search engine (see the [module docs](self)); `auto` uses it for
/// completions too large for the complete engine. Its seed is [`Control::seed`]
/// (0 when none is given) and its step budget counts attempted swaps; without one it
/// stops at a generous limit that grows with the board, and says it gave up
/// ([`Error::GaveUp`]).
pub struct LocalEngine;

/// Whether `problem` is `n` queens on `n × n` (fixed queens allowed), or why not.
pub(crate) fn queens_shape(problem: &Problem, engine: &str) -> Result<(), String> {
    let b = problem.board();
    let queen = PieceKind::queen();
    if !b.is_square()
        || problem.pieces().len() != 1
        || problem.pieces()[0].kind != queen
        || problem.pieces()[0].count != b.rows()
    {
        return Err(format!(
            "the {engine} engine only places N queens on an N x N board (fixed queens allowed)"
        ));
    }
    #[cfg(target_pointer_width = "32")]
    crate::perm::fits_32(b.rows(), engine)?;
    Ok(())
}

/// The fixed ranks per file ([`EMPTY`] when free) of a problem [`queens_shape`]
/// accepted; `None` when two fixed queens share a file (no solution).
pub(crate) fn fixed_ranks(problem: &Problem) -> Option<Vec<u32>> {
    let b = problem.board();
    let mut fixed = vec![EMPTY; b.cols() as usize];
    for p in problem.fixed().pieces() {
        let slot = &mut fixed[p.square.file as usize];
        if *slot != EMPTY {
            return None;
        }
        *slot = p.square.rank;
    }
    Some(fixed)
}

/// A random solution of `n` queens on `n × n` keeping the `fixed` queens (`fixed[f]` is
/// the rank on file `f` or [`EMPTY`]; an empty slice means none fixed).
///
/// `Ok(None)` only when there is provably no solution: n = 2 or 3 with nothing fixed,
/// or fixed queens that attack each other. When the budget runs out:
/// [`Error::Interrupted`].
///
/// ```text
/// use queens::engine::local::random_solution;
/// let a = random_solution(1000, &[], 7, None, &Default::default()).unwrap().unwrap();
/// let b = random_solution(1000, &[], 7, None, &Default::default()).unwrap().unwrap();
/// assert!(a.is_valid());
/// assert_eq!(a, b);
/// ```
pub fn random_solution(
    n: u32,
    fixed: &[u32],
    seed: u64,
    max_swaps: Option<u64>,
    ctl: &Control,
) -> Result<Option<Perm>, Error> {
    let board = crate::board::Board::square(n)?;
    let nn = n as usize;
    let fixed_perm = if fixed.is_empty() {
        None
    } else {
        let p = Perm::new(board, fixed.to_vec())?;
        if !p.is_valid() {
            return Ok(None);
        }
        Some(p)
    };
    if fixed_perm.is_none() && (n == 2 || n == 3) {
        return Ok(None);
    }
    let mut s = State::new(nn, fixed_perm.as_ref().map(|p| p.ranks()));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let default_budget = 1_000_000 + 200 * s.m as u64;
    let budget = max_swaps.unwrap_or(default_budget);
    let mut spent = 0u64;
    loop {
        let round = s
            .greedy(&mut rng, ctl)
            .and_then(|()| s.repair(&mut rng, ctl, budget, &mut spent));
        match round {
            Ok(true) => break,
            Ok(false) => {}
            // Its own limit, not the caller's: say so, so that the caller may hand the
            // problem to an engine that can decide it.
            Err(Error::Interrupted) if max_swaps.is_none() && !ctl.cancelled() => {
                return Err(Error::GaveUp {
                    engine: "local",
                    reason: format!(
                        "local search found no solution in {default_budget} swaps, its limit for {n} queens, and cannot prove that there is none"
                    ),
                });
            }
            Err(e) => return Err(e),
        }
    }
    let mut ranks = match fixed_perm {
        Some(p) => p.into_ranks(),
        None => Vec::new(),
    };
    match &s.files {
        None => ranks = std::mem::take(&mut s.p),
        Some(files) => {
            for (k, &f) in files.iter().enumerate() {
                ranks[f as usize] = s.p[k];
            }
        }
    }
    let out = Perm::new(board, ranks)?;
    debug_assert!(out.is_valid());
    Ok(Some(out))
}

/// Queens per diagonal: one bit for "at least one", and a small map for the rare
/// diagonals with more. After the greedy start only a handful of diagonals hold two
/// queens, so this costs 2N bits instead of 2N counters (at 10^7 queens, 5 MB
/// instead of 160 MB, and no time to fill them).
#[derive(Default)]
struct Lines {
    bits: Vec<u64>,
    extra: HashMap<usize, u32>,
}

impl Lines {
    fn from_bits(bits: Vec<u64>) -> Lines {
        Lines {
            bits,
            extra: HashMap::new(),
        }
    }

    #[inline]
    fn get(&self, i: usize) -> u32 {
        let base = (self.bits[i >> 6] >> (i & 63) & 1) as u32;
        if base == 0 || self.extra.is_empty() {
            base
        } else {
            base + self.extra.get(&i).copied().unwrap_or(0)
        }
    }

    #[inline]
    fn inc(&mut self, i: usize) {
        if !test_set(&mut self.bits, i) {
            return;
        }
        *self.extra.entry(i).or_insert(0) += 1;
    }

    #[inline]
    fn dec(&mut self, i: usize) {
        if let Some(e) = self.extra.get_mut(&i) {
            *e -= 1;
            if *e == 0 {
                self.extra.remove(&i);
            }
        } else {
            self.bits[i >> 6] &= !(1u64 << (i & 63));
        }
    }
}

/// The search state: free queen `k` stands on file `file(k)`, rank `p[k]`.
struct State {
    n: usize,
    m: usize,
    /// Free files, ascending; `None` when every file is free (then file(k) = k).
    files: Option<Vec<u32>>,
    p: Vec<u32>,
    /// Diagonal bit sets of the fixed queens alone (copied at each start).
    fixed_b1: Vec<u64>,
    fixed_b2: Vec<u64>,
    /// Fixed queens as (file, rank), to seed the counters.
    fixed: Vec<(u32, u32)>,
    /// Free queens placed with a conflict in the greedy start.
    bad: Vec<u32>,
    d1: Lines,
    d2: Lines,
}

#[inline]
fn below(rng: &mut Xoshiro256PlusPlus, m: usize) -> usize {
    (((rng.next_u64() >> 32) * m as u64) >> 32) as usize
}

/// Asks the processor to start loading `x` into the cache (a hint; no effect on
/// results).
#[inline(always)]
fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint that cannot fault, and SSE is part of the x86_64
    // baseline.
    #[allow(unused_unsafe)]
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

#[inline]
fn test_set(bits: &mut [u64], i: usize) -> bool {
    let (w, m) = (i >> 6, 1u64 << (i & 63));
    let was = bits[w] & m != 0;
    bits[w] |= m;
    was
}

#[inline]
fn test(bits: &[u64], i: usize) -> bool {
    bits[i >> 6] >> (i & 63) & 1 == 1
}

impl State {
    fn new(n: usize, fixed: Option<&[u32]>) -> State {
        let words = (2 * n).div_ceil(64);
        let mut s = State {
            n,
            m: n,
            files: None,
            p: Vec::new(),
            fixed_b1: vec![0; words],
            fixed_b2: vec![0; words],
            fixed: Vec::new(),
            bad: Vec::new(),
            d1: Lines::default(),
            d2: Lines::default(),
        };
        match fixed {
            None => s.p = (0..n as u32).collect(),
            Some(ranks) => {
                let mut rank_used = vec![false; n];
                let mut files = Vec::new();
                for (f, &r) in ranks.iter().enumerate() {
                    if r == EMPTY {
                        files.push(f as u32);
                    } else {
                        rank_used[r as usize] = true;
                        s.fixed.push((f as u32, r));
                        test_set(&mut s.fixed_b1, f + r as usize);
                        test_set(&mut s.fixed_b2, f + n - 1 - r as usize);
                    }
                }
                s.p = (0..n as u32).filter(|&r| !rank_used[r as usize]).collect();
                s.m = files.len();
                s.files = Some(files);
            }
        }
        s
    }

    #[inline]
    fn file(&self, k: usize) -> usize {
        match &self.files {
            None => k,
            Some(f) => f[k] as usize,
        }
    }

    /// Step 1: a near-conflict-free random permutation of the free ranks.
    fn greedy(&mut self, rng: &mut Xoshiro256PlusPlus, ctl: &Control) -> Result<(), Error> {
        let (n, m) = (self.n, self.m);
        let mut b1 = self.fixed_b1.clone();
        let mut b2 = self.fixed_b2.clone();
        self.bad.clear();
        // Random draws come from a small ring filled ahead of use, so that the rank
        // they point at is already being fetched when it is read: at 10^7 queens the
        // permutation is far larger than the cache. A draw made at file k0 lies in
        // k0 + RING..m, so it is still among the unplaced when used (at most RING
        // draws, hence files, later).
        let rand_end = m.saturating_sub(SCAN);
        let mut ring = [0usize; RING];
        let draw = |rng: &mut Xoshiro256PlusPlus, k0: usize| m - 1 - below(rng, m - k0 - RING);
        if rand_end > 0 {
            for slot in ring.iter_mut() {
                *slot = draw(rng, 0);
                prefetch(&self.p[*slot]);
            }
        }
        let mut ri = 0;
        for k in 0..rand_end {
            if k & 0xffff == 0 && ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            let f = self.file(k);
            let mut placed = false;
            for _ in 0..GREEDY_TRIES {
                let j = ring[ri];
                ring[ri] = draw(rng, k);
                prefetch(&self.p[ring[ri]]);
                ri = (ri + 1) % RING;
                let v = self.p[j] as usize;
                if !test(&b1, f + v) && !test(&b2, f + n - 1 - v) {
                    self.p.swap(k, j);
                    test_set(&mut b1, f + v);
                    test_set(&mut b2, f + n - 1 - v);
                    placed = true;
                    break;
                }
            }
            if !placed {
                let j = k + below(rng, m - k);
                self.p.swap(k, j);
                self.bad.push(k as u32);
            }
        }
        // The last files: the few unplaced ranks are scanned in full (they lie
        // together), from a random start, for one on two free diagonals.
        for k in rand_end..m {
            let f = self.file(k);
            let start = k + below(rng, m - k);
            let fits = |v: u32| {
                let v = v as usize;
                !test(&b1, f + v) && !test(&b2, f + n - 1 - v)
            };
            let found = (start..m).chain(k..start).find(|&j| fits(self.p[j]));
            match found {
                Some(j) => {
                    let v = self.p[j] as usize;
                    self.p.swap(k, j);
                    test_set(&mut b1, f + v);
                    test_set(&mut b2, f + n - 1 - v);
                }
                None => {
                    self.p.swap(k, start);
                    self.bad.push(k as u32);
                }
            }
        }
        // Counters: the conflict-free queens are exactly the set bits.
        self.d1 = Lines::from_bits(b1);
        self.d2 = Lines::from_bits(b2);
        for idx in 0..self.bad.len() {
            let k = self.bad[idx] as usize;
            let (f, r) = (self.file(k), self.p[k] as usize);
            self.d1.inc(f + r);
            self.d2.inc(f + n - 1 - r);
        }
        Ok(())
    }

    #[inline]
    fn attacked(&self, k: usize) -> bool {
        let (f, r) = (self.file(k), self.p[k] as usize);
        self.d1.get(f + r) > 1 || self.d2.get(f + self.n - 1 - r) > 1
    }

    /// Swaps the ranks of free queens `a` and `b` when that changes the number of
    /// attacking pairs by less than `below` (0: strictly better; 1: not worse;
    /// `i64::MAX`: in any case); says whether it did.
    #[inline]
    fn try_swap(&mut self, a: usize, b: usize, below: i64) -> bool {
        let n1 = self.n - 1;
        let (fa, fb) = (self.file(a), self.file(b));
        let (ra, rb) = (self.p[a] as usize, self.p[b] as usize);
        // Removing a queen from a line holding c queens removes c - 1 pairs; adding
        // one to a line holding c adds c. Applied in sequence the sum is exact.
        let out1 = [fa + ra, fb + rb];
        let in1 = [fa + rb, fb + ra];
        let out2 = [fa + n1 - ra, fb + n1 - rb];
        let in2 = [fa + n1 - rb, fb + n1 - ra];
        let mut delta: i64 = 0;
        for (d, outs, ins) in [(&mut self.d1, out1, in1), (&mut self.d2, out2, in2)] {
            for i in outs {
                d.dec(i);
                delta -= d.get(i) as i64;
            }
            for i in ins {
                delta += d.get(i) as i64;
                d.inc(i);
            }
        }
        if delta < below {
            self.p.swap(a, b);
            return true;
        }
        for (d, outs, ins) in [(&mut self.d1, out1, in1), (&mut self.d2, out2, in2)] {
            for i in ins {
                d.dec(i);
            }
            for i in outs {
                d.inc(i);
            }
        }
        false
    }

    /// Step 2: repair until no queen is attacked (`true`), or until the attempts of
    /// this start are spent (`false`, the caller restarts).
    fn repair(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        ctl: &Control,
        budget: u64,
        spent: &mut u64,
    ) -> Result<bool, Error> {
        let m = self.m;
        let mut queue: VecDeque<u32> = self.bad.iter().copied().collect();
        // A start that stalls is abandoned after this many attempts.
        let start_limit = *spent + 20_000 + 500 * self.bad.len() as u64;
        let mut rounds = 0u32;
        while let Some(k) = queue.pop_front() {
            let k = k as usize;
            rounds = rounds.wrapping_add(1);
            if rounds & 0xfff == 0 && ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            if !self.attacked(k) {
                continue;
            }
            let mut moved = false;
            for _ in 0..REPAIR_TRIES {
                *spent += 1;
                let l = below(rng, m);
                if l != k && self.try_swap(k, l, 0) {
                    queue.push_back(l as u32);
                    queue.push_back(k as u32);
                    moved = true;
                    break;
                }
            }
            if !moved {
                // A local minimum for this queen: a sideways swap (no worse), or on a
                // small board any swap, lets the search walk out of it.
                let worse_ok = if m <= SMALL { i64::MAX } else { 1 };
                for _ in 0..REPAIR_TRIES {
                    *spent += 1;
                    let l = below(rng, m);
                    if l != k && self.try_swap(k, l, worse_ok) {
                        queue.push_back(l as u32);
                        break;
                    }
                }
                queue.push_back(k as u32);
            }
            if *spent >= budget {
                return Err(Error::Interrupted); // mapped to GaveUp by the caller
            }
            if *spent > start_limit {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

impl Engine for LocalEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::Local.as_str(),
            summary: "a random N-queens solution or completion by local search; cannot prove there is none",
            jobs: &[Job::Solve, Job::SolvePerm],
            honours: Honours {
                step_budget: true,
                seed: true,
                ..Default::default()
            },
            decides: false,
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, _job: Job) -> Result<Run<'p>, String> {
        queens_shape(problem, "local")?;
        Ok(Run::Solve(Box::new(Local)))
    }
}

/// A solve local search accepted: `n` queens on `n × n`, fixed queens allowed.
struct Local;

impl Solve for Local {
    fn solve(&self, problem: &Problem, ctl: &Control) -> Result<Option<Placement>, Error> {
        Ok(self.solve_perm(problem, ctl)?.map(|p| p.to_placement()))
    }

    fn solve_perm(&self, problem: &Problem, ctl: &Control) -> Result<Option<Perm>, Error> {
        // Nothing fixed: no list of fixed ranks at all (at 10^7 queens it would hold
        // 40 MB for the whole search).
        let fixed = if problem.fixed().is_empty() {
            Vec::new()
        } else {
            match fixed_ranks(problem) {
                Some(fixed) => fixed,
                None => return Ok(None),
            }
        };
        let n = problem.board().rows();
        random_solution(n, &fixed, ctl.seed.unwrap_or(0), ctl.step_budget, ctl)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_and_seeds() {
        let ctl = Control::default();
        for n in [1u32, 4, 5, 6, 7, 8, 9, 10, 20, 50, 200] {
            for seed in 0..20 {
                let p = random_solution(n, &[], seed, None, &ctl).unwrap().unwrap();
                assert!(p.is_valid(), "n {n} seed {seed}");
            }
        }
        assert!(random_solution(3, &[], 0, None, &ctl).unwrap().is_none());
    }

    #[test]
    fn budget_runs_out_as_interrupted() {
        // 4 queens with a1 fixed has no solution; local search cannot tell.
        let mut fixed = vec![EMPTY; 4];
        fixed[0] = 0;
        let r = random_solution(4, &fixed, 1, Some(10_000), &Control::default());
        assert_eq!(r, Err(Error::Interrupted));
    }
}
