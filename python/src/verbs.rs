//! The verbs beyond counting and solving: `max_pieces` (`queens max`), `cover`
//! (domination, the command line's `queens cover`), `engine_report` (`queens engines`, a `NativeProblem` method),
//! `completion_instance` (`gen-completion`) and `decode` (`decode`), with typed answers
//! ([`Cover`], [`EngineReport`], [`JobVerdict`]). Each takes its problem as the one
//! tuple of problem keywords ([`ProblemArgs`]).

use num_bigint::BigUint;
use pyo3::prelude::*;
use pyo3::types::PyString;
use queens::cover::{CoverField, CoverOptions, why_none};
use queens::engine::EngineReport as LibReport;
use queens::export::dimacs::{self, Answer, VarMap};
use queens::maximum::maximum;
use queens::perm::Perm;
use queens::{Catalog, Error, Problem, Settings};

use crate::answer::to_int;
use crate::args::forms::{self, BoardArg, Budget, EngineArg, Flag, KindArg, Threads, Whole};
use crate::args::names::{IndependentName, SeedName, TotalName};
use crate::blocking::{self, Mode};
use crate::errors;
use crate::keywords::ProblemArgs;
use crate::placement::{Cells, Placement};

/// The most pieces of `kind` that fit on `board` beside `pieces` and `fixed` (on the
/// board's terrain), and in how many ways; `(0, 0)` when those alone have no solution.
#[pyfunction]
#[pyo3(signature = (problem, kind, engine = EngineArg::AUTO, threads = Threads(0), budget = None))]
pub fn max_pieces(
    py: Python<'_>,
    problem: ProblemArgs<'_>,
    kind: KindArg,
    engine: EngineArg,
    threads: Threads,
    budget: Option<Budget>,
) -> PyResult<(u64, Py<PyAny>)> {
    let q = problem.beside(py, &kind)?;
    let (choice, threads) = (engine.0, threads.0);
    let time_budget = forms::budget(budget);
    let found = blocking::run(py, Mode::Worker, move |cancel| {
        let settings = blocking::settings(cancel, threads, time_budget);
        maximum(&q, choice, &settings)
    })?;
    let (most, ways) = found.map_or((0, BigUint::from(0u32)), |m| (m.pieces, m.placements));
    Ok((most, to_int(py, ways)?))
}

/// The answer of `queens.cover`: the fewest pieces of the kind that occupy or attack
/// every square (`size`), the number of such placements (`count`) and one of them
/// (`example`, the given pieces included).
#[pyclass(module = "queens", frozen, get_all)]
pub struct Cover {
    /// The fewest pieces of the kind (fixed ones of the kind included).
    size: u32,
    /// The number of placements with that many.
    count: Py<PyAny>,
    /// One such placement.
    example: Py<Placement>,
}

#[pymethods]
impl Cover {
    fn __repr__(&self) -> String {
        format!("Cover(size={}, count={})", self.size, self.count)
    }

    /// The command line's `queens cover` line: `MIN COUNT`.
    fn __str__(&self) -> String {
        format!("{} {}", self.size, self.count)
    }
}

/// The fewest pieces of `kind` covering `board` (see `queens/__init__.py`); no
/// covering is an `InputError` saying why, in the command line's words.
#[pyfunction]
#[pyo3(signature = (problem, kind, independent = Flag::OFF, total = Flag::OFF, budget = None, engine = EngineArg::AUTO, threads = Threads(0)))]
#[allow(clippy::too_many_arguments)]
pub fn cover(
    py: Python<'_>,
    problem: ProblemArgs<'_>,
    kind: KindArg,
    independent: Flag<IndependentName>,
    total: Flag<TotalName>,
    budget: Option<Budget>,
    engine: EngineArg,
    threads: Threads,
) -> PyResult<Cover> {
    // `cover` takes a board: none is refused as a bad board, not read as 8.
    if problem.board.is_none() {
        return Err(errors::input(
            py,
            "bad board None: give a size such as 8, '5x7' or (5, 7)",
        ));
    }
    let q = problem.beside(py, &kind)?;
    let board = q.board;
    let (choice, threads) = (engine.0, threads.0);
    let time_budget = forms::budget(budget);
    let options = CoverOptions {
        independent: independent.0,
        total: total.0,
        example_only: false,
    };
    let found = blocking::run(py, Mode::Worker, move |cancel| {
        let settings = blocking::settings(cancel, threads, time_budget);
        let found = queens::cover::cover(&q, &options, choice, &settings)?;
        // Why not, in the library's words, the fields spelled as keywords.
        Ok(found.ok_or_else(|| {
            why_none(&q, &options, choice, &settings).spelled(&|field| match field {
                CoverField::Independent => "independent=True".into(),
                f => format!("{}=", f.name()),
            })
        }))
    })?;
    let c = found.map_err(|why| errors::input(py, format!("no covering: {why}")))?;
    let count = c.count.ok_or_else(|| {
        errors::raise(
            py,
            "InternalError",
            "internal error: a covering count was skipped".into(),
        )
    })?;
    Ok(Cover {
        size: c.min,
        count: to_int(py, count)?,
        example: Py::new(py, Placement::new(board, Cells::Pieces(c.example)))?,
    })
}

/// One engine's verdict on one job: whether it takes the problem (`accepted`), whether
/// `auto` would pick it (`auto`), or why not (`why`); for the `max` entry (the closed
/// forms of `max_pieces`), what the closed form gives (`how`).
#[pyclass(module = "queens", frozen, get_all)]
pub struct JobVerdict {
    /// The job's name: `solve`, `all`, `count`, ...
    job: String,
    /// Whether the engine takes the problem for this job.
    accepted: bool,
    /// Whether `auto` considers it (only when accepted).
    auto: bool,
    /// Why it does not take the problem (`None` when it does).
    why: Option<String>,
    /// The `max` entry's answer when a closed form gives it (`None` for engines).
    how: Option<String>,
}

#[pymethods]
impl JobVerdict {
    /// The command line's line for the job.
    fn __str__(&self) -> String {
        let line = match (&self.why, self.auto) {
            (Some(why), _) => format!("no: {why}"),
            (None, _) if self.how.is_some() => {
                format!("yes: {}", self.how.as_deref().unwrap_or(""))
            }
            (None, true) => "yes (auto)".into(),
            (None, false) => "yes, when named (auto passes it by here)".into(),
        };
        format!("{:<15} {line}", self.job)
    }

    fn __repr__(&self) -> String {
        format!(
            "JobVerdict(job={:?}, accepted={}, auto={})",
            self.job,
            if self.accepted { "True" } else { "False" },
            if self.auto { "True" } else { "False" }
        )
    }
}

/// One engine: its name, what it does, the settings it takes (`threads`, `step
/// budget`, `seed`) and its verdict on each job it runs.
#[pyclass(module = "queens", frozen, get_all)]
pub struct EngineReport {
    /// The engine's name (what `engine=` takes).
    name: String,
    /// What it does.
    summary: String,
    /// The optional settings it honours.
    takes: Vec<String>,
    /// Its verdict on each job it runs, in the command line's order.
    jobs: Vec<Py<JobVerdict>>,
}

impl EngineReport {
    fn of(py: Python<'_>, e: &LibReport) -> PyResult<EngineReport> {
        let mut takes = Vec::new();
        if e.honours.parallel {
            takes.push("threads".to_string());
        }
        if e.honours.step_budget {
            takes.push("step budget".to_string());
        }
        if e.honours.seed {
            takes.push("seed".to_string());
        }
        let mut jobs = Vec::new();
        for (job, verdict) in &e.verdicts {
            if !e.jobs.contains(job) {
                continue;
            }
            let v = JobVerdict {
                job: job.name().to_string(),
                accepted: verdict.is_ok(),
                auto: matches!(verdict, Ok(true)),
                why: verdict.as_ref().err().cloned(),
                how: None,
            };
            jobs.push(Py::new(py, v)?);
        }
        Ok(EngineReport {
            name: e.name.to_string(),
            summary: e.summary.to_string(),
            takes,
            jobs,
        })
    }
}

#[pymethods]
impl EngineReport {
    /// The command line's paragraph for the engine.
    fn __str__(&self, py: Python<'_>) -> String {
        let mut t = format!("{}: {}\n", self.name, self.summary);
        if !self.takes.is_empty() {
            t.push_str(&format!("  takes: {}\n", self.takes.join(", ")));
        }
        for j in &self.jobs {
            t.push_str(&format!("  {}\n", j.get().__str__()));
        }
        let _ = py;
        t
    }

    fn __repr__(&self) -> String {
        format!("EngineReport(name={:?})", self.name)
    }
}

/// Every engine's verdict on `problem`, job by job, in `auto`'s order, then, for one
/// kind alone on the open board, the `max` entry: what the closed form of `max_pieces`
/// gives or why it refuses (`NativeProblem.engine_report`; `queens engines`' paragraphs).
pub fn engine_report(py: Python<'_>, problem: &Problem) -> PyResult<Vec<EngineReport>> {
    let list = queens::engine::engines(problem, &Settings::default());
    let mut out: Vec<EngineReport> = list
        .iter()
        .map(|e| EngineReport::of(py, e))
        .collect::<PyResult<_>>()?;
    if let Some(verdict) = queens::maximum::closed_form_verdict(problem) {
        let v = JobVerdict {
            job: "max".into(),
            accepted: verdict.is_ok(),
            auto: verdict.is_ok(),
            why: verdict.as_ref().err().cloned(),
            how: verdict.ok(),
        };
        out.push(EngineReport {
            name: "queens max".into(),
            summary: queens::maximum::MAX_SUMMARY.into(),
            takes: Vec::new(),
            jobs: vec![Py::new(py, v)?],
        });
    }
    Ok(out)
}

/// A random completion instance (Gent et al.): queens on some files of an `n x n`
/// board, the rest free, as `gen-completion N --seed S` writes it.
#[pyfunction]
#[pyo3(signature = (n, seed = None))]
pub fn completion_instance(
    py: Python<'_>,
    n: BoardArg,
    seed: Option<Whole<SeedName>>,
) -> PyResult<Placement> {
    let board = n.0;
    let seed = seed.map_or(0, |s| s.0);
    if !board.is_square() || board.rows() > 2000 {
        let n = if board.is_square() {
            board.rows().to_string()
        } else {
            board.to_string()
        };
        return Err(errors::input(
            py,
            format!("bad board '{n}': instances are made for square boards up to 2000"),
        ));
    }
    let ranks = queens::gent::instance(board.rows(), seed);
    let perm = Perm::new(board, ranks).map_err(|e| errors::to_py(py, e))?;
    Ok(Placement::new(board, Cells::Perm(perm)))
}

/// A SAT solver's answer (`model`: its `s` and `v` lines) read back as a placement of
/// the problem it was exported for: given by `cnf` (the DIMACS text `export` wrote) or
/// by board, pieces, fixed and definitions. `None` when the solver answered
/// UNSATISFIABLE; an answer that is not a solution is refused with the first conflict.
#[pyfunction]
#[pyo3(signature = (model, problem, cnf = None))]
pub fn decode(
    py: Python<'_>,
    model: &Bound<'_, PyString>,
    problem: ProblemArgs<'_>,
    cnf: Option<&str>,
) -> PyResult<Option<Placement>> {
    let err = |e: Error| errors::to_py(py, e);
    let (problem, map) = match cnf {
        Some(text) => {
            if problem.names_a_problem() {
                return Err(errors::input(
                    py,
                    "give either cnf or the problem (board, pieces, fixed, define), not both",
                ));
            }
            // The DIMACS header holds the problem as the command line's texts.
            let map = VarMap::from_dimacs(text, &Catalog::standard()).map_err(err)?;
            let problem = map.problem().map_err(|e| {
                err(Error::BadCnf {
                    reason: format!(
                        "its header does not make a problem: {}",
                        e.spelled(&errors::spelling)
                    ),
                })
            })?;
            (problem, map)
        }
        None => {
            let (problem, _) = problem.build(py)?;
            let map = VarMap::for_problem(&problem).map_err(err)?;
            (problem, map)
        }
    };
    // No longer than a solver's answer for this formula can be: a text with more
    // characters than that has bytes is refused before it is copied out of Python.
    let limit = queens::text::Limit::solver_output(map.variables());
    if model.len()? as u64 > limit.bytes {
        return Err(err(Error::TooLong {
            what: "the model".into(),
            limit: limit.to_string(),
            largest: limit.largest.clone(),
        }));
    }
    let model = model.to_string_lossy();
    queens::text::check_len(&*model, &limit, "the model").map_err(err)?;
    let truths = match dimacs::read_answer(&model).map_err(err)? {
        Answer::Unsat => return Ok(None),
        Answer::Sat(t) => t,
    };
    let placement = map.decode(&truths);
    if let Some(why) = dimacs::mismatch(&problem, &placement) {
        return Err(errors::input(
            py,
            format!("the model does not decode to a solution of the problem: {why}"),
        ));
    }
    Ok(Some(Placement::new(
        *problem.board(),
        Cells::Pieces(placement),
    )))
}
