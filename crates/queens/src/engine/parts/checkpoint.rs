//! Checkpoint files: which tasks of a `PartPlan` are finished and the
//! sum of their results, so that a killed count resumes where it stopped.
//!
//! The first line is a snapshot (JSON: the plan's [`PlanId`], the shard, a bit per
//! finished task, the sums with their check values and a checksum), rewritten every
//! [`SNAPSHOT_EVERY`] as a whole new file renamed over the old one, so that it is never
//! seen half written. Between snapshots each finished task is appended as one short
//! line with its own check values and checksum: a rename per task cost a millisecond
//! each here, which at thousands of tasks was more than the count itself, while an
//! append costs microseconds. A `kill -9` therefore loses only the tasks in flight (a
//! line is one `write`, which a killed process either made or did not; a torn last
//! line, possible only after a power cut, is ignored). A checkpoint of another problem,
//! engine, plan, shard or version, or one that was edited or damaged, is refused rather
//! than silently mixed in.
//!
//! Format version 2. The snapshot holds the `PlanId`, the shard, a bit per finished task,
//! the sums, their residues modulo 13 and 15 and a checksum, rewritten every 2 s through a
//! temporary file, `fsync` and `rename`. An appended line is `index total unique t13 t15
//! u13 u15 checksum`. File formats: `queens-nqueens-checkpoint` for nqueens (its name
//! since the first version), `queens-checkpoint` for the others. Refused with the reason:
//! anything that does not check out (format, engine, problem, method, fingerprint, shard,
//! residues, checksums, tasks outside the part or given twice).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{PlanId, Shard, Tally, residues};
use crate::clock::Instant;
use crate::engine::Method;
use crate::engine::parts::fnv1a;
use crate::error::Error;
use crate::text::Limit;

/// The version of the checkpoint format (2: any engine, check values per subtotal).
const VERSION: u32 = 2;

/// How often the checkpoint is rewritten whole (journal lines are appended between).
pub const SNAPSHOT_EVERY: Duration = Duration::from_secs(2);

/// The finished tasks of one count and their sum.
pub(crate) struct Checkpoint {
    id: PlanId,
    shard: Option<Shard>,
    done: Vec<u8>,
    sum: Tally,
}

/// The checkpoint as stored (JSON).
#[derive(Serialize, Deserialize)]
struct CheckpointFile {
    format: String,
    version: u32,
    /// The plan (a nested object: serde's `flatten` cannot carry 128-bit numbers).
    plan: PlanId,
    shard: Option<Shard>,
    /// Finished tasks, a bit per task (bit `i % 8` of byte `i / 8`), in hex.
    done: String,
    total: u128,
    unique: u128,
    /// `total` and `unique` modulo 13 and 15.
    residues: [u8; 4],
    /// FNV-1a of everything above, so that damage is noticed.
    checksum: String,
}

impl CheckpointFile {
    fn digest(&self) -> String {
        let text = format!(
            "{}|{}|{}|{:?}|{}|{}|{}|{:?}",
            self.format,
            self.version,
            self.plan.digest_text(),
            self.shard,
            self.done,
            self.total,
            self.unique,
            self.residues
        );
        fnv1a(text.bytes())
    }
}

fn describe(shard: Option<Shard>) -> String {
    match shard {
        Some(s) => format!("shard {s}"),
        None => "the whole count".into(),
    }
}

/// The four check values of a tally.
fn tally_residues(t: Tally) -> [u8; 4] {
    let [a, b] = residues(t.total);
    let [c, d] = residues(t.unique);
    [a, b, c, d]
}

impl Checkpoint {
    pub(crate) fn new(id: &PlanId, shard: Option<Shard>) -> Checkpoint {
        Checkpoint {
            id: id.clone(),
            shard,
            done: vec![0; id.tasks.div_ceil(8)],
            sum: Tally::default(),
        }
    }

    pub(crate) fn is_done(&self, i: usize) -> bool {
        self.done[i / 8] >> (i % 8) & 1 == 1
    }

    /// The sum of the finished tasks.
    pub(crate) fn sum(&self) -> Tally {
        self.sum
    }

    /// Records task `i` as finished with `t`; an error if the sum overflows.
    pub(crate) fn mark(&mut self, i: usize, t: Tally) -> Result<(), Error> {
        self.done[i / 8] |= 1 << (i % 8);
        self.sum = add(self.sum, t)?;
        Ok(())
    }

    /// The checkpoint in `path`, or a fresh one when there is no such file.
    pub(crate) fn load_or_new(
        path: &Path,
        id: &PlanId,
        shard: Option<Shard>,
    ) -> Result<Checkpoint, Error> {
        let bad = |reason: String| Error::Checkpoint {
            path: path.display().to_string(),
            reason,
        };
        let mut file = match fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Checkpoint::new(id, shard));
            }
            Err(e) => return Err(bad(format!("cannot read it ({e})"))),
        };
        // No longer than a checkpoint of this plan can be (a snapshot, a journal line
        // per task), nor holding anything but text: "checkpoint c.json: it is longer
        // than ...".
        let text = crate::text::read_bounded(&mut file, &Limit::checkpoint(id.tasks), "it")
            .map_err(|e| bad(e.to_string()))?;
        let (head, journal) = text.split_once('\n').unwrap_or((&text, ""));
        let (format, _) = id.formats();
        let kind: FileKind = serde_json::from_str(head)
            .map_err(|e| bad(format!("it is not a queens checkpoint ({e})")))?;
        // Both formats read alike; the engine check below names a mix-up.
        let known = ["queens-checkpoint", "queens-nqueens-checkpoint"];
        if !known.contains(&kind.format.as_str()) || kind.version != VERSION {
            return Err(bad(format!(
                "it is a '{}' file of version {}, not a {format} of version {VERSION}",
                kind.format, kind.version
            )));
        }
        let f: CheckpointFile = serde_json::from_str(head)
            .map_err(|e| bad(format!("it is not a queens checkpoint ({e})")))?;
        if f.checksum != f.digest() {
            return Err(bad("it is damaged: its checksum does not match".into()));
        }
        if f.plan.engine != id.engine {
            return Err(bad(format!(
                "it was made by the {} engine, not the {} engine this count uses; use another file",
                f.plan.engine, id.engine
            )));
        }
        if (&f.plan.problem, f.plan.rows, f.plan.cols) != (&id.problem, id.rows, id.cols) {
            return Err(bad(format!(
                "it was made for {}, not {}; use another file",
                f.plan.problem, id.problem
            )));
        }
        if f.plan.method != id.method {
            return Err(bad(format!(
                "it was made by the {} counter, not the {} counter this count uses ({}); \
                 count with the {} method or use another file",
                f.plan.method,
                id.method,
                method_why(id.method),
                f.plan.method
            )));
        }
        if f.plan != *id {
            return Err(bad(
                "it was made by another version of the counter or for other pieces (its task list differs)"
                    .into(),
            ));
        }
        if f.shard != shard {
            return Err(bad(format!(
                "it was made for {}, not {}",
                describe(f.shard),
                describe(shard)
            )));
        }
        let sum = Tally {
            total: f.total,
            unique: f.unique,
        };
        if f.residues != tally_residues(sum) {
            return Err(bad(
                "it is damaged: its sums do not match their check values".into(),
            ));
        }
        let done = decode_hex(&f.done)
            .filter(|d| d.len() == id.tasks.div_ceil(8))
            .ok_or_else(|| bad("it is damaged: its task bitmap is malformed".into()))?;
        let mut cp = Checkpoint {
            id: f.plan,
            shard,
            done,
            sum,
        };
        let stray = (0..id.tasks.div_ceil(8) * 8)
            .any(|i| cp.is_done(i) && (i >= id.tasks || shard.is_some_and(|s| !s.owns(i))));
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
            let words: Vec<&str> = line.split(' ').collect();
            let [i, total, unique, ..] = words[..] else {
                return Err(damaged());
            };
            let (Ok(i), Ok(total), Ok(unique)) =
                (i.parse::<usize>(), total.parse(), unique.parse())
            else {
                return Err(damaged());
            };
            let t = Tally { total, unique };
            let fits = i < id.tasks && shard.is_none_or(|s| s.owns(i)) && !cp.is_done(i);
            if !fits || journal_line(&cp.id.fingerprint, i, t) != format!("{line}\n") {
                return Err(damaged());
            }
            cp.mark(i, t).map_err(|_| damaged())?;
        }
        Ok(cp)
    }

    fn to_file(&self) -> CheckpointFile {
        let mut f = CheckpointFile {
            format: self.id.formats().0.into(),
            version: VERSION,
            plan: self.id.clone(),
            shard: self.shard,
            done: self.done.iter().map(|b| format!("{b:02x}")).collect(),
            total: self.sum.total,
            unique: self.sum.unique,
            residues: tally_residues(self.sum),
            checksum: String::new(),
        };
        f.checksum = f.digest();
        f
    }
}

/// `a + b`, or an error where a sum would pass 128 bits (never a wrapped count).
pub(crate) fn add(a: Tally, b: Tally) -> Result<Tally, Error> {
    Ok(Tally {
        total: a
            .total
            .checked_add(b.total)
            .ok_or(Error::Overflow("128-bit"))?,
        unique: a
            .unique
            .checked_add(b.unique)
            .ok_or(Error::Overflow("128-bit"))?,
    })
}

/// Why a count uses `method`, for messages.
fn method_why(method: Method) -> &'static str {
    match method {
        Method::Join => "the join, for square boards",
        Method::Backtrack => "the backtracking search, for rectangles and large boards",
        _ => "the only method of its engine",
    }
}

/// The method recorded in the checkpoint file `path`, if there is a readable one (so
/// that a count can resume with the method that started it).
pub fn checkpoint_method(path: &Path) -> Option<Method> {
    // Its first line only, bounded as the snapshot of the largest plan.
    let mut file = fs::File::open(path).ok()?;
    let text = crate::text::read_bounded_head(
        &mut file,
        &Limit::checkpoint_head(),
        "the checkpoint",
        &|_| true,
    )
    .ok()?;
    let head = text.lines().next()?;
    #[derive(Deserialize)]
    struct Head {
        plan: Plan,
    }
    #[derive(Deserialize)]
    struct Plan {
        method: Method,
    }
    serde_json::from_str::<Head>(head)
        .ok()
        .map(|h| h.plan.method)
}

/// The first two fields of a checkpoint or shard result: what kind of file it is.
#[derive(Deserialize)]
pub(crate) struct FileKind {
    #[serde(default)]
    pub(crate) format: String,
    #[serde(default)]
    pub(crate) version: u32,
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

/// Writes checkpoints: snapshots by rename, and journal lines appended in between.
#[derive(Default)]
pub(crate) struct Saver {
    /// The checkpoint file opened for appending, since the last snapshot.
    journal: Option<fs::File>,
    last_snapshot: Option<Instant>,
}

impl Saver {
    /// Rewrites the whole checkpoint (synced to disk) and reopens it for appending.
    pub(crate) fn snapshot(&mut self, cp: &Checkpoint, path: &Path) -> Result<(), Error> {
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
    pub(crate) fn task_done(
        &mut self,
        cp: &Checkpoint,
        path: &Path,
        i: usize,
        t: Tally,
    ) -> Result<(), Error> {
        let due = self
            .last_snapshot
            .is_none_or(|s| s.elapsed() >= SNAPSHOT_EVERY);
        match &mut self.journal {
            Some(f) if !due => {
                let line = journal_line(&cp.id.fingerprint, i, t);
                f.write_all(line.as_bytes()).map_err(|e| io_error(path, e))
            }
            _ => self.snapshot(cp, path),
        }
    }
}

/// One finished task as a journal line: `index total unique t13 t15 u13 u15 checksum`
/// (the subtotals, their check values, and a digest of all with the plan's
/// fingerprint).
fn journal_line(fingerprint: &str, i: usize, t: Tally) -> String {
    let [a, b, c, d] = tally_residues(t);
    let body = format!("{i} {} {} {a} {b} {c} {d}", t.total, t.unique);
    format!(
        "{body} {}\n",
        fnv1a(format!("{fingerprint} {body}").into_bytes())
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
    // Closed before the rename. (On wasm32-unknown-unknown, which has no files, `File`
    // holds nothing to drop.)
    #[cfg_attr(target_family = "wasm", allow(clippy::drop_non_drop))]
    drop(f);
    fs::rename(&tmp, path).map_err(bad)
}

/// For the fuzz target (`crate::fuzzing`): `text` with its first line read as a snapshot
/// and written again with its checksum redone (and its check values, with
/// `fix_residues`), so that a forged file gets past the checksum to the checks behind
/// it; with the plan the snapshot names and its shard (when it is one: `1 <= I <= K`).
pub(crate) fn forge(text: &str, fix_residues: bool) -> Option<(PlanId, Option<Shard>, String)> {
    let (head, journal) = text.split_once('\n').unwrap_or((text, ""));
    let mut f: CheckpointFile = serde_json::from_str(head).ok()?;
    if fix_residues {
        f.residues = tally_residues(Tally {
            total: f.total,
            unique: f.unique,
        });
    }
    f.checksum = f.digest();
    let shard = f.shard.filter(|s| 1 <= s.index && s.index <= s.count);
    let text = format!("{}\n{journal}", serde_json::to_string(&f).ok()?);
    Some((f.plan, shard, text))
}
