//! The library's cargo features (`sat`, `parallel`): what each build has, and that
//! every build gives the published answers. CI runs this with the default features
//! (`cargo test --release` runs the library's tests too) and without them
//! (`cargo test -p queens --no-default-features`), the build that goes to the web.

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::time::Duration;

use queens::export::{Format, export};
use queens::{
    Board, Catalog, EngineChoice, Error, Placement, Problem, Settings, count, engine, parse_spec,
};

/// The truth table's rows on boards of at most 64 squares: (rows, cols, spec, count).
fn small_truth() -> Vec<(u32, u32, String, String)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/known_counts.tsv"
    );
    let text = std::fs::read_to_string(path).expect("the truth table is in testdata/");
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let (r, c): (u32, u32) = (cols[0].parse().ok()?, cols[1].parse().ok()?);
            (r * c <= 64).then(|| (r, c, spec(cols[2]), cols[3].to_string()))
        })
        .collect()
}

/// The truth table's pieces (`N1Q1`: a letter, then its number) as a piece spec
/// (`1N,1Q`).
fn spec(pieces: &str) -> String {
    let mut items = Vec::new();
    let mut rest = pieces;
    while let Some(letter) = rest.chars().next() {
        let digits = rest[1..].chars().take_while(char::is_ascii_digit).count();
        items.push(format!("{}{letter}", &rest[1..1 + digits]));
        rest = &rest[1 + digits..];
    }
    items.join(",")
}

#[test]
fn every_build_counts_the_published_answers_on_one_thread_and_on_three() {
    let catalog = Catalog::standard();
    let used = Mutex::new(BTreeSet::new());
    let listen = |name: &'static str| {
        used.lock().unwrap().insert(name);
    };
    let rows = small_truth();
    assert!(rows.len() > 100, "{} rows", rows.len());
    for (r, c, spec, want) in rows {
        let p = Problem::new(
            Board::new(r, c).unwrap(),
            parse_spec(&spec, &catalog).unwrap(),
            Placement::default(),
        )
        .unwrap();
        for threads in [1, 3] {
            let settings = Settings {
                threads,
                on_engine: Some(&listen),
                ..Settings::default()
            };
            let got = count(&p, EngineChoice::Auto, &settings).unwrap();
            assert_eq!(got.to_string(), want, "{r}x{c} {spec} on {threads} threads");
        }
    }
    // The engines that split their work over threads were among those that ran.
    let used = used.into_inner().unwrap();
    for name in ["nqueens", "amazons", "transfer"] {
        assert!(used.contains(name), "{name} did not run: {used:?}");
    }
    // And `exact` (rayon's parallel iterators, or their stand-ins), on a mix of kinds.
    let p = Problem::new(
        Board::square(6).unwrap(),
        parse_spec("2N,2B,R,Q", &catalog).unwrap(),
        Placement::default(),
    )
    .unwrap();
    for threads in [1, 3] {
        let settings = Settings {
            threads,
            ..Settings::default()
        };
        let n = count(
            &p,
            EngineChoice::Named(queens::EngineName::Exact),
            &settings,
        )
        .unwrap();
        assert_eq!(n, 104416u32.into(), "{threads} threads");
    }
}

#[test]
fn the_sat_engine_is_there_with_its_feature_and_refused_in_one_sentence_without() {
    let listed = engine::engine_names().contains(&"sat");
    let parsed = "sat".parse::<EngineChoice>();
    if cfg!(feature = "sat") {
        assert!(listed);
        assert_eq!(parsed, Ok(EngineChoice::Named(queens::EngineName::Sat)));
    } else {
        assert!(!listed);
        let e = parsed.unwrap_err();
        assert!(matches!(e, Error::Unsupported(_)), "{e:?}");
        assert_eq!(
            e.to_string(),
            "the sat engine is not built in (the library was built without its `sat` feature)"
        );
        // Named without parsing, the same sentence.
        let p = Problem::queens(8).unwrap();
        let e = count(
            &p,
            EngineChoice::Named(queens::EngineName::Sat),
            &Settings::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("not built in"), "{e}");
    }
    // Other names are unknown as before.
    assert!(matches!(
        "magic".parse::<EngineChoice>(),
        Err(Error::UnknownEngine { .. })
    ));
}

#[test]
fn the_exports_need_no_solver() {
    let p = Problem::queens(4).unwrap();
    let cnf = export(&p, Format::Dimacs).unwrap();
    assert!(cnf.starts_with("c ") || cnf.contains("p cnf"), "{cnf}");
    assert!(cnf.contains("p cnf 16 "), "{cnf}");
    assert!(export(&p, Format::Minizinc).unwrap().contains("solve"));
    assert!(export(&p, Format::Xcsp3).unwrap().contains("<instance"));
}

#[test]
fn a_time_budget_ends_a_long_count_natively_in_every_build() {
    // Natively the clock runs with or without features: 20 queens do not finish in
    // 50 ms, and the job ends on its budget.
    let settings = Settings {
        threads: 1,
        time_budget: Some(Duration::from_millis(50)),
        ..Settings::default()
    };
    let start = std::time::Instant::now();
    let e = count(&Problem::queens(20).unwrap(), EngineChoice::Auto, &settings).unwrap_err();
    assert!(matches!(e, Error::Budget { .. }), "{e:?}");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}
