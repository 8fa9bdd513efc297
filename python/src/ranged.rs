//! Ranged piece specs (`"1..3N,Q"`, `"0..8Q"`, `"*K"`) for `count`, `solve` and
//! `solutions`, as the command line's `count`, `solve` and `all --pieces` take them:
//! read by the library's parser ([`RangeSpec::parse`], the command line's sentences)
//! and answered by its expansion into exact problems, so that both give the same
//! answers. `queens/__init__.py` sends a text spec here when [`is_range`] says it has
//! range syntax.

use std::sync::Arc;

use pyo3::prelude::*;
use queens::range::RangeSpec;
use queens::{Board, Settings};

use crate::answer::to_int;
use crate::args::forms::{self, Budget, EngineArg, Flag, Pieces, Threads, Whole};
use crate::args::names::{LimitName, RandomName, SeedName, UniqueName};
use crate::blocking::{self, Mode};
use crate::errors;
use crate::keywords::ProblemArgs;
use crate::placement::{Cells, Placement};
use crate::solutions::{Job, Solutions};

/// Whether `spec` uses range syntax (`..` or `*`), the library's test.
#[pyfunction]
pub fn is_range(spec: &str) -> bool {
    queens::range::is_range(spec)
}

/// A board, a ranged spec and the pieces fixed in advance, checked.
#[pyclass(module = "queens._queens", name = "NativeRanged", frozen)]
pub struct NativeRanged {
    spec: Arc<RangeSpec>,
    board: Board,
    fixed: Arc<queens::Placement>,
}

#[pymethods]
impl NativeRanged {
    #[new]
    fn new(py: Python<'_>, problem: ProblemArgs<'_>) -> PyResult<Self> {
        // `queens/__init__.py` sends only ranged specs (texts) here.
        let not_ranged =
            |what: &str| errors::input(py, format!("bad pieces {what}: not a ranged spec"));
        let Some(Pieces::Spec(pieces)) = &problem.pieces else {
            return Err(not_ranged("(not a text)"));
        };
        let Some(r) = problem.request(py, |req| req.ranged())? else {
            return Err(not_ranged(&format!("'{pieces}'")));
        };
        Ok(NativeRanged {
            spec: Arc::new(r.spec),
            board: r.board,
            fixed: Arc::new(r.fixed),
        })
    }

    /// The sum of the counts over every allowed combination of counts (up to symmetry
    /// when `unique`), as `queens count --pieces SPEC`.
    #[pyo3(signature = (unique = Flag::OFF, engine = EngineArg::AUTO, threads = Threads(0), budget = None))]
    fn count(
        &self,
        py: Python<'_>,
        unique: Flag<UniqueName>,
        engine: EngineArg,
        threads: Threads,
        budget: Option<Budget>,
    ) -> PyResult<Py<PyAny>> {
        let (choice, threads, unique) = (engine.0, threads.0, unique.0);
        let time_budget = forms::budget(budget);
        let (spec, board, fixed) = self.parts();
        let n = blocking::run(py, Mode::Worker, move |cancel| {
            let settings = blocking::settings(cancel, threads, time_budget);
            spec.count_all(board, &fixed, choice, &settings, unique)
        })?;
        to_int(py, n)
    }

    /// A placement of the largest allowed combination of counts that has one, as
    /// `queens solve --pieces SPEC`.
    #[pyo3(signature = (engine = EngineArg::AUTO, random = Flag::OFF, seed = None, budget = None, threads = Threads(0)))]
    fn solve(
        &self,
        py: Python<'_>,
        engine: EngineArg,
        random: Flag<RandomName>,
        seed: Option<Whole<SeedName>>,
        budget: Option<Budget>,
        threads: Threads,
    ) -> PyResult<Option<Placement>> {
        if seed.is_some() && !random.0 {
            return Err(errors::input(
                py,
                "seed is the seed of a random solution; give random=True with it",
            ));
        }
        if random.0 {
            return Err(errors::input(
                py,
                "random=True places N queens on an N x N board; it does not take ranged pieces",
            ));
        }
        let (choice, threads) = (engine.0, threads.0);
        let time_budget = forms::budget(budget);
        let (spec, board, fixed) = self.parts();
        let found = blocking::run(py, Mode::Worker, move |cancel| {
            let settings = blocking::settings(cancel, threads, time_budget);
            spec.solve(board, &fixed, choice, &settings)
        })?;
        Ok(found.map(|p| Placement::new(self.board, Cells::Pieces(p))))
    }

    /// Every placement of every allowed combination of counts, smallest counts first,
    /// as `queens all --pieces SPEC`.
    #[pyo3(signature = (limit = None, engine = EngineArg::AUTO, threads = Threads(0), unique = Flag::OFF))]
    fn solutions(
        &self,
        py: Python<'_>,
        limit: Option<Whole<LimitName>>,
        engine: EngineArg,
        threads: Threads,
        unique: Flag<UniqueName>,
    ) -> PyResult<Solutions> {
        if unique.0 {
            return Err(errors::input(
                py,
                "unique=True takes one problem, not ranged pieces",
            ));
        }
        let choice = engine.0;
        let (spec, board, fixed) = self.parts();
        // The exact problems are found on the worker too: deciding which combinations
        // have a placement is a search of its own.
        let job: Job = Box::new(move |settings: &Settings, sink| {
            for p in spec.problems(board, &fixed, choice, settings)? {
                let mut stopped = false;
                queens::enumerate(&p, choice, settings, &mut |s| {
                    let flow = sink(s);
                    stopped = flow.is_break();
                    flow
                })?;
                if stopped {
                    break;
                }
            }
            Ok(())
        });
        Solutions::start_job(py, self.board, threads.0, limit.map(|l| l.0), job)
    }
}

impl NativeRanged {
    /// The spec, board and fixed pieces, to move into a job.
    fn parts(&self) -> (Arc<RangeSpec>, Board, Arc<queens::Placement>) {
        (Arc::clone(&self.spec), self.board, Arc::clone(&self.fixed))
    }
}
