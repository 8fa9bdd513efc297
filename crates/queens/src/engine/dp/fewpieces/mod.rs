//! A few pieces of any kinds on any board: exact counts for up to three pieces.
//!
//! Two methods, both inclusion–exclusion over the three pair conflicts of a triple
//! (injective triples, minus pairs in conflict, plus two conflicts sharing a piece,
//! minus triangles), and both on the conflict geometry of [`reach`]: pieces `x` on `s`
//! and `y` on `s + k·p` (`p` a primitive direction) conflict when `k` is in
//! `K_xy(p) = M_x(p) ∪ M_y(-p)`, the multiples of `p` that `x` reaches or `y` reaches
//! backwards.
//!
//! - [`open`]: the plain rectangle with nothing fixed. Every term is a sum over offsets
//!   of the number of places a shape fits, `(C - width)+ · (R - height)+`, taken in
//!   closed form over progressions of offsets: `O(1)` per direction for two pieces,
//!   `O(side)` per pair of directions for three. Two pieces of any kinds on sides up to
//!   10^9; three while the work stays under [`OPEN_MAX_WORK`] steps. Measured (one
//!   thread, CPU time, 2-core machine with a build running): 3 queens on 10^4 × 10^4 in
//!   0.24 s, on 10^5 × 10^5 in 2.4 s (time ∝ side; the sums over offsets before took
//!   48 s on 10^4 × 10^4); 2 queens on 10^8 × 10^8 in under 0.01 s.
//! - [`holes`]: holes (lines pass over them) and fixed pieces, three pieces in all, on
//!   boards of any size: inclusion–exclusion over the pieces that stand on holes, each
//!   term the open count or a count beside pieces pinned on holes or fixed, from their
//!   conflict rays: `O((holes + fixed) · side)` for three pieces. Taken when its
//!   estimated work is below the square-by-square method's (or that one is too large)
//!   and at most [`OPEN_MAX_WORK`] (3 queens on 10^6 × 10^6 with 3 holes: 38 s; with a
//!   fixed queen: 1.4 s).
//! - [`grid`]: holes, blockers, the torus and fixed pieces, square by square from
//!   [`crate::terrain::Terrain::attacks`]: `O(squares · degree²)` for three pieces.
//!   Boards while the estimated work stays under [`GRID_MAX_WORK`] and the lists under
//!   [`GRID_MAX_ENTRIES`]; larger ones are declined (blockers, or more than three
//!   pieces with the fixed ones, on a huge board would need corrections along the lines
//!   through them, with lines cut at blockers; that is not built).
//!
//! Regions are declined (their count is a constraint on the whole placement). Pieces of
//! one kind are interchangeable: the ordered count is divided by `count!` per kind.
//! Sums run in checked `i128` (signed: inclusion–exclusion), the final combination in
//! big integers.

pub(crate) mod grid;
pub(crate) mod holes;
pub(crate) mod open;
pub(crate) mod reach;

use num_bigint::{BigInt, BigUint};

use crate::engine::{Control, Count, Declaration, Engine, Job, Run};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::Problem;
use reach::Reach;

/// The fewpieces counter (see the [module docs](self)).
pub struct FewPiecesEngine;

/// The most pieces the engine counts.
pub const MAX_PIECES: u64 = 3;

/// The most steps (line sums, see `open::work`) the open-board and holes methods take:
/// about three minutes (3 queens on sides up to about 7.8·10^6; 10^6 takes 23 s).
pub const OPEN_MAX_WORK: u64 = 2_000_000_000;

/// The most estimated steps (squares times degree, squared for three pieces) of the
/// square-by-square method.
pub const GRID_MAX_WORK: u64 = 50_000_000_000;

/// The most estimated entries (squares times degree) of the square-by-square method's
/// lists.
pub const GRID_MAX_ENTRIES: u64 = 20_000_000;

/// The pieces still to place per kind (the spec less the fixed pieces).
fn free_counts(problem: &Problem) -> Vec<(PieceKind, u32)> {
    let fixed = problem.fixed().spec();
    problem
        .pieces()
        .iter()
        .map(|pc| {
            let placed = fixed
                .iter()
                .find(|f| f.kind == pc.kind)
                .map_or(0, |f| f.count);
            (pc.kind.clone(), pc.count - placed)
        })
        .collect()
}

/// The number of pieces still to place, counted without listing them (a problem may
/// place 10^9 queens, and a list of them would take gigabytes before any refusal).
fn free_total(problem: &Problem) -> u64 {
    free_counts(problem)
        .iter()
        .map(|(_, n)| u64::from(*n))
        .sum()
}

/// One kind per piece still to place, in the problem's order; only called once
/// [`free_total`] is at most [`MAX_PIECES`].
fn kinds(problem: &Problem) -> Vec<PieceKind> {
    free_counts(problem)
        .into_iter()
        .flat_map(|(kind, n)| std::iter::repeat_n(kind, n as usize))
        .collect()
}

/// Whether the problem is the open rectangle with nothing fixed.
fn open_board(problem: &Problem) -> bool {
    problem.terrain().is_plain() && problem.fixed().is_empty()
}

/// The holes, `(file, rank)`, when holes and fixed pieces are all the problem adds to
/// the open rectangle, and it has at most three pieces in all (the fixed ones included).
fn only_holes(problem: &Problem) -> Option<Vec<(i64, i64)>> {
    let t = problem.terrain();
    let plain = !t.torus() && t.blockers().next().is_none() && t.regions().is_none();
    let pieces = problem.fixed().len() as u64 + free_total(problem);
    (plain && pieces <= MAX_PIECES).then(|| {
        t.holes()
            .map(|s| (i64::from(s.file), i64::from(s.rank)))
            .collect()
    })
}

/// The fixed pieces' reaches and squares.
fn pins(problem: &Problem) -> Vec<(Reach, (i64, i64))> {
    problem
        .fixed()
        .pieces()
        .iter()
        .map(|f| {
            let s = f.square;
            (Reach::of(&f.kind), (i64::from(s.file), i64::from(s.rank)))
        })
        .collect()
}

/// Whether the holes method takes the problem: only holes, at most [`OPEN_MAX_WORK`],
/// and less work than walking the board square by square (or that walk too large).
fn by_holes(problem: &Problem, kinds: &[PieceKind]) -> Option<Vec<(i64, i64)>> {
    let holes = only_holes(problem)?;
    let b = problem.board();
    let (rows, cols) = (u64::from(b.rows()), u64::from(b.cols()));
    let reaches: Vec<Reach> = kinds.iter().map(Reach::of).collect();
    let refs: Vec<&Reach> = reaches.iter().collect();
    let work = holes::work(&refs, holes.len() + problem.fixed().len(), rows, cols);
    let (steps, entries) = grid_work(problem, kinds);
    let grid_too_large = steps > GRID_MAX_WORK || entries > GRID_MAX_ENTRIES;
    (work <= OPEN_MAX_WORK && (work < steps || grid_too_large) && open::small(&refs, rows, cols))
        .then_some(holes)
}

/// The estimated work of the square-by-square method: (steps, list entries).
fn grid_work(problem: &Problem, kinds: &[PieceKind]) -> (u64, u64) {
    let b = problem.board();
    let (rows, cols) = (u64::from(b.rows()), u64::from(b.cols()));
    let n = b.squares();
    let mut deg = 0u64;
    let mut seen: Vec<&PieceKind> = Vec::new();
    for k in kinds {
        if !seen.contains(&k) {
            seen.push(k);
            // On the torus a rider goes round: count it as reaching every square.
            let size = if problem.terrain().torus() && k.moves().iter().any(|m| m.range != 1) {
                n
            } else {
                Reach::of(k).size(rows, cols)
            };
            deg = deg.saturating_add(size);
        }
    }
    let deg = deg.min(n).max(1);
    let entries = n.saturating_mul(deg);
    let steps = if kinds.len() == 3 {
        entries.saturating_mul(deg)
    } else {
        entries
    };
    (steps, entries)
}

impl Engine for FewPiecesEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::FewPieces.as_str(),
            summary: "up to three pieces of any kinds, counted from the geometry of their conflicts \
             (open boards and holes to sides of 10^9 for two, past 10^6 for three; blockers, torus \
             and fixed pieces square by square)",
            jobs: &[Job::Count],
            handles_terrain: true,
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, _job: Job) -> Result<Run<'p>, String> {
        let k = free_total(problem);
        if k > MAX_PIECES {
            return Err(format!(
                "the fewpieces engine places at most {MAX_PIECES} pieces besides the fixed ones, \
                 and this problem places {k}"
            ));
        }
        if problem.terrain().regions().is_some() {
            return Err("the fewpieces engine does not count boards with regions".into());
        }
        let kinds = kinds(problem);
        let b = problem.board();
        let (rows, cols) = (u64::from(b.rows()), u64::from(b.cols()));
        if open_board(problem) {
            let reaches: Vec<Reach> = kinds.iter().map(Reach::of).collect();
            let refs: Vec<&Reach> = reaches.iter().collect();
            if !open::small(&refs, rows, cols) {
                return Err(format!(
                    "the fewpieces engine takes at most {} progressions of moves along one \
                     direction, and these kinds have more",
                    reach::MAX_PROGS
                ));
            }
            let work = open::work(&refs, rows, cols);
            if work > OPEN_MAX_WORK {
                return Err(format!(
                    "the fewpieces engine would take about {work} steps for three pieces of \
                     these kinds on this board (at most {OPEN_MAX_WORK})"
                ));
            }
            return Ok(FewPieces::run(kinds, Route::Open));
        }
        if let Some(holes) = by_holes(problem, &kinds) {
            return Ok(FewPieces::run(kinds, Route::Holes(holes)));
        }
        let (steps, entries) = grid_work(problem, &kinds);
        if let Some(holes) = only_holes(problem) {
            let reaches: Vec<Reach> = kinds.iter().map(Reach::of).collect();
            let refs: Vec<&Reach> = reaches.iter().collect();
            let work = holes::work(&refs, holes.len() + problem.fixed().len(), rows, cols);
            if work > OPEN_MAX_WORK && (steps > GRID_MAX_WORK || entries > GRID_MAX_ENTRIES) {
                return Err(format!(
                    "the fewpieces engine would take about {work} steps for these pieces with \
                     {} on this board (at most {OPEN_MAX_WORK})",
                    crate::words::plural(holes.len(), "hole")
                ));
            }
        }
        if steps > GRID_MAX_WORK || entries > GRID_MAX_ENTRIES {
            return Err(format!(
                "the fewpieces engine counts boards with holes, blockers, a torus or fixed pieces \
                 square by square, and this one is too large for that (about {steps} steps and \
                 {entries} list entries, at most {GRID_MAX_WORK} and {GRID_MAX_ENTRIES})"
            ));
        }
        Ok(FewPieces::run(kinds, Route::Grid))
    }
}

/// How an accepted problem is counted.
enum Route {
    /// The open board: from the geometry of the pieces' conflicts.
    Open,
    /// Holes (these, `(file, rank)`) and fixed pieces only: the open count less what
    /// the holes take.
    Holes(Vec<(i64, i64)>),
    /// Square by square.
    Grid,
}

/// A count the fewpieces engine accepted: the free pieces' kinds (one entry per
/// piece) and how they are counted.
struct FewPieces {
    kinds: Vec<PieceKind>,
    route: Route,
}

impl FewPieces {
    fn run<'p>(kinds: Vec<PieceKind>, route: Route) -> Run<'p> {
        Run::Count(Box::new(FewPieces { kinds, route }))
    }
}

impl Count for FewPieces {
    fn count(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        let kinds = &self.kinds;
        let b = problem.board();
        let ordered = match &self.route {
            Route::Open => {
                let reaches: Vec<Reach> = kinds.iter().map(Reach::of).collect();
                let refs: Vec<&Reach> = reaches.iter().collect();
                open::ordered(&refs, u64::from(b.rows()), u64::from(b.cols()), ctl)?
            }
            Route::Holes(holes) => {
                let reaches: Vec<Reach> = kinds.iter().map(Reach::of).collect();
                let refs: Vec<&Reach> = reaches.iter().collect();
                let pins = pins(problem);
                let fixed: Vec<(&Reach, (i64, i64))> = pins.iter().map(|(r, s)| (r, *s)).collect();
                let (rows, cols) = (u64::from(b.rows()), u64::from(b.cols()));
                holes::ordered(&refs, &fixed, holes, rows, cols, ctl)?
            }
            Route::Grid => grid::ordered(problem, kinds, ctl)?,
        };
        // Pieces of one kind are interchangeable.
        let mut same = BigInt::from(1u32);
        for (_, n) in free_counts(problem) {
            for i in 2..=n {
                same *= i;
            }
        }
        if &ordered % &same != BigInt::from(0u32) {
            return Err(Error::internal(format!(
                "the fewpieces engine's ordered count {ordered} does not divide by {same}"
            )));
        }
        (ordered / same)
            .to_biguint()
            .ok_or_else(|| Error::internal("the fewpieces engine counted below zero"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Catalog, EngineChoice, Placement, Settings, parse_spec};
    use proptest::prelude::*;

    fn problem(board: &str, spec: &str) -> Problem {
        Problem::new(
            board.parse::<Board>().unwrap(),
            parse_spec(spec, &Catalog::standard()).unwrap(),
            Placement::default(),
        )
        .unwrap()
    }

    fn ordered_both(p: &Problem) -> (BigInt, BigInt) {
        let kinds = kinds(p);
        let reaches: Vec<Reach> = kinds.iter().map(Reach::of).collect();
        let refs: Vec<&Reach> = reaches.iter().collect();
        let b = p.board();
        let ctl = Control::default();
        (
            open::ordered(&refs, u64::from(b.rows()), u64::from(b.cols()), &ctl).unwrap(),
            grid::ordered(p, &kinds, &ctl).unwrap(),
        )
    }

    /// A kind of random moves: steps up to 3 (so progressions of step 2 and 3 along one
    /// direction, and their unions), leaps, limited and unlimited riders.
    fn random_kind(letter: char, moves: &[(i32, i32, u32)]) -> PieceKind {
        let moves = moves
            .iter()
            .map(|&(df, dr, range)| crate::piece::Move { df, dr, range })
            .collect();
        PieceKind::new(letter, "random", "random", moves).unwrap()
    }

    /// One to three move lists for [`random_kinds`].
    fn random_moves() -> impl Strategy<Value = Vec<Vec<(i32, i32, u32)>>> {
        proptest::collection::vec(
            proptest::collection::vec(
                (-3i32..=3, -3i32..=3, 0u32..=4)
                    .prop_filter("a move goes somewhere", |m| (m.0, m.1) != (0, 0)),
                1..5,
            ),
            1..=3,
        )
    }

    /// Kinds `X`, `Y`, `Z` of those moves.
    fn random_kinds(moves: &[Vec<(i32, i32, u32)>]) -> Vec<PieceKind> {
        moves
            .iter()
            .zip(['X', 'Y', 'Z'])
            .map(|(moves, letter)| random_kind(letter, moves))
            .collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(60))]

        /// The closed forms of the open method against the square-by-square method on
        /// boards large enough for long progressions and their congruences.
        #[test]
        fn open_matches_grid_on_medium_boards(
            rows in 10u32..=26,
            cols in 10u32..=26,
            kinds in random_moves(),
        ) {
            let kinds = random_kinds(&kinds);
            let reaches: Vec<Reach> = kinds.iter().map(Reach::of).collect();
            let refs: Vec<&Reach> = reaches.iter().collect();
            let ctl = Control::default();
            let board = Board::new(rows, cols).unwrap();
            let spec = kinds
                .iter()
                .map(|k| crate::PieceCount { kind: k.clone(), count: 1 })
                .collect();
            let p = Problem::new(board, spec, Placement::default()).unwrap();
            let open = open::ordered(&refs, u64::from(rows), u64::from(cols), &ctl).unwrap();
            prop_assert_eq!(open, grid::ordered(&p, &kinds, &ctl).unwrap());
        }
    }

    /// The holes method and the square-by-square method on `rows × cols` with holes on
    /// `holes` (wrapped onto the board), `fixed` pieces and one free piece per kind;
    /// `None` when that is no problem (pieces that do not fit, a fixed piece on a hole).
    fn holes_and_grid(
        rows: u32,
        cols: u32,
        kinds: &[PieceKind],
        fixed: Vec<crate::Piece>,
        holes: &[(u32, u32)],
    ) -> Option<(BigInt, BigInt)> {
        let board = Board::new(rows, cols).unwrap();
        let holes = holes
            .iter()
            .map(|&(f, r)| crate::Square::new(f % cols, r % rows));
        let terrain = crate::terrain::Terrain::new(&board)
            .with_holes(holes)
            .ok()?;
        let spec = kinds
            .iter()
            .map(|k| crate::PieceCount {
                kind: k.clone(),
                count: 1 + fixed.iter().filter(|f| &f.kind == k).count() as u32,
            })
            .collect();
        let p = Problem::new(board, spec, Placement::new(fixed))
            .and_then(|p| p.with_terrain(terrain))
            .ok()?;
        let free = super::kinds(&p);
        let reaches: Vec<Reach> = free.iter().map(Reach::of).collect();
        let refs: Vec<&Reach> = reaches.iter().collect();
        let pins = pins(&p);
        let fixed: Vec<(&Reach, (i64, i64))> = pins.iter().map(|(r, s)| (r, *s)).collect();
        let hs = only_holes(&p).unwrap();
        let ctl = Control::default();
        let (r, c) = (u64::from(rows), u64::from(cols));
        Some((
            holes::ordered(&refs, &fixed, &hs, r, c, &ctl).unwrap(),
            grid::ordered(&p, &free, &ctl).unwrap(),
        ))
    }

    proptest::proptest! {
        #![proptest_config(ProptestConfig::with_cases(80))]

        /// The holes method against the square-by-square method: random kinds, 1 to 3
        /// pieces, up to 5 holes (pins on holes in a line, on each other's rays).
        #[test]
        fn holes_match_grid(
            rows in 3u32..=20,
            cols in 3u32..=20,
            kinds in random_moves(),
            holes in proptest::collection::vec((0u32..20, 0u32..20), 1..=5),
        ) {
            let kinds = random_kinds(&kinds);
            if let Some((ours, grid)) = holes_and_grid(rows, cols, &kinds, Vec::new(), &holes) {
                prop_assert_eq!(ours, grid);
            }
        }

        /// Fixed pieces as pins (three pieces in all), with holes or without, against
        /// the square-by-square method.
        #[test]
        fn fixed_pieces_match_grid(
            rows in 2u32..=16,
            cols in 2u32..=16,
            kinds in random_moves(),
            fixed in proptest::collection::vec((0u32..16, 0u32..16, 0usize..3), 1..=2),
            holes in proptest::collection::vec((0u32..16, 0u32..16), 0..=3),
        ) {
            let kinds = random_kinds(&kinds);
            // One free piece per kind, besides the fixed ones; three in all at most.
            prop_assume!(kinds.len() + fixed.len() <= 3);
            let fixed: Vec<crate::Piece> = fixed
                .iter()
                .map(|&(f, r, k)| crate::Piece {
                    kind: kinds[k % kinds.len()].clone(),
                    square: crate::Square::new(f % cols, r % rows),
                })
                .collect();
            if let Some((ours, grid)) = holes_and_grid(rows, cols, &kinds, fixed, &holes) {
                prop_assert_eq!(ours, grid);
            }
        }
    }

    /// The two methods agree with each other and with `exact` on small open boards.
    #[test]
    fn open_and_grid_agree_with_exact() {
        for board in ["3x1", "2x3", "5", "4x7", "6x5", "7x2"] {
            for spec in [
                "Q", "2N", "N,B", "3Q", "K,N,R", "2A,B", "Q,2K", "3B", "R,Q,A",
            ] {
                let p = problem(board, spec);
                let (o, g) = ordered_both(&p);
                assert_eq!(o, g, "{board} {spec}");
                let exact = crate::count(
                    &p,
                    EngineChoice::Named(crate::engine::EngineName::Exact),
                    &Settings::default(),
                )
                .unwrap();
                let ours = crate::count(
                    &p,
                    EngineChoice::Named(crate::engine::EngineName::FewPieces),
                    &Settings::default(),
                )
                .unwrap();
                assert_eq!(ours, exact, "{board} {spec}");
            }
        }
    }
}
