//! `queens cover` and `queens solve --cover`: the fewest pieces of a kind that occupy or
//! attack every square (domination), through [`queens::cover::cover`].
//!
//! `cover` prints `MIN COUNT` (or one JSON object; `--show` adds a drawing of one
//! covering); `solve --cover` prints one minimum covering in `solve`'s formats and
//! skips the count. No covering is exit 1 with the reason; a budget that runs out is
//! exit 3 with the bounds proved so far.

use std::io;

use queens::EngineChoice;
use queens::cover::{CoverOptions, cover};
use queens::query::Beside;

use super::args::jobs::{CoverArgs, HugeArgs, SolveCoverArgs};
use super::args::{ProblemArgs, SolveFormat, TerrainArgs};
use super::input::parse;
use super::limits::Limits;
use super::output::{CliResult, Outcome, failed, finish, solution_text, write_out};
use super::progress::Ui;

/// One covering question, parsed.
struct Request {
    q: Beside,
    engine: EngineChoice,
    limits: Limits,
    options: CoverOptions,
}

impl Request {
    #[allow(clippy::too_many_arguments)]
    fn parse(
        board: Option<&str>,
        kind: &str,
        pieces: Option<&str>,
        fixed: Option<&str>,
        engine: &str,
        defs: &[String],
        terrain: &TerrainArgs,
        limits: Limits,
        options: CoverOptions,
    ) -> Result<Request, String> {
        let q = super::counting::kind_and_given(board, kind, pieces, fixed, defs, terrain)?;
        let engine = parse(engine)?;
        Ok(Request {
            q,
            engine,
            limits,
            options,
        })
    }

    /// Runs the search with a progress bar; `Err` is the outcome to end with (no
    /// covering, a budget, bad input).
    fn run(&self) -> Result<queens::cover::Cover, CliResult> {
        let bar = self.limits.bar("covering");
        let report = |p: queens::Progress| bar.update(p.done, p.total);
        let found = cover(
            &self.q,
            &self.options,
            self.engine,
            &self.limits.settings(Some(&report)),
        );
        bar.finish();
        match found {
            Ok(Some(c)) => Ok(c),
            Ok(None) => {
                eprintln!("queens: no covering: {}", self.why_none());
                Err(Ok(Outcome::No))
            }
            Err(e) => Err(failed(e)),
        }
    }

    /// Why no covering exists (the library's reason, fields spelled as flags).
    fn why_none(&self) -> String {
        queens::cover::why_none(
            &self.q,
            &self.options,
            self.engine,
            &self.limits.settings(None),
        )
        .spelled(&|field| format!("--{}", field.name()))
    }
}

/// `queens cover BOARD --kind K [...]`: prints `MIN COUNT`.
pub fn cover_cmd(a: &CoverArgs, ui: Ui) -> CliResult {
    let limits = Limits::new(a.threads, a.budget_secs, a.budget_steps, ui)?;
    let request = Request::parse(
        Some(&a.board),
        &a.kind,
        a.pieces.as_deref(),
        a.fixed.as_deref(),
        &a.engine,
        &a.piece,
        &a.terrain.terrain(),
        limits,
        CoverOptions {
            independent: a.variant.independent,
            total: a.variant.total,
            example_only: false,
        },
    )?;
    let c = match request.run() {
        Ok(c) => c,
        Err(outcome) => return outcome,
    };
    let count = c.count.map(|n| n.to_string()).unwrap_or_default();
    let text = if a.json {
        format!(
            "{}\n",
            serde_json::json!({
                "board": request.q.board.to_string(),
                "kind": request.q.kind.letter().to_string(),
                "independent": a.variant.independent,
                "total": a.variant.total,
                "min": c.min,
                "placements": count,
                "example": c.example.to_string(),
            })
        )
    } else if a.show {
        format!(
            "{} {count}\n{}",
            c.min,
            queens::render::diagram_on(&request.q.board, &request.q.terrain, &c.example)
        )
    } else {
        format!("{} {count}\n", c.min)
    };
    let mut out = io::stdout().lock();
    write_out(&mut out, &text)?;
    finish(&mut out)?;
    Ok(Outcome::Yes)
}

/// `queens solve --cover --kind K [...]`: one minimum covering, drawn.
pub fn solve(
    args: &ProblemArgs,
    flags: &SolveCoverArgs,
    format: Option<SolveFormat>,
    huge: &HugeArgs,
    ui: Ui,
) -> CliResult {
    if let Some(flag) = huge.queens_flag() {
        return Err(format!(
            "{flag} places N queens on an N x N board; it does not go with --cover"
        ));
    }
    let request = Request::parse(
        args.board.as_deref(),
        flags.kind.as_deref().unwrap_or_default(),
        args.pieces.as_deref(),
        args.fixed.as_deref(),
        &args.engine,
        &args.piece,
        &args.terrain,
        Limits::of(args, ui)?,
        CoverOptions {
            independent: flags.variant.independent,
            total: flags.variant.total,
            example_only: true,
        },
    )?;
    let c = match request.run() {
        Ok(c) => c,
        Err(outcome) => return outcome,
    };
    let format =
        format.unwrap_or_else(|| super::hugen::default_solve_format(&request.q.board, false));
    let text = solution_text(&request.q.board, &request.q.terrain, &c.example, format)?;
    let mut out = io::stdout().lock();
    write_out(&mut out, &text)?;
    finish(&mut out)?;
    Ok(Outcome::Yes)
}
