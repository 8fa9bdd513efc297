//! Progress bars on stderr, only when stderr is a terminal.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar that draws itself only on a terminal, and only once work takes a moment.
pub struct Bar {
    bar: Option<ProgressBar>,
}

impl Bar {
    /// A bar for a job described by `what`; hidden when stderr is not a terminal.
    pub fn new(what: &str) -> Bar {
        if !std::io::stderr().is_terminal() {
            return Bar { bar: None };
        }
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr_with_hz(4));
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} tasks, about {eta} left",
            )
            .expect("valid template"),
        );
        bar.set_message(what.to_string());
        Bar { bar: Some(bar) }
    }

    /// A counter of `unit` for work of unknown length (a spinner and the count);
    /// hidden when stderr is not a terminal.
    pub fn counter(what: &str, unit: &str) -> Bar {
        if !std::io::stderr().is_terminal() {
            return Bar { bar: None };
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(4));
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{{spinner}} {{msg}} [{{elapsed_precise}}] {{pos}} {unit}"
            ))
            .expect("valid template"),
        );
        bar.set_message(what.to_string());
        Bar { bar: Some(bar) }
    }

    /// Sets a counter to `done`.
    pub fn set(&self, done: u64) {
        if let Some(b) = &self.bar {
            b.set_position(done);
        }
    }

    /// Moves the bar to `done` of `total`.
    pub fn update(&self, done: u64, total: u64) {
        if let Some(b) = &self.bar {
            b.set_length(total);
            b.set_position(done);
        }
    }

    /// Removes the bar from the screen.
    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
