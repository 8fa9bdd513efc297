//! Mirrors `queens engines`: every engine in the order `auto` tries them, what it
//! does, which optional settings it takes, and for each job it runs whether it takes
//! the problem given (and whether `auto` would pick it), or why not.
//!
//! Run it with `cargo run -p queens --example engines`.

use queens::engine::{EngineReport, engine_names, engines, picked};
use queens::{Catalog, EngineChoice, Error, Job, Problem, Settings, format_spec};

/// One engine's paragraph, as the CLI prints it.
fn describe(e: &EngineReport) -> String {
    let mut takes = Vec::new();
    for (yes, what) in [
        (e.honours.parallel, "threads"),
        (e.honours.step_budget, "step budget"),
        (e.honours.seed, "seed"),
    ] {
        if yes {
            takes.push(what);
        }
    }
    let mut t = format!("\n{}: {}\n", e.name, e.summary);
    if !takes.is_empty() {
        t += &format!("  takes: {}\n", takes.join(", "));
    }
    for (job, verdict) in e.verdicts.iter().filter(|(j, _)| e.jobs.contains(j)) {
        let line = match verdict {
            Ok(true) => "yes (auto)".to_string(),
            Ok(false) => "yes, when named (auto passes it by here)".to_string(),
            Err(why) => format!("no: {why}"),
        };
        t += &format!("  {:<15} {line}\n", job.name());
    }
    t
}

/// The engine whose report is named `name`.
fn report<'a>(list: &'a [EngineReport], name: &str) -> &'a EngineReport {
    list.iter()
        .find(|e| e.name == name)
        .expect("a known engine")
}

/// The verdict of `e` on `job`.
fn verdict(e: &EngineReport, job: Job) -> &Result<bool, String> {
    &e.verdicts
        .iter()
        .find(|(j, _)| *j == job)
        .expect("every job")
        .1
}

fn main() -> Result<(), Error> {
    let defaults = Settings::default();

    // `queens engines 8`.
    let eight = Problem::queens(8)?;
    let list = engines(&eight, &defaults);
    println!("queens engines 8\nEngines for 8Q on 8x8, in the order auto tries them:");
    for e in &list {
        print!("{}", describe(e));
    }
    let names: Vec<&str> = list.iter().map(|e| e.name).collect();
    assert_eq!(engine_names(), [&["auto"], &names[..]].concat());
    let nq = report(&list, "nqueens");
    assert_eq!(verdict(nq, Job::Count), &Ok(true));
    assert!(verdict(nq, Job::Solve).is_err(), "nqueens only counts");
    assert!(report(&list, "local").honours.seed);
    assert_eq!(
        picked(EngineChoice::Auto, &eight, Job::Count, &defaults)?,
        "nqueens"
    );

    // `queens engines 5 --pieces N,B,R,Q,A`: the queens counter refuses a mix, and
    // says why in one sentence.
    let catalog = Catalog::standard();
    let mixed = Problem::parse("5", Some("N,B,R,Q,A"), None, &catalog)?;
    let list = engines(&mixed, &defaults);
    let why = verdict(report(&list, "nqueens"), Job::Count)
        .clone()
        .expect_err("not plain queens");
    println!(
        "\nqueens engines 5 --pieces {}: nqueens: no: {why}",
        format_spec(mixed.pieces())
    );
    let counter = picked(EngineChoice::Auto, &mixed, Job::Count, &defaults)?;
    println!("  auto counts it with: {counter}");
    assert!(verdict(report(&list, "exact"), Job::Count).is_ok());

    // `--engine NAME` parses to a choice; an unknown name lists the known ones.
    assert_eq!(
        "exact".parse::<EngineChoice>()?,
        EngineChoice::Named(queens::EngineName::Exact)
    );
    let unknown = "magic".parse::<EngineChoice>().expect_err("no such engine");
    println!("\nqueens count 8 --engine magic\nerror: {unknown}");
    assert!(matches!(unknown, Error::UnknownEngine { .. }));
    Ok(())
}
