//! The command-line layer: argument definitions, job runners and progress display.

pub mod args;
pub mod export;
pub mod progress;
pub mod run;
