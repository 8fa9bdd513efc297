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
//! One standard kind alone on the open rectangle (`r x c`, `m = min(r, c)`) has a
//! known maximum, so no search walks the sizes, and `max 30 --kind N` answers at once:
//! - rooks (any kind that moves as a rook): `m`, one per rank and file;
//! - queens, `m >= 4`: `m` (a rank holds at most one; an `m x m` N-queens solution,
//!   which exists for every `m >= 4`, stands on any `m` consecutive files);
//! - kings: `ceil(r/2) * ceil(c/2)` (each 2x2 block holds at most one king; the
//!   squares with both coordinates even hold that many);
//! - bishops on `n x n`, `n >= 2`: `2n - 2` (OEIS A002465's comments; the diagonals of
//!   one direction number `2n - 1`, and the two corner ones cannot both be used);
//! - knights on one rank or file: every square, in one way; knights with `m >= 5`:
//!   `ceil(rc/2)`, in 2 ways when `rc` is even and 1 when odd. Why: a knight's move
//!   changes the square's colour, and such boards have a knight's path through every
//!   square (an open tour exists on every `r x c` board with `r, c >= 5`: Conrad,
//!   Hindrichs, Morsy and Wegener 1994), closed when `rc` is even (Schwenk 1991: every
//!   board with `m >= 5` and `rc` even has a closed tour). A path on an odd number `2k+1`
//!   of squares has exactly one independent set of `k+1` (every other square, from an
//!   end), and a cycle on `2k` exactly two of `k`, the two colour classes; both are
//!   independent on the whole board, as every move joins the two colours.
//!
//! The number of placements is then counted by the fastest engine that takes it, with
//! the settings' budget (the number of 64-queens solutions is unknown: `max 64 --kind
//! Q` ends on its budget). Every closed form is tested against the search on all small
//! boards.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::Board;
use crate::engine::{Control, EngineChoice, Settings};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::{PieceCount, Placement, Problem};
use crate::terrain::Terrain;

/// The answer of [`maximum`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maximum {
    /// The most pieces of the kind that can join the others.
    pub pieces: u32,
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

/// The most pieces of `kind` that can stand on `board` together with `base` (and the
/// `fixed` pieces), and the number of such placements. `None` when `base` and `fixed`
/// alone have no solution.
///
/// ```
/// use queens::{Board, EngineChoice, PieceKind, Placement, Settings, maximum::maximum};
/// let m = maximum(Board::square(8).unwrap(), &[], &Placement::default(), &PieceKind::king(),
///     EngineChoice::Auto, &Settings::default()).unwrap().unwrap();
/// assert_eq!((m.pieces, m.placements), (16, 281571u32.into()));
/// ```
pub fn maximum(
    board: Board,
    base: &[PieceCount],
    fixed: &Placement,
    kind: &PieceKind,
    choice: EngineChoice,
    settings: &Settings,
) -> Result<Option<Maximum>, Error> {
    maximum_on(
        &Terrain::new(&board),
        board,
        base,
        fixed,
        kind,
        choice,
        settings,
    )
}

/// [`maximum`] on a board with `terrain` (holes, blockers, the torus; regions fix the
/// number of pieces, so a terrain with regions is refused).
///
/// ```
/// use queens::{Board, EngineChoice, PieceKind, Placement, Settings, maximum::maximum_on};
/// use queens::terrain::Terrain;
/// let b = Board::square(4).unwrap();
/// let t = Terrain::new(&b).with_blockers(["b2".parse().unwrap(), "c3".parse().unwrap()]).unwrap();
/// let m = maximum_on(&t, b, &[], &Placement::default(), &PieceKind::queen(),
///     EngineChoice::Auto, &Settings::default()).unwrap().unwrap();
/// // Blockers on b2 and c3 part lines, yet four queens remain the most (in 2 ways).
/// assert_eq!((m.pieces, m.placements), (4, 2u32.into()));
/// ```
pub fn maximum_on(
    terrain: &Terrain,
    board: Board,
    base: &[PieceCount],
    fixed: &Placement,
    kind: &PieceKind,
    choice: EngineChoice,
    settings: &Settings,
) -> Result<Option<Maximum>, Error> {
    if terrain.regions().is_some() {
        return Err(Error::BadTerrain(
            "max takes no --regions: the regions already fix how many pieces stand".into(),
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
        && let Some((max, ways)) = closed_form(&board, kind)
    {
        let placements = match ways {
            Some(w) => BigUint::from(w),
            None => crate::engine::count_with(&problem(max)?, choice, ctl)?,
        };
        return Ok(Some(Maximum {
            pieces: max,
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
                    pieces: (k - base_total as usize) as u32,
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
        pieces: k,
        placements,
    }))
}

/// The maximum of `kind` alone on the open `board`, and the number of placements when
/// that is known too, from the closed forms in the [module docs](self); `None` for
/// other kinds and boards.
pub fn closed_form(board: &Board, kind: &PieceKind) -> Option<(u32, Option<u32>)> {
    let (r, c) = (board.rows(), board.cols());
    let m = r.min(c);
    let area = u64::from(r) * u64::from(c);
    let is = |k: PieceKind| k.moves() == kind.moves();
    if is(PieceKind::rook()) || (is(PieceKind::queen()) && m >= 4) {
        Some((m, None))
    } else if is(PieceKind::king()) {
        let max = u64::from(r.div_ceil(2)) * u64::from(c.div_ceil(2));
        Some((u32::try_from(max).ok()?, None))
    } else if is(PieceKind::bishop()) && r == c && r >= 2 {
        Some((2 * r - 2, None))
    } else if is(PieceKind::knight()) && m == 1 {
        Some((u32::try_from(area).ok()?, Some(1)))
    } else if is(PieceKind::knight()) && m >= 5 {
        let ways = if area % 2 == 0 { 2 } else { 1 };
        Some((u32::try_from(area.div_ceil(2)).ok()?, Some(ways)))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_forms_agree_with_the_search_on_small_boards() {
        let settings = Settings::default();
        for kind in [
            PieceKind::king(),
            PieceKind::knight(),
            PieceKind::bishop(),
            PieceKind::rook(),
            PieceKind::queen(),
        ] {
            for r in 1..=7u32 {
                for c in 1..=7u32 {
                    let board = Board::new(r, c).unwrap();
                    let Some((max, ways)) = closed_form(&board, &kind) else {
                        continue;
                    };
                    // The walk over sizes with the exact engine, closed forms unused.
                    let searched = search(board, &kind, &settings);
                    assert_eq!(searched.pieces, max, "{kind} on {board}");
                    if let Some(w) = ways {
                        assert_eq!(searched.placements, BigUint::from(w), "{kind} on {board}");
                    }
                }
            }
        }
    }

    /// The maximum by walking the sizes with the exact engine, closed forms unused.
    fn search(board: Board, kind: &PieceKind, settings: &Settings) -> Maximum {
        let ctl = Control::start(settings).unwrap();
        let problem =
            |k: u32| Problem::new(board, with_extra(&[], kind, k), Placement::default()).unwrap();
        let exact = EngineChoice::Named("exact");
        let mut k = 0;
        while u64::from(k) < board.squares()
            && crate::engine::has_solution(&problem(k + 1), exact, &ctl).unwrap()
        {
            k += 1;
        }
        Maximum {
            pieces: k,
            placements: crate::engine::count_with(&problem(k), exact, &ctl).unwrap(),
        }
    }
}
