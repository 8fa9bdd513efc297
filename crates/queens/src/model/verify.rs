//! Verification: is a placement non-attacking, and if not, which pairs conflict.
//!
//! This is deliberately the plain definition (every pair, both directions, through
//! [`PieceKind::attacks_square`]) and shares nothing with the engines' precomputed
//! tables, so it can judge their answers.

use std::fmt;

use super::placement::{Piece, Placement};
use crate::board::{Board, Square};
use crate::error::Error;
use crate::piece::{Move, PieceKind};
use crate::terrain::Terrain;

/// Two pieces that may not stand together, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The first piece (canonical order).
    pub first: Piece,
    /// The second piece.
    pub second: Piece,
    /// Whether the first attacks the second.
    pub first_attacks: bool,
    /// Whether the second attacks the first.
    pub second_attacks: bool,
}

impl Conflict {
    /// Whether the two pieces stand on the same square.
    pub fn same_square(&self) -> bool {
        self.first.square == self.second.square
    }
}

/// The line from `from` to `to`, by geometry alone.
fn line(from: Square, to: Square) -> String {
    let df = to.file as i64 - from.file as i64;
    let dr = to.rank as i64 - from.rank as i64;
    if df == 0 {
        "along the file".into()
    } else if dr == 0 {
        "along the rank".into()
    } else if df.abs() == dr.abs() {
        "along the diagonal".into()
    } else {
        format!("by a ({},{}) leap", df.abs(), dr.abs())
    }
}

/// How `piece` attacks the square `to`, by the move of its kind that reaches it: a
/// one-square leap (a king's, a wazir's, a ferz's) is "by a step", a longer leap "by
/// a (x,y) leap", a slide "along" its line. A slide that reaches it wins over a leap.
fn how(piece: &Piece, to: Square) -> String {
    let from = piece.square;
    let (df, dr) = (
        to.file as i64 - from.file as i64,
        to.rank as i64 - from.rank as i64,
    );
    let reaches = |m: &Move| {
        let (mf, mr) = (m.df as i64, m.dr as i64);
        let k = if mf != 0 { df / mf } else { dr / mr };
        k >= 1 && (k * mf, k * mr) == (df, dr) && (m.range == 0 || k <= m.range as i64)
    };
    let Some(m) = piece
        .kind
        .moves()
        .iter()
        .filter(|m| (m.df, m.dr) != (0, 0) && reaches(m))
        .max_by_key(|m| m.range != 1)
    else {
        return line(from, to);
    };
    let straight = m.df == 0 || m.dr == 0 || m.df.abs() == m.dr.abs();
    match (m.range == 1, straight) {
        (true, _) if df.abs() <= 1 && dr.abs() <= 1 => "by a step".into(),
        (true, _) => format!("by a ({},{}) leap", df.abs(), dr.abs()),
        (false, true) => line(from, to),
        (false, false) => format!("along a ({},{}) line", m.df.abs(), m.dr.abs()),
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (&self.first, &self.second);
        if self.same_square() {
            return write!(f, "{a} and {b} stand on the same square");
        }
        match (self.first_attacks, self.second_attacks) {
            (true, true) => {
                let (ab, ba) = (how(a, b.square), how(b, a.square));
                if ab == ba {
                    write!(f, "{a} and {b} attack each other {ab}")
                } else {
                    write!(f, "{a} and {b} attack each other ({a} {ab}, {b} {ba})")
                }
            }
            (true, false) => write!(f, "{a} attacks {b} {}", how(a, b.square)),
            _ => write!(f, "{b} attacks {a} {}", how(b, a.square)),
        }
    }
}

/// Whether a piece of kind `a` on `sa` and one of kind `b` on `sb` conflict.
pub fn pieces_conflict(a: &PieceKind, sa: Square, b: &PieceKind, sb: Square) -> bool {
    sa == sb || a.attacks_square(sa, sb) || b.attacks_square(sb, sa)
}

/// Every conflicting pair of `placement` (empty when it is valid). Squares are not
/// checked against a board; see [`verify`].
///
/// ```
/// use queens::{Board, Catalog, Placement, verify::conflicts};
/// let b = Board::square(8).unwrap();
/// let p = Placement::parse("Qd1 Nf2", &Catalog::standard()).unwrap();
/// let c = conflicts(&b, &p);
/// assert_eq!(c.len(), 1);
/// assert_eq!(c[0].to_string(), "Nf2 attacks Qd1 by a (2,1) leap");
/// ```
pub fn conflicts(board: &Board, placement: &Placement) -> Vec<Conflict> {
    conflicts_on(board, &Terrain::new(board), placement)
}

/// Every conflicting pair of `placement` on `board` with `terrain` (blockers stop
/// lines, the torus wraps them; see [`Terrain::attacks`]).
///
/// ```
/// use queens::{Board, Catalog, Placement, terrain::Terrain, verify::conflicts_on};
/// let b = Board::square(4).unwrap();
/// let p = Placement::parse("Ra1 Rd1", &Catalog::standard()).unwrap();
/// let blocked = Terrain::new(&b).with_blockers(["b1".parse().unwrap()]).unwrap();
/// assert!(conflicts_on(&b, &blocked, &p).is_empty());
/// assert_eq!(conflicts_on(&b, &Terrain::new(&b), &p).len(), 1);
/// ```
pub fn conflicts_on(board: &Board, terrain: &Terrain, placement: &Placement) -> Vec<Conflict> {
    let ps = placement.pieces();
    let mut out = Vec::new();
    for (i, a) in ps.iter().enumerate() {
        for b in &ps[i + 1..] {
            let same = a.square == b.square;
            let ab = !same && terrain.attacks_square(board, &a.kind, a.square, b.square);
            let ba = !same && terrain.attacks_square(board, &b.kind, b.square, a.square);
            if same || ab || ba {
                out.push(Conflict {
                    first: a.clone(),
                    second: b.clone(),
                    first_attacks: ab,
                    second_attacks: ba,
                });
            }
        }
    }
    out
}

/// A fault of a placement against its terrain, besides attacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TerrainFault {
    /// A piece on a hole.
    OnHole(Piece),
    /// A piece on a blocker.
    OnBlocker(Piece),
    /// A region that does not hold its number of pieces.
    Region {
        /// The region's name.
        name: char,
        /// Pieces it holds.
        held: u32,
        /// Pieces it must hold.
        wanted: u32,
    },
}

impl fmt::Display for TerrainFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TerrainFault::OnHole(p) => write!(f, "{p} stands on a hole"),
            TerrainFault::OnBlocker(p) => write!(f, "{p} stands on a blocker"),
            TerrainFault::Region { name, held, wanted } => write!(
                f,
                "region '{name}' holds {held} piece{}, not {wanted}",
                if *held == 1 { "" } else { "s" }
            ),
        }
    }
}

/// What `placement` breaks of `terrain` besides attacks: pieces on holes or blockers,
/// regions that do not hold their number of pieces.
///
/// ```
/// use queens::{Board, Catalog, Placement, terrain::{Regions, Terrain}, verify::terrain_faults};
/// let b = Board::new(1, 2).unwrap();
/// let (r, holes) = Regions::parse("ab", &b, 1).unwrap();
/// let t = Terrain::new(&b).with_regions(r, holes).unwrap();
/// let p = Placement::parse("Ka1", &Catalog::standard()).unwrap();
/// let faults: Vec<String> = terrain_faults(&b, &t, &p).iter().map(|f| f.to_string()).collect();
/// assert_eq!(faults, ["region 'b' holds 0 pieces, not 1"]);
/// ```
pub fn terrain_faults(
    board: &Board,
    terrain: &Terrain,
    placement: &Placement,
) -> Vec<TerrainFault> {
    let mut out = Vec::new();
    for p in placement.pieces() {
        if terrain.is_hole(p.square) {
            out.push(TerrainFault::OnHole(p.clone()));
        } else if terrain.is_blocker(p.square) {
            out.push(TerrainFault::OnBlocker(p.clone()));
        }
    }
    if let Some(r) = terrain.regions() {
        let mut held = vec![0u32; r.count()];
        for p in placement.pieces() {
            if board.contains(p.square)
                && let Some(id) = r.region_at(board.index(p.square))
            {
                held[id] += 1;
            }
        }
        for (id, &n) in held.iter().enumerate() {
            if n != r.per_region() {
                out.push(TerrainFault::Region {
                    name: r.name(id),
                    held: n,
                    wanted: r.per_region(),
                });
            }
        }
    }
    out
}

/// Verifies `placement` on `board`: `Ok(conflicts)` (empty = valid), or an error when a
/// piece is off the board.
///
/// ```
/// use queens::{Board, Catalog, Placement, verify::verify};
/// let b = Board::square(8).unwrap();
/// let ok = Placement::parse("[1,5,8,6,3,7,2,4]", &Catalog::standard()).unwrap();
/// assert!(verify(&b, &ok).unwrap().is_empty());
/// let off = Placement::parse("Qi9", &Catalog::standard()).unwrap();
/// assert!(verify(&b, &off).is_err());
/// ```
pub fn verify(board: &Board, placement: &Placement) -> Result<Vec<Conflict>, Error> {
    verify_on(board, &Terrain::new(board), placement)
}

/// [`verify`] on a board with `terrain` (see [`conflicts_on`]).
pub fn verify_on(
    board: &Board,
    terrain: &Terrain,
    placement: &Placement,
) -> Result<Vec<Conflict>, Error> {
    for p in placement.pieces() {
        if !board.contains(p.square) {
            return Err(Error::OffBoard {
                square: p.square.to_string(),
                board: board.to_string(),
            });
        }
    }
    Ok(conflicts_on(board, terrain, placement))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Catalog;

    fn first(text: &str, catalog: &Catalog) -> String {
        let b = Board::square(8).unwrap();
        let p = Placement::parse(text, catalog).unwrap();
        let c = conflicts(&b, &p);
        assert_eq!(c.len(), 1, "{text}");
        c[0].to_string()
    }

    #[test]
    fn conflicts_say_how_the_attacker_moves() {
        let c = crate::fairy::catalog_with(&["D=dabbaba", "Z=nightrider", "W=wazir"]).unwrap();
        for (text, said) in [
            ("Ka1 Kb1", "Ka1 and Kb1 attack each other by a step"),
            ("Ka1 Kb2", "Ka1 and Kb2 attack each other by a step"),
            ("Ka1 Ka2", "Ka1 and Ka2 attack each other by a step"),
            ("Wa1 Wa2", "Wa1 and Wa2 attack each other by a step"),
            ("Qa1 Qa8", "Qa1 and Qa8 attack each other along the file"),
            ("Qa1 Qb1", "Qa1 and Qb1 attack each other along the rank"),
            (
                "Qa1 Qb2",
                "Qa1 and Qb2 attack each other along the diagonal",
            ),
            ("Na1 Nb3", "Na1 and Nb3 attack each other by a (1,2) leap"),
            ("Da1 Dc1", "Da1 and Dc1 attack each other by a (2,0) leap"),
            (
                "Za1 Zc5",
                "Za1 and Zc5 attack each other along a (1,2) line",
            ),
            ("Qd1 Nf2", "Nf2 attacks Qd1 by a (2,1) leap"),
            (
                "Ka1 Qb1",
                "Ka1 and Qb1 attack each other (Ka1 by a step, Qb1 along the rank)",
            ),
            ("Ka1 Qc3", "Qc3 attacks Ka1 along the diagonal"),
        ] {
            assert_eq!(first(text, &c), said, "{text}");
        }
    }
}
