//! Mirrors `queens count` with `--checkpoint FILE`, `--method`, `--json` and
//! `--shard I/K`, and `queens merge`: a long plain N-queens count split into parts
//! that survive a kill (the checkpoint) or run on different machines (shards).
//!
//! Files go to a directory of their own under the system's temporary directory and
//! are removed at the end.
//!
//! Run it with `cargo run -p queens --example count_parts`.

use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use queens::engine::{Method, Parts, Shard, ShardResult, count_parts, merge};
use queens::{EngineChoice, Error, Problem, Progress, Settings};

fn main() -> Result<(), Error> {
    let dir = std::env::temp_dir().join(format!("queens-example-parts-{}", std::process::id()));
    fs::create_dir_all(&dir).map_err(|e| Error::io(dir.display().to_string(), e))?;
    let result = run(&dir);
    let _ = fs::remove_dir_all(&dir);
    result
}

fn run(dir: &Path) -> Result<(), Error> {
    let twelve = Problem::queens(12)?;
    let auto = EngineChoice::Auto;
    let defaults = Settings::default();
    let (total, unique) = (14_200u32, 1_787u32);

    // `queens count 12 --checkpoint FILE --json`, killed a third of the way: here the
    // progress callback raises the cancel flag, which ends the job with
    // `Error::Interrupted` (a kill -9 would lose only the parts in flight).
    let checkpoint = dir.join("12.checkpoint");
    let parts = Parts {
        checkpoint: Some(checkpoint.clone()),
        unique: true,
        ..Parts::default()
    };
    let stop = AtomicBool::new(false);
    let progress = |p: Progress| {
        if p.done * 3 >= p.total {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let stopping = Settings {
        threads: 2,
        cancel: Some(&stop),
        progress: Some(&progress),
        ..Settings::default()
    };
    let interrupted = match count_parts(&twelve, auto, &stopping, &parts) {
        Err(Error::Interrupted) => true,
        Ok(_) => false, // finished before the flag was seen: nothing to resume
        Err(e) => return Err(e),
    };
    println!(
        "queens count 12 --checkpoint {} --json\n(interrupted: {interrupted})",
        checkpoint.display()
    );

    // The same command again resumes from the checkpoint.
    let r = count_parts(&twelve, auto, &defaults, &parts)?;
    println!(
        "{{\"total\":{},\"unique\":{},\"method\":\"{}\",\"tasks\":{},\"resumed_tasks\":{},\"threads\":{}}}",
        r.total,
        r.unique.clone().unwrap_or_default(),
        r.method,
        r.tasks,
        r.resumed,
        r.threads
    );
    assert_eq!((r.total, r.unique), (total.into(), Some(unique.into())));
    assert!(r.resumed <= r.tasks);
    if interrupted {
        assert!(r.resumed > 0, "the interrupted run left finished parts");
    }
    // Once more: every part is found done, nothing is counted again.
    let r = count_parts(&twelve, auto, &defaults, &parts)?;
    assert_eq!((r.resumed, r.total), (r.tasks, total.into()));

    // `queens count 12 --method backtrack --unique`: the other counting method.
    let method: Method = "backtrack".parse()?;
    let r = count_parts(
        &twelve,
        auto,
        &defaults,
        &Parts {
            method: Some(method),
            unique: true,
            ..Parts::default()
        },
    )?;
    println!(
        "queens count 12 --method {method} --unique\n{}",
        r.unique.clone().unwrap_or_default()
    );
    assert_eq!(
        (r.method, r.total, r.unique),
        (method, total.into(), Some(unique.into()))
    );

    // `queens count 12 --shard I/3 > shard-I.json` for I = 1, 2, 3 (on any machines),
    // then `queens merge shard-*.json`.
    let mut files = Vec::new();
    for i in 1..=3 {
        let shard: Shard = format!("{i}/3").parse()?;
        let only = Parts {
            shard: Some(shard),
            ..Parts::default()
        };
        let r = count_parts(&twelve, auto, &defaults, &only)?;
        let result = r.shard.expect("a shard was asked for");
        let path = dir.join(format!("shard-{i}.json"));
        let json = result.to_json();
        fs::write(&path, json).map_err(|e| Error::io(path.display().to_string(), e))?;
        println!(
            "queens count 12 --shard {shard}: {} tasks, {} solutions",
            result.tasks, result.total
        );
        files.push(path);
    }
    let mut results = Vec::new();
    for path in &files {
        let name = path.display().to_string();
        let text = fs::read_to_string(path).map_err(|e| Error::io(name.clone(), e))?;
        results.push((name.clone(), ShardResult::parse(&text, &name)?));
    }
    let merged = merge(&results)?;
    println!(
        "queens merge shard-1.json shard-2.json shard-3.json\n{}",
        merged.tally.total
    );
    assert_eq!(
        (merged.tally.total, merged.tally.unique),
        (total.into(), unique.into())
    );
    // An incomplete set is refused rather than summed.
    let missing = merge(&results[..2]).expect_err("shard 3/3 is missing");
    println!("queens merge shard-1.json shard-2.json\nerror: {missing}");
    assert!(matches!(missing, Error::Shard(_)));
    Ok(())
}
