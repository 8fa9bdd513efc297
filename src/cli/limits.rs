//! The run-time settings of a command line: threads, budgets, `-v` and `--progress`,
//! turned into the library's [`Settings`] (and a progress bar) for each job.

use std::time::{Duration, Instant};

use queens::Settings;

use super::args::ProblemArgs;
use super::progress::{Bar, Ui};

/// The listener for [`Settings::on_engine`] under `-v`.
fn announce(engine: &'static str) {
    eprintln!("queens: engine {engine}");
}

/// The run-time limits of a command line: threads and budgets, the clock started
/// when the command began (so that a range of problems shares one time budget), and
/// what to say on stderr while a job runs.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    threads: usize,
    deadline: Option<Instant>,
    steps: Option<u64>,
    ui: Ui,
}

impl Limits {
    /// The limits `args` set, or why they are bad.
    pub fn of(args: &ProblemArgs, ui: Ui) -> Result<Limits, String> {
        Limits::new(args.threads, args.budget_secs, args.budget_steps, ui)
    }

    /// The limits of `--threads`, `--budget-secs` and `--budget-steps`, or why they are
    /// bad.
    pub fn new(
        threads: usize,
        budget_secs: Option<f64>,
        budget_steps: Option<u64>,
        ui: Ui,
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
            ui,
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
            on_engine: self.on_engine(),
            ..Settings::default()
        }
    }

    /// The engine listener when `-v` is on.
    pub fn on_engine(&self) -> Option<&'static (dyn Fn(&'static str) + Sync)> {
        self.ui.verbose.then_some(&announce)
    }

    /// Whether `-v` is on.
    pub fn verbose(&self) -> bool {
        self.ui.verbose
    }

    /// A progress bar for a job described by `what`.
    pub fn bar(&self, what: &str) -> Bar {
        Bar::new(what, self.ui.progress)
    }

    /// A progress counter of `unit` for work of unknown length.
    pub fn counter(&self, what: &str, unit: &str) -> Bar {
        Bar::counter(what, unit, self.ui.progress)
    }
}
