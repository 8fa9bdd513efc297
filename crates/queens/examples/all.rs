//! Mirrors `queens all`: every solution, streamed to a callback as it is found, in a
//! fixed order; returning `ControlFlow::Break` stops the search (`--limit`).
//!
//! Run it with `cargo run -p queens --example all`.

use std::ops::ControlFlow;

use queens::perm::Perm;
use queens::{Catalog, EngineChoice, Error, Problem, Settings, enumerate, render};

fn main() -> Result<(), Error> {
    let auto = EngineChoice::Auto;
    let defaults = Settings::default();

    // `queens all 6 --format perm`: the four solutions of 6 queens.
    let six = Problem::queens(6)?;
    let mut perms = Vec::new();
    enumerate(&six, auto, &defaults, &mut |p| {
        let perm = Perm::from_placement(six.board(), p).expect("queens, one per file");
        perms.push(perm.to_text().trim_end().to_string());
        ControlFlow::Continue(())
    })?;
    println!("queens all 6 --format perm");
    for p in &perms {
        println!("{p}");
    }
    perms.sort();
    assert_eq!(
        perms,
        ["2 4 6 1 3 5", "3 6 2 5 1 4", "4 1 5 2 6 3", "5 3 1 6 4 2"]
    );

    // `queens all 8 --limit 3`: stop after three solutions.
    let eight = Problem::queens(8)?;
    let mut listed = Vec::new();
    enumerate(&eight, auto, &defaults, &mut |p| {
        listed.push(p.clone());
        if listed.len() == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    println!("\nqueens all 8 --limit 3");
    for p in &listed {
        println!("{p}");
    }
    assert_eq!(listed.len(), 3);
    assert!(listed.iter().all(|p| eight.accepts(p)));

    // `queens all 8 --format board --limit 1`.
    println!("\nqueens all 8 --format board --limit 1");
    print!("{}", render::diagram(eight.board(), &listed[0]));

    // `queens all 8 | wc -l`: the whole stream, every solution distinct and valid.
    let mut all = Vec::new();
    enumerate(&eight, auto, &defaults, &mut |p| {
        all.push(p.clone());
        ControlFlow::Continue(())
    })?;
    assert_eq!(all.len(), 92);
    assert!(all.iter().all(|p| eight.accepts(p)));
    all.sort_by_key(ToString::to_string);
    all.dedup();
    assert_eq!(all.len(), 92);
    println!("\nqueens all 8 | wc -l\n{}", all.len());

    // `queens all 5 --pieces N,B,R,Q,A --format json --limit 1`: any mix of kinds.
    let catalog = Catalog::standard();
    let mixed = Problem::parse("5", Some("N,B,R,Q,A"), None, &catalog)?;
    let mut n = 0;
    let mut first_json = None;
    enumerate(&mixed, auto, &defaults, &mut |p| {
        first_json.get_or_insert_with(|| render::json(mixed.board(), p));
        n += 1;
        ControlFlow::Continue(())
    })?;
    println!("\nqueens all 5 --pieces N,B,R,Q,A --format json --limit 1");
    println!("{}", first_json.expect("there are solutions"));
    println!("({n} placements in all)");
    assert_eq!(n, 96);
    Ok(())
}
