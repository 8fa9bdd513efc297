//! Few leapers on a big board: the board cut into independent bands of lines.
//!
//! # Method
//! Call the board's ranks (or files, whichever is cheaper) its *lines*, `H` of them, and
//! let `r ≥ 1` be the largest distance across lines of any move that fits on the board
//! (1 for kings, 2 for knights). Two pieces `r + 1` or more lines apart never conflict,
//! so `r` empty lines in a row cut a placement into independent parts. A *band* is a
//! maximal run of lines that starts and ends with a nonempty line and holds no `r`
//! empty lines in a row; each placement is, uniquely, a sequence of bands with at
//! least `r` empty lines between neighbours. A band of `b` lines with `n` nonempty ones
//! has `b ≤ n + (n - 1)(r - 1)`, so with at most `K` pieces in all no band is taller than
//! `b_max = K + (K - 1)(r - 1)`.
//!
//! Counts are vectors indexed like the plain transfer's table (pieces of each kind, up
//! to the problem's counts); the product of two vectors is their convolution cut at the
//! caps. `U(h)`, the table of a strip of `h` full lines, comes from the plain transfer on
//! that strip (`h ≤ b_max`: a narrow strip, scanned along its long side, so its window
//! is short). Splitting off the first line (empty, or the start of a band of `b` lines
//! followed by `r` empty lines, cut at the edge) gives
//!
//! `U(h) = U(h - 1) + Σ_{b ≤ h} B(b) · U(h - b - r)`, with `U(x) = 1` for `x ≤ 0`,
//!
//! which first yields the band tables `B(b)` for `b ≤ b_max` (the term `b = h` is `B(h)`
//! itself) and then, with `B(b) = 0` past `b_max`, `U(H)` for the whole board in
//! `H · b_max` products. Fixed pieces break the translation along lines, so the method
//! declines them; the plain transfer takes those.

use num_bigint::BigUint;

use super::{Overflowed, PieceKind, Plan, offsets};
use crate::engine::Control;
use crate::engine::dp::Acc;
use crate::error::Error;
use crate::problem::Problem;

/// The band method's layout for one problem: the strips' plans and the recursion's
/// sizes (see the [module docs](self)).
pub(super) struct BandPlan {
    /// Lines on the board (`H`).
    lines: usize,
    /// The reach across lines (`r`).
    reach: usize,
    /// `strips[h - 1]`: the plain transfer on `h` full lines, `h = 1 ..= b_max`.
    strips: Vec<Plan>,
    /// The problem's counts per kind (the tables' mixed radix).
    caps: Vec<u32>,
}

impl BandPlan {
    /// The cheaper of the two orientations (bands of ranks or of files), or `None` when
    /// the method does not apply or gains nothing (a band could span the board).
    pub(super) fn new(problem: &Problem) -> Option<BandPlan> {
        if !problem.fixed().is_empty() {
            return None;
        }
        let kinds: Vec<&PieceKind> = problem.pieces().iter().map(|p| &p.kind).collect();
        let caps: Vec<u32> = problem.pieces().iter().map(|p| p.count).collect();
        let total: u64 = caps.iter().map(|&c| c as u64).sum();
        if kinds.is_empty() || total == 0 || !kinds.iter().all(|k| super::is_leaper(k)) {
            return None;
        }
        let (rows, cols) = (problem.board().rows() as i64, problem.board().cols() as i64);
        let mut best: Option<(f64, BandPlan)> = None;
        for across_files in [false, true] {
            // Lines are ranks (stacked along `rows`) or files (stacked along `cols`).
            let (lines, long) = if across_files {
                (cols, rows)
            } else {
                (rows, cols)
            };
            // `offsets` untransposed gives (df, dr); the reach across lines is |dr| for
            // ranks, |df| for files, over the moves that fit on the board.
            let reach = kinds
                .iter()
                .flat_map(|k| offsets(k, false, cols, rows))
                .map(|(df, dr)| if across_files { df.abs() } else { dr.abs() })
                .max()
                .unwrap_or(0)
                .max(1);
            let b_max = total as i64 + (total as i64 - 1) * (reach - 1);
            if b_max >= lines {
                continue;
            }
            let mut strips = Vec::with_capacity(b_max as usize);
            for h in 1..=b_max {
                let (r, c) = if across_files { (long, h) } else { (h, long) };
                match Plan::on(r, c, &kinds, caps.clone(), &[]) {
                    Ok(plan) => strips.push(plan),
                    Err(_) => break,
                }
            }
            if strips.len() != b_max as usize {
                continue;
            }
            let plan = BandPlan {
                lines: lines as usize,
                reach: reach as usize,
                strips,
                caps: caps.clone(),
            };
            let work = plan.ln_cost();
            if best.as_ref().is_none_or(|(w, _)| work < *w) {
                best = Some((work, plan));
            }
        }
        best.map(|(_, plan)| plan)
    }

    /// The natural log of the estimated work, comparable with [`Plan::ln_cost`]: the
    /// strips' runs plus the recursion's products (pairs of count indices).
    pub(super) fn ln_cost(&self) -> f64 {
        let pairs: f64 = self
            .caps
            .iter()
            .map(|&c| (c as f64 + 1.0) * (c as f64 + 2.0) / 2.0)
            .product();
        (self.strips.iter().map(|s| s.ln_cost().exp()).sum::<f64>()
            + (self.lines * self.strips.len()) as f64 * pairs)
            .ln()
    }

    /// The whole board's table, in the layout of the plain transfer's.
    pub(super) fn table(&self, ctl: &Control) -> Result<Vec<BigUint>, Error> {
        let mut strips = Vec::with_capacity(self.strips.len());
        for s in &self.strips {
            strips.push(s.table(ctl)?);
        }
        match self.combine::<u128>(&strips, ctl)? {
            Ok(t) => Ok(t.iter().map(Acc::to_big).collect()),
            Err(Overflowed) => match self.combine::<BigUint>(&strips, ctl)? {
                Ok(t) => Ok(t),
                Err(Overflowed) => unreachable!("big integers do not overflow"),
            },
        }
    }

    /// The recursion of the [module docs](self) over the strips' tables `U(1..=b_max)`.
    fn combine<T: Ring>(
        &self,
        strips: &[Vec<BigUint>],
        ctl: &Control,
    ) -> Result<Result<Vec<T>, Overflowed>, Error> {
        let nk = self.caps.len();
        let mut stride = vec![1usize; nk + 1];
        for x in 0..nk {
            stride[x + 1] = stride[x] * (self.caps[x] as usize + 1);
        }
        let p = stride[nk];
        // Index pairs whose per-kind sums stay within the caps: with a mixed radix and
        // no carry, the product's index is the sum of the factors'.
        let (stride, caps) = (&stride, &self.caps);
        let digits = |i: usize| (0..nk).map(move |x| (i / stride[x]) % (caps[x] as usize + 1));
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for i in 0..p {
            for j in 0..p - i {
                if digits(i)
                    .zip(digits(j))
                    .zip(&self.caps)
                    .all(|((a, b), &c)| a + b <= c as usize)
                {
                    pairs.push((i, j));
                }
            }
        }
        let unit = {
            let mut e = vec![T::zero(); p];
            e[0] = T::one();
            e
        };
        let (b_max, r) = (self.strips.len(), self.reach);
        // u[h] for h = 0 ..= b_max, from the strips.
        let mut u: Vec<Vec<T>> = vec![unit.clone()];
        for t in strips {
            let mut v = Vec::with_capacity(p);
            for n in t {
                match T::from_big(n) {
                    Ok(n) => v.push(n),
                    Err(e) => return Ok(Err(e)),
                }
            }
            u.push(v);
        }
        // The product a · b added into dst.
        let mul_add = |dst: &mut [T], a: &[T], b: &[T]| -> Result<(), Overflowed> {
            for &(i, j) in &pairs {
                if !a[i].is_zero() && !b[j].is_zero() {
                    dst[i + j].mul_add(&a[i], &b[j])?;
                }
            }
            Ok(())
        };
        // U(x) = 1 for x ≤ 0, and U(0) is the unit.
        let at = |x: isize| -> usize { x.max(0) as usize };
        // B(b) = U(b) - U(b - 1) - Σ_{b' < b} B(b') · U(b - b' - r).
        let mut band: Vec<Vec<T>> = vec![vec![T::zero(); p]];
        for b in 1..=b_max {
            let mut rest = u[b - 1].clone();
            for (b2, bv) in band.iter().enumerate().skip(1) {
                let k = at(b as isize - b2 as isize - r as isize);
                if let Err(e) = mul_add(&mut rest, bv, &u[k]) {
                    return Ok(Err(e));
                }
            }
            let mut v = Vec::with_capacity(p);
            for (whole, part) in u[b].iter().zip(&rest) {
                v.push(whole.minus(part).ok_or_else(|| {
                    Error::internal("the band method's strip counts do not add up")
                })?);
            }
            band.push(v);
        }
        // U(m) for every m up to the board, bands no taller than b_max.
        let mut whole: Vec<Vec<T>> = vec![unit];
        for m in 1..=self.lines {
            if ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            let mut v = whole[m - 1].clone();
            for (b, bv) in band.iter().enumerate().skip(1).take(m) {
                let k = at(m as isize - b as isize - r as isize);
                if let Err(e) = mul_add(&mut v, bv, &whole[k]) {
                    return Ok(Err(e));
                }
            }
            whole.push(v);
        }
        Ok(Ok(whole.pop().expect("the board has lines")))
    }
}

/// The numbers of the band recursion: a table's [`Acc`] plus products and differences.
trait Ring: Acc {
    /// `self += a · b`.
    fn mul_add(&mut self, a: &Self, b: &Self) -> Result<(), Overflowed>;
    /// `self - other`, `None` below zero.
    fn minus(&self, other: &Self) -> Option<Self>;
    /// A strip's count in this type.
    fn from_big(n: &BigUint) -> Result<Self, Overflowed>;
}

impl Ring for u128 {
    fn mul_add(&mut self, a: &Self, b: &Self) -> Result<(), Overflowed> {
        let prod = a.checked_mul(*b).ok_or(Overflowed)?;
        *self = self.checked_add(prod).ok_or(Overflowed)?;
        Ok(())
    }
    fn minus(&self, other: &Self) -> Option<Self> {
        self.checked_sub(*other)
    }
    fn from_big(n: &BigUint) -> Result<Self, Overflowed> {
        u128::try_from(n).map_err(|_| Overflowed)
    }
}

impl Ring for BigUint {
    fn mul_add(&mut self, a: &Self, b: &Self) -> Result<(), Overflowed> {
        *self += a * b;
        Ok(())
    }
    fn minus(&self, other: &Self) -> Option<Self> {
        (self >= other).then(|| self - other)
    }
    fn from_big(n: &BigUint) -> Result<Self, Overflowed> {
        Ok(n.clone())
    }
}
