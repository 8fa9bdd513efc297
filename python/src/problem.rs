//! The native `Problem`: a checked problem and the verbs that run on it.
//!
//! Arguments arrive as Python gave them and are read by PyO3 into the library's types
//! ([`crate::args`], the problem keywords by [`crate::keywords`]): text forms through the library's parsers (the command line's
//! sentences), ints, tuples, mappings and lists item by item, a `Placement` as it is.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use queens::export::{Format, export};
use queens::perm::fills_files;
use queens::{Catalog, Problem, Settings, format_spec};

use crate::answer::to_int;
use crate::args::forms::{self, Budget, EngineArg, Flag, Threads, Whole};
use crate::args::names::{
    LimitName, PartName, PartialName, PartsName, PlacementName, RandomName, SeedName, UniqueName,
};
use crate::blocking::{self, Mode};
use crate::errors;
use crate::keywords::ProblemArgs;
use crate::placement::{Cells, DRAWN, Placement, PlacementArg};
use crate::solutions::Solutions;
use crate::verbs::EngineReport;
use crate::verdict::{self, PAIRWISE, Verdict};

/// Plain N-queens boards up to this side are counted on the calling thread: they take
/// well under a millisecond, less than starting a worker.
const QUICK_COUNT: u32 = 12;

/// A board, the pieces to place and the pieces fixed in advance, checked.
#[pyclass(module = "queens._queens", name = "NativeProblem", frozen)]
pub struct NativeProblem {
    /// Shared with the jobs it runs (a count on the calling thread clones no vectors).
    problem: Arc<Problem>,
    catalog: Catalog,
}

/// A seed from the clock, for a random solution without one.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Squares by name (`a1`), in the order given.
fn names(squares: impl Iterator<Item = queens::Square>) -> Vec<String> {
    squares.map(|s| s.to_string()).collect()
}

impl NativeProblem {
    fn quick_count(&self) -> bool {
        let b = self.problem.board();
        self.problem.is_plain_queens() && b.rows().max(b.cols()) <= QUICK_COUNT
    }
}

#[pymethods]
impl NativeProblem {
    #[new]
    fn new(py: Python<'_>, problem: ProblemArgs<'_>) -> PyResult<Self> {
        let (problem, catalog) = problem.build(py)?;
        Ok(NativeProblem {
            problem: Arc::new(problem),
            catalog,
        })
    }

    /// The holes, in square order.
    #[getter]
    fn holes(&self) -> Vec<String> {
        names(self.problem.terrain().holes())
    }

    /// The blockers, in square order.
    #[getter]
    fn blockers(&self) -> Vec<String> {
        names(self.problem.terrain().blockers())
    }

    /// Whether the board wraps around (a torus).
    #[getter]
    fn torus(&self) -> bool {
        self.problem.terrain().torus()
    }

    /// The regions as rows, top row first (`#` a hole), or `None`.
    #[getter]
    fn regions(&self) -> Option<Vec<String>> {
        let r = self.problem.terrain().regions()?;
        let b = self.problem.board();
        Some(
            (0..b.rows())
                .rev()
                .map(|rank| {
                    (0..b.cols())
                        .map(|file| {
                            r.region_at(b.index(queens::Square::new(file, rank)))
                                .map_or('#', |id| r.name(id))
                        })
                        .collect()
                })
                .collect(),
        )
    }

    /// Pieces in each region (`None` without regions).
    #[getter]
    fn per_region(&self) -> Option<u32> {
        self.problem.terrain().regions().map(|r| r.per_region())
    }

    /// The board with its holes, blockers, regions and fixed pieces, as SVG (for
    /// Jupyter); `None` beyond 64 files or ranks.
    fn _repr_svg_(&self) -> Option<String> {
        let b = self.problem.board();
        (b.rows() <= DRAWN && b.cols() <= DRAWN)
            .then(|| queens::render::svg_on(b, self.problem.terrain(), self.problem.fixed()))
    }

    /// The board as `(rows, cols)`.
    #[getter]
    fn board(&self) -> (u32, u32) {
        let b = self.problem.board();
        (b.rows(), b.cols())
    }

    /// The pieces as a spec text (`"2N,B"`).
    #[getter]
    fn pieces(&self) -> String {
        format_spec(self.problem.pieces())
    }

    /// The fixed pieces as coordinates (`"Qa1 Nc3"`, empty for none).
    #[getter]
    fn fixed(&self) -> String {
        self.problem.fixed().to_string()
    }

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
        let problem = Arc::clone(&self.problem);
        let mode = Mode::inline_if(self.quick_count() && time_budget.is_none());
        let n = blocking::run(py, mode, move |cancel| {
            let settings = blocking::settings(cancel, threads, time_budget);
            if unique {
                queens::count_unique(&problem, choice, &settings)
            } else {
                queens::count(&problem, choice, &settings)
            }
        })?;
        to_int(py, n)
    }

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
        let (choice, threads, random) = (engine.0, threads.0, random.0);
        let seed = seed.map(|s| s.0);
        let time_budget = forms::budget(budget);
        if seed.is_some() && !random {
            return Err(errors::input(
                py,
                "seed is the seed of a random solution; give random=True with it",
            ));
        }
        let queens_only = self.problem.is_queens_only();
        if random && !queens_only {
            return Err(errors::input(
                py,
                "random=True places queens only (local search); leave it out for other pieces",
            ));
        }
        // A random solution is asked for by its seed: only an engine that draws random
        // numbers takes one (a named deterministic engine refuses it).
        let seed = random.then(|| seed.unwrap_or_else(clock_seed));
        let board = *self.problem.board();
        // Queens on wide boards come back compact, one rank per file, as the command
        // line's `solve` writes them; but only when there is a queen on most files (one
        // queen on a 1 x 10^9 board is one piece, not a rank per file).
        let compact = queens_only
            && fills_files(&board, self.problem.total_pieces())
            && (random || board.cols() > DRAWN);
        let problem = Arc::clone(&self.problem);
        // A first solution of plain N-queens on a drawn board comes at once.
        let mode =
            Mode::inline_if(self.problem.is_plain_queens() && !random && board.cols() <= DRAWN);
        let cells = blocking::run(py, mode, move |cancel| {
            let settings = Settings {
                seed,
                ..blocking::settings(cancel, threads, time_budget)
            };
            Ok(if compact {
                queens::solve_perm(&problem, choice, &settings)?.map(Cells::Perm)
            } else {
                queens::solve(&problem, choice, &settings)?.map(Cells::Pieces)
            })
        })?;
        Ok(cells.map(|c| Placement::new(board, c)))
    }

    #[pyo3(signature = (limit = None, engine = EngineArg::AUTO, threads = Threads(0), unique = Flag::OFF))]
    fn solutions(
        &self,
        py: Python<'_>,
        limit: Option<Whole<LimitName>>,
        engine: EngineArg,
        threads: Threads,
        unique: Flag<UniqueName>,
    ) -> PyResult<Solutions> {
        let (choice, threads, unique) = (engine.0, threads.0, unique.0);
        let limit = limit.map(|l| l.0);
        // Refuse a bad engine or setting now, not at the first `next()`.
        queens::engine::picked(
            choice,
            &self.problem,
            queens::Job::Enumerate,
            &Settings {
                threads,
                ..Settings::default()
            },
        )
        .map_err(|e| errors::to_py(py, e))?;
        Solutions::start(py, (*self.problem).clone(), choice, threads, limit, unique)
    }

    /// Refuses now what a count split into `parts` would refuse on every worker: no
    /// engine (or not the one named) counts this problem in parts.
    fn count_check(
        &self,
        py: Python<'_>,
        engine: EngineArg,
        parts: Whole<PartsName>,
    ) -> PyResult<()> {
        let choice = engine.0;
        if parts.0 == 0 {
            return Err(errors::input(
                py,
                "bad parts 0: split a count into 1 part or more",
            ));
        }
        queens::engine::picked(
            choice,
            &self.problem,
            queens::Job::CountParts,
            &Settings::default(),
        )
        .map(|_| ())
        .map_err(|e| errors::to_py(py, e))
    }

    /// Counts part `index` of `count` (from 1) of a count split into parts, with a
    /// checkpoint file when `checkpoint` is set: the shard result as JSON (see
    /// [`crate::parts`]).
    #[pyo3(signature = (index, count, engine = EngineArg::AUTO, threads = Threads(0), checkpoint = None))]
    fn count_part(
        &self,
        py: Python<'_>,
        index: Whole<PartName>,
        count: Whole<PartsName>,
        engine: EngineArg,
        threads: Threads,
        checkpoint: Option<PathBuf>,
    ) -> PyResult<String> {
        let problem = Arc::clone(&self.problem);
        crate::parts::count_part(
            py, problem, index.0, count.0, engine.0, threads.0, checkpoint,
        )
    }

    /// Every engine's verdict on this problem, job by job, in `auto`'s order.
    fn engine_report(&self, py: Python<'_>) -> PyResult<Vec<EngineReport>> {
        crate::verbs::engine_report(py, &self.problem)
    }

    /// The problem as a model for another solver: `dimacs`, `minizinc` or `xcsp3`.
    fn export(&self, py: Python<'_>, to: &str) -> PyResult<String> {
        let format: Format = to.parse().map_err(|e| errors::to_py(py, e))?;
        let problem = Arc::clone(&self.problem);
        blocking::run(py, Mode::Worker, move |_| export(&problem, format))
    }

    /// The verdict on `placement` on this board: its conflicts and terrain faults,
    /// then pieces that differ from this problem's (and fixed pieces not in it) when
    /// `check_spec`, then queens missing from a rank list (or a compact `Placement`)
    /// unless `partial`. Many queens one rank per file on a plain board are judged
    /// line by line.
    #[pyo3(signature = (placement, check_spec = true, partial = Flag::OFF))]
    fn verify(
        &self,
        py: Python<'_>,
        placement: PlacementArg<PlacementName>,
        check_spec: bool,
        partial: Flag<PartialName>,
    ) -> PyResult<Verdict> {
        let partial = partial.0;
        let board = *self.problem.board();
        let rank_list = placement.rank_list();
        // Queens one rank per file: a rank list counts its files, a `Placement` its queens.
        let many = match &placement {
            PlacementArg::Given(p, _) => p.get().as_perm().map_or(0, |perm| perm.queens()),
            _ => rank_list.unwrap_or(0),
        };
        if many > PAIRWISE
            && self.problem.terrain().is_plain()
            && let Some(perm) = placement.perm_on(board)
        {
            let perm = perm.map_err(|e| errors::to_py(py, e))?;
            let expect = verdict::expect(&self.problem, check_spec, true, partial);
            return Ok(verdict::judge_ranks(py, perm, board, expect));
        }
        let parsed = placement
            .resolve(&self.catalog, &board)
            .map_err(|e| errors::to_py(py, e))?;
        let expect = verdict::expect(&self.problem, check_spec, rank_list.is_some(), partial);
        verdict::judge(py, &self.problem, parsed, expect)
    }
}
