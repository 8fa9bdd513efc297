//! Mirrors `queens cover`: the fewest pieces of one kind that occupy or attack every
//! square (beside other given pieces and fixed ones), and the number of such
//! placements; the CLI prints `MIN COUNT`, e.g. `5 4860`.
//!
//! Run it with `cargo run -p queens --example cover`.

use queens::cover::{CoverOptions, cover};
use queens::query::Beside;
use queens::{Board, EngineChoice, Error, Placement, Settings, fairy, parse_spec};

fn main() -> Result<(), Error> {
    // `--piece C=chancellor` adds a kind to the catalog, as in the CLI.
    let catalog = fairy::catalog_with(&["C=chancellor"])?;
    let plain = CoverOptions::default();
    let independent = CoverOptions {
        independent: true,
        ..plain
    };
    let total = CoverOptions {
        total: true,
        ..plain
    };
    let cases: [(&str, char, &str, &str, CoverOptions, u32, u32); 7] = [
        // board, --kind, --pieces, --fixed, flags, min, placements
        ("8", 'Q', "", "", plain, 5, 4860),
        ("8", 'Q', "", "", independent, 5, 728),
        ("8", 'Q', "", "", total, 5, 352),
        ("8", 'N', "", "", plain, 12, 2),
        ("8", 'K', "", "", plain, 9, 3600),
        ("8", 'N', "Q", "Qd4", plain, 10, 13),
        ("8", 'C', "", "", plain, 5, 136),
    ];
    for (board, letter, base, fixed, options, min, ways) in cases {
        let given = if base.is_empty() {
            Vec::new()
        } else {
            parse_spec(base, &catalog)?
        };
        let board = board.parse::<Board>()?;
        let q = Beside {
            given,
            fixed: Placement::parse(fixed, &catalog)?,
            ..Beside::new(board, catalog.get(letter)?)
        };
        let c = cover(&q, &options, EngineChoice::Auto, &Settings::default())?
            .expect("a covering exists");
        let count = c.count.expect("counted");
        println!(
            "queens cover {board} --kind {letter}: {} {count} (e.g. {})",
            c.min, c.example
        );
        assert_eq!((c.min, count), (min, ways.into()));
    }

    // `queens cover 1 --kind Q --total`: a lone queen attacks nothing, so no covering
    // exists (the CLI says why and exits with 1).
    let q = Beside::new(Board::square(1)?, catalog.get('Q')?);
    let none = cover(&q, &total, EngineChoice::Auto, &Settings::default())?;
    assert!(none.is_none());
    Ok(())
}
