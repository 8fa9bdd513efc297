//! The `queens` command line: parses arguments, calls the library, renders answers.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::args::Cli::parse();
    match cli::run::run(args) {
        Ok(outcome) => outcome.exit_code(),
        Err(message) => {
            eprintln!("queens: {message}");
            ExitCode::from(2)
        }
    }
}
