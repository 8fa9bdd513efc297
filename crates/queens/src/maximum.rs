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
use crate::engine::dp::transfer::counts_up_to;
use crate::engine::{Control, EngineChoice, Job, select};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::{PieceCount, Placement, Problem};

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
/// use queens::{Board, Control, EngineChoice, PieceKind, Placement, maximum::maximum};
/// let m = maximum(Board::square(8).unwrap(), &[], &Placement::default(), &PieceKind::king(),
///     EngineChoice::Auto, &Control::default()).unwrap().unwrap();
/// assert_eq!((m.pieces, m.placements), (16, 281571u32.into()));
/// ```
pub fn maximum(
    board: Board,
    base: &[PieceCount],
    fixed: &Placement,
    kind: &PieceKind,
    choice: EngineChoice,
    ctl: &Control,
) -> Result<Option<Maximum>, Error> {
    let base_total: u64 = base.iter().map(|p| p.count as u64).sum();
    let room = board.squares().saturating_sub(base_total);
    let limit = u32::try_from(room).unwrap_or(u32::MAX);
    let problem = |k: u32| Problem::new(board, with_extra(base, kind, k), fixed.clone());

    // Leapers alone: one transfer table up to a full board answers every size.
    if choice == EngineChoice::Auto && room <= 144 {
        let full = problem(limit)?;
        if full.pieces().len() == 1
            && select(EngineChoice::Named("transfer"), &full, Job::Count).is_ok()
        {
            let table = counts_up_to(&full, ctl)?;
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

    let fits = |k: u32| -> Result<bool, Error> {
        let p = problem(k)?;
        if select(choice, &p, Job::Count)?.name() != "exact" {
            Ok(!crate::engine::count(&p, choice, ctl)?.is_zero())
        } else {
            Ok(crate::engine::solve(&p, choice, ctl)?.is_some())
        }
    };
    if !fits(0)? {
        return Ok(None);
    }
    let mut k = 0;
    while k < limit && fits(k + 1)? {
        k += 1;
    }
    let placements = crate::engine::count(&problem(k)?, choice, ctl)?;
    Ok(Some(Maximum {
        pieces: k,
        placements,
    }))
}
