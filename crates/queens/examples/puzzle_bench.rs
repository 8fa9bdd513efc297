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
    if v.is_empty() {
        return f64::NAN;
    }
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

/// A generated puzzle and the time it took; `None` when it took over a minute (the
/// minute counts in the median all the same).
fn made(n: usize, k: u32, seed: u64) -> (Option<Puzzle>, f64) {
    let t = Instant::now();
    let m = generate(
        &Request {
            n,
            stars: k,
            difficulty: None,
            seed,
            style: Default::default(),
        },
        &Settings {
            time_budget: Some(Duration::from_secs(60)),
            ..Settings::default()
        },
    );
    let el = ms(t.elapsed());
    match m {
        Ok(Some(m)) => (Some(m.puzzle), el),
        Err(queens::Error::Budget { .. }) => (None, el),
        other => panic!("gen {n} K={k} seed {seed}: {other:?}"),
    }
}

/// `puzzle_bench gen N K DIFFICULTY SEEDS`: time `gen` of one kind over seeds, with the
/// region sizes of each puzzle (smallest, largest), for tuning the carving.
fn gen_only(args: &[String]) {
    let n: usize = args[2].parse().unwrap();
    let k: u32 = args[3].parse().unwrap();
    let difficulty = Level::parse(&args[4]);
    let seeds: u64 = args[5].parse().unwrap();
    let mut times = Vec::new();
    for seed in 0..seeds {
        let t = Instant::now();
        let m = generate(
            &Request {
                n,
                stars: k,
                difficulty,
                seed,
                style: Default::default(),
            },
            &Settings {
                time_budget: Some(Duration::from_secs(60)),
                ..Settings::default()
            },
        );
        let el = ms(t.elapsed());
        times.push(el);
        match m {
            Ok(Some(m)) => {
                let mut size = vec![0usize; n];
                for i in 0..n * n {
                    size[m.puzzle.region(i)] += 1;
                }
                println!(
                    "seed {seed:>3} {el:>9.1} ms  {:>5} candidates  {:?}  regions {}..{}",
                    m.candidates,
                    m.grade,
                    size.iter().min().unwrap(),
                    size.iter().max().unwrap()
                );
            }
            other => println!("seed {seed:>3} {el:>9.1} ms  {other:?}"),
        }
    }
    println!("median {:.1} ms", median(times));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("gen") {
        return gen_only(&args);
    }
    let seeds: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    println!("# per puzzle, median over {seeds} generated puzzles of each size (ms)");
    println!(
        "size  K  solve  count  check   hint  explain   rate   gen(median)  regions(min..max)"
    );
    for (n, k) in [(9, 1), (11, 1), (16, 1), (20, 1), (25, 1), (10, 2)] {
        let mut rows: [Vec<f64>; 7] = Default::default();
        let (mut lo, mut hi) = (usize::MAX, 0);
        let mut over = 0;
        for seed in 0..seeds {
            let (p, g) = made(n, k, seed);
            let Some(p) = p else {
                over += 1;
                rows[6].push(g);
                continue;
            };
            let mut size = vec![0usize; n];
            for i in 0..n * n {
                size[p.region(i)] += 1;
            }
            lo = lo.min(*size.iter().min().unwrap());
            hi = hi.max(*size.iter().max().unwrap());
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
        if over > 0 {
            println!("# {n}x{n}: {over} of {seeds} seeds over the minute (counted as 60 s)");
        }
        println!(
            "{n:>4} {k:>2} {:>6.3} {:>6.3} {:>6.3} {:>6.3} {:>8.3} {:>6.3} {:>10.1}  {lo}..{hi}",
            m[0], m[1], m[2], m[3], m[4], m[5], m[6]
        );
    }
    println!();
    println!(
        "# Star Battle 10x10 gen by grade, median over seeds (ms); easy does not exist for K = 2"
    );
    for level in [Level::Medium, Level::Hard, Level::Expert] {
        let t: Vec<f64> = (0..seeds)
            .map(|seed| {
                let t = Instant::now();
                generate(
                    &Request {
                        n: 10,
                        stars: 2,
                        difficulty: Some(level),
                        seed,
                        style: Default::default(),
                    },
                    &Settings::default(),
                )
                .unwrap()
                .unwrap();
                ms(t.elapsed())
            })
            .collect();
        println!("  {:<7} {:>8.1}", level.name(), median(t));
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
