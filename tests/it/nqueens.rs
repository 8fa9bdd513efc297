//! The dedicated N-queens counter (`nqueens` engine, `count` flags, `merge`): its
//! totals and unique counts against the published tables, against the general exact
//! engine, and the checkpoint, shard and merge machinery through the real binary.

use crate::common;

use std::path::PathBuf;

use common::{assert_contains, kill_when_started, problem, queens, stderr, stdout, truth_table};
use queens::engine::{Method, Parts, ShardResult, count_parts, picked};
use queens::{EngineChoice, Job, Problem, Settings};

fn code(args: &[&str]) -> i32 {
    queens(args).status.code().expect("exited normally")
}

/// A fresh path in the temp directory, unique to this test process.
fn tmp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("queens-nqtest-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// `min(rows, cols)` queens on `rows x cols`, nothing fixed.
fn plain(rows: u32, cols: u32) -> Problem {
    problem(
        &format!("{rows}x{cols}"),
        &format!("{}Q", rows.min(cols)),
        "",
    )
}

fn on_threads(threads: usize) -> Settings<'static> {
    Settings {
        threads,
        ..Settings::default()
    }
}

/// The nqueens engine's count of `rows x cols` by `method` on `threads` threads: the
/// total, and the count up to symmetry when asked for.
fn by_method(
    rows: u32,
    cols: u32,
    method: Method,
    unique: bool,
    threads: usize,
) -> (u128, Option<u128>) {
    let parts = Parts {
        method: Some(method),
        unique,
        ..Parts::default()
    };
    let r = count_parts(
        &plain(rows, cols),
        EngineChoice::Named(queens::EngineName::NQueens),
        &on_threads(threads),
        &parts,
    )
    .unwrap();
    assert_eq!(r.method, method);
    (
        u128::try_from(&r.total).unwrap(),
        r.unique.map(|u| u128::try_from(&u).unwrap()),
    )
}

/// The backtracking search's count, which gives the total and the count up to symmetry
/// together.
fn backtrack(rows: u32, cols: u32) -> (u128, u128) {
    let (total, unique) = by_method(rows, cols, Method::Backtrack, true, 0);
    (total, unique.unwrap())
}

/// The nqueens engine's total, by its fastest method.
fn total(rows: u32, cols: u32, threads: usize) -> u128 {
    let n = queens::count(
        &plain(rows, cols),
        EngineChoice::Named(queens::EngineName::NQueens),
        &on_threads(threads),
    )
    .unwrap();
    u128::try_from(&n).unwrap()
}

/// Plain-queens rows of a truth table: (rows, cols, published value).
fn plain_rows(file: &str) -> Vec<(u32, u32, u128)> {
    truth_table(file)
        .into_iter()
        .filter(|r| r.pieces.len() == 1 && r.pieces[0] == ('Q', r.rows.min(r.cols)))
        .map(|r| (r.rows, r.cols, r.value.parse().unwrap()))
        .collect()
}

#[test]
fn totals_match_a000170_up_to_15_and_a269133_rectangles() {
    let rows = plain_rows("known_counts.tsv");
    let mut squares = 0;
    let mut rectangles = 0;
    for (r, c, want) in rows {
        if r == c && r > 15 {
            continue; // the join alone checks 16..18 below; more is past the budget
        }
        assert_eq!(backtrack(r, c).0, want, "{r}x{c}");
        if r == c {
            // The half-board join gives the same totals, on one thread and on three.
            assert_eq!(by_method(r, r, Method::Join, false, 1).0, want, "join {r}");
            assert_eq!(total(r, r, 3), want, "{r}");
            squares += 1;
        } else {
            // The transposed board has the same solutions.
            assert_eq!(backtrack(c, r).0, want);
            rectangles += 1;
        }
    }
    assert_eq!(squares, 15, "rows 1..15 of A000170 are in the table");
    assert!(rectangles >= 30, "the A269133 rows are in the table");
}

#[test]
fn unique_counts_match_a002562_up_to_14() {
    let mut seen = 0;
    for (r, c, want) in plain_rows("known_counts_symmetry.tsv") {
        if r != c || r > 14 {
            continue;
        }
        assert_eq!(backtrack(r, c).1, want, "{r}x{r}");
        // The join's, from the total by Burnside's lemma.
        assert_eq!(
            by_method(r, c, Method::Join, true, 0).1,
            Some(want),
            "{r}x{r} by the join"
        );
        seen += 1;
    }
    assert_eq!(seen, 14);
}

#[test]
fn agrees_with_the_exact_engine() {
    let mut boards: Vec<String> = (1..=11).map(|n| n.to_string()).collect();
    boards.extend(["2x5", "3x7", "4x6", "5x8", "6x4", "7x9", "8x5", "9x10"].map(String::from));
    for b in boards {
        let board: queens::Board = b.parse().unwrap();
        let spec = format!("{}Q", board.rows().min(board.cols()));
        let p = problem(&b, &spec, "");
        let ctl = Settings::default();
        let exact =
            queens::count(&p, EngineChoice::Named(queens::EngineName::Exact), &ctl).unwrap();
        let ours =
            queens::count(&p, EngineChoice::Named(queens::EngineName::NQueens), &ctl).unwrap();
        assert_eq!(ours, exact, "{b}");
        // auto picks the dedicated counter for plain queens
        let auto = picked(EngineChoice::Auto, &p, Job::Count, &ctl).unwrap();
        assert_eq!(auto, "nqueens");
    }
    // ... and never for anything else.
    for (b, spec, fixed) in [("8", "8Q", "Qa1"), ("8", "7Q", ""), ("6", "6R", "")] {
        let p = problem(b, spec, fixed);
        let ctl = Settings::default();
        assert!(queens::count(&p, EngineChoice::Named(queens::EngineName::NQueens), &ctl).is_err());
        let auto = picked(EngineChoice::Auto, &p, Job::Count, &ctl).unwrap();
        assert_ne!(auto, "nqueens");
    }
}

#[test]
fn cli_prints_total_unique_and_json() {
    assert_eq!(stdout(&queens(&["count", "10"])), "724\n");
    assert_eq!(stdout(&queens(&["count", "10", "--unique"])), "92\n");
    let o = queens(&["count", "11", "--json", "--threads", "2"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["total"], 2680);
    assert_eq!(v["unique"], 341);
    assert_eq!(v["n"], 11);
    assert_eq!(v["threads"], 2);
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    assert_eq!(stdout(&queens(&["count", "3", "--unique"])), "0\n");
    assert_eq!(code(&["count", "3", "--unique"]), 1);
    // 7 queens on 7x9 and on 9x7 alike (A269133 has no 7x9 row; the exact engine agrees
    // in `agrees_with_the_exact_engine`).
    assert_eq!(
        stdout(&queens(&["count", "9x7"])),
        stdout(&queens(&["count", "7x9"]))
    );
}

#[test]
fn counter_flags_need_an_engine_that_counts_in_parts() {
    // `--unique` has a general path (Burnside) beside the counter's: 6 rooks on 6x6 up
    // to symmetry are the 115 classes of 6x6 permutation matrices (OEIS A000903).
    assert_eq!(
        stdout(&queens(&["count", "6", "--pieces", "6R", "--unique"])),
        "115\n"
    );
    assert_eq!(
        stdout(&queens(&["count", "8", "--engine", "exact", "--unique"])),
        "12\n"
    );
    for extra in [
        vec!["--json"],
        vec!["--shard", "1/2"],
        vec!["--checkpoint", "/nonexistent/x"],
    ] {
        // `auto` names the most general engine that counts in parts and why it
        // refuses; a named engine that does not count in parts says so.
        for (base, why) in [
            (
                vec!["count", "100", "--pieces", "3K"],
                "too large for the exact engine",
            ),
            (
                vec!["count", "6", "--pieces", "6R", "--engine", "rooks"],
                "the rooks engine does not run `count in parts`",
            ),
        ] {
            let args: Vec<&str> = base.iter().chain(extra.iter()).copied().collect();
            let o = queens(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            assert!(stderr(&o).contains(why), "{args:?}: {}", stderr(&o));
            assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
        }
    }
    for bad in ["0/3", "4/3", "x", "1/0", "1-3"] {
        let o = queens(&["count", "8", "--shard", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(stderr(&o).contains("shard"), "{bad}");
    }
}

#[test]
fn killed_run_resumes_to_the_exact_total() {
    let cp = tmp("kill.json");
    let cp_arg = cp.to_str().unwrap();
    let args = [
        "count",
        "15",
        "--threads",
        "1",
        "--method",
        "backtrack",
        "--checkpoint",
        cp_arg,
    ];
    let partial = kill_when_started(&args, &cp, 2_279_184);
    assert!(
        partial,
        "the checkpoint held a partial count when the run was killed"
    );
    let o = queens(&["count", "15", "--checkpoint", cp_arg, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["total"], 2_279_184);
    assert_eq!(v["unique"], 285_053);
    let resumed = v["resumed_tasks"].as_u64().unwrap();
    assert!(resumed > 0 && resumed < v["tasks"].as_u64().unwrap(), "{v}");
    // The finished checkpoint gives the answer again, at once.
    assert_eq!(
        stdout(&queens(&["count", "15", "--checkpoint", cp_arg])),
        "2279184\n"
    );
    // ... but not for another problem or another shard.
    for other in [
        vec!["count", "14", "--checkpoint", cp_arg],
        vec!["count", "15", "--checkpoint", cp_arg, "--shard", "1/2"],
    ] {
        let o = queens(&other);
        assert_eq!(o.status.code(), Some(2), "{other:?}");
        assert_contains(&stderr(&o), "checkpoint");
    }
    std::fs::remove_file(&cp).unwrap();
}

#[test]
fn join_totals_16_to_18_match_a000170() {
    // The join's longer pair lists (the sorted sieve, from about n = 16 on) only occur
    // past the totals above; n = 18 takes a few seconds.
    let mut checked = 0;
    for (r, c, want) in plain_rows("known_counts.tsv") {
        if r == c && (16..=18).contains(&r) {
            assert_eq!(total(r, r, 0), want, "{r}");
            checked += 1;
        }
    }
    assert_eq!(checked, 3, "rows 16..18 of A000170 are in the table");
}

#[test]
fn killed_join_run_resumes_and_other_methods_are_refused() {
    let cp = tmp("kill-join.json");
    let cp_arg = cp.to_str().unwrap();
    let args = ["count", "17", "--threads", "1", "--checkpoint", cp_arg];
    assert!(kill_when_started(&args, &cp, 95_815_104));
    assert!(
        std::fs::read_to_string(&cp)
            .unwrap()
            .contains("\"method\":\"join\"")
    );
    // The backtracking search does not mix with the join's checkpoint.
    let o = queens(&[
        "count",
        "17",
        "--checkpoint",
        cp_arg,
        "--method",
        "backtrack",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(
        &stderr(&o),
        "made by the join counter, not the backtrack counter",
    );
    // JSON (with the unique count, by Burnside) resumes it.
    let o = queens(&["count", "17", "--checkpoint", cp_arg, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["total"], 95_815_104);
    assert_eq!(v["unique"], 11_977_939);
    assert_eq!(v["method"], "join");
    let resumed = v["resumed_tasks"].as_u64().unwrap();
    assert!(resumed > 0 && resumed < v["tasks"].as_u64().unwrap(), "{v}");
    assert_eq!(
        stdout(&queens(&["count", "17", "--checkpoint", cp_arg])),
        "95815104\n"
    );
    assert_eq!(
        stdout(&queens(&[
            "count",
            "17",
            "--checkpoint",
            cp_arg,
            "--unique"
        ])),
        "11977939\n"
    );
    std::fs::remove_file(&cp).unwrap();
    // ... and the other way round: a backtracking checkpoint refuses the join.
    assert_eq!(
        stdout(&queens(&[
            "count",
            "9",
            "--checkpoint",
            cp_arg,
            "--method",
            "backtrack",
            "--unique"
        ])),
        "46\n"
    );
    let o = queens(&["count", "9", "--checkpoint", cp_arg, "--method", "join"]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(
        &stderr(&o),
        "made by the backtrack counter, not the join counter",
    );
    // Without --method it resumes with the checkpoint's own method.
    assert_eq!(
        stdout(&queens(&["count", "9", "--checkpoint", cp_arg])),
        "352\n"
    );
    std::fs::remove_file(&cp).unwrap();
    assert_eq!(
        stdout(&queens(&["count", "9", "--method", "join", "--unique"])),
        "46\n"
    );
    let o = queens(&["count", "7x9", "--method", "join"]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "square");
    let o = queens(&["count", "9", "--method", "fast"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown counting method"));
}

#[test]
fn damaged_checkpoints_are_refused() {
    let cp = tmp("damaged.json");
    let cp_arg = cp.to_str().unwrap();
    assert_eq!(
        stdout(&queens(&["count", "9", "--checkpoint", cp_arg])),
        "352\n"
    );
    let good = std::fs::read_to_string(&cp).unwrap();
    let damaged = [
        "not json at all".to_string(),
        good[..good.len() / 2].to_string(),
        good.replace("352", "353"),
        good.replace("queens-nqueens-checkpoint", "something-else"),
        format!("{good}0 1 0 0123456789abcdef\n"),
        format!("{good}garbage\n"),
    ];
    for text in damaged {
        std::fs::write(&cp, &text).unwrap();
        let o = queens(&["count", "9", "--checkpoint", cp_arg]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        assert!(stdout(&o).is_empty());
        assert_contains(&stderr(&o), cp_arg);
    }
    std::fs::remove_file(&cp).unwrap();
}

/// Runs shard `i` of `k` of `count board`, saving its result; returns the path.
fn shard(board: &str, i: u32, k: u32) -> PathBuf {
    shard_by(board, i, k, "auto")
}

/// [`shard`] by `method` (`auto` for the default).
fn shard_by(board: &str, i: u32, k: u32, method: &str) -> PathBuf {
    let part = format!("{i}/{k}");
    let mut args = vec!["count", board, "--shard", &part];
    if method != "auto" {
        args.extend(["--method", method]);
    }
    let o = queens(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(
        v["check"].as_str().is_some_and(|c| !c.is_empty()),
        "a shard result carries its check digest: {v}"
    );
    let path = tmp(&format!("shard-{board}-{i}-of-{k}-{method}.json"));
    std::fs::write(&path, stdout(&o)).unwrap();
    path
}

fn merge(paths: &[&PathBuf], extra: &[&str]) -> std::process::Output {
    let mut args = vec!["merge"];
    args.extend(paths.iter().map(|p| p.to_str().unwrap()));
    args.extend(extra);
    queens(&args)
}

#[test]
fn shards_merge_to_the_total() {
    for k in 1..=7 {
        // The default for a square is the join; the merge derives the unique count.
        let parts: Vec<PathBuf> = (1..=k).map(|i| shard("14", i, k)).collect();
        let refs: Vec<&PathBuf> = parts.iter().rev().collect();
        assert_eq!(stdout(&merge(&refs, &[])), "365596\n", "k={k}");
        let v: serde_json::Value =
            serde_json::from_str(&stdout(&merge(&refs, &["--json"]))).unwrap();
        assert_eq!(
            (v["total"].as_u64(), v["method"].as_str()),
            (Some(365596), Some("join"))
        );
        assert_eq!(v["unique"], 45752);
        assert_eq!(stdout(&merge(&refs, &["--unique"])), "45752\n", "k={k}");
        for p in parts {
            std::fs::remove_file(p).unwrap();
        }
        let parts: Vec<PathBuf> = (1..=k).map(|i| shard_by("12", i, k, "backtrack")).collect();
        let refs: Vec<&PathBuf> = parts.iter().rev().collect();
        assert_eq!(stdout(&merge(&refs, &[])), "14200\n", "k={k}");
        assert_eq!(stdout(&merge(&refs, &["--unique"])), "1787\n", "k={k}");
        let json = stdout(&merge(&refs, &["--json"]));
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(
            (v["total"].as_u64(), v["unique"].as_u64()),
            (Some(14200), Some(1787))
        );
        for p in parts {
            std::fs::remove_file(p).unwrap();
        }
    }
    // A rectangle, given either way round, splits and merges the same.
    let a = shard("7x9", 1, 2);
    let b = shard("9x7", 2, 2);
    let all = backtrack(7, 9).0;
    assert_eq!(stdout(&merge(&[&a, &b], &[])), format!("{all}\n"));
}

#[test]
fn bad_shard_sets_are_refused() {
    let s: Vec<PathBuf> = (1..=3).map(|i| shard("11", i, 3)).collect();
    let foreign = shard("10", 2, 3);
    let other_k = shard("11", 3, 4);
    let other_method = shard_by("11", 2, 3, "backtrack");
    let garbage = tmp("garbage.json");
    std::fs::write(&garbage, "{\"total\": 5}").unwrap();
    let missing_file = tmp("no-such-file.json");
    // A join part whose total was edited: its check digest no longer matches.
    let altered = tmp("altered.json");
    let text = std::fs::read_to_string(&s[1]).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let total = v["total"].as_u64().unwrap();
    let edited = text.replace(
        &format!("\"total\":{total}"),
        &format!("\"total\":{}", total + 1),
    );
    assert_ne!(edited, text);
    std::fs::write(&altered, &edited).unwrap();
    // ... and without its check digest: refused as from an older version.
    let unchecked = tmp("unchecked.json");
    let mut stripped: serde_json::Value = serde_json::from_str(&edited).unwrap();
    stripped.as_object_mut().unwrap().remove("check");
    std::fs::write(&unchecked, stripped.to_string()).unwrap();
    let cases: Vec<(Vec<&PathBuf>, &str)> = vec![
        (vec![&s[0], &s[1]], "missing"),
        (vec![&s[0], &s[1], &s[2], &s[1]], "twice"),
        (vec![&s[0], &foreign, &s[2]], "do not belong together"),
        (vec![&s[0], &s[1], &other_k], "split the work differently"),
        (
            vec![&s[0], &other_method, &s[2]],
            "counted by the backtrack counter but",
        ),
        (
            vec![&s[0], &s[1], &s[2], &garbage],
            "not a queens shard result",
        ),
        (vec![&s[0], &s[1], &s[2], &missing_file], "cannot read"),
        (
            vec![&s[0], &altered, &s[2]],
            "was altered: its counts no longer match its check value",
        ),
        (vec![&s[0], &unchecked, &s[2]], "has no check value"),
    ];
    for (set, why) in cases {
        let o = merge(&set, &[]);
        assert_eq!(o.status.code(), Some(2), "{why}");
        assert!(stdout(&o).is_empty());
        assert!(stderr(&o).contains(why), "{why}: {}", stderr(&o));
    }
    assert_eq!(stdout(&merge(&[&s[2], &s[0], &s[1]], &[])), "2680\n");
    // An edited total that keeps its digest valid (through the library, which takes
    // results as values): the sum is no N-queens total (Burnside).
    let mut parts: Vec<(String, ShardResult)> = s
        .iter()
        .map(|p| {
            let name = p.display().to_string();
            let text = std::fs::read_to_string(p).unwrap();
            let r = ShardResult::parse(&text, &name).unwrap();
            (name, r)
        })
        .collect();
    assert_eq!(queens::engine::merge(&parts).unwrap().tally.total, 2680);
    parts[1].1.total += 1;
    let err = queens::engine::merge(&parts).unwrap_err().to_string();
    assert!(err.contains("a result was altered"), "{err}");
    assert_eq!(backtrack(11, 11), (2680, 341));
}

/// Runs `queens` with its calibration folder set to `dir` and a small calibration
/// workload (sides 10 and 11: milliseconds).
fn queens_tuned(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .env("QUEENS_CACHE_DIR", dir)
        .env("QUEENS_TUNE_WORKLOAD", "10:0,11:0")
        .output()
        .expect("the queens binary runs")
}

/// Issue 42: the join's sieve tuning, by hand (`count --tuning`) or saved by `queens
/// tune`, never changes a count; a bad setting is named; a calibration saved on another
/// processor is passed over.
#[test]
fn sieve_tuning_never_changes_a_count_and_a_bad_setting_is_named() {
    let dir = tmp("tuning");
    std::fs::create_dir_all(&dir).unwrap();
    for n in ["14", "15", "16"] {
        let want = stdout(&queens(&["count", n]));
        for tuning in [
            "kernel=portable",
            "width=8,row-cost=1,sort-blocks=1",
            "width=10,row-cost=16,sort-blocks=1000",
        ] {
            let o = queens_tuned(&dir, &["count", n, "--tuning", tuning]);
            assert_eq!(stdout(&o), want, "count {n} --tuning {tuning}");
        }
    }
    let bad = queens_tuned(&dir, &["count", "12", "--tuning", "width=7"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_contains(
        &stderr(&bad),
        "--tuning: width takes a whole number from 8 to 10",
    );
    let bad = queens_tuned(&dir, &["count", "12", "--tuning", "kernel=neon"]);
    assert_contains(&stderr(&bad), "unknown sieve kernel 'neon'");

    // Nothing saved: the processor's rule. Then a calibration is saved and used.
    let show = queens_tuned(&dir, &["tune", "--show"]);
    assert_contains(&stderr(&show), "the rule for this processor");
    let tuned = queens_tuned(&dir, &["tune", "--repeats", "1"]);
    assert_eq!(tuned.status.code(), Some(0), "{}", stderr(&tuned));
    let chosen = stdout(&tuned);
    assert!(chosen.starts_with("kernel="), "{chosen}");
    let show = queens_tuned(&dir, &["tune", "--show"]);
    assert_eq!(stdout(&show), chosen);
    assert_contains(&stderr(&show), "saved by `queens tune`");
    assert_eq!(stdout(&queens_tuned(&dir, &["count", "13"])), "73712\n");

    // A file from another processor (a home shared across a cluster) is not this one's.
    let file = dir.join("sieve-tuning.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let other: String = text
        .lines()
        .map(|l| match l.strip_prefix("machine ") {
            Some(_) => "machine Some Other CPU / queens 0.0.0".to_string(),
            None => l.to_string(),
        })
        .map(|l| l + "\n")
        .collect();
    std::fs::write(&file, other).unwrap();
    let show = queens_tuned(&dir, &["tune", "--show"]);
    assert_contains(&stderr(&show), "the rule for this processor");
    let _ = std::fs::remove_dir_all(&dir);
}
