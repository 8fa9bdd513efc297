//! Engines: interchangeable solvers behind one interface, and `auto`, which picks one.
//!
//! Every engine implements [`Engine`]: it says whether it can run a [`Job`] on a
//! [`Problem`] ([`Engine::check`]) and then runs it. [`select`] turns an
//! [`EngineChoice`] into an engine: a named choice must accept the problem, `auto` takes
//! the first engine in [`ENGINES`] (fastest first) that does and that is a good pick for
//! it ([`Engine::auto_picks`]). Answers never depend on
//! which engine ran; the tests hold every engine to the same truth table.
//!
//! | engine | module | what | limits |
//! |---|---|---|---|
//! | `nqueens` | [`nqueens`] | plain N-queens counting (`n` queens on `n×n`, `min(R,C)` on `R×C`), with symmetry, checkpoints, shards | counting only; sides up to 64 |
//! | `amazons` | [`amazons`] | `n` amazons on `n×n`, `min(R,C)` on `R×C` (row-by-row bitboard counter, eight-fold symmetry on squares) | counting only; sides up to 64 |
//! | `construct` | [`construct`] | explicit N-queens solution, O(N) | plain queens, solve; `auto` from a side of 12 (or beyond `exact`) |
//! | `complete` | [`complete`] | queens completion, MRV search, proves "none" | N queens on N×N, solve, 12 ≤ N ≤ 1024 |
//! | `exact` | [`exact`] | bitboard backtracking for any mix of kinds | up to 4096 squares (64×64) |
//! | `local` | [`local`] | random solution / completion by local search | N queens on N×N, solve |
//! | `sat` | [`sat`] | CNF encoding solved by CaDiCaL; counts by enumeration (slow for large counts) | up to 250,000 (kind, square) variables (500x500 for one kind) |
//! | `rooks`, `diagonals`, `kingblocks`, `transfer`, `fewlines` | [`dp`] | counting without enumeration | count only; see [`dp`] |

pub mod amazons;
pub mod complete;
pub mod construct;
pub mod dp;
pub mod exact;
pub mod local;
pub mod nqueens;
pub mod sat;

use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

use num_bigint::BigUint;

use crate::error::Error;
use crate::problem::{Placement, Problem};

/// What is asked of an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// Find one solution.
    Solve,
    /// Stream every solution.
    Enumerate,
    /// Count the solutions exactly.
    Count,
}

/// How far a long job has come: `done` of `total` units of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Units finished.
    pub done: u64,
    /// Units in all.
    pub total: u64,
}

/// Run-time settings shared by all engines: threads, progress reports, cancellation.
///
/// ```
/// let ctl = queens::Control::default();
/// assert_eq!(ctl.threads, 0); // 0 means all cores
/// ```
#[derive(Default)]
pub struct Control<'a> {
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// Called now and then with the progress of a long job.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    /// When set to true, the job stops soon with [`Error::Interrupted`].
    pub cancel: Option<&'a AtomicBool>,
}

impl Control<'_> {
    /// Whether the caller asked the job to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Reports progress, if anyone listens.
    pub fn report(&self, done: u64, total: u64) {
        if let Some(f) = self.progress {
            f(Progress { done, total });
        }
    }

    /// The number of worker threads to use.
    pub fn thread_count(&self) -> usize {
        if self.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            self.threads
        }
    }

    /// Runs `work` with rayon's parallel iterators on [`thread_count`](Self::thread_count)
    /// threads: in the global pool when it has that many, else in a pool of its own.
    pub(crate) fn in_pool<R: Send>(
        &self,
        work: impl FnOnce() -> Result<R, Error> + Send,
    ) -> Result<R, Error> {
        let threads = self.thread_count();
        if threads == rayon::current_num_threads() {
            work()
        } else {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| Error::Unsupported(format!("cannot start threads: {e}")))?
                .install(work)
        }
    }
}

/// A solver. See the [module docs](self) for the list.
pub trait Engine: Sync {
    /// The engine's name, as `--engine` spells it.
    fn name(&self) -> &'static str;

    /// `Ok(())` when this engine can run `job` on `problem`, else why not.
    fn check(&self, problem: &Problem, job: Job) -> Result<(), String>;

    /// The first solution in the engine's (deterministic) order, or `None`. By default
    /// the first solution [`Engine::enumerate`] yields.
    fn solve(&self, problem: &Problem, ctl: &Control) -> Result<Option<Placement>, Error> {
        let mut found = None;
        self.enumerate(problem, ctl, &mut |p| {
            found = Some(p.clone());
            ControlFlow::Break(())
        })?;
        Ok(found)
    }

    /// Calls `sink` with every solution, in order, until it returns `Break`. By default
    /// the job is refused: engines that only count or only find one solution keep it.
    fn enumerate(
        &self,
        _problem: &Problem,
        _ctl: &Control,
        _sink: &mut dyn FnMut(&Placement) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        Err(Error::Unsupported(format!(
            "the {} engine does not list solutions",
            self.name()
        )))
    }

    /// The exact number of solutions. By default the job is refused.
    fn count(&self, _problem: &Problem, _ctl: &Control) -> Result<BigUint, Error> {
        Err(Error::Unsupported(format!(
            "the {} engine does not count solutions",
            self.name()
        )))
    }

    /// Whether `auto` may pick this engine for `job` on `problem` (once [`Engine::check`]
    /// accepts it). An engine that is fast only on a class of problems, as measured, says
    /// which here, and `auto` passes it by elsewhere; naming it still runs it.
    fn auto_picks(&self, _problem: &Problem, _job: Job) -> bool {
        true
    }
}

/// Which engine to use: `auto`, or one engine by name (see [`ENGINES`]).
///
/// ```
/// use queens::EngineChoice;
/// assert_eq!("auto".parse::<EngineChoice>().unwrap(), EngineChoice::Auto);
/// assert_eq!("exact".parse::<EngineChoice>().unwrap(), EngineChoice::Named("exact"));
/// assert!("magic".parse::<EngineChoice>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// The fastest engine that accepts the problem.
    #[default]
    Auto,
    /// The engine of this name.
    Named(&'static str),
}

/// The names `--engine` accepts: `auto` and every engine's name.
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
        ENGINES
            .iter()
            .find(|e| e.name() == s)
            .map(|e| EngineChoice::Named(e.name()))
            .ok_or_else(|| {
                Error::Unsupported(format!(
                    "unknown engine '{s}': the engines are {}",
                    engine_names().join(", ")
                ))
            })
    }
}

/// Every engine, in the order `auto` tries them (fastest first).
///
/// The counting methods of [`dp`] come first (each accepts only the problems it counts
/// exactly, `count` only), then the dedicated queens engines. `sat` is picked by `auto`
/// only to find one solution on boards of 400 squares or more that the dedicated queens
/// engines before it do not take, where it was measured faster than `exact` (see [`sat`]).
pub static ENGINES: &[&dyn Engine] = &[
    &dp::rooks::RooksEngine,
    &dp::diagonals::DiagonalsEngine,
    &dp::kingblocks::KingBlocksEngine,
    &nqueens::NQueensEngine,
    &amazons::AmazonsEngine,
    &dp::transfer::TransferEngine,
    &dp::fewlines::FewLinesEngine,
    &construct::ConstructEngine,
    &complete::CompleteEngine::DEFAULT,
    &sat::SatEngine,
    &exact::ExactEngine,
    &local::LocalEngine::DEFAULT,
];

/// The engine for `choice`, or why none can run `job` on `problem`.
///
/// ```
/// use queens::{engine::{select, EngineChoice, Job}, Problem};
/// let p = Problem::queens(8).unwrap();
/// assert!(select(EngineChoice::Auto, &p, Job::Count).is_ok());
/// assert!(select(EngineChoice::Named("exact"), &Problem::queens(100).unwrap(), Job::Count).is_err());
/// ```
pub fn select(
    choice: EngineChoice,
    problem: &Problem,
    job: Job,
) -> Result<&'static dyn Engine, Error> {
    let mut reasons = Vec::new();
    for engine in ENGINES.iter().copied() {
        if let EngineChoice::Named(n) = choice
            && n != engine.name()
        {
            continue;
        }
        if choice == EngineChoice::Auto && !engine.auto_picks(problem, job) {
            reasons.push(format!(
                "auto does not pick the {0} engine for this job (name it with --engine {0})",
                engine.name()
            ));
            continue;
        }
        match engine.check(problem, job) {
            Ok(()) => return Ok(engine),
            Err(why) => reasons.push(why),
        }
    }
    Err(Error::Unsupported(reasons.join("; ")))
}

/// Finds one solution of `problem` with the chosen engine.
///
/// ```
/// use queens::{solve, Control, EngineChoice, Problem};
/// let p = Problem::queens(8).unwrap();
/// let s = solve(&p, EngineChoice::Auto, &Control::default()).unwrap().unwrap();
/// assert!(p.accepts(&s));
/// ```
pub fn solve(
    problem: &Problem,
    choice: EngineChoice,
    ctl: &Control,
) -> Result<Option<Placement>, Error> {
    select(choice, problem, Job::Solve)?.solve(problem, ctl)
}

/// Streams every solution of `problem` to `sink` until it returns `Break`.
///
/// ```
/// use std::ops::ControlFlow;
/// use queens::{enumerate, Control, EngineChoice, Problem};
/// let mut n = 0;
/// enumerate(&Problem::queens(6).unwrap(), EngineChoice::Auto, &Control::default(), &mut |_| {
///     n += 1;
///     ControlFlow::Continue(())
/// }).unwrap();
/// assert_eq!(n, 4);
/// ```
pub fn enumerate(
    problem: &Problem,
    choice: EngineChoice,
    ctl: &Control,
    sink: &mut dyn FnMut(&Placement) -> ControlFlow<()>,
) -> Result<(), Error> {
    select(choice, problem, Job::Enumerate)?.enumerate(problem, ctl, sink)
}

/// Counts the solutions of `problem` exactly.
///
/// ```
/// use queens::{count, Control, EngineChoice, Problem};
/// let n = count(&Problem::queens(8).unwrap(), EngineChoice::Auto, &Control::default()).unwrap();
/// assert_eq!(n, 92u32.into());
/// ```
pub fn count(problem: &Problem, choice: EngineChoice, ctl: &Control) -> Result<BigUint, Error> {
    select(choice, problem, Job::Count)?.count(problem, ctl)
}
