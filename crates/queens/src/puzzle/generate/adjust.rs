//! Moving squares between the regions of a finished candidate until it has the grade
//! asked for: the grade-directed step for `medium`, `hard` and `expert`.
//!
//! A move gives a square (never a star of the candidate's solution) to a neighbouring
//! region, its old region staying connected and every size within [`Bounds`]. It is
//! kept when the puzzle comes no farther from the grade ([`distance`]), so the search
//! walks down a measure and across its plateaus:
//! - below expert, the measure is first the squares the level's rules leave free where
//!   they stop. A puzzle those rules finish is unique (they are sound), so a move there
//!   may let other solutions in on the way: reaching the grade proves them gone;
//! - for expert (the hard rules must stop) the puzzle must stay unique at every move:
//!   a move is kept only when its square stays starless, as in evening out (proved
//!   before the measure is taken: most moves fail it, and it is the cheaper test);
//! - then whether the level below finishes too (too easy), and how far the level below
//!   that gets (the earlier a lower level stops, the more the puzzle leans on harder
//!   rules).
//!
//! Three in four squares tried are, while the level's rules stop short, the squares they
//! leave free and their neighbours: where a move changes what the rules see. The walk
//! gives up after a number of tries, or (where the caller sets it, Star Battle at
//! 15x15 to 19x19) after a number of tries in a row with no step closer: a walk stuck on a
//! plateau seldom leaves it. Tries are counted, not timed, so a seed gives the same
//! puzzle on every run.

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::Error;

use super::super::rules::{Deducer, Level};
use super::super::{Mark, Puzzle, State};
use super::grow::{below, neighbours, starless};
use super::{Bounds, EVEN_OUT_NODES, stars_and_sizes};

/// How far a puzzle is from a grade, smaller is closer (see [`distance`]).
type Distance = (usize, bool, std::cmp::Reverse<usize>);

/// How far the puzzle `of` is from grade `target`, with the squares the level's rules
/// leave free: those squares' count (none for expert: the grade only asks the hard
/// rules to stop), whether the level below finishes it too (too easy), and then the
/// squares the level below that leaves free when it stops (more is closer).
fn distance(n: usize, k: u32, of: &[u8], target: Level) -> Result<(Distance, Vec<usize>), Error> {
    let p = Puzzle::from_regions(n, k, of.to_vec())?;
    let d = Deducer::new(&p);
    let s = State::new(&p);
    let left = |e: &State| (0..n * n).filter(|&i| e.marks[i] == Mark::Free).collect();
    let free: Vec<usize> = if target == Level::Expert {
        Vec::new()
    } else {
        match d.settle_end(&s, target) {
            None => (0..n * n).collect(),
            Some(e) => left(&e),
        }
    };
    let mut easier = false;
    let mut deeper = 0;
    if free.is_empty()
        && let Some(b) = target.below()
        && d.settle_end(&s, b).is_some_and(|e| d.solved(&e))
    {
        easier = true;
        if let Some(bb) = b.below() {
            deeper = d.settle_end(&s, bb).map_or(0, |e| left(&e).len());
        }
    }
    Ok(((free.len(), easier, std::cmp::Reverse(deeper)), free))
}

/// Moves squares of the candidate `of` (whose solution includes `solution`) until it
/// has grade `target`, trying at most `tries` moves, and at most `patience` in a row
/// that bring it no closer (see the module docs). Below
/// expert `of` need not be unique; for expert it must be. `Ok(Some(true))` when the
/// puzzle reaches the grade (and is unique), `Ok(Some(false))` when the tries run out,
/// `Ok(None)` when `stop` ended a search.
#[allow(clippy::too_many_arguments)] // the candidate's state, passed as the loop holds it
pub(super) fn adjust(
    n: usize,
    k: u32,
    bounds: &Bounds,
    target: Level,
    of: &mut [u8],
    solution: &[usize],
    tries: usize,
    patience: usize,
    rng: &mut Xoshiro256PlusPlus,
    stop: &dyn Fn() -> bool,
) -> Result<Option<bool>, Error> {
    let (star, mut size) = stars_and_sizes(n, solution, of);
    let at_grade = |d: &Distance| d.0 == 0 && !d.1;
    let (mut now, mut free) = distance(n, k, of, target)?;
    let mut tried = 0;
    // Draws that give no move at all (a star, a square inside its region) are
    // counted too, so that the loop ends whatever the board.
    let mut draws = 0;
    // The try that last brought the puzzle closer.
    let mut closer = 0;
    while tried < tries && draws < 20 * tries && tried - closer < patience {
        if at_grade(&now) {
            return Ok(Some(true));
        }
        if stop() {
            return Ok(None);
        }
        draws += 1;
        let q = if !free.is_empty() && below(rng, 4) != 0 {
            let f = free[below(rng, free.len())];
            let near: Vec<usize> = std::iter::once(f).chain(neighbours(n, f)).collect();
            near[below(rng, near.len())]
        } else {
            below(rng, n * n)
        };
        if star[q] {
            continue;
        }
        let from = of[q];
        let targets: Vec<u8> = neighbours(n, q)
            .map(|j| of[j])
            .filter(|&g| g != from)
            .collect();
        if targets.is_empty() {
            continue;
        }
        let to = targets[below(rng, targets.len())];
        if size[from as usize] <= bounds.floor.max(2) || size[to as usize] >= bounds.cap {
            continue;
        }
        tried += 1;
        if bounds.moved(n, of, q, to) {
            // For expert the proof that the square stays starless comes first: it is
            // the cheaper test, and the move is kept only when both hold.
            let unique = if target < Level::Expert {
                Some(true)
            } else {
                starless(n, k, of, q, EVEN_OUT_NODES, stop)?
            };
            let Some(unique) = unique else {
                return Ok(None);
            };
            let kept = if unique {
                Some(distance(n, k, of, target)?).filter(|(d, _)| *d <= now)
            } else {
                None
            };
            if let Some((d, f)) = kept {
                if d < now {
                    closer = tried;
                }
                now = d;
                free = f;
                size[from as usize] -= 1;
                size[to as usize] += 1;
                continue;
            }
        }
        of[q] = from;
    }
    Ok(Some(at_grade(&now)))
}
