//! The next step from a position, as a value: the easiest rule that applies, or why
//! there is none (solved, a contradiction with its reason, stuck).
//!
//! The command line's `queens puzzle hint`, Python's `Puzzle.hint` and the page ask
//! [`hint`] and print its [`Display`](std::fmt::Display) text (or their own JSON of
//! its fields): the flow (a broken rule first, then whether any solution goes on from
//! the position, then solved, then the next step) is written here once, so that the
//! three cannot drift apart.

use super::explain::dead_end;
use super::rules::{Deducer, Level, Step, piece_word, units_pieces};
use super::{Puzzle, State};
use crate::engine::Settings;
use crate::error::Error;

/// What a hint says about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The easiest rule that applies, with its squares and sentence.
    Step(Step),
    /// Every row, column and region has its stars; `stars` per unit (to name the
    /// pieces: queens for one).
    Solved {
        /// Stars per unit.
        stars: usize,
    },
    /// The position breaks a rule, or no solution goes on from it: why.
    Contradiction {
        /// One sentence: the broken rule, or the stars and crosses the puzzle's own
        /// solution does not have ([`dead_end`]).
        reason: String,
    },
    /// No rule applies, though a solution goes on: only trying squares deeper than the
    /// `trial` rule would; `stars` per unit.
    Stuck {
        /// Stars per unit.
        stars: usize,
    },
}

impl Hint {
    /// The kind in one word: `step`, `solved`, `contradiction` or `stuck` (for a step,
    /// the rule is in the [`Step`]).
    pub fn kind(&self) -> &'static str {
        match self {
            Hint::Step(_) => "step",
            Hint::Solved { .. } => "solved",
            Hint::Contradiction { .. } => "contradiction",
            Hint::Stuck { .. } => "stuck",
        }
    }

    /// The sentence saying why: the step's, or the one after `solved: `,
    /// `contradiction: ` or `stuck: ` in the [`Display`](std::fmt::Display) text.
    pub fn why(&self) -> String {
        match self {
            Hint::Step(step) => step.why.clone(),
            Hint::Solved { stars } => format!(
                "every row, column and region has its {}",
                units_pieces(*stars)
            ),
            Hint::Contradiction { reason } => reason.clone(),
            Hint::Stuck { stars } => format!(
                "no rule applies here; only trying squares deeper than one {} would go on",
                piece_word(*stars)
            ),
        }
    }
}

impl std::fmt::Display for Hint {
    /// `queens puzzle hint`'s text: a step as [`Step`] writes it, else `KIND: WHY`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Hint::Step(step) => step.fmt(f),
            _ => write!(f, "{}: {}", self.kind(), self.why()),
        }
    }
}

/// The hint for position `state` of puzzle `p`: a rule the position breaks, solved,
/// a contradiction when no solution goes on from it (searched within `settings`),
/// the easiest step, or stuck.
///
/// When the search for the puzzle's own solution (to say which stars and crosses are
/// wrong) runs out of budget, the reason is the plain "no solution from this
/// position", which the search before it has proved; a cancelled search is
/// [`Error::Interrupted`].
///
/// ```
/// use queens::puzzle::{Puzzle, State, hint::{Hint, hint}};
/// // The 6x6 of `rate`'s docs: one solution, easy.
/// let p = Puzzle::parse("eeffff\neeeeff\neeeefd\nceeeff\nccbeaa\ncceeaa\n", 1).unwrap();
/// let h = hint(&p, &State::new(&p), &Default::default()).unwrap();
/// assert!(matches!(h, Hint::Step(_)));
/// let touching = [queens::Square::new(0, 0), queens::Square::new(1, 1)];
/// let broken = hint(&p, &State::with(&p, &touching, &[]).unwrap(), &Default::default());
/// assert_eq!(broken.unwrap().to_string(), "contradiction: the queens on a1 and b2 touch");
/// ```
pub fn hint(p: &Puzzle, state: &State, settings: &Settings) -> Result<Hint, Error> {
    let d = Deducer::new(p);
    if let Some(reason) = mistake_with(&d, p, state, settings)? {
        return Ok(Hint::Contradiction { reason });
    }
    if d.solved(state) {
        return Ok(Hint::Solved { stars: p.stars() });
    }
    Ok(match d.next_step(state, Level::Expert) {
        Some(step) => Hint::Step(step),
        None => Hint::Stuck { stars: p.stars() },
    })
}

/// Why no solution goes on from `state`, if none does: a rule the position breaks, or
/// (the search within `settings` finding none) the stars and crosses that the puzzle's
/// own solution does not have. `None` when a solution goes on (or the position is one).
/// [`hint`]'s contradiction, without looking for the next step (the page's check of a
/// player's position).
///
/// ```
/// use queens::puzzle::{Puzzle, State, hint::mistake};
/// let p = Puzzle::parse("eeffff\neeeeff\neeeefd\nceeeff\nccbeaa\ncceeaa\n", 1).unwrap();
/// assert_eq!(mistake(&p, &State::new(&p), &Default::default()).unwrap(), None);
/// // The solution's queen of region a is on e1: crossing it breaks no rule yet, but
/// // no solution goes on.
/// let crossed = State::with(&p, &[], &[queens::Square::new(4, 0)]).unwrap();
/// assert_eq!(
///     mistake(&p, &crossed, &Default::default()).unwrap().unwrap(),
///     "no solution from this position: the solution has a queen on e1, which is crossed"
/// );
/// ```
pub fn mistake(p: &Puzzle, state: &State, settings: &Settings) -> Result<Option<String>, Error> {
    mistake_with(&Deducer::new(p), p, state, settings)
}

fn mistake_with(
    d: &Deducer,
    p: &Puzzle,
    state: &State,
    settings: &Settings,
) -> Result<Option<String>, Error> {
    if let Some(reason) = d.contradiction(state) {
        return Ok(Some(reason));
    }
    if p.solutions(state, 1, 0, settings)?.count > 0 {
        return Ok(None);
    }
    Ok(Some(match dead_end(p, state, settings) {
        Ok(reason) => reason,
        Err(Error::Interrupted) => return Err(Error::Interrupted),
        Err(_) => "no solution from this position".into(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    /// The 6x6 from `rate`'s docs: easy, in 6 steps.
    const EASY: &str = "eeffff\neeeeff\neeeefd\nceeeff\nccbeaa\ncceeaa\n";

    #[test]
    fn hints_followed_reach_solved_and_every_kind_has_its_text() {
        let p = Puzzle::parse(EASY, 1).unwrap();
        let mut s = State::new(&p);
        let settings = Settings::default();
        let mut steps = 0;
        loop {
            match hint(&p, &s, &settings).unwrap() {
                Hint::Step(step) => {
                    assert!(!step.place.is_empty() || !step.cross.is_empty());
                    step.apply(&p, &mut s);
                    steps += 1;
                    assert!(steps < 100);
                }
                h => {
                    assert_eq!(
                        h.to_string(),
                        "solved: every row, column and region has its queen"
                    );
                    break;
                }
            }
        }
        assert!(p.accepts(&s.stars()));
        let touching = State::with(&p, &[Square::new(0, 0), Square::new(1, 1)], &[]).unwrap();
        assert_eq!(
            hint(&p, &touching, &settings).unwrap().to_string(),
            "contradiction: the queens on a1 and b2 touch"
        );
        let stuck = Hint::Stuck { stars: 2 };
        assert_eq!(
            stuck.to_string(),
            "stuck: no rule applies here; only trying squares deeper than one star would go on"
        );
        assert_eq!(
            Hint::Solved { stars: 2 }.why(),
            "every row, column and region has its stars"
        );
    }
}
