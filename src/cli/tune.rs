//! `queens tune` and `count --tuning` (issue 42): the calibration, the file it is saved
//! in and the choice of a count's tuning are the library's (`queens::engine::calibrate`,
//! `save`, `saved`, `SieveTuning::current`); this module parses and prints.

use queens::engine::{SieveTuning, machine, saved};

use super::args::jobs::TuneArgs;
use super::output::Outcome;

/// Sets the sieve's tuning for this process from `count --tuning`; without it a count
/// takes the library's choice (the saved calibration, else the processor's rule).
pub fn apply(given: Option<&str>) -> Result<(), String> {
    let Some(text) = given else {
        return Ok(());
    };
    let tuning = text
        .parse::<SieveTuning>()
        .map_err(|e| format!("--tuning: {e}"))?;
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
        let from = match saved() {
            Some((_, path)) => format!("saved by `queens tune` in {}", path.display()),
            None => "the rule for this processor (no calibration saved for it)".to_string(),
        };
        println!("{}", SieveTuning::current());
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
    if !a.no_save {
        let path = queens::engine::save(chosen).map_err(|e| format!("{e} (or use --no-save)"))?;
        eprintln!("queens: saved in {}", path.display());
    }
    Ok(Outcome::Yes)
}
