//! Up to three pieces on the open rectangle, counted from the geometry of offsets.
//!
//! Pieces are labelled `1, 2, 3` with kinds `a, b, c` (see [`super::reach`] for the
//! conflict sets `K_xy(p)`). On a `R × C` board the ordered pairs of squares at offset
//! `v` number `W(v) = (C - |v_f|)+ · (R - |v_r|)+`, and the triples `(s, s + u, s + w)`
//! number `T(u, w) = (C - span_f)+ · (R - span_r)+` with `span` the extent of
//! `{0, u, w}`. With `S = R·C` squares, inclusion–exclusion over the three pair
//! conflicts of injective triples gives the ordered count
//!
//! `S(S-1)(S-2) - (P_ab + P_ac + P_bc)(S-2) + paths - triangles`
//!
//! - `P_xy = Σ_p Σ_{k ∈ K_xy(p)} W(k·p)`, the conflicting ordered pairs;
//! - `paths`: pairs of conflicts sharing a piece, for each piece as the centre: the
//!   triples `(s, s + k·p, s + l·q)` over both conflict sets, `k·p ≠ l·q` (the other two
//!   pieces on one square is no triple);
//! - `triangles`: all three pairs conflict. From the offsets `k·p` (1 to 2) and `l·q`
//!   (1 to 3), 2 to 3 is `l·q - k·p = m·r`. When `q` is parallel to `p` the three are
//!   collinear and `m = l ∓ k`; otherwise, for each direction `r` of the pair (2, 3),
//!   `l q - m r = k p` has one rational solution (Cramer's rule), `l` and `m`
//!   proportional to `k`, kept when they are whole, positive and in their conflict sets.
//!
//! # Closed forms
//! Each conflict set is a signed sum of progressions "multiples of `c` up to `B`"
//! ([`super::reach::Term`]). Along one progression `W(k·p)` is a quadratic in `k`, so
//! `P_xy` is a few closed-form power sums per direction, whatever the board. For a fixed
//! first offset `u = k·p`, each factor of `T(u, l·q)` is, as a function of `l`, constant
//! up to the point where `l·q` leaves the extent of `u`, then linear down to zero
//! ([`coord`]): their product is a quadratic on at most four intervals, summed in closed
//! form over the multiples of `l`'s progressions (and, for collinear triangles, over the
//! `l` whose `m = l ∓ k` lies in a progression of the third pair: a congruence, solved
//! by the Chinese remainder theorem). Triangles that are not collinear scale with `k`:
//! one closed form per three directions (`Board::flat_triangles`). So two pieces cost
//! `O(1)` per direction and three `O(side)` per pair of directions: the loop over `k`
//! (paths and collinear triangles) is the only one.

use num_bigint::BigInt;
use num_integer::Integer;

use super::reach::{Dir, Pair, PairDir, Reach, Term};
use crate::engine::Control;
use crate::error::Error;

/// The board and a way to stop.
struct Board<'a> {
    rows: i64,
    cols: i64,
    ctl: &'a Control<'a>,
    /// Progress: the outer directions walked so far, and in all (paths and collinear
    /// triangles of three pieces).
    walked: std::cell::Cell<(u64, u64)>,
}

fn overflow() -> Error {
    Error::internal("a count of the fewpieces engine passed i128")
}

impl Board<'_> {
    /// Ordered pairs of squares at offset `v`.
    #[inline]
    fn pairs(&self, v: Dir) -> i128 {
        let f = (self.cols - v.0.abs()).max(0) as i128;
        let r = (self.rows - v.1.abs()).max(0) as i128;
        f * r
    }

    /// Placements of `(s, s + u, s + w)`, directly: what the closed forms are tested
    /// against.
    #[cfg(test)]
    fn triples(&self, u: Dir, w: Dir) -> i128 {
        let sf = u.0.max(w.0).max(0) - u.0.min(w.0).min(0);
        let sr = u.1.max(w.1).max(0) - u.1.min(w.1).min(0);
        ((self.cols - sf).max(0) as i128) * ((self.rows - sr).max(0) as i128)
    }

    /// One more outer direction walked: reported to the progress listener.
    fn walked_one(&self) {
        let (done, all) = self.walked.get();
        self.walked.set((done + 1, all));
        self.ctl.report(done + 1, all.max(done + 1));
    }

    fn stop(&self) -> Result<(), Error> {
        if self.ctl.cancelled() {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }

    /// `Σ T(u, l·q)` over the `l` in `lo..=hi` with `l ≡ a (mod m)`.
    fn line_sum(&self, u: Dir, q: Dir, a: i128, m: i128, lo: i64, hi: i64) -> Result<i128, Error> {
        let (fs, nf) = coord(self.cols, u.0, q.0);
        let (rs, nr) = coord(self.rows, u.1, q.1);
        let mut total = 0i128;
        for f in &fs[..nf] {
            for r in &rs[..nr] {
                let (lo, hi) = (lo.max(f.lo).max(r.lo), hi.min(f.hi).min(r.hi));
                if lo > hi {
                    continue;
                }
                // (f.a + f.b·l)(r.a + r.b·l), summed over the progression.
                let (fa, fb, ra, rb) = (f.a as i128, f.b as i128, r.a as i128, r.b as i128);
                let quad = [fa * ra, fa * rb + fb * ra, fb * rb];
                let s = dot(quad, ap_moments(a, m, lo as i128, hi as i128)?)?;
                total = total.checked_add(s).ok_or_else(overflow)?;
            }
        }
        Ok(total)
    }
}

/// `[Σ 1, Σ k, Σ k²]` over the `k` in `lo..=hi` with `k ≡ a (mod m)`, `m ≥ 1`.
pub(crate) fn ap_moments(a: i128, m: i128, lo: i128, hi: i128) -> Result<[i128; 3], Error> {
    let first = lo + (a - lo).rem_euclid(m);
    if first > hi {
        return Ok([0; 3]);
    }
    // k = first + m·i for i in 0..j.
    let j = (hi - first) / m + 1;
    let s1 = j * (j - 1) / 2;
    let s2 = s1.checked_mul(2 * j - 1).ok_or_else(overflow)? / 3;
    let sum = j
        .checked_mul(first)
        .and_then(|x| x.checked_add(m.checked_mul(s1)?));
    let squares = j
        .checked_mul(first)
        .and_then(|x| x.checked_mul(first))
        .and_then(|x| x.checked_add(first.checked_mul(m)?.checked_mul(2 * s1)?))
        .and_then(|x| x.checked_add(m.checked_mul(m)?.checked_mul(s2)?));
    match (sum, squares) {
        (Some(s), Some(q)) => Ok([j, s, q]),
        _ => Err(overflow()),
    }
}

/// `c0·Σ1 + c1·Σk + c2·Σk²`.
fn dot(c: [i128; 3], m: [i128; 3]) -> Result<i128, Error> {
    let mut t = 0i128;
    for (c, m) in c.into_iter().zip(m) {
        t = c
            .checked_mul(m)
            .and_then(|x| t.checked_add(x))
            .ok_or_else(overflow)?;
    }
    Ok(t)
}

/// `a + b·l` on `lo..=hi`.
#[derive(Clone, Copy)]
struct Lin {
    lo: i64,
    hi: i64,
    a: i64,
    b: i64,
}

/// One factor of `T(u, l·q)` along an axis of extent `n`, as a function of `l ≥ 1`:
/// `(n - span(0, a, l·b))+` in at most two pieces, positive on both. The span stays
/// `|a|` while `l·b` is inside `[min(0, a), max(0, a)]`, then grows by `|b|` per step.
fn coord(n: i64, a: i64, b: i64) -> ([Lin; 2], usize) {
    let none = Lin {
        lo: 1,
        hi: 0,
        a: 0,
        b: 0,
    };
    let mut out = [none; 2];
    let base = n - a.abs();
    if base <= 0 {
        return (out, 0);
    }
    if b == 0 {
        out[0] = Lin {
            lo: 1,
            hi: i64::MAX,
            a: base,
            b: 0,
        };
        return (out, 1);
    }
    // `t`: the last `l` inside; past it the span is `d + l·|b|`.
    let (t, d) = if b > 0 {
        (a.max(0) / b, -a.min(0))
    } else {
        (-a.min(0) / -b, a.max(0))
    };
    let z = (n - d - 1) / b.abs();
    let mut len = 0;
    if t >= 1 {
        out[len] = Lin {
            lo: 1,
            hi: t,
            a: base,
            b: 0,
        };
        len += 1;
    }
    if z > t {
        out[len] = Lin {
            lo: t + 1,
            hi: z,
            a: n - d,
            b: -b.abs(),
        };
        len += 1;
    }
    (out, len)
}

/// The `x` in `0..m` with `a·x ≡ 1 (mod m)`, for `a` and `m` coprime.
fn inverse(a: i128, m: i128) -> i128 {
    a.rem_euclid(m).extended_gcd(&m).x.rem_euclid(m)
}

/// The `l` with `l ≡ 0 (mod s1)` and `l ≡ r (mod s2)`, as `l ≡ a (mod m)`; `None`
/// when there is none.
pub(crate) fn crt(s1: i128, r: i128, s2: i128) -> Option<(i128, i128)> {
    if s1 == 1 && s2 == 1 {
        return Some((0, 1));
    }
    let g = s1.gcd(&s2);
    let r = r.rem_euclid(s2);
    if r % g != 0 {
        return None;
    }
    let m2 = s2 / g;
    let x = if m2 == 1 {
        0
    } else {
        (r / g % m2) * inverse(s1 / g, m2) % m2
    };
    Some((s1 * x, s1 * m2))
}

fn add(acc: &mut i128, v: i128) -> Result<(), Error> {
    *acc = acc.checked_add(v).ok_or_else(overflow)?;
    Ok(())
}

fn scale(p: Dir, k: i64) -> Dir {
    (p.0 * k, p.1 * k)
}

/// The multiples of a term, each with the term's sign.
fn multiples(t: &Term) -> impl Iterator<Item = (i64, i64)> + '_ {
    (1..=t.bound / t.step).map(move |j| ((j * t.step) as i64, t.sign))
}

/// `P_xy` on the open `rows × cols` board.
pub(crate) fn pairs_count(xy: &Pair, rows: u64, cols: u64) -> Result<i128, Error> {
    let ctl = Control::default();
    let b = Board {
        rows: rows as i64,
        cols: cols as i64,
        ctl: &ctl,
        walked: Default::default(),
    };
    conflicting_pairs(&b, xy)
}

/// `P_xy`: conflicting ordered pairs.
fn conflicting_pairs(b: &Board, xy: &Pair) -> Result<i128, Error> {
    let mut total = 0i128;
    for d in &xy.dirs {
        let (pf, pr) = (d.p.0.unsigned_abs() as i128, d.p.1.unsigned_abs() as i128);
        let (c, r) = (b.cols as i128, b.rows as i128);
        // W(k·p) = (C - k|p_f|)(R - k|p_r|) for every k up to the bound.
        let quad = [c * r, -(c * pr + r * pf), pf * pr];
        for t in &d.terms {
            let s = dot(quad, ap_moments(0, t.step as i128, 1, t.bound as i128)?)?;
            add(&mut total, t.sign as i128 * s)?;
        }
    }
    Ok(total)
}

/// Triples with the centre conflicting with both others (`xy` to the second, `xz` to the
/// third), the two others on different squares.
fn paths(b: &Board, xy: &Pair, xz: &Pair) -> Result<i128, Error> {
    let mut total = 0i128;
    for d in &xy.dirs {
        b.walked_one();
        for t in &d.terms {
            for (k, sign) in multiples(t) {
                b.stop()?;
                let u = scale(d.p, k);
                let mut s = 0i128;
                for e in &xz.dirs {
                    for te in &e.terms {
                        let n = b.line_sum(u, e.p, 0, te.step as i128, 1, te.bound as i64)?;
                        add(&mut s, te.sign as i128 * n)?;
                    }
                    if e.p == d.p && e.has(k as u64) {
                        // The third piece on the second's square.
                        add(&mut s, -b.pairs(u))?;
                    }
                }
                add(&mut total, sign as i128 * s)?;
            }
        }
    }
    Ok(total)
}

/// Triples in which all three pairs conflict: 1 to 2 by `ab`, 1 to 3 by `ac`, 2 to 3 by
/// `bc`.
fn triangles(b: &Board, ab: &Pair, ac: &Pair, bc: &Pair) -> Result<i128, Error> {
    let parallel = |p: Dir, q: Dir| q.0 * p.1 == q.1 * p.0;
    let mut total = 0i128;
    // Collinear: per multiple k of the first offset, a line sum over l.
    for d in &ab.dirs {
        b.walked_one();
        let p = d.p;
        let along: Vec<&PairDir> = ac.dirs.iter().filter(|e| parallel(p, e.p)).collect();
        if along.is_empty() {
            continue;
        }
        for t in &d.terms {
            for (k, sign) in multiples(t) {
                b.stop()?;
                let u = scale(p, k);
                let mut s = 0i128;
                for e in &along {
                    let q = e.p;
                    // 2 to 3 is m·q with m = l - σk, σ = ±1 as p = σq.
                    let sk = if p == q { k } else { -k };
                    for (r, forward) in [(q, true), ((-q.0, -q.1), false)] {
                        let Some(f) = bc.dir(r) else { continue };
                        for te in &e.terms {
                            for tf in &f.terms {
                                let reach = tf.bound as i64;
                                // m in 1..=reach forwards, -m in 1..=reach backwards.
                                let (lo, hi) = if forward {
                                    (sk + 1, sk + reach)
                                } else {
                                    (sk - reach, sk - 1)
                                };
                                let (lo, hi) = (lo.max(1), hi.min(te.bound as i64));
                                if lo > hi {
                                    continue;
                                }
                                let Some((a, m)) =
                                    crt(te.step as i128, sk as i128, tf.step as i128)
                                else {
                                    continue;
                                };
                                let n = b.line_sum(u, q, a, m, lo, hi)?;
                                add(&mut s, (te.sign * tf.sign) as i128 * n)?;
                            }
                        }
                    }
                }
                add(&mut total, sign as i128 * s)?;
            }
        }
    }
    // Not collinear: one closed form per three directions.
    for d in &ab.dirs {
        for e in ac.dirs.iter().filter(|e| !parallel(d.p, e.p)) {
            b.stop()?;
            for f in &bc.dirs {
                add(&mut total, b.flat_triangles(d, e, f)?)?;
            }
        }
    }
    Ok(total)
}

impl Board<'_> {
    /// Triangles `(s, s + k·p, s + l·q)` with `l·q - k·p = m·r`, `p` and `q` not
    /// parallel: `l = k·A/det` and `m = k·B/det` (Cramer's rule), so every offset is
    /// proportional to `k` and the places a triangle fits are a quadratic in `k`. The
    /// three conflict sets' progressions make `k` a multiple of one modulus (the
    /// multiples of `c` among `k·A/det` are those of `det·c / gcd(A, det·c)`).
    fn flat_triangles(&self, d: &PairDir, e: &PairDir, f: &PairDir) -> Result<i128, Error> {
        let (p, q, r) = (d.p, e.p, f.p);
        let det = r.0 * q.1 - q.0 * r.1;
        if det == 0 {
            return Ok(0);
        }
        let (mut an, mut bn) = (r.0 * p.1 - p.0 * r.1, q.0 * p.1 - q.1 * p.0);
        let mut det = det;
        if det < 0 {
            (an, bn, det) = (-an, -bn, -det);
        }
        if an <= 0 || bn <= 0 {
            return Ok(0);
        }
        let (an, bn, det) = (an as i128, bn as i128, det as i128);
        // Extents per unit of k, scaled by det: {0, det·p, A·q}.
        let span = |pc: i64, qc: i64| {
            let (x, y) = (det * pc as i128, an * qc as i128);
            x.max(y).max(0) - x.min(y).min(0)
        };
        let (sf, sr) = (span(p.0, q.0), span(p.1, q.1));
        let (cols, rows) = (self.cols as i128, self.rows as i128);
        let mut total = 0i128;
        for t1 in &d.terms {
            for t2 in &e.terms {
                for t3 in &f.terms {
                    let (s1, s2, s3) = (t1.step as i128, t2.step as i128, t3.step as i128);
                    let m2 = det * s2 / an.gcd(&(det * s2));
                    let m3 = det * s3 / bn.gcd(&(det * s3));
                    let modulus = lcm(lcm(s1, m2)?, m3)?;
                    // k = modulus·j; each bound on k, l, m and the board's extent.
                    let mul = |a: i128, b: i128| a.checked_mul(b).ok_or_else(overflow);
                    let mut top = t1.bound as i128 / modulus;
                    top = top.min(mul(t2.bound as i128, det)? / mul(an, modulus)?);
                    top = top.min(mul(t3.bound as i128, det)? / mul(bn, modulus)?);
                    let (gf, gr) = (mul(modulus, sf)? / det, mul(modulus, sr)? / det);
                    if gf > 0 {
                        top = top.min((cols - 1) / gf);
                    }
                    if gr > 0 {
                        top = top.min((rows - 1) / gr);
                    }
                    if top < 1 {
                        continue;
                    }
                    // (C - j·gf)(R - j·gr) for j in 1..=top.
                    let quad = [cols * rows, -(cols * gr + rows * gf), gf * gr];
                    let n = dot(quad, ap_moments(0, 1, 1, top)?)?;
                    let sign = (t1.sign * t2.sign * t3.sign) as i128;
                    total = total.checked_add(sign * n).ok_or_else(overflow)?;
                }
            }
        }
        Ok(total)
    }
}

fn lcm(a: i128, b: i128) -> Result<i128, Error> {
    (a / a.gcd(&b)).checked_mul(b).ok_or_else(overflow)
}

/// The steps [`ordered`] takes for these kinds, in line sums: what `prepare` compares
/// with its budget. Two pieces take a few closed forms per direction; three loop over
/// the multiples of the first pair's progressions, with per multiple a line sum for
/// each progression of the other pair (paths) and the collinear triangles' line sums;
/// the other triangles are a closed form per three directions. Measured: 3 queens on 10^5 × 10^5
/// are about 4·10^7 steps and take 2.4 s.
pub(crate) fn work(kinds: &[&Reach], rows: u64, cols: u64) -> u64 {
    let [a, b, c] = kinds else {
        return kinds.len() as u64;
    };
    let pair = |x: &Reach, y: &Reach| Pair::new(x, y, rows, cols);
    let outer = |p: &Pair| -> u64 {
        p.dirs
            .iter()
            .flat_map(|d| &d.terms)
            .map(|t| t.bound / t.step)
            .fold(0u64, u64::saturating_add)
    };
    let terms = |p: &Pair| -> u64 { p.dirs.iter().map(|d| d.terms.len() as u64).sum() };
    let most = |p: &Pair| -> u64 {
        p.dirs
            .iter()
            .map(|d| d.terms.len() as u64)
            .max()
            .unwrap_or(0)
    };
    let dirs = |p: &Pair| p.dirs.len() as u64;
    let (ab, ac, bc) = (pair(a, b), pair(a, c), pair(b, c));
    let (ba, ca, cb) = (pair(b, a), pair(c, a), pair(c, b));
    let paths = [(&ab, &ac), (&ba, &bc), (&ca, &cb)]
        .iter()
        .map(|(xy, xz)| outer(xy).saturating_mul(terms(xz) + 1))
        .fold(0u64, u64::saturating_add);
    let tri = outer(&ab)
        .saturating_mul(4 * most(&ac) * most(&bc) + 1)
        .saturating_add(dirs(&ab) * dirs(&ac) * dirs(&bc) * 8);
    paths.saturating_add(tri)
}

/// Whether every pair's conflict sets expand into few enough terms.
pub(crate) fn small(kinds: &[&Reach], rows: u64, cols: u64) -> bool {
    kinds
        .iter()
        .all(|x| kinds.iter().all(|y| Pair::new(x, y, rows, cols).small()))
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
        walked: Default::default(),
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
            let outer = [&ab, &ba, &ca, &ab]
                .iter()
                .map(|p| p.dirs.len() as u64)
                .sum();
            b.walked.set((0, outer));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_of_progressions() {
        for (a, m, lo, hi) in [
            (0i128, 1i128, 1i128, 10i128),
            (2, 5, -3, 40),
            (0, 3, 7, 7),
            (1, 4, 9, 8),
        ] {
            let ks: Vec<i128> = (lo..=hi).filter(|k| (k - a).rem_euclid(m) == 0).collect();
            let want = [
                ks.len() as i128,
                ks.iter().sum(),
                ks.iter().map(|k| k * k).sum(),
            ];
            assert_eq!(ap_moments(a, m, lo, hi).unwrap(), want, "{a} {m} {lo} {hi}");
        }
    }

    #[test]
    fn crt_solves_both_congruences() {
        for s1 in 1..8i128 {
            for s2 in 1..8i128 {
                for r in -9..9i128 {
                    let want: Vec<i128> = (0..200)
                        .filter(|l| l % s1 == 0 && (l - r).rem_euclid(s2) == 0)
                        .collect();
                    let got: Vec<i128> = match crt(s1, r, s2) {
                        Some((a, m)) => (0..200).filter(|l| (l - a).rem_euclid(m) == 0).collect(),
                        None => Vec::new(),
                    };
                    assert_eq!(got, want, "{s1} {r} {s2}");
                }
            }
        }
    }

    #[test]
    fn line_sums_and_flat_triangles_match_the_triples() {
        let ctl = Control::default();
        let b = Board {
            rows: 9,
            cols: 7,
            ctl: &ctl,
            walked: Default::default(),
        };
        let dirs = [(1, 0), (0, 1), (1, 1), (1, -1), (-2, 1), (1, 3), (-1, -1)];
        for &u0 in &dirs {
            for &q in &dirs {
                for k in 1..4i64 {
                    let u = scale(u0, k);
                    for (a, m) in [(0i128, 1i128), (1, 2), (0, 3), (2, 3)] {
                        let want: i128 = (1..20i64)
                            .filter(|l| (*l as i128 - a).rem_euclid(m) == 0)
                            .map(|l| b.triples(u, scale(q, l)))
                            .sum();
                        assert_eq!(b.line_sum(u, q, a, m, 1, 19).unwrap(), want);
                    }
                }
            }
        }
        // Every direction a full ray: the flat triangles by Cramer's rule, per k.
        let q = Reach::of(&crate::piece::PieceKind::queen());
        let n = Reach::of(&crate::piece::PieceKind::knight());
        for (x, y) in [(&q, &q), (&q, &n), (&n, &q)] {
            let xy = Pair::new(x, y, 9, 7);
            let xx = Pair::new(x, x, 9, 7);
            for d in &xy.dirs {
                for e in &xx.dirs {
                    for f in &xy.dirs {
                        let (p, qd, r) = (d.p, e.p, f.p);
                        let mut want = 0i128;
                        for k in 1..10i64 {
                            for l in 1..10i64 {
                                for m in 1..10i64 {
                                    let third = (l * qd.0 - k * p.0, l * qd.1 - k * p.1);
                                    if third == scale(r, m)
                                        && qd.0 * p.1 != qd.1 * p.0
                                        && d.has(k as u64)
                                        && e.has(l as u64)
                                        && f.has(m as u64)
                                    {
                                        want += b.triples(scale(p, k), scale(qd, l));
                                    }
                                }
                            }
                        }
                        let got = if qd.0 * p.1 == qd.1 * p.0 {
                            0
                        } else {
                            b.flat_triangles(d, e, f).unwrap()
                        };
                        assert_eq!(got, want, "{p:?} {qd:?} {r:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn coord_is_the_clipped_extent() {
        for n in 1..9i64 {
            for a in -9..9i64 {
                for b in -3..=3i64 {
                    let (pieces, len) = coord(n, a, b);
                    for l in 1..30i64 {
                        let span = a.max(l * b).max(0) - a.min(l * b).min(0);
                        let want = (n - span).max(0);
                        let got = pieces[..len]
                            .iter()
                            .find(|p| p.lo <= l && l <= p.hi)
                            .map_or(0, |p| p.a + p.b * l);
                        assert_eq!(got, want, "n {n} a {a} b {b} l {l}");
                    }
                }
            }
        }
    }
}
