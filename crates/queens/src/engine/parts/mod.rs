//! Long counts in parts: every engine that counts in parts describes its work as a
//! `PartPlan`, a deterministic list of tasks (the first rows of N-queens or amazons,
//! the torus engine's orbit searches expanded, the pre-placements of the exact search,
//! the first squares of `fewlines`), and this
//! module runs any such plan with the same guarantees:
//!
//! - **checkpoints** ([`checkpoint`]): the finished tasks and their sums, written
//!   atomically, so that a `kill -9` loses only the tasks in flight and a checkpoint of
//!   another problem, engine, plan or version is refused;
//! - **shards** `I/K` ([`Shard`]): the tasks whose index is `I-1` modulo `K`, each shard's
//!   result a [`ShardResult`] that carries a digest of the problem, the plan and its
//!   subtotals and a check value per subtotal (the count modulo 13 and 15, as the Q27
//!   project keeps them), so that [`merge`] refuses a missing, repeated, foreign or
//!   edited part;
//! - **the count up to symmetry** from the parts: each plan says how ([`UniqueRule`]):
//!   its tasks count orbits themselves, or the unique count follows from the total (the
//!   N-queens join), or one extra task counts the placements each non-identity symmetry
//!   fixes and Burnside's lemma gives the rest. Every set of shards can therefore be
//!   merged with the count up to symmetry.
//!
//! The driver `run_tasks` hands tasks to `ctl.threads` threads and reports progress
//! (tasks done of tasks in all) as they finish.
//!
//! # The plans
//! | engine | tasks | unique rule |
//! |---|---|---|
//! | `nqueens` (backtrack) | prefixes of the first rows (at least 1500) | `summed`: tasks count orbits |
//! | `nqueens` (join) | the join's task groups | `from-total`: Burnside with the rotation-fixed solutions |
//! | `torus` | each orbit's search expanded breadth first | `burnside-G` |
//! | `amazons` (squares of side 4 and more) | columns of the top three rows | `summed` |
//! | `amazons` (other boards) | top-row column in the left half × row-1 column | `burnside-G` |
//! | `exact` | the first pieces' squares at the first depth with at least 1024 pre-placements, replayed when run | `burnside-G` |
//! | `fewlines` | one first square per orbit; one task with the closed count for k ≤ 3 | `burnside-G`, divisor `lcm(1..k-3) · C(k,3)` |
//!
//! A plan's `PlanId` names the engine, the problem text, the board, the `Method`, a
//! fingerprint of the problem, algorithm version and task list, the task count, a
//! `divisor` and a `UniqueRule`. `TaskList` turns an engine's task closure into a plan;
//! with `burnside-G` it appends one task that counts, with `symmetry::fixed_count`, the
//! placements fixed by each of the G - 1 other symmetries, and stores that sum as the
//! task's `unique`; the whole unique count is then `(total / divisor + that) / G`. A whole
//! count without `--unique` skips that task; a shard always runs it if it owns it, so
//! every shard set can be merged with `--unique`.
//!
//! `run_tasks` hands task ids to `T` workers from an atomic counter; results come back
//! over a short channel to the calling thread, which adds them (checked for overflow),
//! writes the checkpoint and reports progress (tasks done of tasks in all, resumed ones
//! included). A cancel or budget stops new tasks; a task stopped inside is not counted.

pub mod checkpoint;
pub mod manifest;
pub mod method;
pub mod shard;
pub mod tally;

use std::fmt;
use std::str::FromStr;
#[cfg(feature = "parallel")]
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
#[cfg(feature = "parallel")]
use std::sync::mpsc;

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

use super::{Control, Parts, PartsReport};
use crate::error::Error;
use crate::problem::Problem;

pub use checkpoint::checkpoint_method;
pub use shard::{Merged, ShardResult, merge};

pub use method::Method;
pub use tally::Tally;

/// Part `index` of `count` (1-based), as `--shard I/K` spells it.
///
/// ```
/// use queens::engine::Shard;
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

/// How the count up to symmetry follows from a plan's task sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum UniqueRule {
    /// The tasks count orbits themselves: the unique count is the sum of theirs.
    Summed,
    /// The unique count follows from the total alone (the N-queens join: Burnside's
    /// lemma with the rotation-symmetric solutions counted apart).
    FromTotal,
    /// The plan's last task counts, in its `unique`, the placements fixed by each of the
    /// other `order - 1` symmetries of the problem; the unique count is
    /// `(total + that) / order` (Burnside's lemma).
    Burnside {
        /// The number of symmetries, the identity included.
        order: u32,
    },
    /// The count up to symmetry is not available from these parts (a board too large
    /// for the search of symmetric placements).
    Unavailable,
}

impl From<UniqueRule> for String {
    fn from(r: UniqueRule) -> String {
        match r {
            UniqueRule::Summed => "summed".into(),
            UniqueRule::FromTotal => "from-total".into(),
            UniqueRule::Burnside { order } => format!("burnside-{order}"),
            UniqueRule::Unavailable => "unavailable".into(),
        }
    }
}

impl TryFrom<String> for UniqueRule {
    type Error = String;

    fn try_from(s: String) -> Result<UniqueRule, String> {
        match s.as_str() {
            "summed" => Ok(UniqueRule::Summed),
            "from-total" => Ok(UniqueRule::FromTotal),
            "unavailable" => Ok(UniqueRule::Unavailable),
            _ => s
                .strip_prefix("burnside-")
                .and_then(|o| o.parse().ok())
                .filter(|&o| o >= 1)
                .map(|order| UniqueRule::Burnside { order })
                .ok_or_else(|| format!("unknown unique rule '{s}'")),
        }
    }
}

/// What a plan counts and how: everything a checkpoint or shard result must agree on
/// to be added to another's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanId {
    /// The engine that made the plan.
    pub engine: String,
    /// The problem, for messages and for telling problems apart ("8 queens on 8x8",
    /// "5x5 N1B1R1Q1A1").
    pub problem: String,
    /// Rows of the board (for N-queens: of the transposed board, the number of queens).
    pub rows: u32,
    /// Columns of the board.
    pub cols: u32,
    /// How the tasks count.
    pub method: Method,
    /// A digest of the problem, the algorithm version and the task list.
    pub fingerprint: String,
    /// Tasks in the plan.
    pub tasks: usize,
    /// The tasks' totals add up to the count times this (fewlines counts every
    /// placement once per way of splitting it; 1 elsewhere).
    pub divisor: u128,
    /// How the count up to symmetry follows.
    pub unique: UniqueRule,
}

impl PlanId {
    /// The identity of an engine's plan before [`TaskList::new`] completes it with the
    /// problem: the engine, its method, the divisor and a digest of the task list.
    pub(crate) fn of(engine: &str, method: Method, divisor: u128, tasks: String) -> PlanId {
        PlanId {
            engine: engine.into(),
            problem: String::new(),
            rows: 0,
            cols: 0,
            method,
            fingerprint: fnv1a(tasks.into_bytes()),
            tasks: 0,
            divisor,
            unique: UniqueRule::Summed,
        }
    }

    /// The whole count from the sum of the tasks' totals: `None` when it does not
    /// divide by [`PlanId::divisor`].
    fn total(&self, sum: u128) -> Option<u128> {
        (self.divisor != 0 && sum.is_multiple_of(self.divisor)).then(|| sum / self.divisor)
    }

    /// The text the digests cover.
    fn digest_text(&self) -> String {
        format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{}",
            self.engine,
            self.problem,
            self.rows,
            self.cols,
            self.method,
            self.fingerprint,
            self.tasks,
            self.divisor,
            String::from(self.unique)
        )
    }

    /// The file formats of this engine's checkpoints and shard results: plain N-queens
    /// keeps the names its files always had.
    fn formats(&self) -> (&'static str, &'static str) {
        if self.engine == "nqueens" {
            ("queens-nqueens-checkpoint", "queens-nqueens-shard")
        } else {
            ("queens-checkpoint", "queens-shard")
        }
    }

    /// The whole count's tally from the sum of every task's: the total divided by
    /// [`PlanId::divisor`], the unique count by [`PlanId::unique`]. `None` when the sums
    /// cannot be right (a total that does not divide, a Burnside sum that does not).
    pub fn whole(&self, sum: Tally) -> Option<Tally> {
        let total = self.total(sum.total)?;
        let unique = match self.unique {
            UniqueRule::Summed => sum.unique,
            UniqueRule::FromTotal => {
                super::orbits::rotations::unique_from_total(self.rows as usize, total)?
            }
            UniqueRule::Unavailable => 0,
            UniqueRule::Burnside { order } => {
                let all = total.checked_add(sum.unique)?;
                let order = u128::from(order);
                if !all.is_multiple_of(order) {
                    return None;
                }
                all / order
            }
        };
        Some(Tally { total, unique })
    }
}

/// The check value of a subtotal: it modulo 13 and modulo 15, as the Q27 project keeps
/// beside each of its subtotals (a changed digit changes one of them unless the change
/// is a multiple of 195).
pub fn residues(n: u128) -> [u8; 2] {
    [(n % 13) as u8, (n % 15) as u8]
}

/// A count's deterministic task list (see the [module docs](self)).
pub(crate) trait PartPlan: Sync {
    /// What the plan counts and how.
    fn id(&self) -> &PlanId;

    /// Counts task `i`: `Ok(None)` when `stop` (or `ctl`) said to stop first.
    fn run_task(
        &self,
        i: usize,
        ctl: &Control,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Tally>, Error>;

    /// Whether task `i` serves only the count up to symmetry (a whole count that does
    /// not want it skips the task).
    fn only_for_unique(&self, _i: usize) -> bool {
        false
    }
}

/// How to run a plan: which part, and where to keep the checkpoint.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Only this part of the tasks; `None` for all.
    pub shard: Option<Shard>,
    /// The checkpoint file; `None` for none.
    pub checkpoint: Option<std::path::PathBuf>,
    /// Whether a whole count needs the count up to symmetry too.
    pub unique: bool,
    /// Write a manifest of the parts here (kept as a journal while a resumable count
    /// runs).
    pub manifest: Option<manifest::Target>,
    /// Count only these tasks, of this plan (a re-check): no checkpoint, no shard.
    pub recount: Option<manifest::Recount>,
}

/// What [`run`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The sum over the selected tasks (all, or the shard's), as the tasks count it;
    /// for a whole count with `unique`, the whole count's tally ([`PlanId::whole`]).
    pub tally: Tally,
    /// Tasks selected.
    pub tasks: usize,
    /// Of those, the tasks already done in the checkpoint when the run started.
    pub resumed: usize,
    /// Every selected task's part, by id: those this run counted and, with a manifest,
    /// those an earlier run counted; `None` when tasks were resumed from a checkpoint
    /// without a manifest (their subtotals are not kept).
    pub parts: Option<Vec<manifest::Part>>,
}

/// Counts the tasks of `plan` that `opts` selects, resuming from and saving to the
/// checkpoint when there is one. A whole count's tally is the whole count's (divided,
/// with the unique count when asked for); a shard's is its raw sums.
pub(crate) fn run(plan: &dyn PartPlan, opts: &Options, ctl: &Control) -> Result<Report, Error> {
    let id = plan.id();
    if let Some(r) = &opts.recount {
        return recount(plan, r, ctl);
    }
    let whole = opts.shard.is_none();
    let ids: Vec<usize> = (0..id.tasks)
        .filter(|&i| opts.shard.is_none_or(|s| s.owns(i)))
        .filter(|&i| !whole || opts.unique || !plan.only_for_unique(i))
        .collect();
    let mut state = match &opts.checkpoint {
        Some(path) => checkpoint::Checkpoint::load_or_new(path, id, opts.shard)?,
        None => checkpoint::Checkpoint::new(id, opts.shard),
    };
    let resumed = ids.iter().filter(|&&i| state.is_done(i)).count();
    let todo: Vec<usize> = ids.iter().copied().filter(|&i| !state.is_done(i)).collect();
    let path = opts.checkpoint.as_deref();
    // Every task's part: this run's, and with a manifest the earlier runs' from it.
    let done_before: Vec<usize> = ids.iter().copied().filter(|&i| state.is_done(i)).collect();
    let mut journal = opts
        .manifest
        .as_ref()
        .map(|t| manifest::Journal::start(t, id, opts.shard, path.is_some(), &done_before))
        .transpose()?;
    let mut counted: Vec<manifest::Part> = Vec::new();
    let mut saver = checkpoint::Saver::default();
    if let Some(p) = path {
        saver.snapshot(&state, p)?; // fail early on an unwritable path
    }
    // Progress counts resumed tasks as done, so the estimate covers the whole job.
    let report = |p: super::Progress| ctl.report(p.done + resumed as u64, ids.len() as u64);
    let inner = Control {
        progress: Some(&report),
        ..*ctl
    };
    let result = run_tasks_timed(plan, &todo, &inner, &mut |i, t, seconds| {
        let part = manifest::Part {
            id: i,
            total: t.total,
            unique: t.unique,
            seconds,
        };
        // In the manifest before the checkpoint: a task the checkpoint holds is listed.
        match &mut journal {
            Some(j) => j.add(part)?,
            None => counted.push(part),
        }
        state.mark(i, t)?;
        match path {
            Some(p) => saver.task_done(&state, p, i, t),
            None => Ok(()),
        }
    });
    if let Some(p) = path {
        saver.snapshot(&state, p)?;
    }
    result?;
    let sum = state.sum();
    let not_whole = || {
        Error::internal(format!(
            "the parts of {} add up to {}, which is not a whole count",
            id.problem, sum.total
        ))
    };
    if whole && opts.unique && id.unique == UniqueRule::Unavailable {
        return Err(Error::Unsupported(format!(
            "the count up to symmetry of {} is not available: the board is too large to search for symmetric placements",
            id.problem
        )));
    }
    let tally = if !whole {
        sum
    } else if opts.unique {
        id.whole(sum).ok_or_else(not_whole)?
    } else {
        // The tasks that serve only the unique count did not run: the total alone.
        Tally {
            total: id.total(sum.total).ok_or_else(not_whole)?,
            unique: 0,
        }
    };
    let parts = match journal {
        Some(j) => {
            let parts = j.parts();
            let count = whole.then_some(tally.total);
            let unique = (whole && opts.unique && id.unique != UniqueRule::Unavailable)
                .then_some(tally.unique);
            j.finish(count, unique)?;
            Some(parts)
        }
        None if resumed == 0 => {
            counted.sort_by_key(|p| p.id);
            Some(counted)
        }
        None => None,
    };
    Ok(Report {
        tally,
        tasks: ids.len(),
        resumed,
        parts,
    })
}

/// Counts the tasks of a re-check ([`manifest::Recount`]): refused when `plan` is not
/// the plan the re-check names; the tally is the tasks' sum.
fn recount(plan: &dyn PartPlan, r: &manifest::Recount, ctl: &Control) -> Result<Report, Error> {
    let id = plan.id();
    if let Some(why) = manifest::plan_difference(&r.plan, id) {
        return Err(Error::Shard(why));
    }
    if let Some(&i) = r.tasks.iter().find(|&&i| i >= id.tasks) {
        return Err(Error::Shard(format!(
            "task {i} is not in the plan of {}, which has {} tasks",
            id.problem, id.tasks
        )));
    }
    let mut ids = r.tasks.clone();
    ids.sort_unstable();
    ids.dedup();
    let mut parts = Vec::with_capacity(ids.len());
    let mut sum = Tally::default();
    run_tasks_timed(plan, &ids, ctl, &mut |i, t, seconds| {
        sum = checkpoint::add(sum, t)?;
        parts.push(manifest::Part {
            id: i,
            total: t.total,
            unique: t.unique,
            seconds,
        });
        Ok(())
    })?;
    parts.sort_by_key(|p| p.id);
    Ok(Report {
        tally: sum,
        tasks: ids.len(),
        resumed: 0,
        parts: Some(parts),
    })
}

/// Runs `plan` as `parts` asks (a checkpoint, a shard, the unique count) and reports it
/// as [`count_parts`](super::count_parts) does.
pub(crate) fn count_in_parts(
    plan: &dyn PartPlan,
    ctl: &Control,
    parts: &Parts,
) -> Result<PartsReport, Error> {
    let opts = Options {
        shard: parts.shard,
        checkpoint: parts.checkpoint.clone(),
        unique: parts.unique && parts.shard.is_none(),
        manifest: parts.manifest.clone(),
        recount: parts.recount.clone(),
    };
    let start = crate::clock::Instant::now();
    let report = run(plan, &opts, ctl)?;
    let seconds = start.elapsed().as_secs_f64();
    let threads = ctl.thread_count();
    Ok(PartsReport {
        total: report.tally.total.into(),
        unique: opts.unique.then(|| report.tally.unique.into()),
        method: plan.id().method,
        tasks: report.tasks,
        resumed: report.resumed,
        shard: parts.shard.map(|s| {
            let mut r = ShardResult::new(plan.id(), s, &report, seconds, threads);
            // With a manifest, the shard carries its parts, for a merged manifest.
            if let (Some(t), Some(p)) = (&parts.manifest, &report.parts) {
                r.with_parts(p.clone(), t.source.clone());
            }
            r
        }),
        threads,
        plan: plan.id().clone(),
        parts: report.parts,
    })
}

/// Refuses a method that is not the engine's own (every engine but `nqueens` has
/// one method).
pub(crate) fn only_method(engine: &str, own: Method, asked: Option<Method>) -> Result<(), Error> {
    match asked {
        Some(m) if m != own => Err(Error::Unsupported(format!(
            "the {engine} engine counts by its own method ({own}), not {m}; leave out the method"
        ))),
        _ => Ok(()),
    }
}

/// Runs the tasks `ids` of `plan` on `ctl.thread_count()` threads that take the next
/// task as they become free, and calls `done` on the calling thread with each task's
/// result as it arrives (in completion order). Progress goes to `ctl` as tasks finish.
/// When `ctl` is cancelled no new task starts; those running stop or finish, finished
/// ones are reported, then the call returns [`Error::Interrupted`]. An error from
/// `done` or from a task stops the run the same way and is returned.
pub(crate) fn run_tasks(
    plan: &dyn PartPlan,
    ids: &[usize],
    ctl: &Control,
    done: &mut dyn FnMut(usize, Tally) -> Result<(), Error>,
) -> Result<(), Error> {
    run_tasks_timed(plan, ids, ctl, &mut |i, t, _| done(i, t))
}

/// [`run_tasks`], with each task's seconds (on the thread that ran it) given to `done`.
fn run_tasks_timed(
    plan: &dyn PartPlan,
    ids: &[usize],
    ctl: &Control,
    done: &mut dyn FnMut(usize, Tally, f64) -> Result<(), Error>,
) -> Result<(), Error> {
    #[cfg(not(feature = "parallel"))]
    return run_tasks_here(plan, ids, ctl, done);
    #[cfg(feature = "parallel")]
    run_tasks_threads(plan, ids, ctl, done)
}

/// Task `id` of `plan`, and the seconds it took.
fn timed_task(
    plan: &dyn PartPlan,
    id: usize,
    ctl: &Control,
    stop: &dyn Fn() -> bool,
) -> Result<Option<(Tally, f64)>, Error> {
    let start = crate::clock::Instant::now();
    let t = plan.run_task(id, ctl, stop)?;
    // To the microsecond, as a manifest writes it and reads it back.
    let seconds = (start.elapsed().as_secs_f64() * 1e6).round() / 1e6;
    Ok(t.map(|t| (t, seconds)))
}

/// [`run_tasks`] with the `parallel` feature: on the calling thread when one thread
/// is asked for, else on worker threads.
///
/// A pool of its own rather than rayon's: each result goes to `done` *on the calling
/// thread* as it arrives (the checkpoint's journal and the shard's tally are written
/// there, in completion order), and the queue between them holds one result per
/// thread, so that a cancel or a failed write stops the run within a task or two per
/// thread. rayon's iterators hand results back only when all are done, and its scopes
/// would need this same channel and queue on top.
#[cfg(feature = "parallel")]
fn run_tasks_threads(
    plan: &dyn PartPlan,
    ids: &[usize],
    ctl: &Control,
    done: &mut dyn FnMut(usize, Tally, f64) -> Result<(), Error>,
) -> Result<(), Error> {
    let threads = ctl.thread_count().clamp(1, ids.len().max(1));
    if threads == 1 {
        return run_tasks_here(plan, ids, ctl, done);
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let abandoned = AtomicBool::new(false);
    let mut failure = None;
    ctl.report(0, ids.len() as u64);
    std::thread::scope(|s| {
        // A short queue: workers cannot run far ahead of `done`, so a cancel or an
        // error stops the run within a task or two per thread.
        let (tx, rx) = mpsc::sync_channel::<Result<(usize, Tally, f64), Error>>(threads);
        let mut started = 0;
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, stop, abandoned) = (&next, &stop, &abandoned);
            let worker = std::thread::Builder::new().spawn_scoped(s, move || {
                loop {
                    if stop.load(Ordering::Relaxed) || ctl.cancelled() {
                        break;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&id) = ids.get(k) else { break };
                    let halt = || stop.load(Ordering::Relaxed) || ctl.cancelled();
                    let message = match timed_task(plan, id, ctl, &halt) {
                        Ok(Some((t, seconds))) => Ok((id, t, seconds)),
                        Ok(None) => {
                            // Stopped inside the task: it is not done.
                            abandoned.store(true, Ordering::Relaxed);
                            break;
                        }
                        Err(Error::Interrupted) => {
                            abandoned.store(true, Ordering::Relaxed);
                            break;
                        }
                        Err(e) => Err(e),
                    };
                    if tx.send(message).is_err() {
                        break;
                    }
                }
            });
            // The system may refuse threads (`--threads 100000`): run on those it gave.
            match worker {
                Ok(_) => started += 1,
                Err(_) => break,
            }
        }
        if started == 0 && !ids.is_empty() {
            failure = Some(Error::Unsupported(
                "the system refused to start a worker thread".into(),
            ));
        }
        drop(tx);
        let mut finished = 0u64;
        for message in rx {
            finished += 1;
            let result = message.and_then(|(id, t, seconds)| done(id, t, seconds));
            if failure.is_none()
                && let Err(e) = result
            {
                failure = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
            ctl.report(finished, ids.len() as u64);
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if next.load(Ordering::Relaxed) < ids.len() || abandoned.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    Ok(())
}

/// [`run_tasks`] on the calling thread: for one thread, and for boards so small that
/// starting a thread costs more than the whole count (a caller counting 8 queens in a
/// loop pays microseconds, not the hundreds a thread start costs).
fn run_tasks_here(
    plan: &dyn PartPlan,
    ids: &[usize],
    ctl: &Control,
    done: &mut dyn FnMut(usize, Tally, f64) -> Result<(), Error>,
) -> Result<(), Error> {
    ctl.report(0, ids.len() as u64);
    for (k, &id) in ids.iter().enumerate() {
        let Some((t, seconds)) = timed_task(plan, id, ctl, &|| ctl.cancelled())? else {
            return Err(Error::Interrupted);
        };
        done(id, t, seconds)?;
        ctl.report(k as u64 + 1, ids.len() as u64);
    }
    Ok(())
}

/// A plan made of an engine's own task list and, when the problem has symmetries that
/// the tasks do not count orbits for, one more task: the placements fixed by each
/// non-identity symmetry ([`UniqueRule::Burnside`]).
pub(crate) struct TaskList<'a, F> {
    id: PlanId,
    /// The engine's tasks (the symmetry task, if any, comes after them).
    count: usize,
    task: F,
    /// The problem whose symmetries the last task counts fixed placements of.
    symmetric: Option<&'a Problem>,
}

impl<'a, F> TaskList<'a, F>
where
    F: Fn(usize, &Control, &dyn Fn() -> bool) -> Result<Option<Tally>, Error> + Sync,
{
    /// A plan of `count` tasks run by `task`, for `problem`. `id` names the engine,
    /// method, divisor and a fingerprint of the task list (the problem is added to it
    /// here). When `unique_summed` is false and the problem has more symmetries than
    /// the identity, a last task counts their fixed placements.
    pub(crate) fn new(
        mut id: PlanId,
        problem: &'a Problem,
        count: usize,
        unique_summed: bool,
        task: F,
    ) -> TaskList<'a, F> {
        let order = crate::model::symmetry::symmetries(problem).len() as u32;
        // The search of symmetric placements takes boards up to its size limit.
        let searchable = problem.board().squares() <= crate::engine::orbits::MAX_SQUARES;
        let symmetric = (!unique_summed && order > 1 && searchable).then_some(problem);
        id.unique = if unique_summed {
            UniqueRule::Summed
        } else if order > 1 && !searchable {
            UniqueRule::Unavailable
        } else {
            UniqueRule::Burnside { order }
        };
        id.tasks = count + usize::from(symmetric.is_some());
        id.problem = describe(problem);
        id.rows = problem.board().rows();
        id.cols = problem.board().cols();
        id.fingerprint =
            fnv1a(format!("{}|{}|{}", id.fingerprint, fingerprint(problem), id.tasks).into_bytes());
        TaskList {
            id,
            count,
            task,
            symmetric,
        }
    }
}

impl<F> PartPlan for TaskList<'_, F>
where
    F: Fn(usize, &Control, &dyn Fn() -> bool) -> Result<Option<Tally>, Error> + Sync,
{
    fn id(&self) -> &PlanId {
        &self.id
    }

    fn run_task(
        &self,
        i: usize,
        ctl: &Control,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Tally>, Error> {
        if i < self.count {
            return (self.task)(i, ctl, stop);
        }
        let problem = self
            .symmetric
            .ok_or_else(|| Error::internal(format!("task {i} is not in the plan")))?;
        // Each fixed count is small next to the whole count; it polls `ctl` itself.
        let inner = Control {
            progress: None,
            ..*ctl
        };
        let mut sum = BigUint::default();
        for &g in &crate::model::symmetry::symmetries(problem)[1..] {
            sum += crate::engine::orbits::fixed_count(problem, g, &inner)?;
        }
        let unique = u128::try_from(&sum).map_err(|_| Error::Overflow("128-bit"))?;
        Ok(Some(Tally { total: 0, unique }))
    }

    fn only_for_unique(&self, i: usize) -> bool {
        i >= self.count
    }
}

/// A short text naming `problem`: board, pieces and fixed pieces ("5x5 N,B,R,Q,A").
pub(crate) fn describe(problem: &Problem) -> String {
    let b = problem.board();
    let mut text = format!(
        "{}x{} {}",
        b.rows(),
        b.cols(),
        crate::problem::format_spec(problem.pieces())
    );
    if !problem.fixed().is_empty() {
        text.push_str(&format!(" fixed {}", problem.fixed()));
    }
    let t = problem.terrain();
    let holes: Vec<String> = t.holes().map(|s| s.to_string()).collect();
    let blockers: Vec<String> = t.blockers().map(|s| s.to_string()).collect();
    if !holes.is_empty() {
        text.push_str(&format!(" holes {}", holes.join(",")));
    }
    if !blockers.is_empty() {
        text.push_str(&format!(" blockers {}", blockers.join(",")));
    }
    if t.torus() {
        text.push_str(" torus");
    }
    if let Some(r) = t.regions() {
        text.push_str(&format!(" {} regions of {}", r.count(), r.per_region()));
    }
    text
}

/// Everything that makes a problem this problem: the board, every kind's moves (a
/// fairy letter may mean other moves in another run) and count, the fixed pieces.
fn fingerprint(problem: &Problem) -> String {
    let mut text = format!("{}x{}", problem.board().rows(), problem.board().cols());
    for pc in problem.pieces() {
        text.push_str(&format!(
            ";{}{}:{:?}",
            pc.count,
            pc.kind.letter(),
            pc.kind.moves()
        ));
    }
    text.push_str(&format!(";fixed {}", problem.fixed()));
    // The terrain, regions square by square: two boards that differ anywhere differ here.
    text.push_str(&format!(";{:?}", problem.terrain()));
    fnv1a(text.into_bytes())
}

/// FNV-1a of `bytes`, as 16 hex digits: the digest of plans, checkpoints and journal
/// lines, stable across Rust versions (unlike `DefaultHasher`).
pub(crate) fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> String {
    let h = bytes.into_iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_rules_read_back() {
        for r in [
            UniqueRule::Summed,
            UniqueRule::FromTotal,
            UniqueRule::Burnside { order: 8 },
        ] {
            assert_eq!(UniqueRule::try_from(String::from(r)), Ok(r));
        }
        assert!(UniqueRule::try_from("burnside-0".to_string()).is_err());
        assert!(UniqueRule::try_from("other".to_string()).is_err());
    }

    #[test]
    fn residues_are_mod_13_and_15() {
        assert_eq!(residues(92), [92 % 13, 92 % 15]);
        assert_eq!(residues(0), [0, 0]);
    }
}
