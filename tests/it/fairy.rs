//! Fairy pieces end to end: Betza-defined kinds against the published counts
//! (equivalent spellings of built-in kinds), against the independent brute-force oracle
//! on random small problems with random Betza strings, the parser's round trip and
//! robustness, and the `--piece` / `pieces` command line.
//!
//! The oracle's attack test for random Betza strings is written here from the
//! documented meaning of the notation (generated structurally, not parsed), so it
//! shares nothing with `queens::betza`.

use crate::common;

use common::oracle::{self, Small, Sq};
use common::{
    assert_contains, exact_engine_agrees_with_the_oracle, queens, stderr, stdout, truth_table,
};
use proptest::prelude::*;
use queens::fairy::catalog_with;
use queens::verify::pieces_conflict;
use queens::{
    Board, Catalog, EngineChoice, Placement, Problem, Settings, Square, betza, parse_spec,
};

// ---------------------------------------------------------------------------------
// Equivalent spellings of built-in kinds reproduce the truth table.

/// Built-in letter, Betza string with the same moves.
const SPELLINGS: &[(char, &str)] = &[('A', "QN"), ('K', "WF"), ('Q', "RB"), ('R', "WW")];

/// Rows whose published value is at most this are run; larger ones (and boards over
/// the exact engine's 4096 squares) would take the exact engine too long for a test.
const MAX_VALUE: u64 = 400_000;

/// Rows the truth test also leaves to counting methods, whatever their value.
const SLOW: &[(&str, &str)] = &[("6x12", "K18"), ("8x10", "K20")];

fn count_with(catalog: &Catalog, board: &str, spec: &str) -> String {
    let p = Problem::new(
        board.parse::<Board>().unwrap(),
        parse_spec(spec, catalog).unwrap(),
        Placement::default(),
    )
    .unwrap();
    queens::count(
        &p,
        EngineChoice::Named(queens::EngineName::Exact),
        &Settings::default(),
    )
    .unwrap()
    .to_string()
}

#[test]
fn betza_spellings_of_built_in_kinds_reproduce_the_truth_table() {
    let rows = truth_table("known_counts.tsv");
    for &(letter, text) in SPELLINGS {
        let catalog = catalog_with(&[format!("X={text}")]).unwrap();
        assert_eq!(
            catalog.get('X').unwrap().moves(),
            catalog.get(letter).unwrap().moves(),
            "{text} has the moves of {letter}"
        );
        let mut checked = 0;
        for row in &rows {
            let feasible = row.rows as u64 * row.cols as u64 <= 4096
                && row.value.parse::<u64>().is_ok_and(|v| v <= MAX_VALUE)
                && !SLOW.iter().any(|(board, spec)| row.is(board, spec));
            if !feasible || !row.pieces.iter().any(|p| p.0 == letter) {
                continue;
            }
            let spec = row
                .pieces
                .iter()
                .map(|&(k, n)| format!("{n}{}", if k == letter { 'X' } else { k }))
                .collect::<Vec<_>>()
                .join(",");
            let got = count_with(&catalog, &row.board(), &spec);
            row.assert_published(got, &format!("the exact engine as {spec} with X={text}"));
            checked += 1;
        }
        assert!(checked >= 5, "{text}: only {checked} rows checked");
    }
}

#[test]
fn command_line_spellings_agree() {
    for (builtin, spelled) in [
        (
            vec!["count", "8", "--pieces", "8A"],
            vec!["--piece", "X=QN", "--pieces", "8X"],
        ),
        (
            vec!["count", "6", "--pieces", "9K"],
            vec!["--piece", "X=WF", "--pieces", "9X"],
        ),
        (
            vec!["count", "8", "--pieces", "8Q"],
            vec!["--piece", "X=RB", "--pieces", "8X"],
        ),
        (
            vec!["count", "6", "--pieces", "6R"],
            vec!["--piece", "X=WW", "--pieces", "6X"],
        ),
        (
            vec!["count", "6", "--pieces", "2N,2B,R,Q"],
            vec![
                "--piece",
                "X=amazon",
                "--piece",
                "Y=FF",
                "--pieces",
                "2N,2Y,R,Q",
            ],
        ),
    ] {
        let want = queens(&builtin);
        let mut args = builtin[..2].to_vec();
        args.extend(&spelled);
        let got = queens(&args);
        assert_eq!(
            got.status.code(),
            want.status.code(),
            "{args:?}: {}",
            stderr(&got)
        );
        assert_eq!(stdout(&got), stdout(&want), "{args:?}");
    }
}

// ---------------------------------------------------------------------------------
// An independent reading of Betza strings, for the oracle.

/// One generated component: modifier token, atom, range (1 leap, 0 unlimited, n).
#[derive(Clone, Debug)]
struct Comp {
    modi: &'static str,
    atom: Atom,
    range: u32,
    /// How an unlimited range is written: doubled atom, or the number 0.
    zero: bool,
}

#[derive(Clone, Copy, Debug)]
enum Atom {
    /// W F D N A H C Z G, or a shorthand K Q R B.
    Letter(char),
    /// `(x,y)`.
    Leap(i64, i64),
}

const LEAPERS: &[(char, (i64, i64))] = &[
    ('W', (0, 1)),
    ('F', (1, 1)),
    ('D', (0, 2)),
    ('N', (1, 2)),
    ('A', (2, 2)),
    ('H', (0, 3)),
    ('C', (1, 3)),
    ('Z', (2, 3)),
    ('G', (3, 3)),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    Orthogonal,
    Diagonal,
    Oblique,
}

fn shape_of(a: i64, b: i64) -> Shape {
    match (a.abs(), b.abs()) {
        (0, _) | (_, 0) => Shape::Orthogonal,
        (a, b) if a == b => Shape::Diagonal,
        _ => Shape::Oblique,
    }
}

/// Modifier tokens a generated component may carry, by the atom's shape. Each is
/// written alone before its atom, so it is read as one group.
fn tokens(s: Shape) -> &'static [&'static str] {
    match s {
        Shape::Orthogonal => &["", "f", "b", "l", "r", "v", "s", "fl", "rb", "fbl"],
        Shape::Diagonal => &[
            "", "f", "b", "l", "r", "v", "s", "fl", "fr", "bl", "br", "lf", "rb",
        ],
        Shape::Oblique => &[
            "", "f", "b", "l", "r", "v", "s", "ff", "bb", "ll", "rr", "fs", "bs", "lv", "rv", "fl",
            "fr", "bl", "br", "lf", "rf", "lb", "rb", "hl", "hr",
        ],
    }
}

/// Tokens that mean the same on W and F (for K and Q).
const BOTH: &[&str] = &["", "f", "b", "l", "r", "v", "s"];

/// Whether direction `(x, y)` of an atom of shape `s` is taken by token `t`, from the
/// documented meaning of the notation.
fn takes(t: &str, s: Shape, x: i64, y: i64) -> bool {
    if t.is_empty() {
        return true;
    }
    let single = |c: char| match c {
        'f' => y > 0,
        'b' => y < 0,
        'l' => x < 0,
        'r' => x > 0,
        _ => unreachable!("v and s are read per shape below"),
    };
    let narrow = y.abs() > x.abs();
    let wide = x.abs() > y.abs();
    match s {
        Shape::Orthogonal => t.chars().any(|c| match c {
            'v' => x == 0,
            's' => y == 0,
            c => single(c),
        }),
        Shape::Diagonal => match t {
            "v" | "s" => true,
            _ => t.chars().all(single),
        },
        Shape::Oblique => match t {
            "v" => narrow,
            "s" => wide,
            "ff" => y > 0 && narrow,
            "bb" => y < 0 && narrow,
            "ll" => x < 0 && wide,
            "rr" => x > 0 && wide,
            "fs" => y > 0 && wide,
            "bs" => y < 0 && wide,
            "lv" => x < 0 && narrow,
            "rv" => x > 0 && narrow,
            "fl" | "fr" | "bl" | "br" => t.chars().all(single) && wide,
            "lf" | "rf" | "lb" | "rb" => t.chars().all(single) && narrow,
            "hl" | "hr" => {
                // Quarter turns clockwise of the narrow forward-right move.
                let (a, b) = (x.abs().min(y.abs()), x.abs().max(y.abs()));
                let mut m = (a, b);
                let mut orbit = Vec::new();
                for _ in 0..4 {
                    orbit.push(m);
                    m = (m.1, -m.0);
                }
                orbit.contains(&(x, y)) == (t == "hr")
            }
            _ => single(t.chars().next().unwrap()),
        },
    }
}

/// The (shape, range) parts of a component: shorthands stand for W and F.
fn parts(c: &Comp) -> Vec<((i64, i64), u32)> {
    match c.atom {
        Atom::Leap(a, b) => vec![((a, b), c.range)],
        Atom::Letter(l) => match l {
            'K' | 'Q' => vec![((0, 1), c.range), ((1, 1), c.range)],
            'R' => vec![((0, 1), c.range)],
            'B' => vec![((1, 1), c.range)],
            l => vec![(LEAPERS.iter().find(|p| p.0 == l).unwrap().1, c.range)],
        },
    }
}

/// Whether a piece made of `comps` on `a` attacks `b`.
fn attacks(comps: &[Comp], a: Sq, b: Sq) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    if (dx, dy) == (0, 0) {
        return false;
    }
    comps.iter().any(|c| {
        parts(c).into_iter().any(|((p, q), range)| {
            let m = p.abs().max(q.abs());
            // Every direction (x, y) with {|x|, |y|} = {p, q}.
            (-m..=m).any(|x| {
                (-m..=m).any(|y| {
                    let same = (x.abs() == p.abs() && y.abs() == q.abs())
                        || (x.abs() == q.abs() && y.abs() == p.abs());
                    if !same || !takes(c.modi, shape_of(p, q), x, y) {
                        return false;
                    }
                    // (dx, dy) = k (x, y) for some k in 1..=range (any k when 0).
                    let k = if x != 0 { dx / x } else { dy / y };
                    k >= 1 && dx == k * x && dy == k * y && (range == 0 || k <= range as i64)
                })
            })
        })
    })
}

fn write(comps: &[Comp]) -> String {
    let mut s = String::new();
    for c in comps {
        s.push_str(c.modi);
        match c.atom {
            Atom::Letter(l) => {
                s.push(l);
                let rider = "QRB".contains(l);
                match c.range {
                    1 if !rider => {}
                    0 if rider && !c.zero => {}
                    0 if !c.zero && l != 'K' => s.push(l),
                    n => s.push_str(&n.to_string()),
                }
            }
            Atom::Leap(a, b) => {
                let t = format!("({a},{b})");
                s.push_str(&t);
                match c.range {
                    1 => {}
                    0 if !c.zero => s.push_str(&format!("({b},{a})")),
                    n => s.push_str(&n.to_string()),
                }
            }
        }
    }
    s
}

fn comp() -> impl Strategy<Value = Comp> {
    let atom = prop_oneof![
        8 => (0..LEAPERS.len()).prop_map(|i| Atom::Letter(LEAPERS[i].0)),
        3 => prop::sample::select(vec!['K', 'Q', 'R', 'B']).prop_map(Atom::Letter),
        1 => (0i64..=2, 1i64..=4).prop_map(|(a, b)| Atom::Leap(a, b)),
    ];
    (
        atom,
        0usize..30,
        prop_oneof![3 => Just(1u32), 2 => Just(0u32), 1 => 2u32..=3],
        any::<bool>(),
    )
        .prop_map(|(atom, t, range, zero)| {
            let toks: &[&str] = match atom {
                Atom::Letter('K') | Atom::Letter('Q') => BOTH,
                Atom::Letter('R') => tokens(Shape::Orthogonal),
                Atom::Letter('B') => tokens(Shape::Diagonal),
                Atom::Letter(l) => {
                    let (a, b) = LEAPERS.iter().find(|p| p.0 == l).unwrap().1;
                    tokens(shape_of(a, b))
                }
                Atom::Leap(a, b) => tokens(shape_of(a, b)),
            };
            Comp {
                modi: toks[t % toks.len()],
                atom,
                range,
                zero,
            }
        })
}

/// The shape a component's atom is written with, to spot accidental doubling.
fn written_shape(a: Atom) -> (i64, i64, char) {
    match a {
        Atom::Leap(a, b) => (a.min(b), a.max(b), ' '),
        Atom::Letter(l) => match LEAPERS.iter().find(|p| p.0 == l) {
            Some(&(_, (a, b))) => (a, b, ' '),
            None => (0, 0, l),
        },
    }
}

fn piece() -> impl Strategy<Value = Vec<Comp>> {
    proptest::collection::vec(comp(), 1..=3).prop_map(|mut v| {
        // An atom written right after the same atom would read as a rider (or be
        // refused, for shorthands): give the second one a modifier to keep them apart.
        for i in 1..v.len() {
            if v[i].modi.is_empty() && written_shape(v[i].atom) == written_shape(v[i - 1].atom) {
                v[i].modi = "v";
            }
        }
        v
    })
}

/// A random small problem over letters X, Y (fairy) and N, R, Q (standard).
fn fairy_problem() -> impl Strategy<Value = (Vec<Comp>, Vec<Comp>, Small)> {
    (piece(), piece(), 1i64..=5, 1i64..=5)
        .prop_flat_map(|(x, y, rows, cols)| {
            let letters = prop::sample::select(vec!['X', 'X', 'Y', 'N', 'R', 'Q']);
            let kinds = proptest::collection::vec((letters, 1u32..=3), 1..=3);
            let fixed = proptest::collection::vec((0usize..3, 0..cols, 0..rows), 0..=1);
            (Just(x), Just(y), Just(rows), Just(cols), kinds, fixed)
        })
        .prop_map(|(x, y, rows, cols, kinds, fixed)| {
            let mut pieces: Vec<(char, u32)> = Vec::new();
            for (l, n) in kinds {
                match pieces.iter_mut().find(|p| p.0 == l) {
                    Some(p) => p.1 += n,
                    None => pieces.push((l, n)),
                }
            }
            let cap = (rows * cols) as u32;
            let mut total = 0;
            for p in pieces.iter_mut() {
                p.1 = p.1.min(cap - total);
                total += p.1;
            }
            pieces.retain(|p| p.1 > 0);
            let fixed = fixed
                .into_iter()
                .take(1)
                .map(|(k, f, r)| (pieces[k % pieces.len()].0, (f, r)))
                .collect();
            (
                x,
                y,
                Small {
                    rows,
                    cols,
                    pieces,
                    fixed,
                },
            )
        })
}

fn oracle_attacks<'a>(x: &'a [Comp], y: &'a [Comp]) -> impl Fn(char, Sq, Sq) -> bool + 'a {
    move |l, a, b| match l {
        'X' => attacks(x, a, b),
        'Y' => attacks(y, a, b),
        l => oracle::chess_attacks(l, a, b),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// The library's reading of a random Betza string attacks exactly the squares the
    /// independent reading does.
    #[test]
    fn parsed_attacks_match_the_independent_reading(p in piece()) {
        let text = write(&p);
        let kind = queens::fairy::kind('X', &text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        let board = Board::new(9, 11).unwrap();
        for i in 0..board.squares() as usize {
            let a = board.square_at(i);
            let set: Vec<Square> = kind.attacks(&board, a).collect();
            for j in 0..board.squares() as usize {
                let b = board.square_at(j);
                let want = attacks(&p, (a.file as i64, a.rank as i64), (b.file as i64, b.rank as i64));
                prop_assert_eq!(set.contains(&b), want, "{} from {} to {}", text, a, b);
                prop_assert_eq!(kind.attacks_square(a, b), want, "{} from {} to {}", text, a, b);
            }
        }
    }

    /// Exact-engine counts, enumerations and first solutions agree with the oracle.
    #[test]
    fn fairy_problems_match_the_oracle((x, y, s) in fairy_problem()) {
        let (tx, ty) = (write(&x), write(&y));
        let catalog = catalog_with(&[format!("X={tx}"), format!("Y={ty}")]).unwrap();
        let attacks = oracle_attacks(&x, &y);
        exact_engine_agrees_with_the_oracle(&s, &catalog, &attacks, &format!("X={tx} Y={ty}"))?;
    }

    /// The canonical form parses back to the same moves and is its own canonical form.
    #[test]
    fn canonical_form_round_trips(p in piece()) {
        let text = write(&p);
        let moves = betza::parse(&text).unwrap();
        let canon = betza::canonical(&moves);
        let again = betza::parse(&canon).map_err(|e| TestCaseError::fail(format!("{text} -> {canon}: {e}")))?;
        prop_assert_eq!(&again, &moves, "{} -> {}", text, canon);
        prop_assert_eq!(betza::canonical(&again), canon);
    }

    /// The normal form is the same piece on every terrain: for random Betza pieces,
    /// boards, holes, blockers and the torus, the squares the normalised kind attacks
    /// (the engines' geometry, `Terrain::attacks`) are those a direct walk of the moves
    /// as written reaches (a leap lands whatever stands between; a slide stops at its
    /// first blocker; on the torus lines wrap until back on their square).
    #[test]
    fn normal_form_attacks_what_the_written_moves_attack_on_every_terrain(
        p in piece(),
        rows in 1u32..=9,
        cols in 1u32..=9,
        marks in proptest::collection::vec(0u8..6, 81),
        torus in any::<bool>(),
        at in 0usize..81,
    ) {
        let text = write(&p);
        let kind = queens::fairy::kind('X', &text).unwrap();
        let written = betza::parse_written(&text).unwrap();
        let board = Board::new(rows, cols).unwrap();
        let n = (rows * cols) as usize;
        let sq = |i: usize| Square::new((i % cols as usize) as u32, (i / cols as usize) as u32);
        // About one square in six a blocker, one in six a hole.
        let blockers: Vec<Square> = (0..n).filter(|&i| marks[i] == 0).map(sq).collect();
        let holes: Vec<Square> = (0..n).filter(|&i| marks[i] == 1).map(sq).collect();
        let terrain = queens::terrain::Terrain::new(&board)
            .with_holes(holes).unwrap()
            .with_blockers(blockers.clone()).unwrap()
            .with_torus(torus);
        let from = sq(at % n);
        let mut want = std::collections::BTreeSet::new();
        for m in &written {
            let (mut f, mut r) = (i64::from(from.file), i64::from(from.rank));
            let mut k = 0u64;
            while m.range == 0 || k < u64::from(m.range) {
                k += 1;
                f += i64::from(m.df);
                r += i64::from(m.dr);
                if torus {
                    f = f.rem_euclid(i64::from(cols));
                    r = r.rem_euclid(i64::from(rows));
                } else if f < 0 || r < 0 || f >= i64::from(cols) || r >= i64::from(rows) {
                    break;
                }
                let to = Square::new(f as u32, r as u32);
                if to == from || blockers.contains(&to) {
                    break;
                }
                want.insert(to);
            }
        }
        let got: std::collections::BTreeSet<Square> =
            terrain.attacks(&board, &kind, from).into_iter().collect();
        prop_assert_eq!(got, want, "{} ({}) on {}x{}, torus {}", text, kind.notation(), rows, cols, torus);
    }

    /// Where a kind claims to slide along ranks (which bounds the exact engine's
    /// search), two pieces of it on one rank always conflict.
    #[test]
    fn rank_sliders_never_share_a_rank(p in piece()) {
        let kind = queens::fairy::kind('X', &write(&p)).unwrap();
        if kind.slides_along_ranks() {
            for f in 0..12u32 {
                for g in f + 1..12 {
                    prop_assert!(pieces_conflict(&kind, Square::new(f, 3), &kind, Square::new(g, 3)));
                }
            }
        }
    }

    /// Any text: an answer or an error, never a panic; errors point inside the text.
    #[test]
    fn arbitrary_strings_never_panic(text in "[fblrvshmcnjpgiaezqWFDNAHCZGKQRBOUX(),0-9 é\\[\\]-]{0,12}") {
        match betza::parse(&text) {
            Ok(moves) => {
                let canon = betza::canonical(&moves);
                prop_assert_eq!(betza::parse(&canon).unwrap(), moves);
            }
            Err(queens::Error::BadBetza { position, .. } | queens::Error::UnsupportedBetza { position, .. }) => {
                prop_assert!(position >= 1 && position <= text.chars().count() + 1, "{} at {}", text, position);
            }
            Err(e) => prop_assert!(false, "unexpected error kind for {}: {}", text, e),
        }
        let _ = queens::fairy::definition(&format!("X={text}"));
        let _ = queens::fairy::definition(&text);
    }

    #[test]
    fn any_unicode_never_panics(text in "\\PC{0,16}") {
        let _ = betza::parse(&text).map(|m| betza::canonical(&m));
        let _ = queens::fairy::definition(&text);
    }
}

// ---------------------------------------------------------------------------------
// Asymmetric and limited pieces, and the rank bound of the exact engine.

fn exact(catalog: &Catalog, board: &str, spec: &str, fixed: &str) -> u64 {
    let p = Problem::new(
        board.parse::<Board>().unwrap(),
        parse_spec(spec, catalog).unwrap(),
        Placement::parse(fixed, catalog).unwrap(),
    )
    .unwrap();
    queens::count(
        &p,
        EngineChoice::Named(queens::EngineName::Exact),
        &Settings::default(),
    )
    .unwrap()
    .try_into()
    .unwrap()
}

fn brute(rows: i64, cols: i64, pieces: &[(char, u32)], at: &dyn Fn(char, Sq, Sq) -> bool) -> u64 {
    oracle::count(
        &Small {
            rows,
            cols,
            pieces: pieces.to_vec(),
            fixed: vec![],
        },
        at,
    )
}

#[test]
fn asymmetric_and_limited_sliders_against_the_oracle() {
    // P: pawn-like "up" attacks; U: forward step only; L: lance; S: sideways rook;
    // E: right-only rook (still one per rank); M: rook limited to 2 steps (not one per
    // rank on wide boards); T: forward-left diagonal rider with a backward wazir.
    let defs = ["P=fF", "U=fW", "L=fR", "S=sR", "E=rR", "M=R2", "T=flBbW"];
    let catalog = catalog_with(&defs).unwrap();
    let k = |l: char| catalog.get(l).unwrap();
    assert!(!k('P').is_symmetric() && !k('U').is_symmetric() && !k('L').is_symmetric());
    assert!(k('S').slides_along_ranks() && k('E').slides_along_ranks());
    assert!(!k('M').slides_along_ranks() && !k('L').slides_along_ranks());
    let geo = |l: char, a: Sq, b: Sq| -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        match l {
            'P' => dy == 1 && dx.abs() == 1,
            'U' => dx == 0 && dy == 1,
            'L' => dx == 0 && dy > 0,
            'S' => dy == 0 && dx != 0,
            'E' => dy == 0 && dx > 0,
            'M' => (dx == 0) != (dy == 0) && dx.abs() <= 2 && dy.abs() <= 2,
            'T' => (dx == -dy && dx < 0) || (dx == 0 && dy == -1),
            l => oracle::chess_attacks(l, a, b),
        }
    };
    for (board, spec) in [
        ((4, 4), vec![('P', 8)]),
        ((5, 5), vec![('P', 10)]),
        ((4, 5), vec![('U', 10)]),
        ((4, 4), vec![('L', 4), ('P', 2)]),
        ((3, 6), vec![('S', 3)]),
        ((4, 6), vec![('E', 4), ('N', 2)]),
        ((3, 7), vec![('M', 6)]),
        ((3, 7), vec![('M', 5), ('E', 1)]),
        ((4, 4), vec![('T', 5)]),
        ((4, 5), vec![('T', 3), ('P', 3)]),
        ((5, 4), vec![('Q', 2), ('P', 4)]),
    ] {
        let text = spec
            .iter()
            .map(|(l, n)| format!("{n}{l}"))
            .collect::<Vec<_>>()
            .join(",");
        let want = brute(board.0, board.1, &spec, &geo);
        let got = exact(&catalog, &format!("{}x{}", board.0, board.1), &text, "");
        assert_eq!(got, want, "{}x{} {text}", board.0, board.1);
    }
    // Fixed asymmetric pieces: a pawn on b1 attacks a2 and c2 but not b2.
    assert_eq!(exact(&catalog, "3", "2P", "Pb1"), brute_fixed(&geo));
}

fn brute_fixed(geo: &dyn Fn(char, Sq, Sq) -> bool) -> u64 {
    oracle::count(
        &Small {
            rows: 3,
            cols: 3,
            pieces: vec![('P', 2)],
            fixed: vec![('P', (1, 0))],
        },
        geo,
    )
}

/// The chancellor count on 8x8, by brute force over rook placements (permutations).
#[test]
fn eight_chancellors() {
    let mut perm: Vec<i64> = (0..8).collect();
    let mut n = 0u64;
    // Heap's algorithm over all 8! rook placements; keep those with no knight attack.
    fn ok(p: &[i64]) -> bool {
        (0..p.len()).all(|i| {
            (i + 1..p.len()).all(|j| {
                let (dx, dy) = ((j - i) as i64, (p[j] - p[i]).abs());
                !((dx == 1 && dy == 2) || (dx == 2 && dy == 1))
            })
        })
    }
    fn heap(k: usize, p: &mut Vec<i64>, n: &mut u64) {
        if k == 1 {
            if ok(p) {
                *n += 1;
            }
            return;
        }
        for i in 0..k {
            heap(k - 1, p, n);
            if k.is_multiple_of(2) {
                p.swap(i, k - 1);
            } else {
                p.swap(0, k - 1);
            }
        }
    }
    heap(8, &mut perm, &mut n);
    let o = queens(&["count", "8", "--piece", "C=RN", "--pieces", "8C"]);
    assert_eq!(stdout(&o).trim(), n.to_string());
    let o = queens(&["count", "8", "--piece", "C=chancellor", "--pieces", "8C"]);
    assert_eq!(stdout(&o).trim(), n.to_string());
}

// ---------------------------------------------------------------------------------
// The command line.

#[test]
fn fairy_letters_work_in_every_job() {
    let o = queens(&[
        "solve", "8", "--piece", "C=RN", "--pieces", "8C", "--format", "coords",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let sol = stdout(&o);
    assert_eq!(sol.matches('C').count(), 8);
    let v = queens(&[
        "verify",
        "8",
        sol.trim(),
        "--piece",
        "C=RN",
        "--pieces",
        "8C",
    ]);
    assert_eq!(v.status.code(), Some(0), "{}", stdout(&v));
    // Without the definition the letter is unknown: bad input.
    assert_eq!(queens(&["verify", "8", sol.trim()]).status.code(), Some(2));
    // A knight's move apart: invalid, and the pair is named.
    let v = queens(&["verify", "8", "Ca1,Cb3", "--piece", "C=RN"]);
    assert_eq!(v.status.code(), Some(1));
    assert_contains(&stdout(&v), "Ca1 and Cb3 attack each other");
    // Asymmetric: the pawn on a1 attacks b2, the one on b2 does not attack a1.
    let v = queens(&["verify", "3", "Pa1,Pb2", "--piece", "P=fF"]);
    assert_contains(&stdout(&v), "Pa1 attacks Pb2");
    // all, with fixed fairy pieces.
    let all = queens(&[
        "all", "4", "--piece", "U=fW", "--pieces", "8U", "--fixed", "Ua1",
    ]);
    let lines = stdout(&all);
    assert!(!lines.is_empty() && lines.lines().all(|l| l.contains("Ua1")));
    let n = queens(&[
        "count", "4", "--piece", "U=fW", "--pieces", "8U", "--fixed", "Ua1",
    ]);
    assert_eq!(stdout(&n).trim(), lines.lines().count().to_string());
    // json and svg name the letter.
    let j = queens(&[
        "solve", "5", "--piece", "Z=NN", "--pieces", "5Z", "--format", "json",
    ]);
    assert_contains(&stdout(&j), "\"kind\":\"Z\"");
    let s = queens(&[
        "solve", "5", "--piece", "Z=NN", "--pieces", "5Z", "--format", "svg",
    ]);
    assert!(stdout(&s).contains(">Z</text>"));
}

#[test]
fn bad_definitions_exit_2_with_a_pointer() {
    let o = queens(&["count", "8", "--piece", "C=RxN", "--pieces", "8C"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("character 2") && e.contains("  RxN\n   ^"),
        "{e}"
    );
    for (def, needle) in [
        ("C=gQ", "hopper"),
        ("C=nN", "lame"),
        ("C=mRcpR", "'m'"),
        ("C=grasshopper", "grasshopper"),
        ("Q=RN", "built-in queen"),
        ("A=QN", "built-in amazon"),
        ("CN", "LETTER=BETZA"),
        ("c=RN", "capital"),
        ("C=", "empty"),
        ("C=knihgt", "not a known piece name"),
        ("C=R N", "spaces"),
        ("C=(1,4", "')'"),
    ] {
        let o = queens(&["count", "6", "--piece", def, "--pieces", "C"]);
        assert_eq!(o.status.code(), Some(2), "{def}");
        assert!(stderr(&o).contains(needle), "{def}: {}", stderr(&o));
    }
    let o = queens(&[
        "count", "6", "--piece", "C=RN", "--piece", "C=BN", "--pieces", "C",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("already defined"));
}

#[test]
fn pieces_lists_every_kind_with_a_diagram() {
    let o = queens(&["pieces"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    for n in queens::fairy::NAMED {
        assert!(text.contains(n.name), "{} is listed", n.name);
    }
    for k in ["K king", "Q queen", "A amazon"] {
        assert!(text.contains(k));
    }
    let o = queens(&["pieces", "--piece", "C=RN", "C", "nightrider", "fR"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("C chancellor") && text.contains("nightrider") && text.contains("lance")
    );
    // Diagrams are 9x9 around the piece: the lance sees 4 squares up, none down.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 11);
    let lance: Vec<String> = lines[2..]
        .iter()
        .map(|l| l.split("   ").nth(2).unwrap().to_string())
        .collect();
    assert_eq!(lance[0], ". . . . x . . . .");
    assert_eq!(lance[4], ". . . . * . . . .");
    assert_eq!(lance[5], ". . . . . . . . .");
    assert_eq!(queens(&["pieces", "gQ"]).status.code(), Some(2));
}

/// A DIMACS file for fairy pieces records their definitions, so `decode --cnf` reads a
/// solver's answer without `--piece`; the answer here is a solution the exact engine found,
/// written as the solver would (its variables looked up in the file's `c var` lines).
#[test]
fn dimacs_export_carries_fairy_definitions_to_decode() {
    let dir = std::env::temp_dir().join(format!("queens-fairy-dimacs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cnf = dir.join("c.cnf");
    let model = dir.join("c.out");
    let o = queens(&[
        "export",
        "6",
        "--piece",
        "C=chancellor",
        "--pieces",
        "6C",
        "--to",
        "dimacs",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.lines().any(|l| l == "c piece C=RN"), "{text}");
    std::fs::write(&cnf, &text).unwrap();
    let o = queens(&[
        "solve", "6", "--piece", "C=RN", "--pieces", "6C", "--format", "coords",
    ]);
    let solution = stdout(&o);
    let vars: Vec<String> = solution
        .split_whitespace()
        .map(|p| {
            let wanted = format!("C@{}", &p[1..]);
            text.lines()
                .find_map(|l| {
                    let w: Vec<&str> = l.split_whitespace().collect();
                    (w.len() == 4 && w[1] == "var" && w[3] == wanted).then(|| w[2].to_string())
                })
                .unwrap_or_else(|| panic!("no variable for {p}"))
        })
        .collect();
    std::fs::write(&model, format!("s SATISFIABLE\nv {} 0\n", vars.join(" "))).unwrap();
    let (cnf, model) = (cnf.to_str().unwrap(), model.to_str().unwrap());
    let o = queens(&["decode", "--cnf", cnf, "--model", model]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), solution);
    // Without the file, the definition comes from --piece as for export.
    let o = queens(&[
        "decode", "6", "--piece", "C=RN", "--pieces", "6C", "--model", model,
    ]);
    assert_eq!(stdout(&o), solution);
    let o = queens(&["decode", "6", "--pieces", "6C", "--model", model]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "an undefined letter is an input error"
    );
    std::fs::remove_dir_all(&dir).ok();
}
