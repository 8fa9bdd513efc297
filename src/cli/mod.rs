//! The command-line layer: argument definitions, job runners and progress display.

pub mod args;
pub mod counting;
pub mod progress;
pub mod run;
