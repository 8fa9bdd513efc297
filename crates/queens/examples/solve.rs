//! Mirrors `queens solve`: one solution of a problem, drawn as a diagram (or as
//! coordinates, JSON, or the compact `perm` form for huge boards).
//!
//! Shows the deterministic first solution, a mix of kinds with a fixed piece, a
//! problem with no solution, ten million queens as a [`queens::perm::Perm`]
//! (`queens solve 10000000`), a reproducible random solution by local search
//! (`queens solve 1000 --random --seed 7`) and a time budget that runs out
//! (`--budget-secs`, exit status 3 in the CLI).
//!
//! Run it with `cargo run -p queens --example solve` (add `--release` for speed).

use std::time::Duration;

use queens::{
    Board, Catalog, EngineChoice, Error, Placement, Problem, Settings, parse_spec, render, solve,
    solve_perm,
};

fn main() -> Result<(), Error> {
    let catalog = Catalog::standard();
    let auto = EngineChoice::Auto;
    let defaults = Settings::default();

    // `queens solve 8`: the first solution in a fixed order, drawn.
    let eight = Problem::queens(8)?;
    let first = solve(&eight, auto, &defaults)?.expect("8 queens have solutions");
    assert!(eight.accepts(&first));
    println!("queens solve 8\n{}", render::diagram(eight.board(), &first));

    // `queens solve 6 --pieces 2N,2B,R,Q --fixed Qa1 --format coords`.
    let mixed = Problem::new(
        Board::square(6)?,
        parse_spec("2N,2B,R,Q", &catalog)?,
        Placement::parse("Qa1", &catalog)?,
    )?;
    let found = solve(&mixed, auto, &defaults)?.expect("a queen on a1 leaves room");
    assert!(mixed.accepts(&found));
    assert!(found.pieces().contains(&mixed.fixed().pieces()[0]));
    println!("queens solve 6 --pieces 2N,2B,R,Q --fixed Qa1 --format coords\n{found}\n");
    println!("  as JSON: {}\n", render::json(mixed.board(), &found));

    // `queens solve 3`: no solution is an answer (`None`), not an error.
    assert_eq!(solve(&Problem::queens(3)?, auto, &defaults)?, None);
    println!("queens solve 3\nno solution\n");

    // `queens solve 10000000`: a huge board as one rank per file, built in O(N).
    let n = 10_000_000;
    let huge = solve_perm(&Problem::queens(n)?, auto, &defaults)?.expect("N >= 4 has one");
    assert!(huge.is_valid() && huge.queens() == n as usize);
    let head: Vec<String> = huge.ranks()[..8]
        .iter()
        .map(|r| (r + 1).to_string())
        .collect();
    println!(
        "queens solve {n}\n{} ... ({} queens, valid)\n",
        head.join(" "),
        huge.queens()
    );

    // `queens solve 1000 --random --seed 7`: local search, reproducible by its seed.
    let thousand = Problem::queens(1000)?;
    let local = EngineChoice::Named(queens::EngineName::Local);
    let seeded = |seed| Settings {
        seed: Some(seed),
        ..Settings::default()
    };
    let a = solve_perm(&thousand, local, &seeded(7))?.expect("local search finds one");
    let again = solve_perm(&thousand, local, &seeded(7))?.expect("local search finds one");
    let other = solve_perm(&thousand, local, &seeded(8))?.expect("local search finds one");
    assert!(a.is_valid() && other.is_valid());
    assert_eq!(a, again, "the same seed gives the same solution");
    assert_ne!(a, other, "another seed gives another solution");
    let text = a.to_text();
    println!("queens solve 1000 --random --seed 7\n{} ...\n", &text[..40]);
    // A deterministic engine takes no seed: the call is refused, not run.
    assert!(matches!(
        solve(
            &eight,
            EngineChoice::Named(queens::EngineName::Exact),
            &seeded(7)
        ),
        Err(Error::EngineRefuses { .. })
    ));

    // `queens solve 14 --pieces 13Q,5N --budget-secs 0.1`: the search takes many
    // seconds, so the budget runs out. `Error::Budget` means "no answer, nothing
    // proved" (the CLI exits with 3), unlike `Ok(None)`, a proof of no solution.
    let hard = Problem::new(
        Board::square(14)?,
        parse_spec("13Q,5N", &catalog)?,
        Placement::default(),
    )?;
    let budget = Settings {
        time_budget: Some(Duration::from_millis(100)),
        ..Settings::default()
    };
    println!("queens solve 14 --pieces 13Q,5N --budget-secs 0.1");
    match solve(&hard, auto, &budget) {
        Ok(Some(p)) => panic!("expected the budget to run out, got {p}"),
        Ok(None) => panic!("expected the budget to run out, got a proof of none"),
        Err(e @ Error::Budget { .. }) => println!("{e}"),
        Err(e) => return Err(e),
    }
    Ok(())
}
