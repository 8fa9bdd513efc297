//! Problems as Boolean formulas: the CNF encoding, its cardinality constraints, and the
//! SAT solver that the `sat` engine drives.
//!
//! The encoding is independent of the solver: [`encode::Encoding`] builds a plain
//! [`cnf::Cnf`] (DIMACS literals), which [`solver::Solver`] loads into the solver crate
//! and which [`crate::export`] writes out for external solvers. So the formula that
//! `queens export --to dimacs` prints is exactly the one `--engine sat` solves.
//!
//! - [`cnf`]: the formula type.
//! - [`card`]: at-most-one and exactly-k encodings.
//! - [`encode`]: problem → formula, model → placement.
//! - [`solver`]: the SAT solver behind a small interface, with model enumeration by
//!   blocking clauses.

pub mod card;
pub mod cnf;
pub mod encode;
#[cfg(feature = "sat")]
pub mod solver;
