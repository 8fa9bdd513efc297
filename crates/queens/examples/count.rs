//! Mirrors `queens count`: the exact number of solutions, printed alone; with a
//! progress callback (the CLI's progress bar), fixed pieces, rectangles and ranged
//! specs (`0..2Q`).
//!
//! Run it with `cargo run -p queens --example count`.

use std::sync::atomic::{AtomicU64, Ordering};

use queens::range::RangeSpec;
use queens::verify::conflicts;
use queens::{
    Board, Catalog, EngineChoice, Error, Placement, Problem, Progress, Settings, count, parse_spec,
};

/// A problem as the CLI builds it from `BOARD --pieces SPEC --fixed PLACEMENT`.
fn problem(board: &str, spec: &str, fixed: &str) -> Result<Problem, Error> {
    let catalog = Catalog::standard();
    Problem::new(
        board.parse::<Board>()?,
        parse_spec(spec, &catalog)?,
        Placement::parse(fixed, &catalog)?,
    )
}

fn main() -> Result<(), Error> {
    let auto = EngineChoice::Auto;
    let defaults = Settings::default();
    let cases: [(&str, &str, &str, u32); 6] = [
        ("8", "8Q", "", 92),
        ("5", "N,B,R,Q,A", "", 96),
        ("6", "2N,2B,R,Q", "", 104_416),
        ("8", "8Q", "Qd1", 18),
        ("5x7", "5Q", "", 164),
        ("8", "8Q", "Qa1,Qb2", 0),
    ];
    for (board, spec, fixed, want) in cases {
        let p = problem(board, spec, fixed)?;
        // The CLI names the attacking fixed pieces before answering 0.
        for c in conflicts(p.board(), p.fixed()) {
            println!("  (the fixed pieces attack each other: {c})");
        }
        let n = count(&p, auto, &defaults)?;
        let fixed = if fixed.is_empty() {
            String::new()
        } else {
            format!(" --fixed {fixed}")
        };
        println!("queens count {board} --pieces {spec}{fixed}\n{n}");
        assert_eq!(n, want.into());
    }

    // `queens count 12`: a longer count reports its progress (the CLI draws a bar).
    let reports = AtomicU64::new(0);
    let last = AtomicU64::new(0);
    let progress = |p: Progress| {
        reports.fetch_add(1, Ordering::Relaxed);
        last.fetch_max(p.done * 100 / p.total.max(1), Ordering::Relaxed);
    };
    let settings = Settings {
        progress: Some(&progress),
        ..Settings::default()
    };
    let n = count(&Problem::queens(12)?, auto, &settings)?;
    println!(
        "queens count 12\n{n}   ({} progress reports, last at {}%)",
        reports.load(Ordering::Relaxed),
        last.load(Ordering::Relaxed)
    );
    assert_eq!(n, 14_200u32.into());

    // `queens count 3 --pieces 0..2Q`: a ranged spec sums over every allowed count
    // (no queen: 1 way, one: 9, two: 8).
    let spec = RangeSpec::parse("0..2Q", &Catalog::standard())?;
    let n = spec.count(Board::square(3)?, &Placement::default(), auto, &defaults)?;
    println!("queens count 3 --pieces 0..2Q\n{n}");
    assert_eq!(n, 18u32.into());
    Ok(())
}
