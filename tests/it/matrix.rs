//! The engine matrix: every engine that accepts a problem, job by job, held to the
//! published counts (`testdata/known_counts.tsv`) and to the brute-force oracle
//! (`tests/it/common/oracle.rs`) on random small problems.
//!
//! Which engines run comes from the engines' own declarations
//! (`queens::engine::engines`: per job, whether each accepts the problem), never from a
//! list kept here, so an engine added to the library is tested the day it exists. Each
//! run on a truth-table row has a time budget; a run that ends in `Error::Budget` is
//! skipped and counted, and more than a tenth of all runs, or of one engine's, skipped
//! fails the test (a test that passes on less when the machine is busy is no test).
//! So the runs are chosen to finish: on a row of more than [`FEW`] solutions, only
//! the engine `auto` picks for it, when it counts without listing (the engines' own,
//! measured, choice); every accepting engine below. Rows that no engine counts within
//! the test budget are `tests/it/counting.rs`' lists.

use crate::common;

use std::collections::BTreeMap;
use std::time::Duration;

use common::oracle::{self, Small};
use common::strategy::{self, KINDS};
use common::{TruthRow, listed, oracle_problem, oracle_solution, truth_table};
use proptest::prelude::*;
use queens::engine::{Job, engines, picked};
use queens::{Catalog, EngineChoice, Error, Problem, Settings};

/// The engines that accept `job` on `p`, by their own verdicts.
fn accepting(p: &Problem, job: Job) -> Vec<&'static str> {
    engines(p, &Settings::default())
        .into_iter()
        .filter(|e| e.verdicts.iter().any(|(j, v)| *j == job && v.is_ok()))
        .map(|e| e.name)
        .collect()
}

/// Rows with at most this many solutions are counted by every engine that accepts
/// them (the listing ones too: sat lists 10^4 solutions of small boards in well under
/// a second).
const FEW: u128 = 10_000;

/// Past 144 squares, sat (which finds the solutions one by one, each shut out by a
/// clause) counts only rows of at most this many: 5,180 amazons on 14x14 took it 2 s
/// of CPU, past 10 s on a busy machine.
const FEW_FOR_SAT_ON_LARGE_BOARDS: u128 = 1_000;

/// The engines to count `p`, the problem of `row`, with (see the module docs).
fn counting(row: &TruthRow, p: &Problem) -> Vec<&'static str> {
    if let Some(v) = row.value.parse::<u128>().ok().filter(|&v| v <= FEW) {
        let large = row.rows * row.cols > 144;
        return accepting(p, Job::Count)
            .into_iter()
            .filter(|&e| e != "sat" || !large || v <= FEW_FOR_SAT_ON_LARGE_BOARDS)
            .collect();
    }
    let settings = Settings::default();
    let Ok(pick) = picked(EngineChoice::Auto, p, Job::Count, &settings) else {
        return Vec::new();
    };
    engines(p, &settings)
        .into_iter()
        .filter(|e| e.name == pick && !e.jobs.contains(&Job::Enumerate))
        .map(|e| e.name)
        .collect()
}

/// Per engine: runs that finished, and runs skipped over the budget.
#[derive(Default)]
struct Tally {
    ran: BTreeMap<&'static str, u32>,
    skipped: BTreeMap<&'static str, u32>,
}

impl Tally {
    fn record<T>(&mut self, engine: &'static str, r: &Result<T, Error>) -> bool {
        if matches!(r, Err(Error::Budget { .. })) {
            *self.skipped.entry(engine).or_default() += 1;
            false
        } else {
            *self.ran.entry(engine).or_default() += 1;
            true
        }
    }

    /// Fails when more than a tenth of all runs, or of one engine's, were skipped:
    /// a test that skips what it cannot finish in time passes on less when the machine
    /// is busy, so skips must stay rare enough to notice.
    fn check(&self, what: &str) {
        let ran: u32 = self.ran.values().sum();
        let skipped: u32 = self.skipped.values().sum();
        eprintln!(
            "{what}: {skipped} of {} runs skipped over the budget",
            ran + skipped
        );
        let mut worst = None;
        for (e, &n) in &self.skipped {
            let all = n + self.ran.get(e).copied().unwrap_or(0);
            eprintln!("{what}: {e} skipped {n} of its {all} rows over the budget");
            if n * 10 > all {
                worst = Some((e, n, all));
            }
        }
        if let Some((e, n, all)) = worst {
            panic!(
                "{what}: the {e} engine was skipped on {n} of its {all} rows (at most a tenth may be)"
            );
        }
        assert!(
            skipped * 10 <= ran + skipped,
            "{what}: {skipped} of {} runs were skipped over the budget (at most a tenth may be)",
            ran + skipped
        );
    }
}

/// Two threads and `ms` milliseconds for each run on a truth-table row.
fn budget(ms: u64) -> Settings<'static> {
    Settings {
        time_budget: Some(Duration::from_millis(ms)),
        threads: 2,
        ..Settings::default()
    }
}

/// The engines chosen to count `p`, the problem of `row` ([`counting`]): the published
/// count, or the end of `budget` (tallied in `counts` as a skip).
fn count_by_every_engine(row: &TruthRow, p: &Problem, budget: &Settings, counts: &mut Tally) {
    for name in counting(row, p) {
        let r = queens::count(
            p,
            EngineChoice::Named(queens::EngineName::parse(name).unwrap()),
            budget,
        );
        if matches!(r, Err(Error::Budget { .. })) {
            eprintln!("{}: {name} ran out of its budget", row.name());
        }
        if counts.record(name, &r) {
            let n = r.unwrap_or_else(|e| panic!("{} by {name}: {e}", row.name()));
            assert_eq!(n.to_string(), row.value, "{} counted by {name}", row.name());
        }
    }
}

#[test]
fn every_engine_reproduces_the_truth_table() {
    let budget = budget(2000);
    let (mut counts, mut solves) = (Tally::default(), Tally::default());
    // Boards up to 64 squares: every engine that accepts them finishes or stops on
    // its budget at once there (the larger rows are the dedicated engines' own tests).
    for row in truth_table("known_counts.tsv")
        .into_iter()
        .filter(|r| r.rows * r.cols <= 64)
    {
        let p = row.problem();
        count_by_every_engine(&row, &p, &budget, &mut counts);
        for name in accepting(&p, Job::Solve) {
            let r = queens::solve(
                &p,
                EngineChoice::Named(queens::EngineName::parse(name).unwrap()),
                &budget,
            );
            if solves.record(name, &r) {
                match r.unwrap_or_else(|e| panic!("{} by {name}: {e}", row.name())) {
                    Some(s) => assert!(
                        p.accepts(&s),
                        "{} by {name}: {s} is no solution",
                        row.name()
                    ),
                    None => assert_eq!(row.value, "0", "{} by {name}: none", row.name()),
                }
            }
        }
    }
    counts.check("count");
    solves.check("solve");
    for engine in queens::engine::engine_names().into_iter().skip(1) {
        let n = counts.ran.get(engine).copied().unwrap_or(0)
            + solves.ran.get(engine).copied().unwrap_or(0);
        eprintln!("{engine}: {n} truth-table runs");
    }
}

/// The rows past 64 squares, counted by the engines chosen for them ([`counting`]):
/// mostly the counting methods (the dedicated engines, the closed forms, the
/// few-pieces sums).
#[test]
fn every_counting_engine_reproduces_the_large_rows() {
    // 30 s: the slowest row here (18 amazons, 2.9 s of CPU) took 5.8 s on a machine
    // with five other builds, and 10 s was passed under such load.
    let budget = budget(30_000);
    let mut counts = Tally::default();
    // Less the rows that no engine counts within the test budget, measured
    // (`tests/it/counting.rs`' lists, with the time each takes).
    let beyond = |r: &TruthRow| {
        crate::counting::listed(crate::counting::UNCOVERED, r)
            || crate::counting::listed(crate::counting::OVER_BUDGET, r)
    };
    for row in truth_table("known_counts.tsv")
        .into_iter()
        .filter(|r| r.rows * r.cols > 64 && !beyond(r))
    {
        let p = row.problem();
        count_by_every_engine(&row, &p, &budget, &mut counts);
    }
    counts.check("count (large rows)");
    let ran: u32 = counts.ran.values().sum();
    for (engine, n) in &counts.ran {
        eprintln!("{engine}: {n} large truth-table rows");
    }
    assert!(ran >= 60, "only {ran} runs finished on the large rows");
}

/// Random small problems: mixed kinds with fixed pieces (the general engines), or one
/// kind alone with nothing fixed, often as many as the narrow side (the dedicated
/// counters and the counting methods).
fn small_problem() -> impl Strategy<Value = Small> {
    let mixed = strategy::small_problem();
    let single = (1i64..=6, 1i64..=6, 0usize..6, 0u32..=3).prop_map(|(rows, cols, k, extra)| {
        let narrow = rows.min(cols) as u32;
        let n = if extra == 0 {
            narrow
        } else if KINDS[k] == 'K' && rows % 2 == 0 && cols % 2 == 0 && extra == 1 {
            (rows * cols / 4) as u32
        } else {
            extra.min((rows * cols) as u32)
        };
        Small {
            rows,
            cols,
            pieces: vec![(KINDS[k], n)],
            fixed: Vec::new(),
        }
    });
    prop_oneof![mixed, single]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn every_engine_matches_the_oracle(s in small_problem()) {
        let p = oracle_problem(&s, &Catalog::standard());
        let want = oracle::solutions(&s, &oracle::chess_attacks);
        let settings = Settings { threads: 1, ..Settings::default() };
        for name in accepting(&p, Job::Count) {
            let n = queens::count(&p, EngineChoice::Named(queens::EngineName::parse(name).unwrap()), &settings).unwrap();
            prop_assert_eq!(n, (want.len() as u64).into(), "count of {:?} by {}", s, name);
        }
        for name in accepting(&p, Job::Enumerate) {
            let listing = listed(&p, EngineChoice::Named(queens::EngineName::parse(name).unwrap()), &settings);
            let mut got: Vec<_> = listing.iter().map(oracle_solution).collect();
            got.sort();
            prop_assert_eq!(&got, &want, "solutions of {:?} by {}", s, name);
        }
        for name in accepting(&p, Job::Solve) {
            match queens::solve(&p, EngineChoice::Named(queens::EngineName::parse(name).unwrap()), &settings) {
                Ok(Some(x)) => prop_assert!(want.contains(&oracle_solution(&x)), "{} by {} for {:?}", x, name, s),
                Ok(None) => prop_assert!(want.is_empty(), "{} found none for {:?}", name, s),
                // Local search may give up on a problem without solutions.
                Err(Error::GaveUp { .. }) => prop_assert!(want.is_empty()),
                Err(e) => prop_assert!(false, "{} on {:?}: {}", name, s, e),
            }
        }
    }
}
