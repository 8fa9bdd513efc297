//! The difficulty of a puzzle: the easiest rule level that solves it.
//!
//! The explanation ([`super::explain`]) always takes the easiest rule that applies, so
//! the hardest level in its chain is the grade: `easy` (exclusions and last squares),
//! `medium` (plus one region confined to one row or column and the reverse, and
//! squares whose star would empty a unit; in Star Battle also `line-pairs` and
//! `region-blocks`), `hard` (plus `k` regions in `k` lines and the reverse, which
//! Star Battle calls under- and over-counting, and its `2x2-blocks`), `expert` (needs
//! trial: a star placed to see that the forced moves break a unit; or even that is
//! not enough). A Star Battle's grade is thus built on its own techniques (the
//! catalogue is [`super::rules::CATALOGUE`]). The chain's length is reported beside
//! the grade but does not change it, so a generated puzzle of a grade is one that
//! level finishes and the level below does not.
//!
//! Examples (`K = 1`, from `testdata/puzzles/`): the 6x6 below is `easy` in 6 steps
//! (region `d` is the one square f4, region `b` the one square c2, and last squares
//! do the rest); `k1-n09-medium.txt` is `medium` in 13 steps (9 easy, 4 medium: it
//! needs `line-in-region`); `k1-n09-hard.txt` needs `regions-in-lines` and
//! `k1-n09-expert.txt` a `trial`.
//!
//! ```
//! use queens::puzzle::{Puzzle, rate::rate, rules::Level};
//! let p = Puzzle::parse("eeffff\neeeeff\neeeefd\nceeeff\nccbeaa\ncceeaa\n", 1).unwrap();
//! let r = rate(&p);
//! assert_eq!((r.grade, r.steps, r.by_level), (Level::Easy, 6, [6, 0, 0, 0]));
//! ```

use super::explain::{End, explain};
use super::rules::{Deducer, Level};
use super::{Puzzle, State};

/// A puzzle's grade and what the chain took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The easiest level that solves it (`Expert` when even trial does not).
    pub grade: Level,
    /// Steps in the chain.
    pub steps: usize,
    /// Steps of each level, easiest first.
    pub by_level: [usize; 4],
    /// The rule of the first step at the grade's level, if the chain has one.
    pub hardest_rule: Option<&'static str>,
    /// Whether the rules, trial included, finish the puzzle.
    pub solved: bool,
}

impl std::fmt::Display for Rating {
    /// `queens puzzle rate`'s line: the grade, the chain's length by level, the hardest
    /// rule, and whether the rules stop before the end.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let b = &self.by_level;
        write!(
            f,
            "{}: {} (easy {}, medium {}, hard {}, expert {})",
            self.grade.name(),
            crate::words::plural(self.steps, "step"),
            b[0],
            b[1],
            b[2],
            b[3]
        )?;
        if let Some(rule) = self.hardest_rule {
            write!(f, "; hardest rule {rule}")?;
        }
        if !self.solved {
            f.write_str("; the rules stop before the end: it needs deeper trial")?;
        }
        Ok(())
    }
}

/// Rates `p` from the empty position.
pub fn rate(p: &Puzzle) -> Rating {
    let e = explain(p, &State::new(p), Level::Expert);
    let solved = e.end == End::Solved;
    let mut by_level = [0; 4];
    for s in &e.steps {
        by_level[s.level as usize] += 1;
    }
    let grade = if solved {
        e.hardest().unwrap_or(Level::Easy)
    } else {
        Level::Expert
    };
    Rating {
        grade,
        steps: e.steps.len(),
        by_level,
        hardest_rule: e.steps.iter().find(|s| s.level == grade).map(|s| s.rule),
        solved,
    }
}

/// The grade of `p` when the rules up to `Hard` finish it, else `Expert`: what the
/// generator needs, without trying squares.
pub fn grade(p: &Puzzle) -> Level {
    Deducer::new(p)
        .settle(&State::new(p), Level::Hard)
        .unwrap_or(Level::Expert)
}
