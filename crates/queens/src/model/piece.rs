//! Piece kinds as data: a kind is a list of moves, each a leap or a slide.
//!
//! No engine has a code path per kind. The six built-in kinds (K N B R Q A) are just
//! move lists, and fairy pieces are more of the same, so every engine handles them all.
//!
//! A move `(df, dr, range)` reaches the squares `k·(df, dr)` for `k = 1..=range`
//! (`range = 0` means unlimited: a slide along the whole line). Blocking is ignored:
//! for *non-attacking* placements it changes no answer, because if any piece stood on a
//! line piece's ray, the nearest such piece would be attacked with blocking too, so a
//! placement is valid under one rule exactly when it is valid under the other.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::board::{Board, Square};
use crate::error::Error;

/// One direction of movement: a leap (`range == 1`), a limited slide (`range == n`) or
/// an unlimited slide (`range == 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Step in files (right is positive).
    pub df: i32,
    /// Step in ranks (up is positive).
    pub dr: i32,
    /// Number of steps allowed; 0 means unlimited.
    pub range: u32,
}

impl Move {
    /// A leap by `(df, dr)`.
    pub fn leap(df: i32, dr: i32) -> Move {
        Move { df, dr, range: 1 }
    }

    /// An unlimited slide along `(df, dr)`.
    pub fn slide(df: i32, dr: i32) -> Move {
        Move { df, dr, range: 0 }
    }
}

/// All eight images `(±a, ±b)`, `(±b, ±a)` of a step, without repeats.
///
/// ```
/// assert_eq!(queens::piece::octo(1, 2).len(), 8);
/// assert_eq!(queens::piece::octo(1, 0).len(), 4);
/// ```
pub fn octo(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let v = (x * sx, y * sy);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

#[derive(Debug, PartialEq, Eq, Hash)]
struct KindData {
    letter: char,
    name: String,
    notation: String,
    moves: Vec<Move>,
}

/// A kind of piece: a letter, a name, and the moves by which it attacks.
///
/// Cheap to clone (shared). Two kinds are equal when letter, name and moves are.
///
/// ```
/// use queens::{Board, PieceKind, Square};
/// let n = PieceKind::knight();
/// let b = Board::square(8).unwrap();
/// assert_eq!(n.attacks(&b, Square::new(0, 0)).count(), 2);
/// assert_eq!(PieceKind::queen().attacks(&b, Square::new(3, 3)).count(), 27);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceKind(Arc<KindData>);

impl PieceKind {
    /// A kind from its letter, name, notation (Betza, for display) and moves.
    ///
    /// Duplicate moves are removed; the letter must be an ASCII capital.
    pub fn new(
        letter: char,
        name: &str,
        notation: &str,
        moves: Vec<Move>,
    ) -> Result<PieceKind, Error> {
        if !letter.is_ascii_uppercase() {
            return Err(Error::BadPieceLetter { letter });
        }
        let mut moves: Vec<Move> = moves
            .into_iter()
            .filter(|m| (m.df, m.dr) != (0, 0))
            .collect();
        moves.sort();
        moves.dedup();
        Ok(PieceKind(Arc::new(KindData {
            letter,
            name: name.to_string(),
            notation: notation.to_string(),
            moves,
        })))
    }

    fn builtin(letter: char, name: &str, notation: &str, moves: Vec<Move>) -> PieceKind {
        PieceKind::new(letter, name, notation, moves).expect("built-in kinds are valid")
    }

    /// The moves `make` builds from every symmetric image of each of `atoms`.
    fn moves_of(atoms: &[(i32, i32)], make: fn(i32, i32) -> Move) -> Vec<Move> {
        atoms
            .iter()
            .flat_map(|&(a, b)| octo(a, b))
            .map(|(x, y)| make(x, y))
            .collect()
    }

    /// The king: one step in any of the eight directions.
    pub fn king() -> PieceKind {
        let moves = Self::moves_of(&[(1, 0), (1, 1)], Move::leap);
        Self::builtin('K', "king", "K", moves)
    }

    /// The knight: the (1, 2) leap.
    pub fn knight() -> PieceKind {
        Self::builtin('N', "knight", "N", Self::moves_of(&[(1, 2)], Move::leap))
    }

    /// The bishop: diagonal slides.
    pub fn bishop() -> PieceKind {
        Self::builtin('B', "bishop", "B", Self::moves_of(&[(1, 1)], Move::slide))
    }

    /// The rook: orthogonal slides.
    pub fn rook() -> PieceKind {
        Self::builtin('R', "rook", "R", Self::moves_of(&[(1, 0)], Move::slide))
    }

    /// The queen: rook plus bishop.
    pub fn queen() -> PieceKind {
        let moves = Self::moves_of(&[(1, 0), (1, 1)], Move::slide);
        Self::builtin('Q', "queen", "Q", moves)
    }

    /// The amazon: queen plus knight.
    pub fn amazon() -> PieceKind {
        let mut moves = PieceKind::queen().moves().to_vec();
        moves.extend(PieceKind::knight().moves());
        Self::builtin('A', "amazon", "QN", moves)
    }

    /// The six built-in kinds in canonical order K N B R Q A.
    pub fn standard() -> Vec<PieceKind> {
        vec![
            PieceKind::king(),
            PieceKind::knight(),
            PieceKind::bishop(),
            PieceKind::rook(),
            PieceKind::queen(),
            PieceKind::amazon(),
        ]
    }

    /// The letter that names this kind in specs and placements.
    pub fn letter(&self) -> char {
        self.0.letter
    }

    /// The English name.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// The kind's notation (Betza) for display.
    pub fn notation(&self) -> &str {
        &self.0.notation
    }

    /// The moves, sorted and without repeats.
    pub fn moves(&self) -> &[Move] {
        &self.0.moves
    }

    /// Whether `a` attacks `b` (blocking ignored) for a piece of this kind on `a`.
    pub fn attacks_square(&self, a: Square, b: Square) -> bool {
        let df = b.file as i64 - a.file as i64;
        let dr = b.rank as i64 - a.rank as i64;
        self.moves().iter().any(|m| {
            let (mf, mr) = (m.df as i64, m.dr as i64);
            // b = a + k·(mf, mr) for some k in 1..=range.
            let k = if mf != 0 {
                if df % mf != 0 {
                    return false;
                }
                df / mf
            } else if mr != 0 {
                if dr % mr != 0 {
                    return false;
                }
                dr / mr
            } else {
                return false;
            };
            k >= 1 && df == k * mf && dr == k * mr && (m.range == 0 || k <= m.range as i64)
        })
    }

    /// The squares a piece of this kind on `from` attacks, each once.
    pub fn attacks<'a>(
        &'a self,
        board: &'a Board,
        from: Square,
    ) -> impl Iterator<Item = Square> + 'a {
        let mut seen = std::collections::HashSet::new();
        self.moves()
            .iter()
            .flat_map(move |m| {
                let limit = if m.range == 0 { u32::MAX } else { m.range };
                (1..=limit as u64)
                    .map(move |k| {
                        board.offset(from, m.df as i64 * k as i64, m.dr as i64 * k as i64)
                    })
                    .take_while(Option::is_some)
                    .flatten()
            })
            .filter(move |s| seen.insert(*s))
    }

    /// Whether the move set is closed under reversal, so that "a attacks b" equals
    /// "b attacks a" for two pieces of this kind.
    pub fn is_symmetric(&self) -> bool {
        self.moves().iter().all(|m| {
            self.moves().contains(&Move {
                df: -m.df,
                dr: -m.dr,
                range: m.range,
            })
        })
    }

    /// Whether this kind slides without limit along ranks, in at least one direction.
    /// Then two pieces of this kind on one rank always conflict (the left one attacks
    /// the right one or the other way round), so at most one stands on each rank; the
    /// exact engine's rank bound relies on this. Limited slides (`R2`) and longer steps
    /// (`DD`) do not count.
    pub fn slides_along_ranks(&self) -> bool {
        let has = |df| self.moves().contains(&Move::slide(df, 0));
        has(1) || has(-1)
    }

    /// A rough measure of how much a piece of this kind constrains the board: the
    /// number of squares it attacks from the centre of a 15×15 board.
    pub fn reach(&self) -> usize {
        let b = Board::square(15).expect("valid");
        self.attacks(&b, Square::new(7, 7)).count()
    }

    /// This kind's position in canonical order (K N B R Q A first, then by letter).
    pub fn canonical_rank(&self) -> (usize, char) {
        let pos = "KNBRQA".find(self.letter()).unwrap_or(6);
        (pos, self.letter())
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The kinds known to a run, by letter: the six built-ins plus any defined ones.
///
/// ```
/// use queens::Catalog;
/// let c = Catalog::standard();
/// assert_eq!(c.get('A').unwrap().name(), "amazon");
/// assert!(c.get('Z').is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Catalog {
    kinds: BTreeMap<char, PieceKind>,
}

impl Catalog {
    /// The six built-in kinds.
    pub fn standard() -> Catalog {
        Catalog {
            kinds: PieceKind::standard()
                .into_iter()
                .map(|k| (k.letter(), k))
                .collect(),
        }
    }

    /// The kind named by `letter`.
    pub fn get(&self, letter: char) -> Result<PieceKind, Error> {
        self.kinds
            .get(&letter)
            .cloned()
            .ok_or_else(|| Error::UnknownPiece {
                letter,
                known: self.kinds().iter().map(PieceKind::letter).collect(),
            })
    }

    /// Adds or replaces a kind under its letter.
    pub fn define(&mut self, kind: PieceKind) {
        self.kinds.insert(kind.letter(), kind);
    }

    /// Every known kind, in canonical order.
    pub fn kinds(&self) -> Vec<PieceKind> {
        let mut v: Vec<PieceKind> = self.kinds.values().cloned().collect();
        v.sort_by_key(|k| k.canonical_rank());
        v
    }
}

impl Default for Catalog {
    fn default() -> Self {
        Catalog::standard()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attack_sets_match_membership_test() {
        let b = Board::new(5, 7).unwrap();
        for k in PieceKind::standard() {
            for i in 0..35 {
                let s = b.square_at(i);
                let set: Vec<Square> = k.attacks(&b, s).collect();
                for j in 0..35 {
                    let t = b.square_at(j);
                    assert_eq!(set.contains(&t), k.attacks_square(s, t), "{k} {s} {t}");
                }
            }
        }
    }

    #[test]
    fn standard_kinds_are_symmetric() {
        assert!(PieceKind::standard().iter().all(|k| k.is_symmetric()));
        let b = Board::square(8).unwrap();
        let c = Square::new(3, 3);
        let counts: Vec<usize> = PieceKind::standard()
            .iter()
            .map(|k| k.attacks(&b, c).count())
            .collect();
        assert_eq!(counts, vec![8, 8, 13, 14, 27, 35]);
    }
}
