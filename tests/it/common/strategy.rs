//! Proptest strategies shared by the test modules: random small problems, drawn once
//! here so that the oracle, the engine matrix and the SAT tests draw the same kind of
//! problem, and the counting and symmetry tests the same shape of one.

use std::ops::RangeInclusive;

use proptest::prelude::*;
use queens::{Board, Piece, PieceCount, PieceKind, Placement, Problem, Square};

use super::oracle::{Small, Sq};

/// The standard kinds the random problems draw from.
pub const KINDS: &[char] = &['K', 'N', 'B', 'R', 'Q', 'A'];

/// Board up to 5×5, one to three kinds of [`KINDS`] with one to three pieces each, up to
/// two fixed pieces (which may attack each other: then there is no solution).
pub fn small_problem() -> impl Strategy<Value = Small> {
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
            let mut fixed_pieces: Vec<(char, Sq)> = Vec::new();
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

/// A library problem up to `rows`×`cols`: one or two of the kinds `kind(0..kinds)`,
/// `counts` pieces each, and at most one piece of the first kind fixed (when it has any
/// pieces); problems the library refuses (more pieces than squares) are not drawn.
pub fn problem_with_one_fixed(
    rows: RangeInclusive<u32>,
    cols: RangeInclusive<u32>,
    kinds: usize,
    counts: RangeInclusive<u32>,
    kind: fn(usize) -> PieceKind,
) -> impl Strategy<Value = Problem> {
    (rows, cols)
        .prop_flat_map(move |(rows, cols)| {
            (
                Just(rows),
                Just(cols),
                proptest::collection::btree_map(0..kinds, counts.clone(), 1..=2),
                proptest::option::of((0u32..cols, 0u32..rows)),
            )
        })
        .prop_filter_map("fits", move |(rows, cols, drawn, fixed)| {
            let pieces: Vec<PieceCount> = drawn
                .into_iter()
                .map(|(k, n)| PieceCount {
                    kind: kind(k),
                    count: n,
                })
                .collect();
            let fixed = match fixed {
                Some((f, r)) if pieces[0].count > 0 => Placement::new(vec![Piece {
                    kind: pieces[0].kind.clone(),
                    square: Square::new(f, r),
                }]),
                _ => Placement::default(),
            };
            Problem::new(Board::new(rows, cols).unwrap(), pieces, fixed).ok()
        })
}
