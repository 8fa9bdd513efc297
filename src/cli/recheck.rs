//! `queens recheck MANIFEST`: recounts parts of a manifest with this build (the
//! library's `parts::manifest::recheck`), and the words a manifest keeps to rebuild
//! its problem.

use clap::Parser;
use queens::engine::parts::manifest::{self, Manifest};

use super::args::jobs::RecheckArgs;
use super::args::{Cli, Command, ProblemArgs};
use super::limits::Limits;
use super::output::Outcome;
use super::progress::Ui;

/// The words of `queens count` that rebuild the problem of `args` (board, pieces,
/// fixed pieces, piece definitions, terrain, engine): what a manifest keeps.
pub fn source_words(args: &ProblemArgs) -> Vec<String> {
    // No BOARD with a region file: the board is the file's.
    let mut w: Vec<String> = args.board.iter().cloned().collect();
    let mut opt = |flag: &str, v: &Option<String>| {
        if let Some(v) = v {
            w.push(format!("--{flag}={v}"));
        }
    };
    opt("pieces", &args.pieces);
    opt("fixed", &args.fixed);
    opt("holes", &args.terrain.holes);
    opt("blockers", &args.terrain.blockers);
    opt("regions", &args.terrain.regions);
    for d in &args.piece {
        w.push(format!("--piece={d}"));
    }
    if args.terrain.torus {
        w.push("--torus".into());
    }
    if args.terrain.per_region != 1 {
        w.push(format!("--per-region={}", args.terrain.per_region));
    }
    if args.engine != "auto" {
        w.push(format!("--engine={}", args.engine));
    }
    w
}

/// The problem a manifest's words describe, read as `queens count` reads them.
fn problem_of(m: &Manifest, name: &str) -> Result<queens::Problem, String> {
    let words = ["queens", "count"]
        .into_iter()
        .map(String::from)
        .chain(m.source.iter().cloned());
    let bad =
        |why: String| format!("manifest {name}: its source words do not make a count ({why})");
    let cli = Cli::try_parse_from(words).map_err(|e| bad(e.kind().to_string()))?;
    let Command::Count { problem, .. } = cli.command else {
        return Err(bad("not a count".into()));
    };
    let mut problem = problem.shown();
    super::terrain::read_regions(&mut problem.terrain)?;
    super::terrain::problem_of(&problem)
}

/// Runs `queens recheck`.
pub fn recheck(a: &RecheckArgs, ui: Ui) -> Result<Outcome, String> {
    let name = a.manifest.display().to_string();
    let m = Manifest::read(&a.manifest).map_err(|e| e.to_string())?;
    let problem = problem_of(&m, &name)?;
    let (ids, drawn) = match a.parts {
        Some(0) => return Err("--parts must be at least 1".into()),
        Some(k) => {
            let seed = a.seed.unwrap_or_else(clock_seed);
            (m.sample(k, seed), Some(seed))
        }
        None if a.part.is_empty() => (m.parts.iter().map(|p| p.id).collect(), None),
        None => (a.part.clone(), None),
    };
    if ids.is_empty() {
        return Err(format!("manifest {name} lists no parts to recount"));
    }
    let limits = Limits::new(a.threads, None, None, ui)?;
    let bar = limits.bar("recounting");
    let progress = |p: queens::Progress| bar.update(p.done, p.total);
    let r = manifest::recheck(&m, &problem, &limits.settings(Some(&progress)), &ids);
    bar.finish();
    let r = r.map_err(|e| e.to_string())?;
    println!("{r}");
    let list: Vec<String> = r.checked.iter().map(|i| i.to_string()).collect();
    match drawn {
        Some(seed) => println!("parts: {} (drawn with --seed {seed})", list.join(" ")),
        None if r.checked.len() == m.parts.len() => {
            println!("parts: all {} listed", m.parts.len())
        }
        None => println!("parts: {}", list.join(" ")),
    }
    println!("{} s of recounting, {}", round(r.seconds), m.plan.problem);
    Ok(if r.agrees() {
        Outcome::Yes
    } else {
        Outcome::No
    })
}

/// Seconds to the millisecond.
fn round(s: f64) -> f64 {
    (s * 1e3).round() / 1e3
}

/// A seed from the clock, for a draw nobody chose in advance (printed, to repeat it).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
