//! Boards beyond the rectangle: holes, blockers, the torus and regions, against OEIS
//! A051906 and an independent brute-force oracle (geometry written out here), with
//! every solution checked by `verify` and the bad inputs' sentences.

use crate::common;

use common::{assert_contains, oracle, problem, queens, stderr, stdout};
use proptest::prelude::*;
use queens::terrain::{Regions, Terrain};
use queens::{Board, EngineChoice, Problem, Settings, Square};
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// A terrain for the oracle: holes, blockers (as (file, rank)), wrap, and region names
/// per square (row-major, `None`: no region) with pieces per region.
#[derive(Clone, Debug, Default)]
struct Shape {
    holes: Vec<oracle::Sq>,
    blockers: Vec<oracle::Sq>,
    torus: bool,
    regions: Option<(Vec<Option<usize>>, u32)>,
}

/// The oracle's count: every placement of the pieces (fixed ones kept), then those on
/// holes or blockers, or with a region off its count, dropped.
fn oracle_count(p: &oracle::Small, shape: &Shape) -> u64 {
    let (rows, cols) = (p.rows, p.cols);
    let attacks = |k: char, a: oracle::Sq, b: oracle::Sq| {
        oracle::terrain_attacks(rows, cols, &shape.blockers, shape.torus, k, a, b)
    };
    oracle::solutions(p, &attacks)
        .into_iter()
        .filter(|s| {
            s.iter()
                .all(|(_, q)| !shape.holes.contains(q) && !shape.blockers.contains(q))
        })
        .filter(|s| match &shape.regions {
            None => true,
            Some((of, per)) => {
                let n = of.iter().flatten().max().map_or(0, |m| m + 1);
                let mut held = vec![0u32; n];
                for (_, (f, r)) in s {
                    if let Some(id) = of[(r * cols + f) as usize] {
                        held[id] += 1;
                    }
                }
                held.iter().all(|h| h == per)
            }
        })
        .count() as u64
}

/// The library's problem for the oracle's, with `shape`.
fn library_problem(p: &oracle::Small, shape: &Shape) -> Result<Problem, queens::Error> {
    let c = queens::Catalog::standard();
    let base = common::oracle_problem(p, &c);
    let board = *base.board();
    let sq = |&(f, r): &oracle::Sq| Square::new(f as u32, r as u32);
    let mut t = Terrain::new(&board).with_torus(shape.torus);
    if let Some((of, per)) = &shape.regions {
        // Region picture: top rank first.
        let mut text = String::new();
        for r in (0..p.rows).rev() {
            for f in 0..p.cols {
                text.push(match of[(r * p.cols + f) as usize] {
                    Some(id) => (b'a' + id as u8) as char,
                    None => '#',
                });
            }
            text.push('\n');
        }
        let (regions, holes) = Regions::parse(&text, &board, *per)?;
        t = t.with_regions(regions, holes)?;
    }
    t = t.with_holes(shape.holes.iter().map(sq))?;
    t = t.with_blockers(shape.blockers.iter().map(sq))?;
    base.with_terrain(t)
}

#[test]
fn toroidal_queens_match_a051906() {
    // OEIS A051906: n queens on an n x n torus, n = 1..13 (zero unless gcd(n, 6) = 1).
    let want = [1u64, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524];
    for (i, &w) in want.iter().enumerate() {
        let n = (i + 1) as u32;
        let p = Problem::queens(n).unwrap();
        let t = Terrain::new(p.board()).with_torus(true);
        let p = p.with_terrain(t).unwrap();
        let got = queens::count(&p, EngineChoice::Auto, &Settings::default()).unwrap();
        assert_eq!(got, w.into(), "n = {n}");
    }
    assert_eq!(stdout(&queens(&["count", "13", "--torus"])), "4524\n");
}

fn shape_strategy(rows: i64, cols: i64) -> impl Strategy<Value = Shape> {
    let sq = (0..cols, 0..rows);
    (
        proptest::collection::vec(sq.clone(), 0..3),
        proptest::collection::vec(sq, 0..3),
        any::<bool>(),
    )
        .prop_map(|(mut holes, mut blockers, torus)| {
            holes.sort();
            holes.dedup();
            blockers.sort();
            blockers.dedup();
            blockers.retain(|b| !holes.contains(b));
            Shape {
                holes,
                blockers,
                torus,
                regions: None,
            }
        })
}

fn small_strategy() -> impl Strategy<Value = (oracle::Small, Shape)> {
    (2i64..=5, 2i64..=5)
        .prop_flat_map(|(rows, cols)| {
            let kinds = proptest::collection::vec((0usize..6, 1u32..=2), 1..=3);
            (Just((rows, cols)), kinds, shape_strategy(rows, cols))
        })
        .prop_map(|((rows, cols), kinds, shape)| {
            let mut pieces: Vec<(char, u32)> = Vec::new();
            for (k, n) in kinds {
                let letter = ['K', 'N', 'B', 'R', 'Q', 'A'][k];
                if !pieces.iter().any(|p| p.0 == letter) {
                    pieces.push((letter, n));
                }
            }
            (
                oracle::Small {
                    rows,
                    cols,
                    pieces,
                    fixed: vec![],
                },
                shape,
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn holes_blockers_and_torus_match_the_oracle((p, shape) in small_strategy()) {
        prop_assume!(p.pieces.iter().map(|x| i64::from(x.1)).sum::<i64>() <= p.rows * p.cols);
        let Ok(lib) = library_problem(&p, &shape) else {
            // More pieces than free squares: refused, and the oracle finds nothing.
            prop_assert_eq!(oracle_count(&p, &shape), 0);
            return Ok(());
        };
        let want = oracle_count(&p, &shape);
        let got = queens::count(&lib, EngineChoice::Named(queens::EngineName::Exact), &Settings::default()).unwrap();
        prop_assert_eq!(got, want.into(), "{:?} {:?}", p, shape);
        if want <= 200 {
            // The SAT engine counts by listing every solution.
            let by_sat = queens::count(&lib, EngineChoice::Named(queens::EngineName::Sat), &Settings::default()).unwrap();
            prop_assert_eq!(by_sat, want.into(), "sat: {:?} {:?}", p, shape);
        }
        // Every solution listed is accepted by the problem's own check.
        let mut listed = 0u64;
        queens::enumerate(&lib, EngineChoice::Auto, &Settings::default(), &mut |s| {
            assert!(lib.accepts(s), "{s} on {shape:?}");
            listed += 1;
            std::ops::ControlFlow::Continue(())
        }).unwrap();
        prop_assert_eq!(listed, want);
    }

    #[test]
    fn regions_match_the_oracle(n in 3i64..=5, seed in any::<u64>(), letter in 0usize..3) {
        // n regions of one piece each, grown from n random seeds.
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut next = || rng.next_u64();
        let cells = (n * n) as usize;
        let mut of: Vec<Option<usize>> = vec![None; cells];
        let mut placed = 0;
        while placed < n as usize {
            let i = (next() % cells as u64) as usize;
            if of[i].is_none() { of[i] = Some(placed); placed += 1; }
        }
        while of.iter().any(Option::is_none) {
            let i = (next() % cells as u64) as usize;
            if of[i].is_some() { continue; }
            let (f, r) = ((i as i64) % n, (i as i64) / n);
            let around = [(f - 1, r), (f + 1, r), (f, r - 1), (f, r + 1)];
            if let Some(id) = around.iter()
                .filter(|&&(a, b)| a >= 0 && b >= 0 && a < n && b < n)
                .find_map(|&(a, b)| of[(b * n + a) as usize]) {
                of[i] = Some(id);
            }
        }
        let kind = ['K', 'R', 'Q'][letter];
        let p = oracle::Small { rows: n, cols: n, pieces: vec![(kind, n as u32)], fixed: vec![] };
        let shape = Shape { regions: Some((of, 1)), ..Shape::default() };
        let lib = library_problem(&p, &shape).unwrap();
        let got = queens::count(&lib, EngineChoice::Auto, &Settings::default()).unwrap();
        prop_assert_eq!(got, oracle_count(&p, &shape).into());
    }
}

#[test]
fn unique_counts_on_terrain_match_canonical_forms() {
    for (board, spec, holes, torus) in [
        ("5", "5Q", "c3", false),
        ("5", "5Q", "", true),
        ("7", "7Q", "", true),
        ("6", "3N,2B", "a1,f6,a6,f1", false),
    ] {
        let p = problem(board, spec, "");
        let b = *p.board();
        let mut t = Terrain::new(&b).with_torus(torus);
        if !holes.is_empty() {
            t = t
                .with_holes(Terrain::parse_squares(holes, &b, "--holes").unwrap())
                .unwrap();
        }
        let p = p.with_terrain(t).unwrap();
        let by_burnside =
            queens::count_unique(&p, EngineChoice::Auto, &Settings::default()).unwrap();
        let by_forms = queens::symmetry::count_unique_by_enumeration(
            &p,
            EngineChoice::Auto,
            &Settings::default(),
        )
        .unwrap();
        assert_eq!(
            by_burnside,
            by_forms.into(),
            "{board} {spec} holes {holes} torus {torus}"
        );
    }
}

/// Runs `run` on each of the command lines' option sets the verify and export tests
/// share (a board and its options; a 5x5 region file in a temporary folder).
fn with_option_sets(tag: &str, run: impl Fn(&[&str])) {
    let dir = std::env::temp_dir().join(format!("queens-terrain-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let regions = dir.join("r.txt");
    std::fs::write(&regions, "aabbb\naabbb\ncccdd\ncccdd\neeeee\n").unwrap();
    let r = regions.to_str().unwrap();
    for opts in [
        vec!["5", "--torus"],
        vec!["6", "--holes", "a1,c3"],
        vec!["4", "--pieces", "5Q", "--blockers", "b2,c3"],
        vec!["5", "--pieces", "5L", "--piece", "L=RF", "--regions", r],
        vec!["5", "--pieces", "4R", "--blockers", "c3", "--torus"],
    ] {
        run(&opts);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `verify BOARD PLACEMENT` with the options of `opts` but its `--pieces`.
fn verify_with(opts: &[&str], placement: &str) -> std::process::Output {
    let mut v = vec!["verify", opts[0], placement];
    let mut rest = opts[1..].iter();
    while let Some(&o) = rest.next() {
        if o == "--pieces" {
            rest.next();
        } else {
            v.push(o);
        }
    }
    queens(&v)
}

#[test]
fn every_solution_printed_passes_verify_with_the_same_options() {
    with_option_sets("verify", |opts| {
        let o = queens(&[&["all"][..], opts].concat());
        let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
        let count = stdout(&queens(&[&["count"][..], opts].concat()));
        assert_eq!(lines.len().to_string() + "\n", count, "{opts:?}");
        for line in &lines {
            let o = verify_with(opts, line);
            assert_eq!(o.status.code(), Some(0), "{opts:?} {line}: {}", stdout(&o));
        }
    });
    // A placement that breaks a region is explained.
    with_option_sets("verify-region", |opts| {
        if opts.contains(&"--regions") {
            let o = verify_with(opts, "Ka1 Kc3");
            assert_eq!(o.status.code(), Some(1));
            assert_contains(&stdout(&o), "region 'b' holds 0 pieces, not 1");
        }
    });
}

#[test]
fn bad_terrain_is_refused_naming_the_place() {
    let dir = std::env::temp_dir().join(format!("queens-terrain-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Region files, and the arguments that count `k` kings on 3x3 in the regions of one.
    let regions = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let short = regions("short.txt", "aab\naab\n");
    let long = regions("long.txt", "aab\naabb\nccc\n");
    let three = regions("three.txt", "aab\naab\nccc\n");
    fn kings<'a>(k: &'a str, file: &'a str) -> Vec<&'a str> {
        vec!["count", "3", "--pieces", k, "--regions", file]
    }
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["count", "8", "--holes", "i1"], "off the 8x8 board"),
        (vec!["count", "8", "--holes", "a1,a1"], "twice"),
        (vec!["count", "8", "--holes", "zz"], "bad --holes square"),
        (
            vec!["count", "8", "--holes", "a1", "--blockers", "a1"],
            "both a hole and a blocker",
        ),
        (
            vec!["count", "8", "--fixed", "Qa1", "--holes", "a1"],
            "fixed piece Qa1 stands on a hole",
        ),
        (kings("3K", &short), "draws a 2x3 board"),
        (kings("3K", &long), "line 2 has 4 squares"),
        (
            kings("2K", &three),
            "3 regions of 1 piece each need 3 pieces",
        ),
        (
            [kings("3K", &three), vec!["--blockers", "a1,b1,c1"]].concat(),
            "region 'c' is empty",
        ),
        (
            vec!["count", "8", "--torus", "--engine", "nqueens"],
            "plain rectangular boards",
        ),
        (
            vec!["count", "8", "--per-region", "2"],
            "--per-region needs --regions",
        ),
    ];
    for (args, why) in cases {
        let o = queens(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(why), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let _ = Board::square(1);
}

#[test]
fn generated_region_puzzles_have_one_solution() {
    let dir = std::env::temp_dir().join(format!("queens-gen-regions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (n, seed) in [(6, "0"), (8, "5"), (9, "3")] {
        let o = queens(&["gen-regions", &n.to_string(), "--seed", seed]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let file = dir.join(format!("r{n}.txt"));
        std::fs::write(&file, stdout(&o)).unwrap();
        let f = file.to_str().unwrap();
        let spec = format!("{n}L");
        let o = queens(&[
            "count",
            &n.to_string(),
            "--pieces",
            &spec,
            "--piece",
            "L=RF",
            "--regions",
            f,
        ]);
        assert_eq!(stdout(&o), "1\n", "n={n} seed={seed}");
        // The same seed gives the same puzzle.
        let again = queens(&["gen-regions", &n.to_string(), "--seed", seed]);
        assert_eq!(stdout(&again), std::fs::read_to_string(&file).unwrap());
    }
    let o = queens(&["gen-regions", "3"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    for bad in ["0", "63"] {
        let o = queens(&["gen-regions", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn minizinc_and_xcsp3_exports_encode_the_terrain() {
    let have = std::process::Command::new("minizinc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    with_option_sets("export", |args| {
        let count: u64 = stdout(&queens(&[&["count"][..], args].concat()))
            .trim()
            .parse()
            .unwrap();
        let xcsp = stdout(&queens(
            &[&["export"][..], args, &["--to", "xcsp3"][..]].concat(),
        ));
        assert!(xcsp.contains("<instance"), "{args:?}");
        if !have {
            return;
        }
        let model = stdout(&queens(
            &[&["export"][..], args, &["--to", "minizinc"][..]].concat(),
        ));
        let path = std::env::temp_dir().join(format!("queens-terrain-{}.mzn", std::process::id()));
        std::fs::write(&path, model).unwrap();
        let out = std::process::Command::new("minizinc")
            .args(["--solver", "gecode", "--all-solutions"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let solutions: Vec<String> = stdout(&out)
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('=') && !l.starts_with('-'))
            .map(String::from)
            .collect();
        assert_eq!(solutions.len() as u64, count, "{args:?}");
        for s in solutions.iter().take(5) {
            assert_eq!(verify_with(args, s).status.code(), Some(0), "{args:?} {s}");
        }
        std::fs::remove_file(&path).unwrap();
    });
}
