//! What one kind reaches along each primitive direction, and what two kinds conflict
//! over: the geometry both counting methods of [`super`] share.
//!
//! A move `(df, dr, range)` with `g = gcd(|df|, |dr|)` steps along the primitive
//! direction `p = (df/g, dr/g)` and reaches the multiples `g, 2g, .., range·g` of `p`
//! (every multiple of `g` when `range` is 0). A kind's reach along `p` is the union of
//! such progressions. Pieces `x` on `s` and `y` on `t = s + k·p` conflict exactly when
//! `k` is in `K_xy(p) = M_x(p) ∪ M_y(-p)`: `x` attacks `t`, or `y` attacks `s`.

use std::collections::{BTreeMap, HashMap};

use num_integer::Integer;

use crate::piece::PieceKind;

/// A primitive direction `(files, ranks)`.
pub(crate) type Dir = (i64, i64);

/// One progression of multiples: `(step, range)`, the multiples `step, 2·step, ..,
/// range·step` (range 0: without end).
type Prog = (u64, u64);

fn has(progs: &[Prog], k: u64) -> bool {
    progs
        .iter()
        .any(|&(c, r)| k.is_multiple_of(c) && (r == 0 || k / c <= r))
}

/// The largest multiple `k` of `p` that still fits on a `rows × cols` board.
pub(crate) fn kmax(p: Dir, rows: u64, cols: u64) -> u64 {
    let mut m = u64::MAX;
    if p.0 != 0 {
        m = m.min((cols - 1) / p.0.unsigned_abs());
    }
    if p.1 != 0 {
        m = m.min((rows - 1) / p.1.unsigned_abs());
    }
    m
}

/// A kind's moves grouped by primitive direction.
#[derive(Clone, Debug)]
pub(crate) struct Reach {
    dirs: BTreeMap<Dir, Vec<Prog>>,
}

impl Reach {
    /// The reach of `kind`.
    pub(crate) fn of(kind: &PieceKind) -> Reach {
        let mut dirs: BTreeMap<Dir, Vec<Prog>> = BTreeMap::new();
        for m in kind.moves() {
            let g = (m.df.unsigned_abs() as u64).gcd(&(m.dr.unsigned_abs() as u64));
            if g == 0 {
                continue;
            }
            let p = (i64::from(m.df) / g as i64, i64::from(m.dr) / g as i64);
            dirs.entry(p).or_default().push((g, u64::from(m.range)));
        }
        Reach { dirs }
    }

    /// How many multiples this kind reaches along all its directions on the board, at
    /// most (before the union with another kind removes repeats).
    pub(crate) fn size(&self, rows: u64, cols: u64) -> u64 {
        let mut n = 0u64;
        for (&p, progs) in &self.dirs {
            let km = kmax(p, rows, cols);
            for &(c, r) in progs {
                let j = if r == 0 { km / c } else { r.min(km / c) };
                n = n.saturating_add(j);
            }
        }
        n
    }
}

/// One signed progression of a conflict set on a board: `sign · [step | k, 1 ≤ k ≤
/// bound]`. A set's terms add up to its indicator (inclusion–exclusion over its
/// progressions: the multiples of `c` and of `c'` are the multiples of `lcm(c, c')`),
/// so sums over the set become sums over arithmetic progressions, in closed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Term {
    /// `1` or `-1`.
    pub(crate) sign: i64,
    /// The common difference (and first element).
    pub(crate) step: u64,
    /// The largest multiple in the set, at most [`kmax`].
    pub(crate) bound: u64,
}

/// The most progressions one direction of a pair may have (after dropping those
/// inside another): their inclusion–exclusion has `2^n - 1` terms.
pub(crate) const MAX_PROGS: usize = 12;

/// One direction of a pair's conflicts: `p`, the progressions of `K_xy(p)` and, once
/// made for a board, the signed terms of its multiples that fit on it.
#[derive(Clone, Debug)]
pub(crate) struct PairDir {
    /// The primitive direction from the first piece to the second.
    pub(crate) p: Dir,
    progs: Vec<Prog>,
    /// `K_xy(p)` up to [`kmax`] as signed progressions (empty when none fits).
    pub(crate) terms: Vec<Term>,
}

impl PairDir {
    /// Whether the second piece at `k·p` from the first conflicts with it.
    pub(crate) fn has(&self, k: u64) -> bool {
        has(&self.progs, k)
    }
}

/// `lcm(a, b)`, saturating: a step past the board only empties its progression.
fn lcm(a: u64, b: u64) -> u64 {
    (a / a.gcd(&b)).saturating_mul(b)
}

/// The signed terms of the union of `progs` up to `km` (see [`Term`]). Progressions
/// inside another (a multiple step, no further bound) are dropped first; more than
/// [`MAX_PROGS`] left give `2^MAX_PROGS` terms or more, which [`Pair::small`] reports.
fn terms_of(progs: &[Prog], km: u64) -> Vec<Term> {
    let mut sets: Vec<(u64, u64)> = progs
        .iter()
        .map(|&(c, r)| {
            let bound = if r == 0 {
                km
            } else {
                r.saturating_mul(c).min(km)
            };
            (c, bound - bound % c)
        })
        .filter(|&(c, b)| b >= c)
        .collect();
    sets.sort_unstable();
    sets.dedup();
    let inside = |i: usize, (c, b): (u64, u64)| {
        sets.iter()
            .enumerate()
            .any(|(j, &(c2, b2))| j != i && c.is_multiple_of(c2) && b2 >= b && (c2, b2) != (c, b))
    };
    let kept: Vec<(u64, u64)> = (0..sets.len())
        .filter(|&i| !inside(i, sets[i]))
        .map(|i| sets[i])
        .collect();
    if kept.len() > MAX_PROGS {
        // Too many to expand: `Pair::small` turns this into a refusal.
        return vec![
            Term {
                sign: 1,
                step: 1,
                bound: 0,
            };
            1 << MAX_PROGS
        ];
    }
    let mut terms = Vec::new();
    for mask in 1u32..1 << kept.len() {
        let (mut step, mut bound) = (1u64, u64::MAX);
        for (i, &(c, b)) in kept.iter().enumerate() {
            if mask >> i & 1 == 1 {
                step = lcm(step, c);
                bound = bound.min(b);
            }
        }
        if bound >= step {
            let bound = bound - bound % step;
            let sign = if mask.count_ones() % 2 == 1 { 1 } else { -1 };
            terms.push(Term { sign, step, bound });
        }
    }
    terms
}

/// The conflicts of a piece of kind `x` (first) with one of kind `y` (second), by
/// direction from the first to the second.
#[derive(Clone, Debug)]
pub(crate) struct Pair {
    /// The directions with any conflict.
    pub(crate) dirs: Vec<PairDir>,
    index: HashMap<Dir, usize>,
}

impl Pair {
    /// The conflicts of `x` with `y` on a `rows × cols` board.
    pub(crate) fn new(x: &Reach, y: &Reach, rows: u64, cols: u64) -> Pair {
        let mut all: BTreeMap<Dir, Vec<Prog>> = BTreeMap::new();
        for (&p, progs) in &x.dirs {
            all.entry(p).or_default().extend(progs);
        }
        for (&(pf, pr), progs) in &y.dirs {
            all.entry((-pf, -pr)).or_default().extend(progs);
        }
        let mut dirs = Vec::new();
        for (p, mut progs) in all {
            progs.sort_unstable();
            progs.dedup();
            let terms = terms_of(&progs, kmax(p, rows, cols));
            dirs.push(PairDir { p, progs, terms });
        }
        let index = dirs.iter().enumerate().map(|(i, d)| (d.p, i)).collect();
        Pair { dirs, index }
    }

    /// Whether every direction's conflict set has at most [`MAX_PROGS`] progressions.
    pub(crate) fn small(&self) -> bool {
        self.dirs.iter().all(|d| d.terms.len() < 1 << MAX_PROGS)
    }

    /// The direction `p` of this pair, if it has conflicts along it.
    pub(crate) fn dir(&self, p: Dir) -> Option<&PairDir> {
        self.index.get(&p).map(|&i| &self.dirs[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_groups_moves_by_direction() {
        let q = Reach::of(&PieceKind::queen());
        assert_eq!(q.dirs.len(), 8);
        assert_eq!(q.size(8, 8), 8 * 7);
        let n = Reach::of(&PieceKind::knight());
        let pair = Pair::new(&n, &n, 8, 8);
        assert!(pair.dir((1, 2)).is_some_and(|d| d.has(1) && !d.has(2)));
        assert!(pair.dir((1, 1)).is_none());
        let qq = Pair::new(&q, &q, 8, 8);
        let one = |step, bound| Term {
            sign: 1,
            step,
            bound,
        };
        assert_eq!(qq.dir((0, -1)).unwrap().terms, vec![one(1, 7)]);
        // A (2,2) leaper beside a bishop: inside the bishop's ray, dropped.
        assert_eq!(terms_of(&[(1, 0), (2, 1)], 7), vec![one(1, 7)]);
        // Every third square up to 9 and every second to 8 (the union, signed).
        let t = terms_of(&[(3, 0), (2, 4)], 10);
        assert_eq!(
            t,
            vec![
                one(2, 8),
                one(3, 9),
                Term {
                    sign: -1,
                    step: 6,
                    bound: 6
                }
            ]
        );
        let member = |k: u64| -> i64 {
            t.iter()
                .filter(|t| k.is_multiple_of(t.step) && k <= t.bound)
                .map(|t| t.sign)
                .sum()
        };
        for k in 1..=12 {
            let want = i64::from((k % 3 == 0 && k <= 10) || (k % 2 == 0 && k <= 8));
            assert_eq!(member(k), want, "{k}");
        }
    }
}
