//! The CLI side of counting past enumeration: `queens max`, and ranged specs
//! (`0..8Q`, `*K`) for `solve`, `all` and `count`.
//!
//! Parses the arguments into library values, calls [`queens::maximum::maximum`] and
//! prints `MAX COUNT` (or one JSON object), so scripts can split the line on a space.

use std::io::{self, Write};

use num_traits::Zero;
use queens::maximum::maximum;
use queens::query::Beside;
use queens::range::RangeSpec;
use queens::{Board, EngineChoice, Placement, Problem, Settings};

use super::args::{AllFormat, ProblemArgs, SolveFormat};
use super::input::parse;
use super::limits::Limits;
use super::output::{CliResult, Listing, Outcome, failed, write_out};
use super::progress::Ui;

/// The options of `queens max` beside the board and the kind.
pub struct MaxArgs<'a> {
    /// `--pieces`.
    pub pieces: Option<&'a str>,
    /// `--fixed`.
    pub fixed: Option<&'a str>,
    /// `--engine`.
    pub engine: &'a str,
    /// `--json`.
    pub json: bool,
    /// `--threads` and `--budget-secs`.
    pub limits: Limits,
    /// `--piece` definitions.
    pub defs: &'a [String],
    /// `--holes`, `--blockers`, `--torus`.
    pub terrain: &'a super::args::TerrainArgs,
}

/// `queens max BOARD --kind K [--pieces SPEC] [--fixed PLACEMENT] [--json]`.
pub fn max(board: &str, kind: &str, a: MaxArgs) -> CliResult {
    let MaxArgs {
        pieces,
        fixed,
        engine,
        json,
        limits,
        defs,
        terrain,
    } = a;
    let q = kind_and_given(Some(board), kind, pieces, fixed, defs, terrain)?;
    let choice: EngineChoice = parse(engine)?;
    let bar = limits.bar("max");
    let report = |p: queens::Progress| bar.update(p.done, p.total);
    let settings = limits.settings(Some(&report));
    let found = maximum(&q, choice, &settings);
    bar.finish();
    let found = match found {
        Ok(found) => found,
        Err(e) => return failed(e),
    };
    let Some(m) = found else {
        eprintln!("queens: no solution: the other pieces cannot stand on their own");
        return Ok(Outcome::No);
    };
    let text = if json {
        format!(
            "{}\n",
            serde_json::json!({
                "board": q.board.to_string(),
                "kind": q.kind.letter().to_string(),
                "max": m.pieces,
                "placements": m.placements.to_string(),
            })
        )
    } else {
        format!("{} {}\n", m.pieces, m.placements)
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(Outcome::Yes),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(Outcome::Yes),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// BOARD, `--kind`, `--pieces`, `--fixed`, `--piece` and the terrain of `max` and
/// `cover`, read through the library's request (`--pieces` defaults to none here).
pub fn kind_and_given(
    board: Option<&str>,
    kind: &str,
    pieces: Option<&str>,
    fixed: Option<&str>,
    defs: &[String],
    terrain: &super::args::TerrainArgs,
) -> Result<Beside, String> {
    let req = super::terrain::request(board, pieces, fixed, defs, terrain)?;
    let refused = |e| super::terrain::refused(&e, terrain);
    let parts = req.parts().map_err(refused)?;
    let kind = parts.kind(kind).map_err(refused)?;
    let base = req
        .pieces_on(&parts.catalog, &parts.board)
        .map_err(refused)?
        .unwrap_or_default();
    Ok(parts.beside(base, kind))
}

/// A problem whose SPEC has ranges (`0..8Q`, `*K`), read by the library's request.
pub struct Ranged {
    spec: RangeSpec,
    board: Board,
    fixed: Placement,
    engine: EngineChoice,
    limits: Limits,
}

/// `Some` when `--pieces` uses range syntax; the exact-spec path is left to `run`.
pub fn ranged(args: &ProblemArgs, ui: Ui) -> Result<Option<Ranged>, String> {
    let req = super::terrain::request_of(args)?;
    if !req.is_ranged() {
        return Ok(None);
    }
    let Some(r) = req
        .ranged()
        .map_err(|e| super::terrain::refused(&e, &args.terrain))?
    else {
        return Ok(None);
    };
    let engine = parse(&args.engine)?;
    Ok(Some(Ranged {
        spec: r.spec,
        board: r.board,
        fixed: r.fixed,
        engine,
        limits: Limits::of(args, ui)?,
    }))
}

impl Ranged {
    fn settings(&self) -> Settings<'static> {
        self.limits.settings(None)
    }

    fn problems(&self) -> Result<Vec<Problem>, queens::Error> {
        self.spec
            .problems(self.board, &self.fixed, self.engine, &self.settings())
    }
}

/// `count` over a range: the sum over every allowed combination of counts.
pub fn count_range(r: &Ranged, unique: bool) -> CliResult {
    let total = match r
        .spec
        .count_all(r.board, &r.fixed, r.engine, &r.settings(), unique)
    {
        Ok(n) => n,
        Err(e) => return failed(e),
    };
    let mut out = io::stdout().lock();
    write_out(&mut out, &format!("{total}\n"))?;
    Ok(if total.is_zero() {
        Outcome::No
    } else {
        Outcome::Yes
    })
}

/// `solve` over a range: the largest allowed combination first.
pub fn solve_range(r: &Ranged, format: SolveFormat) -> CliResult {
    match r.spec.solve(r.board, &r.fixed, r.engine, &r.settings()) {
        Ok(Some(s)) => {
            let plain = queens::terrain::Terrain::new(&r.board);
            let text = super::output::solution_text(&r.board, &plain, &s, format)?;
            write_out(&mut io::stdout().lock(), &text)?;
            Ok(Outcome::Yes)
        }
        Ok(None) => {
            eprintln!("queens: no solution");
            Ok(Outcome::No)
        }
        Err(e) => failed(e),
    }
}

/// `all` over a range: every placement of every allowed size, smallest counts first.
pub fn all_range(r: &Ranged, limit: Option<u64>, format: AllFormat) -> CliResult {
    let problems = match r.problems() {
        Ok(p) => p,
        Err(e) => return failed(e),
    };
    if limit == Some(0) {
        // Nothing to list; the exit status says whether any size has a solution.
        if problems.is_empty() {
            eprintln!("queens: no solution");
            return Ok(Outcome::No);
        }
        return Ok(Outcome::Yes);
    }
    let mut listing = Listing::new(io::BufWriter::new(io::stdout().lock()), limit);
    for p in problems {
        if listing.done() {
            break;
        }
        if let Err(e) = queens::enumerate(&p, r.engine, &r.settings(), &mut |s| {
            listing.push(&r.board, s, format)
        }) {
            listing.abandon()?;
            return failed(e);
        }
    }
    listing.finish()
}
