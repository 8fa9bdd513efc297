//! Exact answers for the generator's tests from a SAT solver (batsat, pure Rust, so
//! the page gives the same puzzles): whether a square of a partial puzzle is starless,
//! and up to two solutions of a puzzle. Used where the plain search sinks (three
//! stars from 16x16 to 20x20, `grow::exact`), after a short plain search: the solver
//! refutes fast and finds solutions slower, the plain search the other way round.
//!
//! The formula: a variable per square (a star there); at most one star in every 2x2
//! block (no two touching), exactly `k` in every row, column and region (sequential
//! counters, [`crate::sat::card::exactly`]); squares outside every region (`UNSET`) hold
//! none. The solver is incremental within a request: the rows, columns and blocks are
//! loaded once, each region's count under a switch literal that is assumed while the
//! region keeps its squares, the squares outside every region assumed starless. What it
//! learns carries over from question to question (a formula built per question cost
//! several milliseconds a question at 20x20, bench/puzzle.md). Whether a square is
//! starless is a fact, whoever answers; which second solution is found depends on what
//! was learnt, so each lane of candidates of a request has a solver of its own, fresh
//! at the request's start ([`Slot`]).

use std::cell::RefCell;

use batsat::{BasicSolver, SolverInterface, lbool};

use crate::puzzle::solver::Found;
use crate::sat::card::exactly;
use crate::sat::cnf::{Cnf, Lit};

use super::grow::UNSET;

/// Clauses of retired region encodings past which the solver is built afresh.
const DEAD_LIMIT: usize = 100_000;

/// The solver for one side and star count: the fixed rules (rows, columns, 2x2
/// blocks) once, and each region's count under a switch literal, kept while the
/// region's squares stay the same.
struct Oracle {
    n: usize,
    k: u32,
    solver: BasicSolver,
    /// The star literal of each square.
    star: Vec<batsat::Lit>,
    /// Per region: its squares as last encoded and the switch of that encoding.
    regions: Vec<Option<(Vec<usize>, batsat::Lit)>>,
    /// Clauses of retired encodings (switched off for good).
    dead: usize,
}

/// Adds the clauses of `f` to `solver`, variable `v` of `f` read as `map[v - 1]`, each
/// clause under the switch `guard` when given. The number of clauses added.
fn add(
    solver: &mut BasicSolver,
    f: &Cnf,
    map: &[batsat::Lit],
    guard: Option<batsat::Lit>,
) -> usize {
    let mut clause = Vec::new();
    let mut added = 0;
    for c in f.clauses() {
        clause.clear();
        clause.extend(c.iter().map(|&l| {
            let v = map[l.unsigned_abs() as usize - 1];
            if l > 0 { v } else { !v }
        }));
        clause.extend(guard.map(|g| !g));
        solver.add_clause_reuse(&mut clause);
        added += 1;
    }
    added
}

/// `f`'s variables as solver literals: the first `known` given, the rest new.
fn literals(solver: &mut BasicSolver, f: &Cnf, known: &[batsat::Lit]) -> Vec<batsat::Lit> {
    let mut map = known.to_vec();
    while map.len() < f.num_vars() as usize {
        map.push(batsat::Lit::new(solver.new_var_default(), true));
    }
    map
}

impl Oracle {
    fn new(n: usize, k: u32) -> Oracle {
        let mut solver = BasicSolver::default();
        let star: Vec<batsat::Lit> = (0..n * n)
            .map(|_| batsat::Lit::new(solver.new_var_default(), true))
            .collect();
        let mut f = Cnf::new();
        f.new_vars((n * n) as u32);
        let v = |i: usize| (i + 1) as Lit;
        for r in 0..n.saturating_sub(1) {
            for c in 0..n - 1 {
                let block = [
                    r * n + c,
                    r * n + c + 1,
                    (r + 1) * n + c,
                    (r + 1) * n + c + 1,
                ];
                for (x, &a) in block.iter().enumerate() {
                    for &b in &block[x + 1..] {
                        f.add_clause(&[-v(a), -v(b)]);
                    }
                }
            }
        }
        for r in 0..n {
            let row: Vec<Lit> = (0..n).map(|c| v(r * n + c)).collect();
            exactly(&mut f, &row, k as usize);
            let column: Vec<Lit> = (0..n).map(|c| v(c * n + r)).collect();
            exactly(&mut f, &column, k as usize);
        }
        let map = literals(&mut solver, &f, &star);
        add(&mut solver, &f, &map, None);
        Oracle {
            n,
            k,
            solver,
            star,
            regions: vec![None; n],
            dead: 0,
        }
    }

    /// The assumptions that make the solver's formula the partial puzzle `of`: each
    /// region's switch (its count encoded afresh when its squares changed) and no star
    /// outside every region.
    fn assume(&mut self, of: &[u8]) -> Vec<batsat::Lit> {
        let mut squares: Vec<Vec<usize>> = vec![Vec::new(); self.n];
        let mut out = Vec::new();
        for (i, &g) in of.iter().enumerate() {
            match squares.get_mut(g as usize) {
                Some(region) if g != UNSET => region.push(i),
                _ => out.push(!self.star[i]),
            }
        }
        for (g, region) in squares.into_iter().enumerate() {
            if let Some((old, switch)) = &self.regions[g]
                && *old == region
            {
                out.push(*switch);
                continue;
            }
            // Forgotten before it is retired, so that nothing can reuse it after.
            if let Some((old, switch)) = self.regions[g].take() {
                // Retired for good: the solver may drop its clauses.
                let mut off = vec![!switch];
                self.solver.add_clause_reuse(&mut off);
                self.dead += old.len() * 4 * self.k as usize;
            }
            let switch = batsat::Lit::new(self.solver.new_var_default(), true);
            let mut f = Cnf::new();
            f.new_vars(region.len() as u32);
            let lits: Vec<Lit> = (1..=region.len() as Lit).collect();
            exactly(&mut f, &lits, self.k as usize);
            let known: Vec<batsat::Lit> = region.iter().map(|&i| self.star[i]).collect();
            let map = literals(&mut self.solver, &f, &known);
            add(&mut self.solver, &f, &map, Some(switch));
            self.regions[g] = Some((region, switch));
            out.push(switch);
        }
        out
    }

    /// Whether the formula with `assumed` has a model; `None` if the solver gave up.
    /// Its propagations are counted as work done ([`crate::puzzle::effort`]).
    fn solve(&mut self, assumed: &[batsat::Lit]) -> Option<bool> {
        let before = self.solver.num_propagations();
        let answer = self.solver.solve_limited(assumed);
        crate::puzzle::effort::propagations(self.solver.num_propagations() - before);
        match answer {
            r if r == lbool::TRUE => Some(true),
            r if r == lbool::FALSE => Some(false),
            _ => None,
        }
    }
}

thread_local! {
    /// The oracle of the lane running on this thread ([`Slot::with`]).
    static ORACLE: RefCell<Option<Oracle>> = const { RefCell::new(None) };
}

/// One lane's oracle (module `generate`'s lanes of candidates), empty at first: each
/// lane asks its own questions of its own solver, so a lane gets the same answers (the
/// same second solutions, the same puzzle) on every platform and run, whatever thread
/// runs it and whatever ran before.
#[derive(Default)]
pub(super) struct Slot(Option<Oracle>);

impl Slot {
    /// Runs `f` with this slot's oracle as the one the questions of this module ask.
    pub(super) fn with<T>(&mut self, f: impl FnOnce() -> T) -> T {
        ORACLE.with(|cell| std::mem::swap(&mut *cell.borrow_mut(), &mut self.0));
        let out = f();
        ORACLE.with(|cell| std::mem::swap(&mut *cell.borrow_mut(), &mut self.0));
        out
    }
}

/// Runs `f` on this thread's oracle (the running lane's) for side `n` and `k` stars,
/// built afresh when there is none for them or its retired clauses pile up.
fn with<T>(n: usize, k: u32, f: impl FnOnce(&mut Oracle) -> T) -> T {
    ORACLE.with(|cell| {
        let mut cell = cell.borrow_mut();
        let fresh = cell
            .as_ref()
            .is_none_or(|o| o.n != n || o.k != k || o.dead > DEAD_LIMIT);
        if fresh {
            *cell = Some(Oracle::new(n, k));
        }
        f(cell.as_mut().expect("built above"))
    })
}

/// Whether no solution of the partial puzzle `of` has a star on square `i`; `None`
/// when the solver gave up (it does not: no limit is set).
pub(super) fn starless(n: usize, k: u32, of: &[u8], i: usize) -> Option<bool> {
    with(n, k, |o| {
        let mut assumed = o.assume(of);
        assumed.push(o.star[i]);
        o.solve(&assumed).map(|found| !found)
    })
}

/// Up to two solutions of the partial puzzle `of` (each its stars' squares in index
/// order), the count exact up to 2; `None` when the solver gave up.
pub(super) fn two_solutions(n: usize, k: u32, of: &[u8]) -> Option<Found> {
    with(n, k, |o| {
        let mut assumed = o.assume(of);
        let mut solutions: Vec<Vec<usize>> = Vec::new();
        let mut guards = Vec::new();
        let mut gave_up = false;
        while solutions.len() < 2 {
            match o.solve(&assumed) {
                Some(true) => {}
                Some(false) => break,
                None => {
                    gave_up = true;
                    break;
                }
            }
            let solution: Vec<usize> = (0..n * n)
                .filter(|&i| o.solver.value_lit(o.star[i]) == lbool::TRUE)
                .collect();
            // The next differs on one of these squares: a clause under its own switch,
            // retired below (the next question may have this solution again).
            let guard = batsat::Lit::new(o.solver.new_var_default(), true);
            let mut block: Vec<batsat::Lit> = solution.iter().map(|&i| !o.star[i]).collect();
            block.push(!guard);
            o.solver.add_clause_reuse(&mut block);
            assumed.push(guard);
            guards.push(guard);
            solutions.push(solution);
        }
        for g in guards {
            let mut off = vec![!g];
            o.solver.add_clause_reuse(&mut off);
        }
        (!gave_up).then_some(Found {
            count: solutions.len() as u128,
            solutions,
            nodes: 0,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::solver::{Limited, Tables, search_limited};
    use crate::puzzle::{Mark, Puzzle, State};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;

    use super::super::grow::below;

    /// The plain search's answers on the same questions (small boards, where it ends).
    fn plain(n: usize, k: u32, of: &[u8], star: Option<usize>) -> u128 {
        let regions: Vec<u8> = of.iter().map(|&r| if r == UNSET { 0 } else { r }).collect();
        let p = Puzzle::from_regions(n, k, regions).unwrap();
        let mut state = State::new(&p);
        for (j, &r) in of.iter().enumerate() {
            if r == UNSET {
                state.marks[j] = Mark::Cross;
            }
        }
        if let Some(i) = star {
            state.marks[i] = Mark::Star;
        }
        match search_limited(&Tables::new(&p), &state, 2, 0, u64::MAX, &|| false) {
            Limited::Done(f) => f.count,
            _ => unreachable!("no limit"),
        }
    }

    #[test]
    fn the_oracle_agrees_with_the_plain_search_on_random_partial_puzzles() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(40);
        let mut checked = [0usize; 2];
        for round in 0..300 {
            // Blocks of one side, so the oracle answers many questions in turn.
            let (n, k) = [(6, 1), (8, 1), (9, 2), (10, 2)][round / 75];
            // Regions: the rows, a square in five given to the next row's region, one
            // in eight left out.
            let of: Vec<u8> = (0..n * n)
                .map(|i| match below(&mut rng, 40) {
                    0..5 => UNSET,
                    5..13 => ((i / n + 1) % n) as u8,
                    _ => (i / n) as u8,
                })
                .collect();
            let count = plain(n, k, &of, None);
            let two = two_solutions(n, k, &of).unwrap();
            assert_eq!(two.count, count.min(2), "round {round}");
            // A square in a region, as the generator asks.
            let mut i = below(&mut rng, n * n);
            while of[i] == UNSET {
                i = (i + 1) % (n * n);
            }
            let lit = plain(n, k, &of, Some(i)) == 0;
            assert_eq!(starless(n, k, &of, i), Some(lit), "round {round}");
            checked[usize::from(count > 0)] += 1;
        }
        // Both kinds of question came up.
        assert!(checked[0] > 0 && checked[1] > 0, "{checked:?}");
    }
}
