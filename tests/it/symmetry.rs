//! `count --unique`: placements up to the board's symmetries, against the published
//! table (`testdata/known_counts_symmetry.tsv`) and against brute-force orbit counting.

use crate::common;

use std::collections::HashSet;
use std::ops::ControlFlow;

use common::strategy::problem_with_one_fixed;
use common::{TruthRow, queens, stdout, truth_table};
use proptest::prelude::*;
use queens::{EngineChoice, Move, PieceKind, Problem, Settings, count_unique};

/// Rows of the symmetry table left out, with the reason.
const SKIPPED: &[(&str, &str, &str)] = &[(
    "10x10",
    "K25",
    "about 10 s: the diagonal-symmetric search is long (run by hand)",
)];

fn over_budget(row: &TruthRow) -> bool {
    // Queens and amazons past 13 need the total count of a dedicated counter.
    let letter = row.pieces[0].0;
    (matches!(letter, 'Q' | 'A') && row.rows > 13)
        || SKIPPED.iter().any(|(board, spec, _)| row.is(board, spec))
}

#[test]
fn unique_counts_match_the_table() {
    let rows = truth_table("known_counts_symmetry.tsv");
    let mut checked = 0;
    for row in rows.iter().filter(|r| !over_budget(r)) {
        let p = row.problem();
        let n = count_unique(&p, EngineChoice::Auto, &Settings::default()).unwrap();
        assert_eq!(n.to_string(), row.value, "{} ({})", row.name(), row.source);
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} rows checked");
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
        EngineChoice::Named(queens::EngineName::Exact),
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Up to 5x5 with one or two of the kinds of [`kind`], one to three of each.
    #[test]
    fn burnside_matches_brute_force(p in problem_with_one_fixed(1..=5, 1..=5, 7, 1..=3, kind)) {
        let n = count_unique(&p, EngineChoice::Auto, &Settings::default()).unwrap();
        prop_assert_eq!(n, brute_orbits(&p).into(), "{:?}", p);
    }
}
