//! The verbs beyond counting and solving: `max_pieces` (`queens max`), `cover`
//! (domination, the command line's `queens cover`), `engine_report` (`queens engines`, a `NativeProblem` method),
//! `completion_instance` (`gen-completion`) and `decode` (`decode`), with typed answers
//! ([`Cover`], [`EngineReport`], [`JobVerdict`]); the problem every verb builds from
//! Python's arguments ([`build`]) and the kind and given pieces that `cover` and
//! `max_pieces` read ([`KindBeside`]).

use num_bigint::BigUint;
use pyo3::prelude::*;
use pyo3::types::PyString;
use queens::cover::{CoverField, CoverOptions, cover_on, why_none};
use queens::engine::EngineReport as LibReport;
use queens::export::dimacs::{self, Answer, VarMap};
use queens::maximum::maximum_on;
use queens::perm::Perm;
use queens::request::{BoardGiven, Given, ProblemRequest};
use queens::terrain::Terrain;
use queens::{Board, Catalog, Error, PieceCount, PieceKind, Problem, Settings};

use crate::blocking::{self, Mode};
use crate::convert::{
    BoardArg, Budget, Define, EngineArg, Flag, IndependentName, KindArg, Pieces, PlacementArg,
    SeedName, Threads, TotalName, Whole,
};
use crate::errors;
use crate::placement::{Cells, Placement};
use crate::problem::to_int;
use crate::terrain::{TerrainArgs, with_request};

/// A checked problem from Python's arguments, through the library's request: the board
/// (`None` for 8 or the regions' board), the pieces (`None` for as many queens as the
/// shorter side), the fixed pieces, the definitions and the terrain keywords; with the
/// catalog the definitions make.
pub fn build(
    py: Python<'_>,
    board: Option<Board>,
    pieces: Option<&Pieces>,
    fixed: Option<&PlacementArg>,
    define: Option<&Define>,
    terrain: &TerrainArgs<'_>,
) -> PyResult<(Problem, Catalog)> {
    with_request(py, board, pieces, fixed, define, terrain, |req| {
        Ok((req.build()?, req.catalog()?))
    })
}

/// One piece kind by letter, or `bad piece kind ...`.
pub fn kind_of(py: Python<'_>, kind: &str, catalog: &Catalog) -> PyResult<PieceKind> {
    let mut letters = kind.chars();
    match (letters.next(), letters.next()) {
        (Some(c), None) => catalog.get(c).map_err(|e| errors::to_py(py, e)),
        _ => Err(errors::input(
            py,
            format!("bad piece kind '{kind}': give one piece letter such as Q or N"),
        )),
    }
}

/// A piece kind and the pieces given beside it, on a board with its terrain: what
/// `max_pieces` and `cover` ask about.
pub struct KindBeside {
    /// The board.
    pub board: Board,
    /// Its holes, blockers, torus and regions.
    pub terrain: Terrain,
    /// The kind asked about.
    pub kind: PieceKind,
    /// The pieces that stand as well, placed anywhere.
    pub base: Vec<PieceCount>,
    /// The pieces fixed in advance (of the kind, or given).
    pub fixed: queens::Placement,
}

impl KindBeside {
    /// Reads Python's arguments: the board (`None` for 8 or the regions' board), the
    /// kind's letter, the given pieces (`None` for none), the fixed ones, the
    /// definitions and the terrain keywords.
    pub fn read(
        py: Python<'_>,
        board: Option<BoardArg>,
        kind: &KindArg,
        pieces: Option<Pieces>,
        fixed: Option<PlacementArg>,
        define: Option<Define>,
        terrain: &TerrainArgs<'_>,
    ) -> PyResult<KindBeside> {
        let (parts, base) = with_request(
            py,
            board.map(|b| b.0),
            pieces.as_ref(),
            fixed.as_ref(),
            define.as_ref(),
            terrain,
            |req| {
                let parts = req.parts()?;
                let base = req.pieces_on(&parts.catalog, &parts.board)?;
                Ok((parts, base.unwrap_or_default()))
            },
        )?;
        let kind = kind.resolve(py, &parts.catalog)?;
        let (board, terrain, fixed) = (parts.board, parts.terrain, parts.fixed);
        Ok(KindBeside {
            board,
            terrain,
            kind,
            base,
            fixed,
        })
    }
}

/// The most pieces of `kind` that fit on `board` beside `pieces` and `fixed` (on the
/// board's terrain), and in how many ways; `(0, 0)` when those alone have no solution.
#[pyfunction]
#[pyo3(signature = (board, kind, pieces = None, fixed = None, define = None, engine = EngineArg::AUTO, threads = Threads(0), budget = None, terrain = None))]
#[allow(clippy::too_many_arguments)]
pub fn max_pieces(
    py: Python<'_>,
    board: Option<BoardArg>,
    kind: KindArg,
    pieces: Option<Pieces>,
    fixed: Option<PlacementArg>,
    define: Option<Define>,
    engine: EngineArg,
    threads: Threads,
    budget: Option<Budget>,
    terrain: Option<TerrainArgs<'_>>,
) -> PyResult<(u64, Py<PyAny>)> {
    let terrain = terrain.unwrap_or_default();
    let q = KindBeside::read(py, board, &kind, pieces, fixed, define, &terrain)?;
    let (choice, threads) = (engine.0, threads.0);
    let time_budget = crate::convert::budget(budget);
    let found = blocking::run(py, Mode::Worker, move |cancel| {
        let settings = blocking::settings(cancel, threads, time_budget);
        maximum_on(
            &q.terrain, q.board, &q.base, &q.fixed, &q.kind, choice, &settings,
        )
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
#[pyo3(signature = (board, kind, independent = Flag::OFF, total = Flag::OFF, pieces = None, fixed = None, terrain = None, define = None, budget = None, engine = EngineArg::AUTO, threads = Threads(0)))]
#[allow(clippy::too_many_arguments)]
pub fn cover(
    py: Python<'_>,
    board: BoardArg,
    kind: KindArg,
    independent: Flag<IndependentName>,
    total: Flag<TotalName>,
    pieces: Option<Pieces>,
    fixed: Option<PlacementArg>,
    terrain: Option<TerrainArgs<'_>>,
    define: Option<Define>,
    budget: Option<Budget>,
    engine: EngineArg,
    threads: Threads,
) -> PyResult<Cover> {
    let terrain = terrain.unwrap_or_default();
    let q = KindBeside::read(py, Some(board), &kind, pieces, fixed, define, &terrain)?;
    let board = q.board;
    let (choice, threads) = (engine.0, threads.0);
    let time_budget = crate::convert::budget(budget);
    let options = CoverOptions {
        independent: independent.0,
        total: total.0,
        example_only: false,
    };
    let found = blocking::run(py, Mode::Worker, move |cancel| {
        let settings = blocking::settings(cancel, threads, time_budget);
        let found = cover_on(
            q.board, &q.terrain, &q.base, &q.fixed, &q.kind, &options, choice, &settings,
        )?;
        // Why not, in the library's words, the fields spelled as keywords.
        Ok(found.ok_or_else(|| {
            why_none(
                q.board, &q.terrain, &q.base, &q.fixed, &q.kind, &options, choice, &settings,
            )
            .spelled(&|field| match field {
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
#[pyo3(signature = (model, board = None, pieces = None, fixed = None, define = None, cnf = None))]
pub fn decode(
    py: Python<'_>,
    model: &Bound<'_, PyString>,
    board: Option<BoardArg>,
    pieces: Option<Pieces>,
    fixed: Option<PlacementArg>,
    define: Option<Define>,
    cnf: Option<&str>,
) -> PyResult<Option<Placement>> {
    let err = |e: Error| errors::to_py(py, e);
    let (problem, map) = match cnf {
        Some(text) => {
            if board.is_some()
                || pieces.is_some()
                || fixed.is_some()
                || define.as_ref().is_some_and(|d| !d.0.is_empty())
            {
                return Err(errors::input(
                    py,
                    "give either cnf or the problem (board, pieces, fixed, define), not both",
                ));
            }
            // The DIMACS header holds the problem as the command line's texts.
            let map = VarMap::from_dimacs(text, &Catalog::standard()).map_err(err)?;
            let fixed = (!map.fixed.is_empty()).then_some(map.fixed.as_str());
            let header = ProblemRequest {
                board: Some(BoardGiven::Board(map.board)),
                pieces: Some(Given::Text(map.pieces.clone())),
                fixed: fixed.map(|f| Given::Text(f.to_string())),
                define: map.definitions.clone(),
                ..ProblemRequest::default()
            };
            let problem = header.build().map_err(|e| {
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
            let (problem, _) = build(
                py,
                board.map(|b| b.0),
                pieces.as_ref(),
                fixed.as_ref(),
                define.as_ref(),
                &TerrainArgs::default(),
            )?;
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
    if !problem.accepts(&placement) {
        let clash = queens::verify::conflicts(problem.board(), &placement);
        let why = match clash.first() {
            Some(c) => c.to_string(),
            None => format!(
                "it has pieces {} but {} were asked for, fixed ones included",
                queens::format_spec(&placement.spec()),
                queens::format_spec(problem.pieces())
            ),
        };
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
