//! Mirrors `queens pieces`: the kinds of a run (the six built-ins plus `--piece
//! LETTER=BETZA` or `LETTER=NAME` definitions), the named fairy pieces, Betza strings
//! and diagrams of the squares a piece attacks; then a fairy kind used in a count.
//!
//! Run it with `cargo run -p queens --example pieces`.

use queens::fairy::{self, NAMED};
use queens::{
    Board, Catalog, EngineChoice, Error, Placement, Problem, Settings, betza, count, parse_spec,
};

/// Blocks of lines side by side, as the CLI lays out its diagrams.
fn side_by_side(blocks: &[Vec<String>]) -> String {
    let width = blocks.iter().flatten().map(String::len).max().unwrap_or(0);
    let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::new();
    for i in 0..height {
        let cells: Vec<String> = blocks
            .iter()
            .map(|b| format!("{:<width$}", b.get(i).map_or("", String::as_str)))
            .collect();
        out += cells.join("   ").trim_end();
        out.push('\n');
    }
    out
}

fn main() -> Result<(), Error> {
    // `queens pieces --piece C=chancellor --piece Z=NN`: the kinds of this run.
    let catalog = fairy::catalog_with(&["C=chancellor", "Z=NN"])?;
    println!("queens pieces --piece C=chancellor --piece Z=NN (the kinds, without diagrams)");
    for k in catalog.kinds() {
        println!("  {} {:<11} {}", k.letter(), k.name(), k.notation());
    }
    let letters: String = catalog.kinds().iter().map(|k| k.letter()).collect();
    assert_eq!(letters, "KNBRQACZ");
    assert_eq!(catalog.get('Z')?.name(), "nightrider");

    // `queens pieces N C lance`: diagrams of a letter, a defined letter and a name.
    let lance = fairy::lookup("lance").expect("a named piece");
    let blocks = [
        (catalog.get('N')?.moves().to_vec(), 'N', "N knight"),
        (catalog.get('C')?.moves().to_vec(), 'C', "C chancellor"),
        (betza::parse(lance.betza)?, '*', "lance (fR)"),
    ]
    .map(|(moves, centre, title)| {
        let mut b = vec![title.to_string()];
        b.extend(fairy::diagram(&moves, 7, centre));
        b
    });
    println!("\nqueens pieces N C lance\n{}", side_by_side(&blocks));
    assert_eq!(
        fairy::diagram(catalog.get('N')?.moves(), 5, 'N'),
        [
            ". x . x .",
            "x . . . x",
            ". . N . .",
            "x . . . x",
            ". x . x ."
        ]
    );

    // The named pieces, with their other names: `--piece X=NAME` takes either.
    println!("named pieces: {}", NAMED.len());
    for n in NAMED.iter().filter(|n| !n.aliases.is_empty()) {
        println!(
            "  {} = {} ({}, {})",
            n.aliases.join(", "),
            n.name,
            n.betza,
            n.note
        );
    }
    assert_eq!(fairy::lookup("Marshal").map(|n| n.betza), Some("RN"));

    // Betza strings: parsed, normalised, and named when a named piece has the moves.
    assert_eq!(betza::normalize("FfW")?, "fWF");
    assert_eq!(betza::normalize("N0")?, "NN");
    assert_eq!(fairy::name_of(&betza::parse("NR")?), Some("chancellor"));
    let gold = fairy::kind('G', "WfF")?;
    assert_eq!((gold.name(), gold.notation()), ("gold-general", "WfF"));
    // Refused: pieces whose attacks depend on other pieces, and built-in letters.
    let hopper = fairy::kind('X', "grasshopper").expect_err("it hops");
    println!("\nqueens pieces grasshopper\nerror: {hopper}");
    assert!(fairy::catalog_with(&["Q=RN"]).is_err());
    assert!(Catalog::standard().get('C').is_err());

    // `queens count 8 --piece C=chancellor --pieces 8C`: every engine takes the kind.
    let problem = Problem::new(
        Board::square(8)?,
        parse_spec("8C", &catalog)?,
        Placement::default(),
    )?;
    let n = count(&problem, EngineChoice::Auto, &Settings::default())?;
    println!("\nqueens count 8 --piece C=chancellor --pieces 8C\n{n}");
    assert_eq!(n, 2766u32.into());
    Ok(())
}
