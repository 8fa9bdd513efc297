//! Helpers shared by the integration tests.

#![allow(dead_code)]

pub mod oracle;
pub mod strategy;

use std::ops::ControlFlow;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};

use proptest::prelude::*;
use queens::engine::{Parts, PartsReport, count_parts};
use queens::{
    Board, Catalog, EngineChoice, Error, Piece, PieceCount, Placement, Problem, Settings, Square,
};

/// Runs the real `queens` binary with `args` and `input` on its standard input.
pub fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the queens binary runs");
    child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(input)
        .expect("the input is written");
    child.wait_with_output().expect("the queens binary ends")
}

/// Runs the real `queens` binary with `args`.
pub fn queens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .output()
        .expect("the queens binary runs")
}

/// Stdout of a run, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

/// Stderr of a run, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

/// Asserts that `text` (a run's output) holds `part`, showing all of it when not.
#[track_caller]
pub fn assert_contains(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} is not in:\n{text}");
}

/// A library problem from a board, a spec and fixed pieces, all as CLI text.
pub fn problem(board: &str, spec: &str, fixed: &str) -> Problem {
    Problem::parse(board, Some(spec), Some(fixed), &Catalog::standard()).unwrap()
}

/// Every solution `choice` lists for `p`, in its order.
pub fn listed(p: &Problem, choice: EngineChoice, settings: &Settings) -> Vec<Placement> {
    let mut all = Vec::new();
    queens::enumerate(p, choice, settings, &mut |s| {
        all.push(s.clone());
        ControlFlow::Continue(())
    })
    .unwrap();
    all
}

/// The exact engine (one thread) on the oracle problem `s`, its letters read with
/// `catalog`, against the oracle's solutions with `attacks`: the same count, every
/// placement listed a solution, the same solutions listed, and `solve` answering with
/// the first one listed (none when none). `what` adds to `s` in the messages.
pub fn exact_engine_agrees_with_the_oracle(
    s: &oracle::Small,
    catalog: &Catalog,
    attacks: &dyn Fn(char, oracle::Sq, oracle::Sq) -> bool,
    what: &str,
) -> Result<(), TestCaseError> {
    let problem = oracle_problem(s, catalog);
    let want = oracle::solutions(s, attacks);
    let what = format!("{what} {s:?}");
    let exact = EngineChoice::Named(queens::EngineName::Exact);
    let ctl = Settings {
        threads: 1,
        ..Settings::default()
    };
    let counted = queens::count(&problem, exact, &ctl).unwrap();
    prop_assert_eq!(counted, (want.len() as u64).into(), "count of {}", what);
    let listed = listed(&problem, exact, &ctl);
    for p in &listed {
        prop_assert!(problem.accepts(p), "{} is not a solution of {}", p, what);
    }
    let mut got: Vec<_> = listed.iter().map(oracle_solution).collect();
    got.sort();
    prop_assert_eq!(got, want, "solutions of {}", what);
    let first = queens::solve(&problem, exact, &ctl).unwrap();
    prop_assert_eq!(first.as_ref(), listed.first(), "first solution of {}", what);
    Ok(())
}

/// Counts `p` in parts with checkpoints (`parts.checkpoint` set) by `engine`: stopped
/// through the cancel flag once the progress hook has seen three tasks done (which must
/// end in `Error::Interrupted`), then run again from the checkpoint, which must resume
/// some but not all of the tasks. Returns the resumed run's report.
pub fn stop_then_resume(p: &Problem, engine: &'static str, parts: &Parts) -> PartsReport {
    let stop = AtomicBool::new(false);
    let hook = |pr: queens::Progress| {
        if pr.done >= 3 {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let settings = Settings {
        threads: 2,
        cancel: Some(&stop),
        progress: Some(&hook),
        ..Settings::default()
    };
    let choice = EngineChoice::Named(queens::EngineName::parse(engine).unwrap());
    let first = count_parts(p, choice, &settings, parts);
    assert_eq!(first, Err(Error::Interrupted), "{engine}: {p:?}");
    let again = count_parts(p, choice, &Settings::default(), parts).unwrap();
    assert!(
        again.resumed >= 3 && again.resumed < again.tasks,
        "{engine}: {p:?}: {again:?}"
    );
    again
}

/// Splits `s` as `sh` would, for the only quoting the golden cases and the README use: words separated by
/// spaces, single quotes keeping everything up to the next single quote literal.
pub fn shell_words(s: &str) -> Result<Vec<String>, String> {
    let mut args = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quoted = false;
    for c in s.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                in_word = true;
            }
            c if c.is_ascii_whitespace() && !quoted => {
                if in_word {
                    args.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quoted {
        return Err(format!("unclosed single quote in: {s}"));
    }
    if in_word {
        args.push(word);
    }
    Ok(args)
}

/// One row of a truth table: board, kinds with counts, the published value, its source.
#[derive(Clone, Debug)]
pub struct TruthRow {
    pub rows: u32,
    pub cols: u32,
    /// (letter, count) in the file's order.
    pub pieces: Vec<(char, u32)>,
    /// The published value, as decimal digits (may exceed u128).
    pub value: String,
    pub source: String,
}

impl TruthRow {
    /// The pieces as a CLI spec, e.g. `2N,2B,R,Q`.
    pub fn spec(&self) -> String {
        self.pieces
            .iter()
            .map(|(k, n)| format!("{n}{k}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// A short name for messages.
    pub fn name(&self) -> String {
        format!("{} {}", self.board(), self.spec())
    }

    /// The board as the CLI writes it, e.g. `5x7`.
    pub fn board(&self) -> String {
        format!("{}x{}", self.rows, self.cols)
    }

    /// The pieces in the table's own notation, e.g. `N2B2R1Q1`.
    pub fn table_spec(&self) -> String {
        self.pieces.iter().map(|(k, n)| format!("{k}{n}")).collect()
    }

    /// Whether this is the row of `board` (`5x7`) and `spec` (the table's notation).
    pub fn is(&self, board: &str, spec: &str) -> bool {
        self.board() == board && self.table_spec() == spec
    }

    /// Asserts that `got`, the count of this row by `by`, is the published value; the
    /// message names the row, its source and `by`.
    #[track_caller]
    pub fn assert_published(&self, got: impl std::fmt::Display, by: &str) {
        let got = got.to_string();
        assert_eq!(got, self.value, "{} ({}) by {by}", self.name(), self.source);
    }

    /// The row's problem, nothing fixed.
    pub fn problem(&self) -> Problem {
        problem(&self.board(), &self.spec(), "")
    }
}

/// Reads a truth table in the `shared/truth` format (`testdata/*.tsv`).
/// The published count of `spec` (CLI notation, `3Q`) on `board` (`8`, `5x7`): a row of
/// the truth tables (`known_counts.tsv`, `known_counts_far.tsv`), so that no test holds
/// a published answer of its own.
pub fn published(board: &str, spec: &str) -> String {
    let (rows, cols): (u32, u32) = match board.split_once('x') {
        Some((r, c)) => (r.parse().unwrap(), c.parse().unwrap()),
        None => (board.parse().unwrap(), board.parse().unwrap()),
    };
    ["known_counts.tsv", "known_counts_far.tsv"]
        .iter()
        .flat_map(|f| truth_table(f))
        .find(|r| r.rows == rows && r.cols == cols && r.spec() == spec)
        .unwrap_or_else(|| panic!("no truth row for {spec} on {board}"))
        .value
}

pub fn truth_table(file: &str) -> Vec<TruthRow> {
    let path = format!("{}/testdata/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("truth table is in testdata/");
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            assert!(cols.len() >= 5, "malformed truth row: {line}");
            let mut pieces = Vec::new();
            let spec = cols[2].as_bytes();
            let mut i = 0;
            while i < spec.len() {
                let letter = spec[i] as char;
                let mut j = i + 1;
                while j < spec.len() && spec[j].is_ascii_digit() {
                    j += 1;
                }
                pieces.push((letter, cols[2][i + 1..j].parse().unwrap()));
                i = j;
            }
            TruthRow {
                rows: cols[0].parse().unwrap(),
                cols: cols[1].parse().unwrap(),
                pieces,
                value: cols[3].to_string(),
                source: cols[4].to_string(),
            }
        })
        .collect()
}

/// The library's problem for an oracle problem, its letters read with `catalog`.
pub fn oracle_problem(s: &oracle::Small, catalog: &Catalog) -> Problem {
    let pieces = s
        .pieces
        .iter()
        .map(|&(k, n)| PieceCount {
            kind: catalog.get(k).unwrap(),
            count: n,
        })
        .collect();
    let fixed = Placement::new(
        s.fixed
            .iter()
            .map(|&(k, (f, r))| Piece {
                kind: catalog.get(k).unwrap(),
                square: Square::new(f as u32, r as u32),
            })
            .collect(),
    );
    Problem::new(
        Board::new(s.rows as u32, s.cols as u32).unwrap(),
        pieces,
        fixed,
    )
    .unwrap()
}

/// A library placement as the oracle writes a solution: (letter, (file, rank)), sorted.
pub fn oracle_solution(p: &Placement) -> Vec<(char, oracle::Sq)> {
    let mut v: Vec<(char, oracle::Sq)> = p
        .pieces()
        .iter()
        .map(|x| {
            (
                x.kind.letter(),
                (x.square.file as i64, x.square.rank as i64),
            )
        })
        .collect();
    v.sort();
    v
}

/// Starts `args` and kills it (-9) as soon as the checkpoint `cp` holds some finished
/// work; returns whether the count in it was then below `total`.
pub fn kill_when_started(args: &[&str], cp: &std::path::Path, total: u64) -> bool {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let mut partial = false;
    while start.elapsed() < std::time::Duration::from_secs(60) {
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
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    child.wait().unwrap();
    partial
}

/// Files an earlier plan wrote for `count` (the command's words, `count` first), kept in
/// `testdata/<dir>` as `shard` (shard 1 of 2) and `checkpoint`, are refused by their
/// fingerprint: merged with the current plan's shard 2 of 2, or resumed, each exits 2
/// naming the mismatch and prints nothing. The current plan's own two shards merge to
/// `want`.
pub fn earlier_plan_files_are_refused(
    dir: &str,
    shard: &str,
    checkpoint: &str,
    count: &[&str],
    want: &str,
) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(dir);
    let tmp = std::env::temp_dir().join(format!(
        "queens-earlier-plan-{}-{}",
        dir.file_name().unwrap().to_string_lossy(),
        std::process::id()
    ));
    std::fs::create_dir_all(&tmp).unwrap();
    let with = |more: &[&str]| -> Output {
        let args: Vec<&str> = count.iter().chain(more).copied().collect();
        queens(&args)
    };
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let new2 = tmp.join("new-2of2.json");
    let o = with(&["--shard", "2/2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    std::fs::write(&new2, stdout(&o)).unwrap();
    let o = queens(&["merge", &path(&dir.join(shard)), &path(&new2)]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert_contains(&stderr(&o), "do not belong together");
    // The current plan's own shards do merge, to the published count.
    let new1 = tmp.join("new-1of2.json");
    let o = with(&["--shard", "1/2"]);
    std::fs::write(&new1, stdout(&o)).unwrap();
    let o = queens(&["merge", &path(&new1), &path(&new2)]);
    let want = format!("{want}\n");
    assert_eq!(
        (stdout(&o).as_str(), o.status.code()),
        (want.as_str(), Some(0)),
        "{}",
        stderr(&o)
    );
    let cp = tmp.join("checkpoint.json");
    std::fs::copy(dir.join(checkpoint), &cp).unwrap();
    let o = with(&["--checkpoint", &path(&cp)]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert_contains(&stderr(&o), "task list differs");
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// A seeded stream of random words (xoshiro256++, the generator's own): reproducible
/// positions and layouts for the puzzle tests.
pub fn random_words(seed: u64) -> impl FnMut() -> u64 {
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::{Rng, SeedableRng};
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    move || rng.next_u64()
}

/// A random cut of the `n x n` board into `n` connected regions (region ids per square,
/// `rank * n + file`): `n` distinct seed squares drawn from `next`, then squares joined
/// one at a time to a random neighbour's region. The puzzle tests' random layouts.
pub fn random_regions(n: usize, next: &mut impl FnMut() -> u64) -> Vec<u8> {
    let mut of = vec![u8::MAX; n * n];
    let mut seeds = std::collections::BTreeSet::new();
    while seeds.len() < n {
        seeds.insert((next() % (n * n) as u64) as usize);
    }
    for (g, &s) in seeds.iter().enumerate() {
        of[s] = g as u8;
    }
    while of.contains(&u8::MAX) {
        let i = (next() % (n * n) as u64) as usize;
        if of[i] != u8::MAX {
            continue;
        }
        let nb: Vec<usize> = [i.wrapping_sub(n), i + n, i.wrapping_sub(1), i + 1]
            .into_iter()
            .filter(|&j| j < n * n && (j / n == i / n || j % n == i % n) && of[j] != u8::MAX)
            .collect();
        if !nb.is_empty() {
            of[i] = of[nb[(next() % nb.len() as u64) as usize]];
        }
    }
    of
}
