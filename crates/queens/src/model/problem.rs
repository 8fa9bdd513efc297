//! Problems: a board, a multiset of pieces, and optional fixed pieces.
//!
//! Pieces of one kind are interchangeable: a placement is a set of squares per kind,
//! so 8 queens on 8×8 have 92 solutions, not 92·8!. A placement's canonical order is by
//! kind (K N B R Q A, then other letters), then by square (file, then rank); that is
//! the order of the `coords` text, which [`Placement::parse`] reads back.

use std::collections::HashSet;

use super::board::Board;
use super::piece::{Catalog, PieceKind};
pub use super::placement::{Piece, Placement};
pub use super::spec::{PieceCount, format_spec, parse_spec};
use super::terrain::Terrain;
use crate::error::Error;

/// A board, a multiset of pieces to place, and some of those pieces fixed on squares.
///
/// ```
/// use queens::{Board, Catalog, Placement, Problem, parse_spec};
/// let c = Catalog::standard();
/// let board = Board::square(8).unwrap();
/// let fixed = Placement::parse("Qa1", &c).unwrap();
/// let p = Problem::new(board, parse_spec("8Q", &c).unwrap(), fixed).unwrap();
/// assert_eq!(p.total_pieces(), 8);
/// // A fixed piece of a kind the spec lacks is an input error.
/// let knight = Placement::parse("Nb1", &c).unwrap();
/// assert!(Problem::new(board, parse_spec("8Q", &c).unwrap(), knight).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    board: Board,
    pieces: Vec<PieceCount>,
    fixed: Placement,
    terrain: Terrain,
}

impl Problem {
    /// The problem as the command line gives it: a board (`8`, `5x7`), a piece spec
    /// (`2N,2B,R,Q`; `None`: `min(rows, cols)` queens) and fixed pieces (`Qa1,Nc3` or a
    /// permutation; `None`: none), letters read with `catalog`.
    ///
    /// ```
    /// use queens::{Catalog, Problem};
    /// let p = Problem::parse("6", Some("2N,2B,R,Q"), None, &Catalog::standard()).unwrap();
    /// assert_eq!(p.total_pieces(), 6);
    /// assert_eq!(Problem::parse("5x7", None, Some("Qa1"), &Catalog::standard()).unwrap().total_pieces(), 5);
    /// assert!(Problem::parse("8", Some("9Z"), None, &Catalog::standard()).is_err());
    /// ```
    pub fn parse(
        board: &str,
        pieces: Option<&str>,
        fixed: Option<&str>,
        catalog: &Catalog,
    ) -> Result<Problem, Error> {
        let board: Board = board.parse()?;
        let pieces = match pieces {
            Some(spec) => parse_spec(spec, catalog)?,
            None => vec![PieceCount {
                kind: PieceKind::queen(),
                count: board.rows().min(board.cols()),
            }],
        };
        let fixed = match fixed {
            Some(text) => Placement::parse_on(text, catalog, &board)?,
            None => Placement::default(),
        };
        Problem::new(board, pieces, fixed)
    }

    /// A checked problem: the fixed pieces are on the board, on distinct squares, of
    /// kinds in the spec and no more of a kind than the spec holds.
    ///
    /// Fixed pieces that attack each other are *not* an error here, nor more pieces
    /// than the board has squares ([`Problem::overfull`]): such a problem is
    /// well-formed and simply has no solution.
    pub fn new(board: Board, pieces: Vec<PieceCount>, fixed: Placement) -> Result<Problem, Error> {
        let mut kinds: HashSet<char> = HashSet::new();
        for p in &pieces {
            if !kinds.insert(p.kind.letter()) {
                return Err(Error::BadSpec {
                    item: p.kind.to_string(),
                    reason: "a kind is listed twice".into(),
                });
            }
        }
        fixed.check_on(&board)?;
        for f in fixed.spec() {
            let allowed = pieces
                .iter()
                .find(|p| p.kind == f.kind)
                .map(|p| p.count)
                .ok_or_else(|| Error::FixedKindNotInSpec {
                    piece: fixed
                        .pieces()
                        .iter()
                        .find(|p| p.kind == f.kind)
                        .map(|p| p.to_string())
                        .unwrap_or_default(),
                    kind: f.kind.letter(),
                })?;
            if f.count > allowed {
                return Err(Error::TooManyFixed {
                    kind: f.kind.letter(),
                    fixed: f.count as u64,
                    allowed: allowed as u64,
                });
            }
        }
        let mut pieces = pieces;
        pieces.sort_by_key(|p| p.kind.canonical_rank());
        Ok(Problem {
            board,
            pieces,
            fixed,
            terrain: Terrain::new(&board),
        })
    }

    /// This problem on a board with `terrain` (holes, blockers, the torus, regions).
    /// Refused, naming the part: a terrain made for another board, a fixed piece on a
    /// hole or blocker, regions whose pieces do not add up to the spec's. More pieces
    /// than free squares is a problem without solutions ([`Problem::overfull`]).
    ///
    /// ```
    /// use queens::{Problem, terrain::Terrain};
    /// let p = Problem::queens(5).unwrap();
    /// let t = Terrain::new(p.board()).with_torus(true);
    /// assert!(p.with_terrain(t).unwrap().terrain().torus());
    /// ```
    pub fn with_terrain(mut self, terrain: Terrain) -> Result<Problem, Error> {
        let b = self.board;
        if !terrain.fits(&b) {
            return Err(Error::BadTerrain(format!(
                "the terrain was made for another board than {b}"
            )));
        }
        for f in self.fixed.pieces() {
            if terrain.is_hole(f.square) {
                return Err(Error::BadTerrain(format!(
                    "fixed piece {f} stands on a hole"
                )));
            }
            if terrain.is_blocker(f.square) {
                return Err(Error::BadTerrain(format!(
                    "fixed piece {f} stands on a blocker"
                )));
            }
        }
        let total = self.total_pieces();
        if let Some(r) = terrain.regions() {
            let need = u64::from(r.per_region()) * r.count() as u64;
            if need != total {
                return Err(Error::BadTerrain(format!(
                    "{} region{} of {} piece{} each need{} {need} piece{}, but the spec has {total}",
                    r.count(),
                    if r.count() == 1 { "" } else { "s" },
                    r.per_region(),
                    if r.per_region() == 1 { "" } else { "s" },
                    if r.count() == 1 { "s" } else { "" },
                    if need == 1 { "" } else { "s" }
                )));
            }
        }
        self.terrain = terrain;
        Ok(self)
    }

    /// The squares a piece may stand on: the board's, less holes and blockers.
    pub fn free_squares(&self) -> u64 {
        let t = &self.terrain;
        self.board.squares() - (t.holes().count() + t.blockers().count()) as u64
    }

    /// Why this problem has no solution before any search, when it has more pieces
    /// than free squares, as one sentence (the engines answer it with none: no
    /// placement, a count of 0).
    ///
    /// ```
    /// use queens::{Catalog, Problem};
    /// let p = Problem::parse("2", Some("5N"), None, &Catalog::standard()).unwrap();
    /// assert_eq!(p.overfull().unwrap(), "5 pieces do not fit on the 4 squares of the 2x2 board");
    /// assert_eq!(Problem::queens(8).unwrap().overfull(), None);
    /// ```
    pub fn overfull(&self) -> Option<String> {
        let (total, free) = (self.total_pieces(), self.free_squares());
        if total <= free {
            return None;
        }
        let plural = |n: u64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let (pieces, fit) = (
            plural(total, "piece"),
            if total == 1 { "does" } else { "do" },
        );
        let b = self.board;
        Some(if free == b.squares() {
            format!(
                "{pieces} {fit} not fit on the {} of the {b} board",
                plural(free, "square")
            )
        } else {
            format!(
                "{pieces} {fit} not fit on the {} of the {b} board",
                plural(free, "free square")
            )
        })
    }

    /// The board's holes, blockers, wrap and regions (plain for a rectangle).
    pub fn terrain(&self) -> &Terrain {
        &self.terrain
    }

    /// `n` queens on an `n × n` board.
    ///
    /// ```
    /// assert_eq!(queens::Problem::queens(8).unwrap().total_pieces(), 8);
    /// ```
    pub fn queens(n: u32) -> Result<Problem, Error> {
        Problem::new(
            Board::square(n)?,
            vec![PieceCount {
                kind: PieceKind::queen(),
                count: n,
            }],
            Placement::default(),
        )
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces to place (fixed ones included), in canonical kind order.
    pub fn pieces(&self) -> &[PieceCount] {
        &self.pieces
    }

    /// The fixed pieces.
    pub fn fixed(&self) -> &Placement {
        &self.fixed
    }

    /// Total number of pieces, fixed ones included.
    pub fn total_pieces(&self) -> u64 {
        self.pieces.iter().map(|p| p.count as u64).sum()
    }

    /// Whether every piece is a queen (the problems a [`crate::perm::Perm`] holds).
    pub fn is_queens_only(&self) -> bool {
        let q = PieceKind::queen();
        self.pieces.iter().all(|p| p.kind == q)
    }

    /// Whether this is plain N-queens: only queens, `min(rows, cols)` of them, nothing
    /// fixed. Dedicated engines exist for it.
    pub fn is_plain_queens(&self) -> bool {
        self.terrain.is_plain()
            && self.fixed.is_empty()
            && self.pieces.len() == 1
            && self.pieces[0].kind == PieceKind::queen()
            && self.pieces[0].count == self.board.rows().min(self.board.cols())
    }

    /// Whether `placement` is a solution of this problem: exactly the spec's pieces,
    /// every fixed piece in place, and no attacks.
    pub fn accepts(&self, placement: &Placement) -> bool {
        placement.check_on(&self.board).is_ok()
            && placement.spec()
                == self
                    .pieces
                    .iter()
                    .filter(|p| p.count > 0)
                    .cloned()
                    .collect::<Vec<_>>()
            && self
                .fixed
                .pieces()
                .iter()
                .all(|f| placement.pieces().contains(f))
            && crate::verify::conflicts_on(&self.board, &self.terrain, placement).is_empty()
            && crate::verify::terrain_faults(&self.board, &self.terrain, placement).is_empty()
    }
}
