//! Soak of the page's bindings (issue 37): 10,000 mixed jobs through `call`, natively,
//! with the process's resident memory read every 1,000 jobs. Memory must stay flat:
//! from the end of the warm-up (the first 1,000 jobs) to the end it may grow by at
//! most 10%. `bench/soak.sh` runs it (`cargo run --release -p queens-web --example
//! soak [JOBS]`); it exits 1 when memory grew past 10%.

use queens_web::call;

/// The process's resident memory in KB, from `/proc/self/status`.
fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .expect("a VmRSS line")
}

/// One job of a mix of the page's jobs: answers, refusals and puzzles.
fn job(i: usize, puzzle: &str) {
    let (name, request) = match i % 10 {
        0 => ("count", r#"{"rows":6,"cols":6}"#.to_string()),
        1 => ("solve", "{}".to_string()),
        2 => ("svg", r#"{"rows":8,"cols":8}"#.to_string()),
        3 => ("max", r#"{"rows":8,"cols":8,"pieces":"K"}"#.to_string()),
        4 => ("count-unique", r#"{"rows":7,"cols":7}"#.to_string()),
        5 => ("count", "{not json".to_string()),
        6 => (
            "new-puzzle",
            format!(
                r#"{{"size":6,"stars":1,"difficulty":"any","seed":{}}}"#,
                i % 97
            ),
        ),
        7 => ("puzzle-hint", puzzle.to_string()),
        8 => ("puzzle-solve", puzzle.to_string()),
        _ => ("puzzle-check", puzzle.to_string()),
    };
    let answer = call(name, &request);
    assert!(answer.starts_with('{'), "{name}: {answer}");
}

fn main() {
    let jobs: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("JOBS is a number"))
        .unwrap_or(10_000);
    let made = call(
        "new-puzzle",
        r#"{"size":7,"stars":1,"difficulty":"any","seed":5}"#,
    );
    let made: serde_json::Value = serde_json::from_str(&made).expect("JSON");
    let puzzle = serde_json::json!({ "text": made["text"], "stars": 1 }).to_string();
    let warm = jobs.min(1_000);
    let mut base = None;
    for i in 0..jobs {
        job(i, &puzzle);
        if (i + 1) % 1_000 == 0 || i + 1 == jobs {
            let now = rss_kb();
            if i + 1 >= warm && base.is_none() {
                base = Some(now);
            }
            println!("page jobs {:>6}: rss {:.1} MB", i + 1, now as f64 / 1024.0);
        }
    }
    let base = base.unwrap_or_else(rss_kb) as f64;
    let end = rss_kb() as f64;
    let growth = (end - base) / base;
    let flat = growth <= 0.10;
    println!(
        "page soak: {jobs} jobs, rss {:.1} MB after warm-up, {:.1} MB at the end ({:+.1}%): {}",
        base / 1024.0,
        end / 1024.0,
        growth * 100.0,
        if flat { "flat" } else { "GREW" }
    );
    std::process::exit(if flat { 0 } else { 1 });
}
