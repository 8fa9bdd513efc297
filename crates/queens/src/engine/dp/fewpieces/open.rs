//! Up to three pieces on the open rectangle, counted from the geometry of offsets.
//!
//! Pieces are labelled `1, 2, 3` with kinds `a, b, c` (see [`super::reach`] for the
//! conflict sets `K_xy(p)`). On a `R × C` board the ordered pairs of squares at offset
//! `v` number `W(v) = (C - |v_f|)+ · (R - |v_r|)+`, and the triples `(s, s + u, s + w)`
//! number `(C - span_f)+ · (R - span_r)+` with `span` the extent of `{0, u, w}`. With
//! `S = R·C` squares, inclusion–exclusion over the three pair conflicts of injective
//! triples gives the ordered count
//!
//! `S(S-1)(S-2) - (P_ab + P_ac + P_bc)(S-2) + paths - triangles`
//!
//! - `P_xy = Σ_p Σ_{k ∈ K_xy(p)} W(k·p)`, the conflicting ordered pairs;
//! - `paths`: pairs of conflicts sharing a piece, for each piece as the centre: the
//!   triples `(s, s + k·p, s + l·q)` over both conflict sets, `k·p ≠ l·q` (the other two
//!   pieces on one square is no triple);
//! - `triangles`: all three pairs conflict. From the offsets `k·p` (1 to 2) and `l·q`
//!   (1 to 3), 2 to 3 is `l·q - k·p = m·r`. When `q` is parallel to `p` the three are
//!   collinear and each `l` is tried; otherwise, for each direction `r` of the pair
//!   (2, 3), `l q - m r = k p` has one rational solution (Cramer's rule), kept when
//!   `l` and `m` are whole, positive and in their conflict sets.
//!
//! Two pieces: `S(S-1) - P_ab`; one: `S`. The cost is `O(Σ_p |K(p)|)` for two pieces
//! (linear in the side) and `O((Σ_p |K(p)|)²)` for three (linear in the squares); the
//! loops stop where an offset leaves the board.

use num_bigint::BigInt;

use super::reach::{Dir, Pair, Reach};
use crate::engine::Control;
use crate::error::Error;

/// The board and a way to stop.
struct Board<'a> {
    rows: i64,
    cols: i64,
    ctl: &'a Control<'a>,
}

impl Board<'_> {
    /// Ordered pairs of squares at offset `v`.
    #[inline]
    fn pairs(&self, v: Dir) -> u128 {
        let f = (self.cols - v.0.abs()).max(0) as u128;
        let r = (self.rows - v.1.abs()).max(0) as u128;
        f * r
    }

    /// Placements of `(s, s + u, s + w)`.
    #[inline]
    fn triples(&self, u: Dir, w: Dir) -> u128 {
        let sf = u.0.max(w.0).max(0) - u.0.min(w.0).min(0);
        let sr = u.1.max(w.1).max(0) - u.1.min(w.1).min(0);
        ((self.cols - sf).max(0) as u128) * ((self.rows - sr).max(0) as u128)
    }

    fn stop(&self) -> Result<(), Error> {
        if self.ctl.cancelled() {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }
}

fn add(acc: &mut u128, v: u128) -> Result<(), Error> {
    *acc = acc
        .checked_add(v)
        .ok_or_else(|| Error::internal("a count of the fewpieces engine passed u128"))?;
    Ok(())
}

fn scale(p: Dir, k: u32) -> Dir {
    (p.0 * k as i64, p.1 * k as i64)
}

/// `P_xy`: conflicting ordered pairs.
fn conflicting_pairs(b: &Board, xy: &Pair) -> Result<u128, Error> {
    let mut total = 0u128;
    for d in &xy.dirs {
        b.stop()?;
        for &k in &d.ks {
            add(&mut total, b.pairs(scale(d.p, k)))?;
        }
    }
    Ok(total)
}

/// Triples with the centre conflicting with both others (`xy` to the second, `xz` to the
/// third), the two others on different squares.
fn paths(b: &Board, xy: &Pair, xz: &Pair) -> Result<u128, Error> {
    let mut total = 0u128;
    for d in &xy.dirs {
        for &k in &d.ks {
            b.stop()?;
            let u = scale(d.p, k);
            if b.pairs(u) == 0 {
                break;
            }
            for e in &xz.dirs {
                for &l in &e.ks {
                    let w = scale(e.p, l);
                    if w == u {
                        continue;
                    }
                    let n = b.triples(u, w);
                    if n == 0 {
                        break;
                    }
                    add(&mut total, n)?;
                }
            }
        }
    }
    Ok(total)
}

/// Triples in which all three pairs conflict: 1 to 2 by `ab`, 1 to 3 by `ac`, 2 to 3 by
/// `bc`.
fn triangles(b: &Board, ab: &Pair, ac: &Pair, bc: &Pair) -> Result<u128, Error> {
    let mut total = 0u128;
    for d in &ab.dirs {
        let p = d.p;
        for &k in &d.ks {
            b.stop()?;
            let u = scale(p, k);
            if b.pairs(u) == 0 {
                break;
            }
            for e in &ac.dirs {
                let q = e.p;
                if q.0 * p.1 == q.1 * p.0 {
                    // Collinear: 2 to 3 is (l - σk)·q, σ = ±1 as p = σq.
                    let sigma: i64 = if p == q { 1 } else { -1 };
                    let fwd = bc.dir(q);
                    let back = bc.dir((-q.0, -q.1));
                    for &l in &e.ks {
                        let w = scale(q, l);
                        let n = b.triples(u, w);
                        if n == 0 {
                            break;
                        }
                        let m = i64::from(l) - sigma * i64::from(k);
                        let hit = match m {
                            0 => false,
                            m if m > 0 => fwd.is_some_and(|f| f.has(m as u64)),
                            m => back.is_some_and(|f| f.has(m.unsigned_abs())),
                        };
                        if hit {
                            add(&mut total, n)?;
                        }
                    }
                    continue;
                }
                for f in &bc.dirs {
                    let r = f.p;
                    // l q - m r = k p.
                    let det = r.0 * q.1 - q.0 * r.1;
                    if det == 0 {
                        continue;
                    }
                    let ln = i64::from(k) * (r.0 * p.1 - p.0 * r.1);
                    let mn = i64::from(k) * (q.0 * p.1 - q.1 * p.0);
                    if ln % det != 0 || mn % det != 0 {
                        continue;
                    }
                    let (l, m) = (ln / det, mn / det);
                    if l <= 0 || m <= 0 || !e.has(l as u64) || !f.has(m as u64) {
                        continue;
                    }
                    add(&mut total, b.triples(u, scale(q, l as u32)))?;
                }
            }
        }
    }
    Ok(total)
}

/// The elementary steps [`ordered`] takes for these kinds (before it stops at the
/// board's edge): what `check` compares with its budget.
pub(crate) fn work(kinds: &[&Reach], rows: u64, cols: u64) -> u64 {
    let sizes: Vec<u64> = kinds.iter().map(|r| r.size(rows, cols)).collect();
    match sizes.as_slice() {
        [a, b, c] => {
            let (ab, ac, bc) = (a + b, a + c, b + c);
            ab.saturating_mul(ac)
                .saturating_add(ab.saturating_mul(bc))
                .saturating_add(ac.saturating_mul(bc))
        }
        s => s.iter().sum(),
    }
}

/// The ordered count: pieces of `kinds` (one entry per piece, at most three) on
/// distinct squares of the open `rows × cols` board, no two in conflict.
pub(crate) fn ordered(
    kinds: &[&Reach],
    rows: u64,
    cols: u64,
    ctl: &Control,
) -> Result<BigInt, Error> {
    let b = Board {
        rows: rows as i64,
        cols: cols as i64,
        ctl,
    };
    let s = BigInt::from(rows) * BigInt::from(cols);
    let one = BigInt::from(1u32);
    let two = BigInt::from(2u32);
    let pair = |x: &Reach, y: &Reach| Pair::new(x, y, rows, cols);
    Ok(match kinds {
        [] => one,
        [_] => s,
        [a, b2] => {
            let ab = pair(a, b2);
            &s * (&s - &one) - BigInt::from(conflicting_pairs(&b, &ab)?)
        }
        [a, b2, c] => {
            let (ab, ac, bc) = (pair(a, b2), pair(a, c), pair(b2, c));
            let (ba, ca, cb) = (pair(b2, a), pair(c, a), pair(c, b2));
            let edges = BigInt::from(conflicting_pairs(&b, &ab)?)
                + BigInt::from(conflicting_pairs(&b, &ac)?)
                + BigInt::from(conflicting_pairs(&b, &bc)?);
            let paths = BigInt::from(paths(&b, &ab, &ac)?)
                + BigInt::from(paths(&b, &ba, &bc)?)
                + BigInt::from(paths(&b, &ca, &cb)?);
            let tri = BigInt::from(triangles(&b, &ab, &ac, &bc)?);
            &s * (&s - &one) * (&s - &two) - edges * (&s - &two) + paths - tri
        }
        _ => {
            return Err(Error::internal(
                "the fewpieces engine counts at most three pieces",
            ));
        }
    })
}
