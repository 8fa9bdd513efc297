//! `count` for plain N-queens (the `nqueens` engine) and `merge`: unique counts, JSON,
//! checkpoints and shards. Kept apart from `run.rs` because these flags exist only for
//! this counter; `run.rs` branches here when the problem is plain N-queens.

use std::path::PathBuf;
use std::time::Instant;

use queens::engine::nqueens::resume::{self, Options, Shard, ShardResult};
use queens::engine::nqueens::{Method, Plan, Tally};
use queens::{Control, Problem};
use serde_json::json;

use super::progress::Bar;
use super::run::Outcome;

/// The `count` flags that only the N-queens counter understands.
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
}

impl CountFlags {
    /// The first of these flags that is set, as typed, if any.
    pub fn first_set(&self) -> Option<&'static str> {
        [
            (self.unique, "--unique"),
            (self.json, "--json"),
            (self.checkpoint.is_some(), "--checkpoint"),
            (self.shard.is_some(), "--shard"),
            (self.method.is_some(), "--method"),
        ]
        .into_iter()
        .find_map(|(set, name)| set.then_some(name))
    }
}

/// Counts plain N-queens `problem` as `flags` ask, printing the answer on stdout.
pub fn count(problem: &Problem, threads: usize, flags: &CountFlags) -> Result<Outcome, String> {
    let board = problem.board();
    let method = choose_method(board.rows(), board.cols(), flags)?;
    let plan = Plan::with_method(board.rows(), board.cols(), method).map_err(|e| e.to_string())?;
    let shard: Option<Shard> = flags
        .shard
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(|e: queens::Error| e.to_string())?;
    if shard.is_some() && (flags.unique || flags.json) {
        return Err(
            "--shard always prints a JSON partial result: leave out --unique and --json".into(),
        );
    }
    let opts = Options {
        shard,
        checkpoint: flags.checkpoint.clone(),
        unique: flags.unique || flags.json,
    };
    let bar = Bar::new("counting");
    let progress = |p: queens::Progress| bar.update(p.done, p.total);
    let ctl = Control {
        threads,
        progress: Some(&progress),
        ..Control::default()
    };
    let start = Instant::now();
    let report = resume::run(&plan, &opts, &ctl);
    bar.finish();
    let report = report.map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    let threads = ctl.thread_count();
    let Tally { total, unique } = report.tally;
    let (text, found) = if let Some(s) = shard {
        let r = ShardResult::new(&plan, s, &report, seconds, threads);
        (serde_json::to_string(&r).expect("serialisable"), true)
    } else if flags.json {
        let v = json!({
            "n": board.rows().min(board.cols()),
            "rows": board.rows(),
            "cols": board.cols(),
            "total": total,
            "unique": unique,
            "method": plan.method(),
            "seconds": (seconds * 1e3).round() / 1e3,
            "threads": threads,
            "tasks": report.tasks,
            "resumed_tasks": report.resumed,
        });
        (v.to_string(), total > 0)
    } else if flags.unique {
        (unique.to_string(), unique > 0)
    } else {
        (total.to_string(), total > 0)
    };
    println!("{text}");
    Ok(if found { Outcome::Yes } else { Outcome::No })
}

/// The method for `count` with `flags`: the one asked for, else the one an existing
/// checkpoint was made with, else the join for a square it handles and the
/// backtracking search for everything else (rectangles, sides past the join's).
fn choose_method(rows: u32, cols: u32, flags: &CountFlags) -> Result<Method, String> {
    if let Some(m) = &flags.method {
        return m.parse().map_err(|e: queens::Error| e.to_string());
    }
    let best = Plan::total_method(rows, cols);
    if let Some(m) = flags
        .checkpoint
        .as_deref()
        .and_then(resume::checkpoint_method)
        && (m == Method::Backtrack || m == best)
    {
        return Ok(m);
    }
    Ok(best)
}

/// `queens merge FILES...`: adds up shard results and prints the total (or the unique
/// count, or both as JSON).
pub fn merge(files: &[PathBuf], unique: bool, json: bool) -> Result<Outcome, String> {
    let mut parts = Vec::new();
    for f in files {
        let name = f.display().to_string();
        let text = std::fs::read_to_string(f).map_err(|e| format!("cannot read {name}: {e}"))?;
        parts.push((
            name.clone(),
            ShardResult::parse(&text, &name).map_err(|e| e.to_string())?,
        ));
    }
    let m = resume::merge(&parts).map_err(|e| e.to_string())?;
    let text = if json {
        json!({
            "n": m.rows,
            "rows": m.rows,
            "cols": m.cols,
            "total": m.tally.total,
            "unique": m.tally.unique,
            "method": m.method,
            "seconds": (m.seconds * 1e3).round() / 1e3,
            "shards": parts.len(),
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
