//! `count` in parts (`--json`, `--checkpoint`, `--shard`, `--method`, `--manifest`) and
//! `merge`.
//! Kept apart from `run.rs` because these flags need an engine that plans its work in
//! parts (nqueens, torus, amazons, exact, fewlines); `run.rs` branches here when one of them
//! is given.

use std::path::PathBuf;
use std::time::Instant;

use num_bigint::BigUint;
use num_traits::Zero;
use queens::engine::{Method, Parts, Shard, ShardResult, count_parts, merge as merge_shards};
use queens::{EngineChoice, Error, Problem};
use serde_json::json;

use super::args::first_given;
use super::input::parse;
use super::limits::Limits;
use super::output::Outcome;

/// The `count` flags that need an engine that counts in parts.
#[derive(Clone, Debug, Default)]
pub struct CountFlags {
    /// `--unique`: print the count up to symmetry instead of the total.
    pub unique: bool,
    /// `--json`: print both counts, the time and the threads as JSON.
    pub json: bool,
    /// `--checkpoint FILE`.
    pub checkpoint: Option<PathBuf>,
    /// `--shard I/K`, as typed.
    pub shard: Option<String>,
    /// `--method join|backtrack`, as typed.
    pub method: Option<String>,
    /// `--manifest FILE`.
    pub manifest: Option<PathBuf>,
}

impl CountFlags {
    /// The first flag set that needs a count in parts (a checkpoint, a shard, a method
    /// or the JSON report), as typed, if any.
    pub fn parts_flag(&self) -> Option<&'static str> {
        first_given(&[
            (self.json, "--json"),
            (self.checkpoint.is_some(), "--checkpoint"),
            (self.shard.is_some(), "--shard"),
            (self.method.is_some(), "--method"),
            (self.manifest.is_some(), "--manifest"),
        ])
    }
}

/// Counts `problem` in parts as `flags` ask (`--json`, `--checkpoint`, `--shard`,
/// `--method`, `--manifest`), printing the answer on stdout. `source`: the words that
/// rebuild the problem, for the manifest.
pub fn count(
    problem: &Problem,
    engine: EngineChoice,
    limits: &Limits,
    flags: &CountFlags,
    source: Vec<String>,
) -> Result<Outcome, String> {
    let board = problem.board();
    let shard: Option<Shard> = flags.shard.as_deref().map(parse).transpose()?;
    if shard.is_some() && (flags.unique || flags.json) {
        return Err(
            "--shard always prints a JSON partial result: leave out --unique and --json".into(),
        );
    }
    let method: Option<Method> = flags.method.as_deref().map(parse).transpose()?;
    let parts = Parts {
        shard,
        checkpoint: flags.checkpoint.clone(),
        method,
        unique: flags.unique || flags.json,
        manifest: flags
            .manifest
            .clone()
            .map(|path| queens::engine::parts::manifest::Target { path, source }),
        recount: None,
    };
    let bar = limits.bar("counting");
    let progress = |p: queens::Progress| bar.update(p.done, p.total);
    let settings = limits.settings(Some(&progress));
    let start = Instant::now();
    let report = count_parts(problem, engine, &settings, &parts);
    bar.finish();
    let report = match report {
        Ok(r) => r,
        Err(Error::NoEngine { reason, .. }) => {
            let flag = flags.parts_flag().unwrap_or("--json");
            return Err(format!(
                "{flag} needs an engine that counts in parts: {reason}"
            ));
        }
        Err(e) => return super::output::failed(e),
    };
    let seconds = start.elapsed().as_secs_f64();
    let unique = report.unique.clone().unwrap_or_default();
    let (text, found) = if let Some(r) = &report.shard {
        (r.to_json(), true)
    } else if flags.json {
        let v = json!({
            "n": board.rows().min(board.cols()),
            "rows": board.rows(),
            "cols": board.cols(),
            "total": as_json_number(&report.total),
            "unique": as_json_number(&unique),
            "method": report.method,
            "seconds": (seconds * 1e3).round() / 1e3,
            "threads": report.threads,
            "tasks": report.tasks,
            "resumed_tasks": report.resumed,
        });
        (v.to_string(), !report.total.is_zero())
    } else if flags.unique {
        (unique.to_string(), !unique.is_zero())
    } else {
        (report.total.to_string(), !report.total.is_zero())
    };
    println!("{text}");
    Ok(if found { Outcome::Yes } else { Outcome::No })
}

/// A count as a JSON number (counts of plain N-queens fit 128 bits).
fn as_json_number(n: &BigUint) -> serde_json::Value {
    u128::try_from(n).map_or_else(|_| json!(n.to_string()), |v| json!(v))
}

/// `queens merge FILES...`: adds up shard results and prints the total (or the unique
/// count, or both as JSON).
pub fn merge(
    files: &[PathBuf],
    unique: bool,
    json: bool,
    manifest: Option<&std::path::Path>,
) -> Result<Outcome, String> {
    let mut parts = Vec::new();
    for f in files {
        let name = f.display().to_string();
        let text = super::input::read_text(
            &name,
            "the shard result",
            &queens::text::Limit::shard_result(),
        )?;
        parts.push((
            name.clone(),
            ShardResult::parse(&text, &name).map_err(|e| e.to_string())?,
        ));
    }
    let m = merge_shards(&parts).map_err(|e| e.to_string())?;
    if let Some(path) = manifest {
        queens::engine::parts::manifest::Manifest::of_merge(&parts)
            .and_then(|list| list.write(path))
            .map_err(|e| e.to_string())?;
    }
    if unique && !m.unique_known {
        return Err(format!(
            "these shards of {} do not give the count up to symmetry: the board is too large to search for symmetric placements",
            m.problem
        ));
    }
    let text = if json {
        json!({
            "n": m.rows,
            "rows": m.rows,
            "cols": m.cols,
            "total": m.tally.total,
            "unique": if m.unique_known { json!(m.tally.unique) } else { json!(null) },
            "method": m.method,
            "seconds": (m.seconds * 1e3).round() / 1e3,
            "shards": parts.len(),
            "engine": m.engine,
            "problem": m.problem,
        })
        .to_string()
    } else if unique {
        m.tally.unique.to_string()
    } else {
        m.tally.total.to_string()
    };
    println!("{text}");
    Ok(if m.tally.total > 0 {
        Outcome::Yes
    } else {
        Outcome::No
    })
}
