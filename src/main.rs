//! The `queens` command line: parses arguments, calls the library, renders answers.

mod cli;

use std::process::ExitCode;

use clap::FromArgMatches;
use clap::parser::ValueSource;

fn main() -> ExitCode {
    let matches = match cli::args::command().try_get_matches() {
        Ok(m) => m,
        Err(e) => return cli::args::parse_error(e),
    };
    let mut args = match cli::args::Cli::from_arg_matches(&matches) {
        Ok(a) => a,
        Err(e) => return cli::args::parse_error(e),
    };
    args.verbose |= cli::args::sub_flag(&matches, "verbose");
    args.progress |= cli::args::sub_flag(&matches, "progress");
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
