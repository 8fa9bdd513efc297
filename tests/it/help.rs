//! The help cannot drift from the tool: every help page's examples run as written, and
//! every option a page offers is accepted by its command, with every value the page
//! lists for it (its possible values and its default).
//!
//! The pages are found from the `Commands:` lists of the help itself, so a new command
//! or option is checked without touching this file; an option that this file does not
//! know how to give a value fails the test by name, as does a page without examples.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::common::{stderr, stdout};

/// The binary under test.
const QUEENS: &str = env!("CARGO_BIN_EXE_queens");

/// An example slower than this fails: examples are to be small (a help that shows
/// something slow says so in words, not by running it).
const SLOW: Duration = Duration::from_secs(60);

/// Programs other than `queens` that examples may run, each piping its answer into
/// `queens` (the SAT solvers `export --to dimacs` is for).
const EXTERNAL: &[&str] = &["cadical"];

/// Runs `queens` with `args` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(QUEENS)
        .args(args)
        .current_dir(dir)
        // `queens tune` saves its calibration here, and times a small workload.
        .env("QUEENS_CACHE_DIR", dir)
        .env("QUEENS_TUNE_WORKLOAD", "10:0,11:0")
        .output()
        .expect("the queens binary runs")
}

/// A fresh, empty directory for one group of runs.
fn fresh_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-help-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The help page of the command `page` (words after `queens`), as `--help` prints it.
fn help(page: &[String]) -> String {
    let mut args: Vec<&str> = page.iter().map(String::as_str).collect();
    args.push("--help");
    let o = run_in(&std::env::temp_dir(), &args);
    assert_eq!(o.status.code(), Some(0), "queens {args:?}: {}", stderr(&o));
    stdout(&o)
}

/// The short help (`-h`), where each option is one line with its values in brackets.
fn short_help(page: &[String]) -> String {
    let mut args: Vec<&str> = page.iter().map(String::as_str).collect();
    args.push("-h");
    let o = run_in(&std::env::temp_dir(), &args);
    assert_eq!(o.status.code(), Some(0), "queens {args:?}: {}", stderr(&o));
    stdout(&o)
}

/// The indented lines of the section that starts with the line `title`.
fn section<'a>(text: &'a str, title: &str) -> Vec<&'a str> {
    text.lines()
        .skip_while(|l| *l != title)
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect()
}

/// Every help page: the top level, each command, each `puzzle` job.
fn pages() -> Vec<Vec<String>> {
    let mut pages: Vec<Vec<String>> = vec![Vec::new()];
    let mut i = 0;
    while i < pages.len() {
        let text = help(&pages[i]);
        for line in section(&text, "Commands:") {
            let name = line.split_whitespace().next().unwrap();
            if name != "help" {
                let mut page = pages[i].clone();
                page.push(name.to_string());
                pages.push(page);
            }
        }
        i += 1;
    }
    assert!(pages.len() >= 20, "{pages:?}");
    pages
}

/// A page's examples: each indented line after `Examples:`, split into the command
/// and what it shows (after two or more spaces; empty when nothing is said).
fn examples(text: &str) -> Vec<(String, String)> {
    section(text, "Examples:")
        .into_iter()
        .map(|l| match l.trim().split_once("  ") {
            Some((cmd, said)) => (cmd.trim().to_string(), said.trim().to_string()),
            None => (l.trim().to_string(), String::new()),
        })
        .collect()
}

/// What an example's description says its stdout is, when it says so exactly: numbers
/// (`92`, `16 281571`, before any parenthesis) must be the first line of stdout, and a
/// single word (`valid`, `unique`) must start it.
fn check_said(cmd: &str, said: &str, out: &str) {
    let claim = said.split(" (").next().unwrap_or_default().trim();
    let first = out.lines().next().unwrap_or_default();
    let words: Vec<&str> = claim.split(' ').collect();
    if !claim.is_empty() && words.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit())) {
        assert_eq!(
            first, claim,
            "`{cmd}` is said to print {claim}; it printed:\n{out}"
        );
    } else if words.len() == 1 && claim.bytes().all(|b| b.is_ascii_lowercase()) {
        assert!(
            first.starts_with(claim),
            "`{cmd}` is said to print {claim}; it printed:\n{out}"
        );
    }
}

/// Whether `program` can be run from `PATH`.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

/// Runs one example line with `sh`, in `dir`, with this build's `queens` first on the
/// `PATH`; checks that it ends with exit 0 or 1, says no error, and prints what its
/// description says it prints.
fn run_example(dir: &Path, cmd: &str, said: &str) {
    let bin_dir = Path::new(QUEENS).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let start = Instant::now();
    let o = Command::new("sh")
        .args(["-c", cmd])
        .current_dir(dir)
        .env("PATH", path)
        .env("QUEENS_CACHE_DIR", dir)
        .env("QUEENS_TUNE_WORKLOAD", "10:0,11:0")
        .output()
        .expect("sh runs");
    let took = start.elapsed();
    let (out, err) = (stdout(&o), stderr(&o));
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "`{cmd}` ended with {:?}:\n{err}",
        o.status
    );
    for bad in ["error", "panicked"] {
        assert!(
            !err.to_lowercase().contains(bad),
            "`{cmd}` said {bad}:\n{err}"
        );
    }
    assert!(
        took < SLOW,
        "`{cmd}` took {took:?}: make the example smaller"
    );
    check_said(cmd, said, &out);
}

#[test]
fn every_help_example_runs_as_shown() {
    // Pages that share their examples (the `puzzle` jobs) run them once.
    let mut done: BTreeSet<Vec<(String, String)>> = BTreeSet::new();
    let mut skipped = Vec::new();
    let mut ran = 0;
    for (i, page) in pages().iter().enumerate() {
        let text = help(page);
        let examples = examples(&text);
        assert!(
            !examples.is_empty(),
            "`queens {} --help` has no examples",
            page.join(" ")
        );
        if !done.insert(examples.clone()) {
            continue;
        }
        // Each page's examples run in order in a directory of their own: a page's
        // later lines may read the files its earlier lines write, and nothing else.
        let dir = fresh_dir(&format!("examples-{i}"));
        for (cmd, said) in &examples {
            let program = cmd.split_whitespace().next().unwrap_or_default();
            if program != "queens" {
                assert!(
                    EXTERNAL.contains(&program) && cmd.contains("| queens "),
                    "`queens {} --help`: the example `{cmd}` must run queens",
                    page.join(" ")
                );
                if !on_path(program) {
                    skipped.push(cmd.clone());
                    continue;
                }
            }
            run_example(&dir, cmd, said);
            ran += 1;
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(ran >= 50, "only {ran} examples ran");
    for cmd in skipped {
        eprintln!("help example not run (its solver is not installed): {cmd}");
    }
}

/// The options a short help page lists: each as its long name (`--kind`), with the
/// values the page names for it: its `[possible values: ...]` and its `[default: X]`
/// when X is one word (a default written as prose, `[default: none]` for an absent
/// option, is left to the reader); `takes_value` when it has a `<VALUE>`.
struct Offered {
    name: String,
    takes_value: bool,
    values: Vec<String>,
}

fn offered(short_help: &str) -> Vec<Offered> {
    let mut found = Vec::new();
    for line in section(short_help, "Options:") {
        let line = line.trim_start();
        let line = match line.split_once(", ") {
            Some((short, rest)) if short.len() == 2 && short.starts_with('-') => rest,
            _ => line,
        };
        let Some(rest) = line.strip_prefix("--") else {
            continue;
        };
        let name_end = rest.find([' ', '=']).unwrap_or(rest.len());
        let name = format!("--{}", &rest[..name_end]);
        let takes_value = rest[name_end..].trim_start().starts_with('<');
        let mut values = Vec::new();
        if let Some((_, list)) = line.split_once("[possible values: ") {
            let list = list.split(']').next().unwrap_or_default();
            values.extend(list.split(", ").map(str::to_string));
            if let Some((_, default)) = line.rsplit_once("[default: ") {
                let default = default.split(']').next().unwrap_or_default();
                if !default.contains(char::is_whitespace) {
                    values.push(default.to_string());
                }
            }
        } else if let Some((_, default)) = line.rsplit_once("[default: ") {
            let default = default.split(']').next().unwrap_or_default();
            if takes_value && default.parse::<f64>().is_ok() {
                values.push(default.to_string());
            }
        }
        found.push(Offered {
            name,
            takes_value,
            values,
        });
    }
    found
}

/// A run of the command `page` that works (exit 0 or 1), before any option is added.
fn base(page: &str) -> Option<&'static [&'static str]> {
    Some(match page {
        "solve" | "all" | "count" | "engines" => &["5"],
        "merge" => &["s1.json", "s2.json"],
        "recheck" => &["m.txt"],
        "max" | "cover" => &["5", "--kind", "Q"],
        "verify" => &["5", "[1,3,5,2,4]"],
        "" | "pieces" | "puzzle" | "tune" => &[],
        "gen-completion" => &["8"],
        "gen-regions" => &["5"],
        "puzzle gen" => &["6"],
        "export" => &["5", "--to", "dimacs"],
        "decode" => &["5", "--model", "unsat.txt"],
        "puzzle solve" | "puzzle count" | "puzzle check" | "puzzle hint" | "puzzle explain"
        | "puzzle rate" | "puzzle draw" => &["p.txt"],
        "puzzle read" => &["board.png"],
        _ => return None,
    })
}

/// The arguments that give `option` on `page` with a value it takes (and what it
/// needs beside it), to add to [`base`]; `None` when this file does not know it.
fn with_option(page: &str, option: &str) -> Option<&'static [&'static str]> {
    Some(match (page, option) {
        ("max" | "cover", "--pieces") => &["--pieces", "N"],
        (_, "--pieces") => &["--pieces", "5Q"],
        (_, "--fixed") => &["--fixed", "Qa1"],
        (_, "--engine") => &["--engine", "auto"],
        (_, "--threads") => &["--threads", "1"],
        (_, "--budget-secs") => &["--budget-secs", "600"],
        (_, "--budget-steps") => &["--budget-steps", "100000000"],
        (_, "--piece") => &["--piece", "C=RN"],
        (_, "--holes") => &["--holes", "a1"],
        (_, "--blockers") => &["--blockers", "a1"],
        (_, "--regions") => &["--regions", "r5.txt"],
        (_, "--per-region") => &["--regions", "r5.txt", "--per-region", "1"],
        ("solve" | "all", "--format") => &["--format", "coords"],
        ("verify" | "puzzle hint" | "puzzle explain", "--format") => &["--format", "json"],
        ("puzzle solve", "--format") => &["--format", "coords"],
        ("solve", "--seed") => &["--random", "--seed", "3"],
        ("recheck", "--seed") => &["--parts", "3", "--seed", "1"],
        (_, "--seed") => &["--seed", "3"],
        ("recheck", "--parts") => &["--parts", "3"],
        ("recheck", "--part") => &["--part", "0"],
        (_, "--manifest") => &["--manifest", "new-manifest.txt"],
        ("solve", "--fixed-file") => &["--fixed-file", "c5.txt"],
        ("solve", "--cover" | "--kind") => &["--cover", "--kind", "Q"],
        ("solve", "--independent") => &["--cover", "--kind", "Q", "--independent"],
        ("solve", "--total") => &["--cover", "--kind", "Q", "--total"],
        ("max" | "cover", "--kind") | ("export", "--to") | ("decode", "--model") => &[],
        ("decode", "--cnf") => &["--cnf", "q5.cnf"],
        ("verify", "--perm-file") => &["--perm-file", "perm.txt"],
        (_, "--limit") => &["--limit", "3"],
        (_, "--checkpoint") => &["--checkpoint", "c.json"],
        (_, "--shard") => &["--shard", "1/2"],
        (_, "--method") => &["--method", "backtrack"],
        (_, "--tuning") => &["--tuning", "kernel=portable,width=9"],
        ("tune", "--repeats") => &["--repeats", "1"],
        (_, "--stars") => &["--stars", "1"],
        (_, "--placed") => &["--placed", "a1"],
        (_, "--crossed") => &["--crossed", "a1"],
        (_, "--difficulty") => &["--difficulty", "easy"],
        (_, "--style") => &["--style", "official"],
        ("puzzle read", "--size") => &["--size", "6"],
        ("puzzle read", "--format") => &["--format", "json"],
        ("puzzle draw", "--theme") => &["--theme", "dark"],
        ("puzzle draw", "--square") => &["--square", "24"],
        _ => return None,
    })
}

/// The files the runs read: a region file, a puzzle, shard results, a manifest, a
/// DIMACS model and a solver's answer, a completion instance, a permutation.
fn inputs(dir: &Path) {
    let write = |name: &str, args: &[&str]| {
        let o = run_in(dir, args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        std::fs::write(dir.join(name), &o.stdout).unwrap();
    };
    std::fs::write(dir.join("r5.txt"), "aabbc\naabbc\nddbcc\nddeee\nddeee\n").unwrap();
    std::fs::write(dir.join("unsat.txt"), "s UNSATISFIABLE\n").unwrap();
    std::fs::write(dir.join("perm.txt"), "1 3 5 2 4\n").unwrap();
    write("p.txt", &["puzzle", "gen", "6", "--seed", "1"]);
    write("board.png", &["puzzle", "draw", "p.txt"]);
    write(
        "s1.json",
        &["count", "8", "--shard", "1/2", "--manifest", "m1.txt"],
    );
    write(
        "s2.json",
        &["count", "8", "--shard", "2/2", "--manifest", "m2.txt"],
    );
    write("count.txt", &["count", "8", "--manifest", "m.txt"]);
    write("q5.cnf", &["export", "5", "--to", "dimacs"]);
    write("c5.txt", &["gen-completion", "5"]);
}

#[test]
fn every_offered_option_is_taken() {
    let dir = fresh_dir("options");
    inputs(&dir);
    let mut unknown = Vec::new();
    let mut runs = 0;
    for page in pages() {
        let name = page.join(" ");
        let text = short_help(&page);
        let Some(base) = base(&name) else {
            unknown.push(format!("queens {name}: no base run"));
            continue;
        };
        for opt in offered(&text) {
            if opt.name == "--help" || opt.name == "--version" {
                continue;
            }
            // The top level's own options come before a command.
            let extra: Vec<&str> = match with_option(&name, &opt.name) {
                _ if name.is_empty() => vec![opt.name.as_str()],
                Some(extra) => extra.to_vec(),
                None if !opt.takes_value => vec![opt.name.as_str()],
                None => {
                    unknown.push(format!("queens {name} {}", opt.name));
                    continue;
                }
            };
            let mut args: Vec<&str> = Vec::new();
            if name.is_empty() {
                args.extend(&extra);
                args.extend(["count", "5"]);
            } else {
                args.extend(page.iter().map(String::as_str));
                args.extend(base);
                args.extend(&extra);
            }
            if name == "decode" && extra.contains(&"--cnf") {
                // --cnf stands for BOARD.
                args.retain(|a| *a != "5");
            }
            if name == "verify" && extra.contains(&"--perm-file") {
                // The file stands for PLACEMENT.
                args.retain(|a| !a.starts_with('['));
            }
            // The value the table gives, then each value the page names.
            let mut tries = vec![args.clone()];
            for v in &opt.values {
                let mut again = args.clone();
                let at = again.iter().position(|a| *a == opt.name).unwrap() + 1;
                again[at] = v.as_str();
                tries.push(again);
            }
            for args in tries {
                let o = run_in(&dir, &args);
                assert!(
                    matches!(o.status.code(), Some(0 | 1 | 3)),
                    "`queens {}` is offered but refused: {}",
                    args.join(" "),
                    stderr(&o)
                );
                runs += 1;
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "options this test cannot give a value (add them to with_option): {unknown:?}"
    );
    assert!(runs >= 100, "only {runs} runs");
    let _ = std::fs::remove_dir_all(&dir);
}
