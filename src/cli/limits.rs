//! The run-time settings of a command line: threads, budgets and `-v`, turned into the
//! library's [`Settings`] for each job.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use queens::Settings;

use super::args::ProblemArgs;

/// Whether `-v` was given: the library then tells which engine runs.
static VERBOSE: AtomicBool = AtomicBool::new(false);

/// The listener for [`Settings::on_engine`] under `-v`.
fn announce(engine: &'static str) {
    eprintln!("queens: engine {engine}");
}

/// The engine listener when `-v` is on.
pub fn on_engine() -> Option<&'static (dyn Fn(&'static str) + Sync)> {
    VERBOSE.load(Ordering::Relaxed).then_some(&announce)
}

/// The run-time limits of a command line: threads and budgets, the clock started
/// when the command began (so that a range of problems shares one time budget).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    threads: usize,
    deadline: Option<Instant>,
    steps: Option<u64>,
}

impl Limits {
    /// The limits `args` set, or why they are bad.
    pub fn of(args: &ProblemArgs) -> Result<Limits, String> {
        Limits::new(args.threads, args.budget_secs, args.budget_steps)
    }

    /// The limits of `--threads`, `--budget-secs` and `--budget-steps`, or why they are
    /// bad.
    pub fn new(
        threads: usize,
        budget_secs: Option<f64>,
        budget_steps: Option<u64>,
    ) -> Result<Limits, String> {
        let deadline = match budget_secs {
            None => None,
            Some(secs) if secs.is_finite() && secs >= 0.0 => {
                Some(Instant::now() + Duration::from_secs_f64(secs.min(1e9)))
            }
            Some(secs) => {
                return Err(format!(
                    "bad --budget-secs '{secs}': give a number of seconds such as 2.5"
                ));
            }
        };
        Ok(Limits {
            threads,
            deadline,
            steps: budget_steps,
        })
    }

    /// The library settings for one job now: the time left of the budget.
    pub fn settings<'a>(
        &self,
        progress: Option<&'a (dyn Fn(queens::Progress) + Sync)>,
    ) -> Settings<'a> {
        Settings {
            threads: self.threads,
            time_budget: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            step_budget: self.steps,
            progress,
            on_engine: on_engine(),
            ..Settings::default()
        }
    }
}

/// Whether `-v` is on.
pub fn verbose() -> bool {
    VERBOSE.load(Ordering::Relaxed)
}

/// Turns `-v` on or off for this process.
pub fn set_verbose(on: bool) {
    VERBOSE.store(on, Ordering::Relaxed);
}
