//! The symmetries of a problem: the eight (square boards) or four (other rectangles)
//! rotations and reflections of the board that keep every kind's moves, the fixed
//! pieces and the terrain, and the canonical form of a placement under them.
//!
//! # Which symmetries
//! A symmetry `g` of the board also turns move vectors; it maps the solutions of a
//! problem onto solutions only if it maps each kind's move set onto itself (a fairy kind
//! that moves forward only has no vertical reflection) and the fixed pieces onto
//! themselves. [`symmetries`] keeps exactly those; they form a group.

use crate::board::{Board, Square};
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
