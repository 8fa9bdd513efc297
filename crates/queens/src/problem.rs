//! Problems (a board, a multiset of pieces, optional fixed pieces) and placements.
//!
//! Pieces of one kind are interchangeable: a placement is a set of squares per kind,
//! so 8 queens on 8×8 have 92 solutions, not 92·8!. A placement's canonical order is by
//! kind (K N B R Q A, then other letters), then by square (file, then rank); that is
//! the order of the `coords` text, which [`Placement::parse`] reads back.

use std::collections::{BTreeMap, HashSet};
use std::fmt;

use crate::board::{Board, Square};
use crate::error::Error;
use crate::piece::{Catalog, PieceKind};

/// A number of pieces of one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceCount {
    /// The kind.
    pub kind: PieceKind,
    /// How many pieces of it.
    pub count: u32,
}

/// Parses a piece spec: comma-separated `[COUNT]LETTER` items such as `8Q`,
/// `N,B,R,Q,A` or `2N,2B,R,Q`. Repeated letters add up. The result is in canonical
/// kind order.
///
/// ```
/// use queens::{parse_spec, Catalog};
/// let spec = parse_spec("2N,2B,R,Q", &Catalog::standard()).unwrap();
/// let text: Vec<String> = spec.iter().map(|p| format!("{}{}", p.count, p.kind)).collect();
/// assert_eq!(text, ["2N", "2B", "1R", "1Q"]);
/// assert!(parse_spec("3X", &Catalog::standard()).is_err());
/// ```
pub fn parse_spec(text: &str, catalog: &Catalog) -> Result<Vec<PieceCount>, Error> {
    let mut counts: BTreeMap<(usize, char), PieceCount> = BTreeMap::new();
    if text.trim().is_empty() {
        return Err(Error::BadSpec {
            item: text.to_string(),
            reason: "the spec is empty; write items such as 8Q or 2N,B".into(),
        });
    }
    for raw in text.split(',') {
        let item = raw.trim();
        // The item as typed, spaces included, in messages.
        let bad = |reason: &str| Error::BadSpec {
            item: raw.to_string(),
            reason: reason.to_string(),
        };
        let digits = item.bytes().take_while(u8::is_ascii_digit).count();
        let (num, rest) = item.split_at(digits);
        let mut chars = rest.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) => c,
            (None, _) if item.is_empty() => {
                return Err(Error::BadSpec {
                    item: text.to_string(),
                    reason: "it has an empty item; separate items with single commas".into(),
                });
            }
            (None, _) => return Err(bad("expected a count and a piece letter, such as 8Q")),
            (Some(_), Some(_)) => {
                return Err(bad("expected one piece letter after the count, such as 8Q"));
            }
        };
        if !letter.is_ascii_uppercase() {
            return Err(bad("piece letters are capitals such as K N B R Q A"));
        }
        let count: u32 = if num.is_empty() {
            1
        } else {
            num.parse().map_err(|_| bad("the count is too large"))?
        };
        let kind = catalog.get(letter)?;
        let entry = counts
            .entry(kind.canonical_rank())
            .or_insert(PieceCount { kind, count: 0 });
        entry.count = entry
            .count
            .checked_add(count)
            .ok_or_else(|| bad("the count is too large"))?;
    }
    Ok(counts.into_values().collect())
}

/// Writes a spec back in the `2N,2B,R,Q` form.
///
/// ```
/// use queens::{parse_spec, format_spec, Catalog};
/// let spec = parse_spec("Q,2N,Q", &Catalog::standard()).unwrap();
/// assert_eq!(format_spec(&spec), "2N,2Q");
/// ```
pub fn format_spec(spec: &[PieceCount]) -> String {
    spec.iter()
        .map(|p| {
            if p.count == 1 {
                p.kind.to_string()
            } else {
                format!("{}{}", p.count, p.kind)
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

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
}

impl Problem {
    /// A checked problem: the pieces fit on the board, the fixed pieces are on it, on
    /// distinct squares, of kinds in the spec and no more of a kind than the spec holds.
    ///
    /// Fixed pieces that attack each other are *not* an error here: such a problem is
    /// well-formed and simply has no solution.
    pub fn new(board: Board, pieces: Vec<PieceCount>, fixed: Placement) -> Result<Problem, Error> {
        let total: u64 = pieces.iter().map(|p| p.count as u64).sum();
        if total > board.squares() {
            return Err(Error::TooManyPieces {
                pieces: total,
                board: board.to_string(),
                squares: board.squares(),
            });
        }
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
        })
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
        self.fixed.is_empty()
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
            && crate::verify::conflicts(&self.board, placement).is_empty()
    }
}
