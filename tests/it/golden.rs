//! Golden tests of the `queens` command line: every recorded command must print the same
//! stdout and end with the same exit status as it did when it was recorded.
//!
//! The records were made with the release binary of commit 59e3ee5, before the
//! engine-contract refactor (the move to a workspace with the library in
//! `crates/queens` and the command line in `crates/cli`), so that the refactor can be
//! shown to keep every output and exit code. They cover every subcommand, the output
//! formats, piece mixes, fairy pieces, fixed pieces, ranged specs, every `--engine`
//! name, huge N, export/decode/merge, and bad inputs (exit 2), no-solution cases
//! (exit 1) and an exhausted budget (exit 3). Stderr is not compared.
//!
//! The data lives in [`GOLDEN_DIR`]:
//! - `cases.txt`: `#` comments, blank lines, and one case a line, `EXIT | ARGS`, where
//!   ARGS are the arguments after `queens`, split on spaces, with single quotes (and no
//!   other quoting or escapes) around arguments that hold spaces or special characters,
//!   `''` for an empty one;
//! - `out/NNN.stdout`: the stdout of the NNN-th case (1-based, comments and blank lines
//!   not counted);
//! - `files/`: inputs the cases read (`--perm-file`, `--fixed-file`, `decode`, `merge`).
//!
//! Every case runs with `GOLDEN_DIR` as its working directory (so `files/...` paths
//! work wherever the directory is moved), stdin empty. Every `"seconds":NUMBER` in an
//! output (the time in `count --json`, `--shard` and `merge --json`) is recorded and
//! compared as `"seconds":_`; the cases that print `"threads"` pass `--threads`
//! explicitly.
//!
//! To re-record after an intended change of behaviour (or to add a case: write its line
//! as `? | ARGS`), build the binary and run
//! `testdata/golden/record.sh target/release/queens`, which rewrites `cases.txt`'s exit
//! codes and every `out/NNN.stdout`; then review the diff.

use crate::common::shell_words;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The directory of `cases.txt`, `out/` and `files/` (the one path to change when this
/// file moves).
const GOLDEN_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/golden");

/// The binary under test.
const QUEENS: &str = env!("CARGO_BIN_EXE_queens");

/// A case that runs longer than this is killed and reported as a failure.
const TIMEOUT: Duration = Duration::from_secs(60);

/// One recorded command.
struct Case {
    /// 1-based position among the cases: the NNN of `out/NNN.stdout`.
    number: usize,
    /// 1-based line in `cases.txt`.
    line_no: usize,
    /// The arguments as written in `cases.txt`.
    text: String,
    args: Vec<String>,
    code: i32,
}

/// What a run of the binary gave.
struct Run {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// `None` when killed by a signal (or by the timeout).
    code: Option<i32>,
    timed_out: bool,
}

fn parse_cases(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("cases.txt:{}: {why}: {line}", i + 1);
        let (code, rest) = line
            .split_once(" | ")
            .ok_or_else(|| bad("expected 'EXIT | ARGS'"))?;
        let code = code
            .trim()
            .parse()
            .map_err(|_| bad("the exit code is not a number (re-record with record.sh)"))?;
        cases.push(Case {
            number: cases.len() + 1,
            line_no: i + 1,
            text: rest.to_string(),
            args: shell_words(rest).map_err(|e| bad(&e))?,
            code,
        });
    }
    Ok(cases)
}

/// Replaces every `"seconds":NUMBER` by `"seconds":_`, exactly as `record.sh` does
/// (`sed -E 's/"seconds":[-+0-9.eE]*/"seconds":_/g'`).
fn normalise(out: &[u8]) -> Vec<u8> {
    const KEY: &[u8] = b"\"seconds\":";
    let mut res = Vec::with_capacity(out.len());
    let mut i = 0;
    while i < out.len() {
        if out[i..].starts_with(KEY) {
            res.extend_from_slice(KEY);
            res.push(b'_');
            i += KEY.len();
            while i < out.len() && matches!(out[i], b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
            {
                i += 1;
            }
        } else {
            res.push(out[i]);
            i += 1;
        }
    }
    res
}

fn run(dir: &Path, args: &[String]) -> Result<Run, String> {
    let mut child = Command::new(QUEENS)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {QUEENS}: {e}"))?;
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break s;
        }
        if start.elapsed() > TIMEOUT {
            timed_out = true;
            let _ = child.kill();
            break child.wait().map_err(|e| e.to_string())?;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    Ok(Run {
        stdout: out_reader.join().expect("reader"),
        stderr: err_reader.join().expect("reader"),
        code: status.code(),
        timed_out,
    })
}

fn shown(line: Option<&str>) -> String {
    match line {
        None => "(no such line)".to_string(),
        Some(l) if l.chars().count() > 160 => {
            format!("{:?}...", l.chars().take(160).collect::<String>())
        }
        Some(l) => format!("{l:?}"),
    }
}

/// Where `want` and `got` first differ, as lines.
fn first_difference(want: &[u8], got: &[u8]) -> String {
    let want = String::from_utf8_lossy(want);
    let got = String::from_utf8_lossy(got);
    let (w, g): (Vec<&str>, Vec<&str>) = (want.split('\n').collect(), got.split('\n').collect());
    let at = (0..w.len().max(g.len()))
        .find(|&i| w.get(i) != g.get(i))
        .unwrap_or(0);
    let mut s = format!(
        "stdout differs at line {} (expected {} bytes, got {}):\n    expected: {}\n    got:      {}",
        at + 1,
        want.len(),
        got.len(),
        shown(w.get(at).copied()),
        shown(g.get(at).copied()),
    );
    if w.len() == g.len() + 1 && w.last() == Some(&"")
        || g.len() == w.len() + 1 && g.last() == Some(&"")
    {
        s.push_str("\n    (a final newline is missing on one side)");
    }
    s
}

/// The failure report of `case`, or `None` when it passes.
fn check(dir: &Path, case: &Case) -> Option<String> {
    let head = format!(
        "case {:03} (cases.txt line {}): queens {}",
        case.number, case.line_no, case.text
    );
    let path = dir.join("out").join(format!("{:03}.stdout", case.number));
    let want = match std::fs::read(&path) {
        Ok(w) => w,
        Err(e) => return Some(format!("{head}\n  cannot read {}: {e}", path.display())),
    };
    let got = match run(dir, &case.args) {
        Ok(r) => r,
        Err(e) => return Some(format!("{head}\n  {e}")),
    };
    let mut problems = Vec::new();
    if got.timed_out {
        problems.push(format!("killed after {} s", TIMEOUT.as_secs()));
    }
    if got.code != Some(case.code) {
        let code = got.code.map_or("a signal".to_string(), |c| c.to_string());
        problems.push(format!("exit: expected {}, got {code}", case.code));
    }
    // The records are stored normalised (by record.sh); only the new output needs it.
    let stdout = normalise(&got.stdout);
    if want != stdout {
        problems.push(first_difference(&want, &stdout));
    }
    if problems.is_empty() {
        return None;
    }
    let stderr = String::from_utf8_lossy(&got.stderr);
    let stderr: Vec<&str> = stderr.lines().take(3).collect();
    if !stderr.is_empty() {
        problems.push(format!("stderr: {}", stderr.join(" / ")));
    }
    Some(format!("{head}\n  {}", problems.join("\n  ")))
}

#[test]
fn the_command_line_behaves_as_recorded() {
    let dir = Path::new(GOLDEN_DIR);
    let text = std::fs::read_to_string(dir.join("cases.txt"))
        .unwrap_or_else(|e| panic!("cannot read {GOLDEN_DIR}/cases.txt: {e}"));
    let cases = parse_cases(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(!cases.is_empty(), "no cases in {GOLDEN_DIR}/cases.txt");

    let mut failures: Vec<(usize, String)> = Vec::new();
    // Outputs recorded for cases that no longer exist mean cases.txt and out/ disagree.
    for entry in std::fs::read_dir(dir.join("out")).expect("out/ exists") {
        let name = entry.expect("readable out/").file_name();
        let name = name.to_string_lossy();
        let n: Option<usize> = name.strip_suffix(".stdout").and_then(|n| n.parse().ok());
        if !n.is_some_and(|n| (1..=cases.len()).contains(&n)) {
            failures.push((0, format!("out/{name} belongs to no case (re-record?)")));
        }
    }

    let next = AtomicUsize::new(0);
    let found = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()) * 2;
    std::thread::scope(|s| {
        for _ in 0..workers.min(cases.len()) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    if let Some(f) = check(dir, case) {
                        found.lock().unwrap().push((case.number, f));
                    }
                }
            });
        }
    });
    failures.extend(found.into_inner().unwrap());
    failures.sort();
    if !failures.is_empty() {
        let list: Vec<String> = failures.into_iter().map(|(_, f)| f).collect();
        panic!(
            "{} of {} golden cases differ from the records in {GOLDEN_DIR}:\n\n{}\n",
            list.len(),
            cases.len(),
            list.join("\n\n")
        );
    }
}

#[test]
fn cases_split_like_the_shell() {
    let split = |s| shell_words(s).unwrap();
    assert_eq!(
        split("solve 8 --format coords"),
        ["solve", "8", "--format", "coords"]
    );
    assert_eq!(
        split("verify 8 'Qa1 Qb3'  --pieces 2Q"),
        ["verify", "8", "Qa1 Qb3", "--pieces", "2Q"]
    );
    assert_eq!(split("pieces ''"), ["pieces", ""]);
    assert_eq!(
        split("count 8 --pieces '*K'"),
        ["count", "8", "--pieces", "*K"]
    );
    assert_eq!(split("a'b c'd"), ["ab cd"]);
    assert!(shell_words("verify '[1,2").is_err());
    assert_eq!(
        normalise(br#"{"seconds":0.0086,"threads":1} "seconds":1e-3}"#),
        br#"{"seconds":_,"threads":1} "seconds":_}"#
    );
}
