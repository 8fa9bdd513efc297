//! Puzzles with exactly one solution, of a requested grade.
//!
//! For a seed, candidate after candidate:
//! 1. a random solution: `K` stars per row and column, none touching (the exhaustive
//!    solver on the puzzle whose regions are the ranks, branching on a random possible
//!    square of the tightest unit instead of the first);
//! 2. regions grown from it: for `K = 1` each star seeds a region; for `K >= 2` each
//!    star is joined to its nearest free stars by an L-shaped path. Then square by
//!    square: a (square, neighbouring region) pair is drawn with weight
//!    `size(region)^alpha * 2^(same - 1)`, `same` being the square's neighbours
//!    already in the region (`alpha` = 0.7; 0.9 for easy, 0.6 for hard and expert
//!    requests). Large regions growing faster leaves small regions, which pin the
//!    solution down (uniform growth took seconds to tens of seconds at 16x16); the
//!    second factor keeps shapes compact;
//! 3. uniqueness kept while growing: squares not yet in a region count as crossed, so
//!    the partial puzzle's solutions only grow with its regions, and a new one must
//!    have a star on the square just added. The square joins the first of its
//!    neighbouring regions for which the solver (from a star on it, at most 2,000
//!    nodes) finds no solution; if every region lets one in, the drawn one;
//! 4. repair: the exhaustive solver ([`super::solver`]) looks for two solutions. While
//!    it finds a second, a square where the second has a star and ours has not moves
//!    to a neighbouring region (its own region staying connected), preferring a move
//!    after which no solution has a star on that square: such a move removes the
//!    second solution and adds none. After `4n` moves, or when the search for a
//!    second solution runs past [`REPAIR_NODES`], the candidate is dropped;
//! 5. evening out: growth by size alone leaves, at 20x20 and more, one region over
//!    much of the board and many of one to three squares. Once unique, squares move
//!    from regions larger than `2n` to smaller neighbours, and into lone squares from
//!    their neighbours, each move kept only when its square stays starless (the same
//!    argument as the repairs: the solution stays the only one). A candidate outside
//!    [`largest_region`] / [`smallest_region`] after that is dropped;
//! 6. the grade ([`super::rate::grade`]): with a requested difficulty the candidate is
//!    kept only if that level of rules finishes it and the level below does not (the
//!    chain's hardest level is exactly the request). For Star Battle (`K >= 2`, sides
//!    up to 12) a requested medium or hard grade also steers step 3: each square joins
//!    the first region after which that level's rules still finish the partial puzzle,
//!    so the candidate is that level or easier by construction. An easy puzzle with
//!    `K >= 2` does not exist: on the empty board every unit has more free squares
//!    than stars to place (a region holding two stars apart has at least three), so
//!    neither easy rule can take a first step; such a request is refused with that
//!    sentence.
//!
//! Every puzzle returned has been proved unique by the exhaustive solver. The time
//! budget and cancel flag of the [`Settings`] are polled between solver nodes and
//! candidates ([`Error::Budget`] when the budget runs out); the progress callback gets
//! `done` = candidates tried so far, `total` = 0 (unknown).

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::engine::{Control, Settings};
use crate::error::Error;

use super::explain::{End, explain};
use super::rate::grade;
use super::rules::Level;
use super::solver::{Limited, Node, Tables, search_limited, search_with};
use super::{MAX_SIDE, Mark, Puzzle, State};

/// What to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// The side `n` (1 to [`MAX_SIDE`]).
    pub n: usize,
    /// Stars per row, column and region (`K`).
    pub stars: u32,
    /// The grade asked for; `None` takes the first unique puzzle.
    pub difficulty: Option<Level>,
    /// The seed: the same request and seed give the same puzzle.
    pub seed: u64,
}

impl Request {
    /// A request for a puzzle of side `n` with every other field at its default: one
    /// star (queen) per unit, any grade, seed 0. These are the defaults of every front
    /// (`queens puzzle gen N`, Python's `Puzzle.generate(n)`, the page's bindings), set
    /// here once so that the same request gives the same puzzle everywhere.
    ///
    /// ```
    /// use queens::puzzle::generate::Request;
    /// let r = Request::new(9);
    /// assert_eq!((r.stars, r.difficulty, r.seed), (1, None, 0));
    /// ```
    pub const fn new(n: usize) -> Request {
        Request {
            n,
            stars: 1,
            difficulty: None,
            seed: 0,
        }
    }

    /// Why no puzzle exists for this request when [`generate`] answers `Ok(None)`: its
    /// stars cannot stand apart on its side at all. One sentence, the one every front
    /// shows.
    ///
    /// ```
    /// use queens::puzzle::generate::Request;
    /// assert_eq!(
    ///     Request::new(3).why_none(),
    ///     "no puzzle: 1 queen per row and column cannot stand apart on 3x3"
    /// );
    /// ```
    pub fn why_none(&self) -> String {
        let n = self.n;
        let piece = match self.stars {
            1 => "queen",
            _ => "stars",
        };
        format!(
            "no puzzle: {} {piece} per row and column cannot stand apart on {n}x{n}",
            self.stars
        )
    }
}

/// A request's text field that does not parse: which field, the text, and why. Each
/// front names the field in its own spelling ([`BadField::spelled`]: `--difficulty` on
/// the command line, `difficulty` in Python and on the page); the rest of the sentence
/// is this one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadField {
    /// The field's plain name (`difficulty`).
    pub field: &'static str,
    /// The text as given.
    pub text: String,
    /// Why it was refused.
    pub reason: String,
}

impl BadField {
    /// The sentence with the field named as `spelling`: `bad SPELLING 'TEXT': REASON`.
    pub fn spelled(&self, spelling: &str) -> String {
        format!("bad {spelling} '{}': {}", self.text, self.reason)
    }
}

impl std::fmt::Display for BadField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.spelled(self.field))
    }
}

impl std::error::Error for BadField {}

/// The difficulty field: a level's name (`easy`, `medium`, `hard`, `expert`) or `any`
/// (`None`: any grade, the default). The one reader of a difficulty's name for every
/// front.
///
/// ```
/// use queens::puzzle::{generate::parse_difficulty, rules::Level};
/// assert_eq!(parse_difficulty("hard"), Ok(Some(Level::Hard)));
/// assert_eq!(parse_difficulty("any"), Ok(None));
/// let e = parse_difficulty("tricky").unwrap_err();
/// assert_eq!(
///     e.spelled("--difficulty"),
///     "bad --difficulty 'tricky': the difficulties are easy, medium, hard, expert (or any, for any grade)"
/// );
/// ```
pub fn parse_difficulty(text: &str) -> Result<Option<Level>, BadField> {
    if text == "any" {
        return Ok(None);
    }
    Level::parse(text).map(Some).ok_or_else(|| BadField {
        field: "difficulty",
        text: text.to_string(),
        reason: format!(
            "the difficulties are {} (or any, for any grade)",
            Level::ALL.map(Level::name).join(", ")
        ),
    })
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its one solution (square indices, in index order).
    pub solution: Vec<usize>,
    /// Its grade.
    pub grade: Level,
    /// Candidates tried, this one included.
    pub candidates: u64,
}

const UNSET: u8 = u8::MAX;

/// A puzzle as asked for; `Ok(None)` when no placement of the stars exists at all on
/// that side (`n = 2, 3` for one star).
///
/// ```
/// use queens::puzzle::generate::{generate, Request};
/// let r = Request { n: 8, stars: 1, difficulty: None, seed: 1 };
/// let m = generate(&r, &Default::default()).unwrap().unwrap();
/// assert_eq!(m.solution.len(), 8);
/// assert!(m.puzzle.accepts(&m.solution));
/// ```
pub fn generate(req: &Request, settings: &Settings) -> Result<Option<Made>, Error> {
    let n = req.n;
    if n == 0 || n > MAX_SIDE {
        return Err(Error::BadTerrain(format!(
            "bad size {n}: puzzles are made for sides 1 to {MAX_SIDE}"
        )));
    }
    // Stars that cannot stand apart at all: no puzzle (as for 2 and 3 queens).
    if Puzzle::from_regions(n, req.stars, vec![0; n * n]).is_err() && req.stars >= 1 {
        return Ok(None);
    }
    if req.stars >= 2 && req.difficulty == Some(Level::Easy) {
        return Err(Error::BadTerrain(format!(
            "no puzzle with {} stars per unit is easy: on the empty board every row, column \
             and region has more free squares than stars to place, so neither easy rule can \
             start (ask for medium or harder)",
            req.stars
        )));
    }
    let ctl = Control::start(settings)?;
    let stop = || ctl.cancelled();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(req.seed);
    let k = req.stars as usize;
    let stripes = Puzzle::from_regions(n, req.stars, (0..n * n).map(|i| (i / n) as u8).collect())?;
    let stripe_tables = Tables::new(&stripes);
    let shape = Shape::new(req.difficulty);
    let steer = req
        .difficulty
        .filter(|&l| l != Level::Expert && steers(n, k));
    let mut candidates = 0u64;
    loop {
        if ctl.cancelled() {
            return ctl.finish(Err(Error::Interrupted));
        }
        candidates += 1;
        ctl.report(candidates, 0);
        let Some(solution) = random_solution(&stripe_tables, &stripes, &mut rng, &stop) else {
            if ctl.cancelled() {
                return ctl.finish(Err(Error::Interrupted));
            }
            return Ok(None);
        };
        let Some(mut of) = seed_regions(n, k, &solution, &mut rng) else {
            continue;
        };
        if !grow_unique(n, req.stars, &shape, steer, &mut of, &mut rng, &stop)? {
            return ctl.finish(Err(Error::Interrupted));
        }
        let mine: Vec<bool> = {
            let mut m = vec![false; n * n];
            for &i in &solution {
                m[i] = true;
            }
            m
        };
        for _ in 0..4 * n.max(4) {
            let puzzle = Puzzle::from_regions(n, req.stars, of.clone())?;
            let t = Tables::new(&puzzle);
            let found = match search_limited(&t, &State::new(&puzzle), 2, 2, REPAIR_NODES, &stop) {
                Limited::Done(found) => found,
                Limited::Over => break,
                Limited::Stopped => return ctl.finish(Err(Error::Interrupted)),
            };
            if found.count == 1 {
                let Some(fair) = rebalance(
                    n,
                    req.stars,
                    smallest_region(n, req.difficulty),
                    &mut of,
                    &solution,
                    &mut rng,
                    &stop,
                )?
                else {
                    return ctl.finish(Err(Error::Interrupted));
                };
                if !fair {
                    break;
                }
                let puzzle = Puzzle::from_regions(n, req.stars, of.clone())?;
                let t = Tables::new(&puzzle);
                let Some(found) = search_with(&t, &State::new(&puzzle), 2, 2, &stop) else {
                    return ctl.finish(Err(Error::Interrupted));
                };
                if found.count != 1 {
                    return Err(Error::Internal(
                        "evening out the regions let a second solution in".into(),
                    ));
                }
                let g = grade(&puzzle);
                if req.difficulty.is_none_or(|d| d == g) {
                    return Ok(Some(Made {
                        puzzle,
                        solution: found.solutions[0].clone(),
                        grade: g,
                        candidates,
                    }));
                }
                break;
            }
            let Some(other) = found.solutions.iter().find(|s| s.iter().any(|&i| !mine[i])) else {
                return Err(Error::Internal(
                    "the generator's own solution went missing".into(),
                ));
            };
            let movable: Vec<usize> = other.iter().copied().filter(|&i| !mine[i]).collect();
            match repair(n, req.stars, &mut of, &movable, &mut rng, &stop)? {
                None => return ctl.finish(Err(Error::Interrupted)),
                Some(true) => {}
                Some(false) => break,
            }
        }
    }
}

/// The most nodes the repair loop's search for two solutions may visit before the
/// candidate is dropped. A candidate about to become unique is searched in a few dozen
/// nodes (at most 23 over six 25x25 seeds, bench/puzzle.md), while a few candidates
/// with many solutions spread thin took up to 13 million nodes (8.6 s) for the second
/// one: nearly all of a slow seed's time. Dropping them costs nothing in correctness
/// (every puzzle returned is still proved unique by a full search).
const REPAIR_NODES: u64 = 100_000;

/// The most nodes the proof that a moved square stays starless may take while evening
/// out regions. A move that keeps the puzzle unique is proved in a few nodes; a refused
/// move is usually refused by hitting the limit, and thousands are refused per
/// candidate at 25x25: 20,000 nodes made evening out one seed's 27 s; 200 keeps nearly
/// every move (392 against 419 on that seed) in 1.3 s (bench/puzzle.md).
const EVEN_OUT_NODES: u64 = 200;

/// Whether a requested grade steers the growth (see [`grow_unique`]): where the
/// rules run fast enough to follow every square.
fn steers(n: usize, k: usize) -> bool {
    k >= 2 && n <= 12
}

/// A uniform pick below `m`.
fn below(rng: &mut Xoshiro256PlusPlus, m: usize) -> usize {
    (((rng.next_u64() >> 32) * m as u64) >> 32) as usize
}

/// A random solution of the striped puzzle (K per rank, file, none touching).
fn random_solution(
    t: &Tables,
    stripes: &Puzzle,
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<usize>> {
    let node = Node::from_state(t, &State::new(stripes))?;
    let mut nodes = 0u64;
    random_dfs(t, node, rng, stop, &mut nodes)
}

fn random_dfs(
    t: &Tables,
    mut node: Node,
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
    nodes: &mut u64,
) -> Option<Vec<usize>> {
    loop {
        *nodes += 1;
        if *nodes & 1023 == 0 && stop() {
            return None;
        }
        if !node.propagate(t) {
            return None;
        }
        if node.is_complete(t) {
            return Some(node.stars_of(t));
        }
        let (r, c) = node.choose_random(t, &mut || rng.next_u64());
        let mut child = node.clone();
        child.place(t, r, c);
        if let Some(s) = random_dfs(t, child, rng, stop, nodes) {
            return Some(s);
        }
        node.forbid(r, c);
    }
}

/// The four orthogonal neighbours of square `i`.
fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
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
/// L-shaped paths; `None` when a path is blocked (the caller tries another candidate).
fn seed_regions(
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
            if !join(n, &mut of, from, next, g, below(rng, 2) == 0) {
                return None;
            }
            members.push(next);
        }
        g += 1;
    }
    Some(of)
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

/// How regions grow: the weight of giving a frontier square to a region next to it.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// Exponent of the region's size: above 0, large regions grow faster.
    alpha: f64,
    /// Factor per further neighbour of the square already in the region: compact
    /// shapes, fewer one-square-wide arms (2 made 20x20 about ten times faster than
    /// weighting by the neighbour count, bench/puzzle.md).
    compact: f64,
}

impl Shape {
    /// The shape for a requested grade.
    fn new(difficulty: Option<Level>) -> Shape {
        let alpha = match difficulty {
            Some(Level::Easy) => 0.9,
            Some(Level::Hard | Level::Expert) => 0.6,
            _ => 0.7,
        };
        Shape {
            alpha,
            compact: 2.0,
        }
    }

    /// The weight of giving a square with `same` neighbours in it to a region of
    /// `size` squares.
    fn weight(&self, size: u64, same: usize) -> f64 {
        (size as f64).powf(self.alpha) * self.compact.powi(same as i32 - 1)
    }
}

/// Gives every unassigned square to a region next to it, keeping the puzzle unique
/// where it can: squares not yet in a region count as crossed, so every solution of
/// the partial puzzle stays a solution as regions grow, and a new one must have a star
/// on the square just added. So each square joins, of the regions next to it (in
/// random order), the first for which no solution has a star on it; when every choice
/// lets one in, a random region (the repairs after deal with it).
///
/// With `steer` = a level, the square instead joins the first region after which that
/// level's rules still finish the partial puzzle (while one exists): a puzzle grown
/// so to the end is unique and that level or easier, the way to grades that random
/// carving rarely gives (easy Star Battles). False when `stop` ended a search.
fn grow_unique(
    n: usize,
    k: u32,
    shape: &Shape,
    steer: Option<Level>,
    of: &mut [u8],
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
) -> Result<bool, Error> {
    let mut steering = match steer {
        Some(l) if finishes(n, k, of, l)? => Some(l),
        _ => None,
    };
    let mut size = vec![0u64; n];
    for &r in of.iter() {
        if r != UNSET {
            size[r as usize] += 1;
        }
    }
    loop {
        if stop() {
            return Ok(false);
        }
        // (square, region) pairs across the frontier, weighted by the region's size
        // and how many of the square's neighbours are in it already.
        let mut pairs: Vec<(usize, u8, f64)> = Vec::new();
        let mut total = 0.0;
        for i in 0..n * n {
            if of[i] != UNSET {
                continue;
            }
            let mut seen: [u8; 4] = [UNSET; 4];
            for (x, j) in neighbours(n, i).enumerate() {
                let g = of[j];
                if g == UNSET || seen.contains(&g) {
                    continue;
                }
                seen[x] = g;
                let same = neighbours(n, i).filter(|&h| of[h] == g).count();
                let w = shape.weight(size[g as usize], same);
                total += w;
                pairs.push((i, g, w));
            }
        }
        if pairs.is_empty() {
            break;
        }
        let mut at = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        let mut pick = pairs.len() - 1;
        for (x, p) in pairs.iter().enumerate() {
            if at < p.2 {
                pick = x;
                break;
            }
            at -= p.2;
        }
        let (i, first, _) = pairs[pick];
        let mut around: Vec<u8> = neighbours(n, i)
            .map(|j| of[j])
            .filter(|&g| g != UNSET && g != first)
            .collect();
        around.sort_unstable();
        around.dedup();
        for x in (1..around.len()).rev() {
            around.swap(x, below(rng, x + 1));
        }
        around.insert(0, first);
        let mut chosen = None;
        if let Some(level) = steering {
            for &g in &around {
                of[i] = g;
                if finishes(n, k, of, level)? {
                    chosen = Some(g);
                    break;
                }
            }
            if chosen.is_none() {
                // Past this point the level cannot finish (more free squares only
                // make fewer deductions): plain uniqueness from here on.
                steering = None;
            }
        }
        if chosen.is_none() {
            for &g in &around {
                of[i] = g;
                match starless(n, k, of, i, 2000, stop)? {
                    None => return Ok(false),
                    Some(true) => {
                        chosen = Some(g);
                        break;
                    }
                    Some(false) => {}
                }
            }
        }
        let chosen = chosen.unwrap_or(around[0]);
        of[i] = chosen;
        size[chosen as usize] += 1;
    }
    Ok(true)
}

/// Whether the rules up to `level` finish the partial puzzle `of` (squares outside
/// every region crossed).
fn finishes(n: usize, k: u32, of: &[u8], level: Level) -> Result<bool, Error> {
    let (puzzle, state) = partial(n, k, of)?;
    Ok(explain(&puzzle, &state, level).end == End::Solved)
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
/// crossed) has a star on square `i`; `None` when `stop` ended the search.
fn starless(
    n: usize,
    k: u32,
    of: &[u8],
    i: usize,
    limit: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<bool>, Error> {
    let (puzzle, mut state) = partial(n, k, of)?;
    state.marks[i] = Mark::Star;
    let t = Tables::new(&puzzle);
    // A square whose proof takes long counts as not starless: the generator only
    // needs a cheap, safe answer.
    Ok(match search_limited(&t, &state, 1, 0, limit, stop) {
        Limited::Done(f) => Some(f.count == 0),
        Limited::Over => Some(false),
        Limited::Stopped => None,
    })
}

/// Moves one of `movable` (squares where another solution has a star and ours has
/// not) to a neighbouring region, keeping its own region connected. A square that no
/// solution can then have a star on is chosen when one exists: solutions without a
/// star there are unchanged by the move, so the solutions only lose (the other one
/// among them) and gain none. Else a random move. `Ok(None)` when `stop` ended a
/// search; `Ok(Some(false))` when nothing can move.
fn repair(
    n: usize,
    k: u32,
    of: &mut [u8],
    movable: &[usize],
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
) -> Result<Option<bool>, Error> {
    let start = below(rng, movable.len().max(1));
    let mut fallback = None;
    for step in 0..movable.len() {
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
            of[q] = to;
            if connected(n, of, own) {
                match starless(n, k, of, q, 2000, stop)? {
                    None => return Ok(None),
                    Some(true) => return Ok(Some(true)),
                    Some(false) => {
                        if fallback.is_none() {
                            fallback = Some((q, to));
                        }
                    }
                }
            }
            of[q] = own;
        }
    }
    match fallback {
        Some((q, to)) => {
            of[q] = to;
            Ok(Some(true))
        }
        None => Ok(Some(false)),
    }
}

/// The largest region a generated puzzle may have: `4n` squares (the average is
/// `n`) for sides 8 to 20, `6n` above (where a tighter bound drops too many unique
/// candidates for the 30 s budget at 25x25); smaller boards are left as carved.
pub fn largest_region(n: usize) -> usize {
    match n {
        0..8 => n * n,
        8..=20 => 4 * n,
        _ => 6 * n,
    }
}

/// The smallest region a generated puzzle may have: 2 squares for sides 8 to 20 (for
/// `K = 1`; `K = 2` needs 3 anyway), else 1. Above 20 a lone square often cannot take
/// a second without letting in another solution, and insisting cost more than the
/// 30 s budget at 25x25 (bench/puzzle.md). An `easy` request keeps lone squares at
/// every side: an easy chain starts with `last-square`, and on the empty board of a
/// side above 1 only a one-square region has one free square (with 2 as the bound no
/// easy 8x8 was found in 15 s).
pub fn smallest_region(n: usize, difficulty: Option<Level>) -> usize {
    if difficulty != Some(Level::Easy) && (8..=20).contains(&n) {
        2
    } else {
        1
    }
}

/// Evens out the region sizes of a unique puzzle, keeping it unique: moves a square
/// `q` (not a star of `solution`) from a too-large region to a smaller neighbouring
/// one, or into a too-small region from a neighbour, when its old region stays
/// connected and no solution of the new puzzle has a star on `q`. Solutions without a
/// star on `q` are the same before and after the move (their counts per region do not
/// change), so the only solution stays the only one. Large regions shrink until they
/// are at most `2n` (the aim; [`largest_region`] is the bound), lone squares grow to
/// [`smallest_region`]. `Ok(Some(false))` when a bound cannot be met, `Ok(None)` when
/// `stop` ended a search.
fn rebalance(
    n: usize,
    k: u32,
    least: usize,
    of: &mut [u8],
    solution: &[usize],
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
) -> Result<Option<bool>, Error> {
    let aim = if n >= 8 { 2 * n } else { n * n };
    let most = largest_region(n);
    let mut star = vec![false; n * n];
    for &i in solution {
        star[i] = true;
    }
    let mut size = vec![0usize; n];
    for &g in of.iter() {
        size[g as usize] += 1;
    }
    // Regions that cannot give or take any more (every move tried failed).
    let mut stuck = vec![false; n];
    loop {
        // The region most out of bounds: too small first, then the largest.
        let small = (0..n)
            .filter(|&g| size[g] < least && !stuck[g])
            .min_by_key(|&g| size[g]);
        let large = (0..n)
            .filter(|&g| size[g] > aim && !stuck[g])
            .max_by_key(|&g| size[g]);
        let (g, grow) = match (small, large) {
            (Some(g), _) => (g, true),
            (None, Some(g)) => (g, false),
            (None, None) => break,
        };
        // Candidate moves (square, from, to), the most compact first.
        let mut moves: Vec<(usize, u8, u8, usize)> = Vec::new();
        for q in 0..n * n {
            if star[q] {
                continue;
            }
            let from = of[q];
            for j in neighbours(n, q) {
                let to = of[j];
                let ok = if grow {
                    to as usize == g && from != to && size[from as usize] > least.max(2)
                } else {
                    from as usize == g && to != from && size[to as usize] + 1 < size[g]
                };
                if ok && !moves.iter().any(|m| m.0 == q && m.2 == to) {
                    let same = neighbours(n, q).filter(|&h| of[h] == to).count();
                    moves.push((q, from, to, same));
                }
            }
        }
        for x in (1..moves.len()).rev() {
            moves.swap(x, below(rng, x + 1));
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.3));
        let mut moved = false;
        for &(q, from, to, _) in moves.iter() {
            of[q] = to;
            if connected(n, of, from) {
                match starless(n, k, of, q, EVEN_OUT_NODES, stop)? {
                    None => return Ok(None),
                    Some(true) => {
                        size[from as usize] -= 1;
                        size[to as usize] += 1;
                        moved = true;
                        // A move changes what others can do: try the stuck again.
                        stuck.fill(false);
                        break;
                    }
                    Some(false) => {}
                }
            }
            of[q] = from;
        }
        if !moved {
            stuck[g] = true;
        }
    }
    Ok(Some(
        size.iter().all(|&s| s >= least) && size.iter().all(|&s| s <= most),
    ))
}

/// Whether region `g` is connected (and not empty).
fn connected(n: usize, of: &[u8], g: u8) -> bool {
    of.iter()
        .position(|&x| x == g)
        .is_some_and(|from| crate::terrain::connected(of, g, from, |i| neighbours(n, i)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_are_unique_connected_and_solved_by_their_solution() {
        for (n, k) in [(1, 1), (4, 1), (5, 1), (8, 1), (12, 1), (10, 2)] {
            for seed in 0..3 {
                let r = Request {
                    n,
                    stars: k,
                    difficulty: None,
                    seed,
                };
                let m = generate(&r, &Settings::default()).unwrap().unwrap();
                assert!(m.puzzle.accepts(&m.solution), "n={n} k={k} seed={seed}");
                let f = super::super::solver::search(
                    &m.puzzle,
                    &State::new(&m.puzzle),
                    u128::MAX,
                    2,
                    &|| false,
                )
                .unwrap();
                assert_eq!(f.count, 1);
                let of: Vec<u8> = (0..n * n).map(|i| m.puzzle.region(i) as u8).collect();
                for g in 0..n as u8 {
                    assert!(connected(n, &of, g), "n={n} seed={seed} region {g}");
                }
                // The same seed, the same puzzle.
                assert_eq!(generate(&r, &Settings::default()).unwrap().unwrap(), m);
            }
        }
        for n in [2, 3] {
            let r = Request {
                n,
                stars: 1,
                difficulty: None,
                seed: 0,
            };
            assert_eq!(generate(&r, &Settings::default()).unwrap(), None);
        }
    }
}
