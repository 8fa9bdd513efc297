//! Runs one parsed command: validates the arguments into a library problem, runs the
//! job, and writes the answer. Errors come back as the one sentence to show the user.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use queens::render;
use queens::verify::{Conflict, conflicts, verify};
use queens::{
    Board, EngineChoice, Error, PieceCount, PieceKind, Placement, Problem, Settings, parse_spec,
};

use super::args::{AllFormat, Cli, Command, ProblemArgs, SolveFormat, VerifyFormat};
use super::nqcount::{self, CountFlags};
use super::progress::Bar;

/// Whether `-v` was given: the library then tells which engine runs.
static VERBOSE: AtomicBool = AtomicBool::new(false);

/// The listener for [`Settings::on_engine`] under `-v`.
fn announce(engine: &'static str) {
    eprintln!("queens: engine {engine}");
}

/// The engine listener when `-v` is on.
pub fn on_engine() -> Option<&'static (dyn Fn(&'static str) + Sync)> {
    VERBOSE.load(Ordering::Relaxed).then_some(&announce)
}

/// The outcome of a library error: "no answer" (exit 3) for a budget that ran out or
/// a search that gave up, said on stderr; every other error is bad input (exit 2).
pub fn failed(e: Error) -> CliResult {
    match e {
        Error::Budget { .. } | Error::GaveUp { .. } => {
            eprintln!("queens: {e}");
            Ok(Outcome::Unknown)
        }
        Error::NoEngine { .. } => Err(format!(
            "{e} (`queens engines` with the same board and pieces shows why each engine refuses)"
        )),
        e => Err(e.to_string()),
    }
}

/// The run-time limits of a command line: threads and budgets, the clock started
/// when the command began (so that a range of problems shares one time budget).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    threads: usize,
    deadline: Option<Instant>,
    steps: Option<u64>,
}

impl Limits {
    /// The limits `args` set, or why they are bad.
    pub fn of(args: &ProblemArgs) -> Result<Limits, String> {
        let deadline = match args.budget_secs {
            None => None,
            Some(secs) if secs.is_finite() && secs >= 0.0 => {
                Some(Instant::now() + Duration::from_secs_f64(secs.min(1e9)))
            }
            Some(secs) => {
                return Err(format!(
                    "bad --budget-secs '{secs}': give a number of seconds such as 2.5"
                ));
            }
        };
        Ok(Limits {
            threads: args.threads,
            deadline,
            steps: args.budget_steps,
        })
    }

    /// The library settings for one job now: the time left of the budget.
    pub fn settings<'a>(
        &self,
        progress: Option<&'a (dyn Fn(queens::Progress) + Sync)>,
    ) -> Settings<'a> {
        Settings {
            threads: self.threads,
            time_budget: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            step_budget: self.steps,
            progress,
            on_engine: on_engine(),
            ..Settings::default()
        }
    }
}

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

/// Runs `cli` and returns its outcome, or the sentence explaining a bad input.
pub fn run(cli: Cli) -> CliResult {
    VERBOSE.store(cli.verbose, Ordering::Relaxed);
    match cli.command {
        Command::Solve {
            problem,
            format,
            huge,
        } => {
            // Ranged specs ("0..8Q") go to the general runner, which expands them.
            if super::counting::ranged(&problem)?.is_some() {
                return solve(&problem, format);
            }
            match super::hugen::solve(&problem, format, &huge)? {
                Some(outcome) => Ok(outcome),
                None => solve(&problem, format),
            }
        }
        Command::All {
            problem,
            limit,
            format,
        } => all(&problem, limit, format),
        Command::Count {
            problem,
            unique,
            json,
            checkpoint,
            shard,
            method,
        } => count(
            &problem,
            &CountFlags {
                unique,
                json,
                checkpoint,
                shard,
                method,
            },
        ),
        Command::Merge {
            files,
            unique,
            json,
        } => nqcount::merge(&files, unique, json),
        Command::Engines {
            board,
            pieces,
            fixed,
            piece,
        } => super::engines::engines(&board, pieces.as_deref(), fixed.as_deref(), &piece),
        Command::Max {
            board,
            kind,
            pieces,
            fixed,
            engine,
            json,
            piece,
        } => super::counting::max(
            &board,
            &kind,
            pieces.as_deref(),
            fixed.as_deref(),
            &engine,
            json,
            &piece,
        ),
        Command::Verify {
            args,
            pieces,
            partial,
            format,
            perm_file: Some(path),
            piece: _,
        } => super::hugen::verify_perm(&args, &path, pieces.as_deref(), partial, format),
        Command::Verify {
            args,
            pieces,
            partial,
            format,
            perm_file: None,
            piece,
        } => verify_cmd(&args, pieces.as_deref(), partial, format, &piece),
        Command::Pieces { which, piece } => super::fairy::pieces(&which, &piece),
        Command::GenCompletion { n, seed } => super::hugen::gen_completion(&n, seed),
        Command::Export(a) => super::export::export_cmd(&a),
        Command::Decode(a) => super::export::decode_cmd(&a),
    }
}

/// A validated problem with the run-time settings that go with it.
struct Setup {
    problem: Problem,
    engine: EngineChoice,
    limits: Limits,
}

fn setup(args: &ProblemArgs) -> Result<Setup, String> {
    let catalog = super::fairy::catalog(&args.piece)?;
    let board: Board = args.board.parse().map_err(|e| format!("{e}"))?;
    let pieces = match &args.pieces {
        Some(spec) => parse_spec(spec, &catalog).map_err(|e| e.to_string())?,
        None => vec![PieceCount {
            kind: PieceKind::queen(),
            count: board.rows().min(board.cols()),
        }],
    };
    let fixed = match &args.fixed {
        Some(text) => Placement::parse(text, &catalog).map_err(|e| e.to_string())?,
        None => Placement::default(),
    };
    let problem = Problem::new(board, pieces, fixed).map_err(|e| e.to_string())?;
    let engine: EngineChoice = args
        .engine
        .parse()
        .map_err(|e: queens::Error| e.to_string())?;
    Ok(Setup {
        problem,
        engine,
        limits: Limits::of(args)?,
    })
}

/// When the fixed pieces already attack each other there is no solution: say which
/// pairs, on stderr.
fn fixed_conflicts(problem: &Problem) -> Option<Vec<Conflict>> {
    let c = conflicts(problem.board(), problem.fixed());
    if c.is_empty() {
        None
    } else {
        eprintln!("queens: no solution: the fixed pieces attack each other:");
        for x in &c {
            eprintln!("  {x}");
        }
        Some(c)
    }
}

/// Writes to stdout; a closed pipe (`| head`) ends the output quietly.
pub fn write_out(out: &mut impl Write, text: &str) -> Result<bool, String> {
    match out.write_all(text.as_bytes()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

fn finish(out: &mut impl Write) -> Result<(), String> {
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
        }
    }

    /// Whether nothing more may be written: the limit is reached, the pipe closed or a
    /// write failed.
    pub fn done(&self) -> bool {
        self.closed || self.failure.is_some() || self.limit.is_some_and(|l| self.printed >= l)
    }

    /// Writes one solution; `Break` when the listing is [done](Self::done).
    pub fn push(&mut self, board: &Board, p: &Placement, format: AllFormat) -> ControlFlow<()> {
        match listing_text(board, p, format, self.printed == 0)
            .and_then(|text| write_out(&mut self.out, &text))
        {
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
pub fn solution_text(board: &Board, p: &Placement, format: SolveFormat) -> Result<String, String> {
    Ok(match format {
        SolveFormat::Board => render::diagram(board, p),
        SolveFormat::Coords => format!("{p}\n"),
        SolveFormat::Json => format!("{}\n", render::json(board, p)),
        SolveFormat::Svg => render::svg(board, p),
        SolveFormat::Perm => queens::perm::Perm::from_placement(board, p)
            .ok_or(PERM_QUEENS_ONLY)?
            .to_text(),
    })
}

/// One solution as `all` prints it; `first` tells whether a separator is needed.
pub fn listing_text(
    board: &Board,
    p: &Placement,
    format: AllFormat,
    first: bool,
) -> Result<String, String> {
    Ok(match format {
        AllFormat::Coords => format!("{p}\n"),
        AllFormat::Json => format!("{}\n", render::json(board, p)),
        AllFormat::Board => {
            let sep = if first { "" } else { "\n" };
            format!("{sep}{}", render::diagram(board, p))
        }
        AllFormat::Perm => queens::perm::Perm::from_placement(board, p)
            .ok_or(PERM_QUEENS_ONLY)?
            .to_text(),
    })
}

fn solve(args: &ProblemArgs, format: Option<SolveFormat>) -> CliResult {
    if let Some(r) = super::counting::ranged(args)? {
        return super::counting::solve_range(&r, format.unwrap_or(SolveFormat::Board));
    }
    let s = setup(args)?;
    let format =
        format.unwrap_or_else(|| super::hugen::default_solve_format(s.problem.board(), false));
    if fixed_conflicts(&s.problem).is_some() {
        return Ok(Outcome::No);
    }
    let found = match queens::solve(&s.problem, s.engine, &s.limits.settings(None)) {
        Ok(found) => found,
        Err(e) => return failed(e),
    };
    let Some(p) = found else {
        eprintln!("queens: no solution");
        return Ok(Outcome::No);
    };
    let text = solution_text(s.problem.board(), &p, format)?;
    let mut out = io::stdout().lock();
    write_out(&mut out, &text)?;
    finish(&mut out)?;
    Ok(Outcome::Yes)
}

fn all(args: &ProblemArgs, limit: Option<u64>, format: Option<AllFormat>) -> CliResult {
    if let Some(r) = super::counting::ranged(args)? {
        return super::counting::all_range(&r, limit, format.unwrap_or(AllFormat::Coords));
    }
    let s = setup(args)?;
    let queens_only = s
        .problem
        .pieces()
        .iter()
        .all(|p| p.kind == PieceKind::queen());
    let format = format.unwrap_or(
        if s.problem.board().cols() > super::hugen::WIDE && queens_only {
            AllFormat::Perm
        } else {
            AllFormat::Coords
        },
    );
    if matches!(format, AllFormat::Perm) && !queens_only {
        return Err("--format perm writes queens only; use --format coords".into());
    }
    if fixed_conflicts(&s.problem).is_some() {
        return Ok(Outcome::No);
    }
    let settings = s.limits.settings(None);
    let board = *s.problem.board();
    if limit == Some(0) {
        // Nothing to list, but the exit status still says whether a solution exists.
        return match queens::solve(&s.problem, s.engine, &settings) {
            Ok(Some(_)) => Ok(Outcome::Yes),
            Ok(None) => {
                eprintln!("queens: no solution");
                Ok(Outcome::No)
            }
            Err(e) => failed(e),
        };
    }
    let mut listing = Listing::new(
        BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        limit,
    );
    if let Err(e) = queens::enumerate(&s.problem, s.engine, &settings, &mut |p| {
        listing.push(&board, p, format)
    }) {
        listing.finish()?;
        return failed(e);
    }
    listing.finish()
}

fn count(args: &ProblemArgs, flags: &CountFlags) -> CliResult {
    if let Some(r) = super::counting::ranged(args)? {
        return super::counting::count_range(&r, flags.unique);
    }
    let s = setup(args)?;
    // Checkpoints, shards, a method or JSON need an engine that counts in parts.
    if flags.parts_flag().is_some() {
        return nqcount::count(&s.problem, s.engine, &s.limits, flags);
    }
    if fixed_conflicts(&s.problem).is_some() {
        println!("0");
        return Ok(Outcome::No);
    }
    let bar = Bar::new("counting");
    let report = |p: queens::Progress| bar.update(p.done, p.total);
    let settings = s.limits.settings(Some(&report));
    let n = if flags.unique {
        queens::count_unique(&s.problem, s.engine, &settings)
    } else {
        queens::count(&s.problem, s.engine, &settings)
    };
    bar.finish();
    let n = match n {
        Ok(n) => n,
        Err(e) => return failed(e),
    };
    let mut out = io::stdout().lock();
    write_out(&mut out, &format!("{n}\n"))?;
    finish(&mut out)?;
    Ok(if n == 0u32.into() {
        Outcome::No
    } else {
        Outcome::Yes
    })
}

fn verify_cmd(
    args: &[String],
    pieces: Option<&str>,
    partial: bool,
    format: VerifyFormat,
    defs: &[String],
) -> CliResult {
    let catalog = super::fairy::catalog(defs)?;
    let (board_text, placement_text) = super::verify_args::split_verify_args(args)?;
    let placement_text = placement_text.as_str();
    let placement = Placement::parse(placement_text, &catalog).map_err(|e| e.to_string())?;
    // A permutation's numbers, 0s (files without a queen) included.
    let files = Placement::permutation_files(placement_text);
    let board: Board = match board_text {
        Some(b) => b.parse().map_err(|e: queens::Error| e.to_string())?,
        None => match files {
            Some(n) if n > 0 => {
                Board::square(u32::try_from(n).unwrap_or(u32::MAX)).map_err(|e| e.to_string())?
            }
            _ => Board::square(8).expect("8x8 is a board"),
        },
    };
    let found = verify(&board, &placement).map_err(|e| e.to_string())?;
    let mut problems: Vec<String> = found.iter().map(ToString::to_string).collect();
    if let Some(spec) = pieces {
        let want: Vec<PieceCount> = parse_spec(spec, &catalog)
            .map_err(|e| e.to_string())?
            .into_iter()
            .filter(|p| p.count > 0)
            .collect();
        if placement.spec() != want {
            problems.push(format!(
                "the placement has pieces {} but {} were asked for",
                queens::format_spec(&placement.spec()),
                queens::format_spec(&want)
            ));
        }
    } else if files.is_some() && !partial {
        problems.extend(super::verify_args::missing_queens(
            &board,
            placement.len() as u64,
        ));
    }
    let valid = problems.is_empty();
    let text = match format {
        VerifyFormat::Text if valid => format!(
            "valid: {} piece{} on {board}, no attacks\n",
            placement.len(),
            if placement.len() == 1 { "" } else { "s" }
        ),
        VerifyFormat::Text => {
            let mut t = format!(
                "invalid: {} problem{}\n",
                problems.len(),
                if problems.len() == 1 { "" } else { "s" }
            );
            for p in &problems {
                t.push_str(&format!("  {p}\n"));
            }
            t
        }
        VerifyFormat::Json => format!(
            "{}\n",
            serde_json::json!({ "valid": valid, "problems": problems, "placement": placement.to_string() })
        ),
    };
    let mut out = io::stdout().lock();
    write_out(&mut out, &text)?;
    finish(&mut out)?;
    Ok(if valid { Outcome::Yes } else { Outcome::No })
}
