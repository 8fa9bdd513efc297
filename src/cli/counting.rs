//! The CLI side of counting past enumeration: `queens max`.
//!
//! Parses the arguments into library values, calls [`queens::maximum::maximum`] and
//! prints `MAX COUNT` (or one JSON object), so scripts can split the line on a space.

use std::io::{self, Write};

use queens::maximum::maximum;
use queens::{Board, Catalog, Control, EngineChoice, Placement, parse_spec};

use super::run::{CliResult, Outcome};

/// `queens max BOARD --kind K [--pieces SPEC] [--fixed PLACEMENT] [--json]`.
pub fn max(
    board: &str,
    kind: &str,
    pieces: Option<&str>,
    fixed: Option<&str>,
    engine: &str,
    json: bool,
) -> CliResult {
    let catalog = Catalog::standard();
    let board: Board = board.parse().map_err(|e: queens::Error| e.to_string())?;
    let mut letters = kind.trim().chars();
    let letter = match (letters.next(), letters.next()) {
        (Some(c), None) => c,
        _ => {
            return Err(format!(
                "bad --kind '{kind}': give one piece letter such as K or N"
            ));
        }
    };
    let kind = catalog.get(letter).map_err(|e| e.to_string())?;
    let base = match pieces {
        Some(spec) => parse_spec(spec, &catalog).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    let fixed = match fixed {
        Some(text) => Placement::parse(text, &catalog).map_err(|e| e.to_string())?,
        None => Placement::default(),
    };
    let choice: EngineChoice = engine.parse().map_err(|e: queens::Error| e.to_string())?;
    let ctl = Control::default();
    let found = maximum(board, &base, &fixed, &kind, choice, &ctl).map_err(|e| e.to_string())?;
    let Some(m) = found else {
        eprintln!("queens: no solution: the other pieces cannot stand on their own");
        return Ok(Outcome::No);
    };
    let text = if json {
        format!(
            "{}\n",
            serde_json::json!({
                "board": board.to_string(),
                "kind": kind.letter().to_string(),
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
