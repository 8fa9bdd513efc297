//! Mirrors `queens verify`: a placement checked against the plain definition: valid,
//! or every attacking pair named; `--pieces SPEC` also requires exactly those
//! pieces; `--perm-file` reads queens as a permutation, checked in O(N).
//!
//! Run it with `cargo run -p queens --example verify`.

use queens::perm::Perm;
use queens::verify::verify;
use queens::{
    Board, Catalog, EngineChoice, Error, Placement, Problem, Settings, format_spec, parse_spec,
    solve_perm,
};

fn main() -> Result<(), Error> {
    let catalog = Catalog::standard();
    let eight = Board::square(8)?;

    // `queens verify '[1,5,8,6,3,7,2,4]'`: a permutation of n numbers is on n x n.
    let p = Placement::parse("[1,5,8,6,3,7,2,4]", &catalog)?;
    let board = Board::square(p.len() as u32)?;
    assert!(verify(&board, &p)?.is_empty());
    println!(
        "queens verify '[1,5,8,6,3,7,2,4]'\nvalid: {} pieces on {board}, no attacks\n",
        p.len()
    );

    // `queens verify 8 Qd1 Nf2 Qd5`: every attacking pair, in words.
    let p = Placement::parse("Qd1 Nf2 Qd5", &catalog)?;
    let found: Vec<String> = verify(&eight, &p)?
        .iter()
        .map(ToString::to_string)
        .collect();
    println!(
        "queens verify 8 Qd1 Nf2 Qd5\ninvalid: {} problems",
        found.len()
    );
    for f in &found {
        println!("  {f}");
    }
    assert_eq!(
        found,
        [
            "Nf2 attacks Qd1 by a (2,1) leap",
            "Qd1 and Qd5 attack each other along the file",
        ]
    );

    // `queens verify 8 '[1,5,8,6,3,7,2]' --pieces 8Q`: no attacks, but a queen short.
    let p = Placement::parse("[1,5,8,6,3,7,2]", &catalog)?;
    let want = parse_spec("8Q", &catalog)?;
    assert!(verify(&eight, &p)?.is_empty());
    assert_ne!(p.spec(), want);
    println!(
        "\nqueens verify 8 '[1,5,8,6,3,7,2]' --pieces 8Q\ninvalid: 1 problem\n  the placement has pieces {} but {} were asked for",
        format_spec(&p.spec()),
        format_spec(&want)
    );

    // `queens verify 8 Qi9`: a square off the board is bad input, not a verdict.
    let off = Placement::parse("Qi9", &catalog)?;
    let err = verify(&eight, &off).expect_err("i9 is off the 8x8 board");
    assert!(matches!(err, Error::OffBoard { .. }));
    println!("\nqueens verify 8 Qi9\nerror: {err}");

    // `queens solve 1000000 > q.txt; queens verify --perm-file q.txt`: the file is a
    // buffer here; reading and checking a million queens takes O(N).
    let n = 1_000_000;
    let solution = solve_perm(
        &Problem::queens(n)?,
        EngineChoice::Auto,
        &Settings::default(),
    )?
    .expect("a million queens have solutions");
    let mut file = Vec::new();
    solution
        .write_text(&mut file)
        .map_err(|e| Error::io("q.txt", e))?;
    let read = Perm::read(&mut file.as_slice(), None)?;
    assert_eq!(read, solution);
    assert!(read.is_valid());
    println!(
        "\nqueens verify --perm-file q.txt\nvalid: {} pieces on {}, no attacks",
        read.queens(),
        read.board()
    );

    // `echo 1 2 3 | queens verify --perm-file -`: the attacking pairs counted in
    // O(N), the first few named (each by the first queen seen on its line).
    let bad = Perm::parse_text("1 2 3", None)?;
    let (first, total) = bad.conflicts(10);
    println!("\necho 1 2 3 | queens verify --perm-file -\ninvalid: {total} attacking pairs");
    for c in &first {
        println!("  {c}");
    }
    assert!(!bad.is_valid());
    assert_eq!(total, 3);
    assert_eq!(
        first[0].to_string(),
        "Qa1 and Qb2 attack each other along the diagonal"
    );
    Ok(())
}
