//! The command line's second stage: the arguments clap parsed, made one configuration
//! before any job runs. `-v` and `--progress` are merged from before and after the
//! command into one [`Ui`] that the jobs are handed (no global switches), and each
//! region file is read once (standard input can be read only once), so that the jobs
//! take their problem options as typed, BOARD `None` when it was not.

use super::args::{Cli, Command, ProgressFlag, VerboseFlag};
use super::progress::Ui;
use super::terrain::read_regions;

/// A command line, validated as far as every job shares: what to say on stderr, and
/// the job with its region file read.
#[derive(Debug)]
pub struct Config {
    /// `-v` and `--progress`, wherever they were typed.
    pub ui: Ui,
    /// The job.
    pub command: Command,
}

impl Config {
    /// The configuration of `cli`, or the sentence refusing it (a region file that
    /// cannot be read).
    pub fn new(cli: Cli) -> Result<Config, String> {
        let Cli {
            verbose,
            progress,
            mut command,
        } = cli;
        let (after_v, after_p) = after_command(&command);
        match &mut command {
            Command::Solve { problem, .. } | Command::All { problem, .. } => {
                read_regions(&mut problem.terrain)?
            }
            Command::Count { problem, .. } => read_regions(&mut problem.terrain)?,
            Command::Engines { terrain, .. } => read_regions(terrain)?,
            Command::Export(e) => read_regions(&mut e.terrain)?,
            _ => {}
        }
        Ok(Config {
            ui: Ui {
                verbose: verbose || after_v,
                progress: progress || after_p,
            },
            command,
        })
    }
}

/// Whether `-v` and `--progress` were typed after the command (on the commands that
/// offer them).
fn after_command(command: &Command) -> (bool, bool) {
    let none = (&VerboseFlag::default(), &ProgressFlag::default());
    let (v, p) = match command {
        Command::Solve {
            verbose, progress, ..
        }
        | Command::All {
            verbose, progress, ..
        }
        | Command::Count {
            verbose, progress, ..
        }
        | Command::Max {
            verbose, progress, ..
        }
        | Command::GenRegions {
            verbose, progress, ..
        } => (verbose, progress),
        Command::Cover(a) => (&a.verbose, &a.progress),
        Command::Engines { verbose, .. } => (verbose, none.1),
        Command::Recheck(a) => (none.0, &a.progress),
        _ => none,
    };
    (v.verbose, p.progress)
}
