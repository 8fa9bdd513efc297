//! Progress on stderr: a bar on a terminal; plain lines under `--progress` when stderr
//! is not one (a Slurm log, a file), at most one every few seconds; else nothing.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use queens::render::words::plural;

/// What the command line asked to hear on stderr beside answers and errors: `-v` (which
/// engine runs) and `--progress` (plain progress lines off a terminal).
#[derive(Clone, Copy, Debug, Default)]
pub struct Ui {
    /// `-v`.
    pub verbose: bool,
    /// `--progress`.
    pub progress: bool,
}

/// The least time between two plain progress lines: 5 s, or `QUEENS_PROGRESS_SECS`
/// (for tests that cannot wait).
fn line_every() -> Duration {
    std::env::var("QUEENS_PROGRESS_SECS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map_or(Duration::from_secs(5), Duration::from_secs_f64)
}

/// Where progress goes.
enum Sink {
    /// Nowhere.
    Hidden,
    /// An indicatif bar (stderr is a terminal).
    Bar(ProgressBar),
    /// Plain lines: what, when it began, and when the last line was written.
    Lines {
        what: String,
        start: Instant,
        last: Mutex<Option<Instant>>,
        every: Duration,
    },
}

/// A bar that draws itself only on a terminal, and only once work takes a moment; or,
/// under `--progress` off a terminal, a line now and then.
pub struct Bar {
    sink: Sink,
}

impl Bar {
    /// A bar for a job described by `what`; `plain`: whether `--progress` was given.
    pub fn new(what: &str, plain: bool) -> Bar {
        if !std::io::stderr().is_terminal() {
            let sink = if plain {
                Sink::Lines {
                    what: what.to_string(),
                    start: Instant::now(),
                    last: Mutex::new(None),
                    every: line_every(),
                }
            } else {
                Sink::Hidden
            };
            return Bar { sink };
        }
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr_with_hz(4));
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} tasks, about {eta} left",
            )
            .expect("valid template"),
        );
        bar.set_message(what.to_string());
        Bar {
            sink: Sink::Bar(bar),
        }
    }

    /// A counter of `unit` for work of unknown length (a spinner and the count on a
    /// terminal; plain lines under `--progress` elsewhere).
    pub fn counter(what: &str, unit: &str, plain: bool) -> Bar {
        if !std::io::stderr().is_terminal() {
            return Bar::new(&format!("{what} ({unit})"), plain);
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(4));
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{{spinner}} {{msg}} [{{elapsed_precise}}] {{pos}} {unit}"
            ))
            .expect("valid template"),
        );
        bar.set_message(what.to_string());
        Bar {
            sink: Sink::Bar(bar),
        }
    }

    /// Sets a counter to `done` (of a total not known: lines say "done so far").
    pub fn set(&self, done: u64) {
        match &self.sink {
            Sink::Bar(b) => b.set_position(done),
            _ => self.update(done, 0),
        }
    }

    /// Moves the bar to `done` of `total`.
    pub fn update(&self, done: u64, total: u64) {
        match &self.sink {
            Sink::Hidden => {}
            Sink::Bar(b) => {
                b.set_length(total);
                b.set_position(done);
            }
            Sink::Lines {
                what,
                start,
                last,
                every,
            } => {
                let now = Instant::now();
                let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
                // The first line once work has taken a few seconds, then one per period.
                let due = last.map_or(now - *start >= *every, |t| now - t >= *every);
                if due || (done == total && last.is_some()) {
                    *last = Some(now);
                    let of = if total == 0 {
                        " so far".to_string()
                    } else {
                        format!(" of {}", plural(total, "task"))
                    };
                    eprintln!(
                        "queens: {what}: {done}{of} done, {:.1} s",
                        (now - *start).as_secs_f64()
                    );
                }
            }
        }
    }

    /// Removes the bar from the screen.
    pub fn finish(&self) {
        if let Sink::Bar(b) = &self.sink {
            b.finish_and_clear();
        }
    }
}
