//! `queens puzzle` and the library's region puzzles: solution counts of a corpus
//! against an independent brute-force counter and the general engine, every hint and
//! explanation step against the unique solution, the rules' soundness against the
//! exhaustive solver on random positions, generated puzzles, and bad files.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::{assert_contains, queens, stderr, stdout};
use queens::Settings;
use queens::puzzle::explain::{End, explain};
use queens::puzzle::generate::{Request, generate};
use queens::puzzle::rate::rate;
use queens::puzzle::rules::{Deducer, Level};
use queens::puzzle::{Mark, Puzzle, State};

/// The corpus: (path, stars per unit, puzzle).
fn corpus() -> Vec<(PathBuf, u32, Puzzle)> {
    crate::rendered::corpus_files()
}

/// The brute-force counter: rank by rank, every set of K files of the rank, checked
/// only for "no two touching", "at most K per file" and "at most K per region"; a
/// placement counts when every file and region has exactly K. Nothing clever, so that
/// it is obviously right (and independent of the solver's propagation).
fn brute_count(p: &Puzzle) -> u64 {
    let n = p.side();
    let k = p.stars();
    let mut subsets: Vec<u64> = Vec::new();
    for m in 0u64..(1u64 << n) {
        if m.count_ones() as usize == k && m & (m << 1) == 0 {
            subsets.push(m);
        }
    }
    fn go(
        p: &Puzzle,
        subsets: &[u64],
        rank: usize,
        prev: u64,
        cols: &mut Vec<usize>,
        regs: &mut Vec<usize>,
    ) -> u64 {
        let (n, k) = (p.side(), p.stars());
        if rank == n {
            return (cols.iter().all(|&c| c == k) && regs.iter().all(|&r| r == k)) as u64;
        }
        let mut total = 0;
        for &m in subsets {
            if m & (prev | prev << 1 | prev >> 1) != 0 {
                continue;
            }
            let files: Vec<usize> = (0..n).filter(|&f| m >> f & 1 == 1).collect();
            let ok = files.iter().all(|&f| cols[f] < k)
                && files.iter().all(|&f| {
                    let g = p.region(rank * n + f);
                    regs[g]
                        + files
                            .iter()
                            .filter(|&&h| p.region(rank * n + h) == g)
                            .count()
                        <= k
                });
            if !ok {
                continue;
            }
            for &f in &files {
                cols[f] += 1;
                regs[p.region(rank * n + f)] += 1;
            }
            total += go(p, subsets, rank + 1, m, cols, regs);
            for &f in &files {
                cols[f] -= 1;
                regs[p.region(rank * n + f)] -= 1;
            }
        }
        total
    }
    go(p, &subsets, 0, 0, &mut vec![0; n], &mut vec![0; n])
}

fn fast_count(p: &Puzzle, s: &State) -> u128 {
    p.solutions(s, u128::MAX, 0, &Settings::default())
        .unwrap()
        .count
}

fn unique_solution(p: &Puzzle) -> Option<Vec<usize>> {
    let f = p
        .solutions(&State::new(p), 2, 1, &Settings::default())
        .unwrap();
    (f.count == 1).then(|| f.solutions[0].clone())
}

#[test]
fn corpus_counts_agree_with_brute_force_and_the_cli() {
    let corpus = corpus();
    assert!(corpus.len() >= 35);
    let sizes: BTreeSet<usize> = corpus.iter().map(|(_, _, p)| p.side()).collect();
    assert!((4..=25).all(|n| sizes.contains(&n)), "{sizes:?}");
    let mut seen_counts = BTreeSet::new();
    for (f, k, p) in &corpus {
        let brute = brute_count(p) as u128;
        assert_eq!(fast_count(p, &State::new(p)), brute, "{}", f.display());
        seen_counts.insert(brute);
        let o = queens(&[
            "puzzle",
            "count",
            "--stars",
            &k.to_string(),
            f.to_str().unwrap(),
        ]);
        assert_eq!(stdout(&o), format!("{brute}\n"), "{}", f.display());
        assert_eq!(o.status.code(), Some(if brute == 0 { 1 } else { 0 }));
    }
    // Unique, several and none are all in the corpus.
    assert!(seen_counts.contains(&0) && seen_counts.contains(&1) && seen_counts.contains(&90));
}

#[test]
fn corpus_counts_agree_with_the_general_engine() {
    // K = 1 is n pieces of a rook plus a ferz, one per region.
    for (f, k, p) in corpus() {
        if k != 1 || p.side() > 10 {
            continue;
        }
        let n = p.side().to_string();
        let spec = format!("{n}L");
        let o = queens(&[
            "count",
            &n,
            "--pieces",
            &spec,
            "--piece",
            "L=RF",
            "--regions",
            f.to_str().unwrap(),
        ]);
        assert_eq!(
            stdout(&o),
            format!("{}\n", fast_count(&p, &State::new(&p))),
            "{}: {}",
            f.display(),
            stderr(&o)
        );
    }
}

/// Checks that `steps` never place a star the solution lacks nor cross one it has.
fn agrees(p: &Puzzle, sol: &[usize], step: &queens::puzzle::rules::Step, what: &str) {
    for sq in &step.place {
        assert!(sol.contains(&p.index(*sq).unwrap()), "{what}: {step:?}");
    }
    for sq in &step.cross {
        assert!(!sol.contains(&p.index(*sq).unwrap()), "{what}: {step:?}");
    }
}

#[test]
fn explanations_and_hints_agree_with_the_unique_solution() {
    let mut next = common::random_words(0x9e3779b97f4a7c15);
    for (f, _, p) in corpus() {
        let Some(sol) = unique_solution(&p) else {
            continue;
        };
        let e = explain(&p, &State::new(&p), Level::Expert);
        for s in &e.steps {
            agrees(&p, &sol, s, &f.display().to_string());
        }
        if e.end == End::Solved {
            assert_eq!(e.state.stars(), sol, "{}", f.display());
        }
        // Hints from random positions on the way to the solution.
        let d = Deducer::new(&p);
        let n = p.side();
        for _ in 0..20 {
            let mut s = State::new(&p);
            for i in 0..n * n {
                let r = next() % 8;
                if sol.contains(&i) && r == 0 {
                    s.marks[i] = Mark::Star;
                } else if !sol.contains(&i) && r < 3 {
                    s.marks[i] = Mark::Cross;
                }
            }
            if let Some(step) = d.next_step(&s, Level::Expert) {
                agrees(&p, &sol, &step, &f.display().to_string());
            }
        }
    }
}

#[test]
fn every_rule_is_sound_on_random_positions() {
    // Small puzzles of random regions (not necessarily unique), positions made from
    // one of their solutions; every step must hold in every solution of the position.
    let mut fired = BTreeSet::new();
    let mut next = common::random_words(12345);
    for round in 0..400u64 {
        let (n, k) = if round % 4 == 3 {
            (8, 2)
        } else {
            (5 + (round % 4) as usize, 1)
        };
        // Random regions: grown from a generated puzzle's solution when unique
        // puzzles are wanted, else a random split by growing from random seeds.
        let p = if round % 2 == 0 {
            generate(
                &Request {
                    n,
                    stars: k as u32,
                    difficulty: None,
                    seed: round,
                    style: Default::default(),
                },
                &Settings::default(),
            )
            .unwrap()
            .unwrap()
            .puzzle
        } else {
            let of = common::random_regions(n, &mut next);
            match Puzzle::from_regions(n, k as u32, of) {
                Ok(p) => p,
                Err(_) => continue,
            }
        };
        let all = p
            .solutions(&State::new(&p), 5000, 5000, &Settings::default())
            .unwrap();
        if all.count == 0 || all.count >= 5000 {
            continue;
        }
        let d = Deducer::new(&p);
        for _ in 0..10 {
            let z = &all.solutions[(next() % all.solutions.len() as u64) as usize];
            let mut s = State::new(&p);
            for i in 0..n * n {
                let r = next() % 10;
                if z.contains(&i) && r < 3 {
                    s.marks[i] = Mark::Star;
                } else if !z.contains(&i) && r < 4 {
                    s.marks[i] = Mark::Cross;
                }
            }
            // The solutions of this position.
            let of_s: Vec<&Vec<usize>> = all
                .solutions
                .iter()
                .filter(|sol| {
                    (0..n * n).all(|i| match s.marks[i] {
                        Mark::Star => sol.contains(&i),
                        Mark::Cross => !sol.contains(&i),
                        Mark::Free => true,
                    })
                })
                .collect();
            assert!(!of_s.is_empty());
            for level in Level::ALL {
                // Follow the chain at this level a few steps: later steps see
                // positions the rules made.
                let mut t = s.clone();
                for _ in 0..6 {
                    let Some(step) = d.next_step(&t, level) else {
                        break;
                    };
                    assert!(step.level <= level);
                    fired.insert(step.rule);
                    for sol in &of_s {
                        agrees(&p, sol, &step, &format!("round {round}"));
                    }
                    step.apply(&p, &mut t);
                }
            }
        }
    }
    for rule in [
        "exclusion",
        "last-square",
        "region-in-line",
        "line-in-region",
        "would-empty",
        "regions-in-lines",
        "lines-in-regions",
        "trial",
    ] {
        assert!(fired.contains(rule), "rule {rule} never fired: {fired:?}");
    }
}

#[test]
fn generated_puzzles_are_unique_and_rate_as_requested() {
    for (n, k) in [(6, 1), (8, 1), (9, 1), (12, 1), (10, 2)] {
        let mut made = 0;
        for level in Level::ALL {
            let settings = Settings {
                time_budget: Some(std::time::Duration::from_secs(3)),
                ..Settings::default()
            };
            let r = Request {
                n,
                stars: k,
                difficulty: Some(level),
                seed: 7,
                style: Default::default(),
            };
            let Ok(Some(m)) = generate(&r, &settings) else {
                continue;
            };
            made += 1;
            assert_eq!(unique_solution(&m.puzzle), Some(m.solution.clone()));
            assert_eq!(rate(&m.puzzle).grade, level, "n={n} k={k} {level:?}");
            assert_eq!(m.grade, level);
        }
        assert!(made >= 2, "n={n} k={k}: {made} grades made in time");
        if k == 2 {
            // Medium, hard and expert: every grade a Star Battle can have.
            assert_eq!(made, 3, "n={n} k={k}");
        }
    }
    // The CLI's gen: one solution, by the CLI's own check.
    let o = queens(&["puzzle", "gen", "11", "--seed", "4"]);
    assert_eq!(o.status.code(), Some(0));
    let f = std::env::temp_dir().join(format!("queens-puzzle-gen-{}.txt", std::process::id()));
    std::fs::write(&f, stdout(&o)).unwrap();
    let c = queens(&["puzzle", "check", f.to_str().unwrap()]);
    assert_eq!(
        (stdout(&c).as_str(), c.status.code()),
        ("unique\n", Some(0))
    );
    std::fs::remove_file(&f).unwrap();
    // No puzzle where the stars cannot stand apart; a budget that runs out is exit 3.
    assert_eq!(queens(&["puzzle", "gen", "3"]).status.code(), Some(1));
    let o = queens(&[
        "puzzle",
        "gen",
        "26",
        "--difficulty",
        "expert",
        "--budget-secs",
        "0.05",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
}

fn file(name: &str) -> String {
    format!("{}/testdata/puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn check_solve_and_hint_speak_as_the_issue_says() {
    let uniq = file("k1-n09-hard.txt");
    let several = file("k1-n04-quadrants.txt");
    let none = file("k1-n05-none.txt");
    for (f, word, code) in [
        (&uniq, "unique", 0),
        (&several, "not unique", 1),
        (&none, "none", 1),
    ] {
        let o = queens(&["puzzle", "check", f]);
        assert_eq!(
            (stdout(&o), o.status.code()),
            (format!("{word}\n"), Some(code))
        );
    }
    let o = queens(&["puzzle", "check", &several, "--show"]);
    assert_eq!(stdout(&o).matches('[').count(), 8);
    let o = queens(&["puzzle", "solve", &several]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("not unique"));
    let o = queens(&["puzzle", "solve", &none]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no solution"));
    let o = queens(&["puzzle", "solve", &uniq, "--format", "coords"]);
    let p = Puzzle::parse(&std::fs::read_to_string(&uniq).unwrap(), 1).unwrap();
    let sol = unique_solution(&p).unwrap();
    let listed: BTreeSet<usize> = stdout(&o)
        .split_whitespace()
        .map(|s| p.index(s.parse().unwrap()).unwrap())
        .collect();
    assert_eq!(listed, sol.iter().copied().collect());
    // Hint JSON has the issue's keys; a hint agrees with the solution.
    let o = queens(&["puzzle", "hint", &uniq, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    for key in ["rule", "place", "cross", "why"] {
        assert!(v.get(key).is_some(), "{v}");
    }
    // A position that breaks the rules is named as such.
    let o = queens(&["puzzle", "hint", &uniq, "--placed", "a1,b2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).starts_with("contradiction: the queens on a1 and b2 touch"),
        "{}",
        stdout(&o)
    );
    // A position with no solution left names the wrong star.
    let wrong = (0..81).find(|i| !sol.contains(i)).unwrap();
    let o = queens(&[
        "puzzle",
        "hint",
        &uniq,
        "--placed",
        &p.square(wrong).to_string(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("contradiction"), "{}", stdout(&o));
    // Explain ends in the solved board; JSON is one object a line.
    let o = queens(&["puzzle", "explain", &uniq]);
    assert_eq!(o.status.code(), Some(0));
    assert_contains(&stdout(&o), "solved in ");
    let o = queens(&["puzzle", "explain", &uniq, "--format", "json"]);
    for line in stdout(&o).lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
    // Rate: the first word is the grade.
    let o = queens(&["puzzle", "rate", &uniq]);
    assert!(stdout(&o).starts_with("hard:"), "{}", stdout(&o));
    let o = queens(&["puzzle", "rate", &several]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn bad_puzzle_files_get_one_sentence_each() {
    let dir = std::env::temp_dir().join(format!("queens-bad-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [(&str, &[u8], &str, &str); 5] = [
        ("ragged", b"aabb\naab\nccdd\nccdd\n", "1", "ragged"),
        ("count", b"aabb\naabb\naabb\naabb\n", "1", "names 2 regions"),
        (
            "stars",
            b"aabb\naabb\nccdd\nccdd\n",
            "2",
            "cannot stand apart",
        ),
        ("empty", b"", "1", "empty"),
        ("binary", b"\x7fELF\x02\x01\x01\x00\x00\x00", "1", "binary"),
    ];
    for (name, bytes, k, want) in cases {
        let f = dir.join(name);
        std::fs::write(&f, bytes).unwrap();
        for job in ["solve", "count", "check", "hint", "explain", "rate"] {
            let o = queens(&["puzzle", job, "--stars", k, f.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(2), "{name} {job}");
            let e = stderr(&o);
            assert!(e.contains(want), "{name} {job}: {e}");
            assert_eq!(e.trim_end().lines().count(), 1, "{name} {job}: {e}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The region sizes of `p`.
fn region_sizes(p: &Puzzle) -> Vec<usize> {
    let n = p.side();
    let mut size = vec![0; n];
    for i in 0..n * n {
        size[p.region(i)] += 1;
    }
    size
}

#[test]
fn generated_regions_are_balanced() {
    // Before the evening out, a 20x20 had regions of 1 to 256 squares (bench/puzzle.md).
    for (n, k, seeds) in [
        (8, 1, 4),
        (9, 1, 4),
        (11, 1, 4),
        (14, 1, 3),
        (16, 1, 3),
        (20, 1, 2),
        (10, 2, 4),
    ] {
        for seed in 0..seeds {
            let r = Request {
                n,
                stars: k,
                difficulty: None,
                seed,
                style: Default::default(),
            };
            let m = generate(&r, &Settings::default()).unwrap().unwrap();
            let size = region_sizes(&m.puzzle);
            let (lo, hi) = (*size.iter().min().unwrap(), *size.iter().max().unwrap());
            assert!(hi <= 4 * n, "n={n} k={k} seed={seed}: {size:?}");
            assert!(lo >= 2, "n={n} k={k} seed={seed}: {size:?}");
            assert_eq!(unique_solution(&m.puzzle), Some(m.solution.clone()));
        }
    }
}

#[test]
fn easy_star_battles_are_refused_with_the_reason() {
    // The reason, checked: on the empty board of any K = 2 puzzle no easy rule applies.
    for (f, k, p) in corpus() {
        if k == 2 {
            let step = Deducer::new(&p).next_step(&State::new(&p), Level::Easy);
            assert_eq!(step, None, "{}", f.display());
        }
    }
    let o = queens(&[
        "puzzle",
        "gen",
        "10",
        "--stars",
        "2",
        "--difficulty",
        "easy",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("is easy") && e.contains("medium"), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
}

#[test]
fn solve_format_svg_draws_the_solution_on_the_regions() {
    let f = file("k1-n09-hard.txt");
    let coords = queens(&["puzzle", "solve", &f, "--format", "coords"]);
    assert_eq!(coords.status.code(), Some(0));
    let o = queens(&["puzzle", "solve", &f, "--format", "svg"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = stdout(&o);
    let p = Puzzle::parse(&std::fs::read_to_string(&f).unwrap(), 1).unwrap();
    assert_eq!(
        svg,
        queens::render::puzzle::puzzle_svg(
            &p,
            Some(&{
                let mut s = State::new(&p);
                for sq in stdout(&coords).split_whitespace() {
                    s.marks[p.index(sq.parse().unwrap()).unwrap()] = Mark::Star;
                }
                s
            }),
            queens::render::puzzle::Theme::Pastel
        )
    );
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<title>star ").count(), 9);
    for c in queens::render::puzzle::region_colours(&p) {
        assert!(svg.contains(&queens::render::puzzle::hex(c)));
    }
    // The default text is the board, unchanged.
    let o = queens(&["puzzle", "solve", &f]);
    assert_eq!(stdout(&o), p.diagram(&unique_solution(&p).unwrap()));
}
