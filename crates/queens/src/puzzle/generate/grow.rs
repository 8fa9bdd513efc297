//! Regions grown round a solution, keeping it the only one: the candidate's solution,
//! its starting regions, the growth square by square, and the moves that repair or
//! even out a finished candidate.
//!
//! The growth rests on one fact. In a *partial* puzzle (squares outside every region
//! count as crossed) every solution is a solution of any puzzle grown from it: its
//! stars lie in regions that only gain squares, so each region still holds `K` of
//! them. So the solutions only grow as the regions do, a square that lets a solution
//! in (some solution has a star on it) lets it in for good, and a unique puzzle is
//! one grown square by square with each square, when it joins, starless in every
//! solution of the partial puzzle. The growth draws (square, region) pairs, tests
//! them, and remembers the refused ones for good. The same fact makes the starting
//! regions matter: a solution they already have stays, so with `K >= 3` they are made
//! unique first ([`unique_seeds`]).
//!
//! The tests are searches with a node limit (over it counts as "refused"; a lower
//! limit for four or more stars at 16x16, [`light`], where with three a cheaper
//! growth paid more than the squares it refused cost, before exact tests). With three
//! stars from 16x16 to 20x20 ([`exact`]) every test is exact: the plain search within
//! a few hundred nodes, then a SAT solver
//! (module `oracle`). With three or more stars above that (and four or more at 20x20;
//! [`strong`]) the plain search ran over on most of them, so
//! there the growth is steered by the hard rules first, a test that runs over is
//! retried after the rules ([`join_starless`]), and the repairs and the final proof
//! use the rules and the probing search ([`two_solutions_strong`]).

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng;

use crate::error::Error;

use super::super::rules::{Deducer, Level};
use super::super::solver::{Limited, Node, Tables, search_limited, search_probing};
use super::super::{MAX_SIDE, Mark, Puzzle, State};
use super::Style;

/// A square outside every region (in a partial puzzle).
pub(super) const UNSET: u8 = u8::MAX;

/// The most nodes the test that a joining square stays starless may take; a test
/// over it counts as "not starless" (safe: the square goes elsewhere).
const JOIN_NODES: u64 = 2000;

/// The sides on which Star Battle with three or more stars a unit grows with lighter
/// join tests (now four or more: three take [`exact`] tests) and repairs without
/// moving a square back ([`light`]): 16 only. At 15x15
/// CPU seconds a unique candidate fell (0.44 to 0.32), but over seeds 1 to 8 the
/// requests were no faster (medians with no grade 0.34 to 0.77 s, medium 0.72 to
/// 1.2, hard 1.0 to 0.84, expert 0.56 to 0.65; load 5, bench/puzzle.md).
pub(super) const LIGHT_SIDES: std::ops::RangeInclusive<usize> = 16..=16;

/// The node limit of the growth's join test where [`light`] holds, instead of
/// [`JOIN_NODES`].
const LIGHT_JOIN_NODES: u64 = 700;

/// Whether `k` stars a unit on side `n` take the lighter join tests
/// ([`LIGHT_JOIN_NODES`]) and the repair that never moves a square back into a region
/// it left ([`repair`]'s `left`): three or more stars on [`LIGHT_SIDES`]. At 16x16
/// about one grown candidate in 15 to 20 ended unique; traced over some 190
/// candidates each, with two stars 129 were dropped when the repair's `4n` moves ran
/// out, the moves going round in circles (a square moved to another region and back,
/// the same two searches again and again), with three 103 when the search for a
/// second solution ran past the repair's limit. Lighter tests refuse a few more
/// squares but cost a third less, and about as many candidates end unique. Three
/// stars, seeds 1 to 10 at every grade (load 5): none without a puzzle in 30 s where
/// 9 runs had none, expert median 3.3 s to 1.9 s (bench/puzzle.md). Two stars are
/// left out: CPU seconds a unique candidate fell (2.5 to 1.6 over seeds 1 to 9), but
/// the requests over seeds 1 to 10 were no faster (medians 6.6 to 9.3 s with no
/// grade, 7.5 to 10.6 medium). With three stars the no-moves-back rule is kept with
/// the lighter tests because the two were measured together (CPU a unique candidate
/// 2.91 s before, 2.89 s with the rule alone, 1.70 s with both, bench/puzzle.md).
/// Since three stars at 16x16 take [`exact`] tests, only the rule is left: the
/// exact tests take no node limit.
pub(super) fn light(n: usize, k: u32) -> bool {
    k >= 3 && LIGHT_SIDES.contains(&n)
}

/// The sides on which Star Battle (two or more stars a unit) grows roomy regions in
/// the even style ([`roomy`]) with [`ROOMY_ALPHA`] and the moves after growth held to
/// a perimeter ratio: 16 only, where it was measured. Three stars also grow roomy
/// regions on the other [`EXACT_SIDES`], with [`EXACT_ALPHA`] and no ratio.
pub(super) const ROOMY_SIDES: std::ops::RangeInclusive<usize> = 16..=16;

/// The size exponent of [`roomy`] growth (the even style's is 1): larger regions grow
/// faster, so sizes spread more.
const ROOMY_ALPHA: f64 = 1.5;

/// Whether `k` stars a unit on side `n` grow roomy regions in the even style: the
/// size exponent [`ROOMY_ALPHA`] (with [`exact`] tests from 17x17 [`EXACT_ALPHA`]) and room up to
/// a quarter of the board (the bound) instead of `3n`, growing and after
/// (`Bounds::with_stars`, which at 16x16 also holds the moves after growth to a
/// perimeter ratio). Regions of spread sizes let in fewer
/// other solutions (small regions hold their stars tight), so more grown candidates
/// end unique: `gen 16 --stars K`, seeds 1 to 20, no grade, 95th percentile 6.9 s to
/// 2.8 s with two stars, 4.5 s to 2.7 s with three (bench/puzzle.md). Both halves are
/// needed: the room alone (size exponent 1) was no faster, and the exponent with
/// `3n` or `3.5n` of room little faster. An exponent of 2 was faster still but its
/// shapes were not compact (99th percentile ratio 2.75, a region of 64 squares round
/// the border).
pub(super) fn roomy(n: usize, k: u32) -> bool {
    (k >= 2 && ROOMY_SIDES.contains(&n)) || exact(n, k)
}

/// The size exponent of roomy growth on side `n`: [`ROOMY_ALPHA`] on
/// [`ROOMY_SIDES`], else (three stars with [`exact`] tests from 17x17) [`EXACT_ALPHA`].
fn roomy_alpha(n: usize) -> f64 {
    if ROOMY_SIDES.contains(&n) {
        ROOMY_ALPHA
    } else {
        EXACT_ALPHA
    }
}

/// The sides on which three stars a unit take [`exact`] tests: 16 to 20.
pub(super) const EXACT_SIDES: std::ops::RangeInclusive<usize> = 16..=20;

/// The size exponent of roomy growth with [`exact`] tests from 17x17 (16x16 keeps
/// [`ROOMY_ALPHA`] and its ratio): at 20x20 with three stars and the plain tests 1.5
/// found a puzzle for one seed of six in 60 s, 2 for two; with exact tests 2 for all
/// six. From 17x17 to 19x19 with exact tests, 1.5 held to the 16x16 ratio found none
/// in 60 s for 4 of 10 seeds at 18x18 and 8 of 10 at 19x19, where 2 found one for all
/// (bench/puzzle.md).
const EXACT_ALPHA: f64 = 2.0;

/// Whether `k` stars a unit on side `n` take exact tests (three stars from 16x16 to
/// 20x20; four or more, not measured, keep [`strong`] tests at 20x20 and the plain
/// ones below): the join tests, the
/// repair's search and the final proof are answered by the plain search within
/// [`QUICK_NODES`] and, when it runs over, by a SAT solver (module `oracle`), with
/// [`roomy`] growth. At 20x20 with three stars the plain search's tests ran over their
/// limits on most squares and candidates ([`strong`] tests ran the rules first, and
/// still found a puzzle for one seed of six in 60 s); the solver answers each in
/// milliseconds, and with roomy regions all six seeds had one. From 17x17 to 19x19 the
/// plain tests found none in 60 s for 1 of 6 seeds at 17x17, 4 at 18x18 and all 6 at
/// 19x19; exact tests found one for all 30 of seeds 1 to 10 at each side, at 19x19
/// within 41 s. At 16x16, where the plain tests found every puzzle, they were faster
/// still (seeds 1 to 12, 95th percentile 6.6 s to 5.0 s with no grade, lower at
/// every grade; bench/puzzle.md).
pub(super) fn exact(n: usize, k: u32) -> bool {
    k == 3 && EXACT_SIDES.contains(&n)
}

/// The nodes the plain search may take on an [`exact`] test before the SAT solver
/// answers it: the plain search finds a solution fast and the solver refutes fast.
const QUICK_NODES: u64 = 300;

/// Up to two solutions of the partial puzzle `of` ([`partial`]): with [`exact`] tests
/// exactly (the plain search within ten times [`QUICK_NODES`], else the SAT solver;
/// never [`Limited::Over`]), else the plain search within `limit` nodes. What the
/// repair, the unique seeds and the final proof each ask.
pub(super) fn two_solutions_within(
    n: usize,
    k: u32,
    of: &[u8],
    limit: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Limited, Error> {
    let (puzzle, state) = partial(n, k, of)?;
    let t = Tables::new(&puzzle);
    if !exact(n, k) {
        return Ok(search_limited(&t, &state, 2, 2, limit, stop));
    }
    Ok(
        match search_limited(&t, &state, 2, 2, 10 * QUICK_NODES, stop) {
            Limited::Over => match super::oracle::two_solutions(n, k, of) {
                Some(found) => Limited::Done(found),
                None => Limited::Stopped,
            },
            searched => searched,
        },
    )
}

/// The smallest side from which three or more stars a unit grow and test their way
/// ([`strong`]). Not from 17: at 18x18 seed 2 found a puzzle in 16 s before and
/// none in 60 s with them (seed 1 none either way), so 17 to 19 kept the plain tests;
/// three stars there now take [`exact`] tests (bench/puzzle.md).
pub(super) const STRONG_FROM: usize = 20;

/// Whether `k` stars a unit on side `n` take the stronger tests: the plain search's
/// tests ran over their node limits on nearly every square and candidate there
/// (`gen 20 --stars 3`: none in 60 s for seeds 1 and 2, bench/puzzle.md). The
/// growth is first steered by the hard rules ([`grow`]), a join test that runs over
/// is tried again after the rules ([`join_starless`]), and the repair's and final
/// searches take the rules and the probing search ([`two_solutions_strong`]). Not
/// where [`exact`] tests hold (three stars at 20x20): those found a puzzle for six
/// seeds of six where these found one.
pub(super) fn strong(n: usize, k: u32) -> bool {
    k >= 3 && n >= STRONG_FROM && !exact(n, k)
}

/// The level of rules that steers the growth first, and runs before the stronger
/// searches, with [`strong`] tests.
const STRONG_LEVEL: Level = Level::Hard;

/// The most nodes the search after the rules may take in [`join_starless`].
const STRONG_JOIN_NODES: u64 = 20_000;

/// The depth to which [`two_solutions_strong`]'s search probes.
const STRONG_PROBE_DEPTH: u32 = 3;

/// Factor on the weight of a square's pairs per region already refused it: a square
/// running out of regions is given one while it can.
const RISK: f64 = 10.0;

/// A uniform pick below `m`.
pub(super) fn below(rng: &mut Xoshiro256PlusPlus, m: usize) -> usize {
    (((rng.next_u64() >> 32) * m as u64) >> 32) as usize
}

/// A (square, region) pair of `pairs` drawn with chance in proportion to its weight
/// (`total`: the weights' sum); one draw of `rng`.
fn draw(pairs: &[(usize, u8, f64)], total: f64, rng: &mut Xoshiro256PlusPlus) -> (usize, u8) {
    let mut at = unit(rng) * total;
    let mut pick = pairs.len() - 1;
    for (x, p) in pairs.iter().enumerate() {
        if at < p.2 {
            pick = x;
            break;
        }
        at -= p.2;
    }
    (pairs[pick].0, pairs[pick].1)
}

/// How many squares each of the `n` regions of the partial puzzle `of` holds so far
/// (squares outside every region left out).
pub(super) fn grown_sizes(n: usize, of: &[u8]) -> Vec<usize> {
    let mut size = vec![0usize; n];
    for &r in of.iter().filter(|&&r| r != UNSET) {
        size[r as usize] += 1;
    }
    size
}

/// Which of the `n * n` squares are among `squares` (a solution's stars).
pub(super) fn on_squares(n: usize, squares: &[usize]) -> Vec<bool> {
    let mut on = vec![false; n * n];
    for &i in squares {
        on[i] = true;
    }
    on
}

/// The path of a breadth-first search from `q` back from square `i` (`from`: each
/// reached square's predecessor, `q` its own): `i` first, `q` last.
fn path_back(from: &[usize], i: usize, q: usize) -> Vec<usize> {
    let (mut path, mut p) = (vec![i], i);
    while p != q {
        p = from[p];
        path.push(p);
    }
    path
}

/// A uniform float in `[0, 1)`, from the top 53 bits (the same on every platform).
fn unit(rng: &mut Xoshiro256PlusPlus) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Random solutions of the striped puzzle (`K` per rank and file, none touching),
/// one for each candidate, some shared by several candidates.
///
/// The depth-first search draws its branches at random and is restarted (the draws
/// going on) when it visits more than a limit of nodes, the limit growing by its
/// first value each time so that a search that must end still does. Without
/// restarts an early unlucky draw could bury it in a subtree without any solution:
/// with three stars per unit at 16x16 one candidate's search ran past 16 s
/// (bench/puzzle.md), while a fresh draw finds one in a few hundred nodes. The first
/// limit is [`RESTART_NODES`], or [`CHEAP_RESTART_NODES`]. Where [`cheap_restarts`] holds, a solution whose
/// search took many nodes (the tight 12x12 with three stars: one star in every 2x2
/// block, a few thousand nodes a solution) serves one candidate more per
/// [`NODES_PER_CANDIDATE`] nodes it took, up to [`MAX_SHARED`]; each candidate grows
/// its own random regions from it. The
/// limits count nodes, not time, so a seed gives the same solutions on every run.
/// Elsewhere each solution serves one candidate and is drawn as before.
pub(super) struct Solutions {
    tables: Tables,
    root: Option<Node>,
    /// Whether [`cheap_restarts`] holds: early restarts, shared solutions.
    cheap: bool,
    /// The last solution and how many candidates more it serves.
    held: Option<(Vec<usize>, u64)>,
}

impl Solutions {
    /// The solutions of `n x n` with `stars` per rank and file.
    pub(super) fn new(n: usize, stars: u32) -> Result<Solutions, Error> {
        let stripes = Puzzle::from_regions(n, stars, (0..n * n).map(|i| (i / n) as u8).collect())?;
        let tables = Tables::new(&stripes);
        let root = Node::from_state(&tables, &State::new(&stripes));
        Ok(Solutions {
            tables,
            root,
            cheap: cheap_restarts(n, stars),
            held: None,
        })
    }

    /// The next candidate's solution (the squares of its stars); `None` when there is
    /// none or `stop` ended the search.
    pub(super) fn next(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        stop: &dyn Fn() -> bool,
    ) -> Option<Vec<usize>> {
        if let Some((solution, more)) = self.held.take() {
            if more > 1 {
                self.held = Some((solution.clone(), more - 1));
            }
            return Some(solution);
        }
        let root = self.root.as_ref()?;
        let restart = if self.cheap {
            CHEAP_RESTART_NODES
        } else {
            RESTART_NODES
        };
        let mut limit = restart;
        let mut spent = 0u64;
        loop {
            let mut nodes = 0u64;
            let end = random_dfs(&self.tables, root.clone(), rng, stop, &mut nodes, limit);
            // The nodes since the search's last poll (it counts each 1024 there).
            crate::puzzle::effort::nodes(self.tables.side(), nodes & 1023);
            spent = spent.saturating_add(nodes);
            match end {
                Dfs::Found(solution) => {
                    let more = (spent / NODES_PER_CANDIDATE).min(MAX_SHARED);
                    if self.cheap && more > 0 {
                        self.held = Some((solution.clone(), more));
                    }
                    return Some(solution);
                }
                Dfs::Exhausted | Dfs::Stopped => return None,
                // The first searches are too short to poll `stop` themselves.
                Dfs::Over if stop() => return None,
                Dfs::Over => limit = limit.saturating_add(restart),
            }
        }
    }
}

/// The nodes a random search for a solution visits before it restarts the first
/// time, where [`cheap_restarts`] does not hold (solutions drawn as before it).
const RESTART_NODES: u64 = 20_000;

/// [`RESTART_NODES`] where [`cheap_restarts`] holds. With three or more stars a draw
/// either finds a solution in a few hundred nodes or is lost in a subtree without
/// one: a first limit of 500 instead of 20,000 cut the nodes per solution at 16x16
/// from 58,658 to 6,719 on average (seeds 1 to 6, bench/puzzle.md), though only up
/// to 14x14 did that make puzzles faster.
const CHEAP_RESTART_NODES: u64 = 500;

/// Whether random solutions restart early and are shared ([`Solutions`]): three or
/// more stars up to 14x14. Measured (bench/puzzle.md): 12x12 expert, p95 over 40
/// seeds 5.4 s to 1.2 s. Larger sides, where a candidate costs seconds and the
/// solution little of it, keep the solutions as drawn before: at 16x16 the change was
/// a reshuffle (and the lighter growth, [`light`], was measured on those solutions),
/// at 18x18 it found a puzzle within 60 s for 1 of seeds 1 to 8 against 3, and at
/// 20x20 it lost seed 1's (`gen 20 --stars 3 --seed 1`: 16 s of CPU before, none in
/// 184 s).
fn cheap_restarts(n: usize, stars: u32) -> bool {
    stars >= 3 && n <= 14
}

/// The search nodes a solution's draw takes for each candidate more it serves.
const NODES_PER_CANDIDATE: u64 = 500;

/// The most candidates a solution serves besides its first.
pub(super) const MAX_SHARED: u64 = 16;

/// How one random depth-first search ended.
enum Dfs {
    /// A solution.
    Found(Vec<usize>),
    /// No solution below the node.
    Exhausted,
    /// Past the node limit.
    Over,
    /// `stop` said so.
    Stopped,
}

fn random_dfs(
    t: &Tables,
    mut node: Node,
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
    nodes: &mut u64,
    limit: u64,
) -> Dfs {
    loop {
        *nodes += 1;
        if *nodes & 1023 == 0 {
            // Counted as work done here, so that a lane outrun stops within the search.
            crate::puzzle::effort::nodes(t.side(), 1024);
            if stop() {
                return Dfs::Stopped;
            }
        }
        if *nodes > limit {
            return Dfs::Over;
        }
        if !node.propagate(t) {
            return Dfs::Exhausted;
        }
        if node.is_complete(t) {
            return Dfs::Found(node.stars_of(t));
        }
        let (r, c) = node.choose_random(t, &mut || rng.next_u64());
        let mut child = node.clone();
        child.place(t, r, c);
        match random_dfs(t, child, rng, stop, nodes, limit) {
            Dfs::Exhausted => {}
            end => return end,
        }
        node.forbid(r, c);
    }
}

/// The four orthogonal neighbours of square `i`.
pub(super) fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (r + 1 < n).then(|| i + n),
        (c > 0).then(|| i - 1),
        (c + 1 < n).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// The starting regions: each star its own (K = 1), or each group of K stars joined by
/// L-shaped paths, or by a shortest path round the other regions and stars when both
/// L-shaped paths are blocked; `None` when no path is left (the caller tries another
/// candidate). Before the fallback, most three-star candidates at 16x16 (1341 of 1405
/// in one traced seed) were dropped here.
pub(super) fn seed_regions(
    n: usize,
    k: usize,
    solution: &[usize],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Vec<u8>> {
    let mut of = vec![UNSET; n * n];
    if k == 1 {
        for (g, &s) in solution.iter().enumerate() {
            of[s] = g as u8;
        }
        return Some(of);
    }
    let mut left: Vec<usize> = solution.to_vec();
    for i in (1..left.len()).rev() {
        left.swap(i, below(rng, i + 1));
    }
    let dist = |a: usize, b: usize| (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n);
    let mut g = 0u8;
    while let Some(first) = left.pop() {
        of[first] = g;
        let mut members = vec![first];
        for _ in 1..k {
            let (pos, _) = left
                .iter()
                .enumerate()
                .min_by_key(|&(_, &x)| members.iter().map(|&m| dist(m, x)).min())?;
            let next = left.swap_remove(pos);
            let from = *members
                .iter()
                .min_by_key(|&&m| dist(m, next))
                .expect("a member");
            if !join(n, &mut of, from, next, g, below(rng, 2) == 0)
                && !join_around(n, &mut of, next, g, &left)
            {
                return None;
            }
            members.push(next);
        }
        g += 1;
    }
    Some(of)
}

/// Makes the seeded partial puzzle `of` (`K >= 2`; used from 3) have `solution` as its only
/// solution: while the search finds another, one of its stars off `solution` leaves
/// its region (crossed from then on, so that solution is gone for good), and a region
/// split by it is joined again by a shortest path round it ([`rejoin`]). `Ok(None)`
/// when `stop` ended a search, `Ok(Some(false))` when the seeds stay ambiguous (a
/// search past [`SEED_NODES`], no path, or [`SEED_FIXES`] rounds). Without it most
/// seeds at 20x20 with three stars had several solutions (as many as 36 in 200 seeds
/// of one seed; none unique), which no growth can take away: every square where
/// another solution had a star was refused by every region and forced in untested
/// at the end, leaving candidates whose search for a second solution ran past the
/// repair's limit (bench/puzzle.md).
pub(super) fn unique_seeds(
    n: usize,
    k: u32,
    of: &mut [u8],
    solution: &[usize],
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
) -> Result<Option<bool>, Error> {
    let ours = on_squares(n, solution);
    for _ in 0..SEED_FIXES * n {
        let found = match two_solutions_within(n, k, of, SEED_NODES, stop)? {
            Limited::Done(f) => f,
            Limited::Over => return Ok(Some(false)),
            Limited::Stopped => return Ok(None),
        };
        let Some(other) = found.solutions.iter().find(|s| s.iter().any(|&i| !ours[i])) else {
            return Ok(Some(true));
        };
        let off: Vec<usize> = other.iter().copied().filter(|&i| !ours[i]).collect();
        // A square whose region stays connected without it first, else any.
        let start = below(rng, off.len());
        let mut pick = None;
        for x in 0..off.len() {
            let q = off[(start + x) % off.len()];
            let g = of[q];
            of[q] = UNSET;
            let whole = connected(n, of, g);
            of[q] = g;
            if whole {
                pick = Some(q);
                break;
            }
        }
        let q = pick.unwrap_or(off[start]);
        let g = of[q];
        of[q] = UNSET;
        if !rejoin(n, of, g, q) {
            return Ok(Some(false));
        }
    }
    Ok(Some(false))
}

/// Rounds of [`unique_seeds`] per rank.
const SEED_FIXES: usize = 2;

/// The most nodes [`unique_seeds`]'s search for a second solution of the seeds may take.
const SEED_NODES: u64 = 20_000;

/// Joins the parts of region `g` again by shortest paths through squares outside
/// every region, never through `avoid`; false when no path is left. Breadth-first in
/// index and neighbour order, so the same board gives the same paths.
fn rejoin(n: usize, of: &mut [u8], g: u8, avoid: usize) -> bool {
    let mut from = vec![usize::MAX; n * n];
    let mut queue = std::collections::VecDeque::new();
    while !connected(n, of, g) {
        // The part holding the region's first square grows to reach another part.
        let first = of.iter().position(|&x| x == g).expect("a square of g");
        from.fill(usize::MAX);
        queue.clear();
        from[first] = first;
        queue.push_back(first);
        let mut part = vec![false; n * n];
        while let Some(i) = queue.pop_front() {
            part[i] = true;
            for j in neighbours(n, i) {
                if of[j] == g && from[j] == usize::MAX {
                    from[j] = i;
                    queue.push_back(j);
                }
            }
        }
        queue.extend((0..n * n).filter(|&i| part[i]));
        let mut reached = None;
        while let Some(i) = queue.pop_front() {
            if of[i] == g && !part[i] {
                reached = Some(i);
                break;
            }
            for j in neighbours(n, i) {
                let open = (of[j] == UNSET && j != avoid) || (of[j] == g && !part[j]);
                if from[j] == usize::MAX && open {
                    from[j] = i;
                    queue.push_back(j);
                }
            }
        }
        let Some(mut j) = reached else {
            return false;
        };
        j = from[j];
        while !part[j] {
            of[j] = g;
            j = from[j];
        }
    }
    true
}

/// Claims an L-shaped path from `a` to `b` for region `g` (rank first or file first,
/// the other way if that is blocked); false when both are blocked by other regions.
fn join(n: usize, of: &mut [u8], a: usize, b: usize, g: u8, rank_first: bool) -> bool {
    for first in [rank_first, !rank_first] {
        let (mut r, mut c) = ((a / n) as i64, (a % n) as i64);
        let (br, bc) = ((b / n) as i64, (b % n) as i64);
        let mut path = Vec::new();
        let mut ok = true;
        for phase in 0..2 {
            let along_rank = (phase == 0) == first;
            loop {
                if along_rank && c != bc {
                    c += (bc - c).signum();
                } else if !along_rank && r != br {
                    r += (br - r).signum();
                } else {
                    break;
                }
                let i = (r * n as i64 + c) as usize;
                if of[i] != UNSET && of[i] != g {
                    ok = false;
                }
                path.push(i);
            }
        }
        if ok {
            for i in path {
                of[i] = g;
            }
            return true;
        }
    }
    false
}

/// Claims a shortest path for region `g` from any of its squares to the star `b`,
/// through squares outside every region that hold none of the stars `left` (still
/// without a region); false when there is none. Breadth-first, in index and
/// neighbour order, so the same board gives the same path.
fn join_around(n: usize, of: &mut [u8], b: usize, g: u8, left: &[usize]) -> bool {
    let mut from = vec![usize::MAX; n * n];
    let mut queue: std::collections::VecDeque<usize> = (0..n * n).filter(|&i| of[i] == g).collect();
    for &i in &queue {
        from[i] = i;
    }
    while let Some(i) = queue.pop_front() {
        if i == b {
            let mut j = b;
            while of[j] != g {
                of[j] = g;
                j = from[j];
            }
            return true;
        }
        for j in neighbours(n, i) {
            let free = of[j] == UNSET && (j == b || !left.contains(&j));
            if from[j] == usize::MAX && free {
                from[j] = i;
                queue.push_back(j);
            }
        }
    }
    false
}

/// How regions grow: the weight of giving a frontier square to a region next to it,
/// and the size no region grows past while another choice exists.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    /// Exponent of the region's size: above 0 large regions grow faster (one large
    /// region and small ones, the official look), below 0 small ones do (even sizes).
    alpha: f64,
    /// Factor per further neighbour of the square already in the region: compact
    /// shapes, no one-square-wide arms.
    compact: f64,
    /// The largest a region grows while its squares can go elsewhere.
    cap: usize,
}

impl Shape {
    /// The shape of a style on side `n` with `k` stars a unit ([`roomy`] growth where
    /// it holds).
    pub(super) fn new(n: usize, style: Style, k: u32) -> Shape {
        match style {
            Style::Even if roomy(n, k) => Shape {
                alpha: roomy_alpha(n),
                compact: 4.0,
                cap: n * n / 4,
            },
            Style::Even => Shape {
                alpha: 1.0,
                compact: 4.0,
                cap: if n >= 8 { 3 * n } else { n * n },
            },
            Style::Official => Shape {
                alpha: 0.7,
                compact: 3.0,
                cap: n * n,
            },
        }
    }

    /// The weight of giving a square with `same` neighbours in it to a region of
    /// `size` squares.
    fn weight(&self, size: usize, same: usize) -> f64 {
        (size as f64).powf(self.alpha) * self.compact.powi(same as i32 - 1)
    }
}

/// The most untested joins ([`Grown::Forced`]) a growth may make before the candidate
/// is dropped ([`Grown::Stalled`]): 13 for three stars from 17x17 to 20x20
/// ([`MEMORY_SIDES`]), else no limit. At 20x20 a candidate's chance to end unique
/// falls with the squares forced in: of 1,517 candidates traced (`gen 20 --stars 3`,
/// seeds 100 to 105, one core each), 15 of the 183 with 1 to 8 forced ended unique, 7
/// of 350 with 9 to 13, 1 of 657 with 14 to 40 (and 4 of the 28 with more than 40,
/// whose growth alone took about a second), while the repair of one with 14 to 40
/// took about a second against about 0.3 s for its growth. Dropped at the fourteenth
/// (the few with more than 40 too), seeds 100 to 103 made a puzzle every 24 s of one
/// core against 29 s without the limit (both with the repair's memory,
/// [`remembers`]), 49 s with neither (bench/puzzle.md).
fn forced_limit(n: usize, k: u32) -> Option<usize> {
    remembers(n, k).then_some(13)
}

/// How a growth ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Grown {
    /// Every square joined a region that kept the test true: the puzzle is unique
    /// (and, steered, finished by the level).
    Kept,
    /// Some square had to join a region that failed the test (the caller repairs or
    /// drops the candidate).
    Forced,
    /// Steered, some square could join no region with the level still finishing,
    /// even after undoing the growth round it; or more squares were forced than
    /// [`forced_limit`] allows (the caller drops the candidate).
    Stalled,
    /// `stop` ended a search.
    Stopped,
}

/// Gives every square outside the regions `of` to a region next to it: pairs drawn
/// by [`Shape`] weight, each tested (the square stays starless in every solution of
/// the partial puzzle; with `steer`, the level's rules still finish the partial
/// puzzle, which implies it), a refused pair never drawn again. When no pair is left
/// that may pass, the heaviest is taken untested ([`Grown::Forced`]); with `steer`
/// the growth round the squares left is undone instead, and once the undos run out
/// the growth ends ([`Grown::Stalled`]), as it does past [`forced_limit`] untested
/// joins. Unsteered with [`strong`] tests, the growth is steered by [`STRONG_LEVEL`]
/// until its undos run out, and the squares left are then tested by [`join_starless`]
/// (every region asked again): on `gen 20 --stars 3` the rules left 15 to 60 squares
/// of 400 where the plain tests had run over on hundreds (bench/puzzle.md).
pub(super) fn grow(
    n: usize,
    k: u32,
    shape: &Shape,
    steer: Option<Level>,
    of: &mut [u8],
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
) -> Result<Grown, Error> {
    if steer == Some(Level::Easy) && k == 1 && n >= ORDERED_FROM {
        return grow_ordered(n, k, shape, of, rng, stop);
    }
    // With [`strong`] tests the growth is steered by the hard rules until its undos
    // run out, then tested as usual for the squares left.
    let switch = steer.is_none() && strong(n, k);
    let mut steer = if switch { Some(STRONG_LEVEL) } else { steer };
    let mut size = grown_sizes(n, of);
    // refused[i]: bit g set when region g was refused square i (for good).
    let mut refused = vec![0u64; n * n];
    let seeded: &[bool] = &of.iter().map(|&g| g != UNSET).collect::<Vec<bool>>();
    let mut undos = UNDOS * n;
    // dooms[i]: how often square i was found doomed (its pairs weigh more each time).
    let mut dooms = vec![0u8; n * n];
    // Untested joins so far ([`Grown::Forced`] when any, [`forced_limit`]).
    let mut forced = 0;
    let mut pairs: Vec<(usize, u8, f64)> = Vec::new();
    let mut easy = (steer == Some(Level::Easy) && k == 1).then(|| EasyOrder::new(n, of, rng));
    let join_nodes = if light(n, k) {
        LIGHT_JOIN_NODES
    } else {
        JOIN_NODES
    };
    loop {
        if stop() {
            return Ok(Grown::Stopped);
        }
        pairs.clear();
        let mut total = 0.0;
        let mut left = 0usize;
        let mut undone = false;
        for i in 0..n * n {
            if of[i] != UNSET {
                continue;
            }
            left += 1;
            if undos > 0 && doomed(n, of, &refused, i) {
                // Every region round it refused it, and no other can reach it: undo
                // the growth round it and give it a region first (see [`undo_round`]).
                undos -= 1;
                undo_round(n, of, &mut size, &mut refused, seeded, i);
                dooms[i] = dooms[i].saturating_add(1);
                undone = true;
            }
            let mut seen = 0u64;
            for j in neighbours(n, i) {
                let g = of[j];
                if g == UNSET || seen >> g & 1 == 1 {
                    continue;
                }
                seen |= 1 << g;
                if refused[i] >> g & 1 == 1 {
                    continue;
                }
                let same = neighbours(n, i).filter(|&h| of[h] == g).count();
                let mut w = shape.weight(size[g as usize], same)
                    * RISK.powi(refused[i].count_ones() as i32 + 2 * dooms[i] as i32);
                if size[g as usize] >= shape.cap {
                    // Over the cap only when nothing else is left.
                    w *= 1e-9;
                }
                total += w;
                pairs.push((i, g, w));
            }
        }
        if undone {
            // The undo took squares out of regions that pairs found earlier in this
            // pass join: such a pair would give a square to a region it no longer
            // touches, splitting the region in two (`gen 9 --seed 63` made region f
            // of two parts). The pairs are found again on the board as it is now.
            continue;
        }
        if left == 0 {
            break;
        }
        if pairs.is_empty() {
            if steer.is_some() {
                // No square left joins a region with the level still finishing: undo
                // the growth round every square left (as for a doomed square) while
                // undos remain, else drop the candidate. Plain uniqueness from here
                // would rarely end at the grade asked for (none of 81 stalled 16x16
                // hard candidates did, bench/puzzle.md), and its repairs cost more
                // than a new candidate.
                if undos == 0 && switch && steer.is_some() {
                    // The rules are stuck: the squares left take the plain tests,
                    // every region asked again. The undos are spent, so a square every
                    // region refuses from here joins untested (`Forced`) for the repair.
                    steer = None;
                    refused.fill(0);
                    continue;
                }
                if undos == 0 {
                    return Ok(Grown::Stalled);
                }
                undos -= 1;
                for i in 0..n * n {
                    if of[i] == UNSET {
                        undo_round(n, of, &mut size, &mut refused, seeded, i);
                        dooms[i] = dooms[i].saturating_add(1);
                    }
                }
                continue;
            }
            // Every square left has only refused regions next to it: give the most
            // compact one its square untested (the repairs deal with what it lets in).
            let (i, g) = heaviest_untested(n, shape, of, &size);
            of[i] = g;
            size[g as usize] += 1;
            forced += 1;
            if forced_limit(n, k).is_some_and(|limit| forced > limit) {
                return Ok(Grown::Stalled);
            }
            continue;
        }
        let (i, g) = draw(&pairs, total, rng);
        of[i] = g;
        let ok = match steer {
            Some(_) if easy.as_ref().is_some_and(|e| e.keeps(i, g)) => true,
            Some(level) => {
                let ok = finishes(n, k, of, level)?;
                if ok {
                    // A square out of order: the order's argument no longer covers
                    // its region, so every pair is tested from here on.
                    easy = None;
                }
                ok
            }
            None if switch => match join_starless(n, k, of, i, stop)? {
                None => return Ok(Grown::Stopped),
                Some(ok) => ok,
            },
            None => match starless(n, k, of, i, join_nodes, stop)? {
                None => return Ok(Grown::Stopped),
                Some(ok) => ok,
            },
        };
        if ok {
            size[g as usize] += 1;
        } else {
            of[i] = UNSET;
            refused[i] |= 1 << g;
        }
    }
    Ok(if forced > 0 {
        Grown::Forced
    } else {
        Grown::Kept
    })
}

/// An order of the stars (one a region, `K = 1`) in which the easy rules can take
/// them: a square `q` given to a region whose star comes after some star `q` shares
/// a row or column with, or touches, keeps the partial puzzle easy. By induction,
/// once the stars before region `t`'s are placed, exclusion has crossed every square
/// they attack, so each square of region `t` but its star is crossed and
/// `last-square` places that star (which nothing before it attacks: the stars of a
/// solution stand apart). So while every square joined so far keeps the order, such a
/// pair joins without running the rules; the others are tested ([`finishes`]), and
/// once one of them joins, every pair is. The order is random; the first region
/// stays a lone square unless the test lets a square in. From [`ORDERED_FROM`] up
/// the order is [`EasyOrder::ring`] and the growth keeps to it ([`grow_ordered`]).
struct EasyOrder {
    /// The place of each region's star in the order.
    rank: Vec<usize>,
    /// For each square, the earliest place of a star attacking it.
    first: Vec<usize>,
}

impl EasyOrder {
    /// A random order of the stars of the seeded regions `of` (each region its star).
    fn new(n: usize, of: &[u8], rng: &mut Xoshiro256PlusPlus) -> EasyOrder {
        let mut rank: Vec<usize> = (0..n).collect();
        for x in (1..n).rev() {
            rank.swap(x, below(rng, x + 1));
        }
        EasyOrder::with_rank(n, of, rank)
    }

    /// The stars of the seeded regions `of` ordered by their distance from a random
    /// point of the board, the farthest first. A square can only join a region whose
    /// star comes after one attacking it, and the squares attacked by none but the
    /// last stars lie where those stars' rows and columns cross: with a random order
    /// those crossings are spread over the whole board and the last regions must
    /// stretch along their rows and columns to reach them (before ways were carved,
    /// `gen 25 --difficulty easy --seed 2` kept to a random order stalled on all 2,329
    /// candidates of 20 s, to this one found a puzzle at the 79th); with the last
    /// stars near one point, the crossings lie near it too, among the regions that
    /// may take them (bench/puzzle.md).
    fn ring(n: usize, of: &[u8], rng: &mut Xoshiro256PlusPlus) -> EasyOrder {
        let (pr, pc) = (unit(rng) * n as f64, unit(rng) * n as f64);
        let mut far = vec![0.0f64; n];
        for (s, &g) in of.iter().enumerate() {
            if g != UNSET {
                let (r, c) = ((s / n) as f64 + 0.5, (s % n) as f64 + 0.5);
                far[g as usize] = (r - pr).powi(2) + (c - pc).powi(2);
            }
        }
        let mut by: Vec<usize> = (0..n).collect();
        by.sort_by(|&a, &b| far[b].total_cmp(&far[a]));
        let mut rank = vec![0usize; n];
        for (t, &g) in by.iter().enumerate() {
            rank[g] = t;
        }
        EasyOrder::with_rank(n, of, rank)
    }

    /// The order `rank` (the place of each region's star) of the seeded regions `of`.
    fn with_rank(n: usize, of: &[u8], rank: Vec<usize>) -> EasyOrder {
        let mut first = vec![usize::MAX; n * n];
        for (s, &g) in of.iter().enumerate() {
            if g == UNSET {
                continue;
            }
            let t = rank[g as usize];
            let (r, c) = (s / n, s % n);
            for (q, f) in first.iter_mut().enumerate() {
                let (qr, qc) = (q / n, q % n);
                if q != s && (qr == r || qc == c || (qr.abs_diff(r) <= 1 && qc.abs_diff(c) <= 1)) {
                    *f = (*f).min(t);
                }
            }
        }
        EasyOrder { rank, first }
    }

    /// Whether square `q` may join region `g` with the partial puzzle staying easy.
    fn keeps(&self, q: usize, g: u8) -> bool {
        self.rank[g as usize] > self.first[q]
    }
}

/// The side from which an easy request grows its regions in the order of
/// [`EasyOrder::ring`] and keeps to it ([`grow_ordered`]). Below it the growth tests
/// squares out of order with the easy rules, as before: fast enough there (16x16
/// easy within 0.6 s for 20 seeds, bench/puzzle.md), and the generated puzzles that
/// tests pin stay as they were.
pub(super) const ORDERED_FROM: usize = 17;

/// The perimeter ratio ([`super::shape`]) past which no region of a candidate grown
/// in order ([`grow_ordered`]) may be: the order and the carved ways draw more arms
/// than the growth tested square by square, and candidates are cheap (tens of
/// milliseconds at 25x25). Over seeds 1 to 20 at 20x20 and 25x25 easy, without it the
/// worst region's ratio was 2.56 and 3.67 (p99 2.33 and 2.61); with it 2.12 and 2.44
/// (p99 2.00 and 2.22), about as before the order (2.25 and 2.28, p99 2.00 and 2.19),
/// for a 95th percentile of 0.16 and 0.65 s (bench/puzzle.md).
const ORDERED_RATIO: f64 = 2.2;

/// The easy growth from [`ORDERED_FROM`] up: only pairs that keep the order of
/// [`EasyOrder::ring`] are drawn ([`Shape`] weights, times [`RISK`] per region next to
/// the square that may not take it), so the partial puzzle stays easy by the order's
/// argument and no rule or solver runs while growing. A square that no region next to
/// it may take, or the first square next to a region when no pair is left, is carved
/// a way ([`carve_later`]): it joins, with a shortest path to it, a region that comes
/// late enough in the order for all of them. Without that, the growth stalled on
/// nearly every candidate at 25x25 (in either order tried, and with the easy rules'
/// test for squares out of order: 142 of 143 candidates of `gen 25 --difficulty easy
/// --seed 1`, bench/puzzle.md). At most `UNDOS * n` carves a candidate, then (or when no way
/// exists) [`Grown::Stalled`]; so too when a region's perimeter ratio is past
/// [`ORDERED_RATIO`]. The grown puzzle is checked with the easy rules before it is
/// returned.
fn grow_ordered(
    n: usize,
    k: u32,
    shape: &Shape,
    of: &mut [u8],
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
) -> Result<Grown, Error> {
    let order = EasyOrder::ring(n, of, rng);
    let mut size = grown_sizes(n, of);
    let mut carves = UNDOS * n;
    let mut pairs: Vec<(usize, u8, f64)> = Vec::new();
    loop {
        if stop() {
            return Ok(Grown::Stopped);
        }
        pairs.clear();
        let mut total = 0.0;
        let mut left = 0usize;
        // A square no region may take (every neighbour in a region out of order), or
        // failing any pair, the first square next to a region.
        let mut lost = None;
        let mut edge = None;
        for i in 0..n * n {
            if of[i] != UNSET {
                continue;
            }
            left += 1;
            let mut seen = 0u64;
            let mut open = false;
            let mut barred = 0i32;
            let start = pairs.len();
            for j in neighbours(n, i) {
                let g = of[j];
                if g == UNSET {
                    open = true;
                    continue;
                }
                if seen >> g & 1 == 1 {
                    continue;
                }
                seen |= 1 << g;
                if !order.keeps(i, g) {
                    barred += 1;
                    continue;
                }
                let same = neighbours(n, i).filter(|&h| of[h] == g).count();
                let mut w = shape.weight(size[g as usize], same);
                if size[g as usize] >= shape.cap {
                    w *= 1e-9;
                }
                pairs.push((i, g, w));
            }
            for p in &mut pairs[start..] {
                p.2 *= RISK.powi(barred);
                total += p.2;
            }
            if seen != 0 {
                edge.get_or_insert(i);
                if pairs.len() == start && !open {
                    lost.get_or_insert(i);
                }
            }
        }
        if left == 0 {
            break;
        }
        if let Some(q) = lost.or(if pairs.is_empty() { edge } else { None }) {
            if carves == 0 || !carve_later(n, &order, of, &mut size, q) {
                return Ok(Grown::Stalled);
            }
            carves -= 1;
            continue;
        }
        let (i, g) = draw(&pairs, total, rng);
        of[i] = g;
        size[g as usize] += 1;
    }
    if super::shape::ratios_of(n, of)
        .iter()
        .any(|&r| r > ORDERED_RATIO)
    {
        return Ok(Grown::Stalled);
    }
    if !finishes(n, k, of, Level::Easy)? {
        return Err(Error::Internal(
            "a region grown in the easy order let the easy rules stop".into(),
        ));
    }
    Ok(Grown::Kept)
}

/// Gives square `q` (outside every region) to a region `g` that may take it in the
/// order, with a shortest path of squares from `q` to `g` that `g` may take as well
/// (none a star, each after some star attacking it), each leaving a region that stays
/// connected without it; the region with the shortest such path first (then the
/// first). The partial puzzle keeps the order: the regions that lose squares only
/// lose, and `g` gains squares it may take. False when no region has such a path.
fn carve_later(n: usize, order: &EasyOrder, of: &mut [u8], size: &mut [usize], q: usize) -> bool {
    let mut ways: Vec<(u8, Vec<usize>)> = Vec::new();
    let mut from = vec![usize::MAX; n * n];
    let mut queue = std::collections::VecDeque::new();
    for g in 0..n as u8 {
        if !order.keeps(q, g) {
            continue;
        }
        from.fill(usize::MAX);
        queue.clear();
        from[q] = q;
        queue.push_back(q);
        while let Some(i) = queue.pop_front() {
            if neighbours(n, i).any(|j| of[j] == g) {
                let path = path_back(&from, i, q);
                ways.push((g, path));
                break;
            }
            for j in neighbours(n, i) {
                if from[j] == usize::MAX && of[j] != g && order.keeps(j, g) {
                    from[j] = i;
                    queue.push_back(j);
                }
            }
        }
    }
    ways.sort_by_key(|w| w.1.len());
    for (g, path) in ways {
        let was: Vec<u8> = path.iter().map(|&i| of[i]).collect();
        for &i in &path {
            of[i] = g;
        }
        let mut donors: Vec<u8> = was.iter().copied().filter(|&h| h != UNSET).collect();
        donors.sort_unstable();
        donors.dedup();
        if donors.iter().all(|&h| connected(n, of, h)) {
            for &h in &was {
                if h != UNSET {
                    size[h as usize] -= 1;
                }
            }
            size[g as usize] += path.len();
            return true;
        }
        for (&i, &h) in path.iter().zip(&was) {
            of[i] = h;
        }
    }
    false
}

/// Undos of the growth round a doomed square a candidate may make, per rank.
const UNDOS: usize = 2;

/// Whether square `i` (outside every region) can join no region: every neighbour is
/// in a region, and each of those regions refused it.
fn doomed(n: usize, of: &[u8], refused: &[u64], i: usize) -> bool {
    neighbours(n, i).all(|j| of[j] != UNSET && refused[i] >> of[j] & 1 == 1)
}

/// Takes the squares grown within two ranks and files of the doomed square `i` out of
/// their regions again (those whose region stays connected without them), and forgets
/// the refusals there. The partial puzzle only loses free squares, so its solutions
/// only shrink: it stays unique, and `i`, weighted up by its refusals, is given a
/// region while they are small again.
fn undo_round(
    n: usize,
    of: &mut [u8],
    size: &mut [usize],
    refused: &mut [u64],
    seeded: &[bool],
    i: usize,
) {
    let (r, c) = ((i / n) as i64, (i % n) as i64);
    let near = |j: usize| ((j / n) as i64 - r).abs() <= 2 && ((j % n) as i64 - c).abs() <= 2;
    for j in 0..n * n {
        if !near(j) {
            continue;
        }
        refused[j] = 0;
        let g = of[j];
        if g == UNSET || seeded[j] || size[g as usize] <= 1 {
            continue;
        }
        of[j] = UNSET;
        if connected(n, of, g) {
            size[g as usize] -= 1;
        } else {
            of[j] = g;
        }
    }
}

/// The square outside the regions and the region next to it with the most
/// neighbours of the square in it (the smallest such region on a tie, then the first
/// square): where an untested join spoils the shape least.
fn heaviest_untested(n: usize, shape: &Shape, of: &[u8], size: &[usize]) -> (usize, u8) {
    let mut best = (f64::MIN, 0usize, 0u8);
    for i in 0..n * n {
        if of[i] != UNSET {
            continue;
        }
        for j in neighbours(n, i) {
            let g = of[j];
            if g == UNSET {
                continue;
            }
            let same = neighbours(n, i).filter(|&h| of[h] == g).count();
            let w = shape.compact.powi(same as i32) / (1.0 + size[g as usize] as f64);
            if w > best.0 {
                best = (w, i, g);
            }
        }
    }
    (best.1, best.2)
}

/// Whether the rules up to `level` finish the partial puzzle `of` (squares outside
/// every region crossed).
pub(super) fn finishes(n: usize, k: u32, of: &[u8], level: Level) -> Result<bool, Error> {
    let (puzzle, state) = partial(n, k, of)?;
    Ok(Deducer::new(&puzzle).settle(&state, level).is_some())
}

/// The partial puzzle `of` as a puzzle and a position: squares outside every region
/// (`UNSET`) lie in region 0 and are crossed, so they never hold a star.
fn partial(n: usize, k: u32, of: &[u8]) -> Result<(Puzzle, State), Error> {
    let regions: Vec<u8> = of.iter().map(|&r| if r == UNSET { 0 } else { r }).collect();
    let puzzle = Puzzle::from_regions(n, k, regions)?;
    let mut state = State::new(&puzzle);
    for (j, &r) in of.iter().enumerate() {
        if r == UNSET {
            state.marks[j] = Mark::Cross;
        }
    }
    Ok((puzzle, state))
}

/// Whether no solution of the partial puzzle `of` (squares outside every region
/// crossed) has a star on square `i`; `None` when `stop` ended the search. A proof
/// longer than `limit` nodes counts as "no": the generator only needs a cheap, safe
/// answer.
pub(super) fn starless(
    n: usize,
    k: u32,
    of: &[u8],
    i: usize,
    limit: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<bool>, Error> {
    let (puzzle, state) = starred(n, k, of, i)?;
    let t = Tables::new(&puzzle);
    if !exact(n, k) {
        return Ok(no_solution_within(&t, &state, limit, stop));
    }
    // Exact: the plain search within [`QUICK_NODES`] (it finds a solution fast),
    // else the SAT solver (it refutes fast).
    Ok(match search_limited(&t, &state, 1, 0, QUICK_NODES, stop) {
        Limited::Done(f) => Some(f.count == 0),
        Limited::Stopped => None,
        Limited::Over => super::oracle::starless(n, k, of, i),
    })
}

/// The partial puzzle `of` ([`partial`]) with a star on square `i`: what [`starless`]
/// and [`join_starless`] search.
fn starred(n: usize, k: u32, of: &[u8], i: usize) -> Result<(Puzzle, State), Error> {
    let (puzzle, mut state) = partial(n, k, of)?;
    state.marks[i] = Mark::Star;
    Ok((puzzle, state))
}

/// Whether the plain search finds no solution from `state` within `limit` nodes
/// (running over counts as "no"); `None` when `stop` ended it.
fn no_solution_within(
    t: &Tables,
    state: &State,
    limit: u64,
    stop: &dyn Fn() -> bool,
) -> Option<bool> {
    match search_limited(t, state, 1, 0, limit, stop) {
        Limited::Done(f) => Some(f.count == 0),
        Limited::Over => Some(false),
        Limited::Stopped => None,
    }
}

/// [`starless`] for [`strong`] tests: the plain search within [`JOIN_NODES`], and when
/// it runs over, the rules up to [`STRONG_LEVEL`] from a star on `i` (a contradiction
/// proves the square starless: the rules are sound) and the plain search from where
/// they stop, within [`STRONG_JOIN_NODES`]. At 20x20 with three stars two thirds of
/// the tests ran over [`JOIN_NODES`]; the rules settle many of them in a few
/// milliseconds.
fn join_starless(
    n: usize,
    k: u32,
    of: &[u8],
    i: usize,
    stop: &dyn Fn() -> bool,
) -> Result<Option<bool>, Error> {
    let (puzzle, state) = starred(n, k, of, i)?;
    let t = Tables::new(&puzzle);
    match search_limited(&t, &state, 1, 0, JOIN_NODES, stop) {
        Limited::Done(f) => return Ok(Some(f.count == 0)),
        Limited::Stopped => return Ok(None),
        Limited::Over => {}
    }
    let Some(settled) = Deducer::new(&puzzle).settle_end(&state, STRONG_LEVEL) else {
        return Ok(Some(true));
    };
    Ok(no_solution_within(&t, &settled, STRONG_JOIN_NODES, stop))
}

/// Up to two solutions of `puzzle` (tables `t`) for [`strong`] tests, each listed: the
/// rules up to [`STRONG_LEVEL`] from the empty board, then the probing search
/// ([`search_probing`], to depth [`STRONG_PROBE_DEPTH`], with band counting) within
/// `limit` nodes (`u64::MAX`: a full proof). Exhaustive, as the rules and the probing
/// are sound: the count is exact. The plain search ran past its limit on nearly every
/// 20x20 three-star candidate and took minutes to prove some unique; this proves a
/// unique one in a few hundred thousand nodes (bench/puzzle.md).
pub(super) fn two_solutions_strong(
    puzzle: &Puzzle,
    t: &Tables,
    limit: u64,
    stop: &dyn Fn() -> bool,
) -> Limited {
    let Some(settled) = Deducer::new(puzzle).settle_end(&State::new(puzzle), STRONG_LEVEL) else {
        // No solution at all: the caller says what went wrong.
        return Limited::Done(super::super::solver::Found {
            count: 0,
            solutions: Vec::new(),
            nodes: 0,
        });
    };
    search_probing(t, &settled, 2, 2, limit, STRONG_PROBE_DEPTH, true, stop)
}

/// Moves one of `movable` (squares where another solution has a star and ours has
/// not) to a neighbouring region, keeping its own region connected. A square that no
/// solution can then have a star on is chosen when one exists: solutions without a
/// star there are unchanged by the move, so the solutions only lose (the other one
/// among them) and gain none. Else a random move. `Ok(None)` when `stop` ended a
/// search; `Ok(Some(false))` when nothing can move.
///
/// With `carving`, when no movable square can move alone (each lies inside its
/// region, or is the only link between two parts of it), a movable square moves with
/// a path of its region's squares to the nearest square next to another region
/// ([`carve`]).
///
/// With `left` (the squares this candidate's repair moved so far, each with the region
/// it left), no square moves alone back into a region it left, and the move made is
/// added: a move that lets another solution in could otherwise be undone by the next
/// repair and made again, round and round (on [`light`] sides). A carved path is not
/// held to it (nor recorded): carving is the last resort when no square can move
/// alone. Likewise no square moves alone where it would let back in one of `removed`
/// (other solutions this candidate's repair has already met, [`remembers`]).
#[allow(clippy::too_many_arguments)] // the candidate's state, passed as the loop holds it
pub(super) fn repair(
    n: usize,
    k: u32,
    of: &mut [u8],
    movable: &[usize],
    ours: &[bool],
    carving: bool,
    left: Option<&mut Vec<(usize, u8)>>,
    removed: &[Vec<usize>],
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
) -> Result<Option<bool>, Error> {
    let start = below(rng, movable.len().max(1));
    // The move made, `(square, region left, region joined)`: the first proved
    // starless, else the first that kept its region connected.
    let mut chosen = None;
    let mut fallback = None;
    'squares: for step in 0..movable.len() {
        let q = movable[(start + step) % movable.len()];
        let own = of[q];
        let mut targets: Vec<u8> = neighbours(n, q)
            .map(|j| of[j])
            .filter(|&g| g != own)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        for x in (1..targets.len()).rev() {
            targets.swap(x, below(rng, x + 1));
        }
        for &to in &targets {
            if left.as_ref().is_some_and(|l| l.contains(&(q, to))) {
                continue;
            }
            of[q] = to;
            if lets_back(n, k, of, q, removed) {
                of[q] = own;
                continue;
            }
            if connected(n, of, own) {
                match starless(n, k, of, q, JOIN_NODES, stop)? {
                    None => return Ok(None),
                    Some(true) => {
                        chosen = Some((q, own, to));
                        break 'squares;
                    }
                    Some(false) => {
                        if fallback.is_none() {
                            fallback = Some((q, own, to));
                        }
                    }
                }
            }
            of[q] = own;
        }
    }
    match chosen.or(fallback) {
        Some((q, own, to)) => {
            if let Some(l) = left {
                l.push((q, own));
            }
            of[q] = to;
            Ok(Some(true))
        }
        None if carving => Ok(Some(carve(n, of, movable, ours, start))),
        None => Ok(Some(false)),
    }
}

/// Whether one of `removed` (sets of a solution's stars) with a star on square `q` is a
/// solution of the regions `of` (every region holding exactly `k` of its stars):
/// whether the move of `q` that made `of` lets it back in. Rows, columns and
/// touching do not depend on the regions, so only the regions' counts are checked.
pub(super) fn lets_back(n: usize, k: u32, of: &[u8], q: usize, removed: &[Vec<usize>]) -> bool {
    // On the stack: the repair asks this of every move it tries.
    let mut count = [0u32; MAX_SIDE];
    removed.iter().filter(|s| s.contains(&q)).any(|s| {
        count.fill(0);
        for &i in s {
            match count.get_mut(of[i] as usize) {
                Some(c) => *c += 1,
                None => return false, // outside every region: not a solution
            }
        }
        count[..n].iter().all(|&c| c == k)
    })
}

/// Whether the repair of `k` stars a unit on side `n` remembers the other solutions
/// it meets and makes no move that lets one back in ([`repair`]'s `removed`), and its
/// growth limits its untested joins ([`forced_limit`]): three stars on
/// [`MEMORY_SIDES`]. At 20x20 about one move in eight met again a solution an earlier
/// move had removed (5,621 times in 1,254 candidates, `gen 20 --stars 3`, seeds 100
/// to 103, one core each; remembered, 600 times in 1,089 candidates, which only
/// carved paths can do: they are not held to it); a puzzle came every 29 s of one core
/// instead of every 49 s on those seeds, and over seeds 100 to 105 every 31 s instead
/// of 47 s (41 puzzles in 1,264 s against 27 in 1,256 s; bench/puzzle.md).
pub(super) fn remembers(n: usize, k: u32) -> bool {
    k == 3 && MEMORY_SIDES.contains(&n)
}

/// The sides where three stars a unit take [`remembers`] and [`forced_limit`]: 17 to
/// 20. Measured first at 20x20 (above), then with a grade at 17x17 to 19x19, where the
/// three-star walks toward a grade start from such candidates too: `gen 19 --stars 3
/// --difficulty medium`, seeds 1 to 6, one run at a time on two cores, 43.9, 39.8,
/// 8.2, 36.0, 32.9 s and none in 90 s before, 10.0, 9.8, 3.1, 9.6, 16.5, 41.5 s after;
/// at 18x18 seeds 1 to 3, 14.5, 5.0, 23.4 s against 6.9, 12.9, 1.7 s; at 17x17 0.5,
/// 12.8, 0.1 s against 0.4, 2.1, 0.1 s (bench/puzzle.md). 16x16 was not measured.
pub(super) const MEMORY_SIDES: std::ops::RangeInclusive<usize> = 17..=20;

/// Moves one of `movable` (squares where another solution has a star and ours has
/// not), with the shortest path through its region to a square next to another
/// region, into that region, when its own region stays connected; the path holds no
/// star of ours (`ours`), so our solution stands. The other solution loses: its star
/// on the square now lies in a region that already holds its own. Tried from
/// `movable[start]` on, breadth-first in neighbour order, so the same board gives the
/// same move; false when no such path exists.
///
/// Without it, a candidate whose other solutions put their stars inside regions
/// (where no square borders another) was dropped: 658 of 839 candidates of `gen 25
/// --difficulty expert --seed 1` in 40 s, most of the 167 of `gen 16 --stars 2
/// --difficulty hard --seed 2` in 60 s.
fn carve(n: usize, of: &mut [u8], movable: &[usize], ours: &[bool], start: usize) -> bool {
    let mut from = vec![usize::MAX; n * n];
    let mut queue = std::collections::VecDeque::new();
    for step in 0..movable.len() {
        let q = movable[(start + step) % movable.len()];
        let own = of[q];
        from.fill(usize::MAX);
        queue.clear();
        from[q] = q;
        queue.push_back(q);
        while let Some(i) = queue.pop_front() {
            if let Some(to) = neighbours(n, i).map(|j| of[j]).find(|&g| g != own) {
                let path = path_back(&from, i, q);
                for &p in &path {
                    of[p] = to;
                }
                if connected(n, of, own) {
                    return true;
                }
                for &p in &path {
                    of[p] = own;
                }
            }
            for j in neighbours(n, i) {
                if of[j] == own && !ours[j] && from[j] == usize::MAX {
                    from[j] = i;
                    queue.push_back(j);
                }
            }
        }
    }
    false
}

/// Whether region `g` is connected (and not empty).
pub(super) fn connected(n: usize, of: &[u8], g: u8) -> bool {
    of.iter()
        .position(|&x| x == g)
        .is_some_and(|from| crate::terrain::connected(of, g, from, |i| neighbours(n, i)))
}
