//! The `queens` command line: parses arguments, calls the library, renders answers.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // Two stages: clap's arguments, then one validated configuration; then the job.
    let args = match cli::args::Cli::try_parse() {
        Ok(a) => a,
        Err(e) => return cli::args::parse_error(e),
    };
    let outcome = cli::config::Config::new(args).and_then(cli::run::run);
    match outcome {
        Ok(outcome) => outcome.exit_code(),
        Err(message) => {
            eprintln!("queens: {message}");
            ExitCode::from(2)
        }
    }
}
