//! Up to three pieces on a rectangle with holes, on boards far too large to walk square
//! by square.
//!
//! Holes hold no piece but lines pass over them, so the conflicts are those of the
//! open board and only the squares are restricted. Inclusion–exclusion over the pieces
//! that stand on holes: with `H` the holes,
//!
//! `N = Σ_{T ⊆ pieces} (-1)^{|T|} Σ_{T → H one-to-one} pinned(T on those holes, others free)`
//!
//! where `pinned` counts the placements of the other pieces anywhere on the open board
//! (holes included) besides the pinned ones, no two pieces (pinned or not) in
//! conflict. `T = ∅` is the open count ([`super::open`]). The rest, from the conflict
//! rays of the pins (`C_x(s)`: the squares where a free `x` conflicts with the pin on
//! `s`, one progression set per direction):
//!
//! - no free piece: 1 when the pins are at peace;
//! - one free `x`: `S - |pins ∪ C_x(s1) ∪ C_x(s2)|`, the union by the rays' meeting
//!   points (Cramer's rule) and, for parallel rays on one line, a count of
//!   progressions in congruence (the Chinese remainder theorem);
//! - two free `y`, `z` and one pin on `s`: with `A_y` the squares `y` may take,
//!   `|A_y|·|A_z| - |A_y ∩ A_z| - X`, `X` the conflicting pairs in `A_y × A_z`: the
//!   open board's, less those with `y` or `z` on a ray of the pin (walked square by
//!   square, the conflict degree of each in closed form), plus those with both on
//!   rays (per square of the first, the meeting points of the second's rays).
//!
//! Fixed pieces are pins from the start (at most three pieces in all: the counts beside
//! pins above cover every case then).
//!
//! Cost: `O(|H| · side · directions²)` for three pieces (the walk along the pin's
//! rays) plus `O(|H|²)` meeting points and `O(|H|³)` checks; `O(|H|²)` for two.

use num_bigint::BigInt;
use num_integer::Integer;

use super::open;
use super::reach::{Dir, Pair, PairDir, Reach};
use crate::engine::Control;
use crate::error::Error;

/// The board, the pieces' pairs and a way to stop.
struct Geometry<'a> {
    rows: i64,
    cols: i64,
    /// `pairs[i][j]`: piece `i` (first) against piece `j` (second).
    pairs: Vec<Vec<Pair>>,
    ctl: &'a Control<'a>,
}

fn overflow() -> Error {
    Error::internal("a count of the fewpieces engine passed i128")
}

/// `K(d) ∩ [1, l]`, counted.
fn count_in(d: &PairDir, l: i64) -> i64 {
    d.terms
        .iter()
        .map(|t| t.sign * (l.min(t.bound as i64).max(0) / t.step as i64))
        .sum()
}

/// `K(d1) ∩ K(d2) ∩ [1, l]`, counted.
fn count_both(d1: &PairDir, d2: &PairDir, l: i64) -> i64 {
    let mut n = 0;
    for t1 in &d1.terms {
        for t2 in &d2.terms {
            let top = l.min(t1.bound as i64).min(t2.bound as i64).max(0);
            n += t1.sign * t2.sign * (top / (t1.step as i64).lcm(&(t2.step as i64)));
        }
    }
    n
}

/// The `b` in `K(d1) ∩ [1, l1]` with `m = sign·(b - c)` in `K(d2) ∩ [1, l2]`, counted.
fn count_shifted(
    d1: &PairDir,
    l1: i64,
    c: i64,
    sign: i64,
    d2: &PairDir,
    l2: i64,
) -> Result<i64, Error> {
    let mut n = 0i64;
    for t1 in &d1.terms {
        for t2 in &d2.terms {
            let reach = l2.min(t2.bound as i64);
            if reach < 1 {
                continue;
            }
            // m in 1..=reach: b in c+1..=c+reach (sign +1) or c-reach..=c-1 (sign -1).
            let (lo, hi) = if sign > 0 {
                (c + 1, c + reach)
            } else {
                (c - reach, c - 1)
            };
            let (lo, hi) = (lo.max(1), hi.min(l1).min(t1.bound as i64));
            if lo > hi {
                continue;
            }
            // b ≡ 0 (mod step1), and m ≡ 0 (mod step2) is b ≡ c (mod step2).
            let Some((a, m)) = open::crt(t1.step as i128, c as i128, t2.step as i128) else {
                continue;
            };
            let k = open::ap_moments(a, m, lo as i128, hi as i128)?[0] as i64;
            n += t1.sign * t2.sign * k;
        }
    }
    Ok(n)
}

/// `v` as a multiple of a primitive direction: `(p, k)`, `k ≥ 1`; `None` for zero.
fn split(v: Dir) -> Option<(Dir, i64)> {
    let g = v.0.gcd(&v.1);
    (g != 0).then(|| ((v.0 / g, v.1 / g), g))
}

impl Geometry<'_> {
    fn on(&self, t: Dir) -> bool {
        (0..self.cols).contains(&t.0) && (0..self.rows).contains(&t.1)
    }

    /// The most steps `k` with `s + k·d` on the board.
    fn reach(&self, s: Dir, d: Dir) -> i64 {
        let axis = |x: i64, dx: i64, n: i64| match dx {
            0 => i64::MAX,
            dx if dx > 0 => (n - 1 - x) / dx,
            dx => x / -dx,
        };
        axis(s.0, d.0, self.cols).min(axis(s.1, d.1, self.rows))
    }

    /// Whether `i` on `s` and `j` on `t` conflict.
    fn conflict(&self, i: usize, s: Dir, j: usize, t: Dir) -> bool {
        split((t.0 - s.0, t.1 - s.1))
            .is_some_and(|(p, k)| self.pairs[i][j].dir(p).is_some_and(|d| d.has(k as u64)))
    }

    /// `|C|`: the squares where `j` conflicts with `i` on `s`.
    fn rays(&self, i: usize, s: Dir, j: usize) -> i64 {
        self.pairs[i][j]
            .dirs
            .iter()
            .map(|d| count_in(d, self.reach(s, d.p)))
            .sum()
    }

    /// The squares `t` where `i` on `t` conflicts with `j` on `u` (`i` first).
    fn degree_back(&self, i: usize, j: usize, u: Dir) -> i64 {
        self.pairs[i][j]
            .dirs
            .iter()
            .map(|d| count_in(d, self.reach(u, (-d.p.0, -d.p.1))))
            .sum()
    }

    /// One free piece `x` beside pins `(kind, square)` (at most two, at peace).
    fn one_free(&self, pins: &[(usize, Dir)], x: usize) -> Result<i128, Error> {
        let s = (self.rows * self.cols) as i128;
        Ok(match pins {
            [] => s,
            [(w, p)] => s - 1 - self.rays(*w, *p, x) as i128,
            [(w1, p1), (w2, p2)] => {
                let (c1, c2) = (self.rays(*w1, *p1, x), self.rays(*w2, *p2, x));
                let both = self.meet(*w1, *p1, *w2, *p2, x)?;
                let pins_free = i64::from(!self.conflict(*w2, *p2, x, *p1))
                    + i64::from(!self.conflict(*w1, *p1, x, *p2));
                s - (c1 + c2 - both + pins_free) as i128
            }
            _ => return Err(Error::internal("fewpieces: more than two pins")),
        })
    }

    /// `|C_x(p1) ∩ C_x(p2)|` for pins `w1` on `p1` and `w2` on `p2`.
    fn meet(&self, w1: usize, p1: Dir, w2: usize, p2: Dir, x: usize) -> Result<i64, Error> {
        let w = (p2.0 - p1.0, p2.1 - p1.1);
        let mut n = 0;
        for d1 in &self.pairs[w1][x].dirs {
            for d2 in &self.pairs[w2][x].dirs {
                let (a, b) = (d1.p, d2.p);
                // p1 + s·a = p2 + t·b.
                let det = b.0 * a.1 - a.0 * b.1;
                if det == 0 {
                    // Parallel: one line when p2 - p1 is a multiple c of a.
                    if w.0 * a.1 != w.1 * a.0 {
                        continue;
                    }
                    let c = if a.0 != 0 { w.0 / a.0 } else { w.1 / a.1 };
                    let sigma = if a == b { 1 } else { -1 };
                    // t = σ(s - c).
                    n += count_shifted(d1, self.reach(p1, a), c, sigma, d2, self.reach(p2, b))?;
                    continue;
                }
                let sn = b.0 * w.1 - w.0 * b.1;
                let tn = a.0 * w.1 - w.0 * a.1;
                if sn % det != 0 || tn % det != 0 {
                    continue;
                }
                let (s, t) = (sn / det, tn / det);
                let at = (p1.0 + s * a.0, p1.1 + s * a.1);
                if s >= 1 && t >= 1 && self.on(at) && d1.has(s as u64) && d2.has(t as u64) {
                    n += 1;
                }
            }
        }
        Ok(n)
    }

    /// Calls `f(t, sign)` for every square `t` of `C_j(s)` of the pin `i` on `s`
    /// (the signs of the progressions' inclusion–exclusion: the sum of `f` over `C`).
    fn walk(
        &self,
        i: usize,
        s: Dir,
        j: usize,
        mut f: impl FnMut(Dir, Dir, i64, i64) -> Result<(), Error>,
    ) -> Result<(), Error> {
        for d in &self.pairs[i][j].dirs {
            let l = self.reach(s, d.p);
            for t in &d.terms {
                let top = l.min(t.bound as i64);
                let step = t.step as i64;
                let mut k = step;
                while k <= top {
                    f((s.0 + k * d.p.0, s.1 + k * d.p.1), d.p, k, t.sign)?;
                    k += step;
                }
            }
            if self.ctl.cancelled() {
                return Err(Error::Interrupted);
            }
        }
        Ok(())
    }

    /// Two free pieces `y`, `z` beside one pin `w` on `s`.
    fn two_free(&self, w: usize, s: Dir, y: usize, z: usize) -> Result<i128, Error> {
        let sq = (self.rows * self.cols) as i128;
        let (cy, cz) = (self.rays(w, s, y), self.rays(w, s, z));
        let mut common = 0i64;
        for dy in &self.pairs[w][y].dirs {
            if let Some(dz) = self.pairs[w][z].dir(dy.p) {
                common += count_both(dy, dz, self.reach(s, dy.p));
            }
        }
        let (ay, az) = (sq - 1 - cy as i128, sq - 1 - cz as i128);
        let ayz = sq - 1 - (cy + cz - common) as i128;
        let q = &self.pairs[y][z];
        let open_pairs = open::pairs_count(q, self.rows as u64, self.cols as u64)?;
        // Conflicting pairs with y on the pin's square or rays, z anywhere...
        let mut near = self.rays(y, s, z) as i128 + self.degree_back(y, z, s) as i128;
        self.walk(w, s, y, |t, _, _, sign| {
            near += (sign * self.rays(y, t, z)) as i128;
            Ok(())
        })?;
        // ... with z there, y anywhere ...
        self.walk(w, s, z, |u, _, _, sign| {
            near += (sign * self.degree_back(y, z, u)) as i128;
            Ok(())
        })?;
        // ... and both there (counted twice above).
        let mut both = 0i128;
        // y on s, z on a ray of the pin; y on a ray, z on s.
        for e in &self.pairs[w][z].dirs {
            if let Some(qe) = q.dir(e.p) {
                both += count_both(e, qe, self.reach(s, e.p)) as i128;
            }
        }
        for d in &self.pairs[w][y].dirs {
            if let Some(qd) = q.dir((-d.p.0, -d.p.1)) {
                both += count_both(d, qd, self.reach(s, d.p)) as i128;
            }
        }
        // y at s + a·d, z at s + b·e, z - y = m·r.
        self.walk(w, s, y, |_, d, a, sign| {
            let mut n = 0i64;
            for e in &self.pairs[w][z].dirs {
                let le = self.reach(s, e.p);
                if e.p.0 * d.1 == e.p.1 * d.0 {
                    // Collinear: z - y = (σb - a)·d with e = σd.
                    let sigma = if e.p == d { 1 } else { -1 };
                    for (r, to) in [(d, sigma), ((-d.0, -d.1), -sigma)] {
                        if let Some(qr) = q.dir(r) {
                            n += count_shifted(e, le, sigma * a, to, qr, i64::MAX / 4)?;
                        }
                    }
                    continue;
                }
                for qr in &q.dirs {
                    let r = qr.p;
                    // b·e - m·r = t - s = a·d.
                    let det = r.0 * e.p.1 - e.p.0 * r.1;
                    if det == 0 {
                        continue;
                    }
                    let (vx, vy) = (a * d.0, a * d.1);
                    let bn = r.0 * vy - vx * r.1;
                    let mn = e.p.0 * vy - e.p.1 * vx;
                    if bn % det != 0 || mn % det != 0 {
                        continue;
                    }
                    let (b, m) = (bn / det, mn / det);
                    if b >= 1 && m >= 1 && b <= le && e.has(b as u64) && qr.has(m as u64) {
                        n += 1;
                    }
                }
            }
            both += (sign * n) as i128;
            Ok(())
        })?;
        let x = open_pairs - near + both;
        ay.checked_mul(az)
            .and_then(|p| p.checked_sub(ayz)?.checked_sub(x))
            .ok_or_else(overflow)
    }

    /// The placements of the free pieces beside the pins, no two pieces in conflict.
    fn pinned(&self, pins: &[(usize, Dir)], free: &[usize]) -> Result<i128, Error> {
        for (i, &(a, s)) in pins.iter().enumerate() {
            for &(b, t) in &pins[i + 1..] {
                if self.conflict(a, s, b, t) || self.conflict(b, t, a, s) {
                    return Ok(0);
                }
            }
        }
        match (free, pins) {
            ([], _) => Ok(1),
            ([x], _) => self.one_free(pins, *x),
            ([y, z], [(w, s)]) => self.two_free(*w, *s, *y, *z),
            _ => Err(Error::internal("fewpieces: an unexpected pinned count")),
        }
    }
}

/// The ordered count: pieces of `kinds` (one entry per piece) on distinct squares of
/// the `rows × cols` board that are not `holes`, beside the `fixed` pieces, no two in
/// conflict. At most three pieces in all, the fixed ones included.
pub(crate) fn ordered(
    kinds: &[&Reach],
    fixed: &[(&Reach, Dir)],
    holes: &[Dir],
    rows: u64,
    cols: u64,
    ctl: &Control,
) -> Result<BigInt, Error> {
    let n = kinds.len();
    // Free pieces first, then the fixed ones (pinned from the start).
    let all: Vec<&Reach> = kinds
        .iter()
        .copied()
        .chain(fixed.iter().map(|f| f.0))
        .collect();
    let g = Geometry {
        rows: rows as i64,
        cols: cols as i64,
        pairs: all
            .iter()
            .map(|x| all.iter().map(|y| Pair::new(x, y, rows, cols)).collect())
            .collect(),
        ctl,
    };
    let fixed_pins: Vec<(usize, Dir)> = fixed
        .iter()
        .enumerate()
        .map(|(i, f)| (n + i, f.1))
        .collect();
    let mut total = if fixed.is_empty() {
        open::ordered(kinds, rows, cols, ctl)?
    } else {
        BigInt::from(g.pinned(&fixed_pins, &(0..n).collect::<Vec<_>>())?)
    };
    // Every non-empty T, and every one-to-one placement of T on the holes.
    for mask in 1u32..1 << n {
        let pinned: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
        let free: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 0).collect();
        let sign = if pinned.len() % 2 == 1 { -1 } else { 1 };
        // Each term fits in i128 (at most about S² on sides of 10^9); their sum over
        // many holes may not.
        let mut sum = BigInt::from(0);
        let mut chosen: Vec<usize> = Vec::new();
        assign(holes, pinned.len(), &mut chosen, &mut |at| {
            let pins: Vec<(usize, Dir)> = pinned
                .iter()
                .zip(at)
                .map(|(&i, &h)| (i, holes[h]))
                .chain(fixed_pins.iter().copied())
                .collect();
            sum += g.pinned(&pins, &free)?;
            Ok(())
        })?;
        total += BigInt::from(sign) * sum;
    }
    Ok(total)
}

/// Calls `f` with every sequence of `k` distinct indices into `holes`.
fn assign(
    holes: &[Dir],
    k: usize,
    chosen: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]) -> Result<(), Error>,
) -> Result<(), Error> {
    if chosen.len() == k {
        return f(chosen);
    }
    for h in 0..holes.len() {
        if !chosen.contains(&h) {
            chosen.push(h);
            assign(holes, k, chosen, f)?;
            chosen.pop();
        }
    }
    Ok(())
}

/// The estimated steps of [`ordered`], in the units of [`open::work`] (a line sum, about
/// 60 ns). For three pieces each hole's pin walks its rays, with per square and per
/// direction of the third piece a meeting point per direction of their pair or, when
/// collinear, a congruence count per two progressions (3 queens on 10^5 × 10^5 with 3
/// holes: 2 s of walks, 4.4 s in all). Pins on two holes cost the meeting points of
/// their rays, on three a check.
pub(crate) fn work(kinds: &[&Reach], holes: usize, rows: u64, cols: u64) -> u64 {
    let h = holes as u64;
    let pairs: Vec<Pair> = kinds
        .iter()
        .flat_map(|x| kinds.iter().map(move |y| Pair::new(x, y, rows, cols)))
        .collect();
    let dirs = pairs.iter().map(|p| p.dirs.len() as u64).max().unwrap_or(1);
    let most = pairs
        .iter()
        .flat_map(|p| &p.dirs)
        .map(|d| d.terms.len() as u64)
        .max()
        .unwrap_or(1);
    let meet = dirs.saturating_mul(dirs).saturating_mul(most * most + 1);
    match kinds.len() {
        0 => 0,
        1 => h,
        2 => h
            .saturating_mul(dirs * most)
            .saturating_add(h.saturating_mul(h)),
        _ => {
            let size: u64 = kinds.iter().map(|r| r.size(rows, cols)).sum();
            let per_square = dirs.saturating_mul(dirs + 4 * most * most);
            let walks = h
                .saturating_mul(3)
                .saturating_mul(size)
                .saturating_mul(per_square)
                / 48;
            walks
                .saturating_add(h.saturating_mul(h).saturating_mul(meet))
                .saturating_add(h.saturating_mul(h).saturating_mul(h))
                .saturating_add(open::work(kinds, rows, cols))
        }
    }
}
