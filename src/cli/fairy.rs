//! The command line's fairy pieces: the `--piece LETTER=BETZA` definitions that make a
//! run's catalog, and the `pieces` command that lists kinds with diagrams.
//!
//! The parsing and the piece data live in the library (`queens::betza`,
//! `queens::fairy`); this module only turns them into the catalog a command uses and
//! into text laid out for a terminal.

use std::io::{self, Write};

use queens::fairy::{self, NAMED};
use queens::{Catalog, Move, betza};

use super::output::Outcome;

/// The side of the move diagrams.
const DIAGRAM: u32 = 9;

/// Diagrams side by side on one row.
const PER_ROW: usize = 4;

/// The catalog for a run: the built-in kinds plus the `--piece` definitions.
pub fn catalog(defs: &[String]) -> Result<Catalog, String> {
    fairy::catalog_with(defs).map_err(|e| e.to_string())
}

/// One block of the listing: two header lines and a diagram.
struct Block {
    lines: Vec<String>,
}

impl Block {
    fn new(title: String, notation: String, moves: &[Move], centre: char) -> Block {
        let mut lines = vec![title, notation];
        lines.extend(fairy::diagram(moves, DIAGRAM, centre));
        Block { lines }
    }
}

/// Lays blocks out `PER_ROW` to a row, separated by blank lines.
fn layout(blocks: &[Block]) -> String {
    let mut out = String::new();
    for (r, row) in blocks.chunks(PER_ROW).enumerate() {
        if r > 0 {
            out.push('\n');
        }
        let widths: Vec<usize> = row
            .iter()
            .map(|b| b.lines.iter().map(|l| l.chars().count()).max().unwrap_or(0))
            .collect();
        let height = row.iter().map(|b| b.lines.len()).max().unwrap_or(0);
        for i in 0..height {
            let mut line = String::new();
            for (b, w) in row.iter().zip(&widths) {
                let cell = b.lines.get(i).map(String::as_str).unwrap_or("");
                line.push_str(&format!("{cell:<w$}   "));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

/// The block for one requested item: a letter of the catalog, a name, or a Betza
/// string, tried in that order.
fn block_for(item: &str, catalog: &Catalog) -> Result<Block, String> {
    let mut chars = item.chars();
    if let (Some(c), None) = (chars.next(), chars.next())
        && let Ok(k) = catalog.get(c)
    {
        return Ok(Block::new(
            format!("{} {}", k.letter(), k.name()),
            k.notation().to_string(),
            k.moves(),
            k.letter(),
        ));
    }
    if let Some(n) = fairy::lookup(item) {
        let moves = betza::parse(n.betza).map_err(|e| e.to_string())?;
        return Ok(Block::new(
            n.name.to_string(),
            betza::canonical(&moves),
            &moves,
            '*',
        ));
    }
    // Not a letter or a name: a refused piece, a misspelt name, or a Betza string.
    // The messages name the item as typed (not the `X=...` of a definition).
    if let Some(why) = fairy::refusal(item) {
        return Err(format!("cannot show {item}: {why}, so it cannot be placed"));
    }
    if fairy::is_name_like(item) {
        return Err(format!(
            "unknown piece name {item}: the named pieces are {}; a Betza string needs a capital atom such as W or N",
            NAMED.iter().map(|n| n.name).collect::<Vec<_>>().join(", ")
        ));
    }
    let k = fairy::kind('X', item).map_err(|e| e.to_string())?;
    Ok(Block::new(
        k.name().to_string(),
        k.notation().to_string(),
        k.moves(),
        '*',
    ))
}

/// `queens pieces [PIECE...] [--piece LETTER=BETZA...]`.
pub fn pieces(which: &[String], defs: &[String]) -> Result<Outcome, String> {
    let catalog = catalog(defs)?;
    let mut text = String::new();
    if which.is_empty() {
        let kinds: Vec<Block> = catalog
            .kinds()
            .iter()
            .map(|k| {
                Block::new(
                    format!("{} {}", k.letter(), k.name()),
                    k.notation().to_string(),
                    k.moves(),
                    k.letter(),
                )
            })
            .collect();
        text.push_str("Kinds of this run (letters for SPEC and PLACEMENT):\n\n");
        text.push_str(&layout(&kinds));
        let named: Vec<Block> = NAMED
            .iter()
            .filter(|n| !catalog.kinds().iter().any(|k| k.name() == n.name))
            .map(|n| {
                let moves = betza::parse(n.betza).expect("named pieces parse");
                Block::new(n.name.to_string(), betza::canonical(&moves), &moves, '*')
            })
            .collect();
        text.push_str(
            "\nNamed pieces (use one with --piece LETTER=NAME, e.g. --piece C=chancellor):\n\n",
        );
        text.push_str(&layout(&named));
        let aliases: Vec<String> = NAMED
            .iter()
            .filter(|n| !n.aliases.is_empty())
            .map(|n| format!("{} = {}", n.aliases.join(", "), n.name))
            .collect();
        text.push_str(&format!("\nAlso known as: {}.\n", aliases.join("; ")));
    } else {
        let blocks = which
            .iter()
            .map(|w| block_for(w, &catalog))
            .collect::<Result<Vec<Block>, String>>()?;
        text.push_str(&layout(&blocks));
    }
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => return Err(format!("cannot write the output: {e}")),
    }
    Ok(Outcome::Yes)
}
