//! The `torus` engine (n queens on the n x n torus): against the `exact` engine and a
//! brute force on every side they reach, against OEIS A051906 (`testdata/known_counts_torus.tsv`)
//! on every row within the test budget, `auto`'s choice, the count up to symmetry, shards
//! and checkpoints, and its refusals.

use crate::common;

use common::{assert_contains, queens, stderr, stdout, stop_then_resume, truth_table};
use num_bigint::BigUint;
use queens::engine::{Job, Parts, count_parts, merge, picked};
use queens::terrain::Terrain;
use queens::{
    Board, Catalog, EngineChoice, Error, Placement, Problem, Settings, Square, parse_spec,
};

/// Rows of the torus table past the test budget: (side, why). Each is checked by hand
/// with `bench/torus.sh`.
const OVER_BUDGET: &[(u32, &str)] = &[
    (25, "about 20 s of CPU (bench/torus_cost.md)"),
    (29, "days of CPU: costed in bench/"),
    (31, "days of CPU: costed in bench/"),
];

/// `k` queens on the `n x n` torus, with `holes` if any.
fn torus(n: u32, k: u32, holes: &[Square]) -> Problem {
    let b = Board::square(n).unwrap();
    let t = Terrain::new(&b)
        .with_torus(true)
        .with_holes(holes.iter().copied())
        .unwrap();
    Problem::new(
        b,
        parse_spec(&format!("{k}Q"), &Catalog::standard()).unwrap(),
        Placement::default(),
    )
    .unwrap()
    .with_terrain(t)
    .unwrap()
}

fn count(p: &Problem, engine: &'static str) -> BigUint {
    queens::count(
        p,
        EngineChoice::Named(queens::EngineName::parse(engine).unwrap()),
        &Settings::default(),
    )
    .unwrap_or_else(|e| panic!("{engine}: {e}"))
}

fn unique(p: &Problem, engine: &'static str) -> BigUint {
    queens::count_unique(
        p,
        EngineChoice::Named(queens::EngineName::parse(engine).unwrap()),
        &Settings::default(),
    )
    .unwrap_or_else(|e| panic!("{engine}: {e}"))
}

/// Permutations checked against the torus's four line families, square by square from
/// the definition: the oracle, sharing nothing with the library.
fn brute(n: usize) -> u64 {
    /// The completions of `ranks` (the queen's file on each rank so far): a new queen
    /// shares no file, diagonal or anti-diagonal, all taken modulo `n`, with any before.
    fn completions(n: usize, ranks: &mut Vec<usize>) -> u64 {
        let r = ranks.len();
        if r == n {
            return 1;
        }
        let mut total = 0;
        for c in 0..n {
            let free = ranks.iter().enumerate().all(|(r2, &c2)| {
                c2 != c && (r + n - c) % n != (r2 + n - c2) % n && (r + c) % n != (r2 + c2) % n
            });
            if free {
                ranks.push(c);
                total += completions(n, ranks);
                ranks.pop();
            }
        }
        total
    }
    completions(n, &mut Vec::new())
}

#[test]
fn torus_engine_matches_exact_and_the_brute_force() {
    for n in 1..=13u32 {
        let p = torus(n, n, &[]);
        let t = count(&p, "torus");
        assert_eq!(t, count(&p, "exact"), "n = {n}");
        if n <= 11 {
            assert_eq!(t, BigUint::from(brute(n as usize)), "n = {n}");
        }
    }
}

/// `--unique` keeps its meaning on the torus (the board's rotations and reflections):
/// the same as the exact engine's, and as listing every solution and keeping one per
/// class.
#[test]
fn the_count_up_to_symmetry_is_the_exact_engines() {
    for n in 1..=11u32 {
        let p = torus(n, n, &[]);
        let u = unique(&p, "torus");
        assert_eq!(u, unique(&p, "exact"), "n = {n}");
        let listed = queens::symmetry::count_unique_by_enumeration(
            &p,
            EngineChoice::Named(queens::EngineName::Exact),
            &Settings::default(),
        )
        .unwrap();
        assert_eq!(u, BigUint::from(listed), "n = {n}");
    }
}

#[test]
fn torus_engine_reproduces_oeis_a051906() {
    let rows = truth_table("known_counts_torus.tsv");
    assert_eq!(rows.len(), 34, "A051906 has 34 published terms");
    let mut checked = 0;
    for row in &rows {
        assert_eq!(
            (row.rows, row.pieces.as_slice()),
            (row.cols, &[('Q', row.rows)][..])
        );
        if OVER_BUDGET.iter().any(|&(n, _)| n == row.rows) {
            continue;
        }
        let p = torus(row.rows, row.rows, &[]);
        assert_eq!(count(&p, "torus").to_string(), row.value, "{}", row.name());
        let auto = queens::count(&p, EngineChoice::Auto, &Settings::default()).unwrap();
        assert_eq!(auto.to_string(), row.value, "{} by auto", row.name());
        checked += 1;
    }
    assert_eq!(checked, 34 - OVER_BUDGET.len());
    for (n, why) in OVER_BUDGET {
        assert!(
            rows.iter().any(|r| r.rows == *n && r.value != "0"),
            "{n}: {why} is not a non-zero row"
        );
    }
}

#[test]
fn auto_picks_the_torus_engine_for_plain_torus_queens_only() {
    let pick =
        |p: &Problem| picked(EngineChoice::Auto, p, Job::Count, &Settings::default()).unwrap();
    assert_eq!(pick(&torus(17, 17, &[])), "torus");
    assert_eq!(pick(&torus(20, 20, &[])), "torus");
    assert_eq!(pick(&torus(8, 8, &[Square::new(0, 0)])), "exact");
    assert_ne!(pick(&torus(8, 7, &[])), "torus");
    assert_eq!(pick(&common::problem("8", "8Q", "")), "nqueens");
    // Named, it refuses in one sentence what it does not count.
    let e = queens::count(
        &torus(8, 8, &[Square::new(0, 0)]),
        EngineChoice::Named(queens::EngineName::Torus),
        &Settings::default(),
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("n queens alone on an n x n torus"),
        "{e}"
    );
    let e = queens::count(
        &common::problem("8", "8Q", ""),
        EngineChoice::Named(queens::EngineName::Torus),
        &Settings::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("torus"), "{e}");
}

#[test]
fn sides_past_the_bitboards_that_hold_no_solution_are_answered_by_polya() {
    // Past 63 the engine has no masks, but Pólya's theorem (module docs) settles the
    // sides that are even or multiples of 3: 0 at once, where the general search ran on.
    for n in ["64", "99", "1000000"] {
        let o = queens(&["count", n, "--torus"]);
        assert_eq!((o.status.code(), stdout(&o).trim()), (Some(1), "0"), "{n}");
    }
    let o = queens(&["count", "64", "--torus", "--engine", "torus"]);
    assert_eq!(stdout(&o).trim(), "0");
    // A side it cannot settle is refused in one sentence.
    let o = queens(&["count", "65", "--torus", "--engine", "torus"]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "sides up to 63");
}

#[test]
fn shards_merge_to_the_whole_count_with_the_count_up_to_symmetry() {
    let p = torus(13, 13, &[]);
    let whole = count_parts(
        &p,
        EngineChoice::Named(queens::EngineName::Torus),
        &Settings::default(),
        &Parts {
            unique: true,
            ..Parts::default()
        },
    )
    .unwrap();
    assert_eq!(whole.total, BigUint::from(4524u32));
    assert_eq!(whole.unique, Some(unique(&p, "exact")));
    for k in [1u32, 2, 5] {
        let parts: Vec<_> = (1..=k)
            .map(|i| {
                let r = count_parts(
                    &p,
                    EngineChoice::Named(queens::EngineName::Torus),
                    &Settings::default(),
                    &Parts {
                        shard: Some(format!("{i}/{k}").parse().unwrap()),
                        ..Parts::default()
                    },
                )
                .unwrap();
                (format!("part {i}/{k}"), r.shard.unwrap())
            })
            .collect();
        let m = merge(&parts).unwrap();
        assert_eq!(BigUint::from(m.tally.total), whole.total, "{k} parts");
        assert_eq!(
            Some(BigUint::from(m.tally.unique)),
            whole.unique,
            "{k} parts"
        );
        assert_eq!(m.engine, "torus");
    }
}

#[test]
fn a_stopped_torus_count_resumes_from_its_checkpoint() {
    let p = torus(17, 17, &[]);
    let path = std::env::temp_dir().join(format!("queens-torus-{}.json", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let parts = Parts {
        checkpoint: Some(path.clone()),
        ..Parts::default()
    };
    let again = stop_then_resume(&p, "torus", &parts);
    assert_eq!(again.total, BigUint::from(140692u32));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_time_budget_stops_a_large_torus() {
    let budget = Settings {
        time_budget: Some(std::time::Duration::from_millis(200)),
        threads: 2,
        ..Settings::default()
    };
    let start = std::time::Instant::now();
    let r = queens::count(
        &torus(29, 29, &[]),
        EngineChoice::Named(queens::EngineName::Torus),
        &budget,
    );
    assert!(matches!(r, Err(Error::Budget { .. })), "{r:?}");
    assert!(start.elapsed().as_secs_f64() < 2.0, "{:?}", start.elapsed());
}

#[test]
fn the_command_line_counts_the_torus_with_the_torus_engine() {
    let o = queens(&["count", "13", "--torus", "-v"]);
    assert_eq!(stdout(&o), "4524\n");
    assert_contains(&stderr(&o), "torus");
    let o = queens(&["count", "12", "--torus"]);
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("0\n", Some(1)));
    let o = queens(&[
        "count", "8", "--torus", "--holes", "a1", "--engine", "torus",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "torus engine");
}

#[test]
fn progress_reaches_the_end() {
    let last = std::sync::Mutex::new((0u64, 0u64));
    let hook = |pr: queens::Progress| {
        let mut l = last.lock().unwrap();
        *l = (l.0.max(pr.done), pr.total);
    };
    let settings = Settings {
        progress: Some(&hook),
        threads: 2,
        ..Settings::default()
    };
    queens::count(
        &torus(17, 17, &[]),
        EngineChoice::Named(queens::EngineName::Torus),
        &settings,
    )
    .unwrap();
    let (done, total) = *last.lock().unwrap();
    assert!(total >= 100 && done == total, "{done} of {total}");
}

/// The plan changed (pair counts with divisor `n - 1`, then canonical solutions with
/// weights): a shard and a checkpoint the earlier plan wrote for `count 13 --torus`
/// (kept in testdata/torus_v1, made by the binary of commit 5f0fe09) are refused by
/// their fingerprint, never added to the new plan's figures.
#[test]
fn files_of_the_earlier_torus_plan_are_refused() {
    let want = truth_table("known_counts_torus.tsv")
        .into_iter()
        .find(|r| r.rows == 13 && r.cols == 13 && r.spec() == "13Q")
        .expect("the torus table has 13 queens on 13 x 13")
        .value;
    common::earlier_plan_files_are_refused(
        "torus_v1",
        "shard-13-1of2.json",
        "checkpoint-13.json",
        &["count", "13", "--torus"],
        &want,
    );
}
