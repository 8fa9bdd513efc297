//! The engine matrix: a problem is run by every engine that accepts a job on it, for
//! every job whose answer is known, each run within a time budget.
//!
//! Which engines run is whatever the engines declare ([`queens::engine::engines`]:
//! its verdicts say per job whether an engine accepts the problem), never a list kept
//! here, so an engine added to the library is tested the day it is added. A run that
//! ends in [`Error::Budget`] is skipped as over the budget and counted; [`Matrix::finish`]
//! fails when an engine was skipped on every problem it accepted for a job, since a
//! test that never runs is no test.
//!
//! Every engine promises to honour a time budget. Each run therefore goes on a worker
//! thread, watched: one that has not stopped [`Matrix::grace`] after its budget ran out
//! fails the test at once (its thread is left behind, spinning: threads cannot be
//! killed). `QUEENS_MATRIX_KEEP_GOING` lists every such run instead, and
//! `QUEENS_MATRIX_VERBOSE` prints every run with its time.

#![allow(dead_code)]

use std::collections::{BTreeMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use queens::engine::{Job, Parts, count_parts, engines};
use queens::{EngineChoice, Error, Placement, Problem, Settings};

/// A solution as sorted (kind letter, file, rank) triples: comparable across engines.
pub type Key = Vec<(char, u32, u32)>;

/// The key of a placement.
pub fn key(p: &Placement) -> Key {
    let mut k: Key = p
        .pieces()
        .iter()
        .map(|x| (x.kind.letter(), x.square.file, x.square.rank))
        .collect();
    k.sort_unstable();
    k
}

/// What a problem's answers are, as far as the test knows them; the jobs whose answer
/// follows from this are the jobs run.
#[derive(Clone, Debug, Default)]
pub struct Expected {
    /// The number of solutions.
    pub count: Option<BigUint>,
    /// The number of solutions up to the board's symmetries.
    pub unique: Option<BigUint>,
    /// Every solution.
    pub solutions: Option<HashSet<Key>>,
}

impl Expected {
    /// Whether the problem has a solution, when that is known.
    fn exists(&self) -> Option<bool> {
        self.count
            .as_ref()
            .or(self.unique.as_ref())
            .map(|n| !n.is_zero())
    }

    /// Whether this tells the answer of `job`.
    fn answers(&self, job: Job) -> bool {
        match job {
            Job::Count | Job::Enumerate => self.count.is_some(),
            Job::CountUnique => self.unique.is_some(),
            Job::CountParts => self.count.is_some() || self.unique.is_some(),
            Job::Solve | Job::SolvePerm => self.exists().is_some(),
        }
    }
}

/// What one engine did with one job over the problems of a matrix.
#[derive(Clone, Debug, Default)]
pub struct Cell {
    /// Problems it accepted.
    pub accepted: usize,
    /// Of those, the ones it answered within the budget (and rightly).
    pub checked: usize,
    /// Of those, the ones it stopped on at the budget.
    pub over_budget: usize,
    /// Of those, the ones where local search gave up and no engine that decides took
    /// the problem over.
    pub gave_up: usize,
    /// Of those, the lists not asked for because the check of each solution alone
    /// would take longer than the budget ([`LISTED_PER_SECOND`]).
    pub too_many: usize,
    /// Time spent, answered or not.
    pub time: Duration,
    /// The slowest answered problem.
    pub slowest: Option<(Duration, String)>,
    /// The problems where the engine had not stopped [`Matrix::grace`] after the
    /// budget ran out (more than one only with [`Matrix::keep_going`], which runs the
    /// engine on the job's other problems too).
    pub runaways: Vec<String>,
}

/// The engine × job table of one test.
pub struct Matrix {
    /// What the table is.
    pub title: String,
    /// Each run's time budget.
    pub budget: Duration,
    /// How late a budget's stop may come before the run is reported as a runaway.
    pub grace: Duration,
    /// Print every run (`--nocapture`), for tuning the budget.
    pub verbose: bool,
    /// Go on running an engine on a job after a runaway (to list every one).
    pub keep_going: bool,
    cells: BTreeMap<(usize, usize), Cell>,
    names: Vec<&'static str>,
    worker: Option<Worker>,
    /// Problems (rows) run through [`Matrix::row`].
    pub rows: usize,
    /// Of those, the ones no engine answered within the budget.
    pub unchecked: Vec<String>,
}

/// What a run on the worker gives back: the job's result, or the message of a failed
/// check (a panic).
type Answer = Result<Result<(), Error>, String>;

/// A thread that runs one job at a time for the matrix (starting a thread per run costs
/// more than most runs), and is abandoned when a run does not come back.
struct Worker {
    runs: Sender<Box<dyn FnOnce() -> Answer + Send>>,
    answers: Receiver<Answer>,
}

impl Worker {
    fn new() -> Worker {
        let (runs, todo) = channel::<Box<dyn FnOnce() -> Answer + Send>>();
        let (done, answers) = channel();
        std::thread::Builder::new()
            .name("matrix runs".into())
            .spawn(move || {
                for run in todo {
                    if done.send(run()).is_err() {
                        break;
                    }
                }
            })
            .expect("a thread for the runs");
        Worker { runs, answers }
    }
}

/// Solutions the check of a list gets through in a second, at the most (each is
/// verified and hashed: about a microsecond): a list longer than this times the budget
/// is over the budget whichever engine makes it, and is not asked for.
pub const LISTED_PER_SECOND: u64 = 1_000_000;

/// The position of `job` in [`Job::ALL`], for ordering.
fn job_index(job: Job) -> usize {
    Job::ALL.iter().position(|&j| j == job).unwrap()
}

/// The settings of one run: one thread, so that budgets mean the same on every
/// machine and two tests can run side by side, and the time budget.
fn settings(budget: Duration) -> Settings<'static> {
    Settings {
        threads: 1,
        time_budget: Some(budget),
        ..Settings::default()
    }
}

/// The outcome of one run that did not panic.
enum Outcome {
    Checked,
    OverBudget,
    GaveUp,
}

impl Matrix {
    /// A matrix with a time budget per run; `QUEENS_MATRIX_BUDGET_MS` overrides it
    /// (tuning), `QUEENS_MATRIX_VERBOSE` prints every run, and
    /// `QUEENS_MATRIX_KEEP_GOING` runs an engine on every problem even after it ran away
    /// on one (to find every runaway; each leaves a thread spinning).
    pub fn new(title: &str, budget: Duration) -> Matrix {
        let budget = std::env::var("QUEENS_MATRIX_BUDGET_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map_or(budget, Duration::from_millis);
        Matrix {
            title: title.to_string(),
            budget,
            grace: budget + Duration::from_secs(3),
            verbose: std::env::var_os("QUEENS_MATRIX_VERBOSE").is_some(),
            keep_going: std::env::var_os("QUEENS_MATRIX_KEEP_GOING").is_some(),
            cells: BTreeMap::new(),
            names: queens::engine::engine_names(),
            worker: None,
            rows: 0,
            unchecked: Vec::new(),
        }
    }

    /// The engines that accept `job` on `problem`, by their own declarations.
    pub fn accepting(problem: &Problem, job: Job) -> Vec<&'static str> {
        engines(problem, &Settings::default())
            .into_iter()
            .filter(|e| e.verdicts.iter().any(|(j, v)| *j == job && v.is_ok()))
            .map(|e| e.name)
            .collect()
    }

    fn cell(&mut self, engine: &'static str, job: Job) -> &mut Cell {
        let e = self
            .names
            .iter()
            .position(|&n| n == engine)
            .unwrap_or_else(|| panic!("{engine} is not among engine_names()"));
        self.cells.entry((e, job_index(job))).or_default()
    }

    /// Runs every job whose answer `want` tells on `problem` (named `name` in messages)
    /// with every engine that accepts it, and checks each answer against `want`.
    /// Returns the number of runs checked.
    pub fn run(&mut self, name: &str, problem: &Problem, want: &Expected) -> usize {
        let mut checked = 0;
        for report in engines(problem, &Settings::default()) {
            for (job, verdict) in &report.verdicts {
                if verdict.is_err() || !want.answers(*job) {
                    continue;
                }
                checked += usize::from(self.run_one(name, problem, report.name, *job, want));
            }
        }
        checked
    }

    /// Runs each of `jobs` on `problem` (a row of a table, `name` in messages) with
    /// every engine that accepts it, keeping count of the rows that no engine answered.
    pub fn row(&mut self, name: &str, problem: &Problem, jobs: &[Job], want: &Expected) {
        let mut checked = 0;
        for &job in jobs {
            for engine in Matrix::accepting(problem, job) {
                checked += usize::from(self.run_one(name, problem, engine, job, want));
            }
        }
        self.rows += 1;
        if checked == 0 {
            self.unchecked.push(name.to_string());
        }
    }

    /// Runs `job` with `engine` on `problem`; whether it was checked.
    pub fn run_one(
        &mut self,
        name: &str,
        problem: &Problem,
        engine: &'static str,
        job: Job,
        want: &Expected,
    ) -> bool {
        let what = format!("{engine} {} on {name}", job.name());
        let (budget, grace, verbose) = (self.budget, self.grace, self.verbose);
        let keep_going = self.keep_going;
        let cell = self.cell(engine, job);
        cell.accepted += 1;
        let most = budget.as_secs_f64() * LISTED_PER_SECOND as f64;
        if job == Job::Enumerate
            && want
                .count
                .as_ref()
                .and_then(ToPrimitive::to_f64)
                .is_some_and(|n| n > most)
        {
            cell.too_many += 1;
            return false;
        }
        let worker = self.worker.take().unwrap_or_else(Worker::new);
        let start = Instant::now();
        let (p, w, text) = (problem.clone(), want.clone(), what.clone());
        worker
            .runs
            .send(Box::new(move || {
                catch_unwind(AssertUnwindSafe(|| {
                    run_job(&p, engine, job, &w, &settings(budget), &text)
                }))
                .map_err(|e| {
                    e.downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| "a panic".into())
                })
            }))
            .expect("the worker takes runs");
        let answer = worker.answers.recv_timeout(budget + grace);
        if answer.is_ok() {
            self.worker = Some(worker);
        }
        let cell = self.cell(engine, job);
        let result = match answer {
            Ok(Ok(r)) => r,
            Ok(Err(panicked)) => panic!("{panicked}"),
            Err(RecvTimeoutError::Timeout) => {
                let took = start.elapsed();
                if verbose {
                    println!("{:>9.3} s  {:<11}  {what}", took.as_secs_f64(), "RUNAWAY");
                }
                cell.time += took;
                cell.runaways.push(name.to_string());
                // The thread spins on; more of them would slow every later run.
                assert!(
                    keep_going,
                    "{what}: still running {:.2} s after its time budget of {:.2} s ran out \
                     (every engine must stop at its budget)",
                    grace.as_secs_f64(),
                    budget.as_secs_f64()
                );
                return false;
            }
            Err(RecvTimeoutError::Disconnected) => panic!("{what}: the run's thread died"),
        };
        let took = start.elapsed();
        let outcome = match result {
            Ok(()) => Outcome::Checked,
            Err(Error::Budget { .. }) => Outcome::OverBudget,
            Err(Error::GaveUp { .. }) => Outcome::GaveUp,
            Err(e) => panic!("{what}: {e} ({e:?})"),
        };
        if verbose {
            let o = match outcome {
                Outcome::Checked => "ok",
                Outcome::OverBudget => "over budget",
                Outcome::GaveUp => "gave up",
            };
            println!("{:>9.3} s  {o:<11}  {what}", took.as_secs_f64());
        }
        cell.time += took;
        match outcome {
            Outcome::Checked => {
                cell.checked += 1;
                if cell.slowest.as_ref().is_none_or(|s| s.0 < took) {
                    cell.slowest = Some((took, name.to_string()));
                }
            }
            Outcome::OverBudget => cell.over_budget += 1,
            Outcome::GaveUp => cell.gave_up += 1,
        }
        matches!(outcome, Outcome::Checked)
    }

    /// What `engine` did with `job`.
    pub fn get(&self, engine: &str, job: Job) -> Cell {
        let e = self.names.iter().position(|&n| n == engine);
        e.and_then(|e| self.cells.get(&(e, job_index(job))))
            .cloned()
            .unwrap_or_default()
    }

    /// The engines that checked at least one problem, for any job.
    pub fn engines_checked(&self) -> Vec<&'static str> {
        let mut v: Vec<&'static str> = self
            .cells
            .iter()
            .filter(|(_, c)| c.checked > 0)
            .map(|((e, _), _)| self.names[*e])
            .collect();
        v.dedup();
        v
    }

    /// Adds the runs of `other` (another part of the same table) to these.
    pub fn merge(&mut self, other: Matrix) {
        for (k, c) in other.cells {
            let mine = self.cells.entry(k).or_default();
            mine.accepted += c.accepted;
            mine.checked += c.checked;
            mine.over_budget += c.over_budget;
            mine.gave_up += c.gave_up;
            mine.too_many += c.too_many;
            mine.time += c.time;
            if mine.slowest.as_ref().map(|s| s.0) < c.slowest.as_ref().map(|s| s.0) {
                mine.slowest = c.slowest;
            }
            mine.runaways.extend(c.runaways);
        }
        self.rows += other.rows;
        self.unchecked.extend(other.unchecked);
    }

    /// Prints the table, and fails when an engine was skipped on every problem it
    /// accepted for some job, or did not stop at its budget.
    pub fn finish(&self) {
        self.print();
        self.check();
    }

    /// Prints the table.
    pub fn print(&self) {
        println!(
            "{}: engine x job, each run within {:.2} s on one thread",
            self.title,
            self.budget.as_secs_f64()
        );
        if self.rows > 0 {
            println!(
                "  {} of {} rows checked by no engine within the budget: {}",
                self.unchecked.len(),
                self.rows,
                self.unchecked.join(", ")
            );
        }
        for (&(e, j), c) in &self.cells {
            let (engine, job) = (self.names[e], Job::ALL[j]);
            let slowest = c
                .slowest
                .as_ref()
                .map(|(t, n)| format!(", slowest {:.2} s ({n})", t.as_secs_f64()))
                .unwrap_or_default();
            println!(
                "  {engine:<10} {:<15} checked {:>4} of {:>4} accepted; skipped: {} over budget, {} too many to list, {} gave up; {:.1} s{slowest}",
                job.name(),
                c.checked,
                c.accepted,
                c.over_budget,
                c.too_many,
                c.gave_up,
                c.time.as_secs_f64(),
            );
        }
    }

    /// Fails when an engine was skipped on every problem it accepted for some job, or
    /// did not stop at its budget.
    pub fn check(&self) {
        let mut never = Vec::new();
        let mut runaways = Vec::new();
        for (&(e, j), c) in &self.cells {
            let (engine, job) = (self.names[e], Job::ALL[j]);
            if c.accepted > 0 && c.checked == 0 {
                never.push(format!("{engine} {}", job.name()));
            }
            for n in &c.runaways {
                runaways.push(format!("{engine} {} on {n}", job.name()));
            }
        }
        assert!(
            runaways.is_empty(),
            "{}: still running {:.2} s after a time budget of {:.2} s ran out (every engine \
             must stop at its budget): {}",
            self.title,
            self.grace.as_secs_f64(),
            self.budget.as_secs_f64(),
            runaways.join("; ")
        );
        assert!(
            never.is_empty(),
            "{}: skipped on every problem accepted (a test that never runs): {}",
            self.title,
            never.join("; ")
        );
    }
}

/// Runs one job and checks its answer; `Err` only for an error the matrix sorts
/// (budget, gave up) or reports.
fn run_job(
    problem: &Problem,
    engine: &'static str,
    job: Job,
    want: &Expected,
    settings: &Settings,
    what: &str,
) -> Result<(), Error> {
    let choice = EngineChoice::Named(engine);
    match job {
        Job::Count => {
            let n = queens::count(problem, choice, settings)?;
            assert_eq!(Some(&n), want.count.as_ref(), "{what}: count");
        }
        Job::CountUnique => {
            let n = queens::count_unique(problem, choice, settings)?;
            assert_eq!(
                Some(&n),
                want.unique.as_ref(),
                "{what}: count up to symmetry"
            );
        }
        Job::CountParts => {
            let parts = Parts {
                unique: want.unique.is_some(),
                ..Parts::default()
            };
            let r = count_parts(problem, choice, settings, &parts)?;
            if let Some(count) = &want.count {
                assert_eq!(&r.total, count, "{what}: total");
            }
            if let Some(unique) = &want.unique {
                assert_eq!(
                    r.unique.as_ref(),
                    Some(unique),
                    "{what}: count up to symmetry"
                );
            }
        }
        Job::Enumerate => enumerate(problem, choice, settings, want, what)?,
        Job::Solve => {
            let found = queens::solve(problem, choice, settings)?;
            if let Some(p) = &found {
                assert!(problem.accepts(p), "{what}: {p} is not a solution");
            }
            assert_eq!(
                found.is_some(),
                want.exists().unwrap(),
                "{what}: a solution found, or none"
            );
        }
        Job::SolvePerm => {
            let found = queens::solve_perm(problem, choice, settings)?;
            if let Some(perm) = &found {
                let p = perm.to_placement();
                assert!(problem.accepts(&p), "{what}: {p} is not a solution");
            }
            assert_eq!(
                found.is_some(),
                want.exists().unwrap(),
                "{what}: a solution found, or none"
            );
        }
    }
    Ok(())
}

/// Lists every solution: each is a solution, none comes twice, as many as counted,
/// and, when the solutions are known, exactly those.
fn enumerate(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
    want: &Expected,
    what: &str,
) -> Result<(), Error> {
    let count = want.count.as_ref().unwrap();
    let mut seen: HashSet<u64> = HashSet::new();
    let mut listed: Vec<Key> = Vec::new();
    let mut bad: Option<String> = None;
    queens::enumerate(problem, choice, settings, &mut |p| {
        if !problem.accepts(p) {
            bad = Some(format!("{p} is not a solution"));
            return ControlFlow::Break(());
        }
        let k = key(p);
        let mut h = DefaultHasher::new();
        k.hash(&mut h);
        if !seen.insert(h.finish()) {
            bad = Some(format!("{p} is listed twice"));
            return ControlFlow::Break(());
        }
        if BigUint::from(seen.len()) > *count {
            bad = Some(format!("more than {count} solutions"));
            return ControlFlow::Break(());
        }
        if want.solutions.is_some() {
            listed.push(k);
        }
        ControlFlow::Continue(())
    })?;
    if let Some(b) = bad {
        panic!("{what}: {b}");
    }
    assert_eq!(
        BigUint::from(seen.len()),
        *count,
        "{what}: solutions listed"
    );
    if let Some(all) = &want.solutions {
        let got: HashSet<Key> = listed.into_iter().collect();
        assert!(got == *all, "{what}: not the oracle's solutions");
    }
    Ok(())
}

/// The parts of a table that separate tests run side by side: each part is added when
/// its test is done, and the test that adds the last gets the whole, merged, to check
/// it as one (an engine may take rows of one part only).
pub struct Split {
    parts: Mutex<Vec<Matrix>>,
    of: usize,
}

impl Split {
    /// A table in `of` parts.
    pub const fn new(of: usize) -> Split {
        Split {
            parts: Mutex::new(Vec::new()),
            of,
        }
    }

    /// Adds a part; the whole table, called `title`, when this was the last part.
    pub fn add(&self, mut part: Matrix, title: &str) -> Option<Matrix> {
        part.worker = None;
        let mut parts = self.parts.lock().unwrap_or_else(|e| e.into_inner());
        parts.push(part);
        if parts.len() < self.of {
            return None;
        }
        let mut all = parts.pop().unwrap();
        for p in parts.drain(..) {
            all.merge(p);
        }
        all.title = title.to_string();
        Some(all)
    }
}
