//! The `export` and `decode` commands: a problem out as a model for another solver, and
//! a SAT solver's answer back in as a placement.

use std::io::{self, Write};

use queens::Catalog;
use queens::export::dimacs::{self, Answer, VarMap};
use queens::export::{Format, export};

use super::args::PlainTerrainArgs;
use super::args::jobs::{DecodeArgs, ExportArgs, ExportFormat};
use super::output::Outcome;

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
    let problem = super::terrain::problem(
        args.board.as_deref(),
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
            let problem = map.problem().map_err(|e| {
                let e = queens::Error::BadCnf {
                    reason: format!(
                        "its header does not make a problem: {}",
                        super::terrain::refused(&e, &PlainTerrainArgs::default().terrain())
                    ),
                };
                format!("{path}: {e}")
            })?;
            (problem, map)
        }
        None => {
            // Without BOARD, the library's default board.
            let problem = super::terrain::problem(
                args.board.as_deref(),
                args.pieces.as_deref(),
                args.fixed.as_deref(),
                &args.piece,
                &PlainTerrainArgs::default().terrain(),
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
    let Some(why) = dimacs::mismatch(&problem, &placement) else {
        return Ok(Outcome::Yes);
    };
    eprintln!("queens: the model does not decode to a solution of the problem: {why}");
    Ok(Outcome::No)
}
