//! Manifests and re-checks through the real binary: `count --manifest` (whole, shard,
//! checkpoint), `merge --manifest`, and `queens recheck` agreeing (exit 0), naming a
//! planted wrong subtotal (exit 1), refusing another plan or garbage (exit 2), and
//! drawing the same parts for the same seed; and the library's `Manifest` round trip.

use crate::common;

use std::path::{Path, PathBuf};

use common::{assert_contains, queens, stderr, stdout, stop_then_resume};
use queens::engine::parts::manifest::{Manifest, Target};
use queens::engine::{Parts, count_parts};
use queens::{EngineChoice, Problem, Settings};

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-manifest-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs `queens` and checks its exit code, showing its output when it is not `want`.
fn run(args: &[&str], want: i32) -> String {
    let o = queens(args);
    assert_eq!(
        o.status.code(),
        Some(want),
        "queens {args:?}: stdout {} stderr {}",
        stdout(&o),
        stderr(&o)
    );
    stdout(&o) + &stderr(&o)
}

/// Writes the manifest of `count ARGS` and checks that a re-check of all its parts
/// agrees; the manifest's text.
fn count_and_recheck(dir: &Path, name: &str, args: &[&str], total: &str) -> String {
    let m = dir.join(name);
    let mut all = vec!["count"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--manifest", path(&m)]);
    assert_eq!(run(&all, 0).trim(), total);
    let text = std::fs::read_to_string(&m).unwrap();
    let parts = Manifest::read(&m).unwrap().parts.len();
    let out = run(&["recheck", path(&m)], 0);
    assert_contains(
        &out,
        &format!("agree: {parts} of {parts} parts recounted match"),
    );
    text
}

#[test]
fn manifests_of_plain_torus_and_exact_counts_recheck_whole() {
    let dir = folder("kinds");
    let text = count_and_recheck(&dir, "q10.txt", &["10"], "724");
    assert_contains(&text, "\ncount 724\n");
    assert_contains(&text, "engine nqueens\n");
    assert_contains(&text, "state complete\n");
    assert_contains(&text, "source [\"10\"]\n");
    let text = count_and_recheck(&dir, "t13.txt", &["13", "--torus", "--unique"], "572");
    // With --unique the Burnside task is listed too, and the unique count.
    assert_contains(&text, "engine torus\n");
    assert_contains(&text, "\ncount 4524\nunique 572\n");
    let text = count_and_recheck(
        &dir,
        "e5.txt",
        &[
            "5", "--pieces", "2Q,C", "--piece", "C=RN", "--holes", "c3", "--engine", "exact",
        ],
        "240",
    );
    assert_contains(&text, "engine exact\n");
    assert_contains(&text, "\ncount 240\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_planted_wrong_subtotal_is_named() {
    let dir = folder("planted");
    let m = dir.join("q10.txt");
    run(&["count", "10", "--manifest", path(&m)], 0);
    let text = std::fs::read_to_string(&m).unwrap();
    // Part 6 of 10 queens' join plan has 16 solutions: make it 17.
    let line = text.lines().find(|l| l.starts_with("6 ")).unwrap();
    let words: Vec<&str> = line.split(' ').collect();
    let wrong: u128 = words[1].parse::<u128>().unwrap() + 1;
    let planted = text.replacen(
        &format!("\n{line}\n"),
        &format!("\n6 {wrong} {} {}\n", words[2], words[3]),
        1,
    );
    // A careful forger fixes the sum line too: only the recount catches it.
    let bad = dir.join("planted.txt");
    std::fs::write(&bad, planted.replacen("\nsum 724 0\n", "\nsum 725 0\n", 1)).unwrap();
    let out = run(&["recheck", path(&bad)], 1);
    assert_contains(
        &out,
        "differ: 1 of 51 parts recounted do not match the manifest",
    );
    assert_contains(
        &out,
        &format!("part 6: listed {wrong} (unique 0), recounted"),
    );
    // Only the other parts: they agree.
    run(&["recheck", path(&bad), "--part", "5", "--part", "7"], 0);
    let out = run(&["recheck", path(&bad), "--part", "6"], 1);
    assert_contains(&out, "part 6: listed");
    // A careless one leaves the sum: its parts no longer add up to it.
    let careless = dir.join("careless.txt");
    std::fs::write(&careless, &planted).unwrap();
    let out = run(&["recheck", path(&careless), "--part", "5"], 1);
    assert_contains(
        &out,
        "the listed parts add up to 725 (unique 0), but the manifest's sum is 724",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_manifest_of_another_plan_or_garbage_is_refused() {
    let dir = folder("refused");
    let m = dir.join("q10.txt");
    run(&["count", "10", "--manifest", path(&m)], 0);
    let text = std::fs::read_to_string(&m).unwrap();
    let cases = [
        // Another fingerprint (another build's task list): another plan.
        (
            {
                let line = text.lines().find(|l| l.starts_with("plan ")).unwrap();
                text.replacen(line, "plan 0123456789abcdef", 1)
            },
            "another plan",
        ),
        // Words that make another problem than the plan's.
        (
            text.replacen("source [\"10\"]", "source [\"11\"]", 1),
            "another plan",
        ),
        // Another method than the one that made the plan.
        (
            text.replacen("method join", "method backtrack", 1),
            "another plan",
        ),
        ("hello\n".to_string(), "not a queens manifest"),
        (text.replacen("\n# id", "\n", 1), "no end"),
        (
            text.replacen("\n0 ", "\n0 x ", 1),
            "is not 'id total unique seconds'",
        ),
        (text.replacen("\nparts 51\n", "\nparts 52\n", 1), "lists 51"),
        (text.clone() + "999 1 0 0.1\n", "not in its plan"),
    ];
    for (k, (bad, why)) in cases.iter().enumerate() {
        let f = dir.join(format!("bad-{k}.txt"));
        std::fs::write(&f, bad).unwrap();
        let o = queens(&["recheck", path(&f)]);
        assert_eq!(o.status.code(), Some(2), "case {k}: {}", stdout(&o));
        let e = stderr(&o);
        assert_contains(&e, why);
        assert_eq!(e.trim().lines().count(), 1, "one sentence: {e}");
        assert!(stdout(&o).is_empty(), "nothing recounted: {}", stdout(&o));
    }
    // A part the manifest does not list.
    let out = run(&["recheck", path(&m), "--part", "51"], 2);
    assert_contains(&out, "part 51 is not listed");
    // A file far larger than a manifest of its task count is not read whole.
    let big = dir.join("big.txt");
    std::fs::write(&big, text.clone() + &"0 0 0 0.0\n".repeat(10_000)).unwrap();
    let out = run(&["recheck", path(&big)], 2);
    assert_contains(&out, "the most a manifest of 51 parts can take");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn parts_drawn_with_a_seed_are_the_same_every_time() {
    let dir = folder("seed");
    let m = dir.join("q12.txt");
    run(&["count", "12", "--manifest", path(&m)], 0);
    let drawn = |seed: &str| {
        let out = run(&["recheck", path(&m), "--parts", "5", "--seed", seed], 0);
        assert_contains(&out, "agree: 5 of 5 parts recounted match");
        out.lines()
            .find(|l| l.starts_with("parts: "))
            .unwrap()
            .to_string()
    };
    let a = drawn("7");
    assert_eq!(a, drawn("7"));
    assert_ne!(a, drawn("8"), "another seed draws other parts");
    // The library draws the same.
    let ids = Manifest::read(&m).unwrap().sample(5, 7);
    let listed: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
    assert_contains(
        &a,
        &format!("parts: {} (drawn with --seed 7)", listed.join(" ")),
    );
    // More than there are: every part once.
    let out = run(&["recheck", path(&m), "--parts", "1000", "--seed", "1"], 0);
    assert_contains(&out, "agree: 67 of 67 parts recounted match");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shards_merge_into_one_manifest() {
    let dir = folder("shards");
    let mut results = Vec::new();
    for i in 1..=3 {
        let m = dir.join(format!("s{i}.txt"));
        let json = run(
            &[
                "count",
                "12",
                "--shard",
                &format!("{i}/3"),
                "--manifest",
                path(&m),
            ],
            0,
        );
        let r = dir.join(format!("s{i}.json"));
        std::fs::write(&r, json).unwrap();
        results.push(r);
        // Each shard's own manifest re-checks.
        let out = run(&["recheck", path(&m)], 0);
        assert_contains(&out, "agree:");
        assert_contains(&std::fs::read_to_string(&m).unwrap(), "scope shard ");
    }
    let merged = dir.join("all.txt");
    let mut args = vec!["merge", "--manifest", path(&merged)];
    args.extend(results.iter().map(|r| path(r)));
    assert_eq!(run(&args, 0).trim(), "14200");
    let whole = Manifest::read(&merged).unwrap();
    assert_eq!((whole.count, whole.unique), (Some(14200), Some(1787)));
    assert_eq!(whole.parts.len(), 67);
    assert_eq!(whole.sum().unwrap().total, 14200);
    run(
        &["recheck", path(&merged), "--parts", "3", "--seed", "1"],
        0,
    );
    // Shards counted without a manifest merge, but not into one.
    let plain = dir.join("plain.json");
    std::fs::write(&plain, run(&["count", "12", "--shard", "1/3"], 0)).unwrap();
    let out = run(
        &[
            "merge",
            "--manifest",
            path(&merged),
            path(&plain),
            path(&results[1]),
            path(&results[2]),
        ],
        2,
    );
    assert_contains(&out, "carries no subtotals per part");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_count_resumed_from_its_checkpoint_lists_every_part() {
    let dir = folder("checkpoint");
    let p = Problem::queens(12).unwrap();
    let (cp, m) = (dir.join("c.ckpt"), dir.join("c.txt"));
    let target = Target {
        path: m.clone(),
        source: vec!["12".into()],
    };
    let parts = Parts {
        checkpoint: Some(cp.clone()),
        manifest: Some(target.clone()),
        ..Parts::default()
    };
    let again = stop_then_resume(&p, "nqueens", &parts);
    assert_eq!(again.total, 14200u32.into());
    let listed = Manifest::read(&m).unwrap();
    assert!(listed.complete);
    assert_eq!(listed.parts, again.parts.unwrap());
    assert_eq!(listed.parts.len(), listed.plan.tasks);
    assert_eq!(listed.sum().unwrap().total, 14200);
    run(&["recheck", path(&m)], 0);
    // A checkpoint kept without the manifest cannot list the parts it finished.
    let (cp2, m2) = (dir.join("d.ckpt"), dir.join("d.txt"));
    let plain = Parts {
        checkpoint: Some(cp2.clone()),
        ..Parts::default()
    };
    stop_then_resume(&p, "nqueens", &plain);
    let late = Parts {
        manifest: Some(Target {
            path: m2.clone(),
            ..target
        }),
        ..plain
    };
    let e = count_parts(&p, EngineChoice::Auto, &Settings::default(), &late).unwrap_err();
    assert_contains(&e.to_string(), "was not kept from the start");
    assert!(!m2.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_manifest_reads_back_as_written() {
    let dir = folder("library");
    let m = dir.join("q9.txt");
    run(&["count", "11", "--manifest", path(&m)], 0);
    let read = Manifest::read(&m).unwrap();
    assert_eq!(Manifest::parse(&read.to_text(), "again").unwrap(), read);
    assert_eq!(read.to_text(), std::fs::read_to_string(&m).unwrap());
    assert_eq!(read.plan.tasks, read.parts.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The published manifests of record counts (`bench/manifests/`): each reads, is
/// complete, its parts sum to its count, and that count is the published one (the
/// truth tables); and a few parts of each are recounted by `queens recheck`, the
/// cheap ones (the costly parts of T(29) take seconds each: the 5% re-check of the
/// README is a bench, not a test).
#[test]
fn the_published_manifests_sum_to_the_published_counts_and_recheck() {
    use std::io::Read;
    let dir = folder("published");
    let bench = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/manifests");
    let plain = |n: u32| common::published(&n.to_string(), &format!("{n}Q"));
    let torus = |n: u32| {
        common::truth_table("known_counts_torus.tsv")
            .into_iter()
            .find(|r| r.rows == n)
            .unwrap()
            .value
    };
    let cases: [(&str, String, &[&str]); 5] = [
        ("q16.txt", plain(16), &["0", "1"]),
        ("q17.txt", plain(17), &["0"]),
        ("q18.txt", plain(18), &["0"]),
        ("q21.txt", plain(21), &[]),
        ("t29.txt.gz", torus(29), &["123981", "123977", "100000"]),
    ];
    for (file, want, recount) in cases {
        let bytes = std::fs::read(bench.join(file)).unwrap();
        let text = if file.ends_with(".gz") {
            let mut s = String::new();
            flate2::read::GzDecoder::new(&bytes[..])
                .read_to_string(&mut s)
                .unwrap();
            s
        } else {
            String::from_utf8(bytes).unwrap()
        };
        let m = Manifest::parse(&text, file).unwrap();
        assert!(m.complete && m.scope.is_none(), "{file}");
        assert_eq!(m.count.map(|c| c.to_string()), Some(want.clone()), "{file}");
        assert_eq!(
            m.sum().unwrap().total.to_string(),
            want,
            "{file}: parts' sum"
        );
        if recount.is_empty() {
            continue;
        }
        let local = dir.join(file.trim_end_matches(".gz"));
        std::fs::write(&local, &text).unwrap();
        let mut args = vec!["recheck", path(&local)];
        for id in recount {
            args.extend_from_slice(&["--part", id]);
        }
        let out = run(&args, 0);
        let k = recount.len();
        let parts = if k == 1 { "part" } else { "parts" };
        assert_contains(&out, &format!("agree: {k} of {k} {parts} recounted match"));
    }
}
