//! The `queens` command line: parses arguments, calls the library, renders answers.

mod cli;

use std::process::ExitCode;

use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches};

fn main() -> ExitCode {
    let matches = cli::args::Cli::command().get_matches();
    let args = cli::args::Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    // Whether BOARD was typed (not clap's default): a region file supplies it otherwise.
    let board_given = matches.subcommand().is_some_and(|(_, m)| {
        m.ids().any(|id| id == "board") && m.value_source("board") == Some(ValueSource::CommandLine)
    });
    match cli::run::run(args, board_given) {
        Ok(outcome) => outcome.exit_code(),
        Err(message) => {
            eprintln!("queens: {message}");
            ExitCode::from(2)
        }
    }
}
