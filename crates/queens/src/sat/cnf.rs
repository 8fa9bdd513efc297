//! A formula in conjunctive normal form, as the encoder builds it and solvers read it.
//!
//! Literals are DIMACS integers (`v` or `-v` for variable `v ≥ 1`), so the formula can
//! be written out as it stands and a solver's model read back without translation.
//! Clauses live in one flat buffer, each ended by a 0 as in DIMACS: a formula of a
//! million clauses is then one allocation, not a million.

use std::fmt::Write;

/// A literal: variable `v ≥ 1` as `v` (true) or `-v` (false), as in DIMACS.
pub type Lit = i32;

/// A CNF formula: a number of variables and a list of clauses.
///
/// ```text
/// use queens::sat::cnf::Cnf;
/// let mut f = Cnf::new();
/// let a = f.new_var();
/// let b = f.new_var();
/// f.add_clause(&[a, b]);
/// f.add_clause(&[-a]);
/// assert_eq!((f.num_vars(), f.num_clauses()), (2, 2));
/// assert_eq!(f.clauses().collect::<Vec<_>>(), vec![&[1, 2][..], &[-1][..]]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    vars: u32,
    /// Every clause's literals followed by a 0.
    lits: Vec<Lit>,
    clauses: usize,
}

impl Cnf {
    /// The empty formula (no variables, no clauses: satisfiable).
    pub fn new() -> Cnf {
        Cnf::default()
    }

    /// A fresh variable, as its positive literal.
    pub fn new_var(&mut self) -> Lit {
        self.vars += 1;
        self.vars as Lit
    }

    /// `n` fresh variables, numbered consecutively; returns the first.
    pub fn new_vars(&mut self, n: u32) -> Lit {
        let first = self.vars + 1;
        self.vars += n;
        first as Lit
    }

    /// Adds the clause `lits[0] ∨ lits[1] ∨ …`. An empty clause makes the formula
    /// unsatisfiable.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        debug_assert!(
            lits.iter()
                .all(|&l| l != 0 && l.unsigned_abs() <= self.vars)
        );
        self.lits.extend_from_slice(lits);
        self.lits.push(0);
        self.clauses += 1;
    }

    /// The number of variables.
    pub fn num_vars(&self) -> u32 {
        self.vars
    }

    /// The number of literal occurrences (the formula's size).
    pub fn num_literals(&self) -> usize {
        self.lits.len() - self.clauses
    }

    /// The clauses, in the order they were added.
    pub fn clauses(&self) -> impl Iterator<Item = &[Lit]> + '_ {
        self.lits.split(|&l| l == 0).take(self.clauses)
    }

    /// Appends the DIMACS body (`p cnf V C` and one line per clause) to `out`.
    pub fn write_dimacs(&self, out: &mut String) {
        let _ = writeln!(out, "p cnf {} {}", self.vars, self.clauses);
        for c in self.clauses() {
            for l in c {
                let _ = write!(out, "{l} ");
            }
            out.push_str("0\n");
        }
    }
}
