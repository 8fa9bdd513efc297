//! A whole solution as a chain of steps: from a position, the easiest applicable rule
//! ([`super::rules::Deducer::next_step`]) again and again, until the puzzle is solved,
//! the position turns out broken, or no rule up to the chosen level applies (then only
//! trying squares deeper than the `trial` rule would go on).

use std::sync::atomic::Ordering;

use super::rules::{Deducer, Level, Step, piece_word, units_pieces};
use super::{Mark, Puzzle, State};
use crate::engine::Settings;
use crate::error::Error;

/// How a chain ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Every unit has its stars.
    Solved,
    /// No rule up to the level applies: only trying squares would go on.
    Stuck,
    /// The position breaks the rules (the sentence says how).
    Broken(String),
}

impl End {
    /// How the chain ended, in one word: `solved`, `stuck` or `contradiction`.
    pub fn kind(&self) -> &'static str {
        match self {
            End::Solved => "solved",
            End::Stuck => "stuck",
            End::Broken(_) => "contradiction",
        }
    }

    /// Why, as one sentence, in a puzzle with `stars` per unit (the piece is a queen
    /// for one): what every front prints after the [`End::kind`].
    pub fn why(&self, stars: usize) -> String {
        match self {
            End::Solved => format!(
                "every row, column and region has its {}",
                units_pieces(stars)
            ),
            End::Stuck => format!(
                "no rule applies; only trying squares deeper than one {} would go on",
                piece_word(stars)
            ),
            End::Broken(why) => why.clone(),
        }
    }
}

/// A chain of steps and where it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The position after the last step.
    pub state: State,
    /// How the chain ended.
    pub end: End,
}

impl Explanation {
    /// The hardest level among the steps (`None` for no steps).
    pub fn hardest(&self) -> Option<Level> {
        self.steps.iter().map(|s| s.level).max()
    }
}

/// The chain of steps from `state` using rules up to level `max`.
///
/// ```
/// use queens::puzzle::{Puzzle, State, explain::{explain, End}, rules::Level};
/// // Region a is a4 alone: the chain starts by putting the queen there.
/// let p = Puzzle::parse("abbb\ncccb\ncddd\ncddd\n", 1).unwrap();
/// let e = explain(&p, &State::new(&p), Level::Expert);
/// assert_eq!(e.steps[0].place, vec![queens::Square::new(0, 3)]);
/// assert!(matches!(e.end, End::Solved | End::Stuck | End::Broken(_)));
/// ```
pub fn explain(p: &Puzzle, state: &State, max: Level) -> Explanation {
    explain_with(&Deducer::new(p), p, state, max)
}

/// [`explain`] with the rules already built.
pub fn explain_with(d: &Deducer, p: &Puzzle, state: &State, max: Level) -> Explanation {
    chain(d, p, state, max, || false).unwrap_or_else(|| unreachable!("nothing stops this chain"))
}

/// [`explain`] that looks at `settings`' cancel flag before each step and stops with
/// [`Error::Interrupted`] once it is set: the chain of a big puzzle runs for seconds,
/// and a caller stopping it (Ctrl-C in Python) should not wait for its end.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use queens::puzzle::{Puzzle, State, explain::explain_cancellable, rules::Level};
/// use queens::{Error, Settings};
/// let p = Puzzle::parse("abbb\ncccb\ncddd\ncddd\n", 1).unwrap();
/// let stop = AtomicBool::new(false);
/// let settings = Settings { cancel: Some(&stop), ..Settings::default() };
/// let e = explain_cancellable(&p, &State::new(&p), Level::Expert, &settings).unwrap();
/// assert!(!e.steps.is_empty());
/// stop.store(true, std::sync::atomic::Ordering::Relaxed);
/// let stopped = explain_cancellable(&p, &State::new(&p), Level::Expert, &settings);
/// assert!(matches!(stopped, Err(Error::Interrupted)));
/// ```
pub fn explain_cancellable(
    p: &Puzzle,
    state: &State,
    max: Level,
    settings: &Settings,
) -> Result<Explanation, Error> {
    let stopped = || settings.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    chain(&Deducer::new(p), p, state, max, stopped).ok_or(Error::Interrupted)
}

/// The chain from `state`; `None` when `stopped` says so before a step.
fn chain(
    d: &Deducer,
    p: &Puzzle,
    state: &State,
    max: Level,
    stopped: impl Fn() -> bool,
) -> Option<Explanation> {
    let mut s = state.clone();
    let mut steps = Vec::new();
    loop {
        if stopped() {
            return None;
        }
        if let Some(why) = d.contradiction(&s) {
            return Some(Explanation {
                steps,
                state: s,
                end: End::Broken(why),
            });
        }
        if d.solved(&s) {
            return Some(Explanation {
                steps,
                state: s,
                end: End::Solved,
            });
        }
        match d.next_step(&s, max) {
            Some(step) => {
                step.apply(p, &mut s);
                steps.push(step);
            }
            None => {
                return Some(Explanation {
                    steps,
                    state: s,
                    end: End::Stuck,
                });
            }
        }
    }
}

/// Why a position that breaks no rule still has no solution (`queens puzzle hint`'s
/// sentence after "contradiction: "), against the puzzle's own solution when it has
/// exactly one: the stars that solution lacks and the crosses on its stars, squares in
/// file order.
pub fn dead_end(p: &Puzzle, s: &State, settings: &Settings) -> Result<String, Error> {
    let found = p.solutions(&State::new(p), 2, 1, settings)?;
    if found.count == 0 {
        return Ok("the puzzle itself has no solution".into());
    }
    if found.count > 1 {
        return Ok("no solution from this position".into());
    }
    let sol = &found.solutions[0];
    let n = p.side();
    let named = |mut v: Vec<usize>| {
        v.sort_by_key(|&i| (i % n, i / n));
        p.names_of(&v, ", ")
    };
    let wrong_stars: Vec<usize> = s.stars().into_iter().filter(|i| !sol.contains(i)).collect();
    let wrong_crosses: Vec<usize> = sol
        .iter()
        .copied()
        .filter(|&i| s.marks[i] == Mark::Cross)
        .collect();
    let mut parts = Vec::new();
    let piece = piece_word(p.stars());
    if !wrong_stars.is_empty() {
        parts.push(format!(
            "the solution has no {piece} on {}",
            named(wrong_stars)
        ));
    }
    if !wrong_crosses.is_empty() {
        parts.push(format!(
            "the solution has a {piece} on {}, which is crossed",
            named(wrong_crosses)
        ));
    }
    Ok(format!(
        "no solution from this position: {}",
        parts.join("; ")
    ))
}
