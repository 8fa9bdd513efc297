//! Covering the board (`queens::cover`, `queens cover`): the fewest pieces that occupy
//! or attack every square, and the number of such placements, against a brute-force
//! oracle on small boards and published values; the command line's forms and exits.

use crate::common;

use common::oracle::{self, Small, Sq};
use proptest::prelude::*;
use queens::cover::{Cover, CoverOptions, cover};
use queens::fairy::catalog_with;
use queens::query::Beside;
use queens::{Board, Catalog, EngineChoice, Error, Piece, Placement, Settings, Square};

/// The fairy kinds of these tests: a lance (an asymmetric slider) and a wazir.
fn catalog() -> Catalog {
    catalog_with(&["L=fR", "W=W"]).unwrap()
}

/// The oracle's geometry, the fairy kinds written out.
fn attacks(k: char, a: Sq, b: Sq) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    match k {
        'L' => dx == 0 && dy > 0,
        'W' => dx.abs() + dy.abs() == 1,
        _ => oracle::chess_attacks(k, a, b),
    }
}

/// The library's answer for an oracle problem, as (min, count).
fn library(
    s: &Small,
    kind: char,
    forced: &[Sq],
    options: CoverOptions,
) -> Result<Option<(u32, u64)>, Error> {
    let c = catalog();
    let problem = common::oracle_problem(s, &c);
    let mut fixed = problem.fixed().pieces().to_vec();
    fixed.extend(forced.iter().map(|&(f, r)| Piece {
        kind: c.get(kind).unwrap(),
        square: Square::new(f as u32, r as u32),
    }));
    let q = Beside {
        given: problem.pieces().to_vec(),
        fixed: Placement::new(fixed),
        ..Beside::new(*problem.board(), c.get(kind).unwrap())
    };
    let found = cover(&q, &options, EngineChoice::Auto, &Settings::default())?;
    Ok(found.map(|f: Cover| {
        // The example is a covering of the minimum size.
        let mine = f
            .example
            .pieces()
            .iter()
            .filter(|p| p.kind.letter() == kind)
            .count();
        assert_eq!(mine as u32, f.min, "example {} has min pieces", f.example);
        (
            f.min,
            u64::try_from(f.count.expect("counted")).expect("small count"),
        )
    }))
}

fn options(independent: bool, total: bool) -> CoverOptions {
    CoverOptions {
        independent,
        total,
        ..Default::default()
    }
}

fn queens_cover(n: u32, independent: bool) -> (u32, u64) {
    let (min, count) = library(
        &Small {
            rows: n as i64,
            cols: n as i64,
            pieces: vec![],
            fixed: vec![],
        },
        'Q',
        &[],
        options(independent, false),
    )
    .unwrap()
    .unwrap();
    (min, count)
}

/// The library's covering of a bare board.
fn plain_with(
    rows: u32,
    cols: u32,
    kind: char,
    options: CoverOptions,
    settings: &Settings,
) -> Result<Option<Cover>, Error> {
    let q = Beside::new(
        Board::new(rows, cols).unwrap(),
        catalog().get(kind).unwrap(),
    );
    cover(&q, &options, EngineChoice::Auto, settings)
}

fn plain(rows: u32, cols: u32, kind: char, options: CoverOptions) -> Option<Cover> {
    plain_with(rows, cols, kind, options, &Settings::default()).unwrap()
}

#[test]
fn every_kind_and_variant_matches_the_oracle_on_small_boards() {
    for (rows, cols) in [
        (1, 1),
        (1, 4),
        (2, 2),
        (2, 3),
        (3, 3),
        (3, 4),
        (4, 4),
        (3, 5),
    ] {
        for kind in ['K', 'N', 'B', 'R', 'Q', 'A', 'L', 'W'] {
            for (independent, total) in [(false, false), (true, false), (false, true), (true, true)]
            {
                let s = Small {
                    rows,
                    cols,
                    pieces: vec![],
                    fixed: vec![],
                };
                let want = oracle::cover(&s, kind, &[], independent, total, &attacks);
                let got = library(&s, kind, &[], options(independent, total)).unwrap();
                assert_eq!(
                    got, want,
                    "{rows}x{cols} {kind} independent={independent} total={total}"
                );
            }
        }
    }
}

/// A random small covering problem: board, covering kind, given pieces (some fixed),
/// fixed pieces of the covering kind, and the two flags.
fn small_cover() -> impl Strategy<Value = (Small, char, Vec<Sq>, bool, bool)> {
    let kinds = ['K', 'N', 'B', 'R', 'Q', 'A', 'L', 'W'];
    (
        1i64..=4,
        1i64..=4,
        0usize..8,
        prop::collection::vec((0usize..8, any::<bool>(), 0i64..16), 0..3),
        prop::option::of(0i64..16),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(move |(rows, cols, k, given, forced, independent, total)| {
            let kind = kinds[k];
            let n = rows * cols;
            let sq = |i: i64| ((i % n) % cols, (i % n) / cols);
            let mut pieces: Vec<(char, u32)> = Vec::new();
            let mut fixed: Vec<(char, Sq)> = Vec::new();
            let mut taken: Vec<Sq> = Vec::new();
            for (g, pin, at) in given {
                let letter = kinds[g];
                if letter == kind
                    || pieces.iter().any(|p| p.0 == letter)
                    || pieces.len() as i64 + 1 >= n
                {
                    continue;
                }
                pieces.push((letter, 1));
                if pin && !taken.contains(&sq(at)) {
                    taken.push(sq(at));
                    fixed.push((letter, sq(at)));
                }
            }
            let forced: Vec<Sq> = forced
                .map(sq)
                .filter(|s| !taken.contains(s))
                .into_iter()
                .collect();
            (
                Small {
                    rows,
                    cols,
                    pieces,
                    fixed,
                },
                kind,
                forced,
                independent,
                total,
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_small_problems_match_the_oracle((s, kind, forced, independent, total) in small_cover()) {
        let want = oracle::cover(&s, kind, &forced, independent, total, &attacks);
        let got = library(&s, kind, &forced, options(independent, total)).unwrap();
        prop_assert_eq!(got, want, "{:?} kind {} forced {:?} independent={} total={}", s, kind, forced, independent, total);
    }
}

/// OEIS A075458 (the queens' domination number) and A002564 (the number of minimum
/// dominating sets of queens), n = 1..11.
#[test]
fn queens_domination_numbers_and_counts_are_the_published_ones() {
    let min = [1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5];
    let count = [1, 4, 1, 12, 186, 4, 86, 4860, 114, 8, 2];
    for n in 1..=11u32 {
        let i = n as usize - 1;
        assert_eq!(queens_cover(n, false), (min[i], count[i]), "n = {n}");
    }
}

/// OEIS A002568: the number of minimum independent dominating sets of queens, n = 1..10
/// (the independent domination number, A075324: 1, 1, 1, 3, 3, 4, 4, 5, 5, 5).
#[test]
fn independent_queens_domination_is_the_published_one() {
    let min = [1, 1, 1, 3, 3, 4, 4, 5, 5, 5];
    let count = [1, 4, 1, 16, 16, 120, 8, 728, 92, 8];
    for n in 1..=10u32 {
        let i = n as usize - 1;
        assert_eq!(queens_cover(n, true), (min[i], count[i]), "n = {n}");
    }
}

/// OEIS A002566: minimum total dominating sets of queens, n = 1..12 (none on 1x1).
#[test]
fn total_queens_domination_counts_are_the_published_ones() {
    let count: [u32; 11] = [6, 20, 12, 70, 960, 22, 352, 10, 216, 4814, 72];
    assert_eq!(plain(1, 1, 'Q', options(false, true)), None);
    for n in 2..=12u32 {
        let c = plain(n, n, 'Q', options(false, true)).unwrap();
        assert_eq!(c.count, Some(count[n as usize - 2].into()), "n = {n}");
    }
}

/// OEIS A006075: the knights' domination number, n = 1..8.
#[test]
fn knights_domination_numbers_are_the_published_ones() {
    let min = [1, 4, 4, 4, 5, 8, 10, 12];
    for n in 1..=8u32 {
        assert_eq!(
            plain(n, n, 'N', options(false, false)).unwrap().min,
            min[n as usize - 1],
            "n = {n}"
        );
    }
}

/// Kings need ceil(n/3)^2 (one per 3x3 block).
#[test]
fn kings_need_one_per_three_by_three_block() {
    for n in 1..=9u32 {
        assert_eq!(
            plain(n, n, 'K', options(false, false)).unwrap().min,
            n.div_ceil(3).pow(2),
            "n = {n}"
        );
    }
}

/// Rooks on n x n: n of them, in 2 n^n - n! ways (a rook on every rank, or on every
/// file; both when they form a permutation); one way on 1x1.
#[test]
fn rooks_need_a_line_each_way() {
    assert_eq!(
        plain(1, 1, 'R', options(false, false)).unwrap().count,
        Some(1u32.into())
    );
    for n in 2..=6u64 {
        let c = plain(n as u32, n as u32, 'R', options(false, false)).unwrap();
        let fact: u64 = (1..=n).product();
        assert_eq!(
            (c.min as u64, c.count),
            (n, Some((2 * n.pow(n as u32) - fact).into())),
            "n = {n}"
        );
    }
}

/// The exit code of a run, with its output shown when it differs.
fn exit(o: &std::process::Output) -> i32 {
    o.status.code().expect("exited")
}

#[test]
fn cli_prints_min_and_count() {
    let o = common::queens(&["cover", "8", "--kind", "Q"]);
    assert_eq!((exit(&o), common::stdout(&o).as_str()), (0, "5 4860\n"));
    let o = common::queens(&["cover", "8", "--kind", "Q", "--independent"]);
    assert_eq!(common::stdout(&o), "5 728\n");
    let o = common::queens(&["cover", "4", "--kind", "W", "--piece", "W=W", "--total"]);
    let want = plain(4, 4, 'W', options(false, true)).unwrap();
    assert_eq!(
        common::stdout(&o),
        format!("{} {}\n", want.min, want.count.unwrap())
    );
}

#[test]
fn cli_json_holds_the_numbers_and_a_covering() {
    let o = common::queens(&["cover", "5x7", "--kind", "K", "--json"]);
    assert_eq!(exit(&o), 0);
    let v: serde_json::Value = serde_json::from_str(&common::stdout(&o)).unwrap();
    let want = plain(5, 7, 'K', options(false, false)).unwrap();
    assert_eq!(v["board"], "5x7");
    assert_eq!(v["kind"], "K");
    assert_eq!(v["min"], want.min);
    assert_eq!(v["placements"], want.count.unwrap().to_string());
    let example = Placement::parse(v["example"].as_str().unwrap(), &Catalog::standard()).unwrap();
    assert_eq!(example.len() as u32, want.min);
}

#[test]
fn cli_given_pieces_cover_too() {
    // A queen pinned on c3 of 4x5.
    let o = common::queens(&[
        "cover", "4x5", "--kind", "N", "--pieces", "Q", "--fixed", "Qc3",
    ]);
    let s = Small {
        rows: 4,
        cols: 5,
        pieces: vec![('Q', 1)],
        fixed: vec![('Q', (2, 2))],
    };
    let (min, count) = oracle::cover(&s, 'N', &[], false, false, &attacks).unwrap();
    assert_eq!(common::stdout(&o), format!("{min} {count}\n"));
    // A free given queen: every placement of it is covered in turn.
    let o = common::queens(&["cover", "3x4", "--kind", "N", "--pieces", "Q"]);
    let s = Small {
        fixed: vec![],
        rows: 3,
        cols: 4,
        ..s
    };
    let (min, count) = oracle::cover(&s, 'N', &[], false, false, &attacks).unwrap();
    assert_eq!(common::stdout(&o), format!("{min} {count}\n"));
}

#[test]
fn cli_show_and_solve_cover_draw_a_minimum_covering() {
    let o = common::queens(&["cover", "4", "--kind", "Q", "--show"]);
    let text = common::stdout(&o);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("2 12"));
    assert_eq!(text.matches('Q').count(), 2, "{text}");
    let o = common::queens(&["solve", "8", "--cover", "--kind", "Q", "--format", "coords"]);
    assert_eq!(exit(&o), 0);
    let p = Placement::parse(common::stdout(&o).trim(), &Catalog::standard()).unwrap();
    assert_eq!(p.len(), 5);
    let o = common::queens(&["solve", "6", "--cover", "--kind", "N", "--independent"]);
    assert_eq!(exit(&o), 0);
    assert_eq!(common::stdout(&o).lines().count(), 6, "a 6x6 diagram");
}

#[test]
fn cli_no_covering_is_exit_1_with_the_reason() {
    let o = common::queens(&["cover", "1", "--kind", "Q", "--total"]);
    assert_eq!(exit(&o), 1);
    assert!(common::stdout(&o).is_empty());
    common::assert_contains(
        &common::stderr(&o),
        "no covering: no placement of queens has every square attacked",
    );
    let o = common::queens(&[
        "cover",
        "8",
        "--kind",
        "Q",
        "--fixed",
        "Qa1,Qb1",
        "--independent",
    ]);
    assert_eq!(exit(&o), 1);
    common::assert_contains(
        &common::stderr(&o),
        "the fixed pieces attack each other, which --independent forbids",
    );
    let o = common::queens(&[
        "cover", "4", "--kind", "N", "--pieces", "2R", "--fixed", "Ra1,Rb1",
    ]);
    assert_eq!(exit(&o), 1);
    common::assert_contains(
        &common::stderr(&o),
        "the given pieces (--pieces, --fixed) cannot stand",
    );
    let o = common::queens(&["solve", "1", "--cover", "--kind", "K", "--total"]);
    assert_eq!(exit(&o), 1);
}

#[test]
fn cli_bad_input_is_exit_2_with_one_sentence() {
    for (args, says) in [
        (&["cover", "8", "--kind", "Z"][..], "unknown piece 'Z'"),
        (&["cover", "8", "--kind", "QN"], "bad --kind 'QN'"),
        (
            &["cover", "8", "--kind", "Q", "--pieces", "2Q"],
            "Q is the covering kind",
        ),
        (
            &["cover", "8", "--kind", "Q", "--fixed", "Qz9"],
            "off the 8x8 board",
        ),
        (
            &["cover", "8", "--kind", "Q", "--fixed", "Na1"],
            "fixed piece Na1 is of kind N",
        ),
        (&["cover", "0", "--kind", "Q"], "bad board '0'"),
        (&["cover", "65", "--kind", "Q"], "too large to cover"),
        (
            &["cover", "8", "--kind", "Q", "--budget-secs", "nan"],
            "bad --budget-secs",
        ),
        (
            &["cover", "8", "--kind", "Q", "--threads", "5000"],
            "5000 threads",
        ),
        (&["cover", "8", "--kind", "X", "--piece", "X=gQ"], "'gQ'"),
        (
            &["solve", "8", "--cover", "--kind", "Q", "--random"],
            "does not go with --cover",
        ),
    ] {
        let o = common::queens(args);
        let err = common::stderr(&o);
        assert_eq!(exit(&o), 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // --kind needs --cover on solve, and --cover needs --kind (clap's usage errors).
    assert_eq!(exit(&common::queens(&["solve", "8", "--kind", "Q"])), 2);
    assert_eq!(exit(&common::queens(&["solve", "8", "--cover"])), 2);
}

#[test]
fn cli_budget_is_exit_3_with_the_bounds() {
    let o = common::queens(&["cover", "14", "--kind", "Q", "--budget-secs", "0.3"]);
    assert_eq!(exit(&o), 3, "{}", common::stderr(&o));
    let err = common::stderr(&o);
    assert!(
        err.contains("no answer within the budget of 0.3 s: the fewest pieces is"),
        "{err}"
    );
    let o = common::queens(&["cover", "13", "--kind", "N", "--budget-steps", "5000"]);
    assert_eq!(exit(&o), 3, "{}", common::stderr(&o));
    common::assert_contains(
        &common::stderr(&o),
        "budget of 5000 steps: the fewest pieces is",
    );
}

#[test]
fn library_budget_error_carries_the_bounds() {
    let settings = Settings {
        time_budget: Some(std::time::Duration::from_millis(200)),
        ..Settings::default()
    };
    let e = plain_with(13, 13, 'N', CoverOptions::default(), &settings).unwrap_err();
    match e {
        Error::CoverBudget { low, high, .. } => {
            // A006075: 28 knights cover 13x13.
            assert!(low <= 28 && high.is_none_or(|h| h >= 28), "{low} {high:?}");
        }
        e => panic!("{e}"),
    }
}

#[test]
fn threads_change_neither_the_answer_nor_the_example() {
    let run = |threads| {
        let settings = Settings {
            threads,
            ..Settings::default()
        };
        plain_with(7, 9, 'Q', CoverOptions::default(), &settings)
            .unwrap()
            .unwrap()
    };
    assert_eq!(run(1), run(3));
}

#[test]
fn symmetric_given_pieces_and_fixed_coverers_match_the_oracle() {
    // Given pieces that the board's symmetries keep (the centre of 3x3 and of 5x3), and
    // a fixed covering piece, so that the symmetric count runs with a stabiliser.
    for (rows, cols, given, forced) in [
        (3, 3, vec![('R', (1, 1))], vec![]),
        (3, 5, vec![('B', (2, 1))], vec![]),
        (4, 4, vec![], vec![(0, 0)]),
        (4, 4, vec![('K', (0, 0)), ('N', (3, 3))], vec![]),
    ] {
        let pieces = given.iter().map(|g| (g.0, 1)).collect();
        let s = Small {
            rows,
            cols,
            pieces,
            fixed: given.clone(),
        };
        for kind in ['Q', 'W', 'A'] {
            for (independent, total) in [(false, false), (true, false), (false, true)] {
                let want = oracle::cover(&s, kind, &forced, independent, total, &attacks);
                let got = library(&s, kind, &forced, options(independent, total)).unwrap();
                assert_eq!(got, want, "{s:?} {kind} {forced:?} {independent} {total}");
            }
        }
    }
}

/// The fewest pieces of `kind` on the free squares (neither hole nor blocker) that
/// cover every free square, and their number, by trying every set.
fn terrain_oracle(case: &TerrainCase) -> Option<(u32, u64)> {
    let &(rows, cols, kind, ref holes, ref blockers, torus, independent, total) = case;
    let free: Vec<Sq> = (0..rows)
        .flat_map(|r| (0..cols).map(move |f| (f, r)))
        .filter(|s| !holes.contains(s) && !blockers.contains(s))
        .collect();
    let hits = |a: Sq, b: Sq| oracle::terrain_attacks(rows, cols, blockers, torus, kind, a, b);
    let mut best: Option<(u32, u64)> = None;
    for set in oracle::subsets(&free) {
        let size = set.len() as u32;
        if best.is_some_and(|(b, _)| size > b) {
            continue;
        }
        if independent
            && set
                .iter()
                .enumerate()
                .any(|(i, &a)| set[..i].iter().any(|&b| hits(a, b) || hits(b, a)))
        {
            continue;
        }
        let covered = free
            .iter()
            .all(|&s| set.iter().any(|&p| (!total && p == s) || hits(p, s)));
        if covered {
            best = match best {
                Some((b, n)) if b == size => Some((b, n + 1)),
                _ => Some((size, 1)),
            };
        }
    }
    best
}

type TerrainCase = (i64, i64, char, Vec<Sq>, Vec<Sq>, bool, bool, bool);

/// A random small board with holes, blockers and maybe the torus, and a covering kind.
fn terrain_cover() -> impl Strategy<Value = TerrainCase> {
    (
        1i64..=4,
        1i64..=4,
        0usize..5,
        prop::collection::vec(0i64..16, 0..3),
        prop::collection::vec(0i64..16, 0..3),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(rows, cols, k, holes, blockers, torus, independent, total)| {
                let n = rows * cols;
                let sq = |i: i64| ((i % n) % cols, (i % n) / cols);
                let mut holes: Vec<Sq> = holes.into_iter().map(sq).collect();
                holes.sort();
                holes.dedup();
                let mut blockers: Vec<Sq> = blockers
                    .into_iter()
                    .map(sq)
                    .filter(|s| !holes.contains(s))
                    .collect();
                blockers.sort();
                blockers.dedup();
                let kind = ['K', 'N', 'B', 'R', 'Q'][k];
                (rows, cols, kind, holes, blockers, torus, independent, total)
            },
        )
}

fn covered_on(case: &TerrainCase) -> Result<Option<(u32, u64)>, Error> {
    let (rows, cols, kind, holes, blockers, torus, independent, total) = case;
    let board = Board::new(*rows as u32, *cols as u32).unwrap();
    let at = |s: &Sq| Square::new(s.0 as u32, s.1 as u32);
    let terrain = queens::terrain::Terrain::new(&board)
        .with_torus(*torus)
        .with_holes(holes.iter().map(at))?
        .with_blockers(blockers.iter().map(at))?;
    let q = Beside {
        terrain: terrain.clone(),
        ..Beside::new(board, catalog().get(*kind).unwrap())
    };
    let found = cover(
        &q,
        &options(*independent, *total),
        EngineChoice::Auto,
        &Settings::default(),
    )?;
    Ok(found.map(|c| {
        // The example stands on free squares only and is a covering of the minimum size.
        assert!(c.example.pieces().iter().all(|p| terrain.is_free(p.square)));
        assert_eq!(c.example.len() as u32, c.min);
        (c.min, u64::try_from(c.count.expect("counted")).unwrap())
    }))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn coverings_with_holes_blockers_and_the_torus_match_the_oracle(case in terrain_cover()) {
        let want = terrain_oracle(&case);
        prop_assert_eq!(covered_on(&case).unwrap(), want, "{:?}", case);
    }
}

#[test]
fn coverings_on_terrain_match_the_oracle_on_every_hole_of_a_board() {
    // Each single hole, then each single blocker, of the 4x4 board, for every kind, on
    // the plane and on the torus: the symmetries the search uses must keep the terrain.
    for kind in ['K', 'N', 'B', 'R', 'Q'] {
        for i in 0..16 {
            let s = (i % 4, i / 4);
            for torus in [false, true] {
                for (holes, blockers) in [(vec![s], vec![]), (vec![], vec![s])] {
                    let case: TerrainCase = (4, 4, kind, holes, blockers, torus, false, false);
                    let want = terrain_oracle(&case);
                    assert_eq!(covered_on(&case).unwrap(), want, "{case:?}");
                }
            }
        }
    }
}

#[test]
fn cli_covers_boards_with_holes_blockers_and_the_torus() {
    let run = |args: &[&str]| {
        let o = common::queens(args);
        (exit(&o), String::from_utf8_lossy(&o.stdout).into_owned())
    };
    // Lines pass over holes; blockers stop them, and the torus wraps them.
    let want = terrain_oracle(&(4, 4, 'Q', vec![(1, 1)], vec![], false, false, false)).unwrap();
    assert_eq!(
        run(&["cover", "4", "--kind", "Q", "--holes", "b2"]),
        (0, format!("{} {}\n", want.0, want.1))
    );
    let want =
        terrain_oracle(&(4, 4, 'R', vec![], vec![(1, 1), (2, 2)], true, false, false)).unwrap();
    assert_eq!(
        run(&[
            "cover",
            "4",
            "--kind",
            "R",
            "--blockers",
            "b2,c3",
            "--torus"
        ]),
        (0, format!("{} {}\n", want.0, want.1))
    );
    let (code, out) = run(&["solve", "--cover", "--kind", "Q", "5", "--blockers", "c3"]);
    assert_eq!(code, 0);
    assert!(out.contains('o') && out.matches('Q').count() == 3, "{out}");
    let o = common::queens(&[
        "cover", "3", "--kind", "Q", "--fixed", "Qb2", "--holes", "b2",
    ]);
    assert_eq!(exit(&o), 2);
    assert!(String::from_utf8_lossy(&o.stderr).contains("fixed piece Qb2 stands on a hole"));
}
