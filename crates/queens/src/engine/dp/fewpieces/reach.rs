//! What one kind reaches along each primitive direction, and what two kinds conflict
//! over: the geometry both counting methods of [`super`] share.
//!
//! A move `(df, dr, range)` with `g = gcd(|df|, |dr|)` steps along the primitive
//! direction `p = (df/g, dr/g)` and reaches the multiples `g, 2g, .., range·g` of `p`
//! (every multiple of `g` when `range` is 0). A kind's reach along `p` is the union of
//! such progressions. Pieces `x` on `s` and `y` on `t = s + k·p` conflict exactly when
//! `k` is in `K_xy(p) = M_x(p) ∪ M_y(-p)`: `x` attacks `t`, or `y` attacks `s`.

use std::collections::{BTreeMap, HashMap};

use crate::piece::PieceKind;

/// A primitive direction `(files, ranks)`.
pub(crate) type Dir = (i64, i64);

/// One progression of multiples: `(step, range)`, the multiples `step, 2·step, ..,
/// range·step` (range 0: without end).
type Prog = (u64, u64);

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

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
            let g = gcd(m.df.unsigned_abs() as u64, m.dr.unsigned_abs() as u64);
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

/// One direction of a pair's conflicts: `p`, the progressions of `K_xy(p)` and, once
/// made for a board, the sorted multiples `k` that fit on it.
#[derive(Clone, Debug)]
pub(crate) struct PairDir {
    /// The primitive direction from the first piece to the second.
    pub(crate) p: Dir,
    progs: Vec<Prog>,
    /// `K_xy(p)` up to [`kmax`], ascending (`u32`: sides are at most 10^9).
    pub(crate) ks: Vec<u32>,
}

impl PairDir {
    /// Whether the second piece at `k·p` from the first conflicts with it.
    pub(crate) fn has(&self, k: u64) -> bool {
        has(&self.progs, k)
    }
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
            let km = kmax(p, rows, cols);
            let mut ks = Vec::new();
            for &(c, r) in &progs {
                let j = if r == 0 { km / c } else { r.min(km / c) };
                ks.extend((1..=j).map(|j| (j * c) as u32));
            }
            ks.sort_unstable();
            ks.dedup();
            dirs.push(PairDir { p, progs, ks });
        }
        let index = dirs.iter().enumerate().map(|(i, d)| (d.p, i)).collect();
        Pair { dirs, index }
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
        assert_eq!(qq.dir((0, -1)).unwrap().ks, (1..=7).collect::<Vec<u32>>());
    }
}
