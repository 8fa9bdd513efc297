//! The command line for queens at huge N: `solve` for queens-only problems (explicit
//! construction, local search, complete completion search), the `perm` format,
//! `verify --perm-file`, and the hidden instance generator.
//!
//! Everything here works on [`Perm`] (one `u32` per file) rather than a `Placement`,
//! so that ten million queens cost 40 MB and are written in one streamed pass; a
//! `Placement` is only built for the drawing formats.
//!
//! The path of a queens-only `solve`: `cli::run` hands it here; the `Problem` is built
//! with the fixed queens of `--fixed` and `--fixed-file` (checked in O(N)), and the
//! library's `write_perm` / `solve_perm` run it on the engine `auto` (or `--engine`)
//! picks; `--random` sets the settings' seed, which only an engine that draws random
//! numbers takes (the library's `auto` picks one). `perm` is written straight from the ranks
//! (boards wider than 64 files default to it); the construction on a square board is
//! streamed rank by rank, so `solve 100000000` needs a few MB (`bench/hugen.md`).

use std::io::{self, BufRead, Read, Write};

use queens::perm::{EMPTY, Perm};
use queens::verdict::{Expect, Fault, Listing, Verdict};
use queens::{
    Board, Catalog, EngineChoice, Error, PieceCount, PieceKind, Placement, Problem, Settings,
    parse_spec, render,
};

use super::args::jobs::HugeArgs;
use super::args::{ProblemArgs, SolveFormat, VerifyFormat};
use super::output::{Outcome, explain_clash};
use super::progress::Ui;

/// Boards with more files than this print `perm` unless a format is given.
pub const WIDE: u32 = 64;

type CliResult = Result<Outcome, String>;

fn open(path: &str) -> Result<Box<dyn Read>, String> {
    if path == "-" {
        Ok(Box::new(io::stdin().lock()))
    } else {
        std::fs::File::open(path)
            .map(|f| Box::new(f) as Box<dyn Read>)
            .map_err(|e| format!("cannot read '{path}': {e}"))
    }
}

/// The fixed queens of `path`: a permutation (its first non-blank character a digit or
/// `[`) streamed as `--perm-file` is, at most one number per file; or a placement read
/// whole up to the most `board` can hold ([`queens::text::Limit::fixed_pieces`]).
fn read_fixed_file(path: &str, board: Board, catalog: &Catalog) -> Result<Placement, String> {
    let (input, named) = super::input::open(path, "the fixed-piece file")?;
    let mut input = io::BufReader::new(input);
    // Blanks (and a byte-order mark) before the first character do not decide the
    // form; they are left for the reader of either form, or skipped when a whole
    // buffer holds nothing else.
    let mut start = true;
    let first = loop {
        let buf = input
            .fill_buf()
            .map_err(|e| format!("cannot read {named}: {e}"))?;
        if buf.is_empty() {
            break None;
        }
        let skip = if start && buf.starts_with(queens::text::BOM) {
            3
        } else {
            0
        };
        start = false;
        match buf[skip..].iter().position(|b| !b.is_ascii_whitespace()) {
            Some(at) => break Some(buf[skip + at]),
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    };
    if first.is_some_and(|b| b.is_ascii_digit() || b == b'[') {
        let p = Perm::read(&mut input, Some(board)).map_err(|e| format!("in '{path}': {e}"))?;
        return Ok(p.to_placement());
    }
    let limit = queens::text::Limit::fixed_pieces(&board, "the fixed pieces");
    let text = queens::text::read_bounded(&mut input, &limit, &named).map_err(|e| e.to_string())?;
    Placement::parse(text.trim_start(), catalog).map_err(|e| format!("in '{path}': {e}"))
}

fn queens_only(pieces: &[PieceCount]) -> bool {
    let q = PieceKind::queen();
    pieces.iter().all(|p| p.kind == q)
}

/// The format `solve` uses when none is given.
pub fn default_solve_format(board: &Board, queens: bool) -> SolveFormat {
    match (board.cols() > WIDE, queens) {
        (true, true) => SolveFormat::Perm,
        (true, false) => SolveFormat::Coords,
        _ => SolveFormat::Board,
    }
}

/// Says why there is no solution: the fixed queens' clash, or none found.
fn no_solution(problem: &Problem) {
    if !explain_clash(problem) {
        eprintln!("queens: no solution");
    }
}

/// A seed from the clock, for `--random` without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Runs `solve` when the problem holds queens only (`None`: not ours, the general
/// runner takes it).
pub fn solve(
    args: &ProblemArgs,
    format: Option<SolveFormat>,
    huge: &HugeArgs,
    ui: Ui,
) -> Result<Option<Outcome>, String> {
    // The problem through the library's request (its defaults: min(rows, cols) queens).
    let problem = super::terrain::problem_of(args)?;
    if !queens_only(problem.pieces()) {
        if huge.random || huge.fixed_file.is_some() {
            return Err(
                "--random and --fixed-file place queens only; use --fixed for other pieces".into(),
            );
        }
        return Ok(None);
    }
    let board = *problem.board();
    let problem = match &huge.fixed_file {
        Some(path) => {
            let catalog = super::fairy::catalog(&args.piece)?;
            let more = read_fixed_file(path, board, &catalog)?;
            let mut all = problem.fixed().pieces().to_vec();
            all.extend_from_slice(more.pieces());
            Problem::new(board, problem.pieces().to_vec(), Placement::new(all))
                .map_err(|e| e.to_string())?
        }
        None => problem,
    };
    let choice: EngineChoice = args.engine.parse().map_err(|e: Error| e.to_string())?;
    let format = format.unwrap_or_else(|| default_solve_format(&board, true));
    // Settings and engine first: a shortcut answer below must not hide a bad input. A
    // random solution is asked for by its seed: only an engine that draws random numbers
    // takes one.
    let limits = super::limits::Limits::of(args, ui)?;
    let seed = huge.random.then(|| huge.seed.unwrap_or_else(clock_seed));
    let settings = Settings {
        seed,
        ..limits.settings(None)
    };
    queens::engine::picked(choice, &problem, queens::Job::SolvePerm, &settings).map_err(|e| {
        if huge.random {
            format!("--random: {e}")
        } else {
            e.to_string()
        }
    })?;
    if let (Some(s), None) = (seed, huge.seed) {
        eprintln!("queens: seed {s}");
    }

    if matches!(format, SolveFormat::Perm) {
        // Streamed by engines that compute the answer rank by rank.
        let mut out = io::BufWriter::new(io::stdout().lock());
        let written = queens::engine::write_perm(&problem, choice, &settings, &mut out);
        let flushed = out.flush();
        return match written {
            Ok(true) => match flushed {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                    Err(format!("cannot write the output: {e}"))
                }
                _ => Ok(Some(Outcome::Yes)),
            },
            Ok(false) => {
                no_solution(&problem);
                Ok(Some(Outcome::No))
            }
            Err(Error::Io { source, .. }) if source.0.kind() == io::ErrorKind::BrokenPipe => {
                Ok(Some(Outcome::Yes))
            }
            Err(e) => super::output::failed(e).map(Some),
        };
    }
    // Few queens on a very wide board are a few pieces, not a rank per file (one queen
    // on 1 x 10^9 took 4 GB as a rank list).
    let sparse = seed.is_none() && !queens::perm::fills_files(&board, problem.total_pieces());
    let found = if sparse {
        queens::solve(&problem, choice, &settings).map(|p| p.map(Err))
    } else {
        queens::solve_perm(&problem, choice, &settings).map(|p| p.map(Ok))
    };
    let perm = match found {
        Ok(Some(p)) => p,
        Ok(None) => {
            no_solution(&problem);
            return Ok(Some(Outcome::No));
        }
        Err(e) => return super::output::failed(e).map(Some),
    };
    let mut out = io::stdout().lock();
    let written = match (format, perm) {
        (SolveFormat::Perm, Ok(perm)) => perm.write_text(&mut out),
        (other, perm) => {
            let p = match perm {
                Ok(perm) => perm.to_placement(),
                Err(p) => p,
            };
            let text = match other {
                SolveFormat::Coords => format!("{p}\n"),
                SolveFormat::Json => format!("{}\n", render::json(&board, &p)),
                SolveFormat::Svg => render::svg(&board, &p),
                _ => render::diagram(&board, &p),
            };
            out.write_all(text.as_bytes())
        }
    }
    .and_then(|()| out.flush());
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            return Err(format!("cannot write the output: {e}"));
        }
        _ => {}
    }
    Ok(Some(Outcome::Yes))
}

/// `verify [BOARD] --perm-file F`: a permutation from a file or stdin, in O(N).
///
/// Unless `partial`, a placement with fewer than `min(rows, cols)` queens (0s, or
/// fewer numbers than BOARD has files) is invalid, and the verdict says how many are
/// missing; `--pieces` says instead how many there must be.
pub fn verify_perm(
    args: &[String],
    path: &str,
    pieces: Option<&str>,
    partial: bool,
    format: VerifyFormat,
) -> CliResult {
    let board = match args {
        [] => None,
        [b] => Some(b.parse::<Board>().map_err(|e| e.to_string())?),
        _ => {
            return Err(
                "verify takes [BOARD] with --perm-file; the placement comes from the file".into(),
            );
        }
    };
    let mut input = open(path)?;
    // Without --partial, fewer numbers than files leave the last files empty: read as
    // the leading files only, so that the work is the input's, not the board's.
    let read = match board {
        Some(b) if !partial => Perm::read_leading(&mut input, b),
        _ => Perm::read(&mut input, board),
    };
    let perm = read.map_err(|e| {
        let from = if path == "-" { "stdin" } else { path };
        format!("in {from}: {e}")
    })?;
    let expect = Expect {
        pieces: pieces
            .map(|spec| parse_spec(spec, &Catalog::standard()).map_err(|e| e.to_string()))
            .transpose()?,
        rank_list: true,
        partial,
        partial_switch: "--partial",
        ..Expect::default()
    };
    let board = board.unwrap_or_else(|| perm.board());
    let verdict = Verdict::judge_ranks(&perm, board, &expect, Listing::first(10));
    let valid = verdict.is_valid();
    let text = match format {
        VerifyFormat::Text => format!("{verdict}\n"),
        VerifyFormat::Json => {
            let problems: Vec<String> = verdict
                .faults()
                .iter()
                .filter(|f| !matches!(f, Fault::Unlisted { .. }))
                .map(ToString::to_string)
                .collect();
            format!(
                "{}\n",
                serde_json::json!({ "valid": valid, "attacking_pairs": verdict.attacking_pairs(), "problems": problems, "queens": verdict.pieces() })
            )
        }
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            return Err(format!("cannot write the output: {e}"));
        }
        _ => {}
    }
    Ok(if valid { Outcome::Yes } else { Outcome::No })
}

/// `gen-completion N --seed S` (hidden): a Gent-style completion instance as a
/// permutation with 0 on the free files, for `solve N --fixed-file`.
pub fn gen_completion(n: &str, seed: u64) -> CliResult {
    let board: Board = n.parse().map_err(|e: Error| e.to_string())?;
    if !board.is_square() || board.rows() > 2000 {
        return Err(format!(
            "bad board '{n}': instances are made for square boards up to 2000"
        ));
    }
    let ranks = queens::gent::instance(board.rows(), seed);
    let perm = Perm::new(board, ranks).map_err(|e| e.to_string())?;
    debug_assert!(perm.ranks().contains(&EMPTY) || board.rows() < 6);
    let mut out = io::stdout().lock();
    match perm.write_text(&mut out).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write the output: {e}"))
        }
        _ => Ok(Outcome::Yes),
    }
}
