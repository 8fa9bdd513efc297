//! The run-time settings of a job ([`Settings`], what the caller asks) and the context
//! an engine runs in ([`Control`], the settings with the clock started).
//!
//! Kept apart from the engines so that every engine sees the same value: threads,
//! budgets, seed, cancellation and progress travel together, and the one place that
//! turns "the search stopped" into "the budget ran out" is [`Control::finish`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::clock::{self, Instant};
use crate::error::Error;

/// The most worker threads a job may ask for. More is refused as bad input: a pool
/// that size only costs memory and start-up time on any machine this runs on.
pub const MAX_THREADS: usize = 1024;

/// How far a long job has come: `done` of `total` units of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Units finished.
    pub done: u64,
    /// Units in all.
    pub total: u64,
}

/// Run-time settings of a job, honoured by every engine or refused (see
/// [`crate::engine`]).
///
/// ```
/// use std::time::Duration;
/// let s = queens::Settings { threads: 2, time_budget: Some(Duration::from_secs(5)), ..Default::default() };
/// assert_eq!(s.threads, 2);
/// assert_eq!(queens::Settings::default().threads, 0); // 0 means all cores
/// ```
#[derive(Clone, Copy, Default)]
pub struct Settings<'a> {
    /// Worker threads; 0 means one per core. At most 1024. Without the `parallel`
    /// feature every job runs on the calling thread, whatever this says.
    pub threads: usize,
    /// Give up after this long: the job ends with [`Error::Budget`]. Refused where the
    /// library has no clock (WebAssembly before [`crate::clock`] is given a source).
    pub time_budget: Option<Duration>,
    /// Give up after this many search steps (nodes of a tree search, attempted swaps of
    /// local search): [`Error::Budget`]. Only engines that count steps take it.
    pub step_budget: Option<u64>,
    /// The seed of an engine that draws random numbers (local search); others refuse it.
    pub seed: Option<u64>,
    /// When set to true, the job stops soon with [`Error::Interrupted`].
    pub cancel: Option<&'a AtomicBool>,
    /// Called now and then with the progress of a long job.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    /// Called with an engine's name each time an engine starts on the job.
    pub on_engine: Option<&'a (dyn Fn(&'static str) + Sync)>,
}

impl std::fmt::Debug for Settings<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("threads", &self.threads)
            .field("time_budget", &self.time_budget)
            .field("step_budget", &self.step_budget)
            .field("seed", &self.seed)
            .field("cancel", &self.cancel.is_some())
            .field("progress", &self.progress.is_some())
            .field("on_engine", &self.on_engine.is_some())
            .finish()
    }
}

/// The context an engine runs in: the [`Settings`] with the time budget turned into a
/// deadline. Engines poll [`Control::cancelled`] now and then.
#[derive(Clone, Copy, Default)]
pub(crate) struct Control<'a> {
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// Called now and then with the progress of a long job.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    /// When set to true, the job stops soon with [`Error::Interrupted`].
    pub cancel: Option<&'a AtomicBool>,
    /// When the time budget runs out.
    pub deadline: Option<Instant>,
    /// The time budget, for the message when it runs out.
    pub time_budget: Option<Duration>,
    /// At most this many search steps.
    pub step_budget: Option<u64>,
    /// The seed of a randomised engine.
    pub seed: Option<u64>,
    /// Told which engine starts.
    pub on_engine: Option<&'a (dyn Fn(&'static str) + Sync)>,
}

impl<'a> Control<'a> {
    /// The context for `settings`, the clock not started (for choosing an engine).
    pub fn new(settings: &Settings<'a>) -> Control<'a> {
        Control {
            threads: settings.threads,
            progress: settings.progress,
            cancel: settings.cancel,
            deadline: None,
            time_budget: settings.time_budget,
            step_budget: settings.step_budget,
            seed: settings.seed,
            on_engine: settings.on_engine,
        }
    }

    /// The context for running a job now with `settings`, or why they are bad.
    pub fn start(settings: &Settings<'a>) -> Result<Control<'a>, Error> {
        if settings.threads > MAX_THREADS {
            return Err(Error::ResourceLimit {
                what: "threads".into(),
                reason: format!(
                    "{} threads were asked for; the most a job may use is {MAX_THREADS}",
                    settings.threads
                ),
            });
        }
        if settings.time_budget.is_some() && !clock::available() {
            return Err(Error::Unsupported(
                "a time budget needs a clock, and this build has none (give the library a time source, or stop the job with its cancel flag)".into(),
            ));
        }
        let mut ctl = Control::new(settings);
        ctl.deadline = settings
            .time_budget
            .map(|d| Instant::now() + d.min(Duration::from_secs(1 << 40)));
        Ok(ctl)
    }

    /// A context cancelled through `stop` (set beforehand for a job that stops at once).
    #[cfg(test)]
    pub fn stopped_by(stop: &'a AtomicBool) -> Control<'a> {
        Control {
            cancel: Some(stop),
            ..Control::default()
        }
    }

    /// Whether the job should stop: the caller cancelled or the time budget ran out.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Reports progress, if anyone listens.
    pub fn report(&self, done: u64, total: u64) {
        if let Some(f) = self.progress {
            f(Progress { done, total });
        }
    }

    /// Tells the listener that `engine` starts.
    pub fn announce(&self, engine: &'static str) {
        if let Some(f) = self.on_engine {
            f(engine);
        }
    }

    /// The number of worker threads to use.
    pub fn thread_count(&self) -> usize {
        if cfg!(not(feature = "parallel")) {
            // No threads to start: the job runs on the calling thread.
            1
        } else if self.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            self.threads
        }
    }

    /// An engine's result with "stopped" told apart: the caller's cancel stays
    /// [`Error::Interrupted`]; a stop after the time budget passed, or with a step
    /// budget set, becomes [`Error::Budget`].
    pub fn finish<T>(&self, result: Result<T, Error>) -> Result<T, Error> {
        match result {
            Err(Error::Interrupted) if !self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) => {
                if let (Some(d), Some(budget)) = (self.deadline, self.time_budget)
                    && Instant::now() >= d
                {
                    Err(Error::Budget {
                        budget: seconds(budget),
                    })
                } else if let Some(steps) = self.step_budget {
                    Err(Error::Budget {
                        budget: format!("{steps} step{}", if steps == 1 { "" } else { "s" }),
                    })
                } else {
                    Err(Error::Interrupted)
                }
            }
            other => other,
        }
    }

    /// Runs `work` with rayon's parallel iterators on [`thread_count`](Self::thread_count)
    /// threads: in the global pool when it has that many, else in a pool of its own.
    #[cfg(feature = "parallel")]
    pub fn in_pool<R: Send>(
        &self,
        work: impl FnOnce() -> Result<R, Error> + Send,
    ) -> Result<R, Error> {
        let threads = self.thread_count();
        if threads == rayon::current_num_threads() {
            work()
        } else {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| Error::ResourceLimit {
                    what: "threads".into(),
                    reason: format!("cannot start {threads} threads: {e}"),
                })?
                .install(work)
        }
    }

    /// Runs `work` on the calling thread: without the `parallel` feature the
    /// [`crate::par`] iterators it uses are sequential.
    #[cfg(not(feature = "parallel"))]
    pub fn in_pool<R: Send>(
        &self,
        work: impl FnOnce() -> Result<R, Error> + Send,
    ) -> Result<R, Error> {
        work()
    }
}

/// A duration as seconds for a message, to the hundredth without trailing zeros
/// (`2 s`, `0.25 s`).
pub(crate) fn seconds(d: Duration) -> String {
    let t = format!("{:.2}", d.as_secs_f64());
    let t = t.trim_end_matches('0').trim_end_matches('.');
    format!("{t} s")
}
