//! Puzzles with exactly one solution, of a requested grade.
//!
//! For a seed, candidate after candidate (in one lane; with three stars from 16x16 to
//! 20x20, `grow::exact`, and two stars at 16x16, in two lanes of their own,
//! [`LANES`], run on two threads where there are two, the first to end by the work
//! done, counted the same on every run, [`super::effort`]: the same puzzle either way):
//! 1. a random solution: `K` stars per row and column, none touching (the exhaustive
//!    solver on the puzzle whose regions are the ranks, branching on a random possible
//!    square of the tightest unit instead of the first, restarted past a limit of
//!    nodes; with three or more stars up to 14x14, `grow::cheap_restarts`, a solution
//!    that took many nodes serves several candidates, `grow::Solutions`);
//! 2. regions grown from it (module `grow`): for `K = 1` each star seeds a region; for
//!    `K >= 2` each star is joined to its nearest free stars by an L-shaped path, and
//!    with `K >= 3`, while the seeds (as a partial puzzle, step 3) have another solution, one of its
//!    stars off ours leaves its region, the region joined again round it
//!    (`grow::unique_seeds`: the growth can never remove a solution the seeds have). Then
//!    square by square: a (square, neighbouring region) pair is drawn with weight
//!    `size^alpha * compact^(same - 1)` (`same`: the square's neighbours already in
//!    the region; even style `alpha` 1, `compact` 4, no region past `3n` while another
//!    choice exists, or with two or more stars at 16x16 `alpha` 1.5 and a quarter of
//!    the board, `grow::roomy` (with three from 17x17 to 20x20 `alpha` 2); official style `alpha` 0.7, `compact` 3, no cap), times 10 per
//!    region that already refused the square (it is running out of choices);
//! 3. uniqueness kept while growing: squares not yet in a region count as crossed, so
//!    the partial puzzle's solutions only grow with its regions, and a new one must
//!    have a star on the square just added. A pair joins when the solver (from a star
//!    on the square, at most 2,000 nodes, 700 with four or more stars on
//!    `grow::LIGHT_SIDES`; exact with `grow::exact` tests, below) finds no solution,
//!    else it is refused for good. With `easy` requested the test is instead that the easy rules still
//!    finish the partial puzzle (grade-directed: the candidate is easy while it
//!    holds; the test runs the easy rules on plain counts,
//!    [`super::rules::Deducer::settle`]). A square every neighbouring region
//!    refused undoes the growth round it, and so do the squares left when no pair is
//!    (up to `2n` undos a candidate); steered, a candidate whose undos run out is
//!    dropped (reject early: finishing it by plain uniqueness seldom gave the grade
//!    asked for, and cost repairs). Unsteered, squares with no pair left join
//!    untested for the repairs. From 17x17 (`grow::ORDERED_FROM`) `easy` grows
//!    otherwise: the stars are ordered by their distance from a random point (the
//!    farthest first) and a square only joins a region whose star comes after one
//!    attacking it, which keeps the partial puzzle easy (and so unique) with no test
//!    run at all; a square no region next to it may take joins, with a shortest way
//!    to it, a region late enough for all of them (`grow::grow_ordered`). Past 16x16
//!    the tested growth stalled on nearly every candidate (none in 60 s for 11 of
//!    20 seeds at 25x25, bench/puzzle.md). With three stars from 16x16 to 20x20
//!    (`grow::exact`) every test, here and below (the repair's search, evening out,
//!    the moves toward a grade, the final proof), is the plain search within a few
//!    hundred nodes and then, when it runs over, a SAT solver (module `oracle`):
//!    exact, so nothing is refused for a search that sank. Above 20x20
//!    (`grow::strong`) the plain search's tests ran over their limit on most
//!    squares, so there the growth is first steered by the hard rules (a pair joins
//!    when they still finish the partial puzzle, undos as when steered) and, once its
//!    undos run out, the squares left take the plain test, retried when it runs over
//!    after the hard rules from a star on the square (`grow::join_starless`);
//! 4. repair: the exhaustive solver ([`super::solver`]) looks for two solutions. While
//!    it finds a second, a square where the second has a star and ours has not moves
//!    to a neighbouring region (its own region staying connected), preferring a move
//!    after which no solution has a star on that square: such a move removes the
//!    second solution and adds none. When no such square can move alone (each inside
//!    its region, or its region's only link), above 20x20 and with two or more stars
//!    one moves with a path of its region to the nearest other region (see
//!    [`CARVE_ABOVE`]); else the candidate is dropped. With three or more stars on
//!    `grow::LIGHT_SIDES` (`grow::light`) no square moves alone back into a region it left
//!    during the repair (a move that lets another solution in is not undone by the
//!    next one, as it could be, round and round); with three stars from 17x17 to
//!    20x20 no square moves alone where it lets back in another solution the repair
//!    has met (`grow::remembers`), and a candidate whose growth forced more than 13
//!    squares in untested is dropped before its repair (`grow::forced_limit`: such a
//!    candidate seldom ends unique). After `4n` moves (`2n` for three
//!    stars at 20x20, [`repair_moves`]), or when the search for a second solution runs
//!    past [`REPAIR_NODES`] (never with `grow::exact` tests), it is dropped too
//!    (with `grow::strong` tests it is first searched again by the hard rules and the
//!    probing search, `grow::two_solutions_strong`, within [`STRONG_REPAIR_NODES`]);
//! 5. evening out: once unique, squares move into regions under [`Bounds::least`]
//!    from their neighbours, from regions larger than [`Bounds::aim`] to smaller
//!    neighbours, then into regions under [`Bounds::floor`], each move kept only when
//!    its square stays starless (the same argument as the repairs) and both regions
//!    stay within [`Bounds::ratio`]. A candidate outside [`Bounds`] is dropped;
//! 6. the grade ([`super::rate::grade`]): with a requested difficulty the candidate is
//!    kept if that level of rules finishes it and the level below does not (the
//!    chain's hardest level is exactly the request);
//! 7. else squares move between its regions toward the grade asked for (module
//!    `adjust`: each move kept when the level's rules get no less far, or for
//!    expert stop no later, and the puzzle stays within [`Bounds`], no region past
//!    [`Bounds::cap`] or [`Bounds::floor`]), at most
//!    [`ADJUST_TRIES`] per rank ([`ADJUST_MEDIUM_STARS_TRIES`] toward `medium` with
//!    two or more stars from 15x15, and toward every grade, `expert` included, at
//!    [`STARS_SIDES`], where a walk also stops after [`adjust_patience`] tries
//!    in a row with no step closer, and one toward `hard` that stops starts once
//!    more from the candidate as it was, [`adjust_walks`]; not always: see
//!    [`moves_toward`]; one star in the
//!    even style is not moved toward `expert`, nor toward `medium` at sides 12 to
//!    20, where a new candidate is cheaper); the
//!    result is proved unique and graded again. This (or, where it is not used, a
//!    new candidate until one is of the grade as grown), not steering the growth, is
//!    how `medium`, `hard` and `expert` are reached:
//!    steered growth stalled with a few squares left on nearly every candidate past
//!    16x16 (bench/puzzle.md). An easy puzzle with
//!    `K >= 2` does not exist: on the empty board every unit has more free squares
//!    than stars to place (a region holding two stars apart has at least three), so
//!    neither easy rule can take a first step; such a request is refused with that
//!    sentence.
//!
//! Every puzzle returned has been proved unique by the exhaustive solver (with
//! `grow::exact` tests by it or, when it runs past a few thousand nodes, the SAT
//! solver, which never gives up; with `grow::strong` tests by the sound hard rules
//! followed by the exhaustive probing search, [`super::solver`]'s `search_probing`:
//! the plain one took minutes on some unique 20x20 three-star candidates). The time
//! budget and cancel flag of the [`Settings`] are polled between solver nodes and
//! candidates ([`Error::Budget`] when the budget runs out); the progress callback gets
//! `done` = candidates started so far by every lane, `total` = 0 (unknown).

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::engine::{Control, Settings};
use crate::error::Error;

use super::rate::grade;
use super::rules::Level;
use super::solver::{Limited, Tables};
use super::{MAX_SIDE, Puzzle};
use adjust::adjust;
use shape::ratio_of;

mod adjust;
mod grow;
mod oracle;
pub mod shape;

use grow::{
    Grown, Shape, Solutions, below, connected, finishes, grow, grown_sizes, light, neighbours,
    on_squares, remembers, repair, seed_regions, starless, strong, two_solutions_strong,
    two_solutions_within, unique_seeds,
};

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
    /// How the regions look ([`Style::Even`] by default).
    pub style: Style,
}

/// How a generated puzzle's regions look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// Compact regions of similar sizes (none over `3n` squares nor a quarter of the
    /// board): the default.
    #[default]
    Even,
    /// The look of LinkedIn's official levels: a few large regions and several small
    /// ones (large regions grow faster).
    Official,
}

impl Style {
    /// Every style, the default first.
    pub const ALL: [Style; 2] = [Style::Even, Style::Official];

    /// The style's name: `even`, `official`.
    pub fn name(self) -> &'static str {
        match self {
            Style::Even => "even",
            Style::Official => "official",
        }
    }
}

/// The style field: a style's name (`even`, `official`). The one reader of a style's
/// name for every front.
///
/// ```
/// use queens::puzzle::generate::{parse_style, Style};
/// assert_eq!(parse_style("official"), Ok(Style::Official));
/// let e = parse_style("round").unwrap_err();
/// assert_eq!(e.spelled("--style"), "bad --style 'round': the styles are even, official");
/// ```
pub fn parse_style(text: &str) -> Result<Style, BadField> {
    Style::ALL
        .into_iter()
        .find(|s| s.name() == text)
        .ok_or_else(|| BadField {
            field: "style",
            text: text.to_string(),
            reason: format!("the styles are {}", Style::ALL.map(Style::name).join(", ")),
        })
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
            style: Style::Even,
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
    /// Candidates started before this one ended in the lanes' order (by work done),
    /// this one included: the same on every run and with any number of threads (the
    /// progress callback, which counts every candidate started, may count more).
    pub candidates: u64,
}

/// A puzzle as asked for; `Ok(None)` when no placement of the stars exists at all on
/// that side (`n = 2, 3` for one star).
///
/// ```
/// use queens::puzzle::generate::{generate, Request};
/// let r = Request { seed: 1, ..Request::new(8) };
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
    if let Some(why) = no_such_grade(n, req.stars, req.difficulty) {
        return Err(Error::BadTerrain(why));
    }
    let ctl = Control::start(settings)?;
    let job = Job {
        req,
        bounds: Bounds::new(n, req.style, req.difficulty).with_stars(n, req.stars),
        shape: Shape::new(n, req.style, req.stars),
        // Only `easy` is steered while growing: the other grades are reached by moving
        // squares of a finished candidate (module `adjust`), which at 20x20 and 25x25
        // found a medium or hard puzzle for every seed tried within 10 s where steered
        // growth stalled on nearly every candidate (bench/puzzle.md).
        steer: req.difficulty.filter(|&l| l == Level::Easy),
    };
    let mut lanes = (0..lane_count(n, req.stars))
        .map(|l| Lane::new(req, l))
        .collect::<Result<Vec<Lane>, Error>>()?;
    let tried = std::sync::atomic::AtomicU64::new(0);
    let on_candidate = || {
        let done = tried.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        ctl.report(done, 0);
    };
    let stop = || ctl.cancelled();
    let (first, end) = run_lanes(&job, &mut lanes, &ctl, &stop, &on_candidate)?;
    match end? {
        Tried::Made {
            puzzle,
            solution,
            grade,
        } => Ok(Some(Made {
            puzzle,
            solution,
            grade,
            // The candidates started before the first end in the lanes' order, this
            // one included (a lane's place as it started, the same on every run).
            candidates: lanes
                .iter()
                .map(|lane| lane.starts.iter().filter(|&&s| s <= first).count() as u64)
                .sum(),
        })),
        Tried::NoSolution if !ctl.cancelled() => Ok(None),
        Tried::NoSolution | Tried::Stopped | Tried::Dropped => ctl.finish(Err(Error::Interrupted)),
    }
}

/// What every candidate of a request shares.
struct Job<'a> {
    /// The request.
    req: &'a Request,
    /// Its bounds on the regions.
    bounds: Bounds,
    /// Its shape of growth.
    shape: Shape,
    /// The level the growth is steered by (easy only).
    steer: Option<Level>,
}

/// How many lanes of candidates a request runs ([`Lane`]): [`LANES`] where the tests are
/// exact (`grow::exact`) and for two stars on [`TWO_STAR_LANE_SIDES`], else one.
fn lane_count(n: usize, k: u32) -> usize {
    if grow::exact(n, k) || (k == 2 && TWO_STAR_LANE_SIDES.contains(&n)) {
        LANES
    } else {
        1
    }
}

/// The sides where two stars a unit run [`LANES`] lanes: 16, where a request took
/// seconds (`gen 16 --stars 2 --difficulty G --seed S`, seeds 1 to 12, one run at a
/// time on 2 cores, 95th percentile one lane against two: 7.5 to 2.4 s with no grade,
/// medium 18.2 to 10.6, hard 8.2 to 7.1, expert 8.0 to 2.7; bench/puzzle.md).
const TWO_STAR_LANE_SIDES: std::ops::RangeInclusive<usize> = 16..=16;

/// The lanes of candidates for three stars a unit from 16x16 to 20x20 (`grow::exact`)
/// and two stars at 16x16: two, one per core of the 2-core machines the budgets are
/// measured on, whatever the number of threads (which changes only how fast the same
/// puzzle comes). There a candidate ends unique seldom and by luck (at 20x20 about one
/// in 55, each about half a second of one core with `grow::forced_limit`,
/// bench/puzzle.md), so the time to a puzzle spreads from a second to half a minute
/// or more: two candidates at once halve the wait. The lanes are ordered by the work
/// each has done ([`super::effort`]), not by candidates started: a graded candidate's
/// walk toward its grade can cost ten times another candidate, and a lane that had
/// found a puzzle waited while the other caught up (`gen 16 --stars 2 --difficulty
/// medium`, seeds 1 to 12: 41.8 s in all to 29.0 s, the slowest 10.7 s to 8.4 s,
/// bench/puzzle.md).
const LANES: usize = 2;

/// One stream of candidates: its random numbers and its random solutions, with a SAT
/// solver of its own ([`oracle::Slot`], kept by the thread that runs the lane: the
/// solver cannot move between threads), and the work its candidates have done
/// ([`super::effort`]). Nothing of a lane is touched by another, so each lane draws the
/// same candidates whichever thread runs it and whatever the other lanes do. Lane 0 is
/// the request's stream as a single lane draws it; lane `l` starts `l` jumps of the
/// generator further on.
struct Lane {
    rng: Xoshiro256PlusPlus,
    solutions: Solutions,
    /// Its number among the request's lanes.
    index: usize,
    /// The work its candidates have done so far.
    done: u64,
    /// Its place ([`Lane::place`]) as each of its candidates started.
    starts: Vec<u64>,
}

impl Lane {
    /// Lane `l` of `req`.
    fn new(req: &Request, l: usize) -> Result<Lane, Error> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(req.seed);
        for _ in 0..l {
            rng.jump();
        }
        Ok(Lane {
            rng,
            solutions: Solutions::new(req.n, req.stars)?,
            index: l,
            done: 0,
            starts: Vec::new(),
        })
    }

    /// Where the lane stands in the lanes' order: its work done, ties to the lane
    /// numbered first ([`place`]).
    fn place(&self) -> u64 {
        place(self.done, self.index)
    }

    /// The lane's next candidate, with the lane's solver `oracle`; it is stopped when
    /// `stop` says so or once its place is past `first` (the earliest place at which a
    /// lane has ended: this candidate could only end later).
    fn next(
        &mut self,
        oracle: &mut oracle::Slot,
        job: &Job,
        stop: &dyn Fn() -> bool,
        first: &dyn Fn() -> u64,
    ) -> Result<Tried, Error> {
        self.starts.push(self.place());
        super::effort::set(self.done);
        let index = self.index;
        let outrun = || stop() || first() < place(super::effort::done(), index);
        let Lane { rng, solutions, .. } = self;
        let end = oracle.with(|| candidate(job, rng, solutions, &outrun));
        self.done = super::effort::done();
        end
    }
}

/// The place of lane `index` after `done` units of work: `done * LANES + index`. Places
/// of different lanes never tie.
fn place(done: u64, index: usize) -> u64 {
    done.saturating_mul(LANES as u64)
        .saturating_add(index as u64)
}

/// How one candidate ended.
enum Tried {
    /// A puzzle of the grade asked for.
    Made {
        puzzle: Puzzle,
        solution: Vec<usize>,
        grade: Level,
    },
    /// Dropped: on to the next candidate.
    Dropped,
    /// No placement of the stars at all.
    NoSolution,
    /// `stop` ended a search.
    Stopped,
}

/// The candidate that ends first (not [`Tried::Dropped`]) in the lanes' order, with
/// its place ([`Lane::place`] as it ended): the order of the work each lane has done
/// ([`super::effort`]), counted the same on every machine and run. With one thread
/// (or without the `parallel` feature) the lane that has done the least work runs its
/// next candidate, and so on; else each lane runs on its own thread. Either way a
/// lane goes on until its place is past the earliest end so far, a candidate of it
/// stopped there: it could only end later. Every candidate that would end before the
/// earliest end is run to its end, so the same candidate ends first either way.
fn run_lanes(
    job: &Job,
    lanes: &mut [Lane],
    ctl: &Control,
    stop: &(dyn Fn() -> bool + Sync),
    on_candidate: &(dyn Fn() + Sync),
) -> Result<(u64, Result<Tried, Error>), Error> {
    #[cfg(feature = "parallel")]
    if lanes.len() > 1 && ctl.thread_count() > 1 {
        return ctl.in_pool(|| Ok(free_running(job, lanes, stop, on_candidate)));
    }
    let _ = ctl;
    let mut oracles: Vec<oracle::Slot> = lanes.iter().map(|_| oracle::Slot::default()).collect();
    let first = std::cell::Cell::new(u64::MAX);
    let mut ends = Vec::new();
    while let Some((lane, oracle)) = lanes
        .iter_mut()
        .zip(&mut oracles)
        .filter(|(lane, _)| lane.place() < first.get())
        .min_by_key(|(lane, _)| lane.place())
    {
        on_candidate();
        match lane.next(oracle, job, stop, &|| first.get()) {
            Ok(Tried::Dropped) => {}
            end => {
                let place = lane.place();
                first.set(first.get().min(place));
                ends.push((place, end));
            }
        }
    }
    Ok(earliest(ends))
}

/// The end at the earliest place.
fn earliest(
    ends: impl IntoIterator<Item = (u64, Result<Tried, Error>)>,
) -> (u64, Result<Tried, Error>) {
    ends.into_iter()
        .min_by_key(|(place, _)| *place)
        .expect("every lane ends or is outrun by one that ended")
}

/// The lanes each on a thread of their own, each until its place is past the earliest
/// end so far ([`run_lanes`]).
#[cfg(feature = "parallel")]
fn free_running(
    job: &Job,
    lanes: &mut [Lane],
    stop: &(dyn Fn() -> bool + Sync),
    on_candidate: &(dyn Fn() + Sync),
) -> (u64, Result<Tried, Error>) {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    // The earliest place at which a lane ended so far.
    let first = AtomicU64::new(u64::MAX);
    let ends: Vec<Option<(u64, Result<Tried, Error>)>> = lanes
        .par_iter_mut()
        .map(|lane| {
            // A lane that panics outruns the others (rayon passes the panic on only
            // once every lane has returned).
            let _outrun_on_panic = OutrunOnPanic(&first);
            let mut oracle = oracle::Slot::default();
            while lane.place() < first.load(Ordering::Relaxed) {
                on_candidate();
                match lane.next(&mut oracle, job, stop, &|| first.load(Ordering::Relaxed)) {
                    Ok(Tried::Dropped) => {}
                    end => {
                        let place = lane.place();
                        first.fetch_min(place, Ordering::Relaxed);
                        return Some((place, end));
                    }
                }
            }
            None
        })
        .collect();
    earliest(ends.into_iter().flatten())
}

/// Sets the earliest end to place 0 when dropped by a panic, so that the other lanes
/// stop at their next candidate.
#[cfg(feature = "parallel")]
struct OutrunOnPanic<'a>(&'a std::sync::atomic::AtomicU64);

#[cfg(feature = "parallel")]
impl Drop for OutrunOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(0, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// One candidate of `job`: a random solution (from `solutions`), regions grown round
/// it, repaired until it is the only one, evened out and moved toward the grade asked
/// for (steps 1 to 7 of the module's documentation).
fn candidate(
    job: &Job,
    rng: &mut Xoshiro256PlusPlus,
    solutions: &mut Solutions,
    stop: &dyn Fn() -> bool,
) -> Result<Tried, Error> {
    let req = job.req;
    let n = req.n;
    let k = req.stars as usize;
    let (bounds, shape, steer) = (job.bounds, job.shape, job.steer);
    if stop() {
        return Ok(Tried::Stopped);
    }
    let Some(solution) = solutions.next(rng, stop) else {
        if stop() {
            return Ok(Tried::Stopped);
        }
        return Ok(Tried::NoSolution);
    };
    let Some(mut of) = seed_regions(n, k, &solution, rng) else {
        return Ok(Tried::Dropped);
    };
    // Three or more stars only: at 16x16 with two the unique seeds made `hard`
    // slower (median 1.5 s to 6.7 s over seeds 1 to 10, bench/puzzle.md).
    if k >= 3 {
        match unique_seeds(n, req.stars, &mut of, &solution, rng, stop)? {
            None => return Ok(Tried::Stopped),
            Some(false) => return Ok(Tried::Dropped),
            Some(true) => {}
        }
    }
    let grown = grow(n, req.stars, &shape, steer, &mut of, rng, stop)?;
    match grown {
        Grown::Stopped => return Ok(Tried::Stopped),
        Grown::Stalled => return Ok(Tried::Dropped),
        Grown::Kept | Grown::Forced => {}
    }
    let mine = on_squares(n, &solution);
    // The squares the repair moved and the regions they left (`grow::light`).
    let mut left: Vec<(usize, u8)> = Vec::new();
    let no_back = light(n, req.stars);
    // The other solutions the repair has met (`grow::remembers`).
    let mut removed: Vec<Vec<usize>> = Vec::new();
    let remember = remembers(n, req.stars);
    for _ in 0..repair_moves(n, req.stars) {
        let found = match two_solutions_within(n, req.stars, &of, REPAIR_NODES, stop)? {
            Limited::Done(found) => found,
            Limited::Over if strong(n, req.stars) => {
                let puzzle = Puzzle::from_regions(n, req.stars, of.clone())?;
                let t = Tables::new(&puzzle);
                match two_solutions_strong(&puzzle, &t, STRONG_REPAIR_NODES, stop) {
                    Limited::Done(found) => found,
                    Limited::Over => break,
                    Limited::Stopped => return Ok(Tried::Stopped),
                }
            }
            Limited::Over => break,
            Limited::Stopped => return Ok(Tried::Stopped),
        };
        if found.count == 1 {
            let Some(fair) =
                rebalance(n, req.stars, &bounds, steer, &mut of, &solution, rng, stop)?
            else {
                return Ok(Tried::Stopped);
            };
            if !fair {
                break;
            }
            let Some(made) = finished(n, req.stars, &of, "evening out the regions", stop)? else {
                return Ok(Tried::Stopped);
            };
            if let Tried::Made { grade: g, .. } = made
                && req.difficulty.is_none_or(|d| d == g)
            {
                return Ok(made);
            }
            let Some(want) = req.difficulty else { break };
            if !moves_toward(req, &bounds, want) {
                break;
            }
            // A walk that gives up may start again from the candidate as it was
            // (`adjust_walks`: a new candidate costs more).
            let grown_of = of.clone();
            let mut reached = false;
            for _ in 0..adjust_walks(n, req.stars, want) {
                of.copy_from_slice(&grown_of);
                match adjust(
                    n,
                    req.stars,
                    &bounds,
                    want,
                    &mut of,
                    &solution,
                    adjust_tries(n, req.stars, want) * n,
                    adjust_patience(n, req.stars, want),
                    rng,
                    stop,
                )? {
                    None => return Ok(Tried::Stopped),
                    Some(false) => {}
                    Some(true) => {
                        reached = true;
                        break;
                    }
                }
            }
            if !reached {
                break;
            }
            let Some(made) = finished(n, req.stars, &of, "moving squares toward a grade", stop)?
            else {
                return Ok(Tried::Stopped);
            };
            if let Tried::Made { grade: g, .. } = made
                && g == want
            {
                return Ok(made);
            }
            break;
        }
        let Some(other) = found.solutions.iter().find(|s| s.iter().any(|&i| !mine[i])) else {
            return Err(Error::Internal(
                "the generator's own solution went missing".into(),
            ));
        };
        let movable: Vec<usize> = other.iter().copied().filter(|&i| !mine[i]).collect();
        // Solutions are in index order (both searches), so equal ones compare equal.
        if remember && !removed.contains(other) {
            removed.push(other.clone());
        }
        let carving = n > CARVE_ABOVE || req.stars >= 2;
        let back = no_back.then_some(&mut left);
        match repair(
            n, req.stars, &mut of, &movable, &mine, carving, back, &removed, rng, stop,
        )? {
            None => return Ok(Tried::Stopped),
            Some(true) => {}
            Some(false) => break,
        }
    }
    Ok(Tried::Dropped)
}

/// The finished regions `of` as a [`Tried::Made`] with its solution and grade, once
/// proved unique ([`unique_or_bug`], `after` naming the step that made them); `None`
/// when `stop` ended the proof.
fn finished(
    n: usize,
    k: u32,
    of: &[u8],
    after: &str,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Tried>, Error> {
    let Some((puzzle, mut found)) = unique_or_bug(n, k, of, after, stop)? else {
        return Ok(None);
    };
    let grade = grade(&puzzle);
    Ok(Some(Tried::Made {
        puzzle,
        solution: found.solutions.swap_remove(0),
        grade,
    }))
}

/// Why no puzzle of side `n` with `k` stars a unit has the grade asked for, on the
/// sides where every puzzle is known (so the candidate loop, which cannot tell, would
/// never end): the one 1x1 puzzle is easy (`last-square` places its queen), and of
/// the 11,760 4x4 puzzles with one solution (up to the names of their regions;
/// `tests/it/generate_tiny.rs` enumerates them all) 4,544 are easy and 7,216 medium.
/// `None` where the grade exists or is not known not to (every grade from 5x5 up
/// with one queen, bench/puzzle.md).
///
/// ```
/// # use queens::puzzle::{generate::{generate, Request}, rules::Level};
/// let r = Request { difficulty: Some(Level::Hard), ..Request::new(4) };
/// let e = generate(&r, &Default::default()).unwrap_err();
/// assert!(e.to_string().contains("every 4x4 puzzle with one solution is easy or medium"));
/// ```
fn no_such_grade(n: usize, k: u32, difficulty: Option<Level>) -> Option<String> {
    let want = difficulty?;
    let (hardest, why) = match (n, k) {
        (1, 1) => (Level::Easy, "the one 1x1 puzzle is easy"),
        (4, 1) => (
            Level::Medium,
            "every 4x4 puzzle with one solution is easy or medium (all 11760 checked)",
        ),
        _ => return None,
    };
    (want > hardest).then(|| {
        let ask = Level::ALL
            .into_iter()
            .filter(|&l| l <= hardest)
            .map(Level::name)
            .collect::<Vec<_>>()
            .join(" or ");
        format!(
            "no {n}x{n} puzzle is {}: {why} (ask for {ask})",
            want.name()
        )
    })
}

/// The repair moves a candidate may make before it is dropped: `4n`, but `2n` for
/// three stars at 20x20 ([`HALF_REPAIR_SIDE`]).
fn repair_moves(n: usize, k: u32) -> usize {
    if k == 3 && n == HALF_REPAIR_SIDE {
        2 * n
    } else {
        4 * n.max(4)
    }
}

/// The side where three stars a unit get half the repair moves ([`repair_moves`]):
/// 20. There nearly every grown candidate let in hundreds of other solutions, and the
/// repair's moves seldom removed one without letting in others (about one move in
/// five removed a solution and added none); the candidates that ended unique did so
/// within 3 to 56 moves, while most of the rest ran through all `4n`. With `2n` a new
/// candidate comes sooner: `gen 20 --stars 3`, seeds 7 to 14, found a puzzle within
/// 60 s for 7 seeds where `4n` found one for 3, and for 14 of seeds 1 to 18 (it lost
/// seed 4, 6.4 s with `4n`; bench/puzzle.md). `3n` was no better than `4n` (7 of
/// seeds 1 to 10 each), `n` worse (4 of 6).
const HALF_REPAIR_SIDE: usize = 20;

/// The most nodes the repair loop's search for two solutions may visit before the
/// candidate is dropped. A candidate about to become unique is searched in a few dozen
/// nodes (at most 23 over six 25x25 seeds, bench/puzzle.md), while a few candidates
/// with many solutions spread thin took up to 13 million nodes (8.6 s) for the second
/// one: nearly all of a slow seed's time. Dropping them costs nothing in correctness
/// (every puzzle returned is still proved unique by a full search).
const REPAIR_NODES: u64 = 100_000;

/// The most nodes the stronger search ([`grow::two_solutions_strong`]) may take when
/// the repair's plain search runs past [`REPAIR_NODES`] with [`grow::strong`] tests
/// (three or more stars above 20x20, four or more at 20x20), about 0.3 s: there the plain search ran over on
/// nearly every candidate, while this one settled most of them within it
/// (bench/puzzle.md).
const STRONG_REPAIR_NODES: u64 = 1_000_000;

/// The side above which a one-star candidate whose repair is stuck carves a path
/// ([`grow::repair`]); with two or more stars it always does. Up to 20x20 a stuck
/// one-star candidate is cheap to replace (`gen 20 --seed S`, S = 1..5, tries 53 to
/// 122 candidates in about 2 s under load), and carving there changed the puzzle of
/// 41 of 90 seeded requests compared from 6x6 to 20x20 (bench/puzzle.md); above it,
/// and with more stars, nearly every candidate got stuck (658 of 839 for `gen 25
/// --difficulty expert --seed 1`, which found none in 120 s and now takes 3 s).
const CARVE_ABOVE: usize = 20;

/// Moves tried per rank when a finished candidate is moved toward the grade asked for
/// (module `adjust`). Over four seeds each at 12, 16, 20 and 25, medium and hard were
/// reached within 10 s with this many (bench/puzzle.md); a candidate whose tries run
/// out is dropped.
const ADJUST_TRIES: usize = 10;

/// Moves tried per rank toward `medium` with two or more stars, instead of
/// [`ADJUST_TRIES`]. There nearly every candidate is hard or expert as grown (none of
/// 16 graded on `gen 16 --stars 2 --difficulty medium` seeds 1 and 3), candidates are
/// dear (about 20 grown for each one found unique, some 3 s a graded one at 16x16),
/// and the moves reach medium slowly but surely: 160 tries left 44 to 132 free
/// squares where the medium rules stopped, 800 about 50, 16,000 (0.2 to 3 s) reached
/// medium on every one of seeds 1 to 10 within 10 s, where before seeds 1, 2, 3 and
/// 7 found none in 30 s (bench/puzzle.md).
const ADJUST_MEDIUM_STARS_TRIES: usize = 100 * ADJUST_TRIES;

/// The smallest side with [`ADJUST_MEDIUM_STARS_TRIES`]: below it a new candidate is
/// cheaper. At 12x12 and 14x14 the extra moves made seeds 1 to 10 no faster overall
/// and some slower (14x14 seed 9 5.8 s to 10.1 s, seed 5 0.9 s to 9.1 s).
const ADJUST_MEDIUM_STARS_FROM: usize = 16;

/// The sides on which Star Battle (two or more stars a unit) moves every candidate of
/// another grade toward the one asked for, `expert` included, with
/// [`ADJUST_MEDIUM_STARS_TRIES`] per rank and [`adjust_patience`]: 15 to 19.
/// There a unique candidate is dear (one in 20 to 40 grown at 16x16, some 5 to 15 s
/// under load) and nearly every one is hard or expert as grown, while the moves reached
/// the grade asked for on every call that ran to its end over seeds 1 to 6 at each
/// grade (16 calls), hard from expert within 6,800 tries and expert from hard within
/// 5,300 (bench/puzzle.md). At 15x15 with two stars they cut medium from 4 to 22 s to
/// 1.2 to 8.1 s (seeds 1 to 6) and hard from up to 10.6 s to at most 7.9 s; at 14x14
/// they were mixed (medium seed 5 1.0 s to 3.3 s), so 14 and below keep the plain
/// walk. At 20x20 three stars take them too ([`stars_sides`]); two stars there, and
/// sides above, were not measured with them.
const STARS_SIDES: std::ops::Range<usize> = 15..20;

/// Whether `k` stars a unit on side `n` takes the moves of [`STARS_SIDES`]: there, and
/// wherever three stars take `grow::exact` tests (so at 20x20 too). At 20x20 with three
/// stars and the plain walk, seeds 1 to 4 found a puzzle within 60 s for none toward
/// `hard` and one toward `medium`; with these moves for two and three, and toward
/// `expert` for three (seed 4, 52.7 s before, found none; bench/puzzle.md).
fn stars_sides(n: usize, k: u32) -> bool {
    (k >= 2 && STARS_SIDES.contains(&n)) || grow::exact(n, k)
}

/// Moves tried toward a grade with no step closer ([`adjust`]'s measure getting
/// smaller) after which the walk stops (the candidate is dropped, or toward `hard`
/// walked once more, [`adjust_walks`]), on [`STARS_SIDES`]: a walk stuck on a
/// plateau seldom leaves it (`gen 16 --stars 3 --difficulty medium --seed 3`: 4 squares
/// left free from the 118th try to the 16,000th and last). Over seeds 1 to 6 at each
/// grade the walks that reached their grade went at most 4,013 tries between steps
/// closer toward medium, 1,669 toward expert, and toward hard 14 to 1,058 but once
/// 6,744; a try toward hard costs two to three times one toward medium and ten times
/// one toward expert (most of those fail the cheap proof of uniqueness), so hard gets
/// less patience. Elsewhere there is no such limit.
fn adjust_patience(n: usize, k: u32, want: Level) -> usize {
    match want {
        _ if !stars_sides(n, k) => usize::MAX,
        Level::Hard => 2_000,
        _ => 5_000,
    }
}

/// Walks toward `want` from one candidate (each from the candidate as evened out): 2
/// toward `hard` on [`STARS_SIDES`], 3 toward `medium` with three stars on
/// [`MEDIUM_WALK_SIDES`], else 1. On [`STARS_SIDES`] a unique candidate costs some 20
/// to 40 grown, and a second walk toward hard, down another random path, often gets past
/// the plateau the first stopped on (10 seeds each with two and three stars, load 2 to
/// 4: medians 2.9 s to 1.7 s and 3.3 s to 2.8 s); toward medium a second walk mostly
/// stopped where the first did at 16x16 (three stars, seeds 3 and 10 slower,
/// bench/puzzle.md).
fn adjust_walks(n: usize, k: u32, want: Level) -> usize {
    match want {
        Level::Hard if stars_sides(n, k) => 2,
        Level::Medium if k == 3 && MEDIUM_WALK_SIDES.contains(&n) => 3,
        _ => 1,
    }
}

/// The sides where three stars a unit walk toward `medium` up to three times from one
/// candidate ([`adjust_walks`]): 19 and 20. At 20x20 a unique candidate cost half a
/// minute to a minute of one core, and walks toward medium often stopped a few squares
/// short (traced, seed 1: four walks stopped with 4, 53, 78 and 7 squares left free where
/// the medium rules stop, a fifth reached medium; seed 6: 6, 4, 72, 102, 13 and 4), where
/// another walk from the same candidate, down another random path, often got through:
/// `gen 20 --stars 3 --difficulty medium`, seeds 1 to 6, found a puzzle for all six
/// within 74 s (two none in 90 s before), and at 19x19 seed 6 took 31.2 s instead of
/// 45.1 s (seeds 1 to 3 and 5 the same puzzles, their first walk reaching medium). At
/// 18x18 it was no better (seed 2 14.4 s to 35.2 s), bench/puzzle.md.
const MEDIUM_WALK_SIDES: std::ops::RangeInclusive<usize> = 19..=20;

/// Moves tried per rank toward `want` with `k` stars a unit on side `n` (module
/// `adjust`).
fn adjust_tries(n: usize, k: u32, want: Level) -> usize {
    if (k >= 2 && want == Level::Medium && n >= ADJUST_MEDIUM_STARS_FROM) || stars_sides(n, k) {
        ADJUST_MEDIUM_STARS_TRIES
    } else {
        ADJUST_TRIES
    }
}

/// The smallest side on which a candidate is moved toward `expert` with two or more
/// stars or in the official style. Below it a new candidate is cheaper: at 12x12 the
/// moves took 1.5 to 3.5 s a seed where new candidates took under a second
/// (bench/puzzle.md). One star in the even style is never moved toward `expert` (see
/// [`moves_toward`]).
const ADJUST_EXPERT_FROM: usize = 20;

/// The sides on which a one-star candidate is not moved toward `medium` while the even
/// style's [`Bounds::ratio`] holds (it holds for sides 8 to 20): there a new candidate
/// is cheaper. Nearly every candidate is hard or expert as grown, and the moves, which
/// may not take a region past [`Bounds::cap`] (`3n / 2`), under [`Bounds::floor`]
/// (`n / 2`) or past the ratio, seldom make it medium: 4 of 141 calls at 12x12, none of
/// 107 at 16x16 and 1 of 215 at 20x20 over seeds 1 to 20, while they took two thirds of
/// a 12x12 request's time and a third of a 20x20 one (bench/puzzle.md). Sides 8 to 11
/// keep them: they are well within the budget either way (p95 at most 0.4 s), they
/// still reach medium now and then (3 of 26 calls at 8x8), and the 8x8 example of the
/// READMEs and the page's daily 9x9 medium are puzzles seeded there.
const SKIP_MEDIUM_FROM: usize = 12;

/// Whether a finished candidate of another grade is moved toward `want` (module
/// `adjust`) instead of being dropped for a new candidate. Not toward `expert` below
/// [`ADJUST_EXPERT_FROM`], nor ever with one star in the even style: at 20x20 and
/// 25x25 the moves reached expert in 8 of 109 calls (25x25, seeds 1 to 20), each call
/// taking 0.3 to 1 s, while 13 of the 120 candidates graded on those seeds were expert
/// as grown: new candidates find one sooner (25x25 expert p95 13.2 s with the moves,
/// 4.7 s without; 20x20 3.3 s and 1.3 s; bench/puzzle.md). Star Battle on
/// [`STARS_SIDES`] is moved toward `expert` too (see there). Not toward `medium` with one
/// star under the even style's ratio bound from [`SKIP_MEDIUM_FROM`] on (see there).
fn moves_toward(req: &Request, bounds: &Bounds, want: Level) -> bool {
    let even_one_star = req.stars == 1 && req.style == Style::Even;
    match want {
        Level::Expert => {
            (req.n >= ADJUST_EXPERT_FROM && !even_one_star) || stars_sides(req.n, req.stars)
        }
        Level::Medium => !(even_one_star && req.n >= SKIP_MEDIUM_FROM && bounds.ratio.is_finite()),
        Level::Easy | Level::Hard => true,
    }
}

/// The most nodes the proof that a moved square stays starless may take while evening
/// out regions. A move that keeps the puzzle unique is proved in a few nodes; a refused
/// move is usually refused by hitting the limit, and thousands are refused per
/// candidate at 25x25: 20,000 nodes made evening out one seed's 27 s; 200 keeps nearly
/// every move (392 against 419 on that seed) in 1.3 s (bench/puzzle.md).
pub(super) const EVEN_OUT_NODES: u64 = 200;

/// The perimeter ratio ([`shape`]) that the moves of evening out and toward a grade
/// keep Star Battle's roomy regions within at 16x16 (`grow::roomy`,
/// [`Bounds::with_stars`]). Without it the moves toward a grade left worse shapes
/// (`gen 16 --stars 2 --difficulty medium`, seeds 1 to 20: 99th percentile 3.33,
/// worst 3.62; with it 2.50 and 2.50). Not with `grow::exact` tests from 17x17 to
/// 20x20: at 20x20 with it four seeds of six found no puzzle in 60 s, without it none
/// failed (bench/puzzle.md).
pub const ROOMY_RATIO: f64 = 2.5;

/// The region sizes and shapes a generated puzzle may have.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// The fewest squares of a region: 2 for sides 8 to 15, and 16 to 20 with no grade
    /// asked for (for `K = 1`; `K = 2` needs 3 anyway), else 1. Above 20 a lone square
    /// often cannot take a second without letting in another solution; at 16 to 20 a
    /// candidate of a grade often keeps one that evening out cannot grow without
    /// changing the grade (most 20x20 hard candidates were dropped for it). An
    /// `easy` request keeps lone squares at every side: an easy chain starts with
    /// `last-square`, and on the empty board of a side above 1 only a one-square
    /// region has one free square.
    pub least: usize,
    /// The size evening out brings small regions up to when it can (at least
    /// [`Bounds::least`], which is a bound): `n / 2` in the even style for sides 8 to
    /// 20. Growth favours large regions (uniqueness comes cheaper so), which left 8x8
    /// puzzles with four or five regions of 2 squares beside two of 17 to 24.
    pub floor: usize,
    /// The size evening out brings large regions down to (when it can): in the even
    /// style `3n / 2` for sides 8 to 20 and `3n` above, in the official style `2n`.
    pub aim: usize,
    /// The most squares of a region: in the even style `3n` from side 8, and at most
    /// a quarter of the board (so 16 at 8x8; the average is `n`), in the official
    /// style `4n` for sides 8 to 20 and `6n` above; smaller boards are left as grown.
    pub most: usize,
    /// The largest region the moves toward a grade (module `adjust`) may make: `aim`
    /// in the even style, so that they do not undo the evening out, `most` in the
    /// official style.
    pub cap: usize,
    /// The perimeter ratio ([`shape`]) past which evening out and the moves toward a
    /// grade may not take a region (one already past it may not get worse): 2.0 in the
    /// even style for sides 8 to 20, none otherwise (above 20 the moves toward a grade
    /// need the room: 25x25 medium found no puzzle in 30 s for two seeds of three).
    pub ratio: f64,
}

impl Bounds {
    /// The bounds for side `n`, a style and a requested grade.
    ///
    /// ```
    /// use queens::puzzle::generate::{Bounds, Style};
    /// let b = Bounds::new(16, Style::Even, None);
    /// assert_eq!((b.least, b.floor, b.aim, b.most), (2, 8, 24, 48));
    /// assert!(b.most <= 16 * 16 / 4);
    /// assert_eq!(Bounds::new(8, Style::Even, None).most, 16);
    /// ```
    pub fn new(n: usize, style: Style, difficulty: Option<Level>) -> Bounds {
        let least = if difficulty != Some(Level::Easy)
            && ((8..=15).contains(&n) || (difficulty.is_none() && (16..=20).contains(&n)))
        {
            2
        } else {
            1
        };
        let (floor, aim, most, cap, ratio) = match (style, n) {
            (_, 0..8) => (least, n * n, n * n, n * n, f64::INFINITY),
            (Style::Even, 8..=20) => {
                let most = (3 * n).min(n * n / 4);
                (n / 2, 3 * n / 2, most, 3 * n / 2, 2.0)
            }
            (Style::Even, _) => (least, 3 * n, 3 * n, 3 * n, f64::INFINITY),
            (Style::Official, 8..=20) => (least, 2 * n, 4 * n, 4 * n, f64::INFINITY),
            (Style::Official, _) => (least, 2 * n, 6 * n, 6 * n, f64::INFINITY),
        };
        Bounds {
            least,
            floor: floor.max(least),
            aim,
            most,
            cap,
            ratio,
        }
    }

    /// The bounds for `k` stars a unit: for `K >= 2` the even style keeps `3n` as both
    /// aim and bound, with no floor, cap or ratio of its own (with them `gen 16 --stars
    /// 3 --seed 1` found no puzzle in 30 s: the regions of three stars had no room to
    /// even out); one star keeps [`Bounds::new`]'s. Where Star Battle grows roomy
    /// regions (16x16, and 17x17 to 20x20 with three stars; `grow::roomy`) the bound is
    /// a quarter of the board instead of `3n`, and at 16x16 the moves of evening out and
    /// toward a grade keep regions within the perimeter ratio [`ROOMY_RATIO`] (or no
    /// worse).
    ///
    /// ```
    /// use queens::puzzle::generate::{Bounds, Style};
    /// let b = |n, k| Bounds::new(n, Style::Even, None).with_stars(n, k).most;
    /// assert_eq!((b(12, 3), b(16, 2), b(16, 3), b(18, 2)), (36, 64, 64, 54));
    /// assert_eq!((b(18, 3), b(20, 2), b(20, 3)), (81, 60, 100));
    /// ```
    pub fn with_stars(self, n: usize, k: u32) -> Bounds {
        if k < 2 || n < 8 || self.ratio.is_infinite() {
            return self;
        }
        let roomy = grow::roomy(n, k);
        let most = if roomy { n * n / 4 } else { 3 * n };
        Bounds {
            floor: self.least,
            aim: most,
            most,
            cap: most,
            // Two or more stars here, so these sides are roomy; the ratio is held
            // where roomy growth takes `ROOMY_ALPHA`, not with exact tests from 17x17.
            ratio: if grow::ROOMY_SIDES.contains(&n) {
                ROOMY_RATIO
            } else {
                f64::INFINITY
            },
            ..self
        }
    }

    /// Moves square `q` of `of` (side `n`) into region `to`, and says whether its old
    /// region stays connected and both regions stay within [`Bounds::ratio`] or no
    /// worse than before (not measured when no ratio is bounded). The square stays
    /// moved either way: the caller keeps or undoes the move.
    pub(super) fn moved(&self, n: usize, of: &mut [u8], q: usize, to: u8) -> bool {
        let from = of[q];
        let measured = !self.ratio.is_infinite();
        let before = measured.then(|| (ratio_of(n, of, from), ratio_of(n, of, to)));
        of[q] = to;
        connected(n, of, from)
            && before.is_none_or(|(f, t)| {
                ratio_of(n, of, from) <= self.ratio.max(f)
                    && ratio_of(n, of, to) <= self.ratio.max(t)
            })
    }
}

/// Evens out the region sizes of a unique puzzle, keeping it unique: moves a square
/// `q` (not a star of `solution`) from a too-large region to a smaller neighbouring
/// one, or into a too-small region from a neighbour, when its old region stays
/// connected and no solution of the new puzzle has a star on `q`. Solutions without a
/// star on `q` are the same before and after the move (their counts per region do not
/// change), so the only solution stays the only one. Large regions shrink until they
/// are at most [`Bounds::aim`] ([`Bounds::most`] is the bound), lone squares grow to
/// [`Bounds::least`]. Steered towards `easy`, a move is also kept only when the easy
/// rules still finish the puzzle. `Ok(Some(false))` when a bound cannot be met, `Ok(None)` when
/// `stop` ended a search.
#[allow(clippy::too_many_arguments)] // the candidate's state, passed as the loop holds it
fn rebalance(
    n: usize,
    k: u32,
    bounds: &Bounds,
    steer: Option<Level>,
    of: &mut [u8],
    solution: &[usize],
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
) -> Result<Option<bool>, Error> {
    let Bounds {
        least,
        aim,
        most,
        floor,
        ..
    } = *bounds;
    let (star, mut size) = stars_and_sizes(n, solution, of);
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
        let soft = (0..n)
            .filter(|&g| size[g] < floor && !stuck[g])
            .min_by_key(|&g| size[g]);
        let (g, grow, bottom) = match (small, large, soft) {
            (Some(g), _, _) => (g, true, least.max(2)),
            (None, Some(g), _) => (g, false, 0),
            (None, None, Some(g)) => (g, true, floor),
            (None, None, None) => break,
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
                    to as usize == g
                        && from != to
                        && size[from as usize] > bottom
                        && size[from as usize] > size[g] + 1
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
            if bounds.moved(n, of, q, to) {
                let kept = match starless(n, k, of, q, EVEN_OUT_NODES, stop)? {
                    None => return Ok(None),
                    // An easy puzzle stays easy (the check is cheap at that level).
                    Some(true) if steer == Some(Level::Easy) => finishes(n, k, of, Level::Easy)?,
                    Some(kept) => kept,
                };
                if kept {
                    size[from as usize] -= 1;
                    size[to as usize] += 1;
                    moved = true;
                    // A move changes what others can do: try the stuck again.
                    stuck.fill(false);
                    break;
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

/// Which squares of an `n x n` board hold a star of `solution`, and how many squares
/// each of the `n` regions of `of` has: what the evening out and the moves toward a
/// grade both start from.
fn stars_and_sizes(n: usize, solution: &[usize], of: &[u8]) -> (Vec<bool>, Vec<usize>) {
    (on_squares(n, solution), grown_sizes(n, of))
}

/// The puzzle of the regions `of`, with its one solution, after a step (`what`) that must
/// keep the solution unique; `None` when `stop` said so first. A second solution is
/// the generator's bug, said as such. The proof is the full plain search, or with
/// [`grow::strong`] tests the full stronger one ([`grow::two_solutions_strong`]
/// without a node limit).
fn unique_or_bug(
    n: usize,
    stars: u32,
    of: &[u8],
    what: &str,
    stop: &dyn Fn() -> bool,
) -> Result<Option<(Puzzle, crate::puzzle::solver::Found)>, Error> {
    let puzzle = Puzzle::from_regions(n, stars, of.to_vec())?;
    let searched = if strong(n, stars) {
        two_solutions_strong(&puzzle, &Tables::new(&puzzle), u64::MAX, stop)
    } else {
        two_solutions_within(n, stars, of, u64::MAX, stop)?
    };
    let Limited::Done(found) = searched else {
        return Ok(None);
    };
    if found.count != 1 {
        return Err(Error::Internal(format!("{what} let a second solution in")));
    }
    Ok(Some((puzzle, found)))
}

#[cfg(test)]
mod tests {
    use super::super::State;
    use super::*;

    /// A made puzzle's solutions by a full search (up to 2) and its regions by square.
    fn solved_and_regions(m: &Made) -> (super::super::solver::Found, Vec<u8>) {
        let p = &m.puzzle;
        let f = super::super::solver::search(p, &State::new(p), u128::MAX, 2, &|| false).unwrap();
        let n = p.side();
        (f, (0..n * n).map(|i| p.region(i) as u8).collect())
    }

    #[test]
    fn lanes_give_the_same_puzzle_on_one_thread_and_on_two() {
        // Requests that run two lanes, whose first end by work done is found by the
        // lanes on a thread each and by one thread running the lane with the least
        // work done next: the same puzzle, the same count of candidates.
        for (n, stars, difficulty, seed) in [
            (17, 3, None, 1),
            (17, 3, None, 2),
            (16, 2, Some(Level::Hard), 4),
        ] {
            let req = Request {
                stars,
                difficulty,
                seed,
                ..Request::new(n)
            };
            assert_eq!(lane_count(n, stars), 2);
            let on = |threads| {
                let settings = Settings {
                    threads,
                    ..Default::default()
                };
                generate(&req, &settings).unwrap().unwrap()
            };
            let one = on(1);
            let two = on(2);
            assert_eq!(one, two, "{req:?}");
            let (found, _) = solved_and_regions(&one);
            assert_eq!(found.count, 1);
            assert_eq!(found.solutions[0], one.solution);
            assert!(difficulty.is_none_or(|d| d == one.grade));
        }
    }

    #[test]
    fn a_move_lets_back_a_met_solution_only_when_every_region_holds_its_stars_again() {
        // 4x4, one star, regions the ranks; the solution with stars on b1, d2, a3, c4.
        let met = vec![vec![1, 7, 8, 14]];
        let mut of: Vec<u8> = (0..16).map(|i| (i / 4) as u8).collect();
        // As if b1 had just moved into rank 1's region: every rank holds one star.
        assert!(grow::lets_back(4, 1, &of, 1, &met));
        // A square the solution has no star on lets nothing back.
        assert!(!grow::lets_back(4, 1, &of, 0, &met));
        // b1 in rank 2's region: that region holds two stars, rank 1's none.
        of[1] = 1;
        assert!(!grow::lets_back(4, 1, &of, 1, &met));
        of[1] = 0;
        // A star outside every region: no solution.
        of[8] = grow::UNSET;
        assert!(!grow::lets_back(4, 1, &of, 1, &met));
        // Nothing remembered, nothing let back.
        of[8] = 2;
        assert!(grow::lets_back(4, 1, &of, 1, &met));
        assert!(!grow::lets_back(4, 1, &of, 1, &[]));
    }

    #[test]
    fn generated_puzzles_are_unique_connected_and_solved_by_their_solution() {
        for (n, k) in [(1, 1), (4, 1), (5, 1), (8, 1), (12, 1), (10, 2)] {
            for seed in 0..3 {
                let r = Request {
                    stars: k,
                    seed,
                    ..Request::new(n)
                };
                let m = generate(&r, &Settings::default()).unwrap().unwrap();
                assert!(m.puzzle.accepts(&m.solution), "n={n} k={k} seed={seed}");
                let (f, of) = solved_and_regions(&m);
                assert_eq!(f.count, 1);
                for g in 0..n as u8 {
                    assert!(connected(n, &of, g), "n={n} seed={seed} region {g}");
                }
                // The same seed, the same puzzle.
                assert_eq!(generate(&r, &Settings::default()).unwrap().unwrap(), m);
            }
        }
        for n in [2, 3] {
            let r = Request::new(n);
            assert_eq!(generate(&r, &Settings::default()).unwrap(), None);
        }
    }

    #[test]
    fn shared_random_solutions_are_solutions_and_give_way_to_new_ones() {
        // The tight 12x12 with three stars (one star in every 2x2 block) takes
        // thousands of nodes a solution, so solutions are shared by candidates.
        let stripes =
            Puzzle::from_regions(12, 3, (0..144).map(|i| (i / 12) as u8).collect()).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut solutions = Solutions::new(12, 3).unwrap();
        let drawn: Vec<Vec<usize>> = (0..60)
            .map(|_| solutions.next(&mut rng, &|| false).unwrap())
            .collect();
        for s in &drawn {
            assert!(stripes.accepts(s), "{s:?}");
        }
        // Runs of the same solution: some shared, none past the cap.
        let mut runs = vec![1usize];
        for w in drawn.windows(2) {
            if w[0] == w[1] {
                *runs.last_mut().unwrap() += 1;
            } else {
                runs.push(1);
            }
        }
        assert!(runs.len() > 1 && runs.len() < 60, "{runs:?}");
        assert!(
            runs.iter().all(|&r| r <= 1 + grow::MAX_SHARED as usize),
            "{runs:?}"
        );
        // Three or more stars only: one-star solutions are never shared.
        let mut solutions = Solutions::new(12, 1).unwrap();
        let drawn: Vec<Vec<usize>> = (0..10)
            .map(|_| solutions.next(&mut rng, &|| false).unwrap())
            .collect();
        assert!(drawn.windows(2).all(|w| w[0] != w[1]));
    }

    #[test]
    fn easy_puzzles_grown_in_order_are_easy_unique_and_within_bounds() {
        for n in [grow::ORDERED_FROM, 25] {
            for seed in 1..=2 {
                let r = Request {
                    difficulty: Some(Level::Easy),
                    seed,
                    ..Request::new(n)
                };
                let m = generate(&r, &Settings::default()).unwrap().unwrap();
                assert_eq!(grade(&m.puzzle), Level::Easy, "n={n} seed={seed}");
                let (f, of) = solved_and_regions(&m);
                assert_eq!(f.count, 1, "n={n} seed={seed}");
                let b = Bounds::new(n, Style::Even, Some(Level::Easy));
                for g in 0..n as u8 {
                    assert!(connected(n, &of, g), "n={n} seed={seed} region {g}");
                    let size = of.iter().filter(|&&x| x == g).count();
                    assert!(
                        size >= b.least && size <= b.most,
                        "n={n} seed={seed}: {size}"
                    );
                }
            }
        }
    }
}
