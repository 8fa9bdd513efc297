//! `queens tune` and the sieve tuning of a count (issue 42): the calibration is the
//! library's (`queens::engine::calibrate`); this module keeps its choice in a small text
//! file, per processor and version, and sets the tuning before a count runs.

use std::path::PathBuf;

use queens::engine::{SieveTuning, processor_name};

use super::args::jobs::TuneArgs;
use super::output::Outcome;

/// The file a calibration is saved in: `$QUEENS_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/queens`, else `~/.cache/queens`; `None` with none of them set.
fn saved_path() -> Option<PathBuf> {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let dir = var("QUEENS_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("queens")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("queens")))?;
    Some(dir.join("sieve-tuning.txt"))
}

/// What a saved calibration is kept for: the processor and this version (a build that
/// changed the sieve may want other sizes).
fn machine() -> String {
    format!(
        "{} / queens {}",
        processor_name().unwrap_or_else(|| "unknown processor".into()),
        env!("CARGO_PKG_VERSION")
    )
}

/// The saved calibration, when it was made on this processor by this version. A file
/// from another machine (a home directory shared across a cluster) or version is not
/// this machine's, and is passed over.
fn saved() -> Option<(SieveTuning, PathBuf)> {
    let path = saved_path()?;
    let text = std::fs::read_to_string(&path).ok()?;
    let field = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key).map(|v| v.trim().to_string()))
    };
    if field("machine ")? != machine() {
        return None;
    }
    let tuning = field("tuning ")?.parse::<SieveTuning>().ok()?;
    tuning.kernel.available().then_some((tuning, path))
}

/// Sets the sieve's tuning for this process: `given` (`count --tuning`), else the
/// saved calibration, else nothing (the library's rule for this processor).
pub fn apply(given: Option<&str>) -> Result<(), String> {
    let tuning = match given {
        Some(text) => text
            .parse::<SieveTuning>()
            .map_err(|e| format!("--tuning: {e}"))?,
        None => match saved() {
            Some((t, _)) => t,
            None => return Ok(()),
        },
    };
    tuning.set().map_err(|e| format!("--tuning: {e}"))
}

/// The join tasks to time: the library's, or `QUEENS_TUNE_WORKLOAD` (`side:tasks`
/// pairs, `12:0` for every task of 12), for tests that cannot wait a few seconds.
fn workload() -> Result<Vec<(usize, usize)>, String> {
    let Ok(text) = std::env::var("QUEENS_TUNE_WORKLOAD") else {
        return Ok(queens::engine::CALIBRATION_WORKLOAD.to_vec());
    };
    text.split(',')
        .map(|pair| {
            pair.split_once(':')
                .and_then(|(n, k)| Some((n.trim().parse().ok()?, k.trim().parse().ok()?)))
                .filter(|&(n, _): &(usize, usize)| (1..=24).contains(&n))
                .ok_or_else(|| {
                    format!(
                        "QUEENS_TUNE_WORKLOAD: '{pair}' is not side:tasks with a side from 1 to 24"
                    )
                })
        })
        .collect()
}

/// Runs `queens tune`.
pub fn tune(a: &TuneArgs) -> Result<Outcome, String> {
    if a.show {
        let (tuning, from) = match saved() {
            Some((t, path)) => (t, format!("saved by `queens tune` in {}", path.display())),
            None => (
                SieveTuning::detected(),
                "the rule for this processor (no calibration saved for it)".to_string(),
            ),
        };
        println!("{tuning}");
        eprintln!("queens: {}; {from}", machine());
        return Ok(Outcome::Yes);
    }
    if a.repeats == 0 || a.repeats > 100 {
        return Err(format!(
            "--repeats takes 1 to 100 runs per tuning, not {}",
            a.repeats
        ));
    }
    eprintln!(
        "queens: timing the join's sieve on {} (about {} s)",
        machine(),
        (a.repeats as f64 * 0.4 * 12.0).round()
    );
    // Each tuning's time on stderr as it comes: the calibration is the user's to judge.
    let chosen = queens::engine::calibrate(a.repeats, &workload()?, |t, d| {
        eprintln!("  {:>8.1} ms  {t}", d.as_secs_f64() * 1e3);
    });
    println!("{chosen}");
    if a.no_save {
        return Ok(Outcome::Yes);
    }
    let path = saved_path()
        .ok_or("no folder to save the calibration in: set QUEENS_CACHE_DIR (or use --no-save)")?;
    let text = format!(
        "# the join's sieve tuning, timed by `queens tune` (remove this file to undo)\n\
         machine {}\ntuning {chosen}\n",
        machine()
    );
    let dir = path.parent().expect("a file in a folder");
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&path, text))
        .map_err(|e| format!("cannot save the calibration in {}: {e}", path.display()))?;
    eprintln!("queens: saved in {}", path.display());
    Ok(Outcome::Yes)
}
