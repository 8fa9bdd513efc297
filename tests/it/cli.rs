//! The real `queens` binary: every command form of the foundation, exit codes, output
//! formats, and every kind of bad input.

use crate::common;

use common::{queens, stderr, stdout};

fn code(args: &[&str]) -> i32 {
    queens(args).status.code().expect("exited normally")
}

#[test]
fn solve_draws_a_valid_board() {
    let o = queens(&["solve"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8);
    assert!(lines.iter().all(|l| l.split(' ').count() == 8));
    assert_eq!(text.matches('Q').count(), 8);
}

#[test]
fn solve_formats_are_verifiable() {
    for board in ["8", "5x7", "6"] {
        let coords = stdout(&queens(&["solve", board, "--format", "coords"]));
        let o = queens(&["verify", board, coords.trim()]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{board}: {coords} -> {}",
            stdout(&o)
        );
    }
    let mixed = stdout(&queens(&[
        "solve",
        "6",
        "--pieces",
        "2N,2B,R,Q",
        "--format",
        "coords",
    ]));
    assert_eq!(
        code(&["verify", "6", mixed.trim(), "--pieces", "2N,2B,R,Q"]),
        0
    );

    let json = stdout(&queens(&["solve", "8", "--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["rows"], 8);
    assert_eq!(v["pieces"].as_array().unwrap().len(), 8);

    let svg = stdout(&queens(&["solve", "8", "--format", "svg"]));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<title>Q").count(), 8);
}

#[test]
fn solve_is_deterministic() {
    let a = stdout(&queens(&["solve", "10", "--format", "coords"]));
    let b = stdout(&queens(&["solve", "10", "--format", "coords"]));
    assert_eq!(a, b);
}

#[test]
fn all_prints_every_solution_once_and_each_verifies() {
    let o = queens(&["all", "8"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 92);
    let mut unique = lines.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 92);
    for l in lines.iter().step_by(7) {
        assert_eq!(code(&["verify", "8", l]), 0, "{l}");
        // The same text is accepted back as fixed pieces.
        assert_eq!(stdout(&queens(&["count", "8", "--fixed", l])).trim(), "1");
    }
}

#[test]
fn all_limit_and_formats() {
    let text = stdout(&queens(&["all", "8", "--limit", "5"]));
    assert_eq!(text.lines().count(), 5);
    let json = stdout(&queens(&["all", "6", "--format", "json"]));
    assert_eq!(json.lines().count(), 4);
    for l in json.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["pieces"].as_array().unwrap().len(), 6);
    }
    let boards = stdout(&queens(&["all", "6", "--format", "board"]));
    assert_eq!(boards.split("\n\n").count(), 4);
    assert_eq!(boards.matches('Q').count(), 24);
    let mixed = stdout(&queens(&["all", "5", "--pieces", "N,B,R,Q,A"]));
    assert_eq!(mixed.lines().count(), 96);
    assert_eq!(code(&["all", "3"]), 1);
}

#[test]
fn count_prints_the_number_alone() {
    let cases = [
        (vec!["count"], "92", 0),
        (vec!["count", "8"], "92", 0),
        (vec!["count", "6", "--pieces", "2N,2B,R,Q"], "104416", 0),
        (vec!["count", "5", "--pieces", "N,B,R,Q,A"], "96", 0),
        (vec!["count", "4x5", "--pieces", "4Q"], "12", 0),
        (vec!["count", "8", "--pieces", "N,8Q"], "0", 1),
        (vec!["count", "3"], "0", 1),
        (vec!["count", "8", "--fixed", "Qa1"], "4", 0),
        (
            vec!["count", "6", "--pieces", "2N,2B,R", "--threads", "1"],
            "217568",
            0,
        ),
    ];
    for (args, want, exit) in cases {
        let o = queens(&args);
        assert_eq!(stdout(&o), format!("{want}\n"), "{args:?}");
        assert_eq!(o.status.code(), Some(exit), "{args:?}");
    }
}

#[test]
fn verify_names_every_attack() {
    let o = queens(&["verify", "[1,5,8,6,3,7,2,4]"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("valid"));

    let o = queens(&["verify", "8", "Qa1,Qb2 Nd3"]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(text.contains("Qa1 and Qb2 attack each other"), "{text}");
    // A queen that does not attack a knight may still be attacked by it.
    assert!(text.contains("Nd3 attacks Qb2"), "{text}");
    assert!(!text.contains("Qa1 and Nd3"), "{text}");

    let o = queens(&["verify", "4", "Qa1,Ka1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("same square"));

    let o = queens(&["verify", "8", "Qa1", "--pieces", "2Q"]);
    assert_eq!(o.status.code(), Some(1));
    let o = queens(&["verify", "8", "Qa1 Qb3", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["valid"], true);
}

#[test]
fn fixed_pieces_that_attack_each_other_are_no_solution() {
    for cmd in ["solve", "all", "count"] {
        let o = queens(&[cmd, "8", "--fixed", "Qa1,Qc3"]);
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        assert!(
            stderr(&o).contains("Qa1 and Qc3 attack each other"),
            "{cmd}"
        );
    }
}

/// Every bad input is exit 2 with one sentence naming the bad part, and never a panic.
#[test]
fn bad_input_is_exit_2_with_a_clear_sentence() {
    let cases: &[(&[&str], &str)] = &[
        (&["count", "0"], "'0'"),
        (&["count", "-3"], "'-3'"),
        (&["count", "8x"], "'8x'"),
        (&["count", "x8"], "'x8'"),
        (&["count", "abc"], "'abc'"),
        (&["count", "100000x100000"], "100000x100000"),
        (&["solve", "100000x100000", "--pieces", "2N"], "too large"),
        (&["count", "8", "--pieces", "8X"], "unknown piece 'X'"),
        (&["count", "8", "--pieces", "Q8"], "'Q8'"),
        (&["count", "8", "--pieces", "8Q,,N"], "empty item"),
        (&["count", "8", "--fixed", "Qi9"], "i9"),
        (&["count", "8", "--fixed", "Qa1,Qa1"], "a1"),
        (
            &["count", "8", "--fixed", "Qa1,Na1", "--pieces", "N,8Q"],
            "a1",
        ),
        (&["count", "8", "--fixed", "Nb1"], "kind N"),
        (
            &["count", "8", "--pieces", "Q", "--fixed", "Qa1,Qc2"],
            "2 fixed pieces of kind Q",
        ),
        (&["count", "8", "--fixed", "Qz"], "'Qz'"),
        (&["count", "8", "--fixed", "qa1"], "'qa1'"),
        (&["verify", "8", "Qa9"], "a9"),
        (&["verify", "8", "[1,2,x]"], "'x'"),
        (&["verify", "8", "[1,2"], "closing bracket"),
        (&["verify", "8", "Xa1"], "unknown piece 'X'"),
        (&["count", "8", "--engine", "magic"], "unknown engine"),
        (&["all", "8", "--format", "svg"], "svg"),
        (&["frobnicate"], "frobnicate"),
    ];
    for (args, needle) in cases {
        let o = queens(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: '{err}' lacks '{needle}'");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn help_teaches_the_forms() {
    let text = stdout(&queens(&["--help"]));
    for cmd in ["solve", "all", "count", "verify"] {
        assert!(text.contains(cmd));
    }
    let text = stdout(&queens(&["count", "--help"]));
    assert!(text.contains("2N,2B,R,Q") && text.contains("Exit status"));
}

#[test]
fn progress_is_silent_when_piped() {
    let o = queens(&["count", "10"]);
    assert_eq!(stdout(&o), "724\n");
    assert!(stderr(&o).is_empty());
}

#[test]
fn output_to_a_closed_pipe_ends_quietly() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["all", "10"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}
