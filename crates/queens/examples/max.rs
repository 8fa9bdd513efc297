//! Mirrors `queens max`: the most pieces of one kind that can stand without attacks
//! (beside other given pieces and fixed ones), and the number of such placements;
//! the CLI prints `MAX COUNT`, e.g. `16 281571`.
//!
//! Run it with `cargo run -p queens --example max`.

use queens::maximum::maximum;
use queens::query::Beside;
use queens::{Board, Catalog, EngineChoice, Error, Placement, Settings, fairy, parse_spec};

fn main() -> Result<(), Error> {
    // `--piece C=chancellor` adds a kind to the catalog, as in the CLI.
    let catalog = fairy::catalog_with(&["C=chancellor"])?;
    let cases: [(&str, char, &str, &str, u64, u32); 6] = [
        // board, --kind, --pieces, --fixed, max, placements
        ("8", 'K', "", "", 16, 281_571),
        ("8", 'N', "", "", 32, 2),
        ("8", 'Q', "", "", 8, 92),
        ("8", 'N', "5Q", "", 5, 16),
        ("8", 'R', "", "Ra1", 8, 5040),
        ("8", 'C', "", "", 8, 2766),
    ];
    for (board, letter, base, fixed, most, ways) in cases {
        // No --pieces: nothing beside the kind (an empty spec does not parse).
        let others = if base.is_empty() {
            Vec::new()
        } else {
            parse_spec(base, &catalog)?
        };
        let board = board.parse::<Board>()?;
        let q = Beside {
            given: others,
            fixed: Placement::parse(fixed, &catalog)?,
            ..Beside::new(board, catalog.get(letter)?)
        };
        let m = maximum(&q, EngineChoice::Auto, &Settings::default())?
            .expect("the other pieces can stand");
        let mut line = format!("queens max {board} --kind {letter}");
        if !base.is_empty() {
            line += &format!(" --pieces {base}");
        }
        if !fixed.is_empty() {
            line += &format!(" --fixed {fixed}");
        }
        println!("{line}\n{} {}", m.pieces, m.placements);
        assert_eq!((m.pieces, m.placements), (most, ways.into()));
    }

    // `queens max 8 --kind K --pieces 9Q`: nine queens cannot stand on 8x8 at all, so
    // there is no maximum (the CLI says "no solution" and exits with 1).
    let q = Beside {
        given: parse_spec("9Q", &Catalog::standard())?,
        ..Beside::new(Board::square(8)?, queens::PieceKind::king())
    };
    let none = maximum(&q, EngineChoice::Auto, &Settings::default())?;
    println!("queens max 8 --kind K --pieces 9Q\nno solution");
    assert_eq!(none, None);
    Ok(())
}
