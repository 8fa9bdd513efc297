//! The contract between `select` and an engine: what an engine declares ([`Engine`]),
//! and what it hands back for a job it accepts ([`Run`]): the job ready to run, holding
//! what the acceptance found, so that running it checks nothing again.
//!
//! An engine declares, once, in one [`Declaration`]: its name, the jobs it runs, the
//! optional settings it honours (with [`Engine::counts_steps`] where that depends on
//! the job), whether it takes boards beyond the rectangle and whether its "none" is a
//! proof. `select` filters jobs and
//! settings over those declarations (the engine never sees a job it did not declare)
//! and then asks [`Engine::prepare`] about the problem, for the base job
//! ([`Job::base`]: a unique count is asked as a count, a compact solution as a
//! solution). `prepare` either refuses with one sentence or returns the runner of that
//! job, which holds what the acceptance computed (the kind and number of pieces, the
//! chosen method, ...):
//!
//! | base job | runner | derived, with a default |
//! |---|---|---|
//! | `Solve` | [`Solve`] | `solve_perm` (the placement converted), `write_perm` (it written) |
//! | `Enumerate` | [`List`] | `enumerate_perm` (each placement converted) |
//! | `Count` | [`Count`] | `count_unique` (Burnside's lemma), `counts_by_size` (none) |
//! | `CountParts` | [`CountParts`] | |
//!
//! A runner has the methods of its job only, so no engine carries a method for a job
//! it does not run. [`Prepared`] binds a runner to its engine and problem; its methods
//! are what the rest of `engine` calls.
//!
//! Policy (which engine `auto` takes where several accept) sits only in
//! [`Engine::auto_picks`]; `prepare` refuses only what the engine cannot do, so a named
//! engine runs whatever it can.

use std::ops::ControlFlow;

use num_bigint::BigUint;

use super::{Control, Job, Parts, PartsReport};
use crate::error::Error;
use crate::perm::Perm;
use crate::problem::{Placement, Problem};

/// The optional settings an engine honours (threads, time budgets, cancellation and
/// progress are honoured by every engine).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Honours {
    /// It runs on several threads (else on one, whatever the setting).
    pub parallel: bool,
    /// It stops after [`Settings::step_budget`](super::Settings::step_budget) search steps.
    pub step_budget: bool,
    /// Its answer depends on [`Settings::seed`](super::Settings::seed).
    pub seed: bool,
}

impl Honours {
    /// A parallel engine: it honours the thread count.
    pub const PARALLEL: Honours = Honours {
        parallel: true,
        step_budget: false,
        seed: false,
    };
    /// A search that counts its steps.
    pub const STEPS: Honours = Honours {
        parallel: false,
        step_budget: true,
        seed: false,
    };
}

/// What an engine declares about itself, once: the facts `select` filters jobs and
/// settings by before the engine sees a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Declaration {
    /// The engine's name, as `--engine` spells it.
    pub name: &'static str,
    /// What the engine does, in a few words.
    pub summary: &'static str,
    /// The jobs it runs (on the problems [`Engine::prepare`] accepts).
    pub jobs: &'static [Job],
    /// The optional settings it honours.
    pub honours: Honours,
    /// Whether it handles boards beyond the rectangle (holes, blockers, the torus,
    /// regions: see [`crate::terrain`]); others are never asked about such problems.
    pub handles_terrain: bool,
    /// Whether an answer "none" from it is a proof (local search cannot prove it, and
    /// gives up instead: see [`Error::GaveUp`]).
    pub decides: bool,
}

impl Default for Declaration {
    /// No name, summary or job (every engine states its own); no optional setting,
    /// plain boards only, and a "none" that is a proof.
    fn default() -> Self {
        Declaration {
            name: "",
            summary: "",
            jobs: &[],
            honours: Honours::default(),
            handles_terrain: false,
            decides: true,
        }
    }
}

/// A solver: its [`Declaration`] and [`Engine::prepare`]. See the [module docs](self).
pub(crate) trait Engine: Sync {
    /// What it declares: name, summary, jobs, honoured settings, boards, proofs.
    fn declaration(&self) -> Declaration;

    /// Its name, as `--engine` spells it ([`Declaration::name`]).
    fn name(&self) -> &'static str {
        self.declaration().name
    }

    /// Whether it counts search steps for `job` (so that a step budget binds). By
    /// default what [`Declaration::honours`] says for every job.
    fn counts_steps(&self, _job: Job) -> bool {
        self.declaration().honours.step_budget
    }

    /// Whether it counts without listing every solution (so that a count is as cheap
    /// as asking for one solution). By default: when it does not list solutions at all.
    fn counts_fast(&self) -> bool {
        !self.declaration().jobs.contains(&Job::Enumerate)
    }

    /// Whether `auto` may pick this engine for `job` on `problem` (once it is
    /// prepared). An engine that is fast only on a class of problems, as measured, says
    /// which here, and `auto` passes it by elsewhere; naming it still runs it.
    fn auto_picks(&self, _problem: &Problem, _job: Job) -> bool {
        true
    }

    /// `job` (a base job of [`Declaration::jobs`]: `Solve`, `Enumerate`, `Count` or
    /// `CountParts`) on `problem`, ready to run, or why this engine cannot run it, as
    /// one sentence. Called only once the declarations allow the job and settings.
    fn prepare<'p>(&self, problem: &'p Problem, job: Job) -> Result<Run<'p>, String>;
}

/// A job an engine accepted, ready to run: the runner of its base job.
pub(crate) enum Run<'p> {
    /// One solution (and a compact one).
    Solve(Box<dyn Solve + 'p>),
    /// Every solution.
    List(Box<dyn List + 'p>),
    /// The count (and the count up to symmetry).
    Count(Box<dyn Count + 'p>),
    /// The count in parts.
    Parts(Box<dyn CountParts + 'p>),
}

impl Run<'_> {
    /// The base job this runner runs.
    pub fn job(&self) -> Job {
        match self {
            Run::Solve(_) => Job::Solve,
            Run::List(_) => Job::Enumerate,
            Run::Count(_) => Job::Count,
            Run::Parts(_) => Job::CountParts,
        }
    }
}

/// Finds one solution of the problem it was prepared for.
pub(crate) trait Solve {
    /// The first solution in the engine's (deterministic) order, or `None`.
    fn solve(&self, problem: &Problem, ctl: &Control) -> Result<Option<Placement>, Error>;

    /// One solution of a queens-only problem as a [`Perm`]. By default
    /// [`Solve::solve`], converted.
    fn solve_perm(&self, problem: &Problem, ctl: &Control) -> Result<Option<Perm>, Error> {
        Ok(self
            .solve(problem, ctl)?
            .map(|p| Perm::from_placement(problem.board(), &p).expect("queens never share a file")))
    }

    /// Writes one solution of a queens-only problem in the `perm` text form to `out`;
    /// `Ok(false)` when there is none. By default [`Solve::solve_perm`], written; an
    /// engine that computes ranks one by one streams them without holding them.
    fn write_perm(
        &self,
        problem: &Problem,
        ctl: &Control,
        out: &mut dyn std::io::Write,
    ) -> Result<bool, Error> {
        match self.solve_perm(problem, ctl)? {
            Some(p) => {
                p.write_text(out)
                    .map_err(|e| Error::io("cannot write the solution", e))?;
                Ok(true)
            }
            None => Ok(false),
        }
    }
}

/// Where listed solutions go: called with each, in order, until it returns `Break`.
pub(crate) type Sink<'s> = dyn FnMut(&Placement) -> ControlFlow<()> + 's;

/// Lists every solution of the problem it was prepared for.
pub(crate) trait List {
    /// Calls `sink` with every solution, in order, until it returns `Break`.
    fn enumerate(&self, problem: &Problem, ctl: &Control, sink: &mut Sink) -> Result<(), Error>;

    /// Calls `sink` with every solution of a queens-only problem, in the order of
    /// [`List::enumerate`], as the 0-based rank of the queen on each file
    /// ([`crate::perm::EMPTY`] for none), until it returns `Break`. By default
    /// [`List::enumerate`], converted; the N-queens engine lists ranks natively (no
    /// [`Placement`] per solution). Two queens on one file (possible only between
    /// blockers) are refused with [`Error::Unsupported`].
    fn enumerate_perm(
        &self,
        problem: &Problem,
        ctl: &Control,
        sink: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        let mut ranks = vec![crate::perm::EMPTY; problem.board().cols() as usize];
        let mut shared_file = false;
        self.enumerate(problem, ctl, &mut |p| {
            ranks.fill(crate::perm::EMPTY);
            for piece in p.pieces() {
                let r = &mut ranks[piece.square.file as usize];
                if *r != crate::perm::EMPTY {
                    shared_file = true;
                    return ControlFlow::Break(());
                }
                *r = piece.square.rank;
            }
            sink(&ranks)
        })?;
        if shared_file {
            return Err(Error::Unsupported(
                "a solution has two queens on one file, which a rank per file cannot hold; list it as coordinates".into(),
            ));
        }
        Ok(())
    }
}

/// The first solution `list` yields: [`Solve::solve`] of an engine that lists in a
/// deterministic order.
pub(crate) fn first_listed(
    list: &dyn List,
    problem: &Problem,
    ctl: &Control,
) -> Result<Option<Placement>, Error> {
    let mut found = None;
    list.enumerate(problem, ctl, &mut |p| {
        found = Some(p.clone());
        ControlFlow::Break(())
    })?;
    Ok(found)
}

/// Counts the solutions of the problem it was prepared for.
pub(crate) trait Count {
    /// The exact number of solutions.
    fn count(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error>;

    /// The number of solutions up to the problem's symmetries. By default Burnside's
    /// lemma over [`crate::symmetry::symmetries`]: this count for the identity, the
    /// orbit search [`super::orbits::fixed_count`] for the others.
    fn count_unique(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        let total = self.count(problem, ctl)?;
        super::orbits::burnside(problem, total, ctl)
    }

    /// For a counter that finds them in the same run: the number of placements of every
    /// size up to the problem's (entry `k`: `k` pieces, fixed ones included); `None`
    /// (the default) when it does not.
    fn counts_by_size(
        &self,
        _problem: &Problem,
        _ctl: &Control,
    ) -> Option<Result<Vec<BigUint>, Error>> {
        None
    }
}

/// Counts the solutions of the problem it was prepared for in parts (checkpoint,
/// shard, method), for [`Job::CountParts`].
pub(crate) trait CountParts {
    /// The count, as [`super::count_parts`] describes it.
    fn count_parts(
        &self,
        problem: &Problem,
        ctl: &Control,
        parts: &Parts,
    ) -> Result<PartsReport, Error>;
}

/// A job an engine accepted for a problem: the engine, the problem and the runner.
/// Built only by `select`.
pub(crate) struct Prepared<'p> {
    engine: &'static dyn Engine,
    problem: &'p Problem,
    run: Run<'p>,
}

impl<'p> Prepared<'p> {
    /// `run`, which `engine` prepared for `problem`.
    pub(super) fn new(engine: &'static dyn Engine, problem: &'p Problem, run: Run<'p>) -> Self {
        Prepared {
            engine,
            problem,
            run,
        }
    }

    /// The engine that runs it.
    pub fn engine(&self) -> &'static dyn Engine {
        self.engine
    }

    /// The error of a caller asking for another job than the one prepared (a bug in
    /// `engine`, which asks for what it selected).
    fn other_job(&self, asked: Job) -> Error {
        Error::internal(format!(
            "the {} engine was prepared for `{}` and asked for `{}`",
            self.engine.name(),
            self.run.job().name(),
            asked.name()
        ))
    }

    /// [`Solve::solve`].
    pub fn solve(&self, ctl: &Control) -> Result<Option<Placement>, Error> {
        match &self.run {
            Run::Solve(s) => s.solve(self.problem, ctl),
            _ => Err(self.other_job(Job::Solve)),
        }
    }

    /// [`Solve::solve_perm`].
    pub fn solve_perm(&self, ctl: &Control) -> Result<Option<Perm>, Error> {
        match &self.run {
            Run::Solve(s) => s.solve_perm(self.problem, ctl),
            _ => Err(self.other_job(Job::SolvePerm)),
        }
    }

    /// [`Solve::write_perm`].
    pub fn write_perm(&self, ctl: &Control, out: &mut dyn std::io::Write) -> Result<bool, Error> {
        match &self.run {
            Run::Solve(s) => s.write_perm(self.problem, ctl, out),
            _ => Err(self.other_job(Job::SolvePerm)),
        }
    }

    /// [`List::enumerate`].
    pub fn enumerate(&self, ctl: &Control, sink: &mut Sink) -> Result<(), Error> {
        match &self.run {
            Run::List(l) => l.enumerate(self.problem, ctl, sink),
            _ => Err(self.other_job(Job::Enumerate)),
        }
    }

    /// [`List::enumerate_perm`].
    pub fn enumerate_perm(
        &self,
        ctl: &Control,
        sink: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        match &self.run {
            Run::List(l) => l.enumerate_perm(self.problem, ctl, sink),
            _ => Err(self.other_job(Job::Enumerate)),
        }
    }

    /// [`Count::count`].
    pub fn count(&self, ctl: &Control) -> Result<BigUint, Error> {
        match &self.run {
            Run::Count(c) => c.count(self.problem, ctl),
            _ => Err(self.other_job(Job::Count)),
        }
    }

    /// [`Count::count_unique`].
    pub fn count_unique(&self, ctl: &Control) -> Result<BigUint, Error> {
        match &self.run {
            Run::Count(c) => c.count_unique(self.problem, ctl),
            _ => Err(self.other_job(Job::CountUnique)),
        }
    }

    /// [`Count::counts_by_size`]; `None` for other jobs too.
    pub fn counts_by_size(&self, ctl: &Control) -> Option<Result<Vec<BigUint>, Error>> {
        match &self.run {
            Run::Count(c) => c.counts_by_size(self.problem, ctl),
            _ => None,
        }
    }

    /// [`CountParts::count_parts`].
    pub fn count_parts(&self, ctl: &Control, parts: &Parts) -> Result<PartsReport, Error> {
        match &self.run {
            Run::Parts(c) => c.count_parts(self.problem, ctl, parts),
            _ => Err(self.other_job(Job::CountParts)),
        }
    }
}
