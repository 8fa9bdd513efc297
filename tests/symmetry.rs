//! `count --unique`: placements up to the board's symmetries, against the published
//! table (`testdata/known_counts_symmetry.tsv`) and against brute-force orbit counting,
//! by every engine that counts up to symmetry (see `common::matrix`), each run within
//! a time budget.

mod common;

use std::cell::RefCell;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::time::Duration;

use common::matrix::{Expected, Matrix, Split};
use common::{problem, queens, stdout, truth_table};
use num_bigint::BigUint;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};
use queens::{
    Board, EngineChoice, Job, Move, Piece, PieceCount, PieceKind, Placement, Problem, Settings,
    Square,
};

/// The jobs that count up to symmetry.
const UNIQUE_JOBS: [Job; 2] = [Job::CountUnique, Job::CountParts];

/// The table in two halves, run side by side as two tests; the last to finish checks
/// the whole.
static TABLE: Split = Split::new(2);

fn table_half(half: usize) {
    let rows = truth_table("known_counts_symmetry.tsv");
    let title = format!("count up to symmetry, rows {half} mod 2");
    let mut m = Matrix::new(&title, Duration::from_millis(500));
    for (_, row) in rows.iter().enumerate().filter(|(i, _)| i % 2 == half) {
        let p = problem(&format!("{}x{}", row.rows, row.cols), &row.spec(), "");
        let want = Expected {
            unique: Some(BigUint::parse_bytes(row.value.as_bytes(), 10).unwrap()),
            ..Expected::default()
        };
        m.row(
            &format!("{} ({})", row.name(), row.source),
            &p,
            &UNIQUE_JOBS,
            &want,
        );
    }
    let Some(all) = TABLE.add(m, "count up to symmetry") else {
        return;
    };
    all.finish();
    let checked = all.rows - all.unchecked.len();
    assert!(checked >= 30, "only {checked} rows checked");
}

#[test]
fn unique_counts_match_the_table_even_rows() {
    table_half(0);
}

#[test]
fn unique_counts_match_the_table_odd_rows() {
    table_half(1);
}

#[test]
fn cli_unique() {
    let o = queens(&["count", "8", "--unique"]);
    assert_eq!((o.status.code(), stdout(&o).trim()), (Some(0), "12"));
    let o = queens(&["count", "6", "--pieces", "9K", "--unique"]);
    assert_eq!(stdout(&o).trim(), "459");
    // A fixed queen on a corner keeps only the diagonal reflection and the identity.
    let o = queens(&["count", "8", "--fixed", "Qa1", "--unique"]);
    assert_eq!(stdout(&o).trim(), "2");
}

// ---- brute force: enumerate, turn every solution by hand, count distinct classes ----

/// A fairy kind that only moves forward: only the file mirror keeps it.
fn pawnlike() -> PieceKind {
    PieceKind::new(
        'P',
        "pawnlike",
        "fF",
        vec![Move::leap(1, 1), Move::leap(-1, 1)],
    )
    .unwrap()
}

fn kind(i: usize) -> PieceKind {
    match i {
        0 => PieceKind::king(),
        1 => PieceKind::knight(),
        2 => PieceKind::bishop(),
        3 => PieceKind::rook(),
        4 => PieceKind::queen(),
        5 => PieceKind::amazon(),
        _ => pawnlike(),
    }
}

/// The eight maps written out independently of the library: (file, rank) on R x C.
fn turn(t: usize, rows: u32, cols: u32, f: u32, r: u32) -> (u32, u32) {
    let (fc, rc) = (cols - 1, rows - 1);
    match t {
        0 => (f, r),
        1 => (fc - f, r),
        2 => (f, rc - r),
        3 => (fc - f, rc - r),
        4 => (r, f),
        5 => (fc - r, rc - f),
        6 => (fc - r, f),
        _ => (r, rc - f),
    }
}

fn brute_orbits(p: &Problem) -> usize {
    let (rows, cols) = (p.board().rows(), p.board().cols());
    let forward_only = p.pieces().iter().any(|x| x.kind.letter() == 'P');
    let maps: Vec<usize> = (0..8)
        .filter(|&t| rows == cols || t < 4)
        .filter(|&t| !forward_only || t <= 1)
        .collect();
    let fixed: Vec<(char, u32, u32)> = p
        .fixed()
        .pieces()
        .iter()
        .map(|x| (x.kind.letter(), x.square.file, x.square.rank))
        .collect();
    let image = |t: usize, v: &[(char, u32, u32)]| -> Vec<(char, u32, u32)> {
        let mut w: Vec<(char, u32, u32)> = v
            .iter()
            .map(|&(k, f, r)| {
                let (a, b) = turn(t, rows, cols, f, r);
                (k, a, b)
            })
            .collect();
        w.sort();
        w
    };
    let mut sorted_fixed = fixed.clone();
    sorted_fixed.sort();
    let maps: Vec<usize> = maps
        .into_iter()
        .filter(|&t| image(t, &fixed) == sorted_fixed)
        .collect();
    let mut classes = HashSet::new();
    queens::enumerate(
        p,
        EngineChoice::Named("exact"),
        &Settings::default(),
        &mut |s| {
            let v: Vec<(char, u32, u32)> = s
                .pieces()
                .iter()
                .map(|x| (x.kind.letter(), x.square.file, x.square.rank))
                .collect();
            let least = maps.iter().map(|&t| image(t, &v)).min().unwrap();
            classes.insert(least);
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    classes.len()
}

fn small() -> impl Strategy<Value = Problem> {
    (1u32..=5, 1u32..=5)
        .prop_flat_map(|(rows, cols)| {
            (
                Just(rows),
                Just(cols),
                proptest::collection::btree_map(0usize..7, 1u32..=3, 1..=2),
                proptest::option::of((0u32..cols, 0u32..rows)),
            )
        })
        .prop_filter_map("fits", |(rows, cols, kinds, fixed)| {
            let pieces: Vec<PieceCount> = kinds
                .into_iter()
                .map(|(k, n)| PieceCount {
                    kind: kind(k),
                    count: n,
                })
                .collect();
            let fixed = match fixed {
                Some((f, r)) => Placement::new(vec![Piece {
                    kind: pieces[0].kind.clone(),
                    square: Square::new(f, r),
                }]),
                None => Placement::default(),
            };
            Problem::new(Board::new(rows, cols).unwrap(), pieces, fixed).ok()
        })
}

/// A problem in a few words: board, pieces, fixed pieces.
fn describe(p: &Problem) -> String {
    format!(
        "{} {} fixed [{}]",
        p.board(),
        queens::format_spec(p.pieces()),
        p.fixed()
    )
}

/// Random small problems, fairy kinds and a fixed piece included: every engine that
/// counts up to symmetry against the orbits counted by hand, and `auto`.
#[test]
fn burnside_matches_brute_force() {
    let matrix = RefCell::new(Matrix::new("brute-force orbits", Duration::from_secs(10)));
    let mut runner = TestRunner::new(Config {
        cases: 300,
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel(
            "proptest-regressions",
        ))),
        ..Config::default()
    });
    let result = runner.run(&small(), |p| {
        let orbits = brute_orbits(&p);
        let auto = queens::count_unique(&p, EngineChoice::Auto, &Settings::default()).unwrap();
        prop_assert_eq!(auto, orbits.into(), "{:?}", p);
        let want = Expected {
            unique: Some(orbits.into()),
            ..Expected::default()
        };
        matrix
            .borrow_mut()
            .row(&describe(&p), &p, &UNIQUE_JOBS, &want);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let m = matrix.into_inner();
    m.finish();
    let c = m.get("exact", Job::CountUnique);
    assert!(c.checked >= 300, "exact: only {} cases", c.checked);
}
