//! How a command ends and what it writes: the [`Outcome`] and its exit code, library
//! errors as outcomes, stdout that a closed pipe ends quietly, and the text of a
//! solution in each format.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use queens::terrain::Terrain;
use queens::{Board, Error, Placement, Problem, render};

use super::args::{AllFormat, SolveFormat};

/// How a command ended, when it ran to the end.
pub enum Outcome {
    /// Found / valid: exit 0.
    Yes,
    /// No solution / invalid placement: exit 1.
    No,
    /// A search budget ran out, nothing proved: exit 3.
    Unknown,
}

impl Outcome {
    /// The process exit code, as grep has it.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Outcome::Yes => ExitCode::SUCCESS,
            Outcome::No => ExitCode::from(1),
            Outcome::Unknown => ExitCode::from(3),
        }
    }
}

pub(crate) type CliResult = Result<Outcome, String>;

/// The outcome of a library error: "no answer" (exit 3) for a budget that ran out or
/// a search that gave up, said on stderr; every other error is bad input (exit 2).
pub fn failed(e: Error) -> CliResult {
    match e {
        Error::Budget { .. } | Error::GaveUp { .. } | Error::CoverBudget { .. } => {
            eprintln!("queens: {e}");
            Ok(Outcome::Unknown)
        }
        Error::NoEngine { .. } => Err(with_engines_hint(&e)),
        e => Err(e.to_string()),
    }
}

/// A refusal of `auto`, with where to see every engine's reason.
pub fn with_engines_hint(e: &Error) -> String {
    format!("{e} (`queens engines` with the same board and pieces shows why each engine refuses)")
}

/// Writes to stdout; a closed pipe (`| head`) ends the output quietly.
pub fn write_out(out: &mut impl Write, text: &str) -> Result<bool, String> {
    write_bytes(out, text.as_bytes())
}

/// [`write_out`] for text already in bytes.
pub fn write_bytes(out: &mut impl Write, text: &[u8]) -> Result<bool, String> {
    match out.write_all(text) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

pub fn finish(out: &mut impl Write) -> Result<(), String> {
    match out.flush() {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// The output of `all`: solutions written one by one up to an optional limit, stopping
/// quietly on a closed pipe and remembering a write failure for the caller to report
/// (the enumeration callback can only say stop).
pub struct Listing<W: Write> {
    out: W,
    limit: Option<u64>,
    printed: u64,
    closed: bool,
    failure: Option<String>,
    /// Holes and blockers to draw in board diagrams.
    terrain: Option<Terrain>,
}

impl<W: Write> Listing<W> {
    /// A listing into `out` of at most `limit` solutions (`None`: all of them).
    pub fn new(out: W, limit: Option<u64>) -> Self {
        Listing {
            out,
            limit,
            printed: 0,
            closed: false,
            failure: None,
            terrain: None,
        }
    }

    /// The same listing, drawing `terrain`'s holes and blockers in diagrams.
    pub fn on(mut self, terrain: &Terrain) -> Self {
        self.terrain = (!terrain.is_plain()).then(|| terrain.clone());
        self
    }

    /// Whether nothing more may be written: the limit is reached, the pipe closed or a
    /// write failed.
    pub fn done(&self) -> bool {
        self.closed || self.failure.is_some() || self.limit.is_some_and(|l| self.printed >= l)
    }

    /// Writes one solution; `Break` when the listing is [done](Self::done).
    pub fn push(&mut self, board: &Board, p: &Placement, format: AllFormat) -> ControlFlow<()> {
        let written = listing_text(board, self.terrain.as_ref(), p, format, self.printed == 0)
            .and_then(|text| write_out(&mut self.out, &text));
        self.count(written)
    }

    /// Writes one solution's text as given (its line, from [`queens::render::ranks::RankText`]);
    /// `Break` when the listing is [done](Self::done).
    pub fn push_line(&mut self, line: &[u8]) -> ControlFlow<()> {
        let written = write_bytes(&mut self.out, line);
        self.count(written)
    }

    /// Records how a write went; `Break` when the listing is [done](Self::done).
    fn count(&mut self, written: Result<bool, String>) -> ControlFlow<()> {
        match written {
            Ok(true) => self.printed += 1,
            Ok(false) => self.closed = true,
            Err(e) => self.failure = Some(e),
        }
        if self.done() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Flushes what was written, when the listing ends on an error: no verdict.
    pub fn abandon(mut self) -> Result<(), String> {
        if let Some(e) = self.failure.take() {
            return Err(e);
        }
        finish(&mut self.out)
    }

    /// Flushes the output; reports a write failure, or "no solution" when nothing was
    /// listed although something was asked for.
    pub fn finish(mut self) -> CliResult {
        if let Some(e) = self.failure.take() {
            return Err(e);
        }
        finish(&mut self.out)?;
        if self.printed == 0 && self.limit != Some(0) {
            eprintln!("queens: no solution");
            return Ok(Outcome::No);
        }
        Ok(Outcome::Yes)
    }
}

const PERM_QUEENS_ONLY: &str =
    "--format perm writes one queen per file only; use --format coords for this problem";

/// One solution as `solve` prints it.
pub fn solution_text(
    board: &Board,
    terrain: &Terrain,
    p: &Placement,
    format: SolveFormat,
) -> Result<String, String> {
    Ok(match format {
        SolveFormat::Board => render::diagram_on(board, terrain, p),
        SolveFormat::Coords => format!("{p}\n"),
        SolveFormat::Json => format!("{}\n", render::json(board, p)),
        SolveFormat::Svg => render::svg_on(board, terrain, p),
        SolveFormat::Perm => queens::perm::Perm::from_placement(board, p)
            .ok_or(PERM_QUEENS_ONLY)?
            .to_text(),
    })
}

/// One solution as `all` prints it; `first` tells whether a separator is needed.
pub fn listing_text(
    board: &Board,
    terrain: Option<&Terrain>,
    p: &Placement,
    format: AllFormat,
    first: bool,
) -> Result<String, String> {
    Ok(match format {
        AllFormat::Coords => format!("{p}\n"),
        AllFormat::Json => format!("{}\n", render::json(board, p)),
        AllFormat::Board => {
            let sep = if first { "" } else { "\n" };
            let plain;
            let terrain = match terrain {
                Some(t) => t,
                None => {
                    plain = Terrain::new(board);
                    &plain
                }
            };
            format!("{sep}{}", render::diagram_on(board, terrain, p))
        }
        AllFormat::Perm => queens::perm::Perm::from_placement(board, p)
            .ok_or(PERM_QUEENS_ONLY)?
            .to_text(),
    })
}

/// Says on stderr why there is no solution when the library found more pieces than
/// free squares or the fixed pieces attacking each other (it answers none without a
/// search); `false` when neither.
pub fn explain_clash(problem: &Problem) -> bool {
    if let Some(why) = problem.overfull() {
        eprintln!("queens: no solution: {why}");
        return true;
    }
    let (first, all) = queens::verdict::fixed_clashes(problem, 10);
    if all == 0 {
        return false;
    }
    eprintln!("queens: no solution: the fixed pieces attack each other:");
    for c in &first {
        eprintln!("  {c}");
    }
    if all > first.len() as u64 {
        eprintln!("  ({all} attacking pairs in all)");
    }
    true
}
