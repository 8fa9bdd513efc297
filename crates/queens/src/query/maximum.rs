//! The most pieces of one kind that can stand without attacks (alongside other given
//! pieces), and in how many ways.
//!
//! Removing a piece from a valid placement leaves a valid placement, so the sizes that
//! can stand are `0..=max`: the search walks `k = 0, 1, …` until `k` pieces no longer
//! fit, then counts the placements of the last size that did. Each step asks `count`
//! when a counting method (not enumeration) takes the problem, else `solve`, which stops
//! at the first placement. For leapers alone one transfer run gives every size at once.

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
    }
    let placements = crate::engine::count_with(&problem(k)?, choice, ctl)?;
    Ok(Some(Maximum {
        pieces: k,
        placements,
    }))
}
