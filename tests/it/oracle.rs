//! The exact engine against the independent brute-force oracle on random small problems,
//! fixed pieces included; and every solution the engine returns passes `verify`.

use crate::common;

use std::ops::ControlFlow;

use common::oracle::{self, Small};
use common::{oracle_problem, oracle_solution};
use proptest::prelude::*;
use queens::{Catalog, EngineChoice, Settings};

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn exact_engine_matches_oracle(s in small_problem()) {
        let problem = oracle_problem(&s, &Catalog::standard());
        let expected = oracle::solutions(&s, &oracle::chess_attacks);
        let ctl = Settings { threads: 1, ..Settings::default() };
        let counted = queens::count(&problem, EngineChoice::Named("exact"), &ctl).unwrap();
        prop_assert_eq!(counted, (expected.len() as u64).into(), "count of {:?}", s);

        let mut listed = Vec::new();
        queens::enumerate(&problem, EngineChoice::Named("exact"), &ctl, &mut |p| {
            listed.push(p.clone());
            ControlFlow::Continue(())
        }).unwrap();
        for p in &listed {
            prop_assert!(problem.accepts(p), "{} is not a solution of {:?}", p, s);
        }
        let mut got: Vec<_> = listed.iter().map(oracle_solution).collect();
        got.sort();
        let mut want = expected.clone();
        want.sort();
        prop_assert_eq!(got, want);

        let first = queens::solve(&problem, EngineChoice::Named("exact"), &ctl).unwrap();
        prop_assert_eq!(first.is_some(), !expected.is_empty());
        if let Some(f) = first {
            prop_assert_eq!(Some(&f), listed.first());
        }
    }
}
