//! Running a library job from Python: without the GIL, so other Python threads run, and
//! answering Ctrl-C, so a long count can be stopped.
//!
//! Python handles a signal only on its main thread, between bytecodes or when native
//! code calls `PyErr_CheckSignals`. So a long job runs on a worker thread while the
//! calling thread waits in slices of [`SLICE`], checking for signals between slices
//! with the GIL taken back for a moment. On `KeyboardInterrupt` the job's cancel flag
//! is set (every engine polls it) and the exception is raised at once.
//!
//! A thread costs tens of microseconds, more than a whole small job, so jobs the caller
//! knows to be short run on the calling thread (still without the GIL), and worker
//! threads are kept: one that finishes a job waits [`KEEP`] for the next before it
//! ends ([`submit`]), so a call hands its job to a sleeping thread instead of
//! starting one. A job a Ctrl-C left running still holds its thread; the next call
//! takes another.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, bounded};
use pyo3::prelude::*;
use queens::{Error, Settings};

use crate::errors;

/// How often a waiting call checks for Ctrl-C.
pub const SLICE: Duration = Duration::from_millis(50);

/// How long an interrupted call waits for its worker to stop before it returns.
const WIND_DOWN: Duration = Duration::from_millis(200);

/// Worker threads running now (for the tests that check a stopped job really stops).
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

/// Counts a worker thread in [`ACTIVE`] while it lives.
pub struct Busy;

impl Busy {
    /// Counts the current thread in.
    pub fn new() -> Busy {
        ACTIVE.fetch_add(1, Ordering::SeqCst);
        Busy
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        ACTIVE.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The number of worker threads still running a job.
pub fn active() -> usize {
    ACTIVE.load(Ordering::SeqCst)
}

/// How long an idle worker thread waits for another job before it ends.
const KEEP: Duration = Duration::from_secs(10);

/// Work handed to a worker thread.
type Task = Box<dyn FnOnce() + Send>;

/// The idle worker threads, each by its number and the sender of its next task.
static IDLE: Mutex<Vec<(u64, Sender<Task>)>> = Mutex::new(Vec::new());

/// Numbers the worker threads (to find one in [`IDLE`]).
static NEXT_WORKER: AtomicU64 = AtomicU64::new(0);

/// Runs `task` on an idle worker thread, or on a new one when none is idle.
pub fn submit(task: Task) -> std::io::Result<()> {
    let idle = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop();
    let task = match idle {
        // A worker in the list is waiting on its receiver and only leaves the list
        // under the lock, so the send reaches it.
        Some((_, tx)) => match tx.send(task) {
            Ok(()) => return Ok(()),
            Err(back) => back.into_inner(),
        },
        None => task,
    };
    let id = NEXT_WORKER.fetch_add(1, Ordering::Relaxed);
    let (tx, rx) = bounded::<Task>(1);
    std::thread::Builder::new()
        .name("queens-job".into())
        .spawn(move || {
            let mut task = task;
            loop {
                task();
                IDLE.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((id, tx.clone()));
                task = loop {
                    match rx.recv_timeout(KEEP) {
                        Ok(next) => break next,
                        Err(_) => {
                            let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
                            match idle.iter().position(|(w, _)| *w == id) {
                                // Still listed: nobody is sending; leave the list, end.
                                Some(i) => {
                                    idle.swap_remove(i);
                                    return;
                                }
                                // Taken from the list: its task is on the way.
                                None => continue,
                            }
                        }
                    }
                };
            }
        })
        .map(|_| ())
}

/// How a job runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// On the calling thread: for jobs known to take far less than a Ctrl-C's patience.
    Inline,
    /// On a worker thread, the caller checking for signals.
    Worker,
}

impl Mode {
    /// [`Mode::Inline`] for a job the caller knows to be `quick`, else [`Mode::Worker`].
    pub fn inline_if(quick: bool) -> Mode {
        if quick { Mode::Inline } else { Mode::Worker }
    }
}

/// The library's settings for a job run here: `threads`, the time budget and the job's
/// cancel flag; the rest default (a job adds its own, such as a seed).
pub fn settings(
    cancel: &AtomicBool,
    threads: usize,
    time_budget: Option<Duration>,
) -> Settings<'_> {
    Settings {
        threads,
        time_budget,
        cancel: Some(cancel),
        ..Settings::default()
    }
}

/// A job's outcome on the worker: its result, or the panic it raised.
type Outcome<T> = Result<Result<T, Error>, Box<dyn std::any::Any + Send>>;

/// Runs `job` without the GIL and turns its result into Python's terms. `job` gets the
/// cancel flag to hand to the library's settings.
pub fn run<T, F>(py: Python<'_>, mode: Mode, job: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(&AtomicBool) -> Result<T, Error> + Send + 'static,
{
    let cancel = Arc::new(AtomicBool::new(false));
    let outcome: Outcome<T> = match mode {
        Mode::Inline => py.detach(|| catch_unwind(AssertUnwindSafe(|| job(&cancel)))),
        Mode::Worker => {
            let (tx, rx) = bounded::<Outcome<T>>(1);
            let flag = Arc::clone(&cancel);
            submit(Box::new(move || {
                let _busy = Busy::new();
                let out = catch_unwind(AssertUnwindSafe(|| job(&flag)));
                // The caller may have gone (Ctrl-C); then nobody wants the answer.
                let _ = tx.send(out);
            }))
            .map_err(|e| {
                errors::raise(
                    py,
                    "QueensError",
                    format!("cannot start a worker thread: {e}"),
                )
            })?;
            wait(py, &rx, &cancel)?
        }
    };
    match outcome {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(errors::to_py(py, e)),
        Err(payload) => Err(errors::panic(py, payload)),
    }
}

/// Waits for the worker's outcome, checking for signals every [`SLICE`]. A signal's
/// exception (KeyboardInterrupt) cancels the job and is returned.
fn wait<T: Send>(
    py: Python<'_>,
    rx: &Receiver<Outcome<T>>,
    cancel: &AtomicBool,
) -> PyResult<Outcome<T>> {
    loop {
        match recv_slice(py, rx, cancel, "the worker thread ended without an answer") {
            Ok(Some(outcome)) => return Ok(outcome),
            Ok(None) => {}
            Err(e) => {
                if cancel.load(Ordering::Relaxed) {
                    // Give the engine a moment to stop, so that the cores are free when
                    // the exception arrives; an engine slow to notice is left to finish
                    // on its own (its answer is dropped).
                    let _ = py.detach(|| rx.recv_timeout(WIND_DOWN));
                }
                return Err(e);
            }
        }
    }
}

/// Waits up to one [`SLICE`] without the GIL for a worker's next message: `None` when
/// none came. A signal's exception (KeyboardInterrupt) sets `cancel` and is returned;
/// a worker gone without a word is an `InternalError` (`lost` says what was lost).
pub fn recv_slice<T: Send>(
    py: Python<'_>,
    rx: &Receiver<T>,
    cancel: &AtomicBool,
    lost: &str,
) -> PyResult<Option<T>> {
    match py.detach(|| rx.recv_timeout(SLICE)) {
        Ok(message) => Ok(Some(message)),
        Err(RecvTimeoutError::Disconnected) => Err(errors::raise(
            py,
            "InternalError",
            format!("internal error: {lost}"),
        )),
        Err(RecvTimeoutError::Timeout) => match py.check_signals() {
            Ok(()) => Ok(None),
            Err(signal) => {
                cancel.store(true, Ordering::Relaxed);
                Err(signal)
            }
        },
    }
}

/// How long [`run_quick_first`] tries a job on the calling thread.
pub const QUICK: Duration = Duration::from_millis(2);

/// Runs `job` on the calling thread (without the GIL) with a time budget of [`QUICK`],
/// and only when that runs out, from the start on a worker thread that answers Ctrl-C
/// with the caller's own `budget`. Most jobs finish in the first try and never pay
/// for a thread; a long one loses at most [`QUICK`], and its budget's sentence names
/// the caller's budget. `job` gets the cancel flag and the time budget to use.
pub fn run_quick_first<T, F>(py: Python<'_>, budget: Option<Duration>, job: F) -> PyResult<T>
where
    T: Send + 'static,
    F: Fn(&AtomicBool, Option<Duration>) -> Result<T, Error> + Send + Sync + 'static,
{
    let job = Arc::new(job);
    if budget.is_none_or(|b| b > QUICK) {
        let quick = Arc::clone(&job);
        let tried = py.detach(move || {
            let never = AtomicBool::new(false);
            catch_unwind(AssertUnwindSafe(|| quick(&never, Some(QUICK))))
        });
        match tried {
            Ok(Ok(value)) => return Ok(value),
            // The short budget ran out (local search says it gave up): the real run.
            Ok(Err(Error::Budget { .. } | Error::GaveUp { .. })) => {}
            Ok(Err(e)) => return Err(errors::to_py(py, e)),
            Err(payload) => return Err(errors::panic(py, payload)),
        }
    }
    run(py, Mode::Worker, move |cancel| job(cancel, budget))
}
