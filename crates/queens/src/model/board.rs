//! Boards and squares, and the algebraic notation that names them.
//!
//! A board is `rows × cols` squares. Files (columns) are named `a`, `b`, … `z`, then
//! `aa`, `ab`, … (bijective base 26, as spreadsheet columns), from the left; ranks
//! (rows) are numbered `1`, `2`, … from the bottom. Internally both are 0-based.
//!
//! Board dimensions are limited to [`Board::MAX_SIDE`] so that every count of squares
//! fits in a `u64`; individual engines have much smaller limits of their own (the exact
//! engine handles up to 4096 squares, see [`crate::engine`]).

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// A rectangular board of `rows × cols` squares.
///
/// ```
/// use queens::Board;
/// let b: Board = "5x7".parse().unwrap();
/// assert_eq!((b.rows(), b.cols()), (5, 7));
/// assert_eq!("8".parse::<Board>().unwrap(), Board::square(8).unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u32,
    cols: u32,
}

impl Board {
    /// The longest side accepted anywhere (one billion squares on a side).
    pub const MAX_SIDE: u32 = 1_000_000_000;

    /// A board of `rows × cols` squares; both sides must be in `1..=MAX_SIDE`.
    ///
    /// ```
    /// use queens::Board;
    /// assert!(Board::new(3, 4).is_ok());
    /// assert!(Board::new(0, 4).is_err());
    /// ```
    pub fn new(rows: u32, cols: u32) -> Result<Board, Error> {
        for side in [rows, cols] {
            if side == 0 || side > Self::MAX_SIDE {
                return Err(Error::BadBoard {
                    text: format!("{rows}x{cols}"),
                    reason: format!("each side must be between 1 and {}", Self::MAX_SIDE),
                });
            }
        }
        Ok(Board { rows, cols })
    }

    /// An `n × n` board.
    ///
    /// ```
    /// use queens::Board;
    /// assert_eq!(Board::square(8).unwrap().squares(), 64);
    /// ```
    pub fn square(n: u32) -> Result<Board, Error> {
        Board::new(n, n)
    }

    /// Number of rows (ranks).
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of columns (files).
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Number of squares, `rows × cols`.
    pub fn squares(&self) -> u64 {
        self.rows as u64 * self.cols as u64
    }

    /// Whether the board is square.
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// Whether `sq` lies on this board.
    ///
    /// ```
    /// use queens::{Board, Square};
    /// let b = Board::square(8).unwrap();
    /// assert!(b.contains(Square::new(7, 7)));
    /// assert!(!b.contains(Square::new(8, 0)));
    /// ```
    pub fn contains(&self, sq: Square) -> bool {
        sq.file < self.cols && sq.rank < self.rows
    }

    /// The square `(file + df, rank + dr)` if it lies on the board.
    pub fn offset(&self, sq: Square, df: i64, dr: i64) -> Option<Square> {
        let f = sq.file as i64 + df;
        let r = sq.rank as i64 + dr;
        if f < 0 || r < 0 || f >= self.cols as i64 || r >= self.rows as i64 {
            None
        } else {
            Some(Square::new(f as u32, r as u32))
        }
    }

    /// The row-major index of `sq` (`rank * cols + file`).
    pub fn index(&self, sq: Square) -> usize {
        sq.rank as usize * self.cols as usize + sq.file as usize
    }

    /// The square at row-major index `i`.
    pub fn square_at(&self, i: usize) -> Square {
        Square::new(
            (i % self.cols as usize) as u32,
            (i / self.cols as usize) as u32,
        )
    }

    /// The transposed board (`cols × rows`).
    pub fn transposed(&self) -> Board {
        Board {
            rows: self.cols,
            cols: self.rows,
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for Board {
    type Err = Error;

    /// Parses `N` (an `N × N` board) or `RxC` (`R` rows, `C` columns).
    fn from_str(text: &str) -> Result<Board, Error> {
        let bad = |reason: &str| Error::BadBoard {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let side = |part: &str| -> Result<u32, Error> {
            if part.is_empty() {
                return Err(bad("expected a size such as 8 or 5x7"));
            }
            if part.starts_with('-') {
                return Err(bad("a side cannot be negative"));
            }
            if !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad("expected a size such as 8 or 5x7"));
            }
            let n: u64 = part
                .parse()
                .map_err(|_| bad("a side is too large to be a number"))?;
            if n == 0 {
                return Err(bad("a side must be at least 1"));
            }
            if n > Board::MAX_SIDE as u64 {
                return Err(bad(&format!("a side can be at most {}", Board::MAX_SIDE)));
            }
            Ok(n as u32)
        };
        let t = text.trim();
        match t.split_once(['x', 'X', '×']) {
            Some((r, c)) => Board::new(side(r)?, side(c)?),
            None => Board::square(side(t)?),
        }
    }
}

/// A square, by 0-based file (column, from the left) and rank (row, from the bottom).
///
/// Displayed and parsed in algebraic notation:
///
/// ```
/// use queens::Square;
/// let sq: Square = "c3".parse().unwrap();
/// assert_eq!(sq, Square::new(2, 2));
/// assert_eq!(Square::new(26, 0).to_string(), "aa1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0-based column, `a` = 0.
    pub file: u32,
    /// 0-based row, `1` = 0.
    pub rank: u32,
}

impl Square {
    /// The square on 0-based `file` and `rank`.
    pub fn new(file: u32, rank: u32) -> Square {
        Square { file, rank }
    }
}

/// Writes a 0-based file index in bijective base 26: 0 → `a`, 25 → `z`, 26 → `aa`.
///
/// ```
/// assert_eq!(queens::board::file_name(27), "ab");
/// ```
pub fn file_name(file: u32) -> String {
    let mut n = file as u64 + 1;
    let mut letters = Vec::new();
    while n > 0 {
        n -= 1;
        letters.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ascii letters")
}

/// Reads a file name such as `a` or `ab` back to its 0-based index.
///
/// ```
/// assert_eq!(queens::board::parse_file("ab"), Some(27));
/// assert_eq!(queens::board::parse_file("A"), None);
/// ```
pub fn parse_file(letters: &str) -> Option<u32> {
    if letters.is_empty() || letters.len() > 7 {
        return None;
    }
    let mut n: u64 = 0;
    for b in letters.bytes() {
        if !b.is_ascii_lowercase() {
            return None;
        }
        n = n * 26 + (b - b'a') as u64 + 1;
    }
    u32::try_from(n - 1).ok()
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_name(self.file), self.rank as u64 + 1)
    }
}

impl FromStr for Square {
    type Err = Error;

    fn from_str(text: &str) -> Result<Square, Error> {
        let bad = || Error::BadSquare {
            text: text.to_string(),
        };
        let split = text
            .find(|c: char| !c.is_ascii_lowercase())
            .ok_or_else(bad)?;
        let (letters, digits) = text.split_at(split);
        let file = parse_file(letters).ok_or_else(bad)?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 10 {
            return Err(bad());
        }
        let rank: u64 = digits.parse().map_err(|_| bad())?;
        if rank == 0 || rank > u32::MAX as u64 {
            return Err(bad());
        }
        Ok(Square::new(file, (rank - 1) as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_round_trip() {
        for f in 0..2000 {
            assert_eq!(parse_file(&file_name(f)), Some(f));
        }
        assert_eq!(file_name(25), "z");
        assert_eq!(file_name(26), "aa");
        assert_eq!(file_name(26 + 26 * 26), "aaa");
    }

    #[test]
    fn bad_boards() {
        for t in ["0", "-3", "8x", "x8", "abc", "", "1x0", "99999999999"] {
            assert!(t.parse::<Board>().is_err(), "{t}");
        }
        assert_eq!(
            "100000x100000".parse::<Board>().unwrap().squares(),
            10_000_000_000
        );
    }
}
