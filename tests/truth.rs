//! The truth table (`testdata/known_counts.tsv`, copied from `shared/truth` with its
//! sources) run against every engine: each row, for every job whose answer the row
//! tells (count, count in parts, the list of solutions, one solution, one compact
//! solution), by every engine that accepts it (see `common::matrix`), each run within
//! a time budget; plus the seed tools' published results.

mod common;

use std::time::Duration;

use common::matrix::{Expected, Matrix, Split};
use common::{problem, truth_table};
use num_bigint::BigUint;
use queens::{EngineChoice, Job, Problem, Settings};

/// Each engine's time for one job on one row.
const BUDGET: Duration = Duration::from_millis(500);

fn expected(count: &str) -> Expected {
    Expected {
        count: Some(BigUint::parse_bytes(count.as_bytes(), 10).expect("a count in decimal")),
        ..Expected::default()
    }
}

/// The rows of the table that `rows` selects (by index), by every engine that takes
/// them, for `jobs`.
fn table(m: &mut Matrix, jobs: &[Job], rows: impl Fn(usize) -> bool) {
    let table = truth_table("known_counts.tsv");
    assert!(table.len() > 200, "the table is complete");
    for (_, row) in table.iter().enumerate().filter(|(i, _)| rows(*i)) {
        let p = problem(&format!("{}x{}", row.rows, row.cols), &row.spec(), "");
        let name = format!("{} ({})", row.name(), row.source);
        m.row(&name, &p, jobs, &expected(&row.value));
    }
}

/// Rows of the table answered by `engine` for `job`, at the least.
fn at_least(m: &Matrix, engine: &str, job: Job, rows: usize) {
    let c = m.get(engine, job);
    assert!(
        c.checked >= rows,
        "the {engine} engine checked only {} rows for `{}` ({} over the budget)",
        c.checked,
        job.name(),
        c.over_budget
    );
}

/// The engines that count.
fn counters() -> Vec<&'static str> {
    queens::engine::engines(&Problem::queens(1).unwrap(), &Settings::default())
        .into_iter()
        .filter(|e| e.jobs.contains(&Job::Count))
        .map(|e| e.name)
        .collect()
}

/// Counting, in two halves of the table that run side by side as two tests; the last
/// to finish checks the whole.
static COUNTED: Split = Split::new(2);

fn count_half(half: usize) {
    let mut m = Matrix::new(&format!("count, rows {half} mod 2"), BUDGET);
    table(&mut m, &[Job::Count, Job::CountParts], |i| i % 2 == half);
    let Some(all) = COUNTED.add(m, "count") else {
        return;
    };
    all.finish();
    // Every engine that counts, counts some rows; the general engines most of them;
    // and only the rows past every method within the budget go unchecked.
    for engine in counters() {
        at_least(&all, engine, Job::Count, 5);
    }
    at_least(&all, "exact", Job::Count, 150);
    at_least(&all, "sat", Job::Count, 100);
    assert!(
        all.unchecked.len() <= 40,
        "{} rows uncounted",
        all.unchecked.len()
    );
}

#[test]
fn every_engine_counts_the_truth_table_even_rows() {
    count_half(0);
}

#[test]
fn every_engine_counts_the_truth_table_odd_rows() {
    count_half(1);
}

#[test]
fn every_engine_lists_the_truth_table() {
    let mut m = Matrix::new("list", BUDGET);
    table(&mut m, &[Job::Enumerate], |_| true);
    m.finish();
    at_least(&m, "exact", Job::Enumerate, 120);
    at_least(&m, "sat", Job::Enumerate, 100);
}

#[test]
fn every_engine_solves_the_truth_table() {
    let mut m = Matrix::new("solve", BUDGET);
    table(&mut m, &[Job::Solve, Job::SolvePerm], |_| true);
    m.finish();
    assert!(
        m.unchecked.len() <= 5,
        "{} rows unsolved",
        m.unchecked.len()
    );
    // Every engine is checked on some row of the table, for some job.
    let checked = m.engines_checked();
    let counters = counters();
    for engine in queens::engine::engine_names().into_iter().skip(1) {
        assert!(
            counters.contains(&engine) || checked.contains(&engine),
            "the {engine} engine is checked on no row of the table"
        );
    }
}

/// `auto` picks, for every job on every row, the first engine (in `auto`'s order) that
/// accepts the row and would be picked, as the engines declare; and some engine for
/// every row's count.
#[test]
fn auto_picks_by_the_declarations() {
    let mut by_engine: std::collections::BTreeMap<&str, usize> = Default::default();
    for row in truth_table("known_counts.tsv") {
        let p = problem(&format!("{}x{}", row.rows, row.cols), &row.spec(), "");
        let reports = queens::engine::engines(&p, &Settings::default());
        for job in Job::ALL {
            let first = reports.iter().find(|e| {
                e.verdicts
                    .iter()
                    .any(|(j, v)| *j == job && v.as_ref().is_ok_and(|&picks| picks))
            });
            let auto = queens::engine::picked(EngineChoice::Auto, &p, job, &Settings::default());
            assert_eq!(
                auto.as_ref().ok(),
                first.map(|e| &e.name),
                "auto's {} on {}: {auto:?}",
                job.name(),
                row.name()
            );
            if job == Job::Count {
                *by_engine.entry(auto.unwrap()).or_default() += 1;
            }
        }
    }
    println!("auto counts the rows with: {by_engine:?}");
}

/// The rows cover every standard kind, and the rows the general engine answers too.
#[test]
fn rows_cover_every_kind() {
    let rows = truth_table("known_counts.tsv");
    let kinds: String = rows
        .iter()
        .flat_map(|r| r.pieces.iter().map(|p| p.0))
        .collect();
    for k in "KNBRQA".chars() {
        assert!(kinds.contains(k), "kind {k} is not covered by the table");
    }
}

/// The results the seed tools published (the Prolog program, PyCSP3, CLP(FD)), by
/// every engine and by `auto`.
#[test]
fn seed_results() {
    let cases = [
        ("8", "8Q", "92"),
        ("5", "N,B,R,Q,A", "96"),
        ("6", "2N,2B,R,Q", "104416"),
        ("6", "2N,2B,R", "217568"),
        ("6", "N,B,R,Q,A", "12704"),
        ("8", "N,8Q", "0"),
        ("7", "2N,2B,R,Q,A", "537896"),
    ];
    let mut m = Matrix::new("seed results", BUDGET);
    for (board, spec, want) in cases {
        let p = problem(board, spec, "");
        m.run(&format!("{board} {spec}"), &p, &expected(want));
        assert!(
            Matrix::accepting(&p, Job::Count).contains(&"exact"),
            "{board} {spec}"
        );
        let auto = queens::count(&p, EngineChoice::Auto, &Settings::default())
            .unwrap()
            .to_string();
        assert_eq!(auto, want, "auto on {board} {spec}");
    }
    m.finish();
    assert_eq!(m.get("exact", Job::Count).checked, cases.len());
}

/// Fixed pieces: the 92 solutions of 8 queens split by the square of the queen on
/// file a, and fixing two compatible queens gives the intersection; by every engine.
#[test]
fn fixed_pieces_partition_the_solutions() {
    let mut m = Matrix::new("fixed pieces", BUDGET);
    let counts = [4u32, 8, 16, 18, 18, 16, 8, 4];
    assert_eq!(counts.iter().sum::<u32>(), 92);
    for (rank, n) in (1..=8).zip(counts) {
        let p = problem("8", "8Q", &format!("Qa{rank}"));
        m.run(&format!("8Q, Qa{rank}"), &p, &expected(&n.to_string()));
    }
    let p = problem("8", "8Q", "Qa1,Qb2");
    m.run("8Q, Qa1 Qb2", &p, &expected("0"));
    let p = problem("8", "8Q", "Qa1,Qb5,Qc8,Qd6,Qe3,Qf7,Qg2,Qh4");
    m.run("8Q, all fixed", &p, &expected("1"));
    m.finish();
    assert_eq!(m.get("exact", Job::Count).checked, 10);
}
