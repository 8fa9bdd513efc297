//! `queens engines`: every engine, what it does, and whether (and why not) it takes
//! the problem given, job by job.

use std::io::{self, Write};

use queens::Settings;
use queens::engine::{EngineReport, engines as reports};
use queens::maximum::closed_form_verdict;

use super::output::{CliResult, Outcome, write_out};

/// Runs `queens engines [BOARD] [--pieces SPEC] [--fixed PLACEMENT] [--piece L=BETZA]`.
pub fn engines(
    board: Option<&str>,
    pieces: Option<&str>,
    fixed: Option<&str>,
    defs: &[String],
    terrain: &super::args::TerrainArgs,
) -> CliResult {
    let problem = super::terrain::problem(board, pieces, fixed, defs, terrain)?;
    let board = *problem.board();
    let list = reports(&problem, &Settings::default());
    let mut text = format!(
        "Engines for {} on {board}{}, in the order auto tries them:\n",
        queens::format_spec(problem.pieces()),
        if problem.fixed().is_empty() {
            String::new()
        } else {
            format!(" with {} fixed", problem.fixed())
        }
    );
    if let Some(why) = problem.overfull() {
        text.push_str(&format!(
            "No solution: {why}; every engine that runs a job answers none without a search.\n"
        ));
    }
    for e in &list {
        text.push_str(&describe(e));
    }
    if let Some(verdict) = closed_form_verdict(&problem) {
        text.push_str(&describe_max(&verdict));
    }
    let mut out = io::stdout().lock();
    write_out(&mut out, &text)?;
    let _ = out.flush();
    Ok(Outcome::Yes)
}

/// What `queens max` does with the problem's one kind alone: the closed form's
/// paragraph, in the engines' layout ([`queens::maximum::MAX_SUMMARY`]).
fn describe_max(verdict: &Result<String, String>) -> String {
    let line = match verdict {
        Ok(how) => format!("yes: {how}"),
        Err(why) => format!("no: {why}"),
    };
    format!(
        "\nqueens max: {}\n  {:<15} {line}\n",
        queens::maximum::MAX_SUMMARY,
        "max"
    )
}

/// One engine's paragraph: name, summary, then one line per job it runs.
fn describe(e: &EngineReport) -> String {
    let mut honours = Vec::new();
    if e.honours.parallel {
        honours.push("threads");
    }
    if e.honours.step_budget {
        honours.push("step budget");
    }
    if e.honours.seed {
        honours.push("seed");
    }
    let mut t = format!("\n{}: {}\n", e.name, e.summary);
    if !honours.is_empty() {
        t.push_str(&format!("  takes: {}\n", honours.join(", ")));
    }
    for (job, verdict) in &e.verdicts {
        if !e.jobs.contains(job) {
            continue;
        }
        let line = match verdict {
            Ok(true) => "yes (auto)".to_string(),
            Ok(false) => "yes, when named (auto passes it by here)".to_string(),
            Err(why) => format!("no: {why}"),
        };
        t.push_str(&format!("  {:<15} {line}\n", job.name()));
    }
    t
}
