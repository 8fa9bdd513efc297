//! Engines: interchangeable solvers behind one contract, and `auto`, which picks one.
//!
//! # The contract
//! Every engine implements `Engine` (module `contract`). It declares, once, in one
//! `Declaration`, what it does (its jobs, a summary) and which run-time [`Settings`] it
//! honours; `Engine::prepare` either refuses a job on a [`Problem`] with
//! one sentence or hands back the job ready to run (a `Run`: the runner of the job,
//! holding what the acceptance found), which runs without checking again. `select` is
//! the one way to an engine: it turns an [`EngineChoice`] into a `Prepared` job (engine,
//! problem, runner): a named engine must accept the problem and honour every setting
//! given, or the call is refused with one sentence naming what binds; `auto` takes the
//! first engine in `ENGINES` (fastest first) that accepts the problem, honours the
//! settings and is a good pick (`Engine::auto_picks`). Inside `engine/`, `counts_by_size`
//! (the transfer engine's table of every size) and `orbits` (the exact engine's listing,
//! for region boards) name their engine through `select` too. Outside `engine/` an
//! engine is named only by callers that want local search's random solution (`--random`
//! in `src/cli/hugen.rs`, `random=True` in `python/src/problem.rs`) and by
//! `query::regions`, which wants `exact`'s first-in-order answers.
//!
//! Settings every engine honours: threads (a parallel engine uses exactly that many, a
//! sequential one at most one), a time budget and cancellation (each engine polls
//! `Control::cancelled`, or finishes in time bounded by the problem's size),
//! progress (reported where a job has measurable parts). A step budget and a seed are
//! honoured only where [`Honours`] says so; elsewhere the call is refused.
//!
//! Answers never depend on which engine ran; the tests hold every engine to the same
//! truth table and the same brute-force oracle.
//!
//! | engine | module | what | limits |
//! |---|---|---|---|
//! | `nqueens` | `nqueens` | plain N-queens counting (`n` queens on `n×n`, `min(R,C)` on `R×C`), with symmetry, checkpoints, shards; streamed listing in `exact`'s order | counting and listing; sides up to 64 |
//! | `torus` | `torus` | `n` queens on the `n×n` torus (bitboards with rotating diagonal masks; one canonical solution per orbit of translations and linear maps, weighted by its orbit size), checkpoints, shards | counting only; sides up to 63 |
//! | `amazons` | `amazons` | `n` amazons on `n×n`, `min(R,C)` on `R×C` (row-by-row bitboard counter, eight-fold symmetry on squares) | counting only; sides up to 64 |
//! | `construct` | `construct` | explicit N-queens solution, O(N) | plain queens, solve; `auto` from a side of 12 (or beyond `exact`) |
//! | `complete` | `complete` | queens completion, MRV search, proves "none" | N queens on N×N, solve, N ≤ 1024; `auto` from 12 |
//! | `exact` | `exact` | bitboard backtracking for any mix of kinds | up to 4096 squares (64×64) |
//! | `local` | `local` | random solution / completion by local search | N queens on N×N, solve |
//! | `sat` | `sat` | CNF encoding solved by CaDiCaL; counts by enumeration (slow for large counts) | up to 250,000 (kind, square) variables (500x500 for one kind) |
//! | `rooks`, `diagonals`, `kingblocks`, `transfer`, `queenpoly`, `fewlines`, `fewpieces` | `dp` | counting without enumeration | counting only (`fewlines` in parts too); see `dp` |
//!
//! # What `accepts` checks, and what `auto` means
//! Before an engine sees a job, `accepts` checks its declarations, in this order and
//! each with its own sentence: the engine runs the job (a unique count follows from a
//! count and a compact solution from a solution, for every engine); a step budget is
//! one it counts (`Engine::counts_steps`); a seed is one it takes; a compact (`perm`)
//! solution is asked of queens only; a board beyond the rectangle goes only to an
//! engine that declares `handles_terrain`; then the engine's own `Engine::prepare` on the base
//! job. `select` runs this for a named engine (a refusal is `Error::EngineRefuses`) or,
//! for `auto`, for each engine of `ENGINES` in turn: the first that accepts and whose
//! `auto_picks` agrees runs; with none, `Error::NoEngine` carries the refusal of the
//! most general engine for the job (the last one that runs it and decides). Policy sits
//! only in `auto_picks` (`sat`: `solve` on 400 squares or more; `fewlines`: the sizes
//! where it was measured faster; `construct` and `complete`: sides of 12 or more, where
//! they beat `exact`, whose first-in-order answer `auto` keeps on small boards); a
//! named engine runs whatever it can.
//!
//! # The runners' defaults
//! A runner has the methods of its job only (`contract`'s table): no engine has a
//! method for a job it does not run. Defaults: `solve_perm` and `enumerate_perm`
//! convert the placements of `solve` and `enumerate`; `write_perm` writes
//! `solve_perm`'s answer; `count_unique` is Burnside's lemma over
//! `symmetry::symmetries` with the runner's own count for the identity. `exact` and
//! `sat` solve by the first solution they list (`first_listed`). Overrides: `nqueens`
//! (`count_unique` by the join's Burnside or the backtracker's classes,
//! `enumerate_perm` as ranks without a `Placement` each), `amazons` (`count_unique`
//! from the orbits its search finds), `transfer` (`counts_by_size`, its whole table),
//! `construct` (`solve_perm`, and `write_perm` streaming the ranks), `complete` and
//! `local` (`solve_perm`, on a `Perm` natively).
//!
//! # Stops and give-ups
//! `Control::finish` turns an engine's `Error::Interrupted` into `Error::Budget` when the
//! time budget has passed or a step budget was set, and leaves it for the caller's
//! cancel. When `local`, which cannot prove "none" (its `Declaration::decides` is false), gives up
//! on its own limit (`Error::GaveUp`), `run` hands the job to an engine that decides and
//! accepts it (the first `auto` would pick, else the first in `ENGINES`: `complete`,
//! `sat`, `exact`), so "no solution" is proved; with none the give-up says why.

pub(crate) mod amazons;
pub(crate) mod complete;
pub(crate) mod construct;
mod contract;
pub(crate) mod dp;
pub(crate) mod exact;
pub(crate) mod local;
mod name;
pub(crate) mod nqueens;
pub use nqueens::join::tuning::{
    Caches, Kernel as SieveKernel, SieveTuning, machine, processor_name,
};
#[cfg(not(target_arch = "wasm32"))]
pub use nqueens::join::tuning::{WORKLOAD as CALIBRATION_WORKLOAD, calibrate, save, saved};
pub(crate) mod orbits;
pub mod parts;
#[cfg(feature = "sat")]
pub(crate) mod sat;
mod settings;
pub(crate) mod torus;
/// Measurements of the torus search that bench/ runs (the `measure` feature).
#[cfg(feature = "measure")]
#[doc(hidden)]
pub use torus::measure as torus_measure;

use std::ops::ControlFlow;
use std::str::FromStr;

pub use name::EngineName;

use num_bigint::BigUint;

use crate::error::Error;
use crate::perm::Perm;
use crate::problem::{Placement, Problem};

pub use contract::Honours;
pub(crate) use contract::{
    Count, CountParts, Declaration, Engine, List, Prepared, Run, Sink, Solve, first_listed,
};

pub use parts::Method;
pub use parts::Tally;
pub use parts::{Merged, PlanId, Shard, ShardResult, UniqueRule, merge};
pub use settings::MAX_THREADS;
pub(crate) use settings::{Control, seconds};
pub use settings::{Progress, Settings};

pub use crate::job::Job;

/// How a long count is split and kept: for [`count_parts`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// Record finished parts in this file and resume from it.
    pub checkpoint: Option<std::path::PathBuf>,
    /// Count only this part `I/K` of the work (a shard for [`merge`]).
    pub shard: Option<Shard>,
    /// The counting method (N-queens: the half-board join or backtracking); `None`:
    /// that of an existing checkpoint, else the fastest.
    pub method: Option<Method>,
    /// Also give the count up to symmetry (of a whole count).
    pub unique: bool,
    /// Write a manifest of the parts (`parts::manifest`): a line per task with its
    /// subtotal and cost; a shard's result then carries its parts too, for a merged
    /// manifest.
    pub manifest: Option<parts::manifest::Target>,
    /// Count only these tasks of this plan, refusing another plan (a re-check, see
    /// `parts::manifest::recheck`).
    pub recount: Option<parts::manifest::Recount>,
}

/// What [`count_parts`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct PartsReport {
    /// Solutions counted (by the shard, when it is one).
    pub total: BigUint,
    /// Solutions up to symmetry, when asked for a whole count.
    pub unique: Option<BigUint>,
    /// The method used.
    pub method: Method,
    /// Parts (tasks) counted by this run or found done in the checkpoint.
    pub tasks: usize,
    /// Of those, the parts found done in the checkpoint.
    pub resumed: usize,
    /// The shard's result, for [`merge`], when a shard was asked for.
    pub shard: Option<ShardResult>,
    /// Threads used.
    pub threads: usize,
    /// The plan counted.
    pub plan: PlanId,
    /// The subtotal and cost of every task counted (with a manifest, also those of an
    /// earlier run resumed from its checkpoint), by id; `None` when tasks were resumed
    /// from a checkpoint without a manifest.
    pub parts: Option<Vec<parts::manifest::Part>>,
}

/// Which engine to use: `auto`, or one engine by name (see [`engine_names`]).
///
/// ```
/// use queens::EngineChoice;
/// assert_eq!("auto".parse::<EngineChoice>().unwrap(), EngineChoice::Auto);
/// use queens::EngineName;
/// assert_eq!("exact".parse::<EngineChoice>().unwrap(), EngineChoice::Named(EngineName::Exact));
/// assert!("magic".parse::<EngineChoice>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineChoice {
    /// The fastest engine that accepts the problem.
    #[default]
    Auto,
    /// The engine of this name.
    Named(EngineName),
}

/// The names `--engine` accepts: `auto` and every engine's name, in `auto`'s order.
pub fn engine_names() -> Vec<&'static str> {
    std::iter::once("auto")
        .chain(ENGINES.iter().map(|e| e.name()))
        .collect()
}

impl FromStr for EngineChoice {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        if s == "auto" {
            return Ok(EngineChoice::Auto);
        }
        EngineName::parse(s)
            .filter(|n| ENGINES.iter().any(|e| e.name() == n.as_str()))
            .map(EngineChoice::Named)
            .ok_or_else(|| unknown_engine(s))
    }
}

/// Why no engine is called `name`: one left out of this build, or no such engine.
fn unknown_engine(name: &str) -> Error {
    #[cfg(not(feature = "sat"))]
    if name == "sat" {
        return Error::Unsupported(
            "the sat engine is not built in (the library was built without its `sat` feature)"
                .into(),
        );
    }
    Error::UnknownEngine {
        name: name.to_string(),
        known: engine_names(),
    }
}

/// Every engine, in the order `auto` tries them (fastest first).
///
/// The counting methods of [`dp`] come first (each accepts only the problems it counts
/// exactly, `count` only), then the dedicated queens engines. `sat` is picked by `auto`
/// only to find one solution on boards of 400 squares or more that the dedicated queens
/// engines before it do not take, where it was measured faster than `exact` (see [`sat`]).
pub(crate) static ENGINES: &[&dyn Engine] = &[
    &dp::rooks::RooksEngine,
    &dp::diagonals::DiagonalsEngine,
    &dp::kingblocks::KingBlocksEngine,
    &nqueens::NQueensEngine,
    &torus::TorusEngine,
    &amazons::AmazonsEngine,
    &dp::transfer::TransferEngine,
    &dp::queenpoly::QueenPolyEngine,
    &dp::fewlines::FewLinesEngine,
    &dp::fewpieces::FewPiecesEngine,
    &construct::ConstructEngine,
    &complete::CompleteEngine,
    #[cfg(feature = "sat")]
    &sat::SatEngine,
    &exact::ExactEngine,
    &local::LocalEngine,
];

fn runs(engine: &dyn Engine, job: Job) -> bool {
    // A unique count derives from a count (Burnside), a compact solution from a
    // solution (converted), for every engine that runs the base job.
    let jobs = engine.declaration().jobs;
    jobs.contains(&job)
        || (job == Job::CountUnique && jobs.contains(&Job::Count))
        || (job == Job::SolvePerm && jobs.contains(&Job::Solve))
}

/// `job` on `problem` with `ctl`'s settings as `engine` prepares it, or the one
/// sentence saying why it cannot run it.
fn accepts<'p>(
    engine: &dyn Engine,
    problem: &'p Problem,
    job: Job,
    ctl: &Control,
) -> Result<Run<'p>, String> {
    let declared = engine.declaration();
    let name = declared.name;
    if !runs(engine, job) {
        let jobs: Vec<&str> = declared.jobs.iter().map(|j| j.name()).collect();
        // A compact solve is the user's `solve`: name that.
        let asked = if job == Job::SolvePerm {
            Job::Solve
        } else {
            job
        };
        return Err(format!(
            "the {name} engine does not run `{}` (it runs: {})",
            asked.name(),
            jobs.join(", ")
        ));
    }
    if ctl.step_budget.is_some() && !engine.counts_steps(job) {
        return Err(format!(
            "the {name} engine does not take a step budget for `{}` (give a time budget instead)",
            job.name()
        ));
    }
    if ctl.seed.is_some() && !declared.honours.seed {
        return Err(format!(
            "the {name} engine is deterministic and takes no seed"
        ));
    }
    if job == Job::SolvePerm && !problem.is_queens_only() {
        return Err("a compact (perm) solution holds queens only".to_string());
    }
    if !problem.terrain().is_plain() && !declared.handles_terrain {
        return Err(format!(
            "the {name} engine works on plain rectangular boards (no holes, blockers, torus or regions)"
        ));
    }
    // More pieces than free squares: no solution, answered without the engine (which
    // need not take such problems, and would search for nothing).
    if problem.overfull().is_some() {
        return Ok(Nothing::run(job.base()));
    }
    let run = engine.prepare(problem, job.base())?;
    debug_assert_eq!(
        run.job(),
        job.base(),
        "the {name} engine prepared another job"
    );
    Ok(run)
}

/// Why each engine accepts or refuses a job, as `queens engines` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineReport {
    /// The engine's name.
    pub name: &'static str,
    /// What it does.
    pub summary: &'static str,
    /// The jobs it runs.
    pub jobs: Vec<Job>,
    /// The optional settings it honours.
    pub honours: Honours,
    /// Per job of [`Job::ALL`]: `Ok(auto_picks)` when it accepts the problem (and
    /// whether `auto` would consider it), or why not.
    pub verdicts: Vec<(Job, Result<bool, String>)>,
}

/// Every engine with its verdict on `problem` for every job, in `auto`'s order.
///
/// ```
/// let report = queens::engine::engines(&queens::Problem::queens(8).unwrap(), &Default::default());
/// let nq = report.iter().find(|e| e.name == "nqueens").unwrap();
/// assert!(nq.verdicts.iter().any(|(j, v)| *j == queens::Job::Count && v.is_ok()));
/// ```
pub fn engines(problem: &Problem, settings: &Settings) -> Vec<EngineReport> {
    let ctl = Control::new(settings);
    ENGINES
        .iter()
        .map(|e| EngineReport {
            name: e.declaration().name,
            summary: e.declaration().summary,
            jobs: Job::ALL.into_iter().filter(|&j| runs(*e, j)).collect(),
            honours: e.declaration().honours,
            verdicts: Job::ALL
                .into_iter()
                .map(|j| {
                    (
                        j,
                        accepts(*e, problem, j, &ctl).map(|_| e.auto_picks(problem, j)),
                    )
                })
                .collect(),
        })
        .collect()
}

/// `job` on `problem` prepared by the engine `choice` picks, or why none can run it
/// with these settings: the one way to an engine.
pub(crate) fn select<'p>(
    choice: EngineChoice,
    problem: &'p Problem,
    job: Job,
    ctl: &Control,
) -> Result<Prepared<'p>, Error> {
    if let EngineChoice::Named(name) = choice {
        let engine = ENGINES
            .iter()
            .copied()
            .find(|e| e.name() == name.as_str())
            .ok_or_else(|| unknown_engine(name.as_str()))?;
        return accepts(engine, problem, job, ctl)
            .map(|run| Prepared::new(engine, problem, run))
            .map_err(|reason| Error::EngineRefuses {
                engine: engine.name(),
                reason,
            });
    }
    let mut general = None;
    for engine in ENGINES.iter().copied() {
        match accepts(engine, problem, job, ctl) {
            Ok(run) if engine.auto_picks(problem, job) => {
                return Ok(Prepared::new(engine, problem, run));
            }
            Ok(_) => {}
            // The refusal that binds is that of the most general engine for the job:
            // the last one that runs it and can decide it (`exact` for most jobs); with a
            // seed (a random answer asked for), the last one that draws random numbers.
            Err(why) if runs(engine, job) && binds(engine, ctl) => general = Some(why),
            Err(_) => {}
        }
    }
    Err(Error::NoEngine {
        job,
        reason: general.unwrap_or_else(|| format!("no engine {} this problem", job.verb())),
    })
}

/// The runner of a problem with more pieces than free squares: no solution. `run`
/// answers such problems without an engine (counts in parts by this runner); it
/// stands in for the engine's so that every engine that runs the job takes them
/// alike, whatever their kinds (`queens engines` says so).
struct Nothing;

impl Nothing {
    fn run<'p>(base: Job) -> Run<'p> {
        match base {
            Job::Solve => Run::Solve(Box::new(Nothing)),
            Job::Enumerate => Run::List(Box::new(Nothing)),
            Job::CountParts => Run::Parts(Box::new(Nothing)),
            _ => Run::Count(Box::new(Nothing)),
        }
    }
}

impl Solve for Nothing {
    fn solve(&self, _problem: &Problem, _ctl: &Control) -> Result<Option<Placement>, Error> {
        Ok(None)
    }
}

impl List for Nothing {
    fn enumerate(&self, _problem: &Problem, _ctl: &Control, _sink: &mut Sink) -> Result<(), Error> {
        Ok(())
    }
}

impl CountParts for Nothing {
    /// A whole count of 0 in no parts, by an empty plan of no engine (`none`); a
    /// shard, checkpoint, method, manifest or recount is refused: there is nothing to
    /// split, keep or recount.
    fn count_parts(
        &self,
        problem: &Problem,
        _ctl: &Control,
        parts: &Parts,
    ) -> Result<PartsReport, Error> {
        if parts.shard.is_some()
            || parts.checkpoint.is_some()
            || parts.method.is_some()
            || parts.manifest.is_some()
            || parts.recount.is_some()
        {
            return Err(Error::Unsupported(format!(
                "{}, so it has no solution and no parts to count: count it without a shard, checkpoint, method or manifest",
                problem.overfull().unwrap_or_default()
            )));
        }
        let board = problem.board();
        Ok(PartsReport {
            total: BigUint::default(),
            unique: parts.unique.then(BigUint::default),
            method: Method::Exact,
            tasks: 0,
            resumed: 0,
            shard: None,
            threads: 1,
            plan: PlanId {
                engine: "none".into(),
                problem: format!("{board} {}", crate::problem::format_spec(problem.pieces())),
                rows: board.rows(),
                cols: board.cols(),
                method: Method::Exact,
                fingerprint: String::new(),
                tasks: 0,
                divisor: 1,
                unique: UniqueRule::Summed,
            },
            parts: Some(Vec::new()),
        })
    }
}

impl Count for Nothing {
    fn count(&self, _problem: &Problem, _ctl: &Control) -> Result<BigUint, Error> {
        Ok(BigUint::default())
    }

    fn count_unique(&self, _problem: &Problem, _ctl: &Control) -> Result<BigUint, Error> {
        Ok(BigUint::default())
    }
}

/// Whether `problem`'s fixed pieces attack each other, so that it has no solution.
fn clashes(problem: &Problem) -> bool {
    crate::verdict::fixed_clashes(problem, 0).1 > 0
}

/// Whether `engine`'s refusal is the one `auto` names: the deciding engines' without a
/// seed, the random ones' with one.
fn binds(engine: &dyn Engine, ctl: &Control) -> bool {
    if ctl.seed.is_some() {
        engine.declaration().honours.seed
    } else {
        engine.declaration().decides
    }
}

/// Runs `run` on `job` as the engine `choice` picks prepares it, telling `ctl`'s
/// listener which engine runs. When an engine that cannot prove "none" gives up (local
/// search, on its own limit and not a budget), the job goes on to the first engine
/// after it that can decide the problem; when there is none the [`Error::GaveUp`]
/// stands.
pub(crate) fn run<T>(
    choice: EngineChoice,
    problem: &Problem,
    job: Job,
    ctl: &Control,
    none: Option<T>,
    run: impl Fn(&Prepared) -> Result<T, Error>,
) -> Result<T, Error> {
    let prepared = select(choice, problem, job, ctl)?;
    let engine = prepared.engine();
    // More pieces than free squares: no solution, from no engine (after the
    // selection, so that a setting the engine does not take is still named).
    if problem.overfull().is_some() {
        return match none {
            Some(none) => Ok(none),
            None => run(&prepared),
        };
    }
    ctl.announce(engine.name());
    // Fixed pieces that attack each other: no solution (`none`), without a search
    // (after the selection, so that a bad input is still named). Counts in parts run
    // (`none` is `None`): their checkpoints and shards say what they counted.
    if let Some(none) = none.filter(|_| clashes(problem)) {
        return Ok(none);
    }
    let result = ctl.finish(run(&prepared));
    let Err(Error::GaveUp {
        engine: quitter,
        reason,
    }) = result
    else {
        return result;
    };
    // The seed was the random engine's; an engine that decides needs none.
    let decide = Control { seed: None, ..*ctl };
    // The first deciding engine `auto` would pick, else the first that accepts.
    let mut decider = None;
    for e in ENGINES.iter().copied() {
        if !e.declaration().decides || e.name() == engine.name() {
            continue;
        }
        if let Ok(r) = accepts(e, problem, job, &decide) {
            let picks = e.auto_picks(problem, job);
            if picks || decider.is_none() {
                decider = Some(Prepared::new(e, problem, r));
            }
            if picks {
                break;
            }
        }
    }
    match decider {
        Some(p) => {
            decide.announce(p.engine().name());
            decide.finish(run(&p))
        }
        None => {
            let why: Vec<String> = ENGINES
                .iter()
                .copied()
                .filter(|e| e.declaration().decides && runs(*e, job))
                .filter_map(|e| accepts(e, problem, job, &decide).err())
                .collect();
            Err(Error::GaveUp {
                engine: quitter,
                reason: format!(
                    "{reason}, and no engine that can decide takes it: {}",
                    why.join("; ")
                ),
            })
        }
    }
}

/// Whether the engine `choice` picks for counting `problem` counts without listing
/// every solution (so that a count is as cheap as asking for one solution).
pub(crate) fn counts_fast(problem: &Problem, choice: EngineChoice, ctl: &Control) -> bool {
    select(choice, problem, Job::Count, ctl).is_ok_and(|p| p.engine().counts_fast())
}

/// For one kind of leaper alone: the number of placements of every size `0..=k` (with
/// the fixed pieces), from one transfer-matrix run; `None` when that method does not
/// take the problem.
pub(crate) fn counts_by_size(
    problem: &Problem,
    ctl: &Control,
) -> Option<Result<Vec<BigUint>, Error>> {
    if problem.pieces().len() != 1 {
        return None;
    }
    // The table is one run bounded by the board, which this query has always taken
    // whatever step budget or seed the walk over sizes gets: they do not bind here.
    let table = Control {
        step_budget: None,
        seed: None,
        ..*ctl
    };
    let prepared = select(
        EngineChoice::Named(EngineName::Transfer),
        problem,
        Job::Count,
        &table,
    )
    .ok()?;
    prepared.counts_by_size(ctl).map(|table| ctl.finish(table))
}

/// [`count`] inside a job that has started (`ctl`'s clock runs).
pub(crate) fn count_with(
    problem: &Problem,
    choice: EngineChoice,
    ctl: &Control,
) -> Result<BigUint, Error> {
    count_or_unique_with(problem, choice, ctl, false)
}

/// [`count`], or [`count_unique`] when `unique`, inside a job that has started.
pub(crate) fn count_or_unique_with(
    problem: &Problem,
    choice: EngineChoice,
    ctl: &Control,
    unique: bool,
) -> Result<BigUint, Error> {
    let job = if unique { Job::CountUnique } else { Job::Count };
    run(choice, problem, job, ctl, Some(BigUint::default()), |p| {
        if unique {
            p.count_unique(ctl)
        } else {
            p.count(ctl)
        }
    })
}

/// [`solve`] inside a job that has started (`ctl`'s clock runs).
pub(crate) fn solve_with(
    problem: &Problem,
    choice: EngineChoice,
    ctl: &Control,
) -> Result<Option<Placement>, Error> {
    run(choice, problem, Job::Solve, ctl, Some(None), |p| {
        p.solve(ctl)
    })
}

/// Whether `problem` has a solution: by a counting method when one takes it (as cheap
/// as a search and sometimes the only way), else by a search for one.
pub(crate) fn has_solution(
    problem: &Problem,
    choice: EngineChoice,
    ctl: &Control,
) -> Result<bool, Error> {
    use num_traits::Zero;
    if counts_fast(problem, choice, ctl) || select(choice, problem, Job::Solve, ctl).is_err() {
        Ok(!count_with(problem, choice, ctl)?.is_zero())
    } else {
        Ok(solve_with(problem, choice, ctl)?.is_some())
    }
}

/// Finds one solution of `problem` with the chosen engine.
///
/// ```
/// use queens::{solve, EngineChoice, Problem, Settings};
/// let p = Problem::queens(8).unwrap();
/// let s = solve(&p, EngineChoice::Auto, &Settings::default()).unwrap().unwrap();
/// assert!(p.accepts(&s));
/// ```
pub fn solve(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
) -> Result<Option<Placement>, Error> {
    let ctl = Control::start(settings)?;
    run(choice, problem, Job::Solve, &ctl, Some(None), |p| {
        p.solve(&ctl)
    })
}

/// Finds one solution of a queens-only `problem` as a compact [`Perm`] (one rank per
/// file), for boards far beyond what a [`Placement`] holds comfortably.
///
/// ```
/// use queens::{solve_perm, EngineChoice, Problem, Settings};
/// let p = solve_perm(&Problem::queens(1_000_000).unwrap(), EngineChoice::Auto, &Settings::default())
///     .unwrap().unwrap();
/// assert!(p.is_valid() && p.queens() == 1_000_000);
/// ```
pub fn solve_perm(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
) -> Result<Option<Perm>, Error> {
    let ctl = Control::start(settings)?;
    run(choice, problem, Job::SolvePerm, &ctl, Some(None), |p| {
        p.solve_perm(&ctl)
    })
}

/// Writes one solution of a queens-only `problem` to `out` in the `perm` text form (the
/// rank of the queen on each file, 1-based, 0 for none, on one line); `Ok(false)` when
/// there is none. Engines that compute a rank per file (the construction) stream it, so
/// that 10^8 queens need no memory for the answer.
///
/// ```
/// use queens::{engine::write_perm, EngineChoice, Problem, Settings};
/// let mut out = Vec::new();
/// assert!(write_perm(&Problem::queens(8).unwrap(), EngineChoice::Auto, &Settings::default(), &mut out).unwrap());
/// assert_eq!(out.split(|&b| b == b' ').count(), 8);
/// ```
pub fn write_perm(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
    out: &mut dyn std::io::Write,
) -> Result<bool, Error> {
    let ctl = Control::start(settings)?;
    // The closure may run twice (after a give-up), so the output is only written by
    // the engine that answers: a give-up writes nothing.
    let out = std::cell::RefCell::new(out);
    run(choice, problem, Job::SolvePerm, &ctl, Some(false), |p| {
        p.write_perm(&ctl, &mut **out.borrow_mut())
    })
}

/// Streams every solution of `problem` to `sink` until it returns `Break`.
///
/// ```
/// use std::ops::ControlFlow;
/// use queens::{enumerate, EngineChoice, Problem, Settings};
/// let mut n = 0;
/// enumerate(&Problem::queens(6).unwrap(), EngineChoice::Auto, &Settings::default(), &mut |_| {
///     n += 1;
///     ControlFlow::Continue(())
/// }).unwrap();
/// assert_eq!(n, 4);
/// ```
pub fn enumerate(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
    sink: &mut dyn FnMut(&Placement) -> ControlFlow<()>,
) -> Result<(), Error> {
    let ctl = Control::start(settings)?;
    // `run`'s closure is `Fn` (it may run again after a give-up): the sink is lent.
    let sink = std::cell::RefCell::new(sink);
    run(choice, problem, Job::Enumerate, &ctl, Some(()), |p| {
        p.enumerate(&ctl, &mut **sink.borrow_mut())
    })
}

/// Streams every solution of a queens-only `problem` to `sink`, in the order of
/// [`enumerate`], as the 0-based rank of the queen on each file ([`crate::perm::EMPTY`]
/// for a file without one), until it returns `Break`: the [`Perm`] form, without a
/// [`Placement`] (an allocation) per solution. Plain N-queens goes to the `nqueens`
/// engine, which lists millions of solutions a second this way; other engines'
/// placements are converted. Problems with other kinds are refused
/// ([`Error::Unsupported`]), as is a solution with two queens on one file (possible
/// only between blockers).
///
/// ```
/// use std::ops::ControlFlow;
/// use queens::{engine::enumerate_perm, EngineChoice, Problem, Settings};
/// let mut all = Vec::new();
/// enumerate_perm(&Problem::queens(4).unwrap(), EngineChoice::Auto, &Settings::default(), &mut |ranks| {
///     all.push(ranks.to_vec());
///     ControlFlow::Continue(())
/// }).unwrap();
/// // Qa3 Qb1 Qc4 Qd2 (rank 1's queen on file b), then Qa2 Qb4 Qc1 Qd3; ranks from 0.
/// assert_eq!(all, [[2, 0, 3, 1], [1, 3, 0, 2]]);
/// ```
pub fn enumerate_perm(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
    sink: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Result<(), Error> {
    if !problem.is_queens_only() {
        return Err(Error::Unsupported(
            "a rank per file holds queens only; list other pieces as placements".into(),
        ));
    }
    let ctl = Control::start(settings)?;
    let sink = std::cell::RefCell::new(sink);
    run(choice, problem, Job::Enumerate, &ctl, Some(()), |p| {
        p.enumerate_perm(&ctl, &mut **sink.borrow_mut())
    })
}

/// Counts the solutions of `problem` exactly.
///
/// ```
/// use queens::{count, EngineChoice, Problem, Settings};
/// let n = count(&Problem::queens(8).unwrap(), EngineChoice::Auto, &Settings::default()).unwrap();
/// assert_eq!(n, 92u32.into());
/// ```
pub fn count(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
) -> Result<BigUint, Error> {
    let ctl = Control::start(settings)?;
    run(
        choice,
        problem,
        Job::Count,
        &ctl,
        Some(BigUint::default()),
        |p| p.count(&ctl),
    )
}

/// Counts the solutions of `problem` distinct up to the board's rotations and
/// reflections that keep every kind's moves and the fixed pieces (Burnside's lemma; the
/// N-queens and amazons counters have faster ways of their own).
///
/// ```
/// use queens::{count_unique, EngineChoice, Problem, Settings};
/// let n = count_unique(&Problem::queens(8).unwrap(), EngineChoice::Auto, &Settings::default()).unwrap();
/// assert_eq!(n, 12u32.into());
/// ```
pub fn count_unique(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
) -> Result<BigUint, Error> {
    let ctl = Control::start(settings)?;
    run(
        choice,
        problem,
        Job::CountUnique,
        &ctl,
        Some(BigUint::default()),
        |p| p.count_unique(&ctl),
    )
}

/// Counts the solutions of `problem` in parts that survive a kill (`parts.checkpoint`)
/// or run apart (`parts.shard`, added up by [`merge`]); only engines that plan their
/// work in parts take it (`nqueens`, `torus`, `amazons`, `exact`, `fewlines`).
///
/// ```
/// use queens::{engine::{count_parts, Parts}, EngineChoice, Problem, Settings};
/// let r = count_parts(&Problem::queens(8).unwrap(), EngineChoice::Auto, &Settings::default(),
///     &Parts { unique: true, ..Default::default() }).unwrap();
/// assert_eq!((r.total, r.unique), (92u32.into(), Some(12u32.into())));
/// ```
pub fn count_parts(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
    parts: &Parts,
) -> Result<PartsReport, Error> {
    let ctl = Control::start(settings)?;
    run(choice, problem, Job::CountParts, &ctl, None, |p| {
        p.count_parts(&ctl, parts)
    })
}

/// The name of the engine `choice` picks for `job` on `problem` with `settings`, or why
/// none can run it.
///
/// ```
/// use queens::{engine::picked, EngineChoice, Job, Problem, Settings};
/// let p = Problem::queens(8).unwrap();
/// assert_eq!(picked(EngineChoice::Auto, &p, Job::Count, &Settings::default()).unwrap(), "nqueens");
/// assert!(picked(EngineChoice::Named(queens::EngineName::Exact), &Problem::queens(100).unwrap(), Job::Count, &Settings::default()).is_err());
/// ```
pub fn picked(
    choice: EngineChoice,
    problem: &Problem,
    job: Job,
    settings: &Settings,
) -> Result<&'static str, Error> {
    let ctl = Control::start(settings)?;
    select(choice, problem, job, &ctl).map(|p| p.engine().name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Catalog, terrain::Terrain};

    fn problem(board: &str, spec: &str, fixed: &str) -> Problem {
        Problem::parse(board, Some(spec), Some(fixed), &Catalog::standard()).unwrap()
    }

    /// Every engine prepares, for each job it declares, the runner of that job's base
    /// job (the one seam where a mismatch would be an internal error), and each
    /// declared job is prepared on at least one of these problems.
    #[test]
    fn every_engine_prepares_the_runner_of_its_jobs() {
        let torus = {
            let p = problem("6", "6Q", "");
            let t = Terrain::new(p.board()).with_torus(true);
            p.with_terrain(t).unwrap()
        };
        let problems = [
            problem("8", "8Q", ""),
            problem("5x7", "5Q", ""),
            problem("12", "12Q", ""),
            problem("8", "8Q", "Qa1"),
            problem("6", "6A", ""),
            problem("4", "4K", ""),
            problem("5", "3N", ""),
            problem("6", "4B", ""),
            problem("5x6", "3R", ""),
            problem("8", "4Q", ""),
            problem("5", "N,B", ""),
            torus,
        ];
        let ctl = Control::default();
        for e in ENGINES.iter().copied() {
            for job in Job::ALL.into_iter().filter(|&j| runs(e, j)) {
                let mut prepared = 0;
                for p in &problems {
                    if let Ok(run) = accepts(e, p, job, &ctl) {
                        assert_eq!(run.job(), job.base(), "{} {job:?}", e.name());
                        prepared += 1;
                    }
                }
                assert!(prepared > 0, "{} prepared no {job:?}", e.name());
            }
        }
    }
}
