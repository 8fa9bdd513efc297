//! The SAT solver: CaDiCaL, through the `cadical` crate, behind a small interface.
//!
//! Why CaDiCaL: enumerating the 14,200 solutions of 12 queens by blocking clauses
//! (one solver call per solution, each adding a clause) took 2.5 s with it, 20.7 s with
//! varisat and 47.9 s with batsat (rustsat's pure-Rust backend), on the same formula
//! (`bench/sat.md`). The crate bundles CaDiCaL's C++ source and builds it with the
//! system C++ compiler through `cc`: no libclang, no download.
//!
//! The solver is incremental: [`Solver::block`] adds a clause between calls and the
//! solver keeps what it learnt, which is what makes enumeration cheap. Cancellation
//! reaches into a running call through CaDiCaL's terminate callback.
//!
//! The encoder does not depend on the solver crate, so swapping the solver is this one
//! module.

use super::cnf::{Cnf, Lit};
use crate::error::Error;

/// Asks CaDiCaL to stop when the caller's predicate says so. A predicate rather than
/// the engine's `Control`, so that this module (below the engines, used by the exports
/// too) does not import the engines.
struct Stop<'a> {
    stop: Option<&'a dyn Fn() -> bool>,
}

impl cadical::Callbacks for Stop<'_> {
    fn terminate(&mut self) -> bool {
        self.stop.is_some_and(|stop| stop())
    }
}

/// An incremental SAT solver loaded with a formula.
///
/// ```text
/// use queens::sat::{cnf::Cnf, solver::Solver};
/// let mut f = Cnf::new();
/// let (a, b) = (f.new_var(), f.new_var());
/// f.add_clause(&[a, b]);
/// let mut s = Solver::new(&f, None);
/// let mut models = 0;
/// while s.solve().unwrap() {
///     models += 1;
///     let block: Vec<i32> = [a, b].iter().map(|&v| if s.value(v) { -v } else { v }).collect();
///     s.block(&block);
/// }
/// assert_eq!(models, 3);
/// ```
pub struct Solver<'a> {
    inner: cadical::Solver<Stop<'a>>,
}

impl<'a> Solver<'a> {
    /// A solver holding the clauses of `cnf`; when `stop` says so (the run was
    /// cancelled, or its time budget ran out), [`Solver::solve`] stops with
    /// [`Error::Interrupted`].
    pub fn new(cnf: &Cnf, stop: Option<&'a dyn Fn() -> bool>) -> Solver<'a> {
        let mut inner: cadical::Solver<Stop<'a>> = cadical::Solver::new();
        inner.reserve(cnf.num_vars() as i32);
        for c in cnf.clauses() {
            inner.add_clause(c.iter().copied());
        }
        inner.set_callbacks(Some(Stop { stop }));
        Solver { inner }
    }

    /// Whether the clauses so far have a model; afterwards [`Solver::value`] reads it.
    pub fn solve(&mut self) -> Result<bool, Error> {
        self.inner.solve().ok_or(Error::Interrupted)
    }

    /// The value of variable `var` in the model the last [`Solver::solve`] found.
    pub fn value(&self, var: Lit) -> bool {
        self.inner.value(var) == Some(true)
    }

    /// Adds a clause (typically one that rules out the model just found).
    pub fn block(&mut self, clause: &[Lit]) {
        self.inner.add_clause(clause.iter().copied());
    }
}
