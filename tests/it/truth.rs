//! The truth table (`testdata/known_counts.tsv`, copied from `shared/truth` with its
//! sources) run against the exact engine, plus the seed tools' published results.
//!
//! Rows the exact engine cannot enumerate within the test budget are listed in
//! [`BEYOND_ENUMERATION`] with the reason; the test checks that list against the table,
//! so no row is dropped silently.

use crate::common;

use common::{TruthRow, problem, truth_table};
use queens::{EngineChoice, Problem, Settings};

/// Rows skipped for the exact engine: (board, spec in the table's notation, why).
const BEYOND_ENUMERATION: &[(&str, &str, &str)] = &[
    (
        "15x15",
        "Q15",
        "2.3 million solutions: over the budget; dedicated N-queens counter",
    ),
    (
        "16x16",
        "Q16",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "17x17",
        "Q17",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "18x18",
        "Q18",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "19x19",
        "Q19",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "20x20",
        "Q20",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "21x21",
        "Q21",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "22x22",
        "Q22",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "23x23",
        "Q23",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "24x24",
        "Q24",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "25x25",
        "Q25",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "26x26",
        "Q26",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "27x27",
        "Q27",
        "N-queens beyond enumeration budget; dedicated counter",
    ),
    (
        "100x100",
        "Q4",
        "board above the exact engine's 4096 squares",
    ),
    ("40x40", "Q6", "6.3e15 placements: needs a counting method"),
    ("73x73", "Q6", "board above the exact engine's 4096 squares"),
    ("74x74", "Q6", "board above the exact engine's 4096 squares"),
    ("75x75", "Q6", "board above the exact engine's 4096 squares"),
    ("80x80", "Q6", "board above the exact engine's 4096 squares"),
    (
        "13x13",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "14x14",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "15x15",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "16x16",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "17x17",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "18x18",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "19x19",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "20x20",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "21x21",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "22x22",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "23x23",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "24x24",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "25x25",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "26x26",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    (
        "27x27",
        "Q6",
        "6 queens past 12x12: seconds to minutes of enumeration; queenpoly counts it",
    ),
    ("70x70", "Q6", "board above the exact engine's 4096 squares"),
    ("50x50", "Q6", "1.2e17 placements: needs a counting method"),
    ("60x60", "Q6", "1.3e18 placements: needs a counting method"),
    (
        "10x10",
        "K25",
        "3.3e7 placements: needs row-transfer counting",
    ),
    (
        "14x14",
        "K49",
        "1e12 placements: needs row-transfer counting",
    ),
    (
        "16x16",
        "K64",
        "2.5e14 placements: needs row-transfer counting",
    ),
    (
        "20x20",
        "K100",
        "2.7e19 placements: needs row-transfer counting",
    ),
    (
        "22x22",
        "K121",
        "1.1e22 placements: needs row-transfer counting",
    ),
    (
        "24x24",
        "K144",
        "5e24 placements: needs row-transfer counting",
    ),
    (
        "28x28",
        "K196",
        "1.5e30 placements: needs row-transfer counting",
    ),
    (
        "6x12",
        "K18",
        "search over the budget: needs row-transfer counting",
    ),
    (
        "8x10",
        "K20",
        "search over the budget: needs row-transfer counting",
    ),
    ("12x12", "K10", "6.3e13 placements: needs a counting method"),
    ("20x20", "K10", "1e19 placements: needs a counting method"),
    ("21x21", "K10", "3e19 placements: needs a counting method"),
    (
        "10x10",
        "N10",
        "1.1e12 placements: needs row-transfer counting",
    ),
    (
        "11x11",
        "N11",
        "7.4e13 placements: needs row-transfer counting",
    ),
    (
        "12x12",
        "N12",
        "5.5e15 placements: needs row-transfer counting",
    ),
    (
        "13x13",
        "N13",
        "4.5e17 placements: needs row-transfer counting",
    ),
    (
        "15x15",
        "N15",
        "3.9e21 placements: needs row-transfer counting",
    ),
    (
        "16x16",
        "N16",
        "4.1e23 placements: needs row-transfer counting",
    ),
    ("10x10", "B10", "1.6e10 placements: needs the diagonal DP"),
    ("11x11", "B11", "5e11 placements: needs the diagonal DP"),
    ("14x14", "B14", "2.6e16 placements: needs the diagonal DP"),
    ("15x15", "B15", "1.1e18 placements: needs the diagonal DP"),
    (
        "20x20",
        "B38",
        "search over the budget: needs the diagonal DP",
    ),
    ("64x64", "B126", "1.8e19 placements: needs the diagonal DP"),
    (
        "70x70",
        "B138",
        "board above the exact engine's 4096 squares",
    ),
    ("21x21", "R21", "21! placements: needs the closed form"),
    ("25x40", "R22", "2.9e35 placements: needs the closed form"),
    (
        "17x17",
        "A17",
        "amazons beyond the enumeration budget (tests/it/counting.rs: amazons engine)",
    ),
    ("19x19", "A19", "amazons beyond the enumeration budget"),
    ("20x20", "A20", "amazons beyond the enumeration budget"),
    ("21x21", "A21", "amazons beyond the enumeration budget"),
    ("22x22", "A22", "amazons beyond the enumeration budget"),
    ("23x23", "A23", "amazons beyond the enumeration budget"),
    ("24x24", "A24", "amazons beyond the enumeration budget"),
    ("25x25", "A25", "amazons beyond the enumeration budget"),
    ("26x26", "A26", "amazons beyond the enumeration budget"),
];

fn is_skipped(row: &TruthRow) -> bool {
    BEYOND_ENUMERATION
        .iter()
        .any(|(board, spec, _)| row.is(board, spec))
}

fn exact_count(p: &Problem) -> String {
    queens::count(p, EngineChoice::Named("exact"), &Settings::default())
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
    for (board, spec, why) in BEYOND_ENUMERATION {
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
