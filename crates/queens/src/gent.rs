//! Random N-queens completion instances in the style of Gent, Jefferson and
//! Nightingale ("Complexity of n-Queens Completion", JAIR 59, 2017), for tests and
//! benchmarks of the completion engines.
//!
//! Queens are pre-placed one at a time, each on a square chosen uniformly among those
//! on a free rank, a free file and two free diagonals, until [`left_to_place`] queens
//! remain to be placed: about `sqrt(N / 0.19)`, near the point where half the instances
//! can be completed. So the generator yields both completable and impossible instances;
//! which one a seed gives is for a complete solver to decide. When the random
//! placement runs out of free squares early, it starts over with the same generator, so
//! a seed always gives the same instance.
//!
//! The command line's hidden `queens gen-completion N --seed S` prints `instance(N, S)` as
//! a perm line, 0 on the free files (for `solve N --fixed-file`).

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::perm::EMPTY;

/// The number of queens a Gent-style instance on `n × n` leaves to place:
/// `round(sqrt(n / 0.19))`, at most `n`.
///
/// ```
/// assert_eq!(queens::gent::left_to_place(100), 23);
/// ```
pub fn left_to_place(n: u32) -> u32 {
    ((n as f64 / 0.19).sqrt().round() as u32).min(n)
}

/// A random completion instance on `n × n` (`n ≥ 1`) from `seed`: the fixed rank on
/// each file, [`EMPTY`] where a queen is still to be placed. The fixed queens never
/// attack each other.
///
/// ```
/// use queens::gent::{instance, left_to_place};
/// use queens::perm::EMPTY;
/// let fixed = instance(50, 3);
/// assert_eq!(fixed.iter().filter(|&&r| r == EMPTY).count() as u32, left_to_place(50));
/// assert_eq!(fixed, instance(50, 3));
/// ```
pub fn instance(n: u32, seed: u64) -> Vec<u32> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let nn = n as usize;
    let place = nn - left_to_place(n) as usize;
    'restart: loop {
        let mut ranks = vec![EMPTY; nn];
        let mut d1 = vec![false; 2 * nn];
        let mut d2 = vec![false; 2 * nn];
        let mut free_files: Vec<usize> = (0..nn).collect();
        let mut free_ranks: Vec<usize> = (0..nn).collect();
        for _ in 0..place {
            let ok =
                |f: usize, r: usize, d1: &[bool], d2: &[bool]| !d1[f + r] && !d2[f + nn - 1 - r];
            // Every free square (free file x free rank, free diagonals), uniformly.
            let mut squares = Vec::new();
            for (fi, &f) in free_files.iter().enumerate() {
                for (ri, &r) in free_ranks.iter().enumerate() {
                    if ok(f, r, &d1, &d2) {
                        squares.push((fi, ri));
                    }
                }
            }
            if squares.is_empty() {
                continue 'restart;
            }
            let pick = (((rng.next_u64() >> 32) * squares.len() as u64) >> 32) as usize;
            let (fi, ri) = squares[pick];
            let (f, r) = (free_files.swap_remove(fi), free_ranks.swap_remove(ri));
            ranks[f] = r as u32;
            d1[f + r] = true;
            d2[f + nn - 1 - r] = true;
        }
        return ranks;
    }
}
