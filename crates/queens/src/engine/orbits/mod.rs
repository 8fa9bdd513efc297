//! Counting solutions up to symmetry (Burnside's lemma), for the engines.
//!
//! By Burnside's lemma the number of orbits is the average number of placements each
//! symmetry fixes. The identity fixes every placement: that count comes from any engine
//! (so the counting methods of `engine::dp` serve here too). A placement fixed by
//! `g` is a union of whole orbits of squares under `g`, each holding pieces of one kind:
//! [`fixed_count`] searches those unions directly, orbit by orbit, on bitsets, which is
//! far smaller than the whole problem.
//!
//! `fixed_count`'s search is pruned by the gcd of the orbit sizes. With a terrain it
//! excludes holes and blockers from its orbits and uses the terrain's attacks; with
//! regions it counts the fixed solutions among all of them. The tests hold it to the
//! published table and to a brute-force orbit count (enumerate, turn by hand, keep the
//! least image) on random small problems with fairy and asymmetric kinds and fixed pieces.

pub mod rotations;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::engine::Control;
use crate::error::Error;
use crate::model::symmetry::{Symmetry, symmetries};
use crate::piece::PieceKind;
use crate::problem::Problem;

/// The largest board [`fixed_count`] searches.
pub const MAX_SQUARES: u64 = 4096;

struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    fn has(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }
    fn len(&self) -> u64 {
        self.0.iter().map(|w| w.count_ones() as u64).sum()
    }
}

struct FixSearch<'a> {
    kinds: Vec<PieceKind>,
    /// Orbits of the free squares, as square indices.
    orbits: Vec<Vec<usize>>,
    /// `self_ok[x][o]`: pieces of kind `x` on all of orbit `o` leave each other alone.
    self_ok: Vec<Vec<bool>>,
    gcd: usize,
    squares: usize,
    /// `zone[(y * kinds + x) * squares + t]`: where a `y` may not stand beside an `x` on `t`.
    zone: Vec<Bits>,
    ctl: &'a Control<'a>,
    visited: u64,
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl FixSearch<'_> {
    /// Counts ways to give the remaining pieces (`need[x]` of kind `x`, kinds from `x`
    /// on, orbits of kind `x` from `from` on) to whole orbits, within `allowed[y]`.
    fn go(
        &mut self,
        x: usize,
        from: usize,
        need: &mut [usize],
        allowed: &[Bits],
    ) -> Result<u128, Error> {
        if x == self.kinds.len() {
            return Ok(1);
        }
        if need[x] == 0 {
            return self.go(x + 1, 0, need, allowed);
        }
        self.visited += 1;
        if self.visited & 0xfff == 0 && self.ctl.cancelled() {
            return Err(Error::Interrupted);
        }
        if !need[x].is_multiple_of(self.gcd) {
            return Ok(0);
        }
        for (y, a) in allowed.iter().enumerate().skip(x) {
            if a.len() < need[y] as u64 {
                return Ok(0);
            }
        }
        let mut total = 0u128;
        for o in from..self.orbits.len() {
            let size = self.orbits[o].len();
            if size > need[x]
                || !self.self_ok[x][o]
                || !self.orbits[o].iter().all(|&s| allowed[x].has(s))
            {
                continue;
            }
            let nk = self.kinds.len();
            let next: Vec<Bits> = (0..nk)
                .map(|y| {
                    let mut b = Bits(allowed[y].0.clone());
                    if y >= x {
                        for &t in &self.orbits[o] {
                            let zone = &self.zone[(y * nk + x) * self.squares + t];
                            for (w, z) in b.0.iter_mut().zip(&zone.0) {
                                *w &= !z;
                            }
                        }
                    }
                    b
                })
                .collect();
            need[x] -= size;
            let r = self.go(x, o + 1, need, &next);
            need[x] += size;
            total = total.checked_add(r?).ok_or(Error::Overflow("128-bit"))?;
        }
        Ok(total)
    }
}

/// The number of solutions of `problem` that `g` maps onto themselves.
///
/// ```text
/// use queens::{Control, Problem, symmetry::{fixed_count, Symmetry}};
/// let p = Problem::queens(8).unwrap();
/// let ctl = Control::default();
/// assert_eq!(fixed_count(&p, Symmetry::Rotate180, &ctl).unwrap(), 4u32.into());
/// assert_eq!(fixed_count(&p, Symmetry::Rotate90, &ctl).unwrap(), 0u32.into());
/// ```
pub(crate) fn fixed_count(problem: &Problem, g: Symmetry, ctl: &Control) -> Result<BigUint, Error> {
    let board = *problem.board();
    if !symmetries(problem).contains(&g) {
        return Err(Error::Unsupported(format!(
            "the symmetry {g:?} does not map this problem onto itself"
        )));
    }
    if board.squares() > MAX_SQUARES {
        return Err(Error::Unsupported(format!(
            "the {board} board is too large to search for symmetric placements (at most {MAX_SQUARES} squares)"
        )));
    }
    let terrain = problem.terrain();
    if terrain.regions().is_some() {
        // Region counts do not fit the orbit search: count the fixed solutions among
        // all of them (region puzzles have few).
        return fixed_by_enumeration(problem, g, ctl);
    }
    let n = board.squares() as usize;
    let kinds: Vec<PieceKind> = problem.pieces().iter().map(|p| p.kind.clone()).collect();
    let mut need: Vec<usize> = problem.pieces().iter().map(|p| p.count as usize).collect();
    let fixed = problem.fixed();
    if !crate::verify::conflicts_on(&board, terrain, fixed).is_empty() {
        return Ok(BigUint::zero());
    }
    let mut taken = Bits::new(n);
    // Holes and blockers hold no piece: no orbit uses them.
    for sq in terrain.holes().chain(terrain.blockers()) {
        taken.set(board.index(sq));
    }
    for f in fixed.pieces() {
        taken.set(board.index(f.square));
        let x = kinds
            .iter()
            .position(|k| *k == f.kind)
            .expect("in the spec");
        need[x] -= 1;
    }
    let mut orbits = Vec::new();
    let mut seen = Bits::new(n);
    for i in 0..n {
        if seen.has(i) || taken.has(i) {
            continue;
        }
        let mut orbit = vec![i];
        seen.set(i);
        let mut s = g.square(&board, board.square_at(i));
        while board.index(s) != i {
            orbit.push(board.index(s));
            seen.set(board.index(s));
            s = g.square(&board, s);
        }
        orbits.push(orbit);
    }
    let self_ok: Vec<Vec<bool>> = kinds
        .iter()
        .map(|k| {
            orbits
                .iter()
                .map(|o| {
                    o.iter().enumerate().all(|(a, &s)| {
                        o[a + 1..].iter().all(|&t| {
                            !terrain.conflict(&board, k, board.square_at(s), k, board.square_at(t))
                        })
                    })
                })
                .collect()
        })
        .collect();
    let allowed: Vec<Bits> = kinds
        .iter()
        .map(|k| {
            let mut b = Bits::new(n);
            for i in 0..n {
                let si = board.square_at(i);
                if !taken.has(i)
                    && fixed
                        .pieces()
                        .iter()
                        .all(|f| !terrain.conflict(&board, k, si, &f.kind, f.square))
                {
                    b.set(i);
                }
            }
            b
        })
        .collect();
    let g_all = orbits.iter().fold(0, |a, o| gcd(a, o.len())).max(1);
    let nk = kinds.len();
    let mut zone = Vec::with_capacity(nk * nk * n);
    for y in &kinds {
        for x in &kinds {
            let base = zone.len();
            for t in 0..n {
                let mut b = Bits::new(n);
                b.set(t);
                for a in terrain.attacks(&board, x, board.square_at(t)) {
                    b.set(board.index(a));
                }
                zone.push(b);
            }
            for i in 0..n {
                for a in terrain.attacks(&board, y, board.square_at(i)) {
                    zone[base + board.index(a)].set(i);
                }
            }
        }
    }
    let mut search = FixSearch {
        squares: n,
        zone,
        kinds,
        orbits,
        self_ok,
        gcd: g_all,
        ctl,
        visited: 0,
    };
    Ok(BigUint::from(search.go(0, 0, &mut need, &allowed)?))
}

/// The solutions of `problem` that `g` maps onto themselves, counted among all of them
/// (listed by the exact engine, as selected by name).
fn fixed_by_enumeration(problem: &Problem, g: Symmetry, ctl: &Control) -> Result<BigUint, Error> {
    let board = problem.board();
    let mut n = 0u64;
    let exact = crate::engine::EngineChoice::Named(crate::engine::EngineName::Exact);
    let listed = crate::engine::select(exact, problem, crate::engine::Job::Enumerate, ctl)?;
    listed.enumerate(ctl, &mut |p| {
        if g.placement(board, p) == *p {
            n += 1;
        }
        std::ops::ControlFlow::Continue(())
    })?;
    Ok(n.into())
}

/// The number of solutions of `problem` distinct up to its [`symmetries`], by
/// Burnside's lemma, given `total`, the number of all solutions (the identity's
/// fixed points); the other symmetries' fixed points come from [`fixed_count`].
pub(crate) fn burnside(problem: &Problem, total: BigUint, ctl: &Control) -> Result<BigUint, Error> {
    if total.is_zero() {
        // A placement a symmetry fixes is a solution: with none, every term is 0, and
        // the orbit searches need not run (on 64 queens on the 64 x 64 torus, which
        // Pólya's theorem settles at once, they would run for ever).
        return Ok(total);
    }
    let group = symmetries(problem);
    let mut sum = total;
    for &g in &group[1..] {
        sum += fixed_count(problem, g, ctl)?;
    }
    let (q, r) = (&sum / group.len(), &sum % group.len());
    if !r.is_zero() {
        return Err(Error::internal(
            "the symmetry sum is not a multiple of the group order",
        ));
    }
    Ok(q)
}
