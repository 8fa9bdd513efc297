//! Counts split into parts for other machines: one part counted here
//! (`NativeProblem.count_part`, a shard result as JSON) and a complete set of them added up
//! (`merge`, which refuses a missing, repeated, foreign or edited part).
//!
//! These are what `queens.dask` runs on a cluster's workers and on the client; they are
//! the command line's `count --shard I/K --json` and `queens merge`.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyString;
use queens::engine::{Parts, Shard, ShardResult, count_parts, merge as merge_results};
use queens::{EngineChoice, Error, Problem};

use crate::answer::to_int;
use crate::blocking::{self, Mode};
use crate::errors;

/// Counts part `index` of `count` (from 1) of `problem` (`NativeProblem.count_part`),
/// with a checkpoint file when `checkpoint` is set; the shard result as JSON.
pub fn count_part(
    py: Python<'_>,
    problem: Arc<Problem>,
    index: u64,
    count: u64,
    choice: EngineChoice,
    threads: usize,
    checkpoint: Option<PathBuf>,
) -> PyResult<String> {
    let shard: Shard = format!("{index}/{count}")
        .parse()
        .map_err(|e| errors::to_py(py, e))?;
    blocking::run(py, Mode::Worker, move |cancel| {
        let parts = Parts {
            shard: Some(shard),
            checkpoint,
            ..Parts::default()
        };
        let settings = blocking::settings(cancel, threads, None);
        let report = count_parts(&problem, choice, &settings, &parts)?;
        report
            .shard
            .map(|s| s.to_json())
            .ok_or_else(|| Error::Internal("a shard count gave no shard result".into()))
    })
}

/// Adds up a complete set of shard results (JSON texts; `names` name them in messages,
/// by default `part 1`, `part 2` ... in the order given). Returns the total and the count
/// up to symmetry.
#[pyfunction]
#[pyo3(signature = (results, names = None))]
pub fn merge(
    py: Python<'_>,
    results: Vec<Bound<'_, PyString>>,
    names: Option<Vec<String>>,
) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let names: Vec<String> = match names {
        Some(n) if n.len() == results.len() => n,
        Some(n) => {
            return Err(errors::input(
                py,
                format!(
                    "merge got {} for {}; give one name per result",
                    queens::render::words::plural(n.len(), "name"),
                    queens::render::words::plural(results.len(), "result")
                ),
            ));
        }
        None => (1..=results.len()).map(|i| format!("part {i}")).collect(),
    };
    let mut parts = Vec::with_capacity(results.len());
    let limit = queens::text::Limit::shard_result();
    for (name, text) in names.into_iter().zip(&results) {
        // A text with more characters than a shard result has bytes is refused before
        // it is copied out of Python (bytes are at least characters).
        if text.len()? as u64 > limit.bytes {
            let e = Error::TooLong {
                what: name,
                limit: limit.to_string(),
                largest: limit.largest.clone(),
            };
            return Err(errors::to_py(py, e));
        }
        let r =
            ShardResult::parse(&text.to_string_lossy(), &name).map_err(|e| errors::to_py(py, e))?;
        parts.push((name, r));
    }
    let merged = merge_results(&parts).map_err(|e| errors::to_py(py, e))?;
    let unique = if merged.unique_known {
        to_int(py, merged.tally.unique.into())?
    } else {
        py.None()
    };
    Ok((to_int(py, merged.tally.total.into())?, unique))
}
