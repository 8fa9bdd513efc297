//! Timings for boards beyond the rectangle (run by `bench/terrain.sh`): region puzzles
//! solved and proved unique, and the toroidal 13-queens count, in-process, median of
//! several runs; the SAT engine on the same puzzles is the reference of the same run.

use std::time::Instant;

use queens::terrain::{Regions, Terrain};
use queens::{EngineChoice, PieceCount, Placement, Problem, Settings};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let settings = Settings {
        threads: 1,
        ..Settings::default()
    };
    let catalog = queens::fairy::catalog_with(&["L=RF".to_string()]).unwrap();
    let l = catalog.get('L').unwrap();
    for n in [9u32, 11] {
        let (mut ours, mut sat) = (Vec::new(), Vec::new());
        for seed in 0..15 {
            let puzzle = queens::regions::generate(n, &l, seed, &settings)
                .unwrap()
                .unwrap();
            let board = queens::Board::square(n).unwrap();
            let (r, holes) = Regions::parse(&puzzle.picture, &board, 1).unwrap();
            let t = Terrain::new(&board).with_regions(r, holes).unwrap();
            let p = Problem::new(
                board,
                vec![PieceCount {
                    kind: l.clone(),
                    count: n,
                }],
                Placement::default(),
            )
            .unwrap()
            .with_terrain(t)
            .unwrap();
            // Solve and prove unique: the first solution, then the count.
            let start = Instant::now();
            let found = queens::solve(
                &p,
                EngineChoice::Named(queens::EngineName::Exact),
                &settings,
            )
            .unwrap();
            let count = queens::count(
                &p,
                EngineChoice::Named(queens::EngineName::Exact),
                &settings,
            )
            .unwrap();
            ours.push(start.elapsed().as_secs_f64() * 1e3);
            assert!(found.is_some() && count == 1u32.into());
            // The reference: the SAT engine proving the same (it counts by listing every
            // solution, blocking each found one).
            let start = Instant::now();
            let by_sat =
                queens::count(&p, EngineChoice::Named(queens::EngineName::Sat), &settings).unwrap();
            sat.push(start.elapsed().as_secs_f64() * 1e3);
            assert_eq!(by_sat, 1u32.into());
        }
        let (o, s) = (median(ours), median(sat));
        println!(
            "{n}x{n} region puzzle (15 seeds), solve + prove unique (exact): median {o:.3} ms; \
             SAT count (CaDiCaL): {s:.3} ms; ratio SAT/ours {:.1}",
            s / o
        );
    }
    let p = Problem::queens(13).unwrap();
    let t = Terrain::new(p.board()).with_torus(true);
    let p = p.with_terrain(t).unwrap();
    let mut runs = Vec::new();
    for _ in 0..7 {
        let start = Instant::now();
        let c = queens::count(&p, EngineChoice::Auto, &settings).unwrap();
        runs.push(start.elapsed().as_secs_f64() * 1e3);
        assert_eq!(c, 4524u32.into());
    }
    let plain = Problem::queens(13).unwrap();
    let mut plain_runs = Vec::new();
    for _ in 0..7 {
        let start = Instant::now();
        queens::count(
            &plain,
            EngineChoice::Named(queens::EngineName::Exact),
            &settings,
        )
        .unwrap();
        plain_runs.push(start.elapsed().as_secs_f64() * 1e3);
    }
    let (t, q) = (median(runs), median(plain_runs));
    println!(
        "toroidal 13-queens count (4524, exact, 1 thread): median {t:.2} ms; \
         plain 13-queens by the same engine: {q:.2} ms; ratio {:.2}",
        q / t
    );
}
