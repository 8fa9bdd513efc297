//! `queens._queens`: the native half of the Python package `queens`.
//!
//! - [`problem`]: the native problem and its verbs (count, solve, solutions, export,
//!   verify, count_part, engine_report);
//! - [`placement`]: `queens.Placement`, compact for queens at huge N, and the forms a
//!   placement is given in;
//! - [`solutions`]: the lazy solution stream;
//! - [`ranged`]: ranged piece specs (`"1..3N,Q"`, `"*K"`) for count, solve and
//!   solutions;
//! - [`puzzle`]: `queens.Puzzle` and `queens.Step`, region puzzles;
//! - [`keywords`]: the problem keywords (board, pieces, fixed, define, holes,
//!   blockers, torus, regions, per_region), declared once as the one tuple every
//!   problem-taking function receives, read into the library's request;
//! - [`args`]: every other argument, declared and read once: boards, pieces, squares
//!   and settings read into the library's types by PyO3 (`FromPyObject`), each refused
//!   by name, and the number, budget and text readers they share;
//! - [`answer`]: exact counts as Python ints;
//! - [`verbs`]: max_pieces, cover, engine_report, completion_instance, decode;
//! - [`verdict`]: `queens.Verdict`, the library's verdict on a placement;
//! - [`parts`]: counts split into parts (shards) and their verified merge;
//! - [`blocking`]: jobs run without the GIL, answering Ctrl-C;
//! - [`errors`]: the library's errors as the package's exceptions.
//!
//! Everything a user calls is in `queens/__init__.py`, which documents it.
//!
//! The modules form layers, so that none imports one that imports it back (a test,
//! `no_import_circle_in_the_python_bindings` in tests/it/layers.rs, reads them):
//! [`errors`], then [`args`] (which imports nothing else), [`blocking`] and
//! [`answer`]; the values handed back ([`placement`], [`puzzle`]); the problem keywords
//! ([`keywords`]); the verbs on top.

use pyo3::prelude::*;

mod answer;
mod args;
mod blocking;
mod errors;
mod keywords;
mod parts;
mod placement;
mod problem;
mod puzzle;
mod ranged;
mod solutions;
mod verbs;
mod verdict;

/// The number of worker threads still running a job (for tests of stopping).
#[pyfunction]
fn _active_jobs() -> usize {
    blocking::active()
}

/// The engines, `auto` first.
#[pyfunction]
fn engine_names() -> Vec<&'static str> {
    queens::engine::engine_names()
}

#[pymodule]
fn _queens(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<problem::NativeProblem>()?;
    m.add_class::<placement::Placement>()?;
    m.add_class::<placement::PlacementIter>()?;
    m.add_class::<solutions::Solutions>()?;
    m.add_class::<ranged::NativeRanged>()?;
    m.add_function(wrap_pyfunction!(ranged::is_range, m)?)?;
    m.add_class::<puzzle::Puzzle>()?;
    m.add_class::<puzzle::Step>()?;
    m.add_function(wrap_pyfunction!(puzzle::_rebuild_puzzle, m)?)?;
    m.add_class::<verdict::Verdict>()?;
    m.add_class::<verbs::Cover>()?;
    m.add_class::<verbs::EngineReport>()?;
    m.add_class::<verbs::JobVerdict>()?;
    m.add_function(wrap_pyfunction!(verbs::cover, m)?)?;
    m.add_function(wrap_pyfunction!(verbs::completion_instance, m)?)?;
    m.add_function(wrap_pyfunction!(verbs::decode, m)?)?;
    m.add_function(wrap_pyfunction!(verbs::max_pieces, m)?)?;
    m.add_function(wrap_pyfunction!(parts::merge, m)?)?;
    m.add_function(wrap_pyfunction!(_active_jobs, m)?)?;
    m.add_function(wrap_pyfunction!(engine_names, m)?)?;
    Ok(())
}
