//! Placements up to the board's symmetries: the eight (square boards) or four
//! (other rectangles) rotations and reflections that keep every kind's moves.
//!
//! # Which symmetries
//! A symmetry `g` of the board also turns move vectors; it maps the solutions of a
//! problem onto solutions only if it maps each kind's move set onto itself (a fairy kind
//! that moves forward only has no vertical reflection) and the fixed pieces onto
//! themselves. [`symmetries`] keeps exactly those; they form a group.
//!
//! # Counting orbits
//! By Burnside's lemma the number of orbits is the average number of placements each
//! symmetry fixes. The identity fixes every placement: that count comes from any engine
//! (so the counting methods of `crate::engine::dp` serve here too). A placement fixed by
//! `g` is a union of whole orbits of squares under `g`, each holding pieces of one kind:
//! `fixed_count` searches those unions directly, orbit by orbit, on bitsets, which is
//! far smaller than the whole problem.
//!
//! `fixed_count`'s search is pruned by the gcd of the orbit sizes. With a terrain it
//! excludes holes and blockers from its orbits and uses the terrain's attacks; with
//! regions it counts the fixed solutions among all of them. The tests hold it to the
//! published table and to a brute-force orbit count (enumerate, turn by hand, keep the
//! least image) on random small problems with fairy and asymmetric kinds and fixed pieces.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::{Board, Square};
use crate::engine::{Control, EngineChoice, Settings};
use crate::error::Error;
use crate::piece::{Move, PieceKind};
use crate::problem::{Piece, Placement, Problem};

/// A rotation or reflection of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leaves every square in place.
    Identity,
    /// A quarter turn counterclockwise (square boards).
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn clockwise (square boards).
    Rotate270,
    /// Left and right swapped (files mirrored).
    MirrorFiles,
    /// Top and bottom swapped (ranks mirrored).
    MirrorRanks,
    /// Reflection in the a1-h8 diagonal (square boards).
    Diagonal,
    /// Reflection in the a8-h1 diagonal (square boards).
    AntiDiagonal,
}

impl Symmetry {
    /// All eight.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorFiles,
        Symmetry::MirrorRanks,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];

    /// Whether this symmetry maps `board` onto itself (quarter turns and diagonal
    /// reflections need a square board).
    pub fn fits(self, board: &Board) -> bool {
        board.is_square()
            || matches!(
                self,
                Symmetry::Identity
                    | Symmetry::Rotate180
                    | Symmetry::MirrorFiles
                    | Symmetry::MirrorRanks
            )
    }

    /// The image of a move vector `(df, dr)`.
    ///
    /// ```
    /// use queens::symmetry::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.vector(1, 2), (-2, 1));
    /// ```
    pub fn vector(self, df: i64, dr: i64) -> (i64, i64) {
        match self {
            Symmetry::Identity => (df, dr),
            Symmetry::Rotate90 => (-dr, df),
            Symmetry::Rotate180 => (-df, -dr),
            Symmetry::Rotate270 => (dr, -df),
            Symmetry::MirrorFiles => (-df, dr),
            Symmetry::MirrorRanks => (df, -dr),
            Symmetry::Diagonal => (dr, df),
            Symmetry::AntiDiagonal => (-dr, -df),
        }
    }

    /// The image of `sq` on `board` (which this symmetry must [fit](Self::fits)).
    ///
    /// ```
    /// use queens::{Board, Square, symmetry::Symmetry};
    /// let b = Board::square(8).unwrap();
    /// assert_eq!(Symmetry::Rotate90.square(&b, Square::new(0, 0)), Square::new(7, 0));
    /// ```
    pub fn square(self, board: &Board, sq: Square) -> Square {
        let (f, r) = (sq.file, sq.rank);
        let (fc, rc) = (board.cols() - 1, board.rows() - 1);
        let (nf, nr) = match self {
            Symmetry::Identity => (f, r),
            Symmetry::Rotate90 => (fc - r, f),
            Symmetry::Rotate180 => (fc - f, rc - r),
            Symmetry::Rotate270 => (r, rc - f),
            Symmetry::MirrorFiles => (fc - f, r),
            Symmetry::MirrorRanks => (f, rc - r),
            Symmetry::Diagonal => (r, f),
            Symmetry::AntiDiagonal => (fc - r, rc - f),
        };
        Square::new(nf, nr)
    }

    /// Whether the kind's moves, turned by this symmetry, are the kind's moves.
    pub fn keeps(self, kind: &PieceKind) -> bool {
        let mut turned: Vec<Move> = kind
            .moves()
            .iter()
            .map(|m| {
                let (df, dr) = self.vector(m.df as i64, m.dr as i64);
                Move {
                    df: df as i32,
                    dr: dr as i32,
                    range: m.range,
                }
            })
            .collect();
        turned.sort();
        turned == kind.moves()
    }

    /// Whether this symmetry maps the holes onto the holes, the blockers onto the
    /// blockers and every region onto a region (on the torus the board's rotations and
    /// reflections keep the wrap; translations are not among the symmetries used).
    pub fn keeps_terrain(self, board: &Board, terrain: &crate::terrain::Terrain) -> bool {
        let holes: Vec<Square> = terrain.holes().collect();
        let blockers: Vec<Square> = terrain.blockers().collect();
        let maps_onto = |set: &[Square]| set.iter().all(|&s| set.contains(&self.square(board, s)));
        if !maps_onto(&holes) || !maps_onto(&blockers) {
            return false;
        }
        let Some(r) = terrain.regions() else {
            return true;
        };
        // Region ids must map one to one, consistently for every square.
        let mut image: Vec<Option<usize>> = vec![None; r.count()];
        for i in 0..board.squares() as usize {
            let j = board.index(self.square(board, board.square_at(i)));
            match (r.region_at(i), r.region_at(j)) {
                (None, None) => {}
                (Some(a), Some(b)) => match image[a] {
                    None if !image.contains(&Some(b)) => image[a] = Some(b),
                    Some(x) if x == b => {}
                    _ => return false,
                },
                _ => return false,
            }
        }
        true
    }

    /// The image of a placement.
    pub fn placement(self, board: &Board, p: &Placement) -> Placement {
        Placement::new(
            p.pieces()
                .iter()
                .map(|x| Piece {
                    kind: x.kind.clone(),
                    square: self.square(board, x.square),
                })
                .collect(),
        )
    }
}

/// The symmetries that map `problem` onto itself: they fit the board, keep every
/// kind's moves and map the fixed pieces onto themselves. The identity comes first.
///
/// ```
/// use queens::{Problem, symmetry::symmetries};
/// assert_eq!(symmetries(&Problem::queens(8).unwrap()).len(), 8);
/// ```
pub fn symmetries(problem: &Problem) -> Vec<Symmetry> {
    let b = problem.board();
    Symmetry::ALL
        .into_iter()
        .filter(|g| g.fits(b))
        .filter(|g| problem.pieces().iter().all(|p| g.keeps(&p.kind)))
        .filter(|g| g.placement(b, problem.fixed()) == *problem.fixed())
        .filter(|g| g.keeps_terrain(b, problem.terrain()))
        .collect()
}

/// The least image of `p` under `group` (in the order of its `coords` text, kinds then
/// squares): two placements are equivalent exactly when their canonical forms are equal.
pub fn canonical(board: &Board, group: &[Symmetry], p: &Placement) -> Placement {
    let key = |q: &Placement| -> Vec<((usize, char), u32, u32)> {
        q.pieces()
            .iter()
            .map(|x| (x.kind.canonical_rank(), x.square.file, x.square.rank))
            .collect()
    };
    group
        .iter()
        .map(|g| g.placement(board, p))
        .min_by_key(key)
        .unwrap_or_else(|| p.clone())
}

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
/// (listed by the exact engine).
fn fixed_by_enumeration(problem: &Problem, g: Symmetry, ctl: &Control) -> Result<BigUint, Error> {
    use crate::engine::Engine;
    let board = problem.board();
    let mut n = 0u64;
    crate::engine::exact::ExactEngine.enumerate(problem, ctl, &mut |p| {
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

/// One placement per symmetry class: the solutions [`crate::enumerate`] lists, keeping
/// each one whose class (its [`canonical`] form under [`symmetries`]) has not been met
/// before; so each class is represented by its least placement in the listing order,
/// and the classes come in that order (8 queens: 12). Memory grows with the number of
/// classes; the time is that of the full listing.
///
/// ```
/// use std::ops::ControlFlow;
/// use queens::{EngineChoice, Problem, Settings, symmetry::enumerate_unique};
/// let mut n = 0;
/// enumerate_unique(&Problem::queens(8).unwrap(), EngineChoice::Auto, &Settings::default(),
///     &mut |_| { n += 1; ControlFlow::Continue(()) }).unwrap();
/// assert_eq!(n, 12);
/// ```
pub fn enumerate_unique(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
    sink: &mut dyn FnMut(&Placement) -> ControlFlow<()>,
) -> Result<(), Error> {
    let group = symmetries(problem);
    let mut seen = std::collections::HashSet::new();
    crate::engine::enumerate(problem, choice, settings, &mut |p| {
        if seen.insert(canonical(problem.board(), &group, p)) {
            sink(p)
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// Orbits by brute force: enumerates every solution with the engine `choice` picks and
/// counts distinct [`canonical`] forms. For checking [`count_unique`] on small problems.
pub fn count_unique_by_enumeration(
    problem: &Problem,
    choice: EngineChoice,
    settings: &Settings,
) -> Result<u64, Error> {
    let group = symmetries(problem);
    let mut seen = std::collections::HashSet::new();
    crate::engine::enumerate(problem, choice, settings, &mut |p| {
        seen.insert(canonical(problem.board(), &group, p));
        ControlFlow::Continue(())
    })?;
    Ok(seen.len() as u64)
}
