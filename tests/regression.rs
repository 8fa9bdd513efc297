//! Regression tests: one per bug found, named after it (ripgrep's tests/regression.rs).
#[path = "it/common/mod.rs"]
mod common;
#[path = "it/rendered.rs"]
mod rendered;

use common::assert_contains;

use std::process::{Command, Output};
fn queens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .output()
        .expect("the queens binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The exit code, with both streams in the message when it is not `want`.
fn code(o: &Output, want: i32) {
    assert_eq!(
        o.status.code(),
        Some(want),
        "stdout: {}\nstderr: {}",
        stdout(o),
        stderr(o)
    );
}

/// Runs the command line `line` (its words split at spaces), which must end on its
/// budget (exit 3) within `secs` seconds; returns what it wrote to stderr (stdout is
/// not kept: a job that ended with its answer wrote 168 MB, and the memory this
/// process then held counted in the peak of the children measured beside it).
fn ends_on_its_budget_within(secs: f64, line: &str) -> Output {
    let args: Vec<&str> = line.split_whitespace().collect();
    let start = std::time::Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(&args)
        .stdout(std::process::Stdio::null())
        .output()
        .expect("the queens binary runs");
    let took = start.elapsed().as_secs_f64();
    code(&o, 3);
    assert!(took < secs, "queens {line}: took {took:.2} s");
    o
}

/// Writes `contents` to a file under the temp dir, named after this process and `name`
/// (so that parallel runs do not clash), and returns its path.
fn temp_file(name: &str, contents: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("queens-regression-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("the temp dir is writable");
    path.to_str().expect("a UTF-8 temp path").to_string()
}

#[test]
fn pieces_unknown_name_says_unknown_piece_name() {
    let o = queens(&["pieces", "zzz"]);
    code(&o, 2);
    let e = stderr(&o);
    assert!(e.contains("unknown piece name zzz"), "{e}");
    assert!(!e.contains("X="), "{e}");
    // A refused piece is named as typed too, not as a definition `X=...`.
    let o = queens(&["pieces", "grasshopper"]);
    code(&o, 2);
    let e = stderr(&o);
    assert!(e.contains("grasshopper") && !e.contains("X="), "{e}");
    // Known names and Betza strings still show.
    code(&queens(&["pieces", "camel", "NN"]), 0);
}

#[test]
fn decode_bad_cnf_blames_the_cnf_file() {
    let export = queens(&["export", "4", "--to", "dimacs"]);
    code(&export, 0);
    let cnf = stdout(&export);
    let model = temp_file("decode.model", "s SATISFIABLE\nv 2 8 9 15 0\n");
    let good = temp_file("decode-good.cnf", &cnf);
    code(&queens(&["decode", "--cnf", &good, "--model", &model]), 0);

    let headerless: String = cnf
        .lines()
        .filter(|l| !l.starts_with('c'))
        .map(|l| format!("{l}\n"))
        .collect();
    for (name, text) in [
        ("decode-not-dimacs.cnf", "hello\nworld\n".to_string()),
        ("decode-headerless.cnf", headerless),
    ] {
        let path = temp_file(name, &text);
        let o = queens(&["decode", "--cnf", &path, "--model", &model]);
        code(&o, 2);
        let e = stderr(&o);
        assert!(e.contains(&path), "{name}: {e}");
        assert!(e.contains("bad CNF file"), "{name}: {e}");
        assert!(!e.contains("solver's model"), "{name}: {e}");
    }

    // The solver's output is still blamed for its own faults.
    let bad_model = temp_file("decode-bad.model", "garbage\n");
    let o = queens(&["decode", "--cnf", &good, "--model", &bad_model]);
    code(&o, 2);
    let e = stderr(&o);
    assert!(e.contains("cannot read the solver's model"), "{e}");
    assert!(!e.contains("bad CNF"), "{e}");
}

#[test]
fn verify_unquoted_tokens() {
    let o = queens(&["verify", "8", "Qa1", "Qc2"]);
    code(&o, 0);
    assert_eq!(stdout(&o), "valid: 2 pieces on 8x8, no attacks\n");
    let o = queens(&["verify", "8", "Qa1", "Qb2", "Nh8"]);
    code(&o, 1);
    assert_contains(
        &stdout(&o),
        "Qa1 and Qb2 attack each other along the diagonal",
    );
    // Without a board, every token is the placement (8x8).
    let o = queens(&["verify", "Qa1", "Qc2"]);
    code(&o, 0);
    assert_eq!(stdout(&o), "valid: 2 pieces on 8x8, no attacks\n");
    // A permutation the shell split.
    let o = queens(&["verify", "[2,", "4,", "1,", "3]"]);
    code(&o, 0);
    assert_eq!(stdout(&o), "valid: 4 pieces on 4x4, no attacks\n");
}

#[test]
fn fixed_perm_with_zero_is_a_free_file() {
    let by_perm = queens(&["count", "8", "--fixed", "[1,5,0,0,0,0,0,0]"]);
    code(&by_perm, 0);
    let by_tokens = queens(&["count", "8", "--fixed", "Qa1,Qb5"]);
    code(&by_tokens, 0);
    assert_eq!(stdout(&by_perm), stdout(&by_tokens));
    assert!(!stdout(&by_perm).trim().is_empty());
    // The same as --fixed-file reads it.
    let file = temp_file("fixed-perm.txt", "[1,5,0,0,0,0,0,0]\n");
    let a = queens(&[
        "solve",
        "8",
        "--fixed",
        "[1,5,0,0,0,0,0,0]",
        "--format",
        "coords",
    ]);
    let b = queens(&["solve", "8", "--fixed-file", &file, "--format", "coords"]);
    code(&a, 0);
    assert_eq!(stdout(&a), stdout(&b));
    assert_contains(&stdout(&a), "Qa1 Qb5 ");
    // A full permutation still sets the board from its length.
    let o = queens(&["verify", "[1,5,8,6,3,7,2,4]"]);
    code(&o, 0);
    assert_eq!(stdout(&o), "valid: 8 pieces on 8x8, no attacks\n");
}

#[test]
fn verify_perm_file_counts_missing_queens() {
    let holed = temp_file("perm-holed.txt", "1 5 0 6 3 7 2 4\n");
    for args in [
        &["verify", "8", "--perm-file", &holed][..],
        &["verify", "--perm-file", &holed][..],
    ] {
        let o = queens(args);
        code(&o, 1);
        let out = stdout(&o);
        assert!(out.starts_with("invalid:"), "{out}");
        assert!(out.contains("1 queen is missing"), "{out}");
    }
    let short = temp_file("perm-short.txt", "1 5 8 6\n");
    let o = queens(&["verify", "8", "--perm-file", &short]);
    code(&o, 1);
    assert_contains(&stdout(&o), "4 queens are missing");
    let o = queens(&["verify", "8", "--perm-file", &short, "--format", "json"]);
    code(&o, 1);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["valid"], false);
    assert!(
        v["problems"][0]
            .as_str()
            .unwrap()
            .contains("4 queens are missing")
    );

    // --partial: files may be empty, as before.
    let o = queens(&["verify", "8", "--perm-file", &holed, "--partial"]);
    code(&o, 0);
    assert_eq!(stdout(&o), "valid: 7 pieces on 8x8, no attacks\n");
    // --pieces says how many there must be.
    code(
        &queens(&["verify", "8", "--perm-file", &holed, "--pieces", "7Q"]),
        0,
    );
    // A full solution is valid as before, and so is one on a wider board (0s there
    // are files that cannot have a queen).
    let full = temp_file("perm-full.txt", "1 5 8 6 3 7 2 4\n");
    let o = queens(&["verify", "8", "--perm-file", &full]);
    code(&o, 0);
    assert_eq!(stdout(&o), "valid: 8 pieces on 8x8, no attacks\n");
    let wide = temp_file("perm-wide.txt", "2 4 1 3 0 0\n");
    let o = queens(&["verify", "4x6", "--perm-file", &wide]);
    code(&o, 0);
    assert_eq!(stdout(&o), "valid: 4 pieces on 4x6, no attacks\n");
}

#[test]
fn one_fixed_piece_is_singular() {
    for (fixed, pieces, sentence) in [
        (
            "Qa1",
            "0Q",
            "1 fixed piece of kind Q is given but the piece spec has only 0",
        ),
        (
            "Qa1,Qc2",
            "1Q",
            "2 fixed pieces of kind Q are given but the piece spec has only 1",
        ),
    ] {
        let o = queens(&["count", "8", "--fixed", fixed, "--pieces", pieces]);
        code(&o, 2);
        assert_contains(&stderr(&o), sentence);
    }
}

#[test]
fn kings_attack_by_a_step() {
    for (placement, said) in [
        ("Ka1,Kb1", "Ka1 and Kb1 attack each other by a step"),
        ("Ka1,Kb2", "Ka1 and Kb2 attack each other by a step"),
        ("Qa1,Qa8", "Qa1 and Qa8 attack each other along the file"),
        ("Qa1,Qb1", "Qa1 and Qb1 attack each other along the rank"),
        ("Na1,Nb3", "Na1 and Nb3 attack each other by a (1,2) leap"),
    ] {
        let o = queens(&["verify", "8", placement]);
        code(&o, 1);
        assert_eq!(stdout(&o), format!("invalid: 1 problem\n  {said}\n"));
    }
}

#[test]
fn echoed_input_as_typed() {
    for (args, shown) in [
        (&["count", "8", "--pieces", " 2q"][..], "' 2q'"),
        (&["count", "8", "--pieces", "2Q, 3x"][..], "' 3x'"),
        (&["count", "8", "--pieces", "0.. 8q"][..], "'0.. 8q'"),
        (&["verify", "8", " [1,5"][..], "' [1,5'"),
        (&["solve", "8Y8"][..], "'8Y8'"),
        (&["verify", "8", "QA2"][..], "'QA2'"),
    ] {
        let o = queens(args);
        code(&o, 2);
        assert!(stderr(&o).contains(shown), "{args:?}: {}", stderr(&o));
    }
    // A bad token of a perm file, whole and undamaged.
    let file = temp_file("perm-accent.txt", "1 é 3\n");
    let o = queens(&["verify", "--perm-file", &file]);
    code(&o, 2);
    assert_contains(&stderr(&o), "'é'");
}

// --- The engine contract (issue: every flag honoured by every engine) ---

#[test]
fn threads_past_the_cap_are_bad_input() {
    // The general engine used to start 100000 threads and run for minutes.
    let start = std::time::Instant::now();
    let o = queens(&["count", "6", "--pieces", "2N,2B,R,Q", "--threads", "100000"]);
    code(&o, 2);
    assert_contains(&stderr(&o), "1024");
    assert!(start.elapsed().as_secs() < 5);
    // 1024 is allowed, and the count is right.
    let o = queens(&["count", "6", "--pieces", "2N,2B,R,Q", "--threads", "1024"]);
    code(&o, 0);
    assert_eq!(stdout(&o), "104416\n");
}

#[test]
fn general_engine_honours_the_time_budget() {
    // It used to run 16 s and say "no solution"; sat never stopped.
    for engine in ["auto", "exact", "sat"] {
        let line = format!("solve 10 --pieces 4Q,8B,8K --budget-secs 0.5 --engine {engine}");
        let o = ends_on_its_budget_within(4.0, &line);
        assert_contains(&stderr(&o), "within the budget");
    }
}

#[test]
fn exact_engine_honours_the_step_budget() {
    let o = queens(&["solve", "30", "--engine", "exact", "--budget-steps", "1"]);
    code(&o, 3);
    assert_contains(&stderr(&o), "1 step");
    // Enough steps: the same search finds its solution.
    let o = queens(&[
        "solve",
        "12",
        "--engine",
        "exact",
        "--budget-steps",
        "100000",
        "--format",
        "coords",
    ]);
    code(&o, 0);
}

#[test]
fn engines_without_a_step_budget_refuse_it() {
    let o = queens(&["solve", "8", "--engine", "sat", "--budget-steps", "10"]);
    code(&o, 2);
    assert_contains(&stderr(&o), "sat engine does not take a step budget");
}

#[test]
fn random_without_budget_never_says_budget_when_none_exists() {
    // Qa1 and Qb3 leave no solution: local search gives up on its own limit and the
    // problem goes to an engine that proves it (it used to exit 3, "budget ran out").
    let o = queens(&[
        "solve", "8", "--random", "--fixed", "Qa1,Qb3", "--seed", "1",
    ]);
    code(&o, 1);
    assert!(!stderr(&o).contains("budget"), "{}", stderr(&o));
}

#[test]
fn local_search_giving_up_beyond_every_decider_says_why() {
    // 1100 queens with files a, b and ranks 1, 2 left free: impossible (both ways of
    // filling them share a diagonal), and past the complete engine's 1024. The rest is
    // a solution of 1098 queens moved up and right by two.
    let o = queens(&["solve", "1098", "--format", "perm"]);
    code(&o, 0);
    let ranks: Vec<u64> = stdout(&o)
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut text = String::from("0 0");
    for r in ranks {
        text.push_str(&format!(" {}", r + 2));
    }
    let path = temp_file("gave-up-1100.txt", &text);
    let o = queens(&["solve", "1100", "--fixed-file", &path]);
    code(&o, 3);
    let err = stderr(&o);
    assert!(
        err.contains("local search") && err.contains("1024"),
        "{err}"
    );
    assert!(!err.contains("budget of"), "{err}");
}

#[test]
fn max_counts_fixed_queens_toward_the_kind() {
    let o = queens(&["max", "8", "--kind", "Q", "--fixed", "Qa1"]);
    code(&o, 0);
    assert_eq!(stdout(&o), "8 4\n"); // 8 queens, 4 of the 92 with a queen on a1
    let o = queens(&["max", "8", "--kind", "K", "--fixed", "Ka1"]);
    code(&o, 0);
    assert_eq!(stdout(&o).split(' ').next(), Some("16"));
}

#[test]
fn merge_refuses_a_raised_total_and_an_edited_unique_count() {
    let shard = |i: u32, k: u32, method: &str| {
        let o = queens(&[
            "count",
            "10",
            "--shard",
            &format!("{i}/{k}"),
            "--method",
            method,
            "--threads",
            "1",
        ]);
        code(&o, 0);
        stdout(&o)
    };
    let edit = |text: &str, field: &str, by: u64| -> String {
        let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
        let n = v[field].as_u64().unwrap();
        v[field] = serde_json::json!(n + by);
        v.to_string()
    };
    // Join shards: a total raised by 8 keeps Burnside's sum whole; the check catches it.
    let (a, b) = (shard(1, 2, "join"), shard(2, 2, "join"));
    let fa = temp_file("merge-join-1.json", &a);
    let fb = temp_file("merge-join-2.json", &b);
    let o = queens(&["merge", &fa, &fb]);
    code(&o, 0);
    assert_eq!(stdout(&o), "724\n");
    let raised = temp_file("merge-join-1-raised.json", &edit(&a, "total", 8));
    let o = queens(&["merge", &raised, &fb]);
    code(&o, 2);
    assert_contains(&stderr(&o), "altered");
    // Backtrack shards: an edited unique count.
    let (a, b) = (shard(1, 2, "backtrack"), shard(2, 2, "backtrack"));
    let fb = temp_file("merge-back-2.json", &b);
    let unique = temp_file("merge-back-1-unique.json", &edit(&a, "unique", 1));
    let o = queens(&["merge", &unique, &fb, "--unique"]);
    code(&o, 2);
    assert_contains(&stderr(&o), "altered");
}

#[test]
fn all_with_limit_zero_says_whether_a_solution_exists() {
    let o = queens(&["all", "2", "--limit", "0"]);
    code(&o, 1);
    assert_eq!(stdout(&o), "");
    let o = queens(&["all", "8", "--limit", "0"]);
    code(&o, 0);
    assert_eq!(stdout(&o), "");
}

#[test]
fn a_refusal_is_one_sentence_naming_the_binding_limit() {
    // It used to be one ~1 KB line listing every engine's limits. (A few knights on
    // this board are counted now, by fewpieces and the transfer engine's bands: 600
    // still are not.)
    let o = queens(&["count", "1000", "--pieces", "600N"]);
    code(&o, 2);
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.len() < 300 && err.contains("4096 squares"), "{err}");
}

#[test]
fn help_lists_every_engine_and_every_command() {
    let top = stdout(&queens(&["--help"]));
    for cmd in ["gen-completion", "engines"] {
        assert!(top.contains(cmd), "{cmd} missing from --help");
    }
    let solve = stdout(&queens(&["solve", "--help"]));
    let o = queens(&["engines"]);
    code(&o, 0);
    let names: Vec<String> = stdout(&o)
        .lines()
        .filter_map(|l| l.split_once(": ").map(|(n, _)| n.to_string()))
        .filter(|n| !n.contains(' '))
        .collect();
    assert!(names.len() >= 12, "{names:?}");
    for n in &names {
        assert!(solve.contains(n.as_str()), "--engine help misses {n}");
    }
}

#[test]
fn verbose_names_the_engine_that_ran() {
    let o = queens(&["-v", "count", "8"]);
    code(&o, 0);
    assert_eq!(stdout(&o), "92\n");
    assert_contains(&stderr(&o), "engine nqueens");
}

// --- Found in review of the engine contract ---

#[test]
fn exact_count_stops_soon_after_the_time_budget() {
    // It checked the clock only between tasks: 47 s for a 0.5 s budget.
    ends_on_its_budget_within(4.0, "count 12 --pieces 6Q,6N --budget-secs 0.5 --threads 1");
}

#[test]
fn an_error_in_all_does_not_claim_no_solution() {
    for args in [
        &["all", "8", "--threads", "5000"][..],
        &["all", "8", "--engine", "rooks"][..],
        &["all", "30", "--budget-steps", "5"][..],
    ] {
        let o = queens(args);
        assert!(
            !stderr(&o).contains("no solution"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert_ne!(o.status.code(), Some(0));
    }
}

#[test]
fn ranged_specs_refuse_queens_only_flags() {
    for flag in [
        &["--random"][..],
        &["--random", "--seed", "5"][..],
        &["--fixed-file", "/nonexistent"][..],
    ] {
        let mut args = vec!["solve", "6", "--pieces", "0..6Q"];
        args.extend_from_slice(flag);
        let o = queens(&args);
        code(&o, 2);
    }
}

#[test]
fn the_fixed_pieces_shortcut_never_hides_bad_input() {
    let o = queens(&["solve", "8", "--fixed", "Qa1,Qb2", "--threads", "100000"]);
    code(&o, 2);
    let o = queens(&[
        "count", "8", "--pieces", "2Q", "--fixed", "Qa1,Qb2", "--engine", "rooks",
    ]);
    code(&o, 2);
    assert_eq!(stdout(&o), "");
    // Without bad input the shortcut still answers.
    let o = queens(&["count", "8", "--pieces", "2Q", "--fixed", "Qa1,Qb2"]);
    code(&o, 1);
    assert_eq!(stdout(&o), "0\n");
}

#[test]
fn count_refuses_a_step_budget_before_running_any_engine() {
    let o = queens(&["-v", "count", "8", "--budget-steps", "1000"]);
    code(&o, 2);
    assert!(!stderr(&o).contains("engine exact\n"), "{}", stderr(&o));
    assert_contains(&stderr(&o), "step budget");
}

#[test]
fn nqueens_backtracking_honours_the_budget_inside_a_task() {
    // A task of the backtracking count at N = 24 takes minutes; the budget (and a
    // caller's cancel, such as Ctrl-C in Python) was only seen between tasks.
    ends_on_its_budget_within(4.0, "count 24 --threads 1 --budget-secs 0.5");
    ends_on_its_budget_within(4.0, "count 23 --unique --budget-secs 0.5");
}

#[test]
fn amazons_and_fewlines_honour_the_budget_inside_a_task() {
    // Both only looked at the clock between tasks, which run for minutes here: 23
    // amazons, and 6 queens on 100x100 (the fewlines counter, named: `auto` counts
    // them at once by queenpoly now).
    ends_on_its_budget_within(4.0, "count 23 --pieces 23A --threads 1 --budget-secs 0.5");
    ends_on_its_budget_within(
        4.0,
        "count 100 --pieces 6Q --engine fewlines --threads 1 --budget-secs 0.5",
    );
}

#[test]
fn one_queen_on_a_very_wide_board_needs_no_rank_per_file() {
    // The construction built a rank per file (4 GB at 1 x 10^9) to place one queen.
    let start = std::time::Instant::now();
    let o = queens(&["solve", "1x1000000000", "--format", "coords"]);
    code(&o, 0);
    assert_eq!(stdout(&o).trim(), "Qa1");
    assert!(
        start.elapsed().as_secs_f64() < 2.0,
        "took {:?}",
        start.elapsed()
    );
    let o = queens(&["solve", "3x100000000", "--format", "coords"]);
    code(&o, 0);
    assert_eq!(stdout(&o).split_whitespace().count(), 3);
}

/// A temporary file path for one test.
fn tmp_path(name: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("queens-reg-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

#[test]
fn a_checkpoint_or_shard_of_another_terrain_is_refused() {
    // The plans of 8 rooks with and without a hole on h8 share their task list (the
    // prefixes never reach rank 8): the problem's fingerprint must tell them apart.
    let cp = tmp_path("terrain.ckpt");
    let c = cp.to_str().unwrap();
    let holed = [
        "count", "8", "--pieces", "8R", "--fixed", "Ra1", "--engine", "exact",
    ];
    let o = queens(&[&holed[..], &["--holes", "h8", "--checkpoint", c]].concat());
    code(&o, 0);
    let o = queens(&[&holed[..], &["--checkpoint", c]].concat());
    code(&o, 2);
    assert_contains(&stderr(&o), "made for");
    let a = stdout(&queens(
        &[&holed[..], &["--holes", "h8", "--shard", "1/2"]].concat(),
    ));
    let b = stdout(&queens(&[&holed[..], &["--shard", "2/2"]].concat()));
    let (fa, fb) = (tmp_path("a.json"), tmp_path("b.json"));
    std::fs::write(&fa, a).unwrap();
    std::fs::write(&fb, b).unwrap();
    let o = queens(&["merge", fa.to_str().unwrap(), fb.to_str().unwrap()]);
    code(&o, 2);
    assert_contains(&stderr(&o), "do not belong together");
    for f in [cp, fa, fb] {
        std::fs::remove_file(f).unwrap();
    }
}

#[test]
fn fewlines_shards_merge_on_boards_too_large_for_the_symmetric_search() {
    // 70x70 has 4900 squares, past the symmetric search's 4096: the shards still merge
    // to the total, and `merge --unique` says why it cannot answer.
    let files: Vec<std::path::PathBuf> = (1..=2)
        .map(|i| {
            let o = queens(&[
                "count",
                "70",
                "--pieces",
                "3Q",
                "--shard",
                &format!("{i}/2"),
            ]);
            code(&o, 0);
            let f = tmp_path(&format!("big-{i}.json"));
            std::fs::write(&f, stdout(&o)).unwrap();
            f
        })
        .collect();
    let names: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    let whole = stdout(&queens(&["count", "70", "--pieces", "3Q"]));
    assert_eq!(
        stdout(&queens(&[&["merge"][..], &names[..]].concat())),
        whole
    );
    let o = queens(&[&["merge", "--unique"][..], &names[..]].concat());
    code(&o, 2);
    assert_contains(&stderr(&o), "count up to symmetry");
    for f in files {
        std::fs::remove_file(f).unwrap();
    }
}

#[test]
fn gen_regions_gives_up_where_no_unique_puzzle_exists() {
    // Two knights on 2x2 never attack: every split into two regions has several
    // solutions. It used to search forever.
    let o = queens(&["gen-regions", "2", "--piece", "N"]);
    code(&o, 3);
    assert_contains(&stderr(&o), "no region puzzle");
}

#[test]
fn decode_refuses_a_dimacs_file_of_a_board_with_terrain() {
    let cnf = tmp_path("terrain.cnf");
    let o = queens(&[
        "export",
        "3x3",
        "--pieces",
        "4R",
        "--blockers",
        "b2",
        "--to",
        "dimacs",
    ]);
    code(&o, 0);
    std::fs::write(&cnf, stdout(&o)).unwrap();
    let model = tmp_path("terrain.out");
    std::fs::write(&model, "s SATISFIABLE\nv 0\n").unwrap();
    let o = queens(&[
        "decode",
        "--cnf",
        cnf.to_str().unwrap(),
        "--model",
        model.to_str().unwrap(),
    ]);
    code(&o, 2);
    assert_contains(&stderr(&o), "holes, blockers");
    std::fs::remove_file(cnf).unwrap();
    std::fs::remove_file(model).unwrap();
}

#[test]
fn per_region_without_regions_is_refused_on_every_path() {
    for args in [
        vec!["solve", "1000", "--per-region", "2"],
        vec!["count", "8", "--pieces", "0..8Q", "--per-region", "2"],
        vec!["count", "8", "--per-region", "2"],
    ] {
        let o = queens(&args);
        code(&o, 2);
    }
}

#[test]
fn a_terrain_off_its_board_is_refused_by_the_library() {
    use queens::terrain::Terrain;
    let p = queens::Problem::queens(8).unwrap();
    let t = Terrain::new(p.board())
        .with_holes([queens::Square::new(20, 20)])
        .unwrap();
    assert!(p.clone().with_terrain(t).is_err());
}

#[test]
fn merge_refuses_a_shard_number_outside_its_split() {
    use queens::engine::{Parts, count_parts, merge};
    let p = queens::Problem::queens(8).unwrap();
    let parts = Parts {
        shard: Some("1/1".parse().unwrap()),
        ..Parts::default()
    };
    let mut r = count_parts(&p, queens::EngineChoice::Auto, &Default::default(), &parts)
        .unwrap()
        .shard
        .unwrap();
    r.shard = 0;
    assert!(merge(&[("hand-made".into(), r.clone())]).is_err());
    r.shard = 2;
    assert!(merge(&[("hand-made".into(), r)]).is_err());
}

#[test]
fn verify_partial_leaves_regions_short() {
    let f = tmp_path("regions.txt");
    std::fs::write(&f, "ab\ncd\n").unwrap();
    let r = f.to_str().unwrap();
    let o = queens(&["verify", "2", "Ka1", "--regions", r, "--partial"]);
    code(&o, 0);
    let o = queens(&["verify", "2", "Ka1", "--regions", r]);
    code(&o, 1);
    std::fs::remove_file(f).unwrap();
}

// --- Found while adding the large truth-table rows to the engine matrix (issue 18) ---

#[test]
fn fewlines_stops_soon_after_the_time_budget_with_many_pieces() {
    // It looked at the clock only on the two shallowest levels: 15 queens on 15x15
    // ran 7 s past a 0.1 s budget, 16 queens 63 s.
    ends_on_its_budget_within(
        4.0,
        "count 16 --engine fewlines --budget-secs 0.2 --threads 1",
    );
}

#[test]
fn nqueens_backtracking_stops_soon_after_the_time_budget_on_large_boards() {
    // Long tasks were split into sub-tasks of 3 more rows whatever the board: a
    // sub-task of 25 queens ran 2 s, of 26 queens 16 s, of 27 queens 2 minutes past a
    // 0.1 s budget. They now split until 14 rows are left.
    ends_on_its_budget_within(4.0, "count 27 --budget-secs 0.1 --threads 2");
}

#[test]
fn fixed_rank_list_longer_than_the_board_is_refused() {
    // `count 8 --fixed [0,0,0,0,0,0,0,0,0]` counted 92: the ninth (empty) file of a
    // list meant for a 9x9 board was dropped without a word.
    for args in [
        &["count", "8", "--fixed", "[0,0,0,0,0,0,0,0,0]"][..],
        &["solve", "8", "--fixed", "[1,0,0,0,0,0,0,0,0]"],
        &["all", "8", "--fixed", "[1,0,0,0,0,0,0,0,0]"],
        &["max", "8", "--kind", "Q", "--fixed", "[1,0,0,0,0,0,0,0,0]"],
        &[
            "count",
            "8",
            "--pieces",
            "0..8Q",
            "--fixed",
            "[1,0,0,0,0,0,0,0,0]",
        ],
        &["verify", "8", "[1,5,8,6,3,7,2,4,0]"],
    ] {
        let o = queens(args);
        code(&o, 2);
        assert!(
            stderr(&o).contains("9 files but the 8x8 board has 8 files"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    // A shorter list still fixes the first files only.
    let o = queens(&["count", "8", "--fixed", "[1,5]"]);
    code(&o, 0);
    let by_tokens = queens(&["count", "8", "--fixed", "Qa1,Qb5"]);
    assert_eq!(stdout(&o), stdout(&by_tokens));
}

/// 2 queens on `side`x`side` with its first two ranks all holes, by the fewpieces
/// engine: answered (exit 0), with the count of the open `side-2`x`side` board the two
/// ranks of holes leave.
fn two_queens_over_two_ranks_of_holes(side: u32) {
    let holes: Vec<String> = (0..side)
        .flat_map(|f| [1, 2].map(|r| format!("{}{r}", queens::board::file_name(f))))
        .collect();
    let fewpieces = |board: &str, extra: &[&str]| {
        let mut args = vec!["count", board, "--pieces", "2Q", "--engine", "fewpieces"];
        args.extend_from_slice(extra);
        queens(&args)
    };
    let o = fewpieces(&side.to_string(), &["--holes", &holes.join(",")]);
    code(&o, 0);
    let open = fewpieces(&format!("{}x{side}", side - 2), &[]);
    assert_eq!(stdout(&o), stdout(&open));
}

#[test]
fn fewpieces_takes_holes_when_the_square_walk_is_too_large() {
    // The holes method was taken only when cheaper than the square-by-square walk, even
    // when that walk was too large to run: 2 queens on 200x200 with 400 holes were
    // refused ("about 63680000 steps and 63680000 list entries").
    two_queens_over_two_ranks_of_holes(200);
}

#[test]
fn fewpieces_two_pieces_with_a_thousand_holes_are_not_refused() {
    // The estimate charged two pieces for three pins (holes cubed): 2 queens on 10^6
    // with 1300 holes were refused, though 1000 holes took 0.09 s.
    two_queens_over_two_ranks_of_holes(1000);
}

#[test]
fn fewpieces_sums_over_many_holes_past_i128() {
    // The terms of one inclusion-exclusion step were summed in i128: 3 kings on 10^9
    // with 200 holes failed with an internal error. Mirrored holes give the same count.
    let low: Vec<String> = (1..=200).map(|r| format!("a{r}")).collect();
    let high: Vec<String> = (999_999_801..=1_000_000_000u64)
        .map(|r| format!("a{r}"))
        .collect();
    let a = queens(&[
        "count",
        "1000000000",
        "--pieces",
        "3K",
        "--holes",
        &low.join(","),
    ]);
    let b = queens(&[
        "count",
        "1000000000",
        "--pieces",
        "3K",
        "--holes",
        &high.join(","),
    ]);
    code(&a, 0);
    assert_eq!(stdout(&a), stdout(&b));
    assert!(stdout(&a).trim().len() > 38, "{}", stdout(&a));
}

#[test]
fn transfer_stops_soon_after_the_time_budget_within_a_pass() {
    // The one-kind transfer looked at the clock only between passes of four squares,
    // and a pass of 16 knights runs about a second: a 0.3 s budget ended after 1.3 s.
    // The merge now looks every 65,536 windows.
    ends_on_its_budget_within(1.0, "count 16 --pieces 16N --threads 1 --budget-secs 0.3");
}

#[test]
fn betza_leaper_compounds_stay_leapers_past_blockers() {
    // `WD` was normalised to `R2` and `FA` to `B2`, so a blocker stopped their second
    // leap: 1x3 with a blocker on b1 gave 1 (want 0, the D leap jumps it) and 3x3 with a
    // blocker on b2 gave 24 (want 22, as for the alfil alone plus the ferz).
    for engine in ["auto", "exact", "sat", "fewpieces"] {
        // Two pieces Y of `betza` on `board` with one blocker.
        let two = |board: &str, betza: &str, blocker: &str| {
            let piece = format!("Y={betza}");
            queens(&[
                "count",
                board,
                "--pieces",
                "2Y",
                "--piece",
                &piece,
                "--blockers",
                blocker,
                "--engine",
                engine,
            ])
        };
        let o = two("1x3", "WD", "b1");
        code(&o, 1);
        assert_eq!(stdout(&o), "0\n", "{engine}");
        let o = two("3", "FA", "b2");
        code(&o, 0);
        assert_eq!(stdout(&o), "22\n", "{engine}");
    }
    let o = queens(&["pieces", "WD"]);
    code(&o, 0);
    assert!(stdout(&o).starts_with("WD\n"), "{}", stdout(&o));
    // The MiniZinc model carries the alfil as leaps (most steps 1), not a two-step slide.
    let o = queens(&[
        "export",
        "3",
        "--pieces",
        "2Y",
        "--piece",
        "Y=FA",
        "--blockers",
        "b2",
        "--to",
        "minizinc",
    ]);
    code(&o, 0);
    assert_contains(&stdout(&o), "reach = [1, 1, 1, 1, 1, 1, 1, 1];");
}

#[test]
fn refusals_of_huge_boards_come_before_board_sized_memory() {
    // `count 1000000000` listed 10^9 queens (7.8 GB, 19 s) before refusing, and
    // `verify 1000000000 --perm-file` padded two numbers to 10^9 files (23 GB, 53 s).
    let start = std::time::Instant::now();
    let o = queens(&["count", "1000000000"]);
    code(&o, 2);
    assert_contains(&stderr(&o), "too large");
    code(&queens(&["engines", "1000000000"]), 0);
    let f = temp_file("two-numbers", "1 3\n");
    let o = queens(&["verify", "1000000000", "--perm-file", &f]);
    code(&o, 1);
    assert!(
        stdout(&o).starts_with("invalid: 999999998 queens are missing"),
        "{}",
        stdout(&o)
    );
    let f = temp_file("two-attacking", "1 2\n");
    let o = queens(&["verify", "1000000000", "--perm-file", &f]);
    code(&o, 1);
    assert!(stdout(&o).contains("Qa1 and Qb2 attack each other along the diagonal"));
    // Three commands in well under the tens of seconds they took (loose for noisy CI).
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
}

#[test]
fn negative_numbers_are_refused_by_name_not_with_clap_tips() {
    for (args, want) in [
        (
            &["count", "--threads", "-1"][..],
            "--threads cannot be negative",
        ),
        (
            &["gen-regions", "5", "--seed", "-5"][..],
            "--seed cannot be negative",
        ),
        (
            &["all", "6", "--limit", "-1"][..],
            "--limit cannot be negative",
        ),
        (
            &["count", "--pieces", "-1Q"][..],
            "a count cannot be negative",
        ),
    ] {
        let o = queens(args);
        code(&o, 2);
        let e = stderr(&o);
        assert!(e.contains(want) && !e.contains("-- -1"), "{args:?}: {e}");
    }
}

#[test]
fn region_files_with_a_bom_crlf_and_no_board_are_read() {
    // A BOM made the first line one square longer; the board defaulted to 8x8.
    let o = queens(&["gen-regions", "7", "--seed", "1"]);
    code(&o, 0);
    let plain = stdout(&o);
    let crlf = format!("\u{feff}{}", plain.replace('\n', "\r\n"));
    // One rook-and-ferz piece per region of `file`; the board as `board` gives it.
    let count_regions = |board: &[&str], file: &str| {
        let args = ["--pieces", "7L", "--piece", "L=RF", "--regions", file];
        queens(&[&["count"], board, &args[..]].concat())
    };
    for text in [plain.clone(), crlf] {
        let o = count_regions(&[], &temp_file("regions-bom", &text));
        code(&o, 0);
        assert_eq!(stdout(&o), "1\n");
    }
    let o = count_regions(&["8"], &temp_file("regions-clash", &plain));
    code(&o, 2);
    assert_contains(&stderr(&o), "clashes with the region file");
}

#[test]
fn binary_and_empty_files_are_refused_with_a_sentence() {
    let bin = std::env::temp_dir().join(format!("queens-regression-{}-bin", std::process::id()));
    std::fs::write(&bin, [0u8, 1, 2, 0xff, b'a']).unwrap();
    let bin = bin.to_str().unwrap();
    for args in [
        &["verify", "8", "--perm-file", bin][..],
        &["solve", "8", "--fixed-file", bin][..],
        &["count", "--regions", bin][..],
    ] {
        let o = queens(args);
        code(&o, 2);
        let e = stderr(&o);
        assert!(e.contains("is not text: byte 0 is 0x00"), "{args:?}: {e}");
        assert!(!e.contains('\u{fffd}'), "{e}");
    }
    let empty = temp_file("empty", "\n");
    let o = queens(&["solve", "8", "--fixed-file", &empty]);
    code(&o, 2);
    assert_contains(&stderr(&o), "is empty");
}

#[test]
fn verify_reads_stdin_and_judges_empty_forms_alike() {
    let pipe = |args: &[&str], input: &str| common::run_with_stdin(args, input.as_bytes());
    let coords = stdout(&queens(&["solve", "8", "--format", "coords"]));
    let o = pipe(&["verify", "-"], &coords);
    code(&o, 0);
    assert_eq!(stdout(&o), "valid: 8 pieces on 8x8, no attacks\n");
    // The diagram `solve` draws, with its own board.
    let drawn = stdout(&queens(&["solve", "6"]));
    let o = pipe(&["verify", "-"], &drawn);
    code(&o, 0);
    assert_eq!(stdout(&o), "valid: 6 pieces on 6x6, no attacks\n");
    let a = queens(&["verify", "8", ""]);
    let b = queens(&["verify", "8", "[]"]);
    assert_eq!(stdout(&a), stdout(&b));
    assert_eq!(a.status.code(), b.status.code());
}

#[test]
fn messages_quote_whole_numbers_and_count_in_the_singular() {
    let f = temp_file("big-rank", "1 2 12345678901234567890123\n");
    let o = queens(&["verify", "3", "--perm-file", &f]);
    code(&o, 2);
    assert_contains(&stderr(&o), "'12345678901234567890123'");
    let r = temp_file("one-region", "a\n");
    let o = queens(&[
        "count",
        "--regions",
        &r,
        "--pieces",
        "2Q",
        "--per-region",
        "1",
    ]);
    code(&o, 2);
    let e = stderr(&o);
    assert!(!e.contains("1 squares") && !e.contains("1 regions"), "{e}");
}

/// Runs `args` with progress reports from the first moment (`QUEENS_PROGRESS_SECS=0`),
/// as a run long enough to report would have them.
fn queens_progress_at_once(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .env("QUEENS_PROGRESS_SECS", "0")
        .output()
        .expect("the queens binary runs")
}

#[test]
fn progress_reaches_a_log_that_is_not_a_terminal() {
    // `count 18 2>log` left the log empty: bars drew only on terminals.
    let o = queens_progress_at_once(&["count", "12", "--threads", "1", "--progress"]);
    code(&o, 0);
    assert_eq!(stdout(&o), "14200\n");
    let e = stderr(&o);
    assert!(e.contains("tasks done") && e.contains(" s\n"), "{e}");
    // Without --progress, nothing.
    let o = queens_progress_at_once(&["count", "12", "--threads", "1"]);
    assert_eq!(stderr(&o), "");
}

#[test]
fn verbose_is_offered_only_where_an_engine_runs() {
    for cmd in ["merge", "pieces", "decode", "verify", "gen-completion"] {
        let o = queens(&[cmd, "--help"]);
        code(&o, 0);
        assert!(!stdout(&o).contains("--verbose"), "{cmd}");
    }
    let o = queens(&["count", "--help"]);
    assert!(stdout(&o).contains("--verbose") && stdout(&o).contains("--progress"));
    // Both places still work.
    let o = queens(&["-v", "count", "8", "--pieces", "8R"]);
    assert!(stderr(&o).contains("engine rooks"));
    let o = queens(&["count", "8", "--pieces", "8R", "-v"]);
    assert!(stderr(&o).contains("engine rooks"));
}

#[test]
fn max_takes_closed_forms_and_a_budget() {
    // `max 14 --kind N` ran over a minute, `max 30 --kind N` and `max 64 --kind Q`
    // never returned, and max took no --budget-secs.
    let start = std::time::Instant::now();
    for (board, kind, want) in [
        ("14", "N", "98 2\n"),
        ("30", "N", "450 2\n"),
        ("5x7", "N", "18 1\n"),
        ("8", "B", "14 256\n"),
        ("8", "K", "16 281571\n"),
    ] {
        let o = queens(&["max", board, "--kind", kind]);
        code(&o, 0);
        assert_eq!(stdout(&o), want, "{board} {kind}");
    }
    assert!(
        start.elapsed().as_secs_f64() < 10.0,
        "{:?}",
        start.elapsed()
    );
    let o = queens(&["max", "64", "--kind", "Q", "--budget-secs", "0.5"]);
    code(&o, 3);
    assert_eq!(stdout(&o), "");
}

#[test]
fn all_unique_lists_one_placement_per_symmetry_class() {
    // There was no way to list the 12 classes of 8 queens. Checked here against the
    // eight symmetries of a square written out on permutations: each listed solution
    // is the first of its class in `all`'s order, every class appears, in that order.
    fn images(p: &[usize]) -> Vec<Vec<usize>> {
        let n = p.len();
        let mut out = Vec::new();
        let mut q = p.to_vec();
        for _ in 0..4 {
            // Rotate a quarter turn: the queen on (f, r) goes to (r, n-1-f).
            let mut rot = vec![0; n];
            for (f, &r) in q.iter().enumerate() {
                rot[r] = n - 1 - f;
            }
            q = rot;
            out.push(q.clone());
            out.push(q.iter().rev().copied().collect());
        }
        out
    }
    let perm = |line: &str| -> Vec<usize> {
        line.split_whitespace()
            .map(|x| x.parse::<usize>().unwrap() - 1)
            .collect()
    };
    for n in ["5", "6", "8", "9"] {
        let all: Vec<Vec<usize>> = stdout(&queens(&["all", n, "--format", "perm"]))
            .lines()
            .map(perm)
            .collect();
        let o = queens(&["all", n, "--unique", "--format", "perm"]);
        code(&o, 0);
        let unique: Vec<Vec<usize>> = stdout(&o).lines().map(perm).collect();
        let mut want = Vec::new();
        let mut seen: std::collections::HashSet<Vec<usize>> = Default::default();
        for p in &all {
            if !seen.contains(p) {
                want.push(p.clone());
                seen.extend(images(p));
            }
        }
        assert_eq!(unique, want, "{n}");
        let counted = stdout(&queens(&["count", n, "--unique"]));
        assert_eq!(counted.trim(), unique.len().to_string(), "{n}");
    }
    assert_eq!(
        stdout(&queens(&["all", "8", "--unique"])).lines().count(),
        12
    );
}

#[test]
fn join_sieve_clash_sum_dipped_below_zero() {
    // The sorted sieve of the half-board join took the pairs of the keys it looked at
    // off its clash count before adding all the block's pairs: the `u64` dipped below
    // zero and came back, which a release build does not see and a debug build
    // (`cargo test` without --release) stopped on ("attempt to subtract with
    // overflow"), first at 18 queens. All pairs are added first now.
    let truth = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/known_counts.tsv"
    ))
    .expect("the truth table is in testdata/");
    let want = truth
        .lines()
        .find(|l| l.starts_with("18\t18\tQ18\t"))
        .and_then(|l| l.split('\t').nth(3))
        .expect("18 queens is in the truth table");
    let o = queens(&["count", "18"]);
    code(&o, 0);
    assert_eq!(stdout(&o).trim(), want);
}

#[test]
fn gen_regions_takes_a_budget_and_shows_progress() {
    // `gen-regions 16` took 13 to 259 s by seed and `gen-regions 62` ran with no word.
    let start = std::time::Instant::now();
    let o = queens_progress_at_once(&["gen-regions", "40", "--budget-secs", "1", "--progress"]);
    code(&o, 3);
    assert_eq!(stdout(&o), "");
    let e = stderr(&o);
    assert!(e.contains(" done, ") && e.contains("budget of 1 s"), "{e}");
    assert!(start.elapsed().as_secs_f64() < 4.0, "{:?}", start.elapsed());
}

#[test]
fn diagonals_engine_honours_budgets_and_refuses_huge_sides() {
    // The bishops' rook-polynomial counter ignored the time budget and took any side:
    // `max 1000000000 --kind B` ran with gigabytes for ever.
    let start = std::time::Instant::now();
    let o = queens(&["count", "900", "--pieces", "1798B", "--budget-secs", "0.5"]);
    code(&o, 3);
    let o = queens(&["max", "1000000000", "--kind", "B"]);
    code(&o, 2);
    assert!(start.elapsed().as_secs_f64() < 4.0, "{:?}", start.elapsed());
}

#[test]
fn regions_file_with_a_byte_order_mark_is_read() {
    // `--regions` counted a leading byte-order mark (as Windows editors write it) as a
    // square: "line 1 has 5 squares, but the 4x4 board has 4 files". Found by the
    // puzzle corpus' cross-check with the general engine.
    let f = std::env::temp_dir().join(format!("queens-bom-{}.txt", std::process::id()));
    std::fs::write(&f, b"\xef\xbb\xbfaabb\r\naabb\r\nccdd\r\nccdd\r\n").unwrap();
    let o = queens(&[
        "count",
        "4",
        "--pieces",
        "4L",
        "--piece",
        "L=RF",
        "--regions",
        f.to_str().unwrap(),
    ]);
    std::fs::remove_file(&f).unwrap();
    code(&o, 0);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "2\n");
}

/// Policy sat in `check`: a named `construct` or `complete` refused boards with a side
/// under 12 ("leaves boards ... to the exact engine"), though both solve them; the
/// contract keeps policy in `auto_picks`, so a named engine runs whatever it can, and
/// `auto` still gives small boards to `exact` (its first-in-order answer).
#[test]
fn named_construct_and_complete_run_on_small_boards() {
    for engine in ["construct", "complete"] {
        let o = queens(&["solve", "8", "--engine", engine, "--format", "coords"]);
        assert_eq!(o.status.code(), Some(0), "{engine}");
        let placed = String::from_utf8_lossy(&o.stdout).trim().to_string();
        let v = queens(&["verify", "8", &placed]);
        assert_eq!(v.status.code(), Some(0), "{engine}: {placed}");
        let none = queens(&["solve", "3", "--engine", engine]);
        assert_eq!(none.status.code(), Some(1), "{engine} on 3x3");
    }
    let auto = queens(&["solve", "8", "--format", "coords", "-v"]);
    assert!(String::from_utf8_lossy(&auto.stderr).contains("exact"));
}

/// `count 100 --pieces 7Q --budget-secs 0.2` (the fewlines engine) ended after 2 s: a
/// task looked at its stop flag every 4096 nodes above the leaves, and each leaf counts
/// the triples of the whole board. Found by the Python suite's Ctrl-C test (the worker
/// stopped 1.1 to 1.5 s after Ctrl-C).
#[test]
fn fewlines_stops_soon_after_the_time_budget_on_a_large_board() {
    ends_on_its_budget_within(1.0, "count 100 --pieces 7Q --budget-secs 0.2 --threads 1");
}

/// Ctrl-C during `Puzzle.explain()` (Python) left the rule chain running to its end:
/// the chain never looked at the cancel flag. `explain_cancellable` looks before each
/// step.
#[test]
fn puzzle_explanation_stops_when_cancelled() {
    use queens::puzzle::explain::explain_cancellable;
    use queens::puzzle::rules::Level;
    use queens::puzzle::{Puzzle, State};
    use std::sync::atomic::AtomicBool;
    let p = Puzzle::parse("abbb\ncccb\ncddd\ncddd\n", 1).unwrap();
    let stop = AtomicBool::new(true);
    let settings = queens::Settings {
        cancel: Some(&stop),
        ..queens::Settings::default()
    };
    let got = explain_cancellable(&p, &State::new(&p), Level::Expert, &settings);
    assert!(matches!(got, Err(queens::Error::Interrupted)), "{got:?}");
}

/// `puzzle gen 8 --difficulty easy` ran until its budget: evening out the regions
/// grew every lone square to two from side 8 to 20, but an easy chain must start with
/// a one-square region (`last-square` on the empty board). Easy requests keep them.
#[test]
fn puzzle_gen_easy_finds_puzzles_on_sides_8_and_up() {
    use queens::puzzle::generate::{Request, generate};
    use queens::puzzle::rules::Level;
    for (n, seed) in [(8, 7), (9, 1), (12, 1)] {
        let settings = queens::Settings {
            time_budget: Some(std::time::Duration::from_secs(30)),
            ..queens::Settings::default()
        };
        let req = Request {
            n,
            stars: 1,
            difficulty: Some(Level::Easy),
            seed,
            style: Default::default(),
        };
        let made = generate(&req, &settings).unwrap().expect("an easy puzzle");
        assert_eq!(made.grade, Level::Easy, "n={n} seed={seed}");
        assert_eq!(queens::puzzle::rate::grade(&made.puzzle), Level::Easy);
    }
}

/// `count 64 --torus --unique` ran the orbit searches of Burnside's lemma for ever,
/// although the count itself (0, by Pólya's theorem) came at once: with no solution
/// no placement is fixed by a symmetry, so the count up to symmetry is 0 too.
#[test]
fn unique_count_of_a_board_without_solutions_skips_the_orbit_searches() {
    // The budget stops a relapse: it would end with 3, not 1.
    let o = queens(&["count", "64", "--torus", "--unique", "--budget-secs", "20"]);
    code(&o, 1);
    assert_eq!(stdout(&o).trim(), "0");
}

/// Runs `queens args`, which must end within `secs`.
fn at_once(args: &[&str], secs: f64) -> Output {
    let start = std::time::Instant::now();
    let o = queens(args);
    let took = start.elapsed().as_secs_f64();
    assert!(took < secs, "{args:?} took {took:.2} s");
    o
}

#[test]
fn max_knights_past_92681_answers_at_once() {
    // The closed form stopped at u32: `max 92682 --kind N` walked the sizes for ever.
    for (side, want) in [
        ("92681", "4294883881 1\n"),
        ("92682", "4294976562 2\n"),
        ("1000000", "500000000000 2\n"),
        ("1000000000", "500000000000000000 2\n"),
        ("999999999", "499999999000000001 1\n"),
    ] {
        let o = at_once(&["max", side, "--kind", "N"], 2.0);
        code(&o, 0);
        assert_eq!(stdout(&o), want, "{side}");
    }
    // Three and four ranks: the transfer, at a billion files.
    let o = at_once(&["max", "4x1000000000", "--kind", "N"], 3.0);
    assert_eq!(stdout(&o), "2000000000 3\n");
    let o = at_once(&["max", "1000000000x3", "--kind", "N", "--json"], 3.0);
    assert_contains(&stdout(&o), "\"max\":1500000000");
}

#[test]
fn max_kings_past_u32_answers_or_refuses_at_once() {
    // `max 1000000 --kind K` (250,000,000,000 kings) walked the sizes for ever.
    let o = at_once(&["max", "999999", "--kind", "K"], 2.0);
    code(&o, 0);
    assert_eq!(stdout(&o), "250000000000 1\n");
    // Both sides even: no formula and past the kingblocks engine: one sentence.
    let o = at_once(&["max", "1000000", "--kind", "K"], 2.0);
    code(&o, 2);
    assert_eq!(stdout(&o), "");
    assert_contains(
        &stderr(&o),
        "the most kings on 1000000x1000000 are 250000000000",
    );
    assert_contains(&stderr(&o), "no known formula");
    // One side odd: (n+1)^k ways, refused by its digits.
    let o = at_once(&["max", "999999x1000000", "--kind", "K"], 2.0);
    code(&o, 2);
    assert_contains(&stderr(&o), "digits, more than the 1000000");
}

#[test]
fn max_rooks_bishops_and_queens_past_small_boards_answer_or_refuse_at_once() {
    // Rooks: 100000! (456,574 digits) at once; 1000000! refused by its digits.
    let o = at_once(&["max", "100000", "--kind", "R"], 5.0);
    code(&o, 0);
    let out = stdout(&o);
    let (most, ways) = out.trim().split_once(' ').unwrap();
    assert_eq!(most, "100000");
    assert_eq!(ways.len(), 456_574);
    let o = at_once(&["max", "1000000", "--kind", "R"], 2.0);
    code(&o, 2);
    assert_contains(&stderr(&o), "1000000!, has about 5565709 digits");
    // Bishops: 2^n ways.
    let o = at_once(&["max", "1000000000", "--kind", "B"], 2.0);
    code(&o, 2);
    assert_contains(&stderr(&o), "2^1000000000");
    // Queens: the number of ways is unknown past the engines' sides.
    let o = at_once(&["max", "65", "--kind", "Q"], 2.0);
    code(&o, 2);
    assert_contains(&stderr(&o), "sides up to 64");
    // Queens on three ranks: a cubic.
    let o = at_once(&["max", "3x1000000000", "--kind", "Q"], 2.0);
    assert_eq!(stdout(&o), "3 999999991000000029999999964\n");
}

#[test]
fn engines_reports_the_closed_form_of_max() {
    let o = queens(&["engines", "1000000000", "--pieces", "N"]);
    code(&o, 0);
    assert_contains(
        &stdout(&o),
        "\nqueens max: the most pieces of one kind alone on the open board, by closed form\n  max             yes: 500000000000000000 by ceil(rows*cols/2), in 2 ways\n",
    );
    let o = queens(&["engines", "100", "--pieces", "Q"]);
    assert_contains(
        &stdout(&o),
        "  max             no: the most queens on 100x100 are 100",
    );
    // No closed form with another piece beside: no paragraph.
    let o = queens(&["engines", "100", "--pieces", "Q,N"]);
    assert!(!stdout(&o).contains("\nqueens max:"), "{}", stdout(&o));
}

#[test]
fn more_pieces_than_free_squares_count_0_not_bad_input() {
    // "2 pieces do not fit on the 1 free squares of the 2x2 board", exit 2.
    let o = queens(&["count", "2x2", "--pieces", "2R", "--holes", "a1,b1,a2"]);
    code(&o, 1);
    assert_eq!(stdout(&o), "0\n");
    assert_eq!(
        stderr(&o),
        "queens: no solution: 2 pieces do not fit on the 1 free square of the 2x2 board\n"
    );
    // A plain board too, for every verb that answers.
    for args in [
        &["count", "3", "--pieces", "10N"][..],
        &["count", "3", "--pieces", "10N", "--unique"],
        &["count", "3", "--pieces", "4000000000N,4000000000Q"],
        &["count", "3", "--pieces", "10N", "--engine", "exact"],
        &["count", "2", "--pieces", "5R", "--engine", "rooks"],
    ] {
        let o = queens(args);
        code(&o, 1);
        assert_eq!(stdout(&o), "0\n", "{args:?}");
        assert_contains(&stderr(&o), "do not fit on the");
    }
    for args in [
        &["solve", "3", "--pieces", "10N"][..],
        &["all", "3", "--pieces", "10N"],
        &[
            "all", "2x2", "--pieces", "Q,N", "--holes", "a1,b1,a2", "--limit", "0",
        ],
        &["solve", "2x2", "--pieces", "2Q", "--blockers", "a1,b1,a2"],
    ] {
        let o = queens(args);
        code(&o, 1);
        assert_eq!(stdout(&o), "", "{args:?}");
        assert_contains(&stderr(&o), "queens: no solution");
    }
    // In parts: a whole count of 0; nothing to shard or keep.
    let o = queens(&["count", "3", "--pieces", "4000000000N", "--json"]);
    code(&o, 1);
    assert_contains(&stdout(&o), "\"total\":0");
    let o = queens(&["count", "3", "--pieces", "10N", "--shard", "1/2"]);
    code(&o, 2);
    assert_contains(&stderr(&o), "no parts to count");
    // The sentence's numbers agree in number.
    let o = queens(&["count", "1", "--pieces", "2K"]);
    assert_contains(
        &stderr(&o),
        "2 pieces do not fit on the 1 square of the 1x1 board",
    );
    let o = queens(&["count", "1", "--pieces", "K", "--holes", "a1"]);
    assert_contains(
        &stderr(&o),
        "1 piece does not fit on the 0 free squares of the 1x1 board",
    );
    // `max` beside pieces that cannot stand: no solution, as before.
    let o = queens(&["max", "2", "--kind", "K", "--pieces", "5Q"]);
    code(&o, 1);
    // `engines` says why every engine takes it.
    let o = queens(&["engines", "2", "--pieces", "5N"]);
    code(&o, 0);
    assert_contains(
        &stdout(&o),
        "No solution: 5 pieces do not fit on the 4 squares of the 2x2 board",
    );
}

/// What a run of `queens` took: its exit code, its stderr, wall seconds and peak
/// resident memory in MB (the child's `ru_maxrss`, from `wait4`: an upper bound, as a
/// child spawned by vfork counts this process's own peak until it execs).
struct Measured {
    code: Option<i32>,
    stderr: String,
    secs: f64,
    peak_mb: f64,
}

/// Runs `queens args`, its standard input fed `feed` over and over from a thread until
/// the pipe breaks (an endless writer, as `yes` is) or empty when `feed` is `None`, and
/// measures it.
// The child is reaped by `wait4` (for its peak memory), which clippy does not see.
#[allow(clippy::zombie_processes)]
fn measured(args: &[&str], feed: Option<&'static [u8]>) -> Measured {
    use std::io::{Read, Write};
    use std::process::Stdio;
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdin(if feed.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the queens binary runs");
    let writer = feed.map(|chunk| {
        let mut stdin = child.stdin.take().expect("a piped stdin");
        let block: Vec<u8> = chunk.repeat((1 << 16) / chunk.len() + 1);
        // Ends when the child closes its end (a refusal) or ends.
        std::thread::spawn(move || while stdin.write_all(&block).is_ok() {})
    });
    let mut err = child.stderr.take().expect("a piped stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `wait4` on our own child's pid, with pointers to live locals.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t, "wait4 reaps the child");
    let secs = start.elapsed().as_secs_f64();
    if let Some(w) = writer {
        w.join().expect("the writer ends");
    }
    Measured {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        stderr: reader.join().expect("stderr is read"),
        secs,
        // Linux reports `ru_maxrss` in KB.
        peak_mb: usage.ru_maxrss as f64 / 1024.0,
    }
}

/// `m` refused its input (exit 2) with a sentence holding `part`, within 1 s and 64 MB
/// (the 0.1 s of the issue is measured by bench/bounded_input.sh, on an idle machine).
#[track_caller]
fn refused_at_once(m: &Measured, part: &str) {
    assert_eq!(m.code, Some(2), "{}", m.stderr);
    assert_contains(&m.stderr, part);
    assert_eq!(m.stderr.lines().count(), 1, "one sentence: {}", m.stderr);
    assert!(m.secs < 1.0, "took {:.2} s: {}", m.secs, m.stderr);
    assert!(m.peak_mb < 64.0, "peak {:.1} MB: {}", m.peak_mb, m.stderr);
}

/// `queens puzzle solve /dev/zero` read the endless file whole: past 4 GB in 4 s.
#[test]
fn puzzle_solve_refuses_dev_zero_at_once() {
    let m = measured(&["puzzle", "solve", "/dev/zero"], None);
    refused_at_once(
        &m,
        "the puzzle file '/dev/zero' is not text: byte 0 is 0x00",
    );
}

/// `queens merge /dev/zero` read the endless file whole: past 4 GB in 4 s.
#[test]
fn merge_refuses_dev_zero_at_once() {
    let m = measured(&["merge", "/dev/zero"], None);
    refused_at_once(&m, "the shard result '/dev/zero' is not text");
}

/// `queens solve 8 --fixed-file /dev/zero` read the endless file whole: past 4 GB in 4 s.
#[test]
fn fixed_file_refuses_dev_zero_at_once() {
    let m = measured(&["solve", "8", "--fixed-file", "/dev/zero"], None);
    refused_at_once(&m, "the fixed-piece file '/dev/zero' is not text");
}

/// `yes abababab | queens puzzle solve -` read the endless text whole: past 4 GB in 4 s.
#[test]
fn endless_stdin_puzzle_is_refused_at_once() {
    let m = measured(&["puzzle", "solve", "-"], Some(b"abababab\n"));
    refused_at_once(
        &m,
        "the puzzle file (standard input) is longer than 31 KB, the most a 62x62 puzzle can take",
    );
}

/// A 122 MB region file of 2,000,000 lines cost 1.26 GB and 11.9 s before it was
/// refused: now it is refused at the most the largest board an engine takes regions on
/// can be drawn in.
#[test]
fn huge_region_file_is_refused_at_once() {
    use std::io::Write;
    let path = std::env::temp_dir().join(format!(
        "queens-regression-{}-huge-regions",
        std::process::id()
    ));
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        let line = [b'a'; 60];
        for _ in 0..2_000_000 {
            f.write_all(&line).unwrap();
            f.write_all(b"\n").unwrap();
        }
    }
    let m = measured(&["count", "--regions", path.to_str().unwrap()], None);
    let _ = std::fs::remove_file(&path);
    refused_at_once(
        &m,
        "is longer than 3 MB, the most a map of the largest board an engine takes regions on (250000 squares) can take",
    );
}

/// Every other reader of the command line, fed an endless text: each refuses it at its
/// format's limit (or, for a permutation, at one number more than the board has files).
#[test]
fn every_reader_refuses_endless_text_at_once() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["merge", "-"],
            "the shard result (standard input) is longer than 256 KB",
        ),
        (
            &["count", "--regions", "-"],
            "the region file (standard input) is longer than 3 MB",
        ),
        (
            &["solve", "8", "--fixed-file", "-"],
            "the permutation is longer than 8 numbers",
        ),
        (
            &["verify", "8", "--perm-file", "-"],
            "the permutation is longer than 8 numbers",
        ),
        (
            &["verify", "8", "-"],
            "the placement (standard input) is longer than 5 KB",
        ),
        (
            &["verify", "-"],
            "the placement (standard input) is longer than 16 MB",
        ),
        (
            &["decode", "--model", "-"],
            "the solver output (standard input) is longer than 2 MB",
        ),
        (
            &["decode", "--cnf", "-"],
            "the DIMACS file (standard input) is longer than 10 MB",
        ),
    ];
    for (args, part) in cases {
        let m = measured(args, Some(b"1 2 3 "));
        refused_at_once(&m, part);
    }
    let m = measured(&["solve", "8", "--fixed-file", "-"], Some(b"Qa1 "));
    refused_at_once(
        &m,
        "the fixed-piece file (standard input) is longer than 5 KB",
    );
    let m = measured(&["count", "8", "--checkpoint", "/dev/zero"], None);
    refused_at_once(&m, "checkpoint /dev/zero: it is not text: byte 0 is 0x00");
    let m = measured(&["decode", "--cnf", "/dev/zero"], None);
    refused_at_once(&m, "the DIMACS file '/dev/zero' is not text");
}

/// `puzzle gen --help` showed `[default: any]` for `--difficulty`, which refused `any`.
#[test]
fn puzzle_gen_takes_the_difficulty_its_help_shows_as_default() {
    assert_contains(&stdout(&queens(&["puzzle", "gen", "-h"])), "[default: any]");
    let o = queens(&["puzzle", "gen", "6", "--difficulty", "any"]);
    code(&o, 0);
    assert_eq!(stdout(&o), stdout(&queens(&["puzzle", "gen", "6"])));
}

/// `max --help` and `cover --help` offered `--regions` and `--per-region`, which both
/// refused; they no longer offer them, and typed they are still refused.
#[test]
fn max_and_cover_do_not_offer_regions() {
    let regions = temp_file("help-regions.txt", "aabb\naabb\nccdd\nccdd\n");
    for cmd in ["max", "cover"] {
        let help = stdout(&queens(&[cmd, "--help"]));
        assert!(
            !help.contains("--regions") && !help.contains("--per-region"),
            "{help}"
        );
        for extra in [&["--regions", regions.as_str()][..], &["--per-region", "2"]] {
            let mut args = vec![cmd, "4", "--kind", "Q"];
            args.extend(extra);
            code(&queens(&args), 2);
        }
    }
}

/// `count --help` offered `--budget-steps`, which every engine refuses for `count`.
#[test]
fn count_does_not_offer_a_step_budget() {
    assert!(!stdout(&queens(&["count", "--help"])).contains("--budget-steps"));
    let o = queens(&["count", "8", "--budget-steps", "1000"]);
    code(&o, 2);
    assert_contains(&stderr(&o), "step budget");
    // Where an engine counts steps, it is still offered.
    for cmd in ["solve", "all"] {
        assert_contains(&stdout(&queens(&[cmd, "--help"])), "--budget-steps");
    }
}

/// The `--torus` help of solve, all, max, cover, verify, engines and export said
/// "`count --unique` then counts ...", true of `count` only; the max and cover footer
/// gave SPEC's default as min(rows, cols) queens, which is `--pieces` none there.
#[test]
fn help_texts_say_what_their_own_command_does() {
    for cmd in [
        "solve", "all", "count", "max", "cover", "verify", "engines", "export",
    ] {
        let help = stdout(&queens(&[cmd, "-h"]));
        let torus = help
            .lines()
            .find(|l| l.contains("--torus"))
            .expect("--torus");
        assert!(!torus.contains("count --unique"), "{cmd}: {torus}");
    }
    for cmd in ["max", "cover"] {
        let help = stdout(&queens(&[cmd, "--help"]));
        assert!(!help.contains("min(rows, cols) queens"), "{cmd}: {help}");
        assert!(!help.contains("--regions file"), "{cmd}: {help}");
    }
}

/// `puzzle --help` never gave the file format, `puzzle gen --help` described a FILE it
/// does not take, and the help said puzzles are read "as --regions reads it", where
/// `#` is a hole (in a puzzle it names a region): the format is now stated once.
#[test]
fn puzzle_help_states_the_file_format_once() {
    for page in [&["puzzle"][..], &["puzzle", "solve"], &["puzzle", "gen"]] {
        let mut args = page.to_vec();
        args.push("--help");
        let help = stdout(&queens(&args));
        assert_contains(&help, queens::puzzle::FORMAT);
        assert!(!help.contains("as --regions reads it"), "{page:?}");
    }
    assert!(!stdout(&queens(&["puzzle", "gen", "--help"])).contains("FILE"));
    // What the format says of `#`.
    let p = temp_file("help-hash-puzzle.txt", "##aa\n##aa\nbbcc\nbbcc\n");
    code(&queens(&["puzzle", "count", &p]), 0);
}

// --- Issue 37: every budget kept ---

/// `max 64 --kind Q --budget-secs 1` ended after 8 s: the N-queens backtracker asked
/// its stop only between sub-tasks of 14 rows, and at 64 queens the rows above them
/// ran for seconds. Its loops now poll every 2^14 descents.
#[test]
fn max_64_queens_ends_on_its_budget_inside_a_task() {
    ends_on_its_budget_within(3.0, "max 64 --kind Q --budget-secs 1");
    ends_on_its_budget_within(3.0, "count 30 --threads 1 --budget-secs 1");
}

/// The slowest job we know of each engine the other budget tests leave out, on a 1 s
/// budget: kingblocks looked at the clock once per block row (3.8 s at 36x72), and
/// rooks never (12 s for 10^5 rooks). The 10% + 0.2 s target is measured by
/// bench/budgets.sh; this fails only past 3 s, as a busy machine stretches wall times.
#[test]
fn every_engine_ends_its_slowest_job_on_a_one_second_budget() {
    for line in [
        "count 36x72 --pieces 648K --engine kingblocks",
        "count 200000 --pieces 100000R --engine rooks",
        "count 29 --torus --engine torus",
        "count 1000000 --pieces 3Q --engine fewpieces",
        "count 16 --engine sat",
        // 20,000,000 took 1.15 s in all on an idle machine, its answer found within the
        // second, so it ended 0 with 168 MB of output: the job must not fit the budget.
        "solve 60000000 --engine local",
        // The join's halves did not ask the stop (1.27 s for 1 s at 21), and a transfer
        // merge slice started after the deadline ran 2^16 states first (1.93 s).
        "count 21",
        "count 16 --pieces 16N --engine transfer",
    ] {
        ends_on_its_budget_within(3.0, &format!("{line} --budget-secs 1"));
    }
}

/// `puzzle gen --help` showed `[default: any]` but `--difficulty any` was refused; and
/// a bad name got clap's list instead of the library's sentence (issue 38: one reader
/// of difficulties for every front, the CLI's defaults the library's).
#[test]
fn puzzle_gen_difficulty_any_is_the_default_and_accepted() {
    let any = queens(&["puzzle", "gen", "7", "--difficulty", "any"]);
    code(&any, 0);
    let plain = queens(&["puzzle", "gen", "7", "--seed", "0"]);
    assert_eq!(stdout(&any), stdout(&plain));
    let bad = queens(&["puzzle", "gen", "7", "--difficulty", "tricky"]);
    code(&bad, 2);
    assert_contains(
        &stderr(&bad),
        "bad --difficulty 'tricky': the difficulties are easy, medium, hard, expert (or any, for any grade)",
    );
}

/// A one-star puzzle ("Queens") spoke of stars: "the stars on a1 and b2 touch",
/// "every row, column and region has its stars" (issue 38).
#[test]
fn puzzle_hint_names_queens_in_one_star_puzzles() {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/puzzles/k1-n06-gen.txt"
    );
    let o = queens(&["puzzle", "hint", p, "--placed", "a1,b2"]);
    code(&o, 1);
    assert_eq!(stdout(&o), "contradiction: the queens on a1 and b2 touch\n");
    let o = queens(&["puzzle", "hint", p, "--placed", "d6,b5,f4,a3,c2,e1"]);
    code(&o, 0);
    assert_eq!(
        stdout(&o),
        "solved: every row, column and region has its queen\n"
    );
    let k2 = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/puzzles/k2-n10-hard.txt"
    );
    let o = queens(&["puzzle", "hint", k2, "--stars", "2", "--placed", "a1,b2"]);
    assert_eq!(stdout(&o), "contradiction: the stars on a1 and b2 touch\n");
}

/// `queens merge` of a shard result claiming 4,000,000,000 shards (its digest redone,
/// which anyone can do) aborted on a 64 GB allocation: `merge` kept a slot per shard.
/// Found writing the shard fuzz target; the input is kept in testdata/fuzz/shard/.
#[test]
fn merge_of_a_result_claiming_billions_of_shards_is_refused_without_a_slot_per_shard() {
    let kept = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/fuzz/shard/found-merge-four-billion-shards"
    );
    let text = std::fs::read_to_string(kept).unwrap();
    let forged = queens::fuzzing::forge_shard(&text, false).unwrap();
    let path = temp_file("four-billion-shards.json", &forged);
    let o = queens(&["merge", &path]);
    code(&o, 2);
    assert_contains(
        &stderr(&o),
        "shards 1/4000000000, 3/4000000000, 4/4000000000, 5/4000000000, 6/4000000000, \
         7/4000000000, 8/4000000000, 9/4000000000, 10/4000000000, 11/4000000000, \
         3999999989 more are missing",
    );
}

/// A byte-order mark anywhere but a file's first bytes was a square: ` \u{feff}` read
/// as a 1x1 puzzle whose one region was named U+FEFF (its picture, written out, read
/// back as an empty file), and `Regions::board_of` counted a leading mark as a file
/// where `Regions::parse` skipped it, so `\u{feff}ab\nba\n` was refused as ragged.
/// Found by the puzzle and region fuzz targets (inputs kept in testdata/fuzz/).
#[test]
fn byte_order_marks_are_not_squares_of_puzzles_or_region_files() {
    use queens::Board;
    use queens::puzzle::Puzzle;
    use queens::terrain::Regions;
    assert!(Puzzle::parse(" \u{feff}", 1).is_err());
    assert!(Puzzle::parse("\u{feff}\u{feff}", 1).is_err());
    let plain = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/puzzles/k1-n04-gen.txt"
    ))
    .unwrap();
    let marked = format!(" \u{feff}{plain}");
    assert_eq!(
        Puzzle::parse(&marked, 1).unwrap(),
        Puzzle::parse(&plain, 1).unwrap()
    );
    let text = "\u{feff}ab\nba\n";
    let board = Regions::board_of(text).unwrap();
    assert_eq!(board, Board::square(2).unwrap());
    assert_eq!(Regions::parse(text, &board, 1).unwrap().0.count(), 2);
    assert!(Regions::board_of("\t\u{feff}\n").is_err());
}

// --- Issue 37: sentences ---

#[test]
fn counts_of_one_are_singular_in_sentences() {
    // "has 1 lines", "names 1 regions": every count in a sentence goes through
    // `render::words::plural`.
    // (The command line compares the boards first; the library and Python get this.)
    let board = queens::Board::new(2, 2).unwrap();
    let e = queens::terrain::Regions::parse("ab\n", &board, 1).unwrap_err();
    assert_contains(
        &e.to_string(),
        "it has 1 line of squares, but the 2x2 board has 2 ranks",
    );
    let board = queens::Board::new(1, 2).unwrap();
    let e = queens::terrain::Regions::parse("a\n", &board, 1).unwrap_err();
    assert_contains(
        &e.to_string(),
        "line 1 has 1 square, but the 1x2 board has 2 files",
    );
    let one_region = temp_file("one-region-puzzle", "aa\naa\n");
    let o = queens(&["puzzle", "solve", &one_region]);
    code(&o, 2);
    assert_contains(&stderr(&o), "it names 1 region (a) but the board is 2x2");
    let one_line = temp_file("one-line-puzzle", "ab\n");
    let o = queens(&["puzzle", "solve", &one_line]);
    code(&o, 2);
    assert_contains(&stderr(&o), "it has 1 line of 2 squares");
    assert_eq!(
        queens::render::words::plural(1, "square")
            + " "
            + &queens::render::words::plural(2, "file"),
        "1 square 2 files"
    );
}

#[test]
fn negative_positional_numbers_are_refused_in_one_sentence() {
    // clap answered with its tip to write `-- -1`.
    for (args, want) in [
        (&["gen-completion", "-1"][..], "-1"),
        (
            &["puzzle", "gen", "-5"],
            "the side N must be a positive number, not -5",
        ),
        (
            &["gen-regions", "-3"],
            "the side N must be a positive number, not -3",
        ),
    ] {
        let o = queens(args);
        code(&o, 2);
        let e = stderr(&o);
        assert!(!e.contains("-- -"), "{args:?}: {e}");
        assert_eq!(e.trim_end().lines().count(), 1, "{args:?}: {e}");
        assert_contains(&e, want);
    }
}

#[test]
fn regions_in_parts_are_noted_for_problems_and_refused_for_puzzles() {
    // A region map whose regions were not connected was taken without a word.
    let map = temp_file("split-regions", "ab\nba\n");
    let o = queens(&["count", "2x2", "--regions", &map, "--pieces", "2R"]);
    assert_contains(
        &stderr(&o),
        "note: in the region file, region a is in 2 parts, at b1 and a2",
    );
    assert_eq!(stdout(&o), "0\n");
    let connected = temp_file("joined-regions", "aa\nbb\n");
    let o = queens(&["count", "2x2", "--regions", &connected, "--pieces", "2R"]);
    assert_eq!(stderr(&o), "");
    let puzzle = temp_file("split-puzzle", "aba\nbab\nccc\n");
    let o = queens(&["puzzle", "solve", &puzzle]);
    code(&o, 2);
    let e = stderr(&o);
    assert_contains(&e, "region a is in 3 parts, at b2, a3 and c3");
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
}

#[test]
fn trial_names_its_moves_and_would_empty_groups_its_squares() {
    // Issue 40: the expert step said "forces moves that leave some row, column or
    // region without room for its stars" in a Queens puzzle, and would-empty crossed
    // one square a step (nine near-identical steps in a row).
    let o = queens(&["puzzle", "explain", "testdata/puzzles/k1-n09-expert.txt"]);
    let out = stdout(&o);
    assert!(!out.contains("some row, column or region"), "{out}");
    assert!(!out.contains(" star"), "{out}");
    assert_contains(
        &out,
        "a queen on a5 forces a queen on b7 (column b's last free square)",
    );
    assert_contains(&out, "would-empty (medium): cross h3 i3\n");
}

#[test]
fn recheck_of_a_region_count_without_board_takes_the_file_board() {
    // Issue 38: a manifest kept BOARD as clap's default `8` even when the board came
    // from the region file, and `recheck` then refused the 6x6 file as clashing with it.
    let regions = temp_file(
        "recheck-regions.txt",
        "eeffff\neefeff\neeeefd\nceeeff\nccbeaf\nccaaaa\n",
    );
    let manifest = std::env::temp_dir()
        .join(format!("queens-recheck-{}.txt", std::process::id()))
        .display()
        .to_string();
    let o = queens(&[
        "count",
        "--regions",
        &regions,
        "--pieces",
        "6L",
        "--piece",
        "L=RF",
        "--manifest",
        &manifest,
    ]);
    code(&o, 0);
    assert_eq!(stdout(&o), "1\n");
    let o = queens(&["recheck", &manifest]);
    let _ = std::fs::remove_file(&manifest);
    code(&o, 0);
    assert_contains(&stdout(&o), "agree");
}

#[test]
fn picture_reader_on_a_patterned_picture_ends_at_once() {
    // Issue 37: the `picture` fuzz target's first run kept four inputs over its 10 s
    // limit: a 256 x 256 picture of one short RGBA pattern repeated has edges
    // everywhere, and the grid finder merged each of millions of candidate boxes with
    // tens of thousands found (minutes). Widest pairs first, stopped once the boxes
    // tried can no longer change: milliseconds. `fuzz_replay` replays all four under
    // its 5 s limit; this one states the bug.
    let data = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/fuzz/picture/timeout-f6ee21c0fdbdbdc3029b640ebec5b19b8297e1cf"
    ))
    .unwrap();
    let (w, h) = (data[0] as usize + 1, data[1] as usize + 1);
    let rgba: Vec<u8> = data[2..].iter().copied().cycle().take(w * h * 4).collect();
    let start = std::time::Instant::now();
    let r = queens::puzzle::picture::read(w, h, &rgba, &Default::default());
    assert!(r.is_err(), "a pattern is no puzzle");
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}

/// `queens puzzle gen N --difficulty D --seed S` under `--budget-secs`: a puzzle (exit
/// 0) within the budget, unique (`puzzle check`) and rated at the grade asked for
/// (`puzzle rate`).
fn gen_of_grade_within(n: &str, grade: &str, seed: &str, budget: &str) {
    gen_stars_of_grade_within(n, "1", grade, seed, budget);
}

/// [`gen_of_grade_within`] with `--stars K` (Star Battle), given to `check` and `rate` too.
fn gen_stars_of_grade_within(n: &str, stars: &str, grade: &str, seed: &str, budget: &str) {
    let o = queens(&[
        "puzzle",
        "gen",
        n,
        "--stars",
        stars,
        "--difficulty",
        grade,
        "--seed",
        seed,
        "--budget-secs",
        budget,
    ]);
    code(&o, 0);
    let check = common::run_with_stdin(&["puzzle", "check", "--stars", stars, "-"], &o.stdout);
    code(&check, 0);
    assert_eq!(stdout(&check), "unique\n");
    let rate = common::run_with_stdin(&["puzzle", "rate", "--stars", stars, "-"], &o.stdout);
    code(&rate, 0);
    assert!(
        stdout(&rate).starts_with(&format!("{grade}:")),
        "gen {n} --stars {stars} {grade} seed {seed}: {}",
        stdout(&rate)
    );
}

#[test]
fn puzzle_gen_20_hard_seed_3_has_a_puzzle_in_seconds() {
    // Issue 40: no puzzle within 60 s (the steered growth stalled with a few squares
    // left on nearly every candidate, and the fallback never ended hard); now under a
    // second on a busy machine.
    gen_of_grade_within("20", "hard", "3", "10");
}

#[test]
fn puzzle_gen_16_hard_and_medium_seed_1_take_seconds_not_ten() {
    // Issue 40: 11.9 s and 8.8 s, each steered test running the whole chain of named
    // steps; now the easy rules run on counts and stalled candidates are dropped.
    gen_of_grade_within("16", "hard", "1", "5");
    gen_of_grade_within("16", "medium", "1", "5");
}

/// `puzzle gen N --stars K` (any grade) with `seed` finishes within `budget` seconds
/// with a unique puzzle.
fn gen_stars_within(n: &str, stars: &str, seed: &str, budget: &str) {
    let o = queens(&[
        "puzzle",
        "gen",
        n,
        "--stars",
        stars,
        "--seed",
        seed,
        "--budget-secs",
        budget,
    ]);
    code(&o, 0);
    let check = common::run_with_stdin(&["puzzle", "check", "--stars", stars, "-"], &o.stdout);
    code(&check, 0);
    assert_eq!(stdout(&check), "unique\n");
}

#[test]
fn puzzle_gen_16_three_stars_has_a_puzzle_in_seconds() {
    // Issue 40: no puzzle within 40 s. The random solution's search could sink into a
    // subtree without solutions (now restarted past a node limit), and nearly every
    // candidate's regions were dropped when an L-shaped path between its stars was
    // blocked (now a shortest path round the others is tried). Seed 1: 3.8 s under load
    // then; 11 s of CPU (28 s wall beside the browser tests) since growth finds its
    // pairs again after an undo (`generator_split_a_region_in_two_after_an_undo`), which
    // changed the candidates this seed meets: hence the budget of 60 s.
    gen_stars_within("16", "3", "1", "60");
}

#[test]
fn puzzle_gen_12_and_16_hard_seeds_1_and_5_take_well_under_a_second() {
    // Issue 40: 12 hard seed 1 took 2.4 s and 16 hard seed 5 10.1 s (steered growth:
    // the hard rules run for every square, and most candidates stalled). Now a
    // finished candidate's squares move toward the grade: about 0.2 s each.
    gen_of_grade_within("12", "hard", "1", "5");
    gen_of_grade_within("16", "hard", "5", "5");
}

#[test]
fn puzzle_gen_20_hard_seed_4_and_25_medium_and_hard_seed_1_have_a_puzzle() {
    // Issue 40: none of these within 60 s (every steered candidate stalled with a few
    // squares left, at 0.3 to 0.7 s each); now under a second each on an idle machine.
    gen_of_grade_within("20", "hard", "4", "20");
    gen_of_grade_within("25", "medium", "1", "20");
    gen_of_grade_within("25", "hard", "1", "20");
}

#[test]
fn puzzle_gen_20_easy_seed_1_takes_seconds_not_a_minute() {
    // Issue 40: 15.9 s idle, none within 60 s under load: every steered test ran the
    // easy rules with a pass over the whole board per step. They now keep counts and a
    // work list of changed units: 2 s idle.
    gen_of_grade_within("20", "easy", "1", "30");
}

/// Reads the rendered set's pictures `cases` (tests/it/rendered.rs): each must read right.
fn rendered_cases_read_right(cases: &[u64]) {
    let corpus = rendered::corpus();
    for &i in cases {
        let c = rendered::case(i, &corpus);
        assert_eq!(rendered::judge(&c), rendered::Verdict::Right, "{}", c.what);
    }
}

#[test]
fn picture_white_board_on_a_white_page_is_not_read_as_a_sub_grid() {
    // Issue 39: black-and-white boards with app chrome were refused as a 4x4 or 5x5
    // grid of one region. The text's bottom edge just above the board made a box a
    // little taller than the board, and so larger, tried first: its true side failed
    // one way, and a coarse lattice, whose wide windows caught the board's lines
    // beside its own, passed. Now the squarest of the widest boxes is tried first, and
    // a lattice with lines between its own is refused.
    rendered_cases_read_right(&[28, 126, 743]);
}

#[test]
fn picture_nearest_downscale_dropping_thin_lines_keeps_the_grid() {
    // Issue 39: an 11x11 board at x0.77 and a 4x4 board at x0.91 (nearest pixel) lost
    // one-pixel lines, and thin parts of lines between thick pieces: more than one in
    // three missing one way, so the grid was refused or read as a sub-grid. The lines
    // missing now count over both ways, two in five allowed (a lattice over a smaller
    // true side still misses at least half).
    rendered_cases_read_right(&[954, 955]);
}

#[test]
fn picture_a_line_dropped_beside_marks_does_not_move_the_squares() {
    // Issue 39: crosses read as stars on a 23x23 and an 11x11 board scaled down
    // (nearest pixel) and a 10x10 dark board blurred. A line seen in few rows (a
    // one-pixel line dropped, or faint) was centred on the edges of the marks beside
    // it, 2 to 3 pixels off, so the squares' middles missed their crosses. A line
    // seen in fewer than half the rows, or off the others' line, now takes its place
    // on the line fitted through the lines seen.
    rendered_cases_read_right(&[397, 499, 564]);
}

/// The page's answer (`queens_web::call`, natively) to `job` on `request`.
fn page(job: &str, request: serde_json::Value) -> serde_json::Value {
    serde_json::from_str(&queens_web::call(job, &request.to_string())).unwrap()
}

#[test]
fn page_refused_ranged_specs_that_the_command_line_and_python_take() {
    // Issue 38: `queens count 4 --pieces 1..3N,Q` answers 88 and Python's
    // `count(4, "1..3N,Q")` too, but the page's count, solve and next built only exact
    // problems and said "expected one piece letter after the count". Now they take the
    // library request's ranged problem, as the other fronts do.
    let o = queens(&["count", "4", "--pieces", "1..3N,Q"]);
    code(&o, 0);
    let req = serde_json::json!({ "rows": 4, "cols": 4, "spec": "1..3N,Q" });
    assert_eq!(page("count", req.clone())["text"], stdout(&o).trim());
    let o = queens(&["count", "3", "--pieces", "*K", "--unique"]);
    let star = serde_json::json!({ "rows": 3, "cols": 3, "spec": "*K" });
    assert_eq!(page("count-unique", star)["text"], stdout(&o).trim());
    let o = queens(&["solve", "4", "--pieces", "1..3N,Q", "--format", "coords"]);
    assert_eq!(page("solve", req.clone())["coords"], stdout(&o).trim());
    let o = queens(&["all", "4", "--pieces", "1..3N,Q", "--format", "coords"]);
    let first = stdout(&o).lines().next().unwrap().to_string();
    let a = page("nth", serde_json::json!({ "board": req, "index": 0 }));
    assert_eq!(a["coords"], first.as_str());
}

#[test]
fn a_bad_kind_was_refused_in_three_sentences() {
    // Issue 38: `max`/`cover` with a kind of two letters said "bad --kind 'NN': give
    // one piece letter such as K or N" on the command line, "bad piece kind 'NN': ...
    // such as Q or N" in Python and "bad piece 'NN': give one letter" on the page. The
    // library's request reads the kind now; each front names the field.
    let o = queens(&["max", "4", "--kind", "NN"]);
    code(&o, 2);
    assert_contains(
        &stderr(&o),
        "bad --kind 'NN': give one piece letter such as Q or N",
    );
    let a = page(
        "max",
        serde_json::json!({ "rows": 4, "cols": 4, "kind": "NN" }),
    );
    assert_eq!(
        a["error"],
        "bad piece 'NN': give one piece letter such as Q or N"
    );
}

#[test]
fn page_refused_a_zero_side_in_its_own_words() {
    // Issue 38: a board of 0 rows was "bad number of rows 0: the page takes 1 to 64"
    // on the page and "bad board '0x3': a side must be at least 1" everywhere else. The
    // library refuses it now; the page keeps only its own upper limit.
    let o = queens(&["count", "0x3"]);
    code(&o, 2);
    let a = page("count", serde_json::json!({ "rows": 0, "cols": 3 }));
    assert_eq!(
        format!("queens: {}\n", a["error"].as_str().unwrap()),
        stderr(&o)
    );
}

#[test]
fn a_ranged_spec_where_exact_counts_go_was_refused_as_a_missing_letter() {
    // Issue 38: `export`, `verify`, `max` and `cover` take exact counts; given
    // `--pieces 1..3N` they said "expected one piece letter after the count" (the exact
    // parser's sentence), and Python's `Problem` its own. The library's request
    // refuses a range there in one sentence for every front.
    for args in [
        &["export", "4", "--pieces", "1..3N", "--to", "dimacs"][..],
        &["verify", "8", "Qa1", "--pieces", "1..8Q"],
        &["max", "8", "--kind", "N", "--pieces", "1..2Q"],
    ] {
        let o = queens(args);
        code(&o, 2);
        assert_contains(
            &stderr(&o),
            "ranges are for counting, solving and listing; this takes exact counts such as 2N,Q",
        );
    }
}

/// The generator's growth undid the squares round a doomed square in the middle of a
/// pass over the board, and then could give a square found earlier in that pass to a
/// region it no longer touched: `puzzle gen 9 --seed 63` printed a puzzle whose region
/// f was in two parts, which its own reader refuses (about 4 in 1,000 seeds from 6x6
/// to 14x14; the 11x11 picture the proptest met in CI was such a puzzle). Every
/// region of these seeds' puzzles is one area now.
#[test]
fn generator_split_a_region_in_two_after_an_undo() {
    for (n, seed) in [(9, 63), (9, 98), (9, 110), (12, 109), (11, 912)] {
        let (n, seed) = (n.to_string(), seed.to_string());
        let o = queens(&["puzzle", "gen", &n, "--seed", &seed]);
        code(&o, 0);
        let text = stdout(&o);
        if let Err(e) = queens::puzzle::Puzzle::parse(&text, 1) {
            panic!("gen {n} --seed {seed}: {e}\n{text}");
        }
    }
}

#[test]
fn puzzle_gen_25_expert_seed_1_has_a_puzzle_in_seconds() {
    // Issue 40: none within 120 s. 658 of 839 candidates in 40 s were dropped because
    // their repair was stuck: every square where another solution had a star lay
    // inside its region (or was its only link). Above 20x20 such a square now moves
    // with a path of its region to the nearest other region: 3 s under load.
    gen_of_grade_within("25", "expert", "1", "30");
}

#[test]
fn puzzle_gen_16_two_stars_hard_seed_2_has_a_puzzle_in_seconds() {
    // Issue 40: 87 s (none within 30 s in the issue); 164 of 167 candidates in 60 s
    // were dropped, most with a stuck repair. With two or more stars a stuck repair now
    // carves a path (as above): 7.7 s under load.
    let o = queens(&[
        "puzzle",
        "gen",
        "16",
        "--stars",
        "2",
        "--difficulty",
        "hard",
        "--seed",
        "2",
        "--budget-secs",
        "30",
    ]);
    code(&o, 0);
    let check = common::run_with_stdin(&["puzzle", "check", "--stars", "2", "-"], &o.stdout);
    code(&check, 0);
    assert_eq!(stdout(&check), "unique\n");
    let rate = common::run_with_stdin(&["puzzle", "rate", "--stars", "2", "-"], &o.stdout);
    code(&rate, 0);
    assert!(stdout(&rate).starts_with("hard:"), "{}", stdout(&rate));
}

/// `puzzle gen 4 --difficulty hard` (and expert, and `gen 1` past easy) searched
/// forever: no such puzzle exists, and the candidate loop cannot tell. Now refused at
/// once with the reason (exit 2), as `--stars 2 --difficulty easy` is.
#[test]
fn puzzle_gen_of_a_grade_the_side_cannot_have_searched_forever() {
    for (n, grade) in [("4", "hard"), ("4", "expert"), ("1", "medium")] {
        let o = queens(&[
            "puzzle",
            "gen",
            n,
            "--difficulty",
            grade,
            "--budget-secs",
            "20",
        ]);
        code(&o, 2);
        let e = stderr(&o);
        assert!(e.contains(&format!("no {n}x{n} puzzle is {grade}")), "{e}");
        assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    }
    let o = queens(&[
        "puzzle",
        "gen",
        "4",
        "--difficulty",
        "medium",
        "--seed",
        "3",
    ]);
    code(&o, 0);
}

#[test]
fn puzzle_gen_12_medium_seeds_6_and_10_have_a_puzzle_in_a_second() {
    // Issue 40: 12x12 medium p95 1.4 s, seed 6 3.0 s (seed 10 2.1 s on a later run).
    // Nearly every candidate is hard or expert as grown, and the moves toward medium
    // under the even style's bounds reached it 4 times in 141 calls, taking two thirds
    // of the time. They are no longer made there: 0.13 and 0.23 s under load.
    gen_of_grade_within("12", "medium", "6", "10");
    gen_of_grade_within("12", "medium", "10", "10");
}

#[test]
fn puzzle_gen_20_medium_seeds_10_and_18_have_a_puzzle_in_seconds() {
    // Issue 40: 20x20 medium p95 14.6 s, seed 18 16.0 s (seed 10 26 s on a later run);
    // the moves toward medium reached it once in 215 calls (as above): 2 and 4.5 s
    // under load.
    gen_of_grade_within("20", "medium", "10", "60");
    gen_of_grade_within("20", "medium", "18", "60");
}

#[test]
fn puzzle_gen_25_expert_seed_8_has_a_puzzle_in_seconds() {
    // Issue 40: 25x25 expert p95 14.5 s; here seed 8 took 15.8 s (none within 30 s on
    // a busier run): 27 calls of the moves toward expert, none reaching it, took 16 of
    // its 24 s. One star in the even style is no longer moved toward expert (a new
    // candidate is cheaper): 4.7 s under load.
    gen_of_grade_within("25", "expert", "8", "60");
}

#[test]
fn puzzle_gen_easy_25_and_20_have_a_puzzle_in_seconds() {
    // Issue 40: `gen 25 --difficulty easy` found none within 60 s for 11 of 20 seeds
    // (seeds 2 to 5 among them), and `gen 20 --difficulty easy --seed 10` took 25 s:
    // the steered growth stalled on nearly every candidate (142 of 143 for 25x25
    // seed 1). From 17x17 the easy growth keeps an order of the stars and carves a way
    // for a square no region next to it may take: each well under a second.
    for seed in ["1", "2", "3"] {
        gen_of_grade_within("25", "easy", seed, "10");
    }
    gen_of_grade_within("20", "easy", "10", "10");
}

#[test]
fn puzzle_gen_16_three_stars_hard_seed_1_has_a_puzzle_in_seconds() {
    // Issue 40: 46.6 s. With two or more stars the seeded partial puzzle (the stars
    // joined by paths) mostly had several solutions already, which the growth can never
    // take away: the squares where the others had stars were forced in untested, and
    // 94 of 120 candidates' searches for a second solution ran past their limit. Now
    // the seeds are made unique first (`grow::unique_seeds`): 0.7 s under load.
    let o = queens(&[
        "puzzle",
        "gen",
        "16",
        "--stars",
        "3",
        "--difficulty",
        "hard",
        "--seed",
        "1",
        "--budget-secs",
        "20",
    ]);
    code(&o, 0);
    let check = common::run_with_stdin(&["puzzle", "check", "--stars", "3", "-"], &o.stdout);
    code(&check, 0);
    assert_eq!(stdout(&check), "unique\n");
    let rate = common::run_with_stdin(&["puzzle", "rate", "--stars", "3", "-"], &o.stdout);
    code(&rate, 0);
    assert!(stdout(&rate).starts_with("hard:"), "{}", stdout(&rate));
    gen_stars_within("16", "3", "2", "20");
}

#[test]
fn puzzle_gen_16_two_stars_medium_seed_1_has_a_puzzle_in_seconds() {
    // Issue 40: none in 40 s. Nearly every two-star candidate is hard or expert as grown
    // and 160 moves toward medium never reached it; 16,000 moves do (6.6 s under load).
    gen_stars_of_grade_within("16", "2", "medium", "1", "30");
}

#[test]
fn puzzle_gen_16_three_stars_hard_seed_7_has_a_puzzle_in_seconds() {
    // Issue 40: none in 30 s under load. Its expert candidates were dropped after 160
    // moves toward hard; now the first one is moved on until hard (2.0 s at load 1.3).
    gen_stars_of_grade_within("16", "3", "hard", "7", "60");
}

#[test]
fn puzzle_gen_16_three_stars_expert_seed_3_has_a_puzzle_in_seconds() {
    // Issue 40: none in 30 s under load. Hard candidates were never moved toward expert
    // at 16x16; now they are (5.1 s at load 1.3).
    gen_stars_of_grade_within("16", "3", "expert", "3", "60");
}

#[test]
fn puzzle_gen_16_three_stars_medium_seed_10_has_a_puzzle_in_seconds() {
    // Issue 40: none in 30 s under load. The first walk toward medium, stuck with 20
    // squares free, used all its 16,000 moves (18 s); now it stops after 5,000 with no
    // step closer and the next candidate gets there (7.5 s at load 1.3).
    gen_stars_of_grade_within("16", "3", "medium", "10", "60");
}

#[test]
#[ignore = "about a minute under load: run with `cargo test --release --test regression -- --ignored`"]
fn puzzle_gen_20_three_stars_seed_1_has_a_puzzle_in_a_minute() {
    // Issue 40: none within 60 s. The plain search's join tests ran over on most squares
    // (40 to 260 forced in untested a candidate) and the repair's search ran over on
    // every candidate. From 20x20 with three stars the growth is steered by the hard
    // rules first, and the repair and the final proof use the rules and a probing
    // search: 23 s idle, 47 s under load 3 (bench/puzzle.md). Since then exact tests (a
    // SAT solver) and `2n` repair moves changed the puzzle; `gen` and `rate` took 45 s
    // together beside a CI run, most of it `rate`'s check. The generator proved it
    // unique by that exhaustive search; `rate` checks it again with the plain solver
    // (exit 1 unless there is exactly one solution) before it grades.
    let o = queens(&[
        "puzzle",
        "gen",
        "20",
        "--stars",
        "3",
        "--seed",
        "1",
        "--budget-secs",
        "120",
    ]);
    code(&o, 0);
    let board = stdout(&o);
    assert_eq!(board.lines().count(), 20, "{board}");
    assert!(board.lines().all(|l| l.chars().count() == 20), "{board}");
    let rate = common::run_with_stdin(&["puzzle", "rate", "--stars", "3", "-"], &o.stdout);
    code(&rate, 0);
    assert!(stdout(&rate).starts_with("expert:"), "{}", stdout(&rate));
}

#[test]
fn puzzle_gen_12_three_stars_expert_seeds_26_34_36_have_a_puzzle_in_two_seconds() {
    // Issue 40: 5.2, 6.7 and 6.9 s under load 5 (p95 over seeds 1 to 40 was 5.4 s):
    // about one candidate in 300 is expert, and each drew a random solution of the
    // tight 12x12 (one star in every 2x2 block) in thousands of nodes, restarting only
    // past 20,000. Now the search restarts from 500 nodes and a solution that took
    // many serves several candidates (0.06 to 0.66 s under the same load).
    for seed in ["26", "34", "36"] {
        gen_stars_of_grade_within("12", "3", "expert", seed, "2");
    }
}

#[test]
fn puzzle_gen_20_three_stars_seed_3_has_a_puzzle_in_seconds() {
    // Issue 40: none in 60 s (the join tests and the repair's search ran over their
    // limits, and the candidates let in too many other solutions). Exact tests (the
    // plain search, then a SAT solver) and roomy regions at 20x20 with three stars:
    // 0.2 s.
    gen_stars_within("20", "3", "3", "30");
}

#[test]
fn puzzle_gen_20_three_stars_seed_14_has_a_puzzle_in_seconds() {
    // Issue 40: none in 60 s with exact tests: its candidates let in hundreds of other
    // solutions and the repair ran through its `4n` moves on each. With `2n` a new
    // candidate comes sooner: 1.7 s (4.9 s since the repair remembers, another puzzle).
    gen_stars_within("20", "3", "14", "30");
}

#[test]
fn puzzle_gen_20_three_stars_seed_15_has_a_puzzle_within_the_minute() {
    // Issue 40: none in 60 s. At 20x20 with three stars a candidate ends unique by luck,
    // about one in 30 to 50 at a second each, so some seeds waited minutes. Candidates
    // now run in two lanes (on two threads where there are two): 10.3 s on 2 cores
    // (18.2 s since the repair remembers, another puzzle, which `puzzle check` takes
    // 96 s to prove unique).
    gen_stars_within("20", "3", "15", "60");
}

#[test]
fn puzzle_gen_20_three_stars_seed_13_has_a_puzzle_within_the_minute() {
    // Issue 40: none in 60 s (77 s). The repair met again other solutions it had
    // removed (one move in eight), and candidates whose growth forced many squares in
    // untested were repaired for a second each though they seldom end unique. Now the
    // repair remembers the solutions it met and such candidates are dropped at once:
    // 5.1 s on 2 cores.
    gen_stars_within("20", "3", "13", "60");
}

#[test]
fn puzzle_gen_20_three_stars_hard_seed_2_has_a_puzzle_within_the_minute() {
    // Issue 40: none in 60 s, mended as seed 13 with no grade (the test above): 15.0 s
    // on 2 cores.
    gen_stars_of_grade_within("20", "3", "hard", "2", "60");
}

#[test]
#[ignore = "about half a minute idle, more under load: run with `cargo test --release --test regression -- --ignored`"]
fn puzzle_gen_20_three_stars_medium_seed_6_has_a_puzzle_within_the_minute() {
    // Issue 40: none in 90 s. Its unique candidates' walks toward medium stopped with
    // 6, 4, 72, 102, 13 and 4 squares left free (traced), and each such candidate, half
    // a minute to a minute of one core, was dropped. At 19x19 and 20x20 three stars now walk toward medium up
    // to three times from one candidate: 33.0 s on 2 cores.
    gen_stars_of_grade_within("20", "3", "medium", "6", "60");
}

#[test]
fn puzzle_gen_20_three_stars_hard_seed_3_has_a_puzzle_in_seconds() {
    // Issue 40: none in 60 s: at 20x20 a candidate walked toward `hard` with 10 moves a
    // rank, where 15x15 to 19x19 take 1,000 and patience. With those: 1.1 s.
    gen_stars_of_grade_within("20", "3", "hard", "3", "30");
}

#[test]
fn puzzle_gen_17_to_19_three_stars_have_a_puzzle_in_seconds() {
    // Issue 40: `gen 17 --stars 3 --seed 1`, `gen 18 --stars 3 --seed 6` and `gen 19
    // --stars 3 --seed 3` found none in 60 s (at 19x19 no seed of 1 to 6 did): the plain
    // join tests refused squares whose searches ran over, and the candidates let in
    // other solutions. Exact tests and roomy regions from 17x17 with three stars, as at
    // 20x20: 0.7 s, 1.2 s and 2.6 s idle.
    gen_stars_within("17", "3", "1", "30");
    gen_stars_within("18", "3", "6", "30");
    gen_stars_within("19", "3", "3", "30");
}

#[test]
fn puzzle_gen_16_two_stars_seed_6_has_a_puzzle_in_seconds() {
    // Issue 40: 12.3 s on an idle machine (the 3 s budget at 16x16). Regions of even
    // sizes let in many other solutions; roomy regions (`grow::roomy`: sizes spread,
    // up to a quarter of the board) end unique far more often: 0.3 s.
    gen_stars_within("16", "2", "6", "8");
}

#[test]
fn puzzle_gen_16_three_stars_seed_4_has_a_puzzle_in_seconds() {
    // Issue 40: none in 30 s at any, hard and expert grade (load 5). Most 16x16
    // three-star candidates were dropped in the repair (its search for a second
    // solution ran over its limit); at 16x16 with three stars the growth's
    // join tests are lighter and the repair never moves a square back into a region it
    // left (0.3 s, 0.7 s and 0.3 s at load 5). Since then three stars at 16x16 take
    // exact tests (a SAT solver) instead of the lighter ones; the rule is kept.
    gen_stars_within("16", "3", "4", "30");
    gen_stars_of_grade_within("16", "3", "hard", "4", "30");
    gen_stars_of_grade_within("16", "3", "expert", "4", "30");
}

#[test]
fn verbose_gen_said_a_expert_puzzle() {
    // `queens -v puzzle gen` said "a expert puzzle after ..." on stderr: the article
    // now comes from `queens::words::a`.
    let o = queens(&[
        "-v",
        "puzzle",
        "gen",
        "8",
        "--difficulty",
        "expert",
        "--seed",
        "1",
    ]);
    code(&o, 0);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("queens: an expert puzzle after "), "{err}");
}
