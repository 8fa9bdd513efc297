//! Streamed N-queens enumeration (the `nqueens` engine's `Job::Enumerate`,
//! `queens::engine::enumerate_perm`, and `all`'s fast coords/perm writer): the same
//! solutions as the general `exact` engine, one for one and in its order; the published
//! counts; `--limit`, budgets and cancellation; bytes on stdout the same as the generic
//! path's.

use crate::common;

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use common::{assert_contains, problem, queens, stderr, stdout, truth_table};
use queens::engine::{enumerate_perm, picked};
use queens::perm::{EMPTY, Perm};
use queens::{Catalog, EngineChoice, Error, Job, Placement, Problem, Settings, enumerate};

/// `min(rows, cols)` queens on `rows x cols`, nothing fixed.
fn plain(rows: u32, cols: u32) -> Problem {
    problem(
        &format!("{rows}x{cols}"),
        &format!("{}Q", rows.min(cols)),
        "",
    )
}

/// Every solution `engine` lists, in its order.
fn listed(p: &Problem, engine: &'static str) -> Vec<Placement> {
    common::listed(
        p,
        EngineChoice::Named(queens::EngineName::parse(engine).unwrap()),
        &Settings::default(),
    )
}

/// Every solution as ranks per file, by `choice`.
fn ranks(p: &Problem, choice: EngineChoice) -> Vec<Vec<u32>> {
    let mut all = Vec::new();
    enumerate_perm(p, choice, &Settings::default(), &mut |r| {
        all.push(r.to_vec());
        ControlFlow::Continue(())
    })
    .unwrap();
    all
}

/// Boards: squares 1..=12 and rectangles both ways round (wide boards leave files
/// empty, tall ones ranks).
fn boards() -> Vec<(u32, u32)> {
    let mut b: Vec<(u32, u32)> = (1..=12).map(|n| (n, n)).collect();
    for (r, c) in [
        (1, 5),
        (2, 6),
        (3, 5),
        (4, 7),
        (5, 8),
        (6, 9),
        (7, 10),
        (8, 11),
    ] {
        b.push((r, c));
        b.push((c, r));
    }
    b
}

#[test]
fn auto_lists_plain_queens_with_the_nqueens_engine() {
    for (r, c) in [(8, 8), (5, 9), (9, 5), (64, 64)] {
        let p = plain(r, c);
        let e = picked(EngineChoice::Auto, &p, Job::Enumerate, &Settings::default()).unwrap();
        assert_eq!(e, "nqueens", "{r}x{c}");
    }
    // Not plain: the general engine, as before.
    let p = problem("8", "7Q", "");
    let e = picked(EngineChoice::Auto, &p, Job::Enumerate, &Settings::default()).unwrap();
    assert_eq!(e, "exact");
    let p = problem("8", "8Q", "Qa1");
    let e = picked(EngineChoice::Auto, &p, Job::Enumerate, &Settings::default()).unwrap();
    assert_eq!(e, "exact");
    // Counting still counts without listing (has_solution and friends rely on it).
    assert_eq!(
        picked(
            EngineChoice::Auto,
            &plain(8, 8),
            Job::Count,
            &Settings::default()
        )
        .unwrap(),
        "nqueens"
    );
}

#[test]
fn nqueens_lists_what_exact_lists_in_the_same_order() {
    for (r, c) in boards() {
        let p = plain(r, c);
        let ours = listed(&p, "nqueens");
        let theirs = listed(&p, "exact");
        assert_eq!(ours.len(), theirs.len(), "{r}x{c}");
        assert!(ours == theirs, "{r}x{c}: the order differs");
        // The rank form: the nqueens engine natively, exact converted, and both the
        // placements' own perms.
        let native = ranks(&p, EngineChoice::Named(queens::EngineName::NQueens));
        let converted = ranks(&p, EngineChoice::Named(queens::EngineName::Exact));
        assert!(native == converted, "{r}x{c}: ranks differ");
        let board = *p.board();
        for (s, rk) in theirs.iter().zip(&native) {
            assert_eq!(Perm::from_placement(&board, s).unwrap().ranks(), &rk[..]);
        }
    }
}

#[test]
fn counts_are_the_published_ones() {
    // A000170 up to 14 and the A269133 rectangles with sides up to 12 (both ways).
    let rows: Vec<_> = truth_table("known_counts.tsv")
        .into_iter()
        .filter(|t| t.pieces == [('Q', t.rows.min(t.cols))])
        .filter(|t| t.rows.max(t.cols) <= 14 && (t.rows == t.cols || t.cols <= 12))
        .collect();
    assert!(rows.len() >= 40, "{} rows", rows.len());
    assert!(rows.iter().any(|t| t.rows == 14 && t.value == "365596"));
    for t in rows {
        for (r, c) in [(t.rows, t.cols), (t.cols, t.rows)] {
            let mut n = 0u64;
            enumerate_perm(
                &plain(r, c),
                EngineChoice::Auto,
                &Settings::default(),
                &mut |_| {
                    n += 1;
                    ControlFlow::Continue(())
                },
            )
            .unwrap();
            assert_eq!(n.to_string(), t.value, "{r}x{c} ({})", t.source);
        }
    }
}

#[test]
fn every_listed_solution_verifies_and_none_repeats() {
    for (r, c) in [(13, 13), (9, 11), (11, 9)] {
        let p = plain(r, c);
        let board = *p.board();
        let mut seen = std::collections::HashSet::new();
        enumerate_perm(&p, EngineChoice::Auto, &Settings::default(), &mut |rk| {
            let perm = Perm::new(board, rk.to_vec()).unwrap();
            assert!(perm.is_valid(), "{r}x{c}: {rk:?}");
            assert_eq!(perm.queens() as u32, r.min(c));
            assert!(seen.insert(rk.to_vec()), "{r}x{c}: {rk:?} twice");
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(!seen.is_empty());
    }
}

/// What `all` printed before the fast path, from exact's placements and the generic
/// text of each format.
fn generic_text(p: &Problem, format: &str) -> String {
    let board = *p.board();
    listed(p, "exact")
        .iter()
        .enumerate()
        .map(|(i, s)| match format {
            "coords" => format!("{s}\n"),
            "perm" => Perm::from_placement(&board, s).unwrap().to_text(),
            "json" => format!("{}\n", queens::render::json(&board, s)),
            // Diagrams: a blank line between two.
            "board" => {
                let sep = if i == 0 { "" } else { "\n" };
                format!("{sep}{}", queens::render::diagram(&board, s))
            }
            _ => unreachable!(),
        })
        .collect()
}

#[test]
fn all_prints_the_same_bytes_as_the_generic_path() {
    let mut cases: Vec<(u32, u32)> = (1..=12).map(|n| (n, n)).collect();
    cases.extend([(4, 6), (6, 4), (6, 9), (9, 6), (1, 7), (7, 1)]);
    for (r, c) in cases {
        let p = plain(r, c);
        let board = format!("{r}x{c}");
        for format in ["coords", "perm", "json", "board"] {
            let want = generic_text(&p, format);
            let o = queens(&["all", &board, "--format", format]);
            let got = stdout(&o);
            assert!(got == want, "all {board} --format {format}");
            assert_eq!(
                o.status.code(),
                Some(if want.is_empty() { 1 } else { 0 }),
                "{board}"
            );
        }
        // The default format is coords here; `--engine exact` takes the same writer.
        let coords = generic_text(&p, "coords");
        assert!(stdout(&queens(&["all", &board])) == coords, "all {board}");
        let o = queens(&["all", &board, "--engine", "exact"]);
        assert!(stdout(&o) == coords, "all {board} --engine exact");
    }
}

#[test]
fn printed_solutions_verify() {
    // Through the binary, 13 queens in full: every coords line is a solution, and the
    // perm lines are the same solutions.
    let p = plain(13, 13);
    let coords = stdout(&queens(&["all", "13"]));
    let perms = stdout(&queens(&["all", "13", "--format", "perm"]));
    assert_eq!(coords.lines().count(), 73712);
    assert_eq!(perms.lines().count(), 73712);
    let catalog = Catalog::standard();
    for (line, perm) in coords.lines().zip(perms.lines()).step_by(7) {
        let s = Placement::parse(line, &catalog).unwrap();
        assert!(p.accepts(&s), "{line}");
        let q = Perm::parse_text(perm, Some(*p.board())).unwrap();
        assert_eq!(q.to_placement(), s, "{perm}");
    }
}

#[test]
fn the_limit_cuts_the_same_listing() {
    let full = stdout(&queens(&["all", "12"]));
    let first: String = full.lines().take(7).map(|l| format!("{l}\n")).collect();
    let o = queens(&["all", "12", "--limit", "7"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), first);
    let o = queens(&["all", "12", "--limit", "7", "--format", "perm"]);
    assert_eq!(stdout(&o).lines().count(), 7);
    // A limit beyond the count lists all; none at all still says whether one exists.
    let o = queens(&["all", "6", "--limit", "1000"]);
    assert_eq!(stdout(&o).lines().count(), 4);
    let o = queens(&["all", "6", "--limit", "0"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), ""));
    let o = queens(&["all", "3", "--limit", "5"]);
    assert_eq!(o.status.code(), Some(1));
    assert_contains(&stderr(&o), "no solution");
    // And in the library, in a replayed (mirror) group: the first k of the listing.
    let p = plain(10, 10);
    let all = ranks(&p, EngineChoice::Auto);
    for k in [1, 300, 700] {
        let mut got = Vec::new();
        enumerate_perm(&p, EngineChoice::Auto, &Settings::default(), &mut |r| {
            got.push(r.to_vec());
            if got.len() == k {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert!(got[..] == all[..k], "first {k}");
    }
}

#[test]
fn budgets_and_cancellation_stop_the_listing() {
    // 16 queens: 14.7 million lines, far more than 0.2 s.
    let o = queens(&["all", "16", "--budget-secs", "0.2"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert_contains(&stderr(&o), "no answer within the budget");
    assert!(!stderr(&o).contains("no solution"));
    let text = stdout(&o);
    let p = plain(16, 16);
    let catalog = Catalog::standard();
    // What was printed are whole lines of solutions.
    assert!(text.is_empty() || text.ends_with('\n'));
    for line in text.lines().take(1000) {
        assert!(
            p.accepts(&Placement::parse(line, &catalog).unwrap()),
            "{line}"
        );
    }
    // A step budget: nqueens counts no steps, so auto lists with exact (as before) and
    // naming nqueens is refused with a sentence.
    let o = queens(&["all", "8", "--budget-steps", "100"]);
    assert_eq!(o.status.code(), Some(3));
    let o = queens(&["all", "8", "--budget-steps", "100", "--engine", "nqueens"]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "does not take a step budget");
    // The library: a time budget is Error::Budget, a cancel Error::Interrupted.
    let settings = Settings {
        time_budget: Some(std::time::Duration::from_millis(50)),
        ..Settings::default()
    };
    let r = enumerate_perm(&plain(18, 18), EngineChoice::Auto, &settings, &mut |_| {
        ControlFlow::Continue(())
    });
    assert!(matches!(r, Err(Error::Budget { .. })), "{r:?}");
    let stop = AtomicBool::new(true);
    let settings = Settings {
        cancel: Some(&stop),
        ..Settings::default()
    };
    let mut n = 0u64;
    let r = enumerate(&plain(16, 16), EngineChoice::Auto, &settings, &mut |_| {
        n += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(r, Err(Error::Interrupted));
    assert!(n < 100_000, "{n} listed after the cancel");
}

#[test]
fn naming_nqueens_for_other_problems_is_refused_with_its_sentence() {
    let o = queens(&["all", "8", "--pieces", "7Q", "--engine", "nqueens"]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "the nqueens engine only lists plain N-queens");
    // The count's sentence is as it was (the Python tests hold it word for word).
    let o = queens(&["count", "8", "--pieces", "2N", "--engine", "nqueens"]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(
        &stderr(&o),
        "the nqueens engine only counts plain N-queens (min(rows, cols) queens, nothing fixed)",
    );
}

#[test]
fn threads_change_nothing() {
    let one = stdout(&queens(&["all", "11", "--threads", "1"]));
    let two = stdout(&queens(&["all", "11", "--threads", "2"]));
    assert_eq!(one.lines().count(), 2680);
    assert!(one == two);
}

#[test]
fn the_rank_form_refuses_other_kinds_and_converts_other_queens() {
    let r = enumerate_perm(
        &problem("6", "2Q,N", ""),
        EngineChoice::Auto,
        &Settings::default(),
        &mut |_| ControlFlow::Continue(()),
    );
    assert!(matches!(r, Err(Error::Unsupported(_))), "{r:?}");
    // Queens that are not plain N-queens go through exact, converted: 7 queens on 8x8
    // with one fixed leave a file empty.
    let p = problem("8", "7Q", "Qa1");
    let all = ranks(&p, EngineChoice::Auto);
    assert_eq!(all.len(), listed(&p, "exact").len());
    assert!(all.iter().all(|r| r[0] == 0 && r.contains(&EMPTY)));
    // Blockers can put two queens on one file: refused with a sentence, not a panic.
    let p = problem("3x1", "2Q", "");
    let terrain = queens::terrain::Terrain::new(p.board())
        .with_blockers(["a2".parse().unwrap()])
        .unwrap();
    let p = p.with_terrain(terrain).unwrap();
    let r = enumerate_perm(&p, EngineChoice::Auto, &Settings::default(), &mut |_| {
        ControlFlow::Continue(())
    });
    match r {
        Err(Error::Unsupported(why)) => assert!(why.contains("two queens on one file"), "{why}"),
        other => panic!("{other:?}"),
    }
}
