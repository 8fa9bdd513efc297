//! Counting past enumeration (issue 6): the truth table by method, and every counting
//! engine cross-checked against the exact engine on small problems it covers.
//!
//! Which method answers a row is whatever `auto` picks for it (printed with
//! `--nocapture`); rows that `auto` gives to the exact engine are the enumeration rows of
//! `tests/it/truth.rs`. Rows no method here reaches within the test budget are listed in
//! [`UNCOVERED`] with the reason, and the test checks the list against the table.

use crate::common;

use std::collections::BTreeMap;

use common::strategy::problem_with_one_fixed;
use common::{TruthRow, problem, published, queens, stdout, truth_table};
use proptest::prelude::*;
use queens::engine::{Job, picked};
use queens::{Board, EngineChoice, Move, PieceCount, PieceKind, Placement, Problem, Settings};

/// Rows no counting method here reproduces within the test budget: (board, spec, why).
pub(crate) const UNCOVERED: &[(&str, &str, &str)] = &[
    // N-queens past 14: the dedicated counter of issue 3, not a method of this file.
    (
        "15x15",
        "Q15",
        "N-queens join: checked in tests/it/nqueens.rs",
    ),
    (
        "16x16",
        "Q16",
        "N-queens join: checked in tests/it/nqueens.rs",
    ),
    (
        "17x17",
        "Q17",
        "N-queens join: checked in tests/it/nqueens.rs",
    ),
    (
        "18x18",
        "Q18",
        "N-queens join: checked in tests/it/nqueens.rs",
    ),
    (
        "19x19",
        "Q19",
        "N-queens join: 33 s on one thread, 17.5 s on two, by hand",
    ),
    (
        "20x20",
        "Q20",
        "N-queens join: 114 s on two threads, by hand",
    ),
    (
        "21x21",
        "Q21",
        "N-queens join: 809 s on two threads (1595 s CPU, 3.4 GB), by hand",
    ),
    (
        "22x22",
        "Q22",
        "N-queens: past the join (side 21); the backtracker, days or more",
    ),
    (
        "23x23",
        "Q23",
        "N-queens: past the join (side 21); the backtracker, days or more",
    ),
    (
        "24x24",
        "Q24",
        "N-queens: past the join (side 21); the backtracker, days or more",
    ),
    (
        "25x25",
        "Q25",
        "N-queens: past the join (side 21); the backtracker, days or more",
    ),
    (
        "26x26",
        "Q26",
        "N-queens: past the join (side 21); the backtracker, days or more",
    ),
    (
        "27x27",
        "Q27",
        "N-queens: past the join (side 21); the backtracker, days or more",
    ),
];

/// Rows a counting method answers but slower than this test's budget allows; each is
/// checked by hand with the command in `bench/counting.sh`.
pub(crate) const OVER_BUDGET: &[(&str, &str, &str)] = &[
    // n knights on n x n: the transfer table (a window of 2n + 1 squares) grows about
    // fourfold per n; n = 13 and 14 (7 s of CPU) are tested.
    (
        "15x15",
        "N15",
        "transfer, measured 21 s of CPU and 2.7 GB (queens count 15 --pieces 15N)",
    ),
    (
        "16x16",
        "N16",
        "transfer, measured 67 s of CPU, 111 s wall and 7.1 GB (queens count 16 --pieces 16N)",
    ),
    // n amazons: the amazons engine, `queens count N --pieces NA` (or
    // `bench/amazons.sh 20 19`). Measured CPU time on this machine; about 7.5 times more
    // per n, so the larger rows are estimates, not runs.
    (
        "19x19",
        "A19",
        "amazons, measured 33 s on one thread, 17 s on two",
    ),
    (
        "20x20",
        "A20",
        "amazons, measured 247 s on one thread (243 s CPU)",
    ),
    (
        "21x21",
        "A21",
        "amazons, measured 1282 s on two threads (1987 s CPU, the machine partly busy)",
    ),
    ("22x22", "A22", "amazons, estimated 4 h of CPU"),
    ("23x23", "A23", "amazons, estimated a day of CPU"),
    ("24x24", "A24", "amazons, estimated 9 days of CPU"),
    ("25x25", "A25", "amazons, estimated 10 weeks of CPU"),
    ("26x26", "A26", "amazons, estimated over a year of CPU"),
];

pub(crate) fn listed(list: &[(&str, &str, &str)], row: &TruthRow) -> bool {
    list.iter().any(|(board, spec, _)| row.is(board, spec))
}

#[test]
fn counting_methods_reproduce_the_truth_table() {
    let rows = truth_table("known_counts.tsv");
    let mut by_method: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for row in &rows {
        if listed(UNCOVERED, row) || listed(OVER_BUDGET, row) {
            continue;
        }
        let p = row.problem();
        let engine = picked(EngineChoice::Auto, &p, Job::Count, &Settings::default()).unwrap();
        by_method.entry(engine).or_default().push(row.name());
        if engine == "exact" {
            // An enumeration row: tests/it/truth.rs checks it with the exact engine.
            continue;
        }
        row.assert_published(named(&p, engine), engine);
    }
    for (method, rows) in &by_method {
        println!("{method}: {} rows: {}", rows.len(), rows.join(", "));
    }
    for method in [
        "rooks",
        "diagonals",
        "kingblocks",
        "transfer",
        "fewlines",
        "amazons",
    ] {
        assert!(
            by_method.get(method).is_some_and(|r| r.len() >= 5),
            "{method} covers too few rows"
        );
    }
}

#[test]
fn uncovered_lists_name_real_rows_that_need_them() {
    let rows = truth_table("known_counts.tsv");
    for (board, spec, why) in UNCOVERED.iter().chain(OVER_BUDGET) {
        let row = rows.iter().find(|r| r.is(board, spec));
        assert!(
            row.is_some(),
            "{board} {spec} ({why}) is not a row of the table"
        );
    }
    // A row over budget is still answered by a counting method.
    for (board, spec, why) in OVER_BUDGET {
        let row = rows.iter().find(|r| r.is(board, spec)).unwrap();
        let p = problem(board, &row.spec(), "");
        let name = picked(EngineChoice::Auto, &p, Job::Count, &Settings::default());
        assert!(
            matches!(name, Ok(n) if n != "exact"),
            "{board} {spec} is listed as over budget ({why}) but {name:?} takes it"
        );
    }
}

#[test]
fn cli_counts_big_numbers() {
    let o = queens(&["count", "25x40", "--pieces", "22R"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).trim(), "293110842591276089153008435200000000");
    let o = queens(&["count", "70", "--pieces", "138B"]);
    assert_eq!(stdout(&o).trim(), "1180591620717411303424");
    let o = queens(&["count", "8", "--pieces", "16K"]);
    assert_eq!(stdout(&o).trim(), "281571");
    let o = queens(&["count", "8", "--pieces", "17K"]);
    assert_eq!((o.status.code(), stdout(&o).trim()), (Some(1), "0"));
}

// ---- cross-checks against the exact engine ----

fn exact(p: &Problem) -> String {
    let ctl = Settings {
        threads: 1,
        ..Settings::default()
    };
    queens::count(p, EngineChoice::Named(queens::EngineName::Exact), &ctl)
        .unwrap()
        .to_string()
}

fn named(p: &Problem, name: &'static str) -> String {
    queens::count(
        p,
        EngineChoice::Named(queens::EngineName::parse(name).unwrap()),
        &Settings::default(),
    )
    .unwrap()
    .to_string()
}

/// Leapers for the transfer engine: the standard two plus fairy ones, one asymmetric.
fn leaper(i: usize) -> PieceKind {
    let leaps = |letter: char, name: &str, betza: &str, v: Vec<(i32, i32)>| {
        let moves = v.into_iter().map(|(a, b)| Move::leap(a, b)).collect();
        PieceKind::new(letter, name, betza, moves).unwrap()
    };
    match i {
        0 => PieceKind::king(),
        1 => PieceKind::knight(),
        2 => leaps('C', "camel", "C", queens::piece::octo(1, 3)),
        3 => leaps('W', "wazir", "W", queens::piece::octo(1, 0)),
        4 => leaps('P', "pawnlike", "fF", vec![(1, 1), (-1, 1)]),
        _ => PieceKind::new(
            'S',
            "short rook",
            "R2",
            queens::piece::octo(1, 0)
                .into_iter()
                .map(|(a, b)| Move {
                    range: 2,
                    ..Move::slide(a, b)
                })
                .collect(),
        )
        .unwrap(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Up to 5x6 with one or two leapers of [`leaper`], none to four of each.
    #[test]
    fn transfer_matches_exact(p in problem_with_one_fixed(1..=5, 1..=6, 6, 0..=4, leaper)) {
        prop_assert_eq!(named(&p, "transfer"), exact(&p), "{:?}", p);
    }

    #[test]
    fn diagonals_match_exact(n in 1u32..=7, k in 0u32..=13) {
        prop_assume!(k <= n * n);
        let p = problem(&n.to_string(), &format!("{k}B"), "");
        prop_assert_eq!(named(&p, "diagonals"), exact(&p));
    }

    #[test]
    fn kingblocks_match_exact(m in 1u32..=3, n in 1u32..=4) {
        let p = problem(&format!("{}x{}", 2 * m, 2 * n), &format!("{}K", m * n), "");
        prop_assert_eq!(named(&p, "kingblocks"), exact(&p));
    }

    #[test]
    fn rooks_match_exact(m in 1u32..=7, n in 1u32..=7, k in 0u32..=8) {
        prop_assume!(k <= m * n);
        let p = problem(&format!("{m}x{n}"), &format!("{k}R"), "");
        prop_assert_eq!(named(&p, "rooks"), exact(&p));
    }
}

/// Line pieces for the fewlines engine: Q R B and fairy whole-line sliders, one of them
/// sliding one way only (a lance) and one with a single diagonal.
fn line_piece(i: usize) -> PieceKind {
    let slides = |letter: char, name: &str, v: &[(i32, i32)]| {
        PieceKind::new(
            letter,
            name,
            name,
            v.iter().map(|&(a, b)| Move::slide(a, b)).collect(),
        )
        .unwrap()
    };
    match i {
        0 => PieceKind::queen(),
        1 => PieceKind::rook(),
        2 => PieceKind::bishop(),
        3 => slides('L', "lance", &[(0, 1)]),
        4 => slides(
            'D',
            "rook and diagonal",
            &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1)],
        ),
        5 => slides('E', "bishop and rank", &[(1, 1), (-1, 1), (1, 0)]),
        _ => slides('G', "diagonal and file", &[(1, 1), (0, -1)]),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn fewlines_matches_exact(rows in 1u32..=8, cols in 1u32..=8, k in 0u32..=4, kind in 0usize..7) {
        prop_assume!(k <= rows * cols);
        let p = Problem::new(
            Board::new(rows, cols).unwrap(),
            vec![PieceCount { kind: line_piece(kind), count: k }],
            Placement::default(),
        )
        .unwrap();
        prop_assert_eq!(named(&p, "fewlines"), exact(&p), "{:?}", p);
    }
}

/// Five to seven queens on boards where enumeration still finishes, squares and not.
#[test]
fn fewlines_matches_exact_on_more_queens() {
    for (board, spec) in [
        ("10", "5Q"),
        ("9x11", "5Q"),
        ("8", "6Q"),
        ("7x10", "6Q"),
        ("9", "7Q"),
        ("9", "5B"),
        ("8x10", "6R"),
    ] {
        let p = problem(board, spec, "");
        assert_eq!(named(&p, "fewlines"), exact(&p), "{board} {spec}");
    }
}

/// 4 queens on 100x100 (too big for `exact`): `auto` picks queenpoly (the published
/// generating function); fewlines takes a few queens on the rectangles and other boards
/// it beats enumeration on; named, it refuses what it cannot count.
#[test]
fn fewlines_takes_few_line_pieces_only() {
    let pick = |board: &str, spec: &str| {
        picked(
            EngineChoice::Auto,
            &problem(board, spec, ""),
            Job::Count,
            &Settings::default(),
        )
        .unwrap()
    };
    assert_eq!(pick("100", "4Q"), "queenpoly");
    // 4 and 5 queens on a square: the published generating functions (queenpoly) come first.
    assert_eq!(pick("30", "5Q"), "queenpoly");
    assert_eq!(pick("39", "2Q"), "fewlines");
    assert_eq!(pick("6", "4Q"), "queenpoly");
    assert_eq!(pick("6x7", "4Q"), "fewlines");
    assert_eq!(pick("5x6", "4Q"), "exact");
    assert_eq!(pick("9", "7Q"), "exact");
    assert_eq!(pick("12", "8Q"), "exact");
    assert_eq!(pick("8", "8Q"), "nqueens");
    assert_eq!(pick("30", "5R"), "rooks");
    let o = queens(&["count", "8", "--pieces", "3N", "--engine", "fewlines"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(common::stderr(&o).contains("fewlines engine counts one kind of line piece"));
    let o = queens(&[
        "count", "8", "--pieces", "3Q", "--fixed", "Qa1", "--engine", "fewlines",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = queens(&["count", "129", "--pieces", "2Q", "--engine", "fewlines"]);
    assert_eq!(o.status.code(), Some(2));
    // The largest board both take: the one-pass count of 3 against enumeration.
    let o = queens(&["count", "64", "--pieces", "3Q"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).trim(), exact(&problem("64", "3Q", "")));
}

/// The amazon counter against the exact engine: every square up to 11 and every
/// rectangle up to 7 x 10, both ways round.
#[test]
fn amazons_match_exact() {
    for n in 1..=11 {
        let p = problem(&n.to_string(), &format!("{n}A"), "");
        assert_eq!(
            picked(EngineChoice::Auto, &p, Job::Count, &Settings::default()).unwrap(),
            "amazons"
        );
        assert_eq!(named(&p, "amazons"), exact(&p), "{n} amazons");
    }
    for rows in 1..=7 {
        for cols in rows + 1..=10 {
            for board in [format!("{rows}x{cols}"), format!("{cols}x{rows}")] {
                let p = problem(&board, &format!("{rows}A"), "");
                assert_eq!(named(&p, "amazons"), exact(&p), "{board}");
            }
        }
    }
}

/// The count up to symmetry against the published table (OEIS A051224), every amazon
/// row up to 17 (20 and up are over the budget, as for the totals).
#[test]
fn amazon_orbits_match_the_symmetry_table() {
    let rows = truth_table("known_counts_symmetry.tsv");
    let mut checked = 0;
    for row in rows
        .iter()
        .filter(|r| r.pieces.len() == 1 && r.pieces[0].0 == 'A')
    {
        if row.rows > 17 {
            continue;
        }
        // The amazon counter's own orbits on squares, Burnside's lemma over its total
        // elsewhere.
        let unique = queens::count_unique(
            &row.problem(),
            EngineChoice::Named(queens::EngineName::Amazons),
            &Settings::default(),
        )
        .unwrap();
        row.assert_published(unique, "the amazons engine (unique)");
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} amazon rows");
}

#[test]
fn amazons_engine_on_the_command_line() {
    let o = queens(&["count", "16", "--pieces", "16A", "--unique"]);
    let unique = truth_table("known_counts_symmetry.tsv")
        .into_iter()
        .find(|r| (r.rows, r.cols) == (16, 16) && r.spec() == "16A")
        .expect("the symmetry table's row for 16 amazons (A051224)")
        .value;
    assert_eq!(
        (o.status.code(), stdout(&o).trim()),
        (Some(0), unique.as_str())
    );
    let o = queens(&["count", "17", "--pieces", "17A"]);
    let want = published("17", "17A");
    assert_eq!(
        (o.status.code(), stdout(&o).trim()),
        (Some(0), want.as_str())
    );
    let o = queens(&[
        "count",
        "16",
        "--pieces",
        "16A",
        "--engine",
        "amazons",
        "--threads",
        "2",
    ]);
    assert_eq!(stdout(&o).trim(), published("16", "16A"));
    // A fairy piece that moves like the amazon is counted too.
    let o = queens(&[
        "count", "12", "--piece", "C=QN", "--pieces", "12C", "--engine", "amazons",
    ]);
    assert_eq!(stdout(&o).trim(), "156");
    // No amazon solution at all on 9x9: exit 1.
    let o = queens(&["count", "9", "--pieces", "9A"]);
    assert_eq!((o.status.code(), stdout(&o).trim()), (Some(1), "0"));
    // Other problems and jobs are refused with the reason.
    for args in [
        &["count", "8", "--engine", "amazons"][..],
        &["count", "12", "--pieces", "11A", "--engine", "amazons"],
        &[
            "count", "12", "--pieces", "12A", "--fixed", "Aa1", "--engine", "amazons",
        ],
        &["solve", "12", "--pieces", "12A", "--engine", "amazons"],
        &["count", "70x5", "--pieces", "5A", "--engine", "amazons"],
    ] {
        let o = queens(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            common::stderr(&o).contains("amazons engine"),
            "{args:?}: {}",
            common::stderr(&o)
        );
    }
}

/// Few leapers on big boards (the transfer engine's band method, picked by `auto`)
/// against OEIS's explicit formulas, which hold for every n past a small bound:
/// A220467 (10 kings, n >= 9), A061998 (5 kings, n >= 4), A172136 (5 knights, n >= 8).
/// The table's rows (12, 20 and 21 for 10 kings) run in the truth-table test.
#[test]
fn transfer_counts_few_leapers_on_big_boards() {
    for (board, spec) in [
        ("30x30", "10K"),
        ("40x40", "10K"),
        ("22x22", "5K"),
        ("50x50", "5K"),
        ("100x100", "5K"),
        ("20x20", "5N"),
        ("40x40", "5N"),
    ] {
        let want = published(board, spec);
        let p = problem(board, spec, "");
        let engine = picked(EngineChoice::Auto, &p, Job::Count, &Settings::default()).unwrap();
        assert_eq!(engine, "transfer", "{board} {spec}");
        assert_eq!(named(&p, "transfer"), want, "{board} {spec}");
    }
    // The same problems with a fixed piece go to the plain transfer, rotated boards to
    // the other orientation of bands.
    let fixed = problem("12x12", "5K", "Ka1");
    assert_eq!(named(&fixed, "transfer"), exact(&fixed));
    assert_eq!(
        named(&problem("9x40", "6K,2N", ""), "transfer"),
        named(&problem("40x9", "6K,2N", ""), "transfer")
    );
}

/// 14 knights on 14 × 14 (OEIS A201540, a row of the far table): about 2.7 s of CPU.
#[test]
fn transfer_counts_14_knights() {
    let p = problem("14x14", "14N", "");
    assert_eq!(named(&p, "transfer"), published("14x14", "14N"));
}

/// Every row of the far table (published terms and published formulas' values beyond
/// any enumeration) counted by the engine `auto` picks, on the command line.
#[test]
fn far_rows_are_counted_by_the_engines_built_for_them() {
    let rows = truth_table("known_counts_far.tsv");
    assert!(rows.len() >= 30, "the far table has {} rows", rows.len());
    for row in rows {
        // 14 knights take seconds: `transfer_counts_14_knights` counts them.
        if row.spec() == "14N" {
            continue;
        }
        let o = queens(&["count", &row.board(), "--pieces", &row.spec()]);
        row.assert_published(stdout(&o).trim(), "the command line");
    }
}

/// The block method against the transfer method on boards too big to enumerate.
#[test]
fn kingblocks_match_transfer() {
    for (board, k) in [("10x12", 30), ("12x12", 36), ("8x14", 28), ("14x6", 21)] {
        let p = problem(board, &format!("{k}K"), "");
        assert_eq!(named(&p, "kingblocks"), named(&p, "transfer"), "{board}");
    }
}

// ---- queens max ----

#[test]
fn max_on_the_chessboard() {
    for (kind, want) in [
        ("Q", "8 92"),
        ("N", "32 2"),
        ("B", "14 256"),
        ("K", "16 281571"),
        ("R", "8 40320"),
    ] {
        let o = queens(&["max", "8", "--kind", kind]);
        assert_eq!(o.status.code(), Some(0), "{kind}");
        assert_eq!(stdout(&o).trim(), want, "{kind}");
    }
    // A user-defined kind: the wazir (one step orthogonally) packs like a checkerboard.
    let o = queens(&["max", "4", "--piece", "W=W", "--kind", "W"]);
    assert_eq!(
        stdout(&o).split_whitespace().collect::<Vec<_>>()[..2],
        ["8", "2"]
    );
    let o = queens(&["max", "8", "--pieces", "5Q", "--kind", "N"]);
    assert_eq!(stdout(&o).trim(), "5 16");
    let o = queens(&["max", "5x7", "--kind", "K", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["max"], 12);
    assert_eq!(v["placements"], "1");
    // The other pieces alone have no solution: exit 1; a bad kind: exit 2.
    assert_eq!(
        queens(&["max", "3", "--pieces", "3Q", "--kind", "N"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(queens(&["max", "8", "--kind", "QN"]).status.code(), Some(2));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// `max` against a scan of exact counts: the largest k with a placement, and its count.
    #[test]
    fn max_matches_exact_scan(rows in 1u32..=4, cols in 1u32..=5, kind in 0usize..6, other in proptest::option::of(0usize..6)) {
        let kinds = ['K', 'N', 'B', 'R', 'Q', 'A'];
        let k = queens::Catalog::standard().get(kinds[kind]).unwrap();
        let base: Vec<PieceCount> = other
            .filter(|&o| o != kind)
            .map(|o| PieceCount { kind: queens::Catalog::standard().get(kinds[o]).unwrap(), count: 1 })
            .into_iter()
            .collect();
        let board = Board::new(rows, cols).unwrap();
        let q = queens::query::Beside { given: base.clone(), ..queens::query::Beside::new(board, k.clone()) };
        let got = queens::maximum::maximum(&q, EngineChoice::Auto, &Settings::default()).unwrap();
        let spec = |n: u32| -> String {
            let mut s: Vec<String> = base.iter().map(|p| format!("1{}", p.kind)).collect();
            s.push(format!("{n}{}", k));
            s.join(",")
        };
        let mut best = None;
        for n in 0..=(rows * cols - base.len() as u32) {
            let c = exact(&problem(&format!("{rows}x{cols}"), &spec(n), ""));
            if c != "0" {
                best = Some((u64::from(n), c));
            }
        }
        let got = got.map(|m| (m.pieces, m.placements.to_string()));
        prop_assert_eq!(got, best);
    }
}

// ---- ranges ----

#[test]
fn ranges_sum_exact_counts() {
    let sum = |board: &str, specs: &[&str]| -> u128 {
        specs
            .iter()
            .map(|s| exact(&problem(board, s, "")).parse::<u128>().unwrap())
            .sum()
    };
    let cases: &[(&str, &str, u128)] = &[
        (
            "6",
            "0..6Q",
            sum("6", &["0Q", "1Q", "2Q", "3Q", "4Q", "5Q", "6Q"]),
        ),
        ("4", "1..3N,Q", sum("4", &["1N,1Q", "2N,1Q", "3N,1Q"])),
        ("3x4", "*K", sum("3x4", &["0K", "1K", "2K", "3K", "4K"])),
        ("3", "*K,1..2N", {
            let mut v = Vec::new();
            for k in 0..=4 {
                for n in 1..=2 {
                    v.push(format!("{k}K,{n}N"));
                }
            }
            let v: Vec<&str> = v.iter().map(String::as_str).collect();
            sum("3", &v)
        }),
    ];
    for (board, spec, want) in cases {
        let o = queens(&["count", board, "--pieces", spec]);
        assert_eq!(stdout(&o).trim(), want.to_string(), "{board} {spec}");
    }
    // Independent sets of the 8x8 king graph (OEIS A063443).
    let o = queens(&["count", "8", "--pieces", "*K"]);
    assert_eq!(stdout(&o).trim(), "1355115601");
}

#[test]
fn ranges_in_solve_and_all() {
    let o = queens(&["all", "3", "--pieces", "1..2Q"]);
    assert_eq!(o.status.code(), Some(0));
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 9 + 8);
    for l in &lines {
        assert_eq!(queens(&["verify", "3", l]).status.code(), Some(0), "{l}");
    }
    // solve takes the largest allowed size first.
    let o = queens(&["solve", "4", "--pieces", "0..8Q", "--format", "coords"]);
    assert_eq!(stdout(&o).split_whitespace().count(), 4);
    for bad in ["2..1Q", "*", "1..Q", "..3Q", "*Q,2Q,Q"] {
        let o = queens(&["count", "8", "--pieces", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
    }
}
