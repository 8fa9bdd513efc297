//! Counts split into parts for other machines: one part counted here
//! (`count_part`, a shard result as JSON) and a complete set of them added up
//! (`merge`, which refuses a missing, repeated, foreign or edited part).
//!
//! These are what `queens.dask` runs on a cluster's workers and on the client; they are
//! the command line's `count --shard I/K --json` and `queens merge`.

use pyo3::prelude::*;
use queens::engine::{Parts, Shard, ShardResult, count_parts, merge as merge_results};
use queens::{Error, Settings};

use crate::blocking::{self, Mode};
use crate::convert::{
    BlockersName, BoardArg, Define, EngineArg, Flag, HolesName, PartName, PartsName, Pieces,
    PlacementArg, Squares, Threads, TorusName, Whole,
};
use crate::errors;
use crate::problem::to_int;

/// Counts part `index` of `count` (from 1) of a problem given as the other verbs take
/// it (and the terrain keywords), with a checkpoint file when `checkpoint` is set; the shard result as JSON.
#[pyfunction]
#[pyo3(signature = (board, pieces, fixed, define, index, count, engine = EngineArg::AUTO, threads = Threads(0), checkpoint = None, holes = None, blockers = None, torus = Flag::OFF, regions = None, per_region = None))]
#[allow(clippy::too_many_arguments)]
pub fn count_part(
    py: Python<'_>,
    board: Option<BoardArg>,
    pieces: Option<Pieces>,
    fixed: Option<PlacementArg>,
    define: Option<Define>,
    index: Whole<PartName>,
    count: Whole<PartsName>,
    engine: EngineArg,
    threads: Threads,
    checkpoint: Option<std::path::PathBuf>,
    holes: Option<Squares<HolesName>>,
    blockers: Option<Squares<BlockersName>>,
    torus: Flag<TorusName>,
    regions: Option<&Bound<'_, PyAny>>,
    per_region: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let err = |e: Error| errors::to_py(py, e);
    let catalog = define.unwrap_or_default().catalog(py)?;
    let terrain = crate::terrain::TerrainArgs {
        holes,
        blockers,
        torus: torus.0,
        regions,
        per_region,
    };
    let problem = crate::verbs::build(
        py,
        board.map(|b| b.0),
        pieces.as_ref(),
        fixed.as_ref(),
        &catalog,
        &terrain,
    )?;
    let (choice, threads) = (engine.0, threads.0);
    let shard: Shard = format!("{}/{}", index.0, count.0).parse().map_err(err)?;
    blocking::run(py, Mode::Worker, move |cancel| {
        let settings = Settings {
            threads,
            cancel: Some(cancel),
            ..Settings::default()
        };
        let parts = Parts {
            shard: Some(shard),
            checkpoint,
            ..Parts::default()
        };
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
    results: Vec<String>,
    names: Option<Vec<String>>,
) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let names: Vec<String> = match names {
        Some(n) if n.len() == results.len() => n,
        Some(n) => {
            return Err(errors::input(
                py,
                format!(
                    "merge got {} names for {} results; give one name per result",
                    n.len(),
                    results.len()
                ),
            ));
        }
        None => (1..=results.len()).map(|i| format!("part {i}")).collect(),
    };
    let mut parts = Vec::with_capacity(results.len());
    for (name, text) in names.into_iter().zip(&results) {
        let r = ShardResult::parse(text, &name).map_err(|e| errors::to_py(py, e))?;
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
