//! Verification: is a placement non-attacking, and if not, which pairs conflict.
//!
//! This is deliberately the plain definition (every pair, both directions, through
//! [`PieceKind::attacks_square`]) and shares nothing with the engines' precomputed
//! tables, so it can judge their answers.

use std::fmt;

use crate::board::{Board, Square};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::{Piece, Placement};

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

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (&self.first, &self.second);
        if self.same_square() {
            return write!(f, "{a} and {b} stand on the same square");
        }
        let how = line(a.square, b.square);
        match (self.first_attacks, self.second_attacks) {
            (true, true) => write!(f, "{a} and {b} attack each other {how}"),
            (true, false) => write!(f, "{a} attacks {b} {how}"),
            _ => write!(f, "{b} attacks {a} {}", line(b.square, a.square)),
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
pub fn conflicts(_board: &Board, placement: &Placement) -> Vec<Conflict> {
    let ps = placement.pieces();
    let mut out = Vec::new();
    for (i, a) in ps.iter().enumerate() {
        for b in &ps[i + 1..] {
            let same = a.square == b.square;
            let ab = !same && a.kind.attacks_square(a.square, b.square);
            let ba = !same && b.kind.attacks_square(b.square, a.square);
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
    for p in placement.pieces() {
        if !board.contains(p.square) {
            return Err(Error::OffBoard {
                square: p.square.to_string(),
                board: board.to_string(),
            });
        }
    }
    Ok(conflicts(board, placement))
}
