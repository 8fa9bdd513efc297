//! Every engine against the independent brute-force oracle on random small problems,
//! fixed pieces included: each engine that accepts a problem (by its own declaration,
//! see `common::matrix`) counts it, counts it in parts, lists exactly the oracle's
//! solutions, and finds a solution (which `Problem::accepts`) exactly when one exists.

mod common;

use std::cell::RefCell;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::time::Duration;

use common::matrix::{Expected, Key, Matrix, key};
use common::oracle::{self, Small};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};
use queens::{
    Board, Catalog, EngineChoice, Job, Piece, PieceCount, Placement, Problem, Settings, Square,
};

const KINDS: &[char] = &['K', 'N', 'B', 'R', 'Q', 'A'];

fn small_problem() -> impl Strategy<Value = Small> {
    (1i64..=5, 1i64..=5)
        .prop_flat_map(|(rows, cols)| {
            let kinds = proptest::collection::vec((0usize..6, 1u32..=3), 1..=3);
            let fixed = proptest::collection::vec((0usize..6, 0..cols, 0..rows), 0..=2);
            (Just(rows), Just(cols), kinds, fixed)
        })
        .prop_map(|(rows, cols, kinds, fixed)| {
            let mut pieces: Vec<(char, u32)> = Vec::new();
            for (k, n) in kinds {
                let letter = KINDS[k];
                match pieces.iter_mut().find(|p| p.0 == letter) {
                    Some(p) => p.1 += n,
                    None => pieces.push((letter, n)),
                }
            }
            // Keep fixed pieces legal inputs: distinct squares, kinds in the spec, not
            // more than the spec holds. They may attack each other (then: no solution).
            let mut fixed_pieces: Vec<(char, oracle::Sq)> = Vec::new();
            for (k, f, r) in fixed {
                let (letter, allowed) = pieces[k % pieces.len()];
                let used = fixed_pieces.iter().filter(|p| p.0 == letter).count() as u32;
                if used < allowed && fixed_pieces.iter().all(|p| p.1 != (f, r)) {
                    fixed_pieces.push((letter, (f, r)));
                }
            }
            let total: u32 = pieces.iter().map(|p| p.1).sum();
            if total as i64 > rows * cols {
                pieces.truncate(1);
                pieces[0].1 = pieces[0].1.min((rows * cols) as u32);
                fixed_pieces.retain(|p| p.0 == pieces[0].0);
                fixed_pieces.truncate(pieces[0].1 as usize);
            }
            Small {
                rows,
                cols,
                pieces,
                fixed: fixed_pieces,
            }
        })
}

fn to_problem(s: &Small) -> Problem {
    let c = Catalog::standard();
    let board = Board::new(s.rows as u32, s.cols as u32).unwrap();
    let pieces = s
        .pieces
        .iter()
        .map(|&(k, n)| PieceCount {
            kind: c.get(k).unwrap(),
            count: n,
        })
        .collect();
    let fixed = Placement::new(
        s.fixed
            .iter()
            .map(|&(k, (f, r))| Piece {
                kind: c.get(k).unwrap(),
                square: Square::new(f as u32, r as u32),
            })
            .collect(),
    );
    Problem::new(board, pieces, fixed).unwrap()
}

/// The oracle's solution as a [`Key`].
fn oracle_key(s: &[(char, oracle::Sq)]) -> Key {
    let mut k: Key = s
        .iter()
        .map(|&(letter, (f, r))| (letter, f as u32, r as u32))
        .collect();
    k.sort_unstable();
    k
}

fn one_thread() -> Settings<'static> {
    Settings {
        threads: 1,
        ..Settings::default()
    }
}

/// The first solution `engine` lists.
fn first_listed(problem: &Problem, engine: &'static str) -> Option<Placement> {
    let mut first = None;
    queens::enumerate(
        problem,
        EngineChoice::Named(engine),
        &one_thread(),
        &mut |p| {
            first = Some(p.clone());
            ControlFlow::Break(())
        },
    )
    .unwrap();
    first
}

#[test]
fn every_engine_matches_the_oracle() {
    let matrix = RefCell::new(Matrix::new("oracle", Duration::from_secs(10)));
    let mut runner = TestRunner::new(Config {
        cases: 3000,
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel(
            "proptest-regressions",
        ))),
        ..Config::default()
    });
    let result = runner.run(&small_problem(), |s| {
        let problem = to_problem(&s);
        let solutions: HashSet<Key> = oracle::solutions(&s, &oracle::chess_attacks)
            .iter()
            .map(|x| oracle_key(x))
            .collect();
        let want = Expected {
            count: Some(solutions.len().into()),
            unique: None,
            solutions: Some(solutions),
        };
        let name = format!("{s:?}");
        matrix.borrow_mut().run(&name, &problem, &want);
        // An engine's one solution is the first it lists (the engines' order is
        // deterministic).
        let listers = Matrix::accepting(&problem, Job::Enumerate);
        for engine in Matrix::accepting(&problem, Job::Solve) {
            if !listers.contains(&engine) {
                continue;
            }
            let one = queens::solve(&problem, EngineChoice::Named(engine), &one_thread()).unwrap();
            prop_assert_eq!(
                one.as_ref().map(key),
                first_listed(&problem, engine).as_ref().map(key),
                "{}: solve and the first listed, on {:?}",
                engine,
                s
            );
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let m = matrix.into_inner();
    m.finish();
    // The general engines take every problem drawn.
    for job in [Job::Count, Job::Enumerate, Job::Solve] {
        let c = m.get("exact", job);
        assert_eq!(c.checked, c.accepted, "exact {}", job.name());
        assert!(
            c.checked >= 3000,
            "exact {}: {} cases",
            job.name(),
            c.checked
        );
    }
}
