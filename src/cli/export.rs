//! The `export` and `decode` commands: a problem out as a model for another solver, and
//! a SAT solver's answer back in as a placement.

use std::io::{self, Write};

use clap::{Args, ValueEnum};
use queens::export::dimacs::{self, Answer, VarMap};
use queens::export::{Format, export};
use queens::verify::conflicts;
use queens::{Catalog, Problem};

use super::output::Outcome;

/// Arguments of `queens export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The board: `8` or `5x7` (rows x columns).
    #[arg(default_value = "8", allow_negative_numbers = true)]
    pub board: String,
    /// The pieces to place, e.g. `8Q` or `2N,2B,R,Q` [default: min(rows, cols) queens].
    #[arg(long, value_name = "SPEC")]
    pub pieces: Option<String>,
    /// Pieces pinned to squares, e.g. `Qa1,Nc3`; they count toward SPEC.
    #[arg(long, value_name = "PLACEMENT")]
    pub fixed: Option<String>,
    /// The format: `dimacs` (CNF, with a `c var N K@square` line per piece variable),
    /// `minizinc` or `xcsp3`.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: ExportFormat,
    /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`; DIMACS
    /// files record the definition for `decode --cnf`.
    #[arg(long = "piece", value_name = "LETTER=BETZA")]
    pub piece: Vec<String>,
    #[command(flatten)]
    pub terrain: super::args::TerrainArgs,
}

/// The formats of `export --to`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ExportFormat {
    /// DIMACS CNF for SAT solvers.
    Dimacs,
    /// A MiniZinc model.
    Minizinc,
    /// An XCSP3 instance.
    Xcsp3,
}

/// Arguments of `queens decode`.
#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// The board the model was exported for: `8` or `5x7` [default: 8].
    #[arg(allow_negative_numbers = true)]
    pub board: Option<String>,
    /// The pieces, as given to `export` [default: min(rows, cols) queens].
    #[arg(long, value_name = "SPEC")]
    pub pieces: Option<String>,
    /// The fixed pieces, as given to `export`.
    #[arg(long, value_name = "PLACEMENT")]
    pub fixed: Option<String>,
    /// Read the problem and the variable map from this file written by
    /// `export --to dimacs`, instead of BOARD, --pieces and --fixed.
    #[arg(long, value_name = "FILE")]
    pub cnf: Option<String>,
    /// The solver's output (`s SATISFIABLE` and `v` lines); `-` or absent reads stdin.
    #[arg(long, value_name = "FILE")]
    pub model: Option<String>,
    /// Defines a piece kind (repeatable), as given to `export`; not needed with --cnf.
    #[arg(long = "piece", value_name = "LETTER=BETZA")]
    pub piece: Vec<String>,
}

/// The problem of BOARD, `--pieces`, `--fixed`, `--piece` (and the terrain), through
/// the library's request.
fn problem_of(
    board: &str,
    pieces: Option<&str>,
    fixed: Option<&str>,
    defs: &[String],
    terrain: &super::args::TerrainArgs,
) -> Result<Problem, String> {
    super::terrain::problem(board, pieces, fixed, defs, terrain)
}

fn emit(text: &str) -> Result<(), String> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// Runs `queens export`.
pub fn export_cmd(args: &ExportArgs) -> Result<Outcome, String> {
    let problem = problem_of(
        &args.board,
        args.pieces.as_deref(),
        args.fixed.as_deref(),
        &args.piece,
        &args.terrain,
    )?;
    let format = match args.to {
        ExportFormat::Dimacs => Format::Dimacs,
        ExportFormat::Minizinc => Format::Minizinc,
        ExportFormat::Xcsp3 => Format::Xcsp3,
    };
    let text = export(&problem, format).map_err(|e| e.to_string())?;
    emit(&text)?;
    Ok(Outcome::Yes)
}

/// Runs `queens decode`.
pub fn decode_cmd(args: &DecodeArgs) -> Result<Outcome, String> {
    let catalog = Catalog::standard();
    let (problem, map) = match &args.cnf {
        Some(path) => {
            if args.board.is_some()
                || args.pieces.is_some()
                || args.fixed.is_some()
                || !args.piece.is_empty()
            {
                return Err(
                    "give either --cnf or the problem (BOARD, --pieces, --fixed, --piece), not both"
                        .into(),
                );
            }
            // The header alone, up to its `p cnf` line: the formula is not needed.
            let (mut input, named) = super::input::open(path, "the DIMACS file")?;
            let map = VarMap::read(&mut input, &catalog, &named).map_err(|e| match e {
                queens::Error::BadCnf { .. } => format!("{path}: {e}"),
                _ => e.to_string(),
            })?;
            let fixed = (!map.fixed.is_empty()).then_some(map.fixed.as_str());
            let problem = problem_of(
                &map.board.to_string(),
                Some(&map.pieces),
                fixed,
                &map.definitions,
                &super::args::PlainTerrainArgs::default().terrain(),
            )
            .map_err(|e| {
                let e = queens::Error::BadCnf {
                    reason: format!("its header does not make a problem: {e}"),
                };
                format!("{path}: {e}")
            })?;
            (problem, map)
        }
        None => {
            let board = args.board.as_deref().unwrap_or("8");
            let problem = problem_of(
                board,
                args.pieces.as_deref(),
                args.fixed.as_deref(),
                &args.piece,
                &super::args::PlainTerrainArgs::default().terrain(),
            )?;
            let map = VarMap::for_problem(&problem).map_err(|e| e.to_string())?;
            (problem, map)
        }
    };
    let output = super::input::read_text(
        args.model.as_deref().unwrap_or("-"),
        "the solver output",
        &queens::text::Limit::solver_output(map.variables()),
    )?;
    let truths = match dimacs::read_answer(&output).map_err(|e| e.to_string())? {
        Answer::Unsat => {
            eprintln!("queens: no solution: the solver answered UNSATISFIABLE");
            return Ok(Outcome::No);
        }
        Answer::Sat(t) => t,
    };
    let placement = map.decode(&truths);
    emit(&format!("{placement}\n"))?;
    if problem.accepts(&placement) {
        return Ok(Outcome::Yes);
    }
    let clash = conflicts(problem.board(), &placement);
    let why = match clash.first() {
        Some(c) => c.to_string(),
        None => format!(
            "it has pieces {} but {} were asked for, fixed ones included",
            queens::format_spec(&placement.spec()),
            queens::format_spec(problem.pieces())
        ),
    };
    eprintln!("queens: the model does not decode to a solution of the problem: {why}");
    Ok(Outcome::No)
}
