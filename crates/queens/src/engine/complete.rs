//! The complete engine: N-queens completion (some queens fixed, place the rest) for
//! mid-size boards, deciding both ways: a solution, or a proof that there is none.
//!
//! Completion is NP-complete (I. P. Gent, C. Jefferson and P. Nightingale, "Complexity
//! of n-Queens Completion", JAIR 59, 2017), and local search cannot show that a
//! completion is impossible, so mid-size boards get a complete backtracking search
//! whose strength is its ordering:
//!
//! - The free queens are a matching of free files to free ranks. Each free file keeps
//!   its *domain*: a bit set over the free ranks (indexed densely, so the typical few
//!   dozen free ranks fit in one word) not attacked by any queen placed so far.
//! - At every node the variable with the fewest choices is branched on ("fewest
//!   choices first", dynamic): either a file (its domain size) or a rank (how many
//!   free files still accept it). A file or rank with no choice left fails the node
//!   at once, and placing a queen prunes every other domain (forward checking), so a
//!   forced queen is placed before any guess.
//! - Branching on one variable tries all its values, so the search is complete: when
//!   it ends without a solution, there is none.
//!
//! Before the tree search, a short local search (the [`super::local`] engine, seed 0,
//! a few swaps per file) is tried: completions with few fixed queens have many
//! solutions, which it finds at once while a tree search can wander in a heavy tail.
//! Its failure proves nothing; the tree search then decides.
//!
//! A node budget and the caller's cancel flag bound the work; when either stops the
//! search the answer is [`Error::Interrupted`], not "no solution".
//!
//! # Details
//! - The short local search makes `2000 + 20·N` swaps (`bench/hugen.md`: without it,
//!   `solve 100 --fixed Qa1` ran past 20 s).
//! - Ranks are re-indexed densely, so a domain is `ceil(k/64)` words for `k` free ranks;
//!   at each node the branch is the file with the smallest domain or the rank with the
//!   fewest supporting files, values in ascending order; placing a queen copies the other
//!   domains and clears the rank and both diagonals. Exhausting the tree is exit 1.
//! - It takes N queens on N×N for 12 ≤ N ≤ 1024, fixed queens allowed. The tests hold it
//!   to a brute-force oracle (N ≤ 10, and a proptest) and to the exact engine (N ≤ 10 and
//!   N = 30 Gent instances, both outcomes occurring).

use super::{Control, Declaration, Engine, Honours, Job, Run, Solve};
use crate::board::Board;
use crate::error::Error;
use crate::perm::{EMPTY, Perm};
use crate::problem::{Placement, Problem};

/// The largest board side the complete engine accepts.
pub const MAX_SIDE: u32 = 1024;

/// The complete engine (see the [module docs](self)).
/// Its step budget ([`Control::step_budget`]) counts the nodes of the tree search.
pub struct CompleteEngine;

/// A completion of `n` queens on `n × n` keeping the `fixed` queens (`fixed[f]` is the
/// rank on file `f` or [`EMPTY`]; empty for none), or `Ok(None)` when it is proved that
/// there is none. When the node budget or the cancel flag stops the search:
/// [`Error::Interrupted`].
///
/// ```text
/// use queens::engine::complete::complete;
/// use queens::perm::EMPTY;
/// // a1 fixed on 4x4: impossible (both solutions leave the corners empty).
/// let mut fixed = vec![EMPTY; 4];
/// fixed[0] = 0;
/// assert_eq!(complete(4, &fixed, None, &Default::default()).unwrap(), None);
/// fixed[0] = 1;
/// assert_eq!(complete(4, &fixed, None, &Default::default()).unwrap().unwrap().ranks(), &[1, 3, 0, 2]);
/// ```
pub fn complete(
    n: u32,
    fixed: &[u32],
    max_nodes: Option<u64>,
    ctl: &Control,
) -> Result<Option<Perm>, Error> {
    let board = Board::square(n)?;
    if n > MAX_SIDE {
        return Err(Error::Unsupported(format!(
            "the complete engine handles boards up to {MAX_SIDE}x{MAX_SIDE}"
        )));
    }
    let nn = n as usize;
    let fixed = if fixed.is_empty() {
        vec![EMPTY; nn]
    } else {
        fixed.to_vec()
    };
    let start = Perm::new(board, fixed)?;
    if !start.is_valid() {
        return Ok(None);
    }
    // Completions with many solutions (few queens fixed) are found at once by local
    // search, where the tree search can wander in a heavy tail; only when a short,
    // deterministic local search fails does the complete search run, to find or to
    // prove.
    let quick = 2_000 + 20 * nn as u64;
    match super::local::random_solution(n, start.ranks(), 0, Some(quick), ctl) {
        Ok(found) => return Ok(found),
        Err(Error::Interrupted) if !ctl.cancelled() => {}
        Err(e) => return Err(e),
    }
    let mut s = Search::new(nn, start.ranks(), max_nodes);
    if !s.run(0, ctl)? {
        return Ok(None);
    }
    let mut ranks = start.into_ranks();
    for (a, &f) in s.files.iter().enumerate() {
        ranks[f as usize] = s.ranks[s.chosen[a] as usize];
    }
    let out = Perm::new(board, ranks)?;
    debug_assert!(out.is_valid());
    Ok(Some(out))
}

struct Search {
    n: usize,
    /// Free files and free ranks, ascending; `k` of each.
    files: Vec<u32>,
    ranks: Vec<u32>,
    /// Rank → its index among the free ranks, or EMPTY.
    rank_index: Vec<u32>,
    k: usize,
    /// Words per domain.
    w: usize,
    /// Domains per depth: `levels[d][a * w..(a + 1) * w]` is file a's domain at depth d.
    levels: Vec<Vec<u64>>,
    file_done: Vec<bool>,
    rank_done: Vec<bool>,
    /// The free-rank index chosen for each free file.
    chosen: Vec<u32>,
    support: Vec<u32>,
    nodes: u64,
    max_nodes: u64,
}

impl Search {
    fn new(n: usize, fixed: &[u32], max_nodes: Option<u64>) -> Search {
        let mut rank_used = vec![false; n];
        let mut d1 = vec![false; 2 * n];
        let mut d2 = vec![false; 2 * n];
        let mut files = Vec::new();
        for (f, &r) in fixed.iter().enumerate() {
            if r == EMPTY {
                files.push(f as u32);
            } else {
                let r = r as usize;
                rank_used[r] = true;
                d1[f + r] = true;
                d2[f + n - 1 - r] = true;
            }
        }
        let ranks: Vec<u32> = (0..n as u32).filter(|&r| !rank_used[r as usize]).collect();
        let mut rank_index = vec![EMPTY; n];
        for (j, &r) in ranks.iter().enumerate() {
            rank_index[r as usize] = j as u32;
        }
        let k = files.len();
        let w = k.div_ceil(64).max(1);
        let mut first = vec![0u64; k * w];
        for (a, &f) in files.iter().enumerate() {
            for (j, &r) in ranks.iter().enumerate() {
                let (f, r) = (f as usize, r as usize);
                if !d1[f + r] && !d2[f + n - 1 - r] {
                    first[a * w + j / 64] |= 1 << (j % 64);
                }
            }
        }
        let levels = vec![first];
        Search {
            n,
            files,
            ranks,
            rank_index,
            k,
            w,
            levels,
            file_done: vec![false; k],
            rank_done: vec![false; k],
            chosen: vec![0; k],
            support: vec![0; k],
            nodes: 0,
            max_nodes: max_nodes.unwrap_or(u64::MAX),
        }
    }

    fn size(&self, d: usize, a: usize) -> u32 {
        self.levels[d][a * self.w..(a + 1) * self.w]
            .iter()
            .map(|x| x.count_ones())
            .sum()
    }

    /// Searches depth `d` (d queens of the free ones placed); true when a solution
    /// is recorded in `chosen`.
    fn run(&mut self, d: usize, ctl: &Control) -> Result<bool, Error> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Error::Interrupted);
        }
        if self.nodes & 0x3ff == 0 && ctl.cancelled() {
            return Err(Error::Interrupted);
        }
        if d == self.k {
            return Ok(true);
        }
        let (k, w) = (self.k, self.w);
        // Fewest choices: files by domain size, ranks by the files that accept them.
        let mut best = (u32::MAX, true, 0usize);
        self.support.iter_mut().for_each(|c| *c = 0);
        for a in 0..k {
            if self.file_done[a] {
                continue;
            }
            let s = self.size(d, a);
            if s == 0 {
                return Ok(false);
            }
            if s < best.0 {
                best = (s, true, a);
            }
            for wi in 0..w {
                let mut x = self.levels[d][a * w + wi];
                while x != 0 {
                    self.support[wi * 64 + x.trailing_zeros() as usize] += 1;
                    x &= x - 1;
                }
            }
        }
        for j in 0..k {
            if self.rank_done[j] {
                continue;
            }
            let s = self.support[j];
            if s == 0 {
                return Ok(false);
            }
            if s < best.0 {
                best = (s, false, j);
            }
        }
        let (_, is_file, v) = best;
        if is_file {
            let a = v;
            let dom: Vec<u64> = self.levels[d][a * w..(a + 1) * w].to_vec();
            for (wi, mut x) in dom.into_iter().enumerate() {
                while x != 0 {
                    let j = wi * 64 + x.trailing_zeros() as usize;
                    x &= x - 1;
                    if self.place(d, a, j) && self.descend(d, a, j, ctl)? {
                        return Ok(true);
                    }
                }
            }
        } else {
            let j = v;
            for a in 0..k {
                if self.file_done[a] || self.levels[d][a * w + j / 64] >> (j % 64) & 1 == 0 {
                    continue;
                }
                if self.place(d, a, j) && self.descend(d, a, j, ctl)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    fn descend(&mut self, d: usize, a: usize, j: usize, ctl: &Control) -> Result<bool, Error> {
        self.file_done[a] = true;
        self.rank_done[j] = true;
        self.chosen[a] = j as u32;
        let found = self.run(d + 1, ctl)?;
        self.file_done[a] = false;
        self.rank_done[j] = false;
        Ok(found)
    }

    /// Writes the domains of depth `d + 1` for a queen of file `a` on free rank `j`;
    /// false when some other file is left without a choice.
    fn place(&mut self, d: usize, a: usize, j: usize) -> bool {
        let (k, w, n) = (self.k, self.w, self.n as i64);
        // Depth levels are allocated as the search first reaches them.
        if self.levels.len() < d + 2 {
            self.levels.push(vec![0u64; k * w]);
        }
        let fa = self.files[a] as i64;
        let r = self.ranks[j] as i64;
        let (cur, next) = self.levels.split_at_mut(d + 1);
        let (cur, next) = (&cur[d], &mut next[0]);
        for b in 0..k {
            if b == a || self.file_done[b] {
                continue;
            }
            let dom = &mut next[b * w..(b + 1) * w];
            dom.copy_from_slice(&cur[b * w..(b + 1) * w]);
            dom[j / 64] &= !(1u64 << (j % 64));
            let dist = self.files[b] as i64 - fa;
            for rr in [r + dist, r - dist] {
                if (0..n).contains(&rr) {
                    let i = self.rank_index[rr as usize];
                    if i != EMPTY {
                        let i = i as usize;
                        dom[i / 64] &= !(1u64 << (i % 64));
                    }
                }
            }
            if dom.iter().all(|&x| x == 0) {
                return false;
            }
        }
        true
    }
}

impl Engine for CompleteEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::Complete.as_str(),
            summary: "N-queens completion (fixed queens kept): a search that finds a solution or proves there is none",
            jobs: &[Job::Solve, Job::SolvePerm],
            honours: Honours::STEPS,
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, _job: Job) -> Result<Run<'p>, String> {
        super::local::queens_shape(problem, "complete")?;
        let n = problem.board().rows();
        if n > MAX_SIDE {
            return Err(format!(
                "the complete engine handles boards up to {MAX_SIDE}x{MAX_SIDE}"
            ));
        }
        Ok(Run::Solve(Box::new(Complete { n })))
    }

    /// Small boards keep `exact`'s first-in-order answer under `auto` (policy: named,
    /// the completion search runs on any board it handles).
    fn auto_picks(&self, problem: &Problem, _job: Job) -> bool {
        problem.board().rows() >= super::construct::AUTO_FROM_SIDE
    }
}

/// A solve the completion search accepted: `n` queens on `n × n`, `n` at most
/// [`MAX_SIDE`].
struct Complete {
    n: u32,
}

impl Solve for Complete {
    fn solve(&self, problem: &Problem, ctl: &Control) -> Result<Option<Placement>, Error> {
        Ok(self.solve_perm(problem, ctl)?.map(|p| p.to_placement()))
    }

    fn solve_perm(&self, problem: &Problem, ctl: &Control) -> Result<Option<Perm>, Error> {
        match super::local::fixed_ranks(problem) {
            Some(fixed) => complete(self.n, &fixed, ctl.step_budget, ctl),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::construct::tests::independent_valid;

    #[test]
    fn plain_boards_are_solved() {
        for n in [1u32, 4, 5, 8, 13, 30, 60] {
            let p = complete(n, &[], None, &Control::default())
                .unwrap()
                .unwrap();
            assert!(p.is_valid() && p.queens() == n as usize);
        }
        assert_eq!(complete(3, &[], None, &Control::default()).unwrap(), None);
    }

    #[test]
    fn node_budget_is_interrupted() {
        // An impossible instance: the quick local search fails, the tree search runs
        // out of nodes at once and must say so rather than "no solution".
        let ctl = Control::default();
        let fixed = (0..200)
            .map(|seed| crate::gent::instance(30, seed))
            .find(|f| complete(30, f, None, &ctl).unwrap().is_none())
            .expect("some instance is impossible");
        assert_eq!(complete(30, &fixed, Some(1), &ctl), Err(Error::Interrupted));
    }

    // ---- Moved from tests/it/hugen.rs: on boards under 12x12, which the complete engine
    // leaves to the exact engine under its declared rules, only `complete` itself
    // reaches the search. ----

    fn full(ranks: &[u32]) -> bool {
        !ranks.contains(&EMPTY)
    }

    fn keeps_fixed(fixed: &[u32], ranks: &[u32]) -> bool {
        fixed.iter().zip(ranks).all(|(&f, &r)| f == EMPTY || f == r)
    }

    /// Brute force, independent of the engines: can `fixed` be completed to n queens?
    fn brute_completable(n: usize, fixed: &[u32]) -> bool {
        fn go(f: usize, ranks: &mut Vec<u32>, n: usize) -> bool {
            if f == n {
                return independent_valid(n, ranks);
            }
            if ranks[f] != EMPTY {
                return independent_valid(n, &ranks[..=f]) && go(f + 1, ranks, n);
            }
            for r in 0..n as u32 {
                ranks[f] = r;
                if independent_valid(n, &ranks[..=f]) && go(f + 1, ranks, n) {
                    ranks[f] = EMPTY;
                    return true;
                }
            }
            ranks[f] = EMPTY;
            false
        }
        // Fixed queens on later files must be checked against earlier ones as they
        // come, so prefixes are checked with every fixed queen seen so far.
        let mut ranks = fixed.to_vec();
        go(0, &mut ranks, n)
    }

    /// Whether the exact engine completes `fixed`.
    fn exact_completable(n: u32, fixed: &[u32]) -> bool {
        let queens = fixed
            .iter()
            .enumerate()
            .filter(|(_, r)| **r != EMPTY)
            .map(|(f, &r)| crate::Piece {
                kind: crate::PieceKind::queen(),
                square: crate::Square::new(f as u32, r),
            })
            .collect();
        let p = Problem::new(
            Board::square(n).unwrap(),
            vec![crate::PieceCount {
                kind: crate::PieceKind::queen(),
                count: n,
            }],
            Placement::new(queens),
        )
        .unwrap();
        crate::solve(
            &p,
            crate::EngineChoice::Named(crate::engine::EngineName::Exact),
            &Default::default(),
        )
        .unwrap()
        .is_some()
    }

    #[test]
    fn complete_search_agrees_with_brute_force_and_exact_on_small_instances() {
        let ctl = Control::default();
        let (mut yes, mut no) = (0, 0);
        for n in 5..=10u32 {
            for seed in 0..12u64 {
                let fixed = crate::gent::instance(n, seed);
                let brute = brute_completable(n as usize, &fixed);
                assert_eq!(exact_completable(n, &fixed), brute, "n {n} seed {seed}");
                match complete(n, &fixed, None, &ctl).unwrap() {
                    Some(p) => {
                        assert!(brute, "n {n} seed {seed}");
                        assert!(full(p.ranks()) && independent_valid(n as usize, p.ranks()));
                        assert!(keeps_fixed(&fixed, p.ranks()));
                        yes += 1;
                    }
                    None => {
                        assert!(!brute, "n {n} seed {seed}: a completion exists");
                        no += 1;
                    }
                }
            }
        }
        assert!(
            yes > 5 && no > 5,
            "both kinds of instance occur ({yes} / {no})"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn complete_matches_brute_force(n in 4usize..=9, picks in proptest::collection::vec((0usize..9, 0u32..9), 0..4)) {
            let mut fixed = vec![EMPTY; n];
            for (f, r) in picks {
                if f < n && r < n as u32 {
                    fixed[f] = r;
                }
            }
            let answer = complete(n as u32, &fixed, None, &Control::default()).unwrap();
            let brute = independent_valid(n, &fixed) && brute_completable(n, &fixed);
            proptest::prop_assert_eq!(answer.is_some(), brute);
            if let Some(p) = answer {
                proptest::prop_assert!(independent_valid(n, p.ranks()) && keeps_fixed(&fixed, p.ranks()));
            }
        }
    }
}
