//! Queens at huge N: the explicit construction, random solutions by local search,
//! completions (local and complete search), the `perm` format and `verify --perm-file`,
//! checked against an independent validity test and the exact engine, and through the
//! real binary. (The brute-force completion oracle runs in `engine::complete`'s own
//! tests, on boards the complete engine leaves to the exact engine.)

use crate::common;

use std::collections::HashSet;

use common::{assert_contains, queens, run_with_stdin, stderr, stdout};
use queens::perm::{EMPTY, Perm};
use queens::{
    Board, EngineChoice, Error, Piece, PieceCount, PieceKind, Placement, Problem, Settings, Square,
};

/// Independent of the library: ranks per file (EMPTY = none) are non-attacking. Files
/// hold one queen each by the form; every rank, diagonal (file + rank) and anti-diagonal
/// (file - rank) must hold at most one too.
fn independent_valid(rows: usize, ranks: &[u32]) -> bool {
    let mut lines = HashSet::new();
    ranks
        .iter()
        .enumerate()
        .filter(|&(_, &r)| r != EMPTY)
        .all(|(f, &r)| {
            assert!((r as usize) < rows, "rank off the board");
            let (f, r) = (f as i64, i64::from(r));
            lines.insert(("rank", r))
                && lines.insert(("diagonal", f + r))
                && lines.insert(("anti-diagonal", f - r))
        })
}

fn full(ranks: &[u32]) -> bool {
    !ranks.contains(&EMPTY)
}

/// `n` queens on `n x n` with the queens of `fixed` (the rank on each file, EMPTY for
/// none; empty for none at all) in place.
fn completion(n: u32, fixed: &[u32]) -> Problem {
    let queens: Vec<Piece> = fixed
        .iter()
        .enumerate()
        .filter(|(_, r)| **r != EMPTY)
        .map(|(f, &r)| Piece {
            kind: PieceKind::queen(),
            square: Square::new(f as u32, r),
        })
        .collect();
    Problem::new(
        Board::square(n).unwrap(),
        vec![PieceCount {
            kind: PieceKind::queen(),
            count: n,
        }],
        Placement::new(queens),
    )
    .unwrap()
}

/// One compact solution of `problem` by the engine `name`.
fn perm_by(
    name: &'static str,
    problem: &Problem,
    settings: &Settings,
) -> Result<Option<Perm>, Error> {
    queens::solve_perm(
        problem,
        EngineChoice::Named(queens::EngineName::parse(name).unwrap()),
        settings,
    )
}

/// A random solution by local search with `seed`, keeping the `fixed` queens.
fn random_solution(n: u32, fixed: &[u32], seed: u64) -> Option<Perm> {
    let settings = Settings {
        seed: Some(seed),
        ..Settings::default()
    };
    perm_by("local", &completion(n, fixed), &settings).unwrap()
}

/// The complete engine's answer, within `steps` search nodes when given.
fn complete(n: u32, fixed: &[u32], steps: Option<u64>) -> Result<Option<Perm>, Error> {
    let settings = Settings {
        step_budget: steps,
        ..Settings::default()
    };
    perm_by("complete", &completion(n, fixed), &settings)
}

fn exact_completable(n: u32, fixed: &[u32]) -> bool {
    queens::solve(
        &completion(n, fixed),
        EngineChoice::Named(queens::EngineName::Exact),
        &Settings::default(),
    )
    .unwrap()
    .is_some()
}

fn keeps_fixed(fixed: &[u32], ranks: &[u32]) -> bool {
    fixed.iter().zip(ranks).all(|(&f, &r)| f == EMPTY || f == r)
}

/// The construct engine's solution of `n` queens.
fn construct(n: u32) -> Option<Perm> {
    perm_by(
        "construct",
        &Problem::queens(n).unwrap(),
        &Settings::default(),
    )
    .unwrap()
}

/// From a side of 12 on, where the construct engine takes the board (the smaller sides
/// are checked in `engine::construct`'s own tests).
#[test]
fn construction_is_valid_for_every_n_up_to_3000() {
    for n in 12..=3000u32 {
        let r = construct(n).unwrap_or_else(|| panic!("no solution claimed for {n}"));
        assert_eq!(r.ranks().len(), n as usize);
        assert!(full(r.ranks()), "n = {n}");
        assert!(independent_valid(n as usize, r.ranks()), "n = {n}");
    }
}

#[test]
fn construction_is_valid_for_large_n_of_every_residue() {
    for n in (200_000u32..200_012).chain([1_000_000, 1_000_001, 3_000_002]) {
        let r = construct(n).unwrap();
        assert!(independent_valid(n as usize, r.ranks()), "n = {n}");
    }
}

#[test]
fn random_solutions_are_valid_and_reproducible() {
    for n in [1u32, 4, 5, 6, 7, 8, 11, 16, 33, 100, 1000, 5000] {
        for seed in 0..25u64 {
            let a = random_solution(n, &[], seed).unwrap();
            assert!(full(a.ranks()) && independent_valid(n as usize, a.ranks()));
            if seed < 3 {
                let b = random_solution(n, &[], seed).unwrap();
                assert_eq!(a, b, "same seed, same answer ({n}, {seed})");
            }
        }
    }
    let a = random_solution(300_000, &[], 1).unwrap();
    assert!(independent_valid(300_000, a.ranks()));
    let b = random_solution(300_000, &[], 2).unwrap();
    assert_ne!(a, b, "different seeds give different solutions");
    for n in [2, 3] {
        assert!(random_solution(n, &[], 0).is_none());
    }
}

#[test]
fn local_completions_keep_every_fixed_queen() {
    let n = 100_000u32;
    let base = random_solution(n, &[], 11).unwrap();
    // Every 100th queen of another solution stays: 1% fixed, consistent.
    let fixed: Vec<u32> = base
        .ranks()
        .iter()
        .enumerate()
        .map(|(f, &r)| if f % 100 == 37 { r } else { EMPTY })
        .collect();
    for seed in 0..3 {
        let p = random_solution(n, &fixed, seed).unwrap();
        assert!(full(p.ranks()) && independent_valid(n as usize, p.ranks()));
        assert!(keeps_fixed(&fixed, p.ranks()));
    }
}

#[test]
fn complete_search_agrees_with_exact_at_n_30() {
    let (mut yes, mut no) = (0, 0);
    for seed in 0..16u64 {
        let fixed = queens::gent::instance(30, seed);
        let exact = exact_completable(30, &fixed);
        match complete(30, &fixed, None).unwrap() {
            Some(p) => {
                assert!(exact, "seed {seed}");
                assert!(full(p.ranks()) && independent_valid(30, p.ranks()));
                assert!(keeps_fixed(&fixed, p.ranks()));
                yes += 1;
            }
            None => {
                assert!(!exact, "seed {seed}: the exact engine found a completion");
                no += 1;
            }
        }
    }
    assert!(
        yes > 0 && no > 0,
        "both kinds of instance occur ({yes} / {no})"
    );
}

#[test]
fn mid_size_instances_are_decided_and_completions_are_valid() {
    for n in [100u32, 200, 400] {
        for seed in 0..4u64 {
            let fixed = queens::gent::instance(n, seed);
            if let Some(p) = complete(n, &fixed, Some(5_000_000)).unwrap() {
                assert!(full(p.ranks()) && independent_valid(n as usize, p.ranks()));
                assert!(keeps_fixed(&fixed, p.ranks()));
            }
        }
    }
}

#[test]
fn mid_size_completions_with_few_fixed_queens_are_found() {
    for n in [12u32, 50, 300, 1000] {
        let mut fixed = vec![EMPTY; n as usize];
        fixed[0] = 0;
        fixed[2] = 1;
        let p = complete(n, &fixed, Some(1_000_000)).unwrap().unwrap();
        assert!(full(p.ranks()) && independent_valid(n as usize, p.ranks()));
        assert!(keeps_fixed(&fixed, p.ranks()));
    }
}

fn temp(name: &str, text: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-hugen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn cli_wide_boards_default_to_perm_and_verify_reads_it_back() {
    let o = queens(&["solve", "200000"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 1);
    let nums: Vec<u32> = text.split(' ').map(|t| t.trim().parse().unwrap()).collect();
    assert_eq!(nums.len(), 200_000);
    let ranks: Vec<u32> = nums.iter().map(|x| x - 1).collect();
    assert!(independent_valid(200_000, &ranks));

    let v = run_with_stdin(&["verify", "200000", "--perm-file", "-"], text.as_bytes());
    assert_eq!(v.status.code(), Some(0), "{}", stderr(&v));
    assert_eq!(
        stdout(&v),
        "valid: 200000 pieces on 200000x200000, no attacks\n"
    );
    let path = temp("sol.txt", text.as_bytes());
    let v = queens(&["verify", "--perm-file", path.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(0));

    // Swap two numbers: the ranks stay a permutation, diagonals clash.
    let mut bad = nums.clone();
    bad.swap(0, 1);
    let bad_text: Vec<String> = bad.iter().map(u32::to_string).collect();
    let v = run_with_stdin(
        &["verify", "200000", "--perm-file", "-"],
        bad_text.join(" ").as_bytes(),
    );
    assert_eq!(v.status.code(), Some(1));
    assert!(stdout(&v).starts_with("invalid: "), "{}", stdout(&v));

    assert!(stdout(&queens(&["solve", "--help"])).contains("wider than 64"));
}

#[test]
fn cli_verify_perm_file_errors_and_small_cases() {
    let v = run_with_stdin(&["verify", "--perm-file", "-"], b"2 4 1 3\n");
    assert_eq!(v.status.code(), Some(0));
    let v = run_with_stdin(&["verify", "--perm-file", "-"], b"1 2 3 4\n");
    assert_eq!(v.status.code(), Some(1));
    assert!(stdout(&v).contains("Qa1 and Qb2 attack each other along the diagonal"));
    let v = run_with_stdin(&["verify", "--perm-file", "-"], b"1 2 x\n");
    assert_eq!(v.status.code(), Some(2));
    assert_contains(&stderr(&v), "'x'");
    // Fewer numbers than files: a queen is missing (invalid), unless --partial, where
    // the short list is a length error as before.
    let v = run_with_stdin(&["verify", "5", "--perm-file", "-"], b"1 3 5 2\n");
    assert_eq!(v.status.code(), Some(1));
    assert_contains(&stdout(&v), "1 queen is missing");
    let v = run_with_stdin(
        &["verify", "5", "--perm-file", "-", "--partial"],
        b"1 3 5 2\n",
    );
    assert_eq!(v.status.code(), Some(2));
    let v = run_with_stdin(&["verify", "4", "--perm-file", "-"], b"1 3 9 2\n");
    assert_eq!(v.status.code(), Some(2));
    let o = queens(&["verify", "--perm-file", "/nonexistent/file"]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "/nonexistent/file");
    // The old form still works.
    assert_eq!(
        queens(&["verify", "8", "[1,5,8,6,3,7,2,4]"]).status.code(),
        Some(0)
    );
}

#[test]
fn cli_random_is_reproducible_and_valid() {
    let a = queens(&["solve", "5000", "--random", "--seed", "42"]);
    let b = queens(&["solve", "5000", "--random", "--seed", "42"]);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(stdout(&a), stdout(&b));
    let v = run_with_stdin(&["verify", "5000", "--perm-file", "-"], &a.stdout);
    assert_eq!(v.status.code(), Some(0));
    let o = queens(&[
        "solve", "8", "--random", "--seed", "1", "--format", "coords",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        queens(&["verify", "8", stdout(&o).trim()]).status.code(),
        Some(0)
    );
    assert_eq!(queens(&["solve", "3", "--random"]).status.code(), Some(1));
    assert_eq!(queens(&["solve", "2"]).status.code(), Some(1));
    let o = queens(&["solve", "5x7", "--random"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn cli_completion_decides_and_budgets_say_so() {
    // Impossible 4x4 completion: the complete/exact engines prove it (exit 1); local
    // search cannot and says no answer came within its budget (exit 3).
    let o = queens(&["solve", "4", "--fixed", "Qa1"]);
    assert_eq!(o.status.code(), Some(1));
    let o = queens(&[
        "solve",
        "4",
        "--fixed",
        "Qa1",
        "--random",
        "--seed",
        "1",
        "--budget-steps",
        "1000",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert_contains(&stderr(&o), "no answer within the budget of 1000 steps");

    // A mid-size instance through the hidden generator and --fixed-file.
    let inst = stdout(&queens(&["gen-completion", "100", "--seed", "2"]));
    let path = temp("inst.txt", inst.as_bytes());
    let o = queens(&[
        "solve",
        "100",
        "--fixed-file",
        path.to_str().unwrap(),
        "--format",
        "perm",
    ]);
    let code = o.status.code().unwrap();
    let fixed: Vec<u32> = inst
        .split_whitespace()
        .map(|t| t.parse::<u32>().unwrap())
        .map(|x| if x == 0 { EMPTY } else { x - 1 })
        .collect();
    let expect = complete(100, &fixed, None).unwrap().is_some();
    assert_eq!(code, if expect { 0 } else { 1 });
    if expect {
        let ranks: Vec<u32> = stdout(&o)
            .split_whitespace()
            .map(|t| t.parse::<u32>().unwrap() - 1)
            .collect();
        assert!(independent_valid(100, &ranks) && keeps_fixed(&fixed, &ranks));
    }
    // An impossible instance (proved by the complete search) with a budget of one
    // node: "no answer", exit 3, not "no solution".
    let inst = stdout(&queens(&["gen-completion", "100", "--seed", "1"]));
    let fixed: Vec<u32> = inst
        .split_whitespace()
        .map(|t| t.parse::<u32>().unwrap())
        .map(|x| if x == 0 { EMPTY } else { x - 1 })
        .collect();
    assert_eq!(complete(100, &fixed, None), Ok(None));
    let path = temp("impossible.txt", inst.as_bytes());
    let p = path.to_str().unwrap();
    assert_eq!(
        queens(&["solve", "100", "--fixed-file", p]).status.code(),
        Some(1)
    );
    // A budget of 0 steps runs out before the search's first node (1 step is enough
    // to prove this instance: its root already has a file with no square left).
    let o = queens(&["solve", "100", "--fixed-file", p, "--budget-steps", "0"]);
    assert_eq!(o.status.code(), Some(3));

    // Fixed queens that attack each other: no solution, named.
    let o = queens(&["solve", "1000", "--fixed", "Qa1,Qc3"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("Qa1 and Qc3"));
}

#[test]
fn cli_perm_format_for_all_and_small_boards() {
    let o = queens(&["all", "6", "--format", "perm"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], "4 1 5 2 6 3");
    let o = queens(&["solve", "8", "--format", "perm"]);
    assert_eq!(stdout(&o), "1 7 5 8 2 4 6 3\n");
    let coords = stdout(&queens(&["solve", "8", "--format", "coords"]));
    assert_eq!(coords, "Qa1 Qb7 Qc5 Qd8 Qe2 Qf4 Qg6 Qh3\n");
    let o = queens(&["solve", "3x70"]);
    assert_eq!(o.status.code(), Some(0));
    let nums: Vec<u32> = stdout(&o)
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(nums.len(), 70);
    assert_eq!(nums.iter().filter(|&&x| x != 0).count(), 3);
    let o = queens(&["solve", "6", "--pieces", "2N", "--format", "perm"]);
    assert_eq!(o.status.code(), Some(2));
}
