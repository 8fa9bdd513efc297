//! The most pieces of one kind that can stand without attacks (alongside other given
//! pieces), and in how many ways.
//!
//! Removing a piece from a valid placement leaves a valid placement, so the sizes that
//! can stand are `0..=max`: the search walks `k = 0, 1, …` until `k` pieces no longer
//! fit, then counts the placements of the last size that did. Each step asks `count`
//! when a counting method (not enumeration) takes the problem, else `solve`, which stops
//! at the first placement. For leapers alone one transfer run gives every size at once.
//!
//! # Closed forms
//!
//! One standard kind alone on the open rectangle has a known maximum, and mostly a
//! known number of ways ([`closed`]): no search walks the sizes, at any size the board
//! takes (`max 1000000000 --kind N` answers at once), in exact big integers, or the
//! answer is refused by size with one sentence (a number of more than a million digits,
//! or a count no formula gives and no engine finishes). Where no formula for the number
//! is known (queens, kings on boards with both sides even) the fastest engine that
//! takes it counts, with the settings' budget. Every closed form is tested against the
//! search on all small boards.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::engine::{Control, EngineChoice, Settings};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::{PieceCount, Problem};
use crate::query::Beside;

pub mod closed;

pub use closed::{ClosedForm, Formula, Ways, closed_form};

/// The answer of [`maximum`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maximum {
    /// The most pieces of the kind that can join the others.
    pub pieces: u64,
    /// The number of placements with that many.
    pub placements: BigUint,
}

fn with_extra(base: &[PieceCount], kind: &PieceKind, k: u32) -> Vec<PieceCount> {
    let mut v = base.to_vec();
    match v.iter_mut().find(|p| p.kind == *kind) {
        Some(p) => p.count += k,
        None => v.push(PieceCount {
            kind: kind.clone(),
            count: k,
        }),
    }
    v
}

/// The most pieces of `q`'s kind that can stand on its board together with the given
/// pieces (and the fixed pieces), and the number of such placements. `None` when the
/// given and fixed pieces alone have no solution. On a terrain holes, blockers and the
/// torus apply; regions fix the number of pieces, so a terrain with regions is refused.
///
/// ```
/// use queens::{Board, EngineChoice, PieceKind, Settings, maximum::maximum, query::Beside};
/// use queens::terrain::Terrain;
/// let s = Settings::default();
/// let q = Beside::new(Board::square(8).unwrap(), PieceKind::king());
/// let m = maximum(&q, EngineChoice::Auto, &s).unwrap().unwrap();
/// assert_eq!((m.pieces, m.placements), (16, 281571u32.into()));
/// let b = Board::square(4).unwrap();
/// let t = Terrain::new(&b).with_blockers(["b2".parse().unwrap(), "c3".parse().unwrap()]).unwrap();
/// let q = Beside { terrain: t, ..Beside::new(b, PieceKind::queen()) };
/// let m = maximum(&q, EngineChoice::Auto, &s).unwrap().unwrap();
/// // Blockers on b2 and c3 part lines, yet four queens remain the most (in 2 ways).
/// assert_eq!((m.pieces, m.placements), (4, 2u32.into()));
/// ```
pub fn maximum(
    q: &Beside,
    choice: EngineChoice,
    settings: &Settings,
) -> Result<Option<Maximum>, Error> {
    let Beside {
        board,
        terrain,
        given: base,
        fixed,
        kind,
    } = q;
    let board = *board;
    if terrain.regions().is_some() {
        return Err(Error::BadTerrain(
            "max takes no regions: the regions already fix how many pieces stand".into(),
        ));
    }
    if !terrain.fits(&board) {
        return Err(Error::BadTerrain(format!(
            "the terrain was made for another board than {board}"
        )));
    }
    let ctl = &Control::start(settings)?;
    let base_total: u64 = base.iter().map(|p| p.count as u64).sum();
    let free = board.squares() - (terrain.holes().count() + terrain.blockers().count()) as u64;
    let room = free.saturating_sub(base_total);
    let limit = u32::try_from(room).unwrap_or(u32::MAX);
    let problem = |k: u32| {
        Problem::new(board, with_extra(base, kind, k), fixed.clone())?.with_terrain(terrain.clone())
    };
    // Fixed pieces count toward the spec and the kind: the fewest pieces of the kind
    // beside `base` is the number fixed beyond those `base` already has.
    let fixed_of = |k: &PieceKind| fixed.pieces().iter().filter(|p| p.kind == *k).count() as u64;
    let in_base = |k: &PieceKind| {
        base.iter()
            .filter(|p| p.kind == *k)
            .map(|p| p.count as u64)
            .sum::<u64>()
    };
    let least = fixed_of(kind).saturating_sub(in_base(kind)) as u32;
    for p in fixed.pieces() {
        if p.kind != *kind && fixed_of(&p.kind) > in_base(&p.kind) {
            return Err(Error::TooManyFixed {
                kind: p.kind.letter(),
                fixed: fixed_of(&p.kind),
                allowed: in_base(&p.kind),
            });
        }
    }

    if base.is_empty()
        && fixed.is_empty()
        && terrain.is_plain()
        && let Some(found) = closed_form(&board, kind)
    {
        let placements = match found.ways {
            Ways::Formula(f) => f.evaluate()?,
            Ways::Engines => {
                let k = u32::try_from(found.pieces).map_err(|_| {
                    Error::internal(format!("{} pieces counted by the engines", found.pieces))
                })?;
                crate::engine::count_with(&problem(k)?, choice, ctl)?
            }
            Ways::Refused(e) => return Err(e),
        };
        return Ok(Some(Maximum {
            pieces: found.pieces,
            placements,
        }));
    }

    // Leapers alone: one transfer table up to a full board answers every size.
    if choice == EngineChoice::Auto && room <= 144 && terrain.is_plain() {
        let full = problem(limit.max(least))?;
        if let Some(table) = crate::engine::counts_by_size(&full, ctl) {
            let table = table?;
            let fixed_n = fixed.len();
            let best = (0..table.len()).rev().find(|&k| !table[k].is_zero());
            return Ok(best
                .filter(|&k| k >= fixed_n && k as u64 >= base_total)
                .map(|k| Maximum {
                    pieces: (k - base_total as usize) as u64,
                    placements: table[k].clone(),
                }));
        }
    }

    let fits =
        |k: u32| -> Result<bool, Error> { crate::engine::has_solution(&problem(k)?, choice, ctl) };
    if least > limit || !fits(least)? {
        return Ok(None);
    }
    let mut k = least;
    while k < limit && fits(k + 1)? {
        k += 1;
        ctl.report(u64::from(k), u64::from(limit));
    }
    let placements = crate::engine::count_with(&problem(k)?, choice, ctl)?;
    Ok(Some(Maximum {
        pieces: u64::from(k),
        placements,
    }))
}

/// The `engines` report's summary of [`closed_form_verdict`]'s paragraph.
pub const MAX_SUMMARY: &str = "the most pieces of one kind alone on the open board, by closed form";

/// What `max --kind` does with the one kind of `problem` alone on its open board, for
/// the `engines` report: `Some(Ok(how))` when a closed form answers (the most, and how
/// the ways are had), `Some(Err(why))` when it refuses by size, `None` when no closed
/// form applies (several kinds, fixed pieces, terrain, or a kind without one): then
/// `max` walks the sizes with the engines.
///
/// ```
/// use queens::{Catalog, Problem, maximum::closed_form_verdict};
/// let p = Problem::parse("1000", Some("N"), None, &Catalog::standard()).unwrap();
/// assert_eq!(closed_form_verdict(&p).unwrap().unwrap(),
///     "500000 by ceil(rows*cols/2), in 2 ways");
/// let q = Problem::parse("100", Some("Q"), None, &Catalog::standard()).unwrap();
/// assert!(closed_form_verdict(&q).unwrap().unwrap_err().contains("sides up to 64"));
/// ```
pub fn closed_form_verdict(problem: &Problem) -> Option<Result<String, String>> {
    let [only] = problem.pieces() else {
        return None;
    };
    if !problem.fixed().is_empty() || !problem.terrain().is_plain() {
        return None;
    }
    let found = closed_form(problem.board(), &only.kind)?;
    let most = format!("{} by {}", found.pieces, found.rule);
    Some(match found.ways {
        Ways::Formula(f) => Ok(format!("{most}, in {} ways", f.text())),
        Ways::Engines => Ok(format!("{most}, the ways counted by the engines")),
        Ways::Refused(e) => Err(e.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::problem::Placement;

    #[test]
    fn closed_forms_agree_with_the_search_on_small_boards() {
        let settings = Settings::default();
        let boards = (1..=7u32)
            .flat_map(|r| (1..=7u32).map(move |c| (r, c)))
            .chain([(1, 8), (2, 8), (2, 9), (3, 8), (4, 8), (8, 2), (8, 3)]);
        for (r, c) in boards {
            for kind in [
                PieceKind::king(),
                PieceKind::knight(),
                PieceKind::bishop(),
                PieceKind::rook(),
                PieceKind::queen(),
            ] {
                let board = Board::new(r, c).unwrap();
                let Some(found) = closed_form(&board, &kind) else {
                    continue;
                };
                // The walk over sizes with the exact engine, closed forms unused.
                let searched = search(board, &kind, &settings);
                assert_eq!(searched.pieces, found.pieces, "{kind} on {board}");
                match found.ways {
                    Ways::Formula(f) => {
                        assert_eq!(
                            searched.placements,
                            f.evaluate().unwrap(),
                            "{kind} on {board}"
                        );
                        let digits = searched.placements.to_string().len() as u64;
                        assert!(f.digits().abs_diff(digits) <= 1, "{kind} on {board}");
                    }
                    Ways::Engines => {}
                    Ways::Refused(e) => panic!("{kind} on {board} refused: {e}"),
                }
            }
        }
    }

    /// The number of queens' placements on `3 x m`, one per rank, by brute force.
    fn three_rank_queens(m: i64) -> u64 {
        let mut n = 0;
        for x in 0..m {
            for y in 0..m {
                for z in 0..m {
                    let (a, b, c) = ((x - y).abs(), (y - z).abs(), (x - z).abs());
                    n += u64::from(a >= 2 && b >= 2 && c != 0 && c != 2);
                }
            }
        }
        n
    }

    #[test]
    fn the_three_rank_queens_cubic_matches_a_brute_force() {
        for m in 4..=40u32 {
            let Some(found) = closed_form(&Board::new(3, m).unwrap(), &PieceKind::queen()) else {
                panic!("no closed form for 3x{m}");
            };
            let Ways::Formula(f) = found.ways else {
                panic!("3x{m}: no formula");
            };
            assert_eq!(found.pieces, 3);
            assert_eq!(
                f.evaluate().unwrap(),
                BigUint::from(three_rank_queens(i64::from(m))),
                "3x{m}"
            );
        }
    }

    /// `maximum` of `kind` alone on `side x side`, with its time.
    fn timed(side: u32, kind: PieceKind) -> (Result<Option<Maximum>, Error>, f64) {
        let start = std::time::Instant::now();
        let got = maximum(
            &Beside::new(Board::square(side).unwrap(), kind),
            EngineChoice::Auto,
            &Settings::default(),
        );
        (got, start.elapsed().as_secs_f64())
    }

    /// `n! mod p` by a plain loop in machine integers.
    fn factorial_mod(n: u64, p: u64) -> u64 {
        (2..=n).fold(1u64, |acc, i| acc * (i % p) % p)
    }

    /// `b^e mod p` by a plain loop of squarings.
    fn pow_mod(b: u64, mut e: u64, p: u64) -> u64 {
        let (mut acc, mut x) = (1u128, u128::from(b % p));
        while e > 0 {
            if e & 1 == 1 {
                acc = acc * x % u128::from(p);
            }
            x = x * x % u128::from(p);
            e >>= 1;
        }
        acc as u64
    }

    #[test]
    fn closed_forms_answer_at_sides_of_a_hundred_thousand_a_million_and_a_billion() {
        let p = 1_000_000_007u64;
        let residue = |n: &BigUint| (n % p).to_u64_digits().first().copied().unwrap_or(0);
        let refused = |got: Result<Option<Maximum>, Error>, what: &str| match got {
            Err(Error::ResourceLimit { reason, .. }) => {
                assert!(
                    reason.contains("digits") || reason.contains("no known formula"),
                    "{what}: {reason}"
                );
            }
            other => panic!("{what}: {other:?}"),
        };
        for side in [100_000u32, 1_000_000, 1_000_000_000] {
            let n = u64::from(side);
            // Knights: half the squares (an even number here), the two colours.
            let (got, secs) = timed(side, PieceKind::knight());
            let got = got.unwrap().unwrap();
            assert_eq!(
                (got.pieces, got.placements),
                (n * n / 2, BigUint::from(2u32))
            );
            assert!(secs < 1.0, "knights at {side}: {secs} s");
            // Queens: `side` of them, the count refused with a sentence.
            let (got, secs) = timed(side, PieceKind::queen());
            refused(got, "queens");
            assert!(secs < 1.0, "queens at {side}: {secs} s");
            // Kings on an even square: the kingblocks engine's sides are passed.
            let (got, secs) = timed(side, PieceKind::king());
            refused(got, "kings");
            assert!(secs < 1.0, "kings at {side}: {secs} s");
            // One odd side: (side/2 + 1)^(side/2) ways on (side-1) x side.
            let odd = Board::new(side - 1, side).unwrap();
            let found = closed_form(&odd, &PieceKind::king()).unwrap();
            assert_eq!(found.pieces, (n / 2) * (n / 2));
            match found.ways {
                Ways::Formula(f) if side == 100_000 => {
                    let ways = f.evaluate().unwrap();
                    assert_eq!(residue(&ways), pow_mod(n / 2 + 1, n / 2, p));
                }
                Ways::Refused(e) => assert!(side > 100_000, "{e}"),
                other => panic!("kings on {odd}: {other:?}"),
            }
            // Bishops: 2^side ways (301,030 digits at 10^6, refused at 10^9).
            let (got, secs) = timed(side, PieceKind::bishop());
            if side <= 1_000_000 {
                let got = got.unwrap().unwrap();
                assert_eq!(got.pieces, 2 * n - 2);
                assert_eq!(residue(&got.placements), pow_mod(2, n, p));
                assert_eq!(got.placements.bits(), n + 1);
            } else {
                refused(got, "bishops");
            }
            assert!(secs < 1.0, "bishops at {side}: {secs} s");
            // Rooks: side! ways, 456,574 digits at 10^5, refused beyond.
            let (got, secs) = timed(side, PieceKind::rook());
            if side == 100_000 {
                let got = got.unwrap().unwrap();
                assert_eq!(got.pieces, n);
                assert_eq!(residue(&got.placements), factorial_mod(n, p));
                // 10^456573 <= 100000! < 10^456574.
                let bits = got.placements.bits() as f64;
                let digits = ((bits - 1.0) * std::f64::consts::LOG10_2).floor() as u64 + 1;
                assert!((456_573..=456_574).contains(&digits), "{digits}");
            } else {
                refused(got, "rooks");
            }
            assert!(secs < 1.5, "rooks at {side}: {secs} s");
        }
        // Knights on three and four ranks of a billion files: the transfer.
        for (r, ways) in [(3u32, 2u32), (4, 3)] {
            let board = Board::new(r, 1_000_000_000).unwrap();
            let start = std::time::Instant::now();
            let got = maximum(
                &Beside::new(board, PieceKind::knight()),
                EngineChoice::Auto,
                &Settings::default(),
            )
            .unwrap()
            .unwrap();
            assert_eq!(
                (got.pieces, got.placements),
                (u64::from(r) * 500_000_000, BigUint::from(ways))
            );
            assert!(start.elapsed().as_secs_f64() < 1.0, "{r} ranks");
        }
        // Knights on two ranks: four paths of 5 * 10^8 squares, (2.5 * 10^8 + 1)^4 ways.
        let got = maximum(
            &Beside::new(Board::new(2, 1_000_000_000).unwrap(), PieceKind::knight()),
            EngineChoice::Auto,
            &Settings::default(),
        )
        .unwrap()
        .unwrap();
        assert_eq!(got.pieces, 1_000_000_000);
        assert_eq!(got.placements, BigUint::from(250_000_001u64).pow(4));
        // Queens on three ranks: (m-3)(m^2-6m+12) at m = 10^9, in machine integers.
        let m = 1_000_000_000u128;
        let got = maximum(
            &Beside::new(Board::new(3, 1_000_000_000).unwrap(), PieceKind::queen()),
            EngineChoice::Auto,
            &Settings::default(),
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            (got.pieces, got.placements),
            (3, BigUint::from(m * m * m - 9 * m * m + 30 * m - 36))
        );
        // Kings on two ranks: (n+1) 2^n ways on 2 x 2n, 30,104 digits at 2n = 200,000.
        let got = maximum(
            &Beside::new(Board::new(2, 200_000).unwrap(), PieceKind::king()),
            EngineChoice::Auto,
            &Settings::default(),
        )
        .unwrap()
        .unwrap();
        assert_eq!(got.pieces, 100_000);
        assert_eq!(
            residue(&got.placements),
            100_001 * pow_mod(2, 100_000, p) % p
        );
    }

    /// The maximum by walking the sizes with the exact engine, closed forms unused.
    fn search(board: Board, kind: &PieceKind, settings: &Settings) -> Maximum {
        let ctl = Control::start(settings).unwrap();
        let problem =
            |k: u32| Problem::new(board, with_extra(&[], kind, k), Placement::default()).unwrap();
        let exact = EngineChoice::Named(crate::engine::EngineName::Exact);
        let mut k = 0;
        while u64::from(k) < board.squares()
            && crate::engine::has_solution(&problem(k + 1), exact, &ctl).unwrap()
        {
            k += 1;
        }
        Maximum {
            pieces: u64::from(k),
            placements: crate::engine::count_with(&problem(k), exact, &ctl).unwrap(),
        }
    }
}
