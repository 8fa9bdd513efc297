//! Cardinality constraints as clauses: "at most one of these" and "exactly k of these".
//!
//! - [`at_most_one`]: all pairs for up to [`PAIRWISE_MAX`] literals (no new variables,
//!   and for so few the pairs are fewer clauses than any ladder), else the sequential
//!   ("ladder") encoding: a chain of prefix variables `p_i = x_1 ∨ … ∨ x_i`, in `3n`
//!   clauses instead of `n²/2`.
//! - [`exactly`]: Sinz's sequential counter made two-way. Register `r(i, j)` means "at
//!   least `j` of `x_1..x_i` are true"; clauses force it both ways, so the registers
//!   are a function of the `x` and a blocking clause over the `x` alone removes exactly
//!   one model. `O(n·k)` clauses and variables, and unit propagation alone keeps the
//!   count in bounds (the encoding is arc-consistent).

use super::cnf::{Cnf, Lit};

/// Up to this many literals, [`at_most_one`] writes all pairs.
pub const PAIRWISE_MAX: usize = 5;

/// Adds clauses so that at most one of `lits` is true.
///
/// ```text
/// use queens::sat::{card::at_most_one, cnf::Cnf};
/// let mut f = Cnf::new();
/// let first = f.new_vars(10);
/// let xs: Vec<i32> = (first..first + 10).collect();
/// at_most_one(&mut f, &xs);
/// // Two true literals are refused, one is fine (prefix variables follow the x).
/// let ok = |set: &[u32]| (0..1u32 << (f.num_vars() - 10)).any(|aux| {
///     f.satisfied_by(|v| if v <= 10 { set.contains(&v) } else { aux >> (v - 11) & 1 == 1 })
/// });
/// assert!(ok(&[3]) && ok(&[]) && !ok(&[3, 7]));
/// ```
pub fn at_most_one(cnf: &mut Cnf, lits: &[Lit]) {
    if lits.len() <= PAIRWISE_MAX {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                cnf.add_clause(&[-a, -b]);
            }
        }
        return;
    }
    // p holds "some x_1..x_i is true"; x_{i+1} may only be true when p is false.
    let mut prev = lits[0];
    for (i, &x) in lits.iter().enumerate().skip(1) {
        cnf.add_clause(&[-x, -prev]);
        if i + 1 < lits.len() {
            let p = cnf.new_var();
            cnf.add_clause(&[-prev, p]);
            cnf.add_clause(&[-x, p]);
            prev = p;
        }
    }
}

/// Adds clauses so that exactly `k` of `lits` are true (none when `k == 0`; an empty
/// clause when `k > lits.len()`).
///
/// ```text
/// use queens::sat::{card::exactly, cnf::Cnf};
/// let mut f = Cnf::new();
/// let first = f.new_vars(5);
/// let xs: Vec<i32> = (first..first + 5).collect();
/// exactly(&mut f, &xs, 2);
/// // Registers are determined by the x: count the (x, register) models per x.
/// let aux = f.num_vars() - 5;
/// let models = |x: u32| (0..1u32 << aux)
///     .filter(|r| f.satisfied_by(|v| if v <= 5 { x >> (v - 1) & 1 == 1 } else { r >> (v - 6) & 1 == 1 }))
///     .count();
/// for x in 0..32u32 {
///     assert_eq!(models(x), usize::from(x.count_ones() == 2));
/// }
/// ```
pub fn exactly(cnf: &mut Cnf, lits: &[Lit], k: usize) {
    let n = lits.len();
    if k > n {
        cnf.add_clause(&[]);
        return;
    }
    if k == 0 || k == n {
        let sign = if k == 0 { -1 } else { 1 };
        for &x in lits {
            cnf.add_clause(&[sign * x]);
        }
        return;
    }
    // row[j - 1] = r(i, j) for the current i, j = 1..=min(i, k); r(i, j) for j > i is
    // false and has no variable.
    let mut row: Vec<Lit> = Vec::with_capacity(k);
    for (i, &x) in lits.iter().enumerate() {
        let i = i + 1;
        let width = i.min(k);
        let first = cnf.new_vars(width as u32);
        let next: Vec<Lit> = (first..first + width as Lit).collect();
        for j in 1..=width {
            let r = next[j - 1];
            let up = row.get(j - 1).copied(); // r(i-1, j), absent = false
            let diag = if j == 1 { None } else { Some(row[j - 2]) }; // r(i-1, j-1)
            // Upward: r(i-1, j) → r; x ∧ r(i-1, j-1) → r (with r(i-1, 0) true).
            if let Some(u) = up {
                cnf.add_clause(&[-u, r]);
            }
            match diag {
                Some(d) => cnf.add_clause(&[-x, -d, r]),
                None => cnf.add_clause(&[-x, r]),
            }
            // Downward: r → r(i-1, j) ∨ x; r → r(i-1, j-1).
            match up {
                Some(u) => cnf.add_clause(&[-r, u, x]),
                None => cnf.add_clause(&[-r, x]),
            }
            if let Some(d) = diag {
                cnf.add_clause(&[-r, d]);
            }
        }
        // At most k: x may not be true once k of the earlier ones are.
        if i > k {
            cnf.add_clause(&[-x, -row[k - 1]]);
        }
        row = next;
    }
    // At least k.
    cnf.add_clause(&[row[k - 1]]);
}
