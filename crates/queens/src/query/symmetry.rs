//! Placements up to the board's symmetries: the group of a problem
//! ([`symmetries`], from the model), one placement per class ([`enumerate_unique`]) and
//! orbits counted by brute force ([`count_unique_by_enumeration`], for checking
//! `count_unique`, which the engines answer by Burnside's lemma).

use std::ops::ControlFlow;

pub use crate::engine::orbits::MAX_SQUARES;
pub use crate::model::symmetry::{Symmetry, canonical, symmetries};

use crate::engine::{EngineChoice, Settings};
use crate::error::Error;
use crate::problem::{Placement, Problem};

/// One placement per symmetry class: the solutions [`crate::enumerate`] lists, keeping
/// each one whose class (its [`canonical`] form under [`symmetries`]) has not been met
/// before; so each class is represented by its least placement in the listing order,
/// and the classes come in that order (8 queens: 12). Memory grows with the number of
/// classes; the time is that of the full listing.
///
/// ```
/// use std::ops::ControlFlow;
/// use queens::{EngineChoice, Problem, Settings, symmetry::enumerate_unique};
/// let mut n = 0;
/// enumerate_unique(&Problem::queens(8).unwrap(), EngineChoice::Auto, &Settings::default(),
///     &mut |_| { n += 1; ControlFlow::Continue(()) }).unwrap();
/// assert_eq!(n, 12);
/// ```
pub fn enumerate_unique(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
    sink: &mut dyn FnMut(&Placement) -> ControlFlow<()>,
) -> Result<(), Error> {
    let group = symmetries(problem);
    let mut seen = std::collections::HashSet::new();
    crate::engine::enumerate(problem, choice, settings, &mut |p| {
        if seen.insert(canonical(problem.board(), &group, p)) {
            sink(p)
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// Orbits by brute force: enumerates every solution with the engine `choice` picks and
/// counts distinct [`canonical`] forms. For checking [`count_unique`] on small problems.
pub fn count_unique_by_enumeration(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
) -> Result<u64, Error> {
    let group = symmetries(problem);
    let mut seen = std::collections::HashSet::new();
    crate::engine::enumerate(problem, choice, settings, &mut |p| {
        seen.insert(canonical(problem.board(), &group, p));
        ControlFlow::Continue(())
    })?;
    Ok(seen.len() as u64)
}
