//! Timings of region puzzles (run by `bench/puzzle.sh`), in-process, one thread: solve,
//! count and check (the exhaustive solver), a hint from the empty board, a whole
//! explanation and a rating, by size, on generated puzzles; then `puzzle gen` by size
//! (median over seeds) against the general generator behind `gen-regions --piece L=RF`
//! (`queens::regions::generate`) on the same sizes in the same run, as the reference.

use std::time::{Duration, Instant};

use queens::Settings;
use queens::puzzle::explain::explain;
use queens::puzzle::generate::{Request, generate};
use queens::puzzle::rules::{Deducer, Level};
use queens::puzzle::{Puzzle, State};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The median time of `f` over `runs` runs, in milliseconds.
fn time(runs: usize, mut f: impl FnMut()) -> f64 {
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                f();
                ms(t.elapsed())
            })
            .collect(),
    )
}

fn made(n: usize, k: u32, seed: u64) -> (Puzzle, f64) {
    let t = Instant::now();
    let m = generate(
        &Request {
            n,
            stars: k,
            difficulty: None,
            seed,
        },
        &Settings::default(),
    )
    .unwrap()
    .unwrap();
    (m.puzzle, ms(t.elapsed()))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seeds: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    println!("# per puzzle, median over {seeds} generated puzzles of each size (ms)");
    println!("size  K  solve  count  check   hint  explain   rate   gen(median)");
    for (n, k) in [(9, 1), (11, 1), (16, 1), (20, 1), (25, 1), (10, 2)] {
        let mut rows: [Vec<f64>; 7] = Default::default();
        for seed in 0..seeds {
            let (p, g) = made(n, k, seed);
            let empty = State::new(&p);
            let s = Settings::default();
            rows[0].push(time(5, || {
                p.solutions(&empty, 2, 1, &s).unwrap();
            }));
            rows[1].push(time(5, || {
                p.solutions(&empty, u128::MAX, 0, &s).unwrap();
            }));
            rows[2].push(time(5, || {
                p.solutions(&empty, 2, 2, &s).unwrap();
            }));
            rows[3].push(time(5, || {
                Deducer::new(&p).next_step(&empty, Level::Expert);
            }));
            rows[4].push(time(3, || {
                explain(&p, &empty, Level::Expert);
            }));
            rows[5].push(time(3, || {
                queens::puzzle::rate::rate(&p);
            }));
            rows[6].push(g);
        }
        let m: Vec<f64> = rows.into_iter().map(median).collect();
        println!(
            "{n:>4} {k:>2} {:>6.3} {:>6.3} {:>6.3} {:>6.3} {:>8.3} {:>6.3} {:>10.1}",
            m[0], m[1], m[2], m[3], m[4], m[5], m[6]
        );
    }
    println!();
    println!("# gen against gen-regions' general generator (L=RF), median over seeds (ms)");
    println!("size  puzzle-gen  gen-regions  ratio");
    let catalog = queens::fairy::catalog_with(&["L=RF".to_string()]).unwrap();
    let l = catalog.get('L').unwrap();
    for (n, ref_seeds) in [(9usize, seeds), (11, seeds), (12, seeds), (14, 3)] {
        let ours = median((0..seeds).map(|s| made(n, 1, s).1).collect());
        let mut gave_up = 0;
        let theirs = median(
            (0..ref_seeds)
                .map(|s| {
                    let t = Instant::now();
                    // The general generator may give up after 200 rounds: its time
                    // counts all the same.
                    if queens::regions::generate(n as u32, &l, s, &Settings::default()).is_err() {
                        gave_up += 1;
                    }
                    ms(t.elapsed())
                })
                .collect(),
        );
        println!(
            "{n:>4} {ours:>11.1} {theirs:>12.1} {:>6.0}x{}",
            theirs / ours.max(1e-3),
            if gave_up > 0 {
                format!("  (gen-regions gave up on {gave_up} of {ref_seeds} seeds)")
            } else {
                String::new()
            }
        );
    }
    println!("(gen-regions needs 13 to 259 s at 16x16 per the issue; not run here)");
}
