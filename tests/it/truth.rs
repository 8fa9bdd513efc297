//! The truth table (`testdata/known_counts.tsv`, copied from `shared/truth` with its
//! sources) run against the exact engine, plus the seed tools' published results.
//!
//! Rows the exact engine cannot enumerate within the test budget are listed in
//! [`BEYOND_ENUMERATION`] with the reason; the test checks that list against the table,
//! so no row is dropped silently.

use crate::common;

use common::{TruthRow, problem, truth_table};
use queens::{EngineChoice, Problem, Settings};

/// Rows skipped for the exact engine, by the reason: (why, the rows as `board spec` in
/// the table's notation, separated by commas).
const BEYOND_ENUMERATION: &[(&str, &str)] = &[
    (
        "2.3 million solutions: over the budget; dedicated N-queens counter",
        "15x15 Q15",
    ),
    (
        "N-queens beyond enumeration budget; dedicated counter",
        "16x16 Q16, 17x17 Q17, 18x18 Q18, 19x19 Q19, 20x20 Q20, 21x21 Q21, 22x22 Q22, \
         23x23 Q23, 24x24 Q24, 25x25 Q25, 26x26 Q26, 27x27 Q27",
    ),
    (
        "board above the exact engine's 4096 squares",
        "100x100 Q4, 70x70 Q6, 73x73 Q6, 74x74 Q6, 75x75 Q6, 80x80 Q6, 70x70 B138",
    ),
    (
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
        "13x13 Q6, 14x14 Q6, 15x15 Q6, 16x16 Q6, 17x17 Q6, 18x18 Q6, 19x19 Q6, 20x20 Q6, \
         21x21 Q6, 22x22 Q6, 23x23 Q6, 24x24 Q6, 25x25 Q6, 26x26 Q6, 27x27 Q6",
    ),
    (
        "6.3e13 to 3e19 placements: needs a counting method",
        "40x40 Q6, 50x50 Q6, 60x60 Q6, 12x12 K10, 20x20 K10, 21x21 K10",
    ),
    (
        "3.3e7 placements (10x10 K25) to 4.1e23 (16x16 N16), or a search over the budget \
         (6x12 K18, 8x10 K20): needs row-transfer counting",
        "10x10 K25, 14x14 K49, 16x16 K64, 20x20 K100, 22x22 K121, 24x24 K144, 28x28 K196, \
         6x12 K18, 8x10 K20, 10x10 N10, 11x11 N11, 12x12 N12, 13x13 N13, 15x15 N15, 16x16 N16",
    ),
    (
        "1.6e10 placements (10x10 B10) or more, or a search over the budget (20x20 B38): \
         needs the diagonal DP",
        "10x10 B10, 11x11 B11, 14x14 B14, 15x15 B15, 20x20 B38, 64x64 B126",
    ),
    (
        "21! placements or more: needs the closed form",
        "21x21 R21, 25x40 R22",
    ),
    (
        "amazons beyond the enumeration budget (tests/it/counting.rs: amazons engine)",
        "17x17 A17, 18x18 A18, 19x19 A19, 20x20 A20, 21x21 A21, 22x22 A22, 23x23 A23, 24x24 A24, \
         25x25 A25, 26x26 A26",
    ),
];

/// Every skipped row: (board, spec in the table's notation, why).
fn beyond_enumeration() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    BEYOND_ENUMERATION.iter().flat_map(|&(why, rows)| {
        rows.split(", ").map(move |row| {
            let (board, spec) = row.split_once(' ').expect("a row is `board spec`");
            (board, spec, why)
        })
    })
}

fn is_skipped(row: &TruthRow) -> bool {
    beyond_enumeration().any(|(board, spec, _)| row.is(board, spec))
}

fn exact_count(p: &Problem) -> String {
    queens::count(
        p,
        EngineChoice::Named(queens::EngineName::Exact),
        &Settings::default(),
    )
    .unwrap()
    .to_string()
}

#[test]
fn exact_engine_reproduces_the_truth_table() {
    let rows = truth_table("known_counts.tsv");
    assert!(rows.len() > 200, "the table is complete");
    let mut checked = 0;
    let mut kinds_seen = std::collections::BTreeSet::new();
    for row in rows.iter().filter(|r| !is_skipped(r)) {
        row.assert_published(exact_count(&row.problem()), "the exact engine");
        kinds_seen.extend(row.pieces.iter().map(|p| p.0));
        checked += 1;
    }
    assert!(checked >= 170, "only {checked} rows checked");
    let all: String = kinds_seen.into_iter().collect();
    for k in "KNBRQA".chars() {
        assert!(
            all.contains(k),
            "kind {k} is not covered by the checked rows"
        );
    }
}

#[test]
fn skip_list_names_real_rows() {
    let rows = truth_table("known_counts.tsv");
    for (board, spec, why) in beyond_enumeration() {
        assert!(
            rows.iter().any(|r| r.is(board, spec)),
            "skip entry {board} {spec} ({why}) is not a row of the table"
        );
    }
}

/// The results the seed tools published (the Prolog program, PyCSP3, CLP(FD)).
#[test]
fn seed_results() {
    let cases = [
        ("8", "8Q", "92"),
        ("5", "N,B,R,Q,A", "96"),
        ("6", "2N,2B,R,Q", "104416"),
        ("6", "2N,2B,R", "217568"),
        ("6", "N,B,R,Q,A", "12704"),
        ("8", "N,8Q", "0"),
        ("7", "2N,2B,R,Q,A", "537896"),
    ];
    for (board, spec, want) in cases {
        assert_eq!(
            exact_count(&problem(board, spec, "")),
            want,
            "{board} {spec}"
        );
        let auto = queens::count(
            &problem(board, spec, ""),
            EngineChoice::Auto,
            &Settings::default(),
        )
        .unwrap()
        .to_string();
        assert_eq!(auto, want, "auto on {board} {spec}");
    }
}

/// Fixed pieces: the 92 solutions of 8 queens split by the square of the queen on
/// file a, and fixing two compatible queens gives the intersection.
#[test]
fn fixed_pieces_partition_the_solutions() {
    let mut sum = 0u64;
    for rank in 1..=8 {
        let n: u64 = exact_count(&problem("8", "8Q", &format!("Qa{rank}")))
            .parse()
            .unwrap();
        sum += n;
    }
    assert_eq!(sum, 92);
    assert_eq!(exact_count(&problem("8", "8Q", "Qa1,Qb2")), "0");
    assert_eq!(
        exact_count(&problem("8", "8Q", "Qa1,Qb5,Qc8,Qd6,Qe3,Qf7,Qg2,Qh4")),
        "1"
    );
}
