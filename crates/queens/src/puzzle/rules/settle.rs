//! Whether the rules up to a level finish a position, fast: what the generator asks
//! of every square it adds while steering towards a grade, and of every candidate's
//! grade.
//!
//! A chain of named steps ([`super::super::explain`]) builds each step's sentence and
//! looks at the whole position again for every step; nearly all of its steps are easy
//! (`exclusion`, `last-square`). Here the easy rules run to their fixed point on plain
//! counts (each unit's stars still needed and free squares), and only when they stop is
//! [`Deducer::next_step`] asked for the one step of a harder level, after which the easy
//! rules run again. Since every rule only gets more applicable as the position fills in,
//! the easy fixed point is the one the chain's easy steps reach in whatever order, and
//! the harder step asked for is the easiest level's first one, as in the chain: the
//! chain finishes exactly when this does, with the same hardest level (the tests compare
//! the two on generated puzzles and random positions).

use super::{Deducer, Level};
use crate::puzzle::{Mark, State};

impl Deducer<'_> {
    /// The hardest level of the chain of steps from `s` using rules up to `max` when that
    /// chain solves the puzzle (`Level::Easy` for a position solved already), `None`
    /// when it gets stuck or finds the position broken: [`super::super::explain`]'s
    /// verdict without its sentences.
    ///
    /// ```
    /// use queens::puzzle::{Puzzle, State, rules::{Deducer, Level}};
    /// let p = Puzzle::parse("eeffff\neeeeff\neeeefd\nceeeff\nccbeaa\ncceeaa\n", 1).unwrap();
    /// assert_eq!(Deducer::new(&p).settle(&State::new(&p), Level::Expert), Some(Level::Easy));
    /// ```
    pub fn settle(&self, s: &State, max: Level) -> Option<Level> {
        let mut s = s.clone();
        let fast = self.on("exclusion") && self.on("last-square");
        let mut hardest = Level::Easy;
        loop {
            if fast && !self.settle_easy(&mut s) {
                return None;
            }
            if self.solved(&s) {
                return Some(hardest);
            }
            let step = self.next_step(&s, max)?;
            hardest = hardest.max(step.level);
            step.apply(self.p, &mut s);
        }
    }

    /// The position where the rules up to `max` stop on `s` (the solution when they
    /// solve it), `None` when it turns out broken: how far a position is from being
    /// finished at that level, what the generator's grade adjustment works on
    /// ([`super::super::generate`]).
    pub fn settle_end(&self, s: &State, max: Level) -> Option<State> {
        let mut s = s.clone();
        let fast = self.on("exclusion") && self.on("last-square");
        loop {
            if fast && !self.settle_easy(&mut s) {
                return None;
            }
            if self.solved(&s) {
                return Some(s);
            }
            let Some(step) = self.next_step(&s, max) else {
                return self.contradiction(&s).is_none().then_some(s);
            };
            step.apply(self.p, &mut s);
        }
    }

    /// Runs `exclusion` and `last-square` on `s` until neither applies; false when the
    /// position turns out broken (two stars touching, a unit with too many stars or
    /// fewer free squares than it needs).
    ///
    /// Counts kept as squares change, and a work list of the units whose counts
    /// changed: each step looks only at what it touched (the steered generator runs
    /// this for every square it tries, and a pass over the whole board per step was
    /// nine tenths of a 25x25 easy request's time, bench/puzzle.md). The rules only
    /// get more applicable as the position fills in, so the fixed point is the one any
    /// order of steps reaches.
    fn settle_easy(&self, s: &mut State) -> bool {
        let n = self.n;
        crate::puzzle::effort::look(n);
        let k = self.p.stars() as i32;
        let units = |i: usize| [i / n, n + i % n, 2 * n + self.p.region(i)];
        let mut need = vec![k; 3 * n];
        let mut free = vec![0i32; 3 * n];
        let mut placed = Vec::new();
        for (i, &m) in s.marks.iter().enumerate() {
            match m {
                Mark::Star => {
                    units(i).iter().for_each(|&u| need[u] -= 1);
                    placed.push(i);
                }
                Mark::Free => units(i).iter().for_each(|&u| free[u] += 1),
                Mark::Cross => {}
            }
        }
        // Units whose counts changed since they were last looked at.
        let mut dirty: Vec<usize> = (0..3 * n).rev().collect();
        let mut queued = vec![true; 3 * n];
        let mark = |s: &mut State,
                    i: usize,
                    to: Mark,
                    need: &mut [i32],
                    free: &mut [i32],
                    dirty: &mut Vec<usize>,
                    queued: &mut [bool]| {
            s.marks[i] = to;
            for u in units(i) {
                free[u] -= 1;
                if to == Mark::Star {
                    need[u] -= 1;
                }
                if !queued[u] {
                    queued[u] = true;
                    dirty.push(u);
                }
            }
        };
        let mut members = Vec::with_capacity(n);
        loop {
            // exclusion round each star placed: the squares touching it.
            while let Some(i) = placed.pop() {
                for j in self.neighbours(i) {
                    match s.marks[j] {
                        Mark::Star => return false,
                        Mark::Free => mark(
                            s,
                            j,
                            Mark::Cross,
                            &mut need,
                            &mut free,
                            &mut dirty,
                            &mut queued,
                        ),
                        Mark::Cross => {}
                    }
                }
            }
            let Some(u) = dirty.pop() else {
                return true;
            };
            queued[u] = false;
            if need[u] < 0 || free[u] < need[u] {
                return false;
            }
            if free[u] == 0 || (need[u] > 0 && free[u] > need[u]) {
                continue;
            }
            // exclusion (the unit has its stars: the rest is crossed) or last-square
            // (as many free squares as stars it needs: a star on each).
            members.clear();
            match u {
                u if u < n => {
                    members.extend((u * n..u * n + n).filter(|&i| s.marks[i] == Mark::Free))
                }
                u if u < 2 * n => members.extend(
                    (0..n)
                        .map(|r| r * n + u - n)
                        .filter(|&i| s.marks[i] == Mark::Free),
                ),
                u => members.extend(
                    self.cells[u - 2 * n]
                        .iter()
                        .copied()
                        .filter(|&i| s.marks[i] == Mark::Free),
                ),
            }
            let to = if need[u] == 0 {
                Mark::Cross
            } else {
                Mark::Star
            };
            for &i in &members {
                mark(s, i, to, &mut need, &mut free, &mut dirty, &mut queued);
                if to == Mark::Star {
                    placed.push(i);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::explain::{End, explain};
    use crate::puzzle::generate::{Request, generate};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::{Rng, SeedableRng};

    /// The verdict of the chain of named steps: its hardest level when it solves.
    fn by_chain(p: &crate::puzzle::Puzzle, s: &State, max: Level) -> Option<Level> {
        let e = explain(p, s, max);
        (e.end == End::Solved).then(|| e.hardest().unwrap_or(Level::Easy))
    }

    #[test]
    fn settle_agrees_with_the_chain_of_steps() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(40);
        let mut solved = [0usize; 4];
        for (n, k) in [(6, 1), (8, 1), (9, 1), (10, 1), (12, 1), (10, 2)] {
            for seed in 0..4 {
                let r = Request {
                    stars: k,
                    seed,
                    ..Request::new(n)
                };
                let m = generate(&r, &Default::default()).unwrap().unwrap();
                let p = &m.puzzle;
                let d = Deducer::new(p);
                // The empty position, then positions with a few squares marked: crosses
                // anywhere (often breaking the puzzle) and stars of the solution.
                for trial in 0..12 {
                    let mut s = State::new(p);
                    for _ in 0..trial {
                        let i = (rng.next_u64() % (n * n) as u64) as usize;
                        s.marks[i] = if m.solution.contains(&i) && rng.next_u64() % 2 == 0 {
                            Mark::Star
                        } else {
                            Mark::Cross
                        };
                    }
                    for max in Level::ALL {
                        let want = by_chain(p, &s, max);
                        assert_eq!(d.settle(&s, max), want, "n={n} k={k} seed={seed} {max:?}");
                        if let Some(l) = want {
                            solved[l as usize] += 1;
                        }
                    }
                }
            }
        }
        // The comparison saw solved chains of several levels, not only failures.
        assert!(solved.iter().filter(|&&c| c > 0).count() >= 3, "{solved:?}");
    }
}
