//! Manifests: the published list of a count's parts, and the re-check of a sample of
//! them.
//!
//! A count in parts can write a manifest (`Parts::manifest`): a text file with a header
//! that names the plan (its [`PlanId`], fingerprint included), the program that counted,
//! the words that rebuild the problem (the front end's, for a re-check), the scope (the
//! whole count or a shard) and the count, then one line per part (task): its id, its
//! subtotal (total and unique, as the task counts them) and its cost in seconds. It is
//! meant to be published beside a record count, diffed and re-checked by others, as
//! BOINC projects replicate their work units: [`recheck`] recounts the named parts, or
//! K of them drawn at random ([`Manifest::sample`], seeded), with the current build and
//! lists those that differ. A manifest of another plan is refused; one from another
//! build whose plan is the same is re-checked (the fingerprint is the check).
//!
//! A resumable count (with a checkpoint) keeps the manifest as a journal while it runs:
//! the header with `state running`, then a line appended per finished task, before the
//! checkpoint records it, so that a resumed count still lists every part. At the end it
//! is rewritten whole, sorted by id, with `state complete`.
//!
//! ```text
//! queens-manifest 1
//! plan 8c73bf3398a36922
//! engine nqueens
//! problem 12 queens on 12x12
//! board 12x12
//! method join
//! tasks 67
//! divisor 1
//! unique-rule from-total
//! program queens 0.1.0 (commit unknown)
//! source ["12"]
//! scope whole
//! state complete
//! count 14200
//! unique 1787
//! sum 14200 0
//! parts 67
//! cost seconds
//! # id total unique seconds
//! 0 12 0 0.000125
//! ...
//! ```

use std::fmt;
use std::fs;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::checkpoint::add;
use super::{PlanId, Shard, ShardResult, Tally, UniqueRule, merge};
use crate::engine::{EngineChoice, Method, Parts, Settings, count_parts};
use crate::error::Error;
use crate::problem::Problem;
use crate::text::{Limit, read_bounded, read_bounded_head};

/// The first line of every manifest, with its format version.
const MAGIC: &str = "queens-manifest 1";

/// The most bytes a header may take (the problem's words and text are the long part).
const HEADER_MAX: u64 = 64 * 1024;

/// The most bytes a part line may take: an id, two 128-bit numbers and the seconds.
const LINE_MAX: u64 = 160;

/// The most tasks a manifest may claim (no plan comes near: they have thousands).
const TASKS_MAX: usize = 1 << 26;

/// The program that counts: this crate's version and, when the build was given one in
/// `QUEENS_GIT_COMMIT`, its commit (`QUEENS_GIT_COMMIT=$(git rev-parse --short HEAD)
/// cargo build --release`).
pub fn program() -> String {
    format!(
        "queens {} (commit {})",
        env!("CARGO_PKG_VERSION"),
        option_env!("QUEENS_GIT_COMMIT").unwrap_or("unknown")
    )
}

/// One part of a count: a task's id, its subtotal and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Part {
    /// The task's index in the plan, from 0.
    pub id: usize,
    /// Its total, as the task counts it (times the plan's divisor).
    pub total: u128,
    /// Its unique count, as the task counts it (see the plan's [`UniqueRule`]).
    pub unique: u128,
    /// Seconds it took on the thread that counted it.
    pub seconds: f64,
}

impl Part {
    /// The part's subtotal.
    pub fn tally(&self) -> Tally {
        Tally {
            total: self.total,
            unique: self.unique,
        }
    }
}

/// Where a count writes its manifest, and the words that rebuild its problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Target {
    /// The manifest file.
    pub path: PathBuf,
    /// The front end's words that rebuild the problem for a re-check (the command
    /// line's `count` arguments); the library keeps them as they are.
    pub source: Vec<String>,
}

/// Counts only the listed tasks of a plan, which must be `plan` (a re-check).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recount {
    /// The plan the tasks belong to: a count whose plan differs is refused.
    pub plan: PlanId,
    /// The tasks to count.
    pub tasks: Vec<usize>,
}

/// A count's manifest (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    /// The plan counted.
    pub plan: PlanId,
    /// The program that counted ([`program`]).
    pub program: String,
    /// The words that rebuild the problem ([`Target::source`]).
    pub source: Vec<String>,
    /// The shard counted, or `None` for the whole count.
    pub scope: Option<Shard>,
    /// Whether every part of the scope is listed (a running count's journal is not).
    pub complete: bool,
    /// The whole count, for a complete manifest of a whole count.
    pub count: Option<u128>,
    /// The count up to symmetry, when the count gave it.
    pub unique: Option<u128>,
    /// The parts, by id.
    pub parts: Vec<Part>,
    /// The `sum` line as read from a file (`None` for a manifest made here, whose sum
    /// is its parts'): [`recheck`] reports one that does not match the parts.
    pub sum_line: Option<Tally>,
}

impl Manifest {
    /// The sum of the listed parts' subtotals; an error where it would pass 128 bits.
    pub fn sum(&self) -> Result<Tally, Error> {
        self.parts
            .iter()
            .try_fold(Tally::default(), |s, p| add(s, p.tally()))
    }

    /// The manifest as text: the header, then a line per part (see the [module
    /// docs](self)).
    pub fn to_text(&self) -> String {
        let mut s = self.header();
        for p in &self.parts {
            s.push_str(&part_line(p));
        }
        s
    }

    /// The header, up to and with the line that names the part lines' columns.
    fn header(&self) -> String {
        let p = &self.plan;
        let mut s = String::new();
        let mut line = |k: &str, v: &str| {
            s.push_str(k);
            s.push(' ');
            s.push_str(v);
            s.push('\n');
        };
        line("queens-manifest", "1");
        line("plan", &p.fingerprint);
        line("engine", &p.engine);
        line("problem", &p.problem);
        line("board", &format!("{}x{}", p.rows, p.cols));
        line("method", &p.method.to_string());
        line("tasks", &p.tasks.to_string());
        line("divisor", &p.divisor.to_string());
        line("unique-rule", &String::from(p.unique));
        line("program", &self.program);
        line(
            "source",
            &serde_json::to_string(&self.source).expect("strings serialise"),
        );
        line(
            "scope",
            &self
                .scope
                .map_or_else(|| "whole".to_string(), |s| format!("shard {s}")),
        );
        line("state", if self.complete { "complete" } else { "running" });
        if self.complete {
            if let Some(c) = self.count {
                line("count", &c.to_string());
            }
            if let Some(u) = self.unique {
                line("unique", &u.to_string());
            }
            // The sum is checked when written: a manifest never holds a wrapped one.
            let sum = self.sum().unwrap_or_default();
            line("sum", &format!("{} {}", sum.total, sum.unique));
            line("parts", &self.parts.len().to_string());
        }
        line("cost", "seconds");
        s.push_str("# id total unique seconds\n");
        s
    }

    /// Writes the manifest to `path` whole, through a temporary file and a rename.
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        write_atomically(path, &self.to_text())
    }

    /// Reads the manifest in `path`, reading no more than a manifest of its plan's task
    /// count can take; anything that is not one is refused with one sentence.
    pub fn read(path: &Path) -> Result<Manifest, Error> {
        let name = path.display().to_string();
        let mut file =
            fs::File::open(path).map_err(|e| bad(&name, &format!("cannot read it ({e})")))?;
        let what = format!("manifest {name}");
        // The header first (to its '#' line), for the task count that bounds the rest.
        let header = Limit::new(HEADER_MAX, "a manifest's header can take");
        let head = read_bounded_head(&mut file, &header, &what, &|l| l.starts_with(b"#"))?;
        let tasks = head
            .lines()
            .find_map(|l| l.strip_prefix("tasks "))
            .and_then(|t| t.trim().parse::<u64>().ok())
            .filter(|&t| t <= TASKS_MAX as u64);
        let Some(tasks) = tasks else {
            // Not a manifest: the parser names what is wrong with its head.
            Manifest::parse(&head, &name)?;
            return Err(bad(&name, "its header has no task count"));
        };
        file.seek(SeekFrom::Start(0))
            .map_err(|e| bad(&name, &format!("cannot read it ({e})")))?;
        let whole = Limit::new(
            HEADER_MAX + tasks * LINE_MAX,
            format!("a manifest of {tasks} parts can take"),
        );
        let text = read_bounded(&mut file, &whole, &what)?;
        Manifest::parse(&text, &name)
    }

    /// Reads a manifest from its text (`name` names it in messages).
    ///
    /// ```
    /// use queens::engine::parts::manifest::Manifest;
    /// assert!(Manifest::parse("hello\n", "m.txt").unwrap_err().to_string().contains("not a queens manifest"));
    /// ```
    pub fn parse(text: &str, name: &str) -> Result<Manifest, Error> {
        let refuse = |why: String| bad(name, &why);
        let mut lines = text.split_inclusive('\n');
        if lines.next().map(str::trim_end) != Some(MAGIC) {
            return Err(refuse(format!(
                "it is not a queens manifest (its first line is not '{MAGIC}')"
            )));
        }
        let mut fields: Vec<(&str, &str)> = Vec::new();
        let mut ended = false;
        for line in lines.by_ref() {
            let line = line.trim_end_matches('\n');
            if line.starts_with('#') {
                ended = true;
                break;
            }
            let (k, v) = line.split_once(' ').unwrap_or((line, ""));
            if fields.iter().any(|(seen, _)| *seen == k) {
                return Err(refuse(format!("its header gives '{k}' twice")));
            }
            fields.push((k, v));
        }
        if !ended {
            return Err(refuse("its header has no end (the '# id ...' line)".into()));
        }
        let known = [
            "plan",
            "engine",
            "problem",
            "board",
            "method",
            "tasks",
            "divisor",
            "unique-rule",
            "program",
            "source",
            "scope",
            "state",
            "count",
            "unique",
            "sum",
            "parts",
            "cost",
        ];
        if let Some((k, _)) = fields.iter().find(|(k, _)| !known.contains(k)) {
            return Err(refuse(format!("its header has an unknown field '{k}'")));
        }
        let get = |k: &str| fields.iter().find(|(f, _)| *f == k).map(|(_, v)| *v);
        let need = |k: &str| get(k).ok_or_else(|| refuse(format!("its header has no '{k}' line")));
        let number = |k: &str| -> Result<u128, Error> {
            need(k)?
                .parse()
                .map_err(|_| refuse(format!("its '{k}' is not a number")))
        };
        let (rows, cols) = need("board")?
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            .ok_or_else(|| refuse("its 'board' is not ROWSxCOLS".into()))?;
        let method: Method = need("method")?
            .parse()
            .map_err(|_| refuse("its 'method' is not a counting method".into()))?;
        let unique_rule = UniqueRule::try_from(need("unique-rule")?.to_string())
            .map_err(|e| refuse(format!("its 'unique-rule' is bad ({e})")))?;
        let tasks = usize::try_from(number("tasks")?)
            .ok()
            .filter(|&t| t <= TASKS_MAX)
            .ok_or_else(|| {
                refuse(format!(
                    "it claims more tasks than the {TASKS_MAX} any plan has"
                ))
            })?;
        let plan = PlanId {
            engine: need("engine")?.to_string(),
            problem: need("problem")?.to_string(),
            rows,
            cols,
            method,
            fingerprint: need("plan")?.to_string(),
            tasks,
            divisor: number("divisor")?,
            unique: unique_rule,
        };
        let source: Vec<String> = serde_json::from_str(need("source")?)
            .map_err(|_| refuse("its 'source' is not a list of words in JSON".into()))?;
        let scope = match need("scope")? {
            "whole" => None,
            s => Some(
                s.strip_prefix("shard ")
                    .and_then(|s| s.parse::<Shard>().ok())
                    .ok_or_else(|| {
                        refuse("its 'scope' is neither 'whole' nor 'shard I/K'".into())
                    })?,
            ),
        };
        let complete = match need("state")? {
            "complete" => true,
            "running" => false,
            _ => {
                return Err(refuse(
                    "its 'state' is neither 'complete' nor 'running'".into(),
                ));
            }
        };
        if need("cost")? != "seconds" {
            return Err(refuse("its 'cost' is not 'seconds'".into()));
        }
        let optional = |k: &str| get(k).map(|_| number(k)).transpose();
        let count = optional("count")?;
        let unique = optional("unique")?;
        let mut parts: Vec<Part> = Vec::new();
        let mut seen = vec![false; tasks];
        for (k, line) in lines.enumerate() {
            let Some(line) = line.strip_suffix('\n') else {
                // A torn last line of a running journal (a kill mid-write): not a part.
                if complete {
                    return Err(refuse("its last line is cut short".into()));
                }
                break;
            };
            let what = || {
                refuse(format!(
                    "part line {} is not 'id total unique seconds'",
                    k + 1
                ))
            };
            let words: Vec<&str> = line.split(' ').collect();
            let [id, total, unique, seconds] = words[..] else {
                return Err(what());
            };
            let part = Part {
                id: id.parse().map_err(|_| what())?,
                total: total.parse().map_err(|_| what())?,
                unique: unique.parse().map_err(|_| what())?,
                seconds: seconds
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                    .ok_or_else(what)?,
            };
            if part.id >= tasks || scope.is_some_and(|s| !s.owns(part.id)) {
                return Err(refuse(format!(
                    "it lists part {}, which is not in its {}",
                    part.id,
                    scope.map_or_else(|| "plan".to_string(), |s| format!("shard {s}"))
                )));
            }
            if std::mem::replace(&mut seen[part.id], true) {
                return Err(refuse(format!("it lists part {} twice", part.id)));
            }
            parts.push(part);
        }
        parts.sort_by_key(|p| p.id);
        // The sum is read but not checked here: a re-check reports a mismatch.
        let sum_line = match (complete, get("sum")) {
            (false, _) => None,
            (true, None) => return Err(refuse("its header has no 'sum' line".into())),
            (true, Some(s)) => Some(
                s.split_once(' ')
                    .and_then(|(t, u)| {
                        Some(Tally {
                            total: t.parse().ok()?,
                            unique: u.parse().ok()?,
                        })
                    })
                    .ok_or_else(|| refuse("its 'sum' is not two numbers".into()))?,
            ),
        };
        let m = Manifest {
            plan,
            program: need("program")?.to_string(),
            source,
            scope,
            complete,
            count,
            unique,
            parts,
            sum_line,
        };
        if complete && number("parts")? != m.parts.len() as u128 {
            return Err(refuse(format!(
                "it says it lists {} parts but lists {}",
                need("parts")?,
                m.parts.len()
            )));
        }
        Ok(m)
    }

    /// `k` of the listed parts' ids drawn at random with `seed` (all when `k` is at
    /// least their number), in increasing order: the same `seed` draws the same parts
    /// on every machine.
    pub fn sample(&self, k: usize, seed: u64) -> Vec<usize> {
        let mut ids: Vec<usize> = self.parts.iter().map(|p| p.id).collect();
        let k = k.min(ids.len());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        // A partial Fisher-Yates shuffle: the first k places are a uniform draw.
        for i in 0..k {
            let left = (ids.len() - i) as u64;
            let j = i + (rng.next_u64() % left) as usize;
            ids.swap(i, j);
        }
        ids.truncate(k);
        ids.sort_unstable();
        ids
    }

    /// The listed part `id`, if any.
    pub fn part(&self, id: usize) -> Option<&Part> {
        self.parts
            .binary_search_by_key(&id, |p| p.id)
            .ok()
            .map(|i| &self.parts[i])
    }

    /// The manifest of a merged count: from a complete set of shard results (see
    /// [`merge`]), each of which must carry its parts (counted with a manifest).
    pub fn of_merge(shards: &[(String, ShardResult)]) -> Result<Manifest, Error> {
        let merged = merge(shards)?;
        let (first_name, first) = &shards[0];
        let mut parts = Vec::new();
        for (name, r) in shards {
            if r.parts.is_empty() && r.tasks > 0 {
                return Err(Error::Shard(format!(
                    "{name} carries no subtotals per part: count that shard again with a manifest"
                )));
            }
            if r.source != first.source {
                return Err(Error::Shard(format!(
                    "{name} and {first_name} give different words for the problem: they were counted from different commands"
                )));
            }
            let shard = Shard {
                index: r.shard,
                count: r.shards,
            };
            let sum = r
                .parts
                .iter()
                .try_fold(Tally::default(), |s, p| add(s, p.tally()))?;
            let owned = r
                .parts
                .iter()
                .all(|p| p.id < r.plan_tasks && shard.owns(p.id));
            if !owned || r.parts.len() != r.tasks || sum.total != r.total || sum.unique != r.unique
            {
                return Err(Error::Shard(format!(
                    "{name} was altered: its parts do not add up to its subtotals"
                )));
            }
            parts.extend_from_slice(&r.parts);
        }
        parts.sort_by_key(|p| p.id);
        if parts.windows(2).any(|w| w[0].id == w[1].id) {
            return Err(Error::Shard("the shards list a part twice".into()));
        }
        Ok(Manifest {
            plan: first.plan(),
            program: program(),
            source: first.source.clone(),
            scope: None,
            complete: true,
            count: Some(merged.tally.total),
            unique: merged.unique_known.then_some(merged.tally.unique),
            parts,
            sum_line: None,
        })
    }
}

/// A part as a manifest line.
fn part_line(p: &Part) -> String {
    format!("{} {} {} {:.6}\n", p.id, p.total, p.unique, p.seconds)
}

/// A refusal of the manifest `name`, in one sentence.
fn bad(name: &str, why: &str) -> Error {
    Error::Shard(format!("manifest {name}: {why}"))
}

/// Writes `text` to `path` through a temporary file in the same directory and a rename.
fn write_atomically(path: &Path, text: &str) -> Result<(), Error> {
    let fail = |e: std::io::Error| {
        Error::Shard(format!(
            "manifest {}: cannot write it ({e})",
            path.display()
        ))
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut f = fs::File::create(&tmp).map_err(fail)?;
    f.write_all(text.as_bytes()).map_err(fail)?;
    f.sync_data().map_err(fail)?;
    #[cfg_attr(target_family = "wasm", allow(clippy::drop_non_drop))]
    drop(f);
    fs::rename(&tmp, path).map_err(fail)
}

/// A running count's manifest: its parts as they finish, appended to the file when the
/// count is resumable, and the whole manifest written at the end.
pub(crate) struct Journal {
    manifest: Manifest,
    /// The file opened for appending, when the count keeps a checkpoint.
    file: Option<fs::File>,
    path: PathBuf,
}

impl Journal {
    /// The journal of a count of `plan`'s tasks in `scope`. With `resumable` (a
    /// checkpoint), the parts of the tasks `done` were finished by an earlier run and
    /// are taken from the manifest file it kept; the file is then rewritten with them
    /// and kept open for appending.
    pub(crate) fn start(
        target: &Target,
        plan: &PlanId,
        scope: Option<Shard>,
        resumable: bool,
        done: &[usize],
    ) -> Result<Journal, Error> {
        let mut manifest = Manifest {
            plan: plan.clone(),
            program: program(),
            source: target.source.clone(),
            scope,
            complete: false,
            count: None,
            unique: None,
            parts: Vec::new(),
            sum_line: None,
        };
        let name = target.path.display().to_string();
        if !done.is_empty() {
            let kept = match target.path.exists() {
                true => Some(Manifest::read(&target.path)?),
                false => None,
            };
            if let Some(k) = &kept
                && (k.plan != *plan || k.scope != scope)
            {
                return Err(bad(
                    &name,
                    "it lists the parts of another count than this checkpoint's; use another file",
                ));
            }
            let missing = done
                .iter()
                .filter(|&&i| kept.as_ref().is_none_or(|k| k.part(i).is_none()))
                .count();
            if missing > 0 {
                return Err(bad(
                    &name,
                    &format!(
                        "it does not list {missing} of the {} tasks the checkpoint holds finished \
                         (the manifest was not kept from the start of the count): \
                         count again without the checkpoint, or without the manifest",
                        done.len()
                    ),
                ));
            }
            let kept = kept.expect("every finished task is listed");
            manifest.parts = done.iter().filter_map(|&i| kept.part(i).copied()).collect();
        }
        let mut journal = Journal {
            manifest,
            file: None,
            path: target.path.clone(),
        };
        if resumable {
            journal.manifest.write(&journal.path)?;
            let f = fs::OpenOptions::new()
                .append(true)
                .open(&journal.path)
                .map_err(|e| bad(&name, &format!("cannot write it ({e})")))?;
            journal.file = Some(f);
        }
        Ok(journal)
    }

    /// Records a finished part (appended to the file of a resumable count).
    pub(crate) fn add(&mut self, part: Part) -> Result<(), Error> {
        if let Some(f) = &mut self.file {
            f.write_all(part_line(&part).as_bytes()).map_err(|e| {
                bad(
                    &self.path.display().to_string(),
                    &format!("cannot write it ({e})"),
                )
            })?;
        }
        self.manifest.parts.push(part);
        Ok(())
    }

    /// The parts so far, by id.
    pub(crate) fn parts(&self) -> Vec<Part> {
        let mut parts = self.manifest.parts.clone();
        parts.sort_by_key(|p| p.id);
        parts
    }

    /// Writes the complete manifest, with the whole count (`count`, `unique`) when the
    /// scope is the whole count.
    pub(crate) fn finish(mut self, count: Option<u128>, unique: Option<u128>) -> Result<(), Error> {
        self.file = None;
        self.manifest.parts.sort_by_key(|p| p.id);
        self.manifest.complete = true;
        self.manifest.count = count;
        self.manifest.unique = unique;
        self.manifest.write(&self.path)
    }
}

/// A recounted part whose subtotal differs from the manifest's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The part.
    pub id: usize,
    /// Its subtotal in the manifest.
    pub listed: Tally,
    /// Its subtotal recounted.
    pub recounted: Tally,
}

/// What [`recheck`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Recheck {
    /// The parts recounted, by id.
    pub checked: Vec<usize>,
    /// Those whose subtotal differs from the manifest's.
    pub differ: Vec<Difference>,
    /// When the manifest's `sum` line does not match its parts: (the sum of the listed
    /// parts, the sum line).
    pub sum_mismatch: Option<(Tally, Tally)>,
    /// Seconds the recount took, over all its threads.
    pub seconds: f64,
}

impl Recheck {
    /// Whether every recounted part matches (and the manifest's sum its parts).
    pub fn agrees(&self) -> bool {
        self.differ.is_empty() && self.sum_mismatch.is_none()
    }
}

impl fmt::Display for Recheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.checked.len();
        let parts = if n == 1 { "part" } else { "parts" };
        if self.differ.is_empty() {
            write!(f, "agree: {n} of {n} {parts} recounted match")?;
        } else {
            let d = self.differ.len();
            write!(
                f,
                "differ: {d} of {n} {parts} recounted do not match the manifest"
            )?;
            for d in &self.differ {
                write!(
                    f,
                    "\n  part {}: listed {} (unique {}), recounted {} (unique {})",
                    d.id, d.listed.total, d.listed.unique, d.recounted.total, d.recounted.unique
                )?;
            }
        }
        if let Some((parts, line)) = self.sum_mismatch {
            write!(
                f,
                "\n  the listed parts add up to {} (unique {}), but the manifest's sum is {} (unique {})",
                parts.total, parts.unique, line.total, line.unique
            )?;
        }
        Ok(())
    }
}

/// Recounts the parts `ids` of `manifest` with this build, the problem being
/// `problem` (rebuilt by the caller from [`Manifest::source`]), and compares each with
/// its line. A manifest of another plan than this build makes for `problem` is refused
/// (an error: another problem, engine, method or task list), as are ids it does not
/// list.
pub fn recheck(
    manifest: &Manifest,
    problem: &Problem,
    settings: &Settings,
    ids: &[usize],
) -> Result<Recheck, Error> {
    if let Some(&id) = ids.iter().find(|&&i| manifest.part(i).is_none()) {
        return Err(Error::Shard(format!(
            "part {id} is not listed in the manifest (it lists {} parts)",
            manifest.parts.len()
        )));
    }
    let choice: EngineChoice = manifest.plan.engine.parse()?;
    let parts = Parts {
        method: Some(manifest.plan.method),
        recount: Some(Recount {
            plan: manifest.plan.clone(),
            tasks: ids.to_vec(),
        }),
        ..Parts::default()
    };
    let report = count_parts(problem, choice, settings, &parts)?;
    let recounted = report.parts.unwrap_or_default();
    let mut differ = Vec::new();
    let mut seconds = 0.0;
    for &id in ids {
        let listed = manifest.part(id).expect("checked above").tally();
        let again = recounted
            .iter()
            .find(|p| p.id == id)
            .ok_or_else(|| Error::internal(format!("part {id} was not recounted")))?;
        seconds += again.seconds;
        if again.tally() != listed {
            differ.push(Difference {
                id,
                listed,
                recounted: again.tally(),
            });
        }
    }
    let mut checked = ids.to_vec();
    checked.sort_unstable();
    checked.dedup();
    Ok(Recheck {
        checked,
        differ,
        sum_mismatch: sum_mismatch(manifest),
        seconds,
    })
}

/// A manifest's `sum` line and the sum of its parts, when they differ.
fn sum_mismatch(m: &Manifest) -> Option<(Tally, Tally)> {
    let line = m.sum_line?;
    let parts = m.sum().ok();
    (parts != Some(line)).then(|| (parts.unwrap_or_default(), line))
}

/// How `found` differs from the plan `want` a manifest names, in words; `None` when
/// they are the same plan.
pub(crate) fn plan_difference(want: &PlanId, found: &PlanId) -> Option<String> {
    if want == found {
        return None;
    }
    let what = if want.engine != found.engine {
        format!("the {} engine, not {}", want.engine, found.engine)
    } else if (&want.problem, want.rows, want.cols) != (&found.problem, found.rows, found.cols) {
        format!("{}, not {}", want.problem, found.problem)
    } else if want.method != found.method {
        format!("the {} method, not {}", want.method, found.method)
    } else {
        format!(
            "plan {} of {} tasks, but this build makes plan {} of {} tasks for it",
            want.fingerprint, want.tasks, found.fingerprint, found.tasks
        )
    };
    Some(format!(
        "the manifest is of another plan than this build makes for its problem ({what}); nothing was recounted"
    ))
}
