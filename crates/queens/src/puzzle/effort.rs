//! Work done on this thread, counted the same way on every machine and every run: what
//! the generator's lanes of candidates are ordered by (module `generate`, `LANES`).
//! The answer of a request is the candidate that ends first by this count, which tracks
//! time closely enough that the lane to find a puzzle first by the clock mostly wins,
//! while the clock decides nothing: ordered by
//! candidates started instead, a lane that found a puzzle within a few seconds waited
//! for the other lane to start as many candidates, a round of which could cost ten
//! times another (bench/puzzle.md).
//!
//! Counted where the generator spends its time, in units of about 10 ns of one core:
//! `4n` a node of a search on side `n` (the exhaustive [`super::solver`] and the random
//! one that draws each candidate's solution), 22 a propagation of the SAT solver
//! (`generate::oracle`), `10n²` each time the rules look at a position
//! ([`super::rules::Deducer::next_step`], and again the easy rules' fixed point that
//! comes before each such step). The weights were fitted to the times of 377 candidates
//! of seven requests from 16x16 to 20x20 with two and three stars, before the random
//! search was counted (per-candidate times
//! within about a fifth of the fit for half of them, bench/puzzle.md; the rules' `20n²`
//! a step, 0.2 µs a square, shared between the two counts); any weights give the same
//! puzzle on every run, better ones only bring it sooner.

use std::cell::Cell;

thread_local! {
    /// The units counted on this thread (set by whoever runs a lane, [`set`]).
    static DONE: Cell<u64> = const { Cell::new(0) };
}

/// Units for one node of a search on side `n`.
fn per_node(n: usize) -> u64 {
    4 * n as u64
}

/// Units for one propagation of the SAT solver.
const PER_PROPAGATION: u64 = 22;

/// Units for the rules looking once at a position of side `n`.
fn per_look(n: usize) -> u64 {
    10 * (n * n) as u64
}

/// Counts `count` nodes of a search on side `n` (the exhaustive one, and the random one
/// that draws each candidate's solution).
pub(crate) fn nodes(n: usize, count: u64) {
    add(count.saturating_mul(per_node(n)));
}

/// Counts `count` propagations of the SAT solver.
pub(crate) fn propagations(count: u64) {
    add(count.saturating_mul(PER_PROPAGATION));
}

/// Counts the rules looking once at a position of side `n`.
pub(crate) fn look(n: usize) {
    add(per_look(n));
}

/// Counts `units` of work done on this thread.
fn add(units: u64) {
    DONE.with(|d| d.set(d.get().saturating_add(units)));
}

/// The units counted on this thread so far.
pub(crate) fn done() -> u64 {
    DONE.with(Cell::get)
}

/// Sets this thread's count to `units`: a lane's count, restored before the lane runs
/// (lanes may take turns on one thread).
pub(crate) fn set(units: u64) {
    DONE.with(|d| d.set(units));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_is_per_thread_and_set_as_a_lane_left_it() {
        set(5);
        nodes(10, 1);
        assert_eq!(done(), 45);
        let other = std::thread::spawn(|| {
            propagations(1);
            done()
        });
        assert_eq!(other.join().unwrap(), PER_PROPAGATION);
        assert_eq!(done(), 45);
        set(0);
        look(3);
        assert_eq!(done(), 90);
    }
}
