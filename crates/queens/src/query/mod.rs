//! Questions asked over many engine calls: counting up to symmetry ([`symmetry`]),
//! the most pieces of a kind ([`maximum`]), the fewest that cover the board ([`cover`]),
//! and ranged specs ([`range`]). The last two answer one question, a kind beside other
//! pieces ([`Beside`]).

use crate::board::Board;
use crate::piece::PieceKind;
use crate::problem::{PieceCount, Placement};
use crate::terrain::Terrain;

pub mod cover;
pub mod maximum;
pub mod range;
pub mod regions;
pub mod symmetry;

/// One kind asked about beside other pieces, on a board with its terrain: the question
/// [`cover::cover`] (the fewest of the kind that cover the board) and
/// [`maximum::maximum`] (the most of the kind that stand) answer.
///
/// Not a [`crate::Problem`]: fixed pieces of the kind are not in the given pieces' spec
/// (they belong to the covering, or count toward the maximum), which a problem refuses.
///
/// ```
/// use queens::{Board, PieceKind, query::Beside};
/// let q = Beside::new(Board::square(8).unwrap(), PieceKind::queen());
/// assert!(q.given.is_empty() && q.fixed.is_empty() && q.terrain.is_plain());
/// ```
#[derive(Clone, Debug)]
pub struct Beside {
    /// The board.
    pub board: Board,
    /// Its holes, blockers, torus (and regions, which both questions refuse).
    pub terrain: Terrain,
    /// The pieces that stand as well, placed anywhere.
    pub given: Vec<PieceCount>,
    /// The pieces fixed in advance, of the kind or not.
    pub fixed: Placement,
    /// The kind asked about.
    pub kind: PieceKind,
}

impl Beside {
    /// `kind` alone on the open `board`: no terrain, no other pieces.
    pub fn new(board: Board, kind: PieceKind) -> Beside {
        Beside {
            board,
            terrain: Terrain::new(&board),
            given: Vec::new(),
            fixed: Placement::default(),
            kind,
        }
    }
}
