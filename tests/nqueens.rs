//! The dedicated N-queens counter (`nqueens` engine, `count` flags, `merge`): its
//! totals and unique counts against the published tables, against the general exact
//! engine, and the checkpoint, shard and merge machinery through the real binary.

mod common;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{problem, queens, stderr, stdout, truth_table};
use queens::engine::nqueens::{self, Method, Plan, Tally, resume};
use queens::{Control, EngineChoice};

fn code(args: &[&str]) -> i32 {
    queens(args).status.code().expect("exited normally")
}

/// A fresh path in the temp directory, unique to this test process.
fn tmp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("queens-nqtest-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
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
        let got = nqueens::count(r, c, &Control::default()).unwrap();
        assert_eq!(got.total, want, "{r}x{c}");
        if r == c {
            // The half-board join gives the same totals, on one thread and on three.
            assert_eq!(Plan::join(r).unwrap().run_all().total, want, "join {r}");
            let three = Control {
                threads: 3,
                ..Control::default()
            };
            assert_eq!(nqueens::count_total(r, r, &three).unwrap(), want, "{r}");
            squares += 1;
        } else {
            // The transposed board has the same solutions.
            assert_eq!(
                nqueens::count(c, r, &Control::default()).unwrap().total,
                want
            );
            rectangles += 1;
        }
    }
    assert_eq!(squares, 15, "rows 1..15 of A000170 are in the table");
    assert!(rectangles >= 30, "the A269133 rows are in the table");
}

#[test]
fn join_agrees_with_the_backtracker_task_by_task_sums() {
    for n in 1..=12u32 {
        let join = Plan::join(n).unwrap();
        let back = Plan::new(n, n).unwrap();
        assert_eq!(
            (join.method(), back.method()),
            (Method::Join, Method::Backtrack)
        );
        assert_eq!(join.run_all().total, back.run_all().total, "n={n}");
        assert_eq!(
            join.run_all().unique,
            0,
            "the join leaves the unique count out"
        );
        assert_ne!(join.fingerprint(), back.fingerprint());
        assert_eq!(join.fingerprint(), Plan::join(n).unwrap().fingerprint());
    }
    assert_eq!(Plan::total_method(16, 16), Method::Join);
    assert_eq!(Plan::total_method(22, 22), Method::Backtrack);
    assert_eq!(Plan::total_method(8, 9), Method::Backtrack);
    assert!(Plan::with_method(8, 9, Method::Join).is_err());
}

#[test]
fn unique_counts_match_a002562_up_to_14() {
    let mut seen = 0;
    for (r, c, want) in plain_rows("known_counts_symmetry.tsv") {
        if r != c || r > 14 {
            continue;
        }
        assert_eq!(
            nqueens::count(r, c, &Control::default()).unwrap().unique,
            want,
            "{r}x{r}"
        );
        // The join's, from the total by Burnside's lemma.
        let join = Plan::join(r).unwrap();
        let opts = resume::Options {
            unique: true,
            ..resume::Options::default()
        };
        let report = resume::run(&join, &opts, &Control::default());
        assert_eq!(report.unwrap().tally.unique, want, "{r}x{r} by the join");
        seen += 1;
    }
    assert_eq!(seen, 14);
}

#[test]
fn burnside_gives_a002562_from_a000170_up_to_19() {
    // The rotation-symmetric solutions (`symmetric::fixed_by`) at sizes the join
    // counts by hand only: the published totals and unique counts must agree.
    let totals = plain_rows("known_counts.tsv");
    let mut seen = 0;
    for (r, c, want) in plain_rows("known_counts_symmetry.tsv") {
        if r != c || !(15..=19).contains(&r) {
            continue;
        }
        let total = totals.iter().find(|t| (t.0, t.1) == (r, c)).unwrap().2;
        let got = nqueens::symmetric::unique_from_total(r as usize, total);
        assert_eq!(got, Some(want), "{r}x{r}");
        assert_eq!(
            nqueens::symmetric::unique_from_total(r as usize, total + 8),
            Some(want + 1)
        );
        seen += 1;
    }
    assert_eq!(seen, 5);
}

#[test]
fn agrees_with_the_exact_engine() {
    let mut boards: Vec<String> = (1..=11).map(|n| n.to_string()).collect();
    boards.extend(["2x5", "3x7", "4x6", "5x8", "6x4", "7x9", "8x5", "9x10"].map(String::from));
    for b in boards {
        let board: queens::Board = b.parse().unwrap();
        let spec = format!("{}Q", board.rows().min(board.cols()));
        let p = problem(&b, &spec, "");
        let ctl = Control::default();
        let exact = queens::count(&p, EngineChoice::Named("exact"), &ctl).unwrap();
        let ours = queens::count(&p, EngineChoice::Named("nqueens"), &ctl).unwrap();
        assert_eq!(ours, exact, "{b}");
        // auto picks the dedicated counter for plain queens
        let auto = queens::engine::select(EngineChoice::Auto, &p, queens::Job::Count).unwrap();
        assert_eq!(auto.name(), "nqueens");
    }
    // ... and never for anything else.
    for (b, spec, fixed) in [("8", "8Q", "Qa1"), ("8", "7Q", ""), ("6", "6R", "")] {
        let p = problem(b, spec, fixed);
        assert!(queens::count(&p, EngineChoice::Named("nqueens"), &Control::default()).is_err());
        let auto = queens::engine::select(EngineChoice::Auto, &p, queens::Job::Count).unwrap();
        assert_ne!(auto.name(), "nqueens");
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
fn counter_flags_need_plain_queens() {
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
        for base in [
            vec!["count", "6", "--pieces", "6R"],
            vec!["count", "8", "--fixed", "Qa1"],
            vec!["count", "8", "--engine", "exact"],
        ] {
            let args: Vec<&str> = base.iter().chain(extra.iter()).copied().collect();
            let o = queens(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            assert!(
                stderr(&o).contains("plain N-queens"),
                "{args:?}: {}",
                stderr(&o)
            );
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
        assert!(stderr(&o).contains("checkpoint"), "{}", stderr(&o));
    }
    std::fs::remove_file(&cp).unwrap();
}

/// Starts `args` and kills it (-9) as soon as the checkpoint `cp` holds some finished
/// work; returns whether the count in it was then below `total`.
fn kill_when_started(args: &[&str], cp: &std::path::Path, total: u64) -> bool {
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let mut partial = false;
    while start.elapsed() < Duration::from_secs(60) {
        let text = std::fs::read_to_string(cp).unwrap_or_default();
        let head: Option<serde_json::Value> = text
            .lines()
            .next()
            .and_then(|l| serde_json::from_str(l).ok());
        if let Some(v) = head
            && (text.lines().count() > 1 || v["total"].as_u64().unwrap_or(0) > 0)
        {
            child.kill().unwrap();
            partial = v["total"].as_u64().unwrap() < total;
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    child.wait().unwrap();
    partial
}

#[test]
fn join_totals_16_to_18_match_a000170() {
    // The join's longer pair lists (the sorted sieve, from about n = 16 on) only occur
    // past the totals above; n = 18 takes a few seconds.
    let mut checked = 0;
    for (r, c, want) in plain_rows("known_counts.tsv") {
        if r == c && (16..=18).contains(&r) {
            assert_eq!(
                nqueens::count_total(r, r, &Control::default()).unwrap(),
                want,
                "{r}"
            );
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
    assert!(
        stderr(&o).contains("made by the join counter, not the backtrack counter"),
        "{}",
        stderr(&o)
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
    assert!(
        stderr(&o).contains("made by the backtrack counter, not the join counter"),
        "{}",
        stderr(&o)
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
    assert!(stderr(&o).contains("square"), "{}", stderr(&o));
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
        assert!(stderr(&o).contains(cp_arg), "{}", stderr(&o));
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
    let all = nqueens::count(7, 9, &Control::default()).unwrap();
    assert_eq!(stdout(&merge(&[&a, &b], &[])), format!("{}\n", all.total));
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
    // A join part whose total was edited: the sum is no N-queens total (Burnside).
    let altered = tmp("altered.json");
    let text = std::fs::read_to_string(&s[1]).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let total = v["total"].as_u64().unwrap();
    let edited = text.replace(
        &format!("\"total\":{total}"),
        &format!("\"total\":{}", total + 1),
    );
    assert_ne!(edited, text);
    std::fs::write(&altered, edited).unwrap();
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
        (vec![&s[0], &altered, &s[2]], "a result was altered"),
    ];
    for (set, why) in cases {
        let o = merge(&set, &[]);
        assert_eq!(o.status.code(), Some(2), "{why}");
        assert!(stdout(&o).is_empty());
        assert!(stderr(&o).contains(why), "{why}: {}", stderr(&o));
    }
    assert_eq!(stdout(&merge(&[&s[2], &s[0], &s[1]], &[])), "2680\n");
    let expected = Tally {
        total: 2680,
        unique: 341,
    };
    assert_eq!(
        nqueens::count(11, 11, &Control::default()).unwrap(),
        expected
    );
}
