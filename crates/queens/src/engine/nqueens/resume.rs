//! Long counts that survive a kill and spread over machines: checkpoints, shards and
//! the merge of shard results.
//!
//! A **checkpoint** file records which tasks of a [`Plan`] are finished and the sum of
//! their results. Its first line is a snapshot (JSON: the board, the plan's
//! fingerprint, the shard, a bit per finished task, the sums and a checksum), rewritten
//! every [`SNAPSHOT_EVERY`] as a whole new file renamed over the old one, so that it is
//! never seen half written. Between snapshots each finished task is appended as one
//! short line with its own checksum: a rename per task cost a millisecond each here,
//! which at thousands of tasks was more than the count itself, while an append costs
//! microseconds. A `kill -9` therefore loses only the tasks in flight (a line is one
//! `write`, which a killed process either made or did not; a torn last line, possible
//! only after a power cut, is ignored). A checkpoint of another problem, shard or
//! counter version, or one that was edited or damaged, is refused rather than silently
//! mixed in.
//!
//! A **shard** `I/K` is the set of tasks whose index is `I-1` modulo `K`: deterministic,
//! and, because neighbouring tasks are alike in size, balanced. Each shard's result is
//! a [`ShardResult`] (JSON); [`merge`] adds a complete set of them and refuses a set
//! with a missing, repeated or foreign part.

use std::fmt;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::plan::{Method, Plan, Tally};
use super::run_tasks;
use crate::engine::Control;
use crate::error::Error;

/// Part `index` of `count` (1-based), as `--shard I/K` spells it.
///
/// ```text
/// use queens::engine::nqueens::resume::Shard;
/// let s: Shard = "2/5".parse().unwrap();
/// assert_eq!((s.index, s.count), (2, 5));
/// assert!("0/5".parse::<Shard>().is_err());
/// assert!("6/5".parse::<Shard>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which part, from 1.
    pub index: u32,
    /// How many parts.
    pub count: u32,
}

impl FromStr for Shard {
    type Err = Error;

    fn from_str(s: &str) -> Result<Shard, Error> {
        let bad = |why: &str| Error::Shard(format!("bad shard '{s}': {why}"));
        let (i, k) = s
            .split_once('/')
            .ok_or_else(|| bad("write it as I/K, such as 3/8"))?;
        let index: u32 = i.trim().parse().map_err(|_| bad("I is not a number"))?;
        let count: u32 = k.trim().parse().map_err(|_| bad("K is not a number"))?;
        if count == 0 || index == 0 || index > count {
            return Err(bad("I must be between 1 and K"));
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether task `i` belongs to this shard.
    pub fn owns(&self, i: usize) -> bool {
        i % self.count as usize == (self.index - 1) as usize
    }
}

/// How to run a count: which part, and where to keep the checkpoint.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Only this part of the tasks; `None` for all.
    pub shard: Option<Shard>,
    /// The checkpoint file; `None` for none.
    pub checkpoint: Option<PathBuf>,
    /// Whether a whole count needs the count up to symmetry too. The backtracking
    /// search gives it anyway; after the join it takes a small search of its own
    /// (0.02 s at n = 16, 0.1 s at 18, 1 to 2 s at 20 and 21), done only on request:
    /// without it a join count's unique count is 0.
    pub unique: bool,
}

/// What [`run`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// The sum over the selected tasks (all, or the shard's).
    pub tally: Tally,
    /// Tasks selected.
    pub tasks: usize,
    /// Of those, the tasks already done in the checkpoint when the run started.
    pub resumed: usize,
}

/// Counts the tasks of `plan` that `opts` selects, resuming from and saving to the
/// checkpoint when there is one.
///
/// ```text
/// use queens::engine::nqueens::resume::{run, Options};
/// use queens::engine::nqueens::{Method, Plan};
/// use queens::Control;
/// let plan = Plan::with_method(8, 8, Method::Join).unwrap();
/// let opts = Options { unique: true, ..Options::default() };
/// let report = run(&plan, &opts, &Control::default()).unwrap();
/// assert_eq!((report.tally.total, report.tally.unique), (92, 12));
/// ```
pub fn run(plan: &Plan, opts: &Options, ctl: &Control) -> Result<Report, Error> {
    let ids: Vec<usize> = (0..plan.len())
        .filter(|&i| opts.shard.is_none_or(|s| s.owns(i)))
        .collect();
    let mut state = match &opts.checkpoint {
        Some(path) => Checkpoint::load_or_new(path, plan, opts.shard)?,
        None => Checkpoint::new(plan, opts.shard),
    };
    let resumed = ids.iter().filter(|&&i| state.is_done(i)).count();
    let todo: Vec<usize> = ids.iter().copied().filter(|&i| !state.is_done(i)).collect();
    let path = opts.checkpoint.as_deref();
    let mut saver = Saver::default();
    if let Some(p) = path {
        saver.snapshot(&state, p)?; // fail early on an unwritable path
    }
    // Progress counts resumed tasks as done, so the estimate covers the whole job.
    let report = |p: super::super::Progress| ctl.report(p.done + resumed as u64, ids.len() as u64);
    let inner = Control {
        progress: Some(&report),
        ..*ctl
    };
    let result = run_tasks(plan, &todo, &inner, &mut |i, t| {
        state.mark(i, t);
        match path {
            Some(p) => saver.task_done(&state, p, i, t),
            None => Ok(()),
        }
    });
    if let Some(p) = path {
        saver.snapshot(&state, p)?;
    }
    result?;
    let mut tally = state.sum;
    if opts.unique && opts.shard.is_none() {
        tally = with_unique(plan.method(), plan.rows(), tally).ok_or_else(|| {
            Error::Unsupported(format!(
                "internal error: {} is not the number of solutions of {}x{}",
                tally.total,
                plan.rows(),
                plan.cols()
            ))
        })?;
    }
    Ok(Report {
        tally,
        tasks: ids.len(),
        resumed,
    })
}

/// `tally` of a whole count by `method` on an `n`-row board, with the unique count the
/// join's tasks leave out: Burnside's lemma gives it from the total and the
/// rotation-symmetric solutions ([`super::symmetric`]). `None` where the total cannot
/// be right (the sum does not divide by 8).
fn with_unique(method: Method, n: u32, tally: Tally) -> Option<Tally> {
    match method {
        Method::Backtrack => Some(tally),
        Method::Join => Some(Tally {
            total: tally.total,
            unique: super::symmetric::unique_from_total(n as usize, tally.total)?,
        }),
    }
}

const CHECKPOINT_FORMAT: &str = "queens-nqueens-checkpoint";
const SHARD_FORMAT: &str = "queens-nqueens-shard";
const VERSION: u32 = 1;

/// The finished tasks of one count and their sum.
struct Checkpoint {
    rows: u32,
    cols: u32,
    method: Method,
    fingerprint: String,
    tasks: usize,
    shard: Option<Shard>,
    done: Vec<u8>,
    sum: Tally,
}

/// The checkpoint as stored (JSON).
#[derive(Serialize, Deserialize)]
struct CheckpointFile {
    format: String,
    version: u32,
    rows: u32,
    cols: u32,
    /// How the count is made (absent in files of older versions: the backtracking
    /// search). Covered by the fingerprint, so not by the checksum.
    #[serde(default)]
    method: Method,
    fingerprint: String,
    tasks: usize,
    shard: Option<Shard>,
    /// Finished tasks, a bit per task (bit `i % 8` of byte `i / 8`), in hex.
    done: String,
    total: u128,
    unique: u128,
    /// FNV-1a of everything above, so that damage is noticed.
    checksum: String,
}

impl CheckpointFile {
    fn digest(&self) -> String {
        let text = format!(
            "{}|{}|{}|{}|{}|{}|{:?}|{}|{}|{}",
            self.format,
            self.version,
            self.rows,
            self.cols,
            self.fingerprint,
            self.tasks,
            self.shard,
            self.done,
            self.total,
            self.unique
        );
        super::fnv1a(text.bytes())
    }
}

fn describe(shard: Option<Shard>) -> String {
    match shard {
        Some(s) => format!("shard {s}"),
        None => "the whole count".into(),
    }
}

impl Checkpoint {
    fn new(plan: &Plan, shard: Option<Shard>) -> Checkpoint {
        Checkpoint {
            rows: plan.rows(),
            cols: plan.cols(),
            method: plan.method(),
            fingerprint: plan.fingerprint(),
            tasks: plan.len(),
            shard,
            done: vec![0; plan.len().div_ceil(8)],
            sum: Tally::default(),
        }
    }

    fn is_done(&self, i: usize) -> bool {
        self.done[i / 8] >> (i % 8) & 1 == 1
    }

    fn mark(&mut self, i: usize, t: Tally) {
        self.done[i / 8] |= 1 << (i % 8);
        self.sum += t;
    }

    /// The checkpoint in `path`, or a fresh one when there is no such file.
    fn load_or_new(path: &Path, plan: &Plan, shard: Option<Shard>) -> Result<Checkpoint, Error> {
        let bad = |reason: String| Error::Checkpoint {
            path: path.display().to_string(),
            reason,
        };
        let text = match fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Checkpoint::new(plan, shard));
            }
            Err(e) => return Err(bad(format!("cannot read it ({e})"))),
        };
        let (head, journal) = text.split_once('\n').unwrap_or((&text, ""));
        let f: CheckpointFile = serde_json::from_str(head)
            .map_err(|e| bad(format!("it is not a queens checkpoint ({e})")))?;
        if f.format != CHECKPOINT_FORMAT || f.version != VERSION {
            return Err(bad(format!(
                "it is a '{}' file of version {}, not a {CHECKPOINT_FORMAT} of version {VERSION}",
                f.format, f.version
            )));
        }
        if f.checksum != f.digest() {
            return Err(bad("it is damaged: its checksum does not match".into()));
        }
        if (f.rows, f.cols) != (plan.rows(), plan.cols()) {
            return Err(bad(format!(
                "it was made for {} queens on {}x{}, not {} queens on {}x{}; use another file",
                f.rows,
                f.rows,
                f.cols,
                plan.rows(),
                plan.rows(),
                plan.cols()
            )));
        }
        if f.method != plan.method() {
            return Err(bad(format!(
                "it was made by the {} counter, not the {} counter this count uses ({}); \
                 run it with --method {} or use another file",
                f.method,
                plan.method(),
                method_why(plan.method()),
                f.method
            )));
        }
        if f.fingerprint != plan.fingerprint() || f.tasks != plan.len() {
            return Err(bad(
                "it was made by another version of the counter (its task list differs)".into(),
            ));
        }
        if f.shard != shard {
            return Err(bad(format!(
                "it was made for {}, not {}",
                describe(f.shard),
                describe(shard)
            )));
        }
        let done = decode_hex(&f.done)
            .filter(|d| d.len() == plan.len().div_ceil(8))
            .ok_or_else(|| bad("it is damaged: its task bitmap is malformed".into()))?;
        let mut cp = Checkpoint {
            rows: f.rows,
            cols: f.cols,
            method: f.method,
            fingerprint: f.fingerprint,
            tasks: f.tasks,
            shard,
            done,
            sum: Tally {
                total: f.total,
                unique: f.unique,
            },
        };
        let stray = (0..plan.len().div_ceil(8) * 8)
            .any(|i| cp.is_done(i) && (i >= plan.len() || shard.is_some_and(|s| !s.owns(i))));
        if stray {
            return Err(bad("it is damaged: it marks tasks outside its part".into()));
        }
        // Journal lines; a last line without its newline is a torn write: ignored.
        let complete = journal.rfind('\n').map_or("", |end| &journal[..end]);
        for (k, line) in complete
            .split('\n')
            .enumerate()
            .filter(|(_, l)| !l.is_empty())
        {
            let damaged = || {
                bad(format!(
                    "it is damaged: journal line {} is not valid",
                    k + 2
                ))
            };
            let mut words = line.split(' ');
            let (Some(i), Some(total), Some(unique), Some(sum), None) = (
                words.next(),
                words.next(),
                words.next(),
                words.next(),
                words.next(),
            ) else {
                return Err(damaged());
            };
            let (Ok(i), Ok(total), Ok(unique)) =
                (i.parse::<usize>(), total.parse(), unique.parse())
            else {
                return Err(damaged());
            };
            let t = Tally { total, unique };
            let fits = i < plan.len() && shard.is_none_or(|s| s.owns(i)) && !cp.is_done(i);
            if !fits
                || journal_line(&cp.fingerprint, i, t) != format!("{line}\n")
                || sum.len() != 16
            {
                return Err(damaged());
            }
            cp.mark(i, t);
        }
        Ok(cp)
    }

    fn to_file(&self) -> CheckpointFile {
        let mut f = CheckpointFile {
            format: CHECKPOINT_FORMAT.into(),
            version: VERSION,
            rows: self.rows,
            cols: self.cols,
            method: self.method,
            fingerprint: self.fingerprint.clone(),
            tasks: self.tasks,
            shard: self.shard,
            done: self.done.iter().map(|b| format!("{b:02x}")).collect(),
            total: self.sum.total,
            unique: self.sum.unique,
            checksum: String::new(),
        };
        f.checksum = f.digest();
        f
    }
}

/// Why a count uses `method`, for messages.
fn method_why(method: Method) -> &'static str {
    match method {
        Method::Join => "the join, for square boards",
        Method::Backtrack => "the backtracking search, for rectangles and large boards",
    }
}

/// The method recorded in the checkpoint file `path`, if there is a readable one (so
/// that a count can resume with the method that started it).
pub fn checkpoint_method(path: &Path) -> Option<Method> {
    let text = fs::read_to_string(path).ok()?;
    let head = text.lines().next()?;
    let v: serde_json::Value = serde_json::from_str(head).ok()?;
    match v.get("method") {
        None => Some(Method::Backtrack),
        Some(m) => serde_json::from_value(m.clone()).ok(),
    }
}

fn decode_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok())
        .collect()
}

/// How often the checkpoint is rewritten whole (journal lines are appended between).
pub const SNAPSHOT_EVERY: Duration = Duration::from_secs(2);

/// Writes checkpoints: snapshots by rename, and journal lines appended in between.
#[derive(Default)]
struct Saver {
    /// The checkpoint file opened for appending, since the last snapshot.
    journal: Option<fs::File>,
    last_snapshot: Option<Instant>,
}

impl Saver {
    /// Rewrites the whole checkpoint (synced to disk) and reopens it for appending.
    fn snapshot(&mut self, cp: &Checkpoint, path: &Path) -> Result<(), Error> {
        self.journal = None;
        let text = serde_json::to_string(&cp.to_file()).expect("serialisable");
        write_atomically(path, &text)?;
        self.journal = Some(
            fs::OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(|e| io_error(path, e))?,
        );
        self.last_snapshot = Some(Instant::now());
        Ok(())
    }

    /// Records that task `i` finished with `t` (already marked in `cp`).
    fn task_done(&mut self, cp: &Checkpoint, path: &Path, i: usize, t: Tally) -> Result<(), Error> {
        let due = self
            .last_snapshot
            .is_none_or(|s| s.elapsed() >= SNAPSHOT_EVERY);
        match &mut self.journal {
            Some(f) if !due => {
                let line = journal_line(&cp.fingerprint, i, t);
                f.write_all(line.as_bytes()).map_err(|e| io_error(path, e))
            }
            _ => self.snapshot(cp, path),
        }
    }
}

/// One finished task as a journal line: `index total unique checksum`.
fn journal_line(fingerprint: &str, i: usize, t: Tally) -> String {
    let body = format!("{i} {} {}", t.total, t.unique);
    format!(
        "{body} {}\n",
        super::fnv1a(format!("{fingerprint} {body}").into_bytes())
    )
}

fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::Checkpoint {
        path: path.display().to_string(),
        reason: format!("cannot write it ({e})"),
    }
}

/// Writes `text` to `path` through a temporary file in the same directory and a rename.
fn write_atomically(path: &Path, text: &str) -> Result<(), Error> {
    let bad = |e: std::io::Error| io_error(path, e);
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut f = fs::File::create(&tmp).map_err(bad)?;
    f.write_all(text.as_bytes()).map_err(bad)?;
    f.write_all(b"\n").map_err(bad)?;
    f.sync_data().map_err(bad)?;
    drop(f);
    fs::rename(&tmp, path).map_err(bad)
}

/// One shard's result, as `--shard` prints it and [`merge`] reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResult {
    /// Always `queens-nqueens-shard`.
    pub format: String,
    /// Format version.
    pub version: u32,
    /// Rows of the (transposed) board: the number of queens.
    pub rows: u32,
    /// Columns of the (transposed) board.
    pub cols: u32,
    /// How the shard was counted (absent in results of older versions: the
    /// backtracking search). A join shard's unique count is 0: [`merge`] derives the
    /// whole count's from the total.
    #[serde(default)]
    pub method: Method,
    /// The plan's fingerprint: shards of different task lists do not add up.
    pub fingerprint: String,
    /// Which shard, from 1.
    pub shard: u32,
    /// Of how many.
    pub shards: u32,
    /// Tasks in this shard.
    pub tasks: usize,
    /// Solutions found in this shard.
    pub total: u128,
    /// Solutions up to symmetry found in this shard.
    pub unique: u128,
    /// Seconds this shard took (this run only, without resumed work).
    pub seconds: f64,
    /// Threads it ran on.
    pub threads: usize,
    /// A digest of everything above but the time and threads: [`merge`] refuses a
    /// result whose contents no longer match it (an edited total or unique count).
    /// Empty in results of older versions, which are refused.
    #[serde(default)]
    pub check: String,
}

impl ShardResult {
    /// The digest of the result's contents, as [`ShardResult::check`] holds it.
    fn digest(&self) -> String {
        let text = format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}",
            self.format,
            self.version,
            self.rows,
            self.cols,
            self.method,
            self.fingerprint,
            self.shard,
            self.shards,
            self.tasks,
            self.total,
            self.unique
        );
        super::fnv1a(text.bytes())
    }

    /// The result of `report` for shard `shard` of `plan`.
    pub fn new(
        plan: &Plan,
        shard: Shard,
        report: &Report,
        seconds: f64,
        threads: usize,
    ) -> ShardResult {
        let mut r = ShardResult {
            format: SHARD_FORMAT.into(),
            version: VERSION,
            rows: plan.rows(),
            cols: plan.cols(),
            method: plan.method(),
            fingerprint: plan.fingerprint(),
            shard: shard.index,
            shards: shard.count,
            tasks: report.tasks,
            total: report.tally.total,
            unique: report.tally.unique,
            seconds,
            threads,
            check: String::new(),
        };
        r.check = r.digest();
        r
    }

    /// The result as one line of JSON, as `count --shard` prints it and
    /// [`ShardResult::parse`] reads it back.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a shard result is plain data")
    }

    /// Reads a shard result that `--shard` wrote (`name` is used in messages).
    pub fn parse(text: &str, name: &str) -> Result<ShardResult, Error> {
        let r: ShardResult = serde_json::from_str(text.trim())
            .map_err(|e| Error::Shard(format!("{name} is not a queens shard result ({e})")))?;
        if r.format != SHARD_FORMAT || r.version != VERSION {
            return Err(Error::Shard(format!(
                "{name} is a '{}' file of version {}, not a {SHARD_FORMAT} of version {VERSION}",
                r.format, r.version
            )));
        }
        if r.check.is_empty() {
            return Err(Error::Shard(format!(
                "{name} has no check value (an older version wrote it): count that shard again"
            )));
        }
        if r.check != r.digest() {
            return Err(Error::Shard(format!(
                "{name} was altered: its counts no longer match its check value"
            )));
        }
        if r.shard == 0 || r.shard > r.shards {
            return Err(Error::Shard(format!(
                "{name} claims to be shard {}/{}, which does not exist",
                r.shard, r.shards
            )));
        }
        Ok(r)
    }
}

/// The sum of a complete set of shard results.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Merged {
    /// Rows (queens).
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// How the shards were counted.
    pub method: Method,
    /// The sum.
    pub tally: Tally,
    /// Seconds spent over all shards.
    pub seconds: f64,
}

/// Adds up shard results `(name, result)`: they must be every shard `1..=K` of the
/// same count, each once.
pub fn merge(parts: &[(String, ShardResult)]) -> Result<Merged, Error> {
    let Some((first_name, first)) = parts.first() else {
        return Err(Error::Shard("merge needs at least one shard result".into()));
    };
    let k = first.shards;
    let mut seen: Vec<Option<&str>> = vec![None; k as usize];
    let mut merged = Merged {
        rows: first.rows,
        cols: first.cols,
        method: first.method,
        tally: Tally::default(),
        seconds: 0.0,
    };
    for (name, r) in parts {
        if r.method != first.method {
            return Err(Error::Shard(format!(
                "{name} was counted by the {} counter but {first_name} by the {}: they do not belong together",
                r.method, first.method
            )));
        }
        if (r.rows, r.cols, &r.fingerprint) != (first.rows, first.cols, &first.fingerprint) {
            return Err(Error::Shard(format!(
                "{name} is a shard of {}x{} (plan {}), but {first_name} is of {}x{} (plan {}): they do not belong together",
                r.rows, r.cols, r.fingerprint, first.rows, first.cols, first.fingerprint
            )));
        }
        if r.shards != k {
            return Err(Error::Shard(format!(
                "{name} is shard {}/{} but {first_name} is shard {}/{k}: they split the work differently",
                r.shard, r.shards, first.shard
            )));
        }
        let slot = &mut seen[(r.shard - 1) as usize];
        if let Some(other) = slot {
            return Err(Error::Shard(format!(
                "shard {}/{k} is given twice ({other} and {name})",
                r.shard
            )));
        }
        *slot = Some(name);
        merged.tally += Tally {
            total: r.total,
            unique: r.unique,
        };
        merged.seconds += r.seconds;
    }
    let missing: Vec<String> = (1..=k)
        .filter(|&i| seen[(i - 1) as usize].is_none())
        .map(|i| format!("{i}/{k}"))
        .collect();
    if !missing.is_empty() {
        return Err(Error::Shard(format!(
            "shard{} {} {} missing",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" }
        )));
    }
    merged.tally = with_unique(merged.method, merged.rows, merged.tally).ok_or_else(|| {
        Error::Shard(format!(
            "the shards add up to {}, which cannot be the number of solutions of {}x{}: a result was altered",
            merged.tally.total, merged.rows, merged.cols
        ))
    })?;
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    fn tmp(name: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("queens-nq-{}-{name}", std::process::id()));
        let _ = fs::remove_file(&p);
        p
    }

    #[test]
    fn interrupted_run_resumes_to_the_exact_total() {
        let plan = Plan::new(12, 12).unwrap();
        let path = tmp("resume.json");
        let opts = Options {
            shard: None,
            checkpoint: Some(path.clone()),
            unique: false,
        };
        // Stop after some tasks through the cancel flag, from the progress hook.
        let stop = AtomicBool::new(false);
        let hook = |p: crate::Progress| {
            if p.done >= 100 {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let ctl = Control {
            threads: 2,
            progress: Some(&hook),
            cancel: Some(&stop),
            ..Control::default()
        };
        assert_eq!(run(&plan, &opts, &ctl), Err(Error::Interrupted));
        let again = run(&plan, &opts, &Control::default()).unwrap();
        assert!(
            again.resumed >= 100 && again.resumed < plan.len(),
            "{again:?}"
        );
        assert_eq!(
            again.tally,
            Tally {
                total: 14200,
                unique: 1787
            }
        );
        // A finished checkpoint answers at once.
        let third = run(&plan, &opts, &Control::default()).unwrap();
        assert_eq!((third.tally, third.resumed), (again.tally, plan.len()));
        // The same file for another board, or another shard, is refused.
        let other = Plan::new(11, 11).unwrap();
        assert!(matches!(
            run(&other, &opts, &Control::default()),
            Err(Error::Checkpoint { .. })
        ));
        let sharded = Options {
            shard: Some("1/2".parse().unwrap()),
            ..opts.clone()
        };
        assert!(matches!(
            run(&plan, &sharded, &Control::default()),
            Err(Error::Checkpoint { .. })
        ));
        // Editing a sum is noticed.
        let text = fs::read_to_string(&path).unwrap().replace("14200", "14201");
        fs::write(&path, text).unwrap();
        assert!(matches!(
            run(&plan, &opts, &Control::default()),
            Err(Error::Checkpoint { .. })
        ));
        fs::remove_file(&path).unwrap();
    }

    /// Part `i` of `k` of `plan`, run and named `s{i}`, as `merge` takes it.
    fn shard_part(plan: &Plan, i: u32, k: u32) -> (String, ShardResult) {
        let s = Shard { index: i, count: k };
        let opts = Options {
            shard: Some(s),
            checkpoint: None,
            unique: false,
        };
        let r = run(plan, &opts, &Control::default()).unwrap();
        (format!("s{i}"), ShardResult::new(plan, s, &r, 0.0, 1))
    }

    #[test]
    fn shards_add_up_and_bad_sets_are_refused() {
        let plan = Plan::new(10, 10).unwrap();
        let part = |i: u32, k: u32| shard_part(&plan, i, k);
        for k in 1..=4 {
            let parts: Vec<_> = (1..=k).map(|i| part(i, k)).collect();
            assert_eq!(
                merge(&parts).unwrap().tally,
                Tally {
                    total: 724,
                    unique: 92
                }
            );
        }
        assert!(merge(&[part(1, 2)]).is_err());
        assert!(merge(&[part(1, 2), part(1, 2), part(2, 2)]).is_err());
        assert!(merge(&[part(1, 2), part(2, 3)]).is_err());
        assert!(merge(&[]).is_err());
    }

    #[test]
    fn join_plans_shard_resume_and_refuse_the_other_method() {
        let plan = Plan::join(13).unwrap();
        let parts = |k: u32| -> Vec<(String, ShardResult)> {
            (1..=k).map(|i| shard_part(&plan, i, k)).collect()
        };
        for k in 1..=7 {
            let m = merge(&parts(k)).unwrap();
            assert_eq!((m.tally.total, m.method), (73712, Method::Join), "k={k}");
        }
        let back = Plan::new(13, 13).unwrap();
        let mut mixed = parts(2);
        mixed[1] = shard_part(&back, 2, 2);
        assert!(matches!(merge(&mixed), Err(Error::Shard(m)) if m.contains("backtrack")));
        // A join checkpoint is refused by a backtracking count of the same board.
        let path = tmp("join.json");
        let opts = Options {
            shard: None,
            checkpoint: Some(path.clone()),
            unique: false,
        };
        assert_eq!(
            run(&plan, &opts, &Control::default()).unwrap().tally.total,
            73712
        );
        assert_eq!(checkpoint_method(&path), Some(Method::Join));
        assert!(matches!(
            run(&back, &opts, &Control::default()),
            Err(Error::Checkpoint { reason, .. }) if reason.contains("join counter")
        ));
        fs::remove_file(&path).unwrap();
    }
}
