//! The command-line layer: argument definitions, job runners and progress display.

pub mod args;
pub mod config;
pub mod counting;
pub mod cover;
pub mod engines;
pub mod export;
pub mod fairy;
pub mod hugen;
pub mod input;
pub mod limits;
pub mod output;
pub mod parts;
pub mod progress;
pub mod puzzle;
pub mod recheck;
pub mod run;
pub mod terrain;
pub mod tune;
pub mod verify_args;
