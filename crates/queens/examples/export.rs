//! Mirrors `queens export`: a problem written as a model for another solver:
//! DIMACS CNF for SAT solvers (`--to dimacs`), MiniZinc (`--to minizinc`) or XCSP3
//! (`--to xcsp3`).
//!
//! Run it with `cargo run -p queens --example export`, or write one model to a file
//! and solve it elsewhere, e.g. `queens export 8 --to dimacs > q.cnf` then
//! `minisat q.cnf out` (see the `decode` example for the way back).

use queens::export::{Format, export};
use queens::{Board, Error, Placement, Problem, fairy, parse_spec};

/// The first `n` lines of `text`, indented.
fn head(text: &str, n: usize) -> String {
    text.lines().take(n).map(|l| format!("  {l}\n")).collect()
}

fn main() -> Result<(), Error> {
    // `queens export 8 --to dimacs`: one variable per (kind, square), named in a
    // comment line each, so that a model can be decoded from the file alone.
    let eight = Problem::queens(8)?;
    let cnf = export(&eight, Format::Dimacs)?;
    println!("queens export 8 --to dimacs\n{}  ...", head(&cnf, 6));
    assert!(cnf.contains("c board 8x8\n") && cnf.contains("c pieces 8Q\n"));
    assert!(cnf.contains("c var 12 Q@d2\n"));
    let header = cnf
        .lines()
        .find(|l| l.starts_with("p cnf "))
        .expect("a p line");
    let vars: u32 = header.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(vars >= 64, "64 piece variables, then auxiliary ones");
    println!("  {header}\n");

    // `queens export 8 --to minizinc` and `--to xcsp3`: models of their own, for a
    // constraint solver that checks the answer independently of our CNF encoder.
    let mzn = export(&eight, Format::Minizinc)?;
    println!("queens export 8 --to minizinc\n{}  ...\n", head(&mzn, 2));
    assert!(mzn.contains("int: R = 8;") && mzn.contains("var bool"));
    let xml = export(&eight, Format::Xcsp3)?;
    println!("queens export 8 --to xcsp3\n{}  ...\n", head(&xml, 3));
    assert!(xml.contains("<instance format=\"XCSP3\"") && xml.trim_end().ends_with("</instance>"));

    // `queens export 6 --piece C=chancellor --pieces 2C,2N --fixed Ca1 --to dimacs`:
    // fairy kinds and fixed pieces are recorded in the header too.
    let catalog = fairy::catalog_with(&["C=chancellor"])?;
    let fairy = Problem::new(
        Board::square(6)?,
        parse_spec("2C,2N", &catalog)?,
        Placement::parse("Ca1", &catalog)?,
    )?;
    let cnf = export(&fairy, Format::Dimacs)?;
    println!(
        "queens export 6 --piece C=chancellor --pieces 2C,2N --fixed Ca1 --to dimacs\n{}  ...",
        head(&cnf, 6)
    );
    assert!(cnf.contains("c piece C=RN\n") && cnf.contains("c fixed Ca1\n"));

    // `--to` names the format; an unknown one is refused.
    assert_eq!("xcsp3".parse::<Format>()?, Format::Xcsp3);
    assert!("lp".parse::<Format>().is_err());
    Ok(())
}
