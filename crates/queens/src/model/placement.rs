//! Pieces on squares: [`Piece`] and [`Placement`], the sets of pieces that problems fix
//! and engines answer with, and their text forms (`Qa1 Nc3`, `[1,5,8,...]`).
//!
//! Apart from [`super::problem`] so that the verifier, which reads placements, does
//! not depend on problems (a problem checks its answers with the verifier).

use std::collections::HashSet;
use std::fmt;

use super::board::{Board, Square};
use super::piece::{Catalog, PieceKind};
use super::spec::PieceCount;
use crate::error::Error;

/// A piece standing on a square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its kind.
    pub kind: PieceKind,
    /// Its square.
    pub square: Square,
}

impl Piece {
    /// The key that orders pieces canonically: kind, then file, then rank.
    fn order_key(&self) -> ((usize, char), Square) {
        (self.kind.canonical_rank(), self.square)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind, self.square)
    }
}

/// A set of pieces on squares, kept in canonical order.
///
/// ```
/// use queens::{Catalog, Placement};
/// let p = Placement::parse("Qh8,Nc3 Qa1", &Catalog::standard()).unwrap();
/// assert_eq!(p.to_string(), "Nc3 Qa1 Qh8");
/// let perm = Placement::parse("[1,5,8,6,3,7,2,4]", &Catalog::standard()).unwrap();
/// assert_eq!(perm.to_string(), "Qa1 Qb5 Qc8 Qd6 Qe3 Qf7 Qg2 Qh4");
/// // 0: a file without a queen.
/// let part = Placement::parse("[1,0,0,6]", &Catalog::standard()).unwrap();
/// assert_eq!(part.to_string(), "Qa1 Qd6");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Placement {
    pieces: Vec<Piece>,
}

impl Placement {
    /// A placement of the given pieces (sorted into canonical order).
    pub fn new(mut pieces: Vec<Piece>) -> Placement {
        pieces.sort_by_key(Piece::order_key);
        Placement { pieces }
    }

    /// The pieces in canonical order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Number of pieces.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Whether there are no pieces.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Parses comma- or space-separated `LETTER+square` tokens (`Qa1,Nc3,Qh8`), or,
    /// for queens only, the CLP(FD) permutation form `[1,5,8,6,3,7,2,4]` where the
    /// i-th number is the rank of the queen on the i-th file, or 0 for a file without
    /// a queen (as in the `perm` format and `--fixed-file`).
    pub fn parse(text: &str, catalog: &Catalog) -> Result<Placement, Error> {
        let t = text.trim();
        if let Some(inner) = t.strip_prefix('[') {
            return Self::parse_permutation(text, inner, catalog);
        }
        let mut pieces = Vec::new();
        for token in t.split(|c: char| c == ',' || c.is_whitespace()) {
            if token.is_empty() {
                continue;
            }
            let bad = |reason: &str| Error::BadToken {
                token: token.to_string(),
                reason: reason.to_string(),
            };
            let mut chars = token.chars();
            let letter = chars.next().expect("token is not empty");
            if !letter.is_ascii_uppercase() {
                return Err(bad("a token is a piece letter and a square, such as Qa1"));
            }
            let kind = catalog.get(letter)?;
            let square: Square = chars
                .as_str()
                .parse()
                .map_err(|_| bad("a token is a piece letter and a square, such as Qa1"))?;
            pieces.push(Piece { kind, square });
        }
        Ok(Placement::new(pieces))
    }

    /// Reads a diagram as `solve` draws it (one line per rank, top rank first, one
    /// character per square separated by spaces: `.` empty, `#` a hole, `o` a blocker,
    /// else a piece letter), returning the board it draws and its pieces. `None` when
    /// the text is not a diagram (a line holds a token longer than one character).
    ///
    /// ```
    /// use queens::{Board, Catalog, Placement};
    /// let (b, p) = Placement::parse_diagram(". Q\nQ .\n", &Catalog::standard()).unwrap().unwrap();
    /// assert_eq!((b, p.to_string().as_str()), (Board::square(2).unwrap(), "Qa1 Qb2"));
    /// assert!(Placement::parse_diagram("Qa1 Qb2", &Catalog::standard()).unwrap().is_none());
    /// ```
    pub fn parse_diagram(
        text: &str,
        catalog: &Catalog,
    ) -> Result<Option<(Board, Placement)>, Error> {
        let lines: Vec<Vec<char>> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_whitespace().flat_map(str::chars).collect())
            .collect();
        let single = text.split_whitespace().all(|t| t.chars().count() == 1);
        if lines.is_empty() || !single {
            return Ok(None);
        }
        let cols = lines[0].len();
        if let Some(i) = lines.iter().position(|l| l.len() != cols) {
            return Err(Error::BadToken {
                token: lines[i].iter().collect(),
                reason: format!(
                    "line {} of the diagram has {} and the first has {cols}",
                    i + 1,
                    crate::words::plural(lines[i].len(), "square")
                ),
            });
        }
        let board = Board::new(
            u32::try_from(lines.len()).unwrap_or(u32::MAX),
            u32::try_from(cols).unwrap_or(u32::MAX),
        )?;
        let mut pieces = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let rank = (lines.len() - 1 - i) as u32;
            for (file, &c) in line.iter().enumerate() {
                if matches!(c, '.' | '#' | 'o') {
                    continue;
                }
                let kind = catalog.get(c)?;
                pieces.push(Piece {
                    kind,
                    square: Square::new(file as u32, rank),
                });
            }
        }
        Ok(Some((board, Placement::new(pieces))))
    }

    /// [`Placement::parse`] for a placement on `board`: a permutation `[r1,r2,...]`
    /// may not list more files than the board has, even as trailing zeros (a longer
    /// list is meant for another board). It does not check that the squares are on the
    /// board: [`Placement::check_on`] does.
    ///
    /// ```
    /// use queens::{Board, Catalog, Placement};
    /// let c = Catalog::standard();
    /// let b = Board::square(4).unwrap();
    /// assert_eq!(Placement::parse_on("[2,4,0,0]", &c, &b).unwrap().len(), 2);
    /// assert!(Placement::parse_on("[2,4,0,0,0]", &c, &b).is_err());
    /// ```
    pub fn parse_on(text: &str, catalog: &Catalog, board: &Board) -> Result<Placement, Error> {
        let placement = Self::parse(text, catalog)?;
        match Self::permutation_files(text) {
            Some(n) if n > board.cols() as usize => Err(Error::BadToken {
                token: text.trim().to_string(),
                reason: format!(
                    "the list gives ranks for {n} files but the {board} board has {}",
                    crate::words::plural(board.cols(), "file")
                ),
            }),
            _ => Ok(placement),
        }
    }

    fn parse_permutation(all: &str, inner: &str, catalog: &Catalog) -> Result<Placement, Error> {
        let bad = |token: &str, reason: &str| Error::BadToken {
            token: token.to_string(),
            reason: reason.to_string(),
        };
        let body = inner.strip_suffix(']').ok_or_else(|| {
            bad(
                all,
                "a permutation is written [r1,r2,...] with a closing bracket",
            )
        })?;
        let queen = catalog.get('Q')?;
        let mut pieces = Vec::new();
        for (file, token) in body
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .enumerate()
        {
            let rank: u64 = token.parse().map_err(|_| {
                bad(
                    token,
                    "a permutation holds rank numbers 1, 2, ... (0 for a file without a queen)",
                )
            })?;
            if rank == 0 {
                continue;
            }
            if rank > u32::MAX as u64 || file > u32::MAX as usize {
                return Err(bad(token, "the rank is too large"));
            }
            pieces.push(Piece {
                kind: queen.clone(),
                square: Square::new(file as u32, (rank - 1) as u32),
            });
        }
        Ok(Placement::new(pieces))
    }

    /// The number of files a permutation text `[r1,r2,...]` covers, zeros (files
    /// without a queen) included; `None` when `text` is not in the permutation form.
    /// Only the form is looked at: the numbers are checked by [`Placement::parse`].
    ///
    /// ```
    /// use queens::Placement;
    /// assert_eq!(Placement::permutation_files("[1,0,0,6]"), Some(4));
    /// assert_eq!(Placement::permutation_files("Qa1 Qb3"), None);
    /// ```
    pub fn permutation_files(text: &str) -> Option<usize> {
        let inner = text.trim().strip_prefix('[')?;
        Some(
            inner
                .trim_end()
                .trim_end_matches(']')
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .count(),
        )
    }

    /// Checks that every piece is on `board` and no two share a square.
    pub fn check_on(&self, board: &Board) -> Result<(), Error> {
        let mut seen = HashSet::new();
        for p in &self.pieces {
            if !board.contains(p.square) {
                return Err(Error::OffBoard {
                    square: p.square.to_string(),
                    board: board.to_string(),
                });
            }
            if !seen.insert(p.square) {
                return Err(Error::SquareTaken {
                    square: p.square.to_string(),
                });
            }
        }
        Ok(())
    }

    /// The number of pieces of each kind, in canonical order.
    pub fn spec(&self) -> Vec<PieceCount> {
        let mut out: Vec<PieceCount> = Vec::new();
        for p in &self.pieces {
            match out.last_mut() {
                Some(last) if last.kind == p.kind => last.count += 1,
                _ => out.push(PieceCount {
                    kind: p.kind.clone(),
                    count: 1,
                }),
            }
        }
        out
    }
}

impl fmt::Display for Placement {
    /// The `coords` form: `Qa4 Qb2 …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.pieces.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}
