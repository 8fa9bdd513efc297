//! The native `Problem`: a checked problem and the verbs that run on it.
//!
//! Arguments arrive as the command line's texts (`"5x7"`, `"2N,B"`, `"Qa1,Nc3"`,
//! `"[1,5,0,…]"`, `C=RN`): `queens/__init__.py` turns Python's richer forms (ints,
//! tuples, dicts, lists of pairs) into them, so the parsing and its error sentences are
//! the library's, the same as the command line's.

use std::time::Duration;

use num_bigint::BigUint;
use pyo3::prelude::*;
use pyo3::types::PyInt;
use queens::export::{Format, export};
use queens::maximum::maximum_on;
use queens::perm::{Perm, fills_files};
use queens::{Catalog, EngineChoice, Error, Problem, Settings, format_spec, parse_spec};

use crate::blocking::{self, Mode};
use crate::errors;
use crate::placement::{Cells, DRAWN, Placement};
use crate::solutions::Solutions;
use crate::terrain::TerrainArgs;
use crate::verdict::{self, PAIRWISE, Verdict};

/// Plain N-queens boards up to this side are counted on the calling thread: they take
/// well under a millisecond, less than starting a worker.
const QUICK_COUNT: u32 = 12;

/// An exact count as a Python int: `u128` when it fits (most do), else through hex.
pub fn to_int(py: Python<'_>, n: BigUint) -> PyResult<Py<PyAny>> {
    match u128::try_from(&n) {
        Ok(small) => Ok(small.into_pyobject(py)?.into_any().unbind()),
        Err(_) => Ok(py
            .get_type::<PyInt>()
            .call1((n.to_str_radix(16), 16))?
            .unbind()),
    }
}

/// A board, the pieces to place and the pieces fixed in advance, checked.
#[pyclass(module = "queens._queens", name = "NativeProblem", frozen)]
pub struct NativeProblem {
    problem: Problem,
    catalog: Catalog,
}

/// Seconds as a time budget, or why they are not one.
fn budget(py: Python<'_>, secs: Option<f64>) -> PyResult<Option<Duration>> {
    match secs {
        None => Ok(None),
        Some(s) if s.is_finite() && s >= 0.0 => Ok(Some(Duration::from_secs_f64(s.min(1e9)))),
        Some(s) => Err(errors::input(
            py,
            format!("bad budget {s}: give a number of seconds such as 2.5"),
        )),
    }
}

fn engine(py: Python<'_>, name: &str) -> PyResult<EngineChoice> {
    name.parse().map_err(|e| errors::to_py(py, e))
}

/// A seed from the clock, for a random solution without one.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
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
    #[pyo3(signature = (board = None, pieces = None, fixed = None, define = Vec::new(), holes = None, blockers = None, torus = false, regions = None, per_region = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        board: Option<&str>,
        pieces: Option<&str>,
        fixed: Option<&Bound<'_, PyAny>>,
        define: Vec<String>,
        holes: Option<&Bound<'_, PyAny>>,
        blockers: Option<&Bound<'_, PyAny>>,
        torus: bool,
        regions: Option<&Bound<'_, PyAny>>,
        per_region: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let catalog = queens::fairy::catalog_with(&define).map_err(|e| errors::to_py(py, e))?;
        let terrain = TerrainArgs {
            holes,
            blockers,
            torus,
            regions,
            per_region,
        };
        let problem = crate::verbs::build(py, board, pieces, fixed, &catalog, &terrain)?;
        Ok(NativeProblem { problem, catalog })
    }

    /// The holes, in square order.
    #[getter]
    fn holes(&self) -> Vec<String> {
        self.problem
            .terrain()
            .holes()
            .map(|s| s.to_string())
            .collect()
    }

    /// The blockers, in square order.
    #[getter]
    fn blockers(&self) -> Vec<String> {
        self.problem
            .terrain()
            .blockers()
            .map(|s| s.to_string())
            .collect()
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

    #[pyo3(signature = (unique = false, engine = "auto", threads = 0, budget = None))]
    fn count(
        &self,
        py: Python<'_>,
        unique: bool,
        engine: &str,
        threads: usize,
        budget: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let choice = self::engine(py, engine)?;
        let time_budget = self::budget(py, budget)?;
        let problem = self.problem.clone();
        let mode = if self.quick_count() && time_budget.is_none() {
            Mode::Inline
        } else {
            Mode::Worker
        };
        let n = blocking::run(py, mode, move |cancel| {
            let settings = Settings {
                threads,
                time_budget,
                cancel: Some(cancel),
                ..Settings::default()
            };
            if unique {
                queens::count_unique(&problem, choice, &settings)
            } else {
                queens::count(&problem, choice, &settings)
            }
        })?;
        to_int(py, n)
    }

    #[pyo3(signature = (engine = "auto", random = false, seed = None, budget = None, threads = 0))]
    fn solve(
        &self,
        py: Python<'_>,
        engine: &str,
        random: bool,
        seed: Option<u64>,
        budget: Option<f64>,
        threads: usize,
    ) -> PyResult<Option<Placement>> {
        let choice = self::engine(py, engine)?;
        let time_budget = self::budget(py, budget)?;
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
        let problem = self.problem.clone();
        // A first solution of plain N-queens on a drawn board comes at once.
        let mode = if self.problem.is_plain_queens() && !random && board.cols() <= DRAWN {
            Mode::Inline
        } else {
            Mode::Worker
        };
        let cells = blocking::run(py, mode, move |cancel| {
            let settings = Settings {
                threads,
                time_budget,
                seed,
                cancel: Some(cancel),
                ..Settings::default()
            };
            Ok(if compact {
                queens::solve_perm(&problem, choice, &settings)?.map(Cells::Perm)
            } else {
                queens::solve(&problem, choice, &settings)?.map(Cells::Pieces)
            })
        })?;
        Ok(cells.map(|c| Placement::new(board, c)))
    }

    #[pyo3(signature = (limit = None, engine = "auto", threads = 0, unique = false))]
    fn solutions(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        engine: &str,
        threads: usize,
        unique: bool,
    ) -> PyResult<Solutions> {
        let choice = self::engine(py, engine)?;
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
        Solutions::start(py, self.problem.clone(), choice, threads, limit, unique)
    }

    /// Refuses now what a count split into `parts` would refuse on every worker: no
    /// engine (or not the one named) counts this problem in parts.
    fn count_check(&self, py: Python<'_>, engine: &str, parts: u32) -> PyResult<()> {
        let choice = self::engine(py, engine)?;
        if parts == 0 {
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

    /// The problem as a model for another solver: `dimacs`, `minizinc` or `xcsp3`.
    fn export(&self, py: Python<'_>, to: &str) -> PyResult<String> {
        let format: Format = to.parse().map_err(|e| errors::to_py(py, e))?;
        let problem = self.problem.clone();
        blocking::run(py, Mode::Worker, move |_| export(&problem, format))
    }

    /// The verdict on `placement` (read as the command line reads it) on this board:
    /// its conflicts and terrain faults, then pieces that differ from this problem's
    /// (and fixed pieces not in it) when `check_spec`, then queens missing from a rank
    /// list unless `partial`.
    #[pyo3(signature = (placement, check_spec = true, partial = false))]
    fn verify(
        &self,
        py: Python<'_>,
        placement: &str,
        check_spec: bool,
        partial: bool,
    ) -> PyResult<Verdict> {
        let board = *self.problem.board();
        let rank_list = queens::Placement::permutation_files(placement);
        let expect = verdict::expect(&self.problem, check_spec, rank_list.is_some(), partial);
        if self.problem.terrain().is_plain()
            && rank_list.is_some_and(|n| n > PAIRWISE && n == board.cols() as usize)
        {
            let perm = Perm::read_padded(&mut placement.as_bytes(), board)
                .map_err(|e| errors::to_py(py, e))?;
            return Ok(verdict::judge_ranks(py, perm, board, expect));
        }
        let parsed = queens::Placement::parse_on(placement, &self.catalog, &board)
            .map_err(|e| errors::to_py(py, e))?;
        verdict::judge(py, &self.problem, parsed, expect)
    }

    /// Like `verify`, for a `Placement` object (no text round trip): a compact one
    /// (queens one rank per file) must fill its files unless `partial`.
    #[pyo3(signature = (placement, check_spec = true, partial = false))]
    fn verify_placement(
        &self,
        py: Python<'_>,
        placement: &Placement,
        check_spec: bool,
        partial: bool,
    ) -> PyResult<Verdict> {
        let board = *self.problem.board();
        if let Some(perm) = placement.as_perm()
            && perm.board() == board
            && perm.queens() > PAIRWISE
            && self.problem.terrain().is_plain()
        {
            let expect = verdict::expect(&self.problem, check_spec, true, partial);
            return Ok(verdict::judge_ranks(py, perm.clone(), board, expect));
        }
        let expect = verdict::expect(&self.problem, check_spec, false, partial);
        verdict::judge(py, &self.problem, placement.to_library(), expect)
    }
}

/// The most pieces of `kind` that fit on `board` beside `pieces` and `fixed` (on the
/// board's terrain), and in how many ways; `(0, 0)` when those alone have no solution.
#[pyfunction]
#[pyo3(signature = (board, kind, pieces = None, fixed = None, define = Vec::new(), engine = "auto", threads = 0, budget = None, holes = None, blockers = None, torus = false, regions = None, per_region = None))]
#[allow(clippy::too_many_arguments)]
pub fn max_pieces(
    py: Python<'_>,
    board: Option<&str>,
    kind: &str,
    pieces: Option<&str>,
    fixed: Option<&Bound<'_, PyAny>>,
    define: Vec<String>,
    engine: &str,
    threads: usize,
    budget: Option<&Bound<'_, PyAny>>,
    holes: Option<&Bound<'_, PyAny>>,
    blockers: Option<&Bound<'_, PyAny>>,
    torus: bool,
    regions: Option<&Bound<'_, PyAny>>,
    per_region: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u32, Py<PyAny>)> {
    let err = |e: Error| errors::to_py(py, e);
    let catalog = queens::fairy::catalog_with(&define).map_err(err)?;
    let terrain = TerrainArgs {
        holes,
        blockers,
        torus,
        regions,
        per_region,
    };
    let (board, terrain) = crate::terrain::board_and_terrain(py, board, &terrain)?;
    let choice = self::engine(py, engine)?;
    let kind = crate::verbs::kind_of(py, kind, &catalog)?;
    let base = match pieces {
        Some(spec) => parse_spec(spec, &catalog).map_err(err)?,
        None => Vec::new(),
    };
    let fixed = crate::verbs::fixed_of(py, fixed, &catalog, &board)?;
    let time_budget = crate::args::budget(py, budget)?;
    let found = blocking::run(py, Mode::Worker, move |cancel| {
        let settings = Settings {
            threads,
            time_budget,
            cancel: Some(cancel),
            ..Settings::default()
        };
        maximum_on(&terrain, board, &base, &fixed, &kind, choice, &settings)
    })?;
    let (most, ways) = found.map_or((0, BigUint::from(0u32)), |m| (m.pieces, m.placements));
    Ok((most, to_int(py, ways)?))
}
