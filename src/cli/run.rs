//! Runs one parsed command: validates the arguments into a library problem, runs the
//! job, and writes the answer. Errors come back as the one sentence to show the user.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use queens::render;
use queens::verify::{Conflict, conflicts, verify};
use queens::{
    Board, Catalog, Control, EngineChoice, PieceCount, PieceKind, Placement, Problem, parse_spec,
};

use super::args::{AllFormat, Cli, Command, ProblemArgs, SolveFormat, VerifyFormat};
use super::progress::Bar;

/// How a command ended, when it ran to the end.
pub enum Outcome {
    /// Found / valid: exit 0.
    Yes,
    /// No solution / invalid placement: exit 1.
    No,
}

impl Outcome {
    /// The process exit code, as grep has it.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Outcome::Yes => ExitCode::SUCCESS,
            Outcome::No => ExitCode::from(1),
        }
    }
}

pub(crate) type CliResult = Result<Outcome, String>;

/// Runs `cli` and returns its outcome, or the sentence explaining a bad input.
pub fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Solve { problem, format } => solve(&problem, format),
        Command::All {
            problem,
            limit,
            format,
        } => all(&problem, limit, format),
        Command::Count { problem, unique } => count(&problem, unique),
        Command::Max {
            board,
            kind,
            pieces,
            fixed,
            engine,
            json,
        } => super::counting::max(
            &board,
            &kind,
            pieces.as_deref(),
            fixed.as_deref(),
            &engine,
            json,
        ),
        Command::Verify {
            args,
            pieces,
            format,
        } => verify_cmd(&args, pieces.as_deref(), format),
    }
}

/// A validated problem with the run-time settings that go with it.
struct Setup {
    problem: Problem,
    engine: EngineChoice,
    threads: usize,
}

fn setup(args: &ProblemArgs) -> Result<Setup, String> {
    let catalog = Catalog::standard();
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
        threads: args.threads,
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
fn write_out(out: &mut impl Write, text: &str) -> Result<bool, String> {
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

fn solve(args: &ProblemArgs, format: SolveFormat) -> CliResult {
    if let Some(r) = super::counting::ranged(args)? {
        return super::counting::solve_range(&r, format);
    }
    let s = setup(args)?;
    if fixed_conflicts(&s.problem).is_some() {
        return Ok(Outcome::No);
    }
    let ctl = Control {
        threads: s.threads,
        ..Control::default()
    };
    let found = queens::solve(&s.problem, s.engine, &ctl).map_err(|e| e.to_string())?;
    let Some(p) = found else {
        eprintln!("queens: no solution");
        return Ok(Outcome::No);
    };
    let board = s.problem.board();
    let text = match format {
        SolveFormat::Board => render::diagram(board, &p),
        SolveFormat::Coords => format!("{p}\n"),
        SolveFormat::Json => format!("{}\n", render::json(board, &p)),
        SolveFormat::Svg => render::svg(board, &p),
    };
    let mut out = io::stdout().lock();
    write_out(&mut out, &text)?;
    finish(&mut out)?;
    Ok(Outcome::Yes)
}

fn all(args: &ProblemArgs, limit: Option<u64>, format: AllFormat) -> CliResult {
    if let Some(r) = super::counting::ranged(args)? {
        return super::counting::all_range(&r, limit, format);
    }
    let s = setup(args)?;
    if fixed_conflicts(&s.problem).is_some() {
        return Ok(Outcome::No);
    }
    let ctl = Control {
        threads: s.threads,
        ..Control::default()
    };
    let board = *s.problem.board();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut printed = 0u64;
    let mut failure = None;
    if limit != Some(0) {
        queens::enumerate(&s.problem, s.engine, &ctl, &mut |p| {
            let text = match format {
                AllFormat::Coords => format!("{p}\n"),
                AllFormat::Json => format!("{}\n", render::json(&board, p)),
                AllFormat::Board => {
                    let sep = if printed > 0 { "\n" } else { "" };
                    format!("{sep}{}", render::diagram(&board, p))
                }
            };
            match write_out(&mut out, &text) {
                Ok(true) => {}
                Ok(false) => return ControlFlow::Break(()),
                Err(e) => {
                    failure = Some(e);
                    return ControlFlow::Break(());
                }
            }
            printed += 1;
            if limit.is_some_and(|l| printed >= l) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .map_err(|e| e.to_string())?;
    }
    if let Some(e) = failure {
        return Err(e);
    }
    finish(&mut out)?;
    if printed == 0 && limit != Some(0) {
        eprintln!("queens: no solution");
        return Ok(Outcome::No);
    }
    Ok(Outcome::Yes)
}

fn count(args: &ProblemArgs, unique: bool) -> CliResult {
    if let Some(r) = super::counting::ranged(args)? {
        return super::counting::count_range(&r, unique);
    }
    let s = setup(args)?;
    if fixed_conflicts(&s.problem).is_some() {
        println!("0");
        return Ok(Outcome::No);
    }
    let bar = Bar::new("counting");
    let report = |p: queens::Progress| bar.update(p.done, p.total);
    let ctl = Control {
        threads: s.threads,
        progress: Some(&report),
        ..Control::default()
    };
    let n = if unique {
        queens::symmetry::count_unique(&s.problem, s.engine, &ctl)
    } else {
        queens::count(&s.problem, s.engine, &ctl)
    };
    bar.finish();
    let n = n.map_err(|e| e.to_string())?;
    let mut out = io::stdout().lock();
    write_out(&mut out, &format!("{n}\n"))?;
    finish(&mut out)?;
    Ok(if n == 0u32.into() {
        Outcome::No
    } else {
        Outcome::Yes
    })
}

fn verify_cmd(args: &[String], pieces: Option<&str>, format: VerifyFormat) -> CliResult {
    let catalog = Catalog::standard();
    let (board_text, placement_text) = match args {
        [p] => (None, p.as_str()),
        [b, p] => (Some(b.as_str()), p.as_str()),
        _ => return Err("verify takes [BOARD] PLACEMENT".into()),
    };
    let placement = Placement::parse(placement_text, &catalog).map_err(|e| e.to_string())?;
    let board: Board = match board_text {
        Some(b) => b.parse().map_err(|e: queens::Error| e.to_string())?,
        None if placement_text.trim_start().starts_with('[') && !placement.is_empty() => {
            Board::square(placement.len() as u32).map_err(|e| e.to_string())?
        }
        None => Board::square(8).expect("8x8 is a board"),
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
