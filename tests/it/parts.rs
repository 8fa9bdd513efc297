//! Counts in parts for every engine that plans its work in parts (nqueens, amazons,
//! exact, fewlines): any number of shards merges to the whole count and to the count
//! up to symmetry, a stopped count resumes from its checkpoint to the exact total, and
//! a tampered, foreign, repeated or missing part is refused.

use crate::common;

use std::path::PathBuf;

use common::{
    assert_contains, kill_when_started, oracle, problem, queens, stderr, stdout, stop_then_resume,
    truth_table,
};
use num_bigint::BigUint;
use queens::engine::{Parts, ShardResult, count_parts, merge};
use queens::symmetry::count_unique_by_enumeration;
use queens::{EngineChoice, Error, Problem, Settings};

/// One problem a splitting engine counts: (engine, board, spec, fixed).
type Case = (&'static str, &'static str, &'static str, &'static str);

/// Problems per engine: square and mirror plans of amazons, mixed kinds and fixed
/// pieces for exact, the enumeration and the closed form (3 pieces) of fewlines.
const CASES: &[Case] = &[
    ("nqueens", "10", "10Q", ""),
    ("nqueens", "6x9", "6Q", ""),
    ("amazons", "12", "12A", ""),
    ("amazons", "8x11", "8A", ""),
    ("exact", "5", "N,B,R,Q,A", ""),
    ("exact", "7", "2N,R,Q", ""),
    ("exact", "6", "3N,2B,Q", "Qa1"),
    ("exact", "6", "3N,2B,Q", "Qc3"),
    ("exact", "5x6", "2K,2N,B", "Nb2"),
    ("fewlines", "25", "4Q", ""),
    ("fewlines", "7", "5Q", ""),
    ("fewlines", "5x9", "4R", ""),
    ("fewlines", "30", "3Q", ""),
];

/// The published total of a truth-table row for `board`/`spec` (no fixed pieces), if
/// the table has it.
fn published(file: &str, p: &Problem) -> Option<BigUint> {
    let b = p.board();
    truth_table(file)
        .into_iter()
        .find(|row| {
            (row.rows, row.cols) == (b.rows(), b.cols())
                && p.fixed().is_empty()
                && row.pieces.len() == p.pieces().len()
                && row
                    .pieces
                    .iter()
                    .zip(p.pieces())
                    .all(|(&(k, n), pc)| k == pc.kind.letter() && n == pc.count)
        })
        .map(|row| row.value.parse().unwrap())
}

/// The brute-force oracle's count of a small problem given as CLI text.
fn oracle_count(p: &Problem) -> u64 {
    let small = oracle::Small {
        rows: i64::from(p.board().rows()),
        cols: i64::from(p.board().cols()),
        pieces: p
            .pieces()
            .iter()
            .map(|pc| (pc.kind.letter(), pc.count))
            .collect(),
        fixed: p
            .fixed()
            .pieces()
            .iter()
            .map(|x| {
                (
                    x.kind.letter(),
                    (i64::from(x.square.file), i64::from(x.square.rank)),
                )
            })
            .collect(),
    };
    oracle::count(&small, &oracle::chess_attacks)
}

/// The expected (total, unique) of a case: the total from the truth table, else from
/// the brute-force oracle (up to 64 squares), else from the exact engine's plain count;
/// the unique count from the symmetry table, else by enumerating canonical forms (up to
/// a million solutions), else by the plain `count_unique`.
fn expected(p: &Problem) -> (BigUint, BigUint) {
    let total = published("known_counts.tsv", p).unwrap_or_else(|| {
        if p.board().squares() <= 64 {
            oracle_count(p).into()
        } else {
            queens::count(
                p,
                EngineChoice::Named(queens::EngineName::Exact),
                &Settings::default(),
            )
            .unwrap()
        }
    });
    let unique = published("known_counts_symmetry.tsv", p).unwrap_or_else(|| {
        if total <= BigUint::from(1_000_000u32) {
            count_unique_by_enumeration(
                p,
                EngineChoice::Named(queens::EngineName::Exact),
                &Settings::default(),
            )
            .unwrap()
            .into()
        } else {
            queens::count_unique(p, EngineChoice::Auto, &Settings::default()).unwrap()
        }
    });
    (total, unique)
}

fn case_problem(&(_, board, spec, fixed): &Case) -> Problem {
    problem(board, spec, fixed)
}

/// Shard `i` of `k` of `p` by `engine`, as `merge` takes it.
fn shard(p: &Problem, engine: &'static str, i: u32, k: u32) -> (String, ShardResult) {
    let parts = Parts {
        shard: Some(format!("{i}/{k}").parse().unwrap()),
        ..Parts::default()
    };
    let r = count_parts(
        p,
        EngineChoice::Named(queens::EngineName::parse(engine).unwrap()),
        &Settings::default(),
        &parts,
    )
    .unwrap();
    (format!("part {i}/{k}"), r.shard.unwrap())
}

#[test]
fn any_number_of_shards_merges_to_the_published_counts() {
    for case in CASES {
        let p = case_problem(case);
        let (total, unique) = expected(&p);
        for k in 1..=7 {
            let parts: Vec<_> = (1..=k).map(|i| shard(&p, case.0, i, k)).collect();
            let m = merge(&parts).unwrap_or_else(|e| panic!("{case:?} k={k}: {e}"));
            assert_eq!(
                (BigUint::from(m.tally.total), BigUint::from(m.tally.unique)),
                (total.clone(), unique.clone()),
                "{case:?} in {k} parts"
            );
            assert_eq!(m.engine, case.0, "{case:?}");
        }
        // The whole count in parts, with the count up to symmetry.
        let whole = count_parts(
            &p,
            EngineChoice::Named(queens::EngineName::parse(case.0).unwrap()),
            &Settings::default(),
            &Parts {
                unique: true,
                ..Parts::default()
            },
        )
        .unwrap();
        assert_eq!(
            (whole.total, whole.unique),
            (total, Some(unique)),
            "{case:?}"
        );
    }
}

#[test]
fn auto_counts_in_parts_with_the_engine_that_counts_the_problem() {
    for case in CASES {
        let p = case_problem(case);
        let r = count_parts(
            &p,
            EngineChoice::Auto,
            &Settings::default(),
            &Parts::default(),
        );
        assert_eq!(r.unwrap().total, expected(&p).0, "{case:?}");
    }
}

fn tmp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("queens-parts-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

#[test]
fn a_stopped_count_resumes_from_its_checkpoint_to_the_exact_total() {
    // Problems with enough tasks to stop in the middle.
    for case in [
        ("amazons", "13", "13A", ""),
        ("exact", "7", "2N,R,Q", ""),
        ("exact", "6", "3N,2B,Q", "Qc3"),
        ("fewlines", "25", "4Q", ""),
    ] {
        let p = case_problem(&case);
        let path = tmp(&format!("{}-resume.json", case.0));
        let parts = Parts {
            checkpoint: Some(path.clone()),
            unique: true,
            ..Parts::default()
        };
        let again = stop_then_resume(&p, case.0, &parts);
        let (total, unique) = expected(&p);
        assert_eq!(
            (again.total, again.unique),
            (total, Some(unique)),
            "{case:?}"
        );
        // The checkpoint is refused by another engine and by another problem.
        let other_engine = if case.0 == "exact" {
            "nqueens"
        } else {
            "exact"
        };
        let q = if case.0 == "exact" {
            problem("7", "7Q", "")
        } else {
            p.clone()
        };
        let o = count_parts(
            &q,
            EngineChoice::Named(queens::EngineName::parse(other_engine).unwrap()),
            &Settings::default(),
            &parts,
        );
        assert!(
            matches!(&o, Err(Error::Checkpoint { reason, .. }) if reason.contains("made by the") || reason.contains("made for")),
            "{case:?}: {o:?}"
        );
        let o = count_parts(
            &problem("6", "2N,R", ""),
            EngineChoice::Named(queens::EngineName::Exact),
            &Settings::default(),
            &parts,
        );
        assert!(
            matches!(o, Err(Error::Checkpoint { .. })),
            "{case:?}: {o:?}"
        );
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn tampered_foreign_repeated_and_missing_parts_are_refused() {
    let p = problem("7", "2N,R,Q", "");
    let s: Vec<_> = (1..=3).map(|i| shard(&p, "exact", i, 3)).collect();
    assert!(merge(&s).is_ok());
    let refused = |set: &[(String, ShardResult)], why: &str| {
        let e = merge(set).unwrap_err().to_string();
        assert!(e.contains(why), "{why}: {e}");
    };
    refused(&s[..2], "shard 3/3 is missing");
    refused(&[s[0].clone(), s[1].clone(), s[1].clone()], "given twice");
    // A part of another problem (other pieces, same board), or of another engine.
    let foreign = shard(&problem("7", "2N,R,B", ""), "exact", 2, 3);
    refused(
        &[s[0].clone(), foreign, s[2].clone()],
        "do not belong together",
    );
    let amazons = shard(&problem("7", "7A", ""), "amazons", 2, 3);
    refused(
        &[s[0].clone(), amazons, s[2].clone()],
        "do not belong together",
    );
    // Edited texts: the total, the residues, the plan.
    let json = s[1].1.to_json();
    let total = s[1].1.total;
    for (edit, why) in [
        (
            json.replace(
                &format!("\"total\":{total}"),
                &format!("\"total\":{}", total + 195),
            ),
            "altered",
        ),
        (json.replace("\"residues\":[", "\"residues\":[1"), "altered"),
        (json.replace("\"divisor\":1", "\"divisor\":2"), "altered"),
        (json.replace("\"version\":2", "\"version\":1"), "version 1"),
    ] {
        assert_ne!(edit, json);
        let e = ShardResult::parse(&edit, "edited").unwrap_err().to_string();
        assert!(e.contains(why), "{why}: {e}");
    }
    // An edit that keeps the digest (made through the library, which takes results as
    // values) but not the check values.
    let mut r = s[1].1.clone();
    r.total += 1;
    let e = merge(&[s[0].clone(), ("edited".into(), r), s[2].clone()]);
    assert!(e.is_err());
}

#[test]
fn cli_splits_merges_and_resumes_an_amazons_count() {
    let dir = tmp("cli-amazons");
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<String> = (1..=4)
        .map(|i| {
            let o = queens(&[
                "count",
                "12",
                "--pieces",
                "12A",
                "--shard",
                &format!("{i}/4"),
            ]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            let f = dir.join(format!("s{i}.json"));
            std::fs::write(&f, stdout(&o)).unwrap();
            f.display().to_string()
        })
        .collect();
    let args: Vec<&str> = ["merge"]
        .into_iter()
        .chain(files.iter().map(|s| s.as_str()))
        .collect();
    assert_eq!(stdout(&queens(&args)), "156\n");
    let mut unique = args.clone();
    unique.push("--unique");
    assert_eq!(stdout(&queens(&unique)), "22\n");
    let cp = dir.join("cp.json");
    let cp = cp.to_str().unwrap();
    let o = queens(&[
        "count",
        "12",
        "--pieces",
        "12A",
        "--checkpoint",
        cp,
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (v["total"].as_u64(), v["unique"].as_u64()),
        (Some(156), Some(22))
    );
    assert_eq!(v["method"], "amazons");
    // Resumed from the finished checkpoint; a named method that is not the engine's is
    // refused in one sentence.
    let o = queens(&["count", "12", "--pieces", "12A", "--checkpoint", cp]);
    assert_eq!(stdout(&o), "156\n");
    let o = queens(&["count", "12", "--pieces", "12A", "--method", "join"]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "own method");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_amazons_count_resumes_to_the_exact_total() {
    let cp = tmp("kill-amazons.json");
    let cp_arg = cp.to_str().unwrap();
    let whole = stdout(&queens(&["count", "18", "--pieces", "18A"]));
    let total: u64 = whole.trim().parse().unwrap();
    let args = [
        "count",
        "18",
        "--pieces",
        "18A",
        "--threads",
        "1",
        "--checkpoint",
        cp_arg,
    ];
    assert!(
        kill_when_started(&args, &cp, total),
        "the checkpoint held a partial count when the run was killed"
    );
    let o = queens(&[
        "count",
        "18",
        "--pieces",
        "18A",
        "--checkpoint",
        cp_arg,
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["total"].as_u64(), Some(total));
    let resumed = v["resumed_tasks"].as_u64().unwrap();
    assert!(resumed > 0 && resumed < v["tasks"].as_u64().unwrap(), "{v}");
    std::fs::remove_file(&cp).unwrap();
}

#[test]
fn every_counting_engine_reports_progress_to_the_end() {
    // The closed forms (rooks, diagonals) answer in microseconds and report nothing.
    for (engine, board, spec) in [
        ("nqueens", "12", "12Q"),
        ("amazons", "12", "12A"),
        ("exact", "7", "2N,R,Q"),
        ("fewlines", "25", "4Q"),
        ("kingblocks", "8", "16K"),
        ("transfer", "8", "8K"),
    ] {
        let p = problem(board, spec, "");
        let last = std::sync::Mutex::new((0u64, 0u64));
        let hook = |pr: queens::Progress| {
            let mut l = last.lock().unwrap();
            *l = (l.0.max(pr.done), pr.total);
        };
        let settings = Settings {
            progress: Some(&hook),
            ..Settings::default()
        };
        queens::count(
            &p,
            EngineChoice::Named(queens::EngineName::parse(engine).unwrap()),
            &settings,
        )
        .unwrap();
        let (done, total) = *last.lock().unwrap();
        assert!(total > 0 && done == total, "{engine}: {done} of {total}");
        if ["nqueens", "amazons", "exact", "fewlines"].contains(&engine) {
            *last.lock().unwrap() = (0, 0);
            count_parts(
                &p,
                EngineChoice::Named(queens::EngineName::parse(engine).unwrap()),
                &settings,
                &Parts::default(),
            )
            .unwrap();
            let (done, total) = *last.lock().unwrap();
            assert!(
                total > 0 && done == total,
                "{engine} in parts: {done} of {total}"
            );
        }
    }
}
