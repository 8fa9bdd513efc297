//! `Problem.solutions()`: solutions streamed lazily from a worker thread.
//!
//! The worker runs the library's `enumerate` and sends solutions in batches over a
//! bounded channel, so it stays at most a few batches ahead of the Python loop. The
//! first batch holds one solution and batches double up to [`MAX_BATCH`]: the first
//! answer comes as soon as it is found, and a long listing costs one channel hand-over
//! per [`MAX_BATCH`] solutions. When the iterator is dropped (a `break`, or the loop's
//! end) its cancel flag is set and the channel closes; the worker stops at its next
//! solution or its next poll of the flag, whichever comes first.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crossbeam_channel::{Receiver, bounded};
use pyo3::prelude::*;
use queens::{Board, EngineChoice, Error, Problem, Settings};

use crate::blocking;
use crate::errors;
use crate::placement::{Cells, Placement};

/// The largest batch a worker sends at once.
const MAX_BATCH: usize = 512;

/// What the worker sends.
enum Msg {
    Batch(Vec<queens::Placement>),
    Done(Result<(), Error>),
    Panic(Box<dyn std::any::Any + Send>),
}

/// An iterator over the solutions of a problem, computed as they are asked for.
///
/// Frozen, with its channel behind a mutex: `close()` from another thread must reach the
/// cancel flag while `next()` waits without the GIL.
#[pyclass(module = "queens", frozen)]
pub struct Solutions {
    board: Board,
    cancel: Arc<AtomicBool>,
    state: Mutex<State>,
}

/// The receiving end: the channel (until the worker's last word) and the solutions
/// received but not yet handed out.
struct State {
    rx: Option<Receiver<Msg>>,
    ready: VecDeque<queens::Placement>,
}

/// A listing run on the worker: given the settings (threads, the cancel flag) and the
/// sink, it hands every solution to the sink until the sink says stop.
pub type Job = Box<
    dyn FnOnce(
            &Settings,
            &mut dyn FnMut(&queens::Placement) -> ControlFlow<()>,
        ) -> Result<(), Error>
        + Send,
>;

impl Solutions {
    /// Starts listing the solutions of `problem` (at most `limit` of them).
    pub fn start(
        py: Python<'_>,
        problem: Problem,
        choice: EngineChoice,
        threads: usize,
        limit: Option<u64>,
        unique: bool,
    ) -> PyResult<Solutions> {
        let board = *problem.board();
        let job: Job = Box::new(move |settings, sink| {
            // One placement per symmetry class, as `queens all --unique`.
            if unique {
                queens::symmetry::enumerate_unique(&problem, choice, settings, sink)
            } else {
                queens::enumerate(&problem, choice, settings, sink)
            }
        });
        Solutions::start_job(py, board, threads, limit, job)
    }

    /// Starts `job` listing placements on `board` (at most `limit` of them): one
    /// problem's solutions, or those of every problem a ranged spec expands into.
    pub fn start_job(
        py: Python<'_>,
        board: Board,
        threads: usize,
        limit: Option<u64>,
        job: Job,
    ) -> PyResult<Solutions> {
        let (tx, rx) = bounded::<Msg>(2);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let spawned = std::thread::Builder::new()
            .name("queens-solutions".into())
            .spawn(move || {
                let _busy = blocking::Busy::new();
                if limit == Some(0) {
                    let _ = tx.send(Msg::Done(Ok(())));
                    return;
                }
                let run = catch_unwind(AssertUnwindSafe(|| {
                    let settings = Settings {
                        threads,
                        cancel: Some(&flag),
                        ..Settings::default()
                    };
                    let mut batch: Vec<queens::Placement> = Vec::with_capacity(1);
                    let mut size = 1;
                    let mut sent: u64 = 0;
                    let mut sink = |p: &queens::Placement| {
                        batch.push(p.clone());
                        sent += 1;
                        let last = limit.is_some_and(|l| sent >= l);
                        if batch.len() >= size || last {
                            size = (size * 2).min(MAX_BATCH);
                            let full = std::mem::replace(&mut batch, Vec::with_capacity(size));
                            if tx.send(Msg::Batch(full)).is_err() {
                                return ControlFlow::Break(());
                            }
                        }
                        if last {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    };
                    let result = job(&settings, &mut sink);
                    if !batch.is_empty() {
                        let _ = tx.send(Msg::Batch(batch));
                    }
                    result
                }));
                let _ = tx.send(match run {
                    Ok(result) => Msg::Done(result),
                    Err(payload) => Msg::Panic(payload),
                });
            });
        if let Err(e) = spawned {
            return Err(errors::raise(
                py,
                "QueensError",
                format!("cannot start a worker thread: {e}"),
            ));
        }
        Ok(Solutions {
            board,
            cancel,
            state: Mutex::new(State {
                rx: Some(rx),
                ready: VecDeque::new(),
            }),
        })
    }

    /// Stops the worker; what it sent is dropped by the next `next()` (or with the
    /// iterator).
    fn stop(&self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Ok(mut st) = self.state.try_lock() {
            st.rx = None;
            st.ready.clear();
        }
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Placement>> {
        let Ok(mut st) = self.state.try_lock() else {
            return Err(errors::raise(
                py,
                "QueensError",
                "another thread is taking solutions from this iterator at the same time; give each thread its own".into(),
            ));
        };
        loop {
            if self.cancel.load(Ordering::Relaxed) {
                // Closed (maybe from another thread while this one waited).
                st.rx = None;
                st.ready.clear();
                return Ok(None);
            }
            if let Some(p) = st.ready.pop_front() {
                return Ok(Some(Placement::new(self.board, Cells::Pieces(p))));
            }
            let Some(rx) = st.rx.clone() else {
                return Ok(None);
            };
            let lost = "the solution stream ended without a word";
            let message = blocking::recv_slice(py, &rx, &self.cancel, lost).inspect_err(|_| {
                // A signal (the flag is set) or a worker gone: nothing more comes.
                st.rx = None;
                st.ready.clear();
            })?;
            match message {
                Some(Msg::Batch(batch)) => st.ready.extend(batch),
                Some(Msg::Done(result)) => {
                    st.rx = None;
                    if !self.cancel.load(Ordering::Relaxed) {
                        result.map_err(|e| errors::to_py(py, e))?;
                    }
                }
                Some(Msg::Panic(payload)) => {
                    st.rx = None;
                    return Err(errors::panic(py, payload));
                }
                None => {}
            }
        }
    }

    /// Stops the search now; the iterator then ends. Dropping the iterator (leaving the
    /// loop) does the same; so does calling this from another thread while one waits
    /// in `next()`.
    fn close(&self) {
        self.stop();
    }
}
