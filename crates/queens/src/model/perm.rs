//! Compact queen placements for huge boards: one rank (or none) per file.
//!
//! A [`Placement`] stores a kind handle and a square per piece, which is right for
//! mixed pieces on small boards and far too heavy for ten million queens. A [`Perm`]
//! stores one `u32` per file, so 10^8 queens take 400 MB, and everything here runs in
//! O(rows + cols) time and memory: verification marks ranks and diagonals in bit sets
//! (a few MB even at 10^7, so the random accesses stay in cache), output goes through a
//! large buffer with `itoa`, and input is parsed byte by byte from a reader.
//!
//! The text form (`--format perm`) is the rank of the queen on each file, from file `a`
//! on, numbered from 1, separated by single spaces, one placement per line; `0` marks a
//! file without a queen (only boards wider than tall have those).

use std::io::{self, Read, Write};

use crate::board::{Board, Square};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::{Piece, Placement};
use crate::verify::Conflict;

/// Whether `queens` queens on `board` are best kept as a [`Perm`], one rank per file:
/// when they stand on at least a quarter of the files. Fewer are a few pieces on squares
/// (one queen on a 1 x 10^9 board would take 4 GB as a rank per file).
///
/// ```
/// use queens::{Board, perm::fills_files};
/// assert!(fills_files(&Board::square(1000).unwrap(), 1000));
/// assert!(!fills_files(&Board::new(1, 1_000_000_000).unwrap(), 1));
/// ```
pub fn fills_files(board: &Board, queens: u64) -> bool {
    queens.saturating_mul(4) >= u64::from(board.cols())
}

/// Marks a file without a queen in [`Perm::ranks`].
pub const EMPTY: u32 = u32::MAX;

/// The most queens the huge-N engines place where addresses have 32 bits
/// (WebAssembly: 4 GB in all): local search keeps several words per file, and a larger
/// board would end in a failed allocation instead of a refusal.
#[cfg(target_pointer_width = "32")]
pub(crate) const MAX_FILES_32: u32 = 1 << 22;

/// Refuses, where addresses have 32 bits, a rank per file for more than
/// [`MAX_FILES_32`] files: `engine`'s one sentence.
#[cfg(target_pointer_width = "32")]
pub(crate) fn fits_32(files: u32, engine: &str) -> Result<(), String> {
    if files > MAX_FILES_32 {
        return Err(format!(
            "the {engine} engine places at most {MAX_FILES_32} queens where addresses have 32 bits (WebAssembly)"
        ));
    }
    Ok(())
}

/// Queens on a board, at most one per file: `ranks[file]` is the 0-based rank of the
/// queen on that file, or [`EMPTY`].
///
/// ```
/// use queens::perm::Perm;
/// let p = Perm::parse_text("2 4 1 3", None).unwrap();
/// assert_eq!(p.ranks(), &[1, 3, 0, 2]);
/// assert!(p.is_valid());
/// assert_eq!(p.to_text(), "2 4 1 3\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perm {
    rows: u32,
    cols: u32,
    ranks: Vec<u32>,
}

impl Perm {
    /// A placement on `board` from ranks per file (`EMPTY` for none). Fails when the
    /// length is not the number of files or a rank is off the board.
    pub fn new(board: Board, ranks: Vec<u32>) -> Result<Perm, Error> {
        if ranks.len() != board.cols() as usize {
            return Err(Error::PermLength {
                numbers: ranks.len() as u64,
                board: board.to_string(),
                files: board.cols(),
            });
        }
        if let Some((f, &r)) = ranks
            .iter()
            .enumerate()
            .find(|(_, r)| **r != EMPTY && **r >= board.rows())
        {
            return Err(Error::OffBoard {
                square: Square::new(f as u32, r).to_string(),
                board: board.to_string(),
            });
        }
        Ok(Perm {
            rows: board.rows(),
            cols: board.cols(),
            ranks,
        })
    }

    /// The board.
    pub fn board(&self) -> Board {
        Board::new(self.rows, self.cols).expect("a perm is built on a valid board")
    }

    /// The rank per file, [`EMPTY`] for none.
    pub fn ranks(&self) -> &[u32] {
        &self.ranks
    }

    /// The ranks, taken out.
    pub fn into_ranks(self) -> Vec<u32> {
        self.ranks
    }

    /// The number of queens.
    pub fn queens(&self) -> usize {
        self.ranks.iter().filter(|&&r| r != EMPTY).count()
    }

    /// Whether no two queens attack each other, in O(rows + cols).
    ///
    /// ```
    /// use queens::perm::Perm;
    /// assert!(!Perm::parse_text("1 2", None).unwrap().is_valid());
    /// ```
    pub fn is_valid(&self) -> bool {
        let rows = self.rows as usize;
        let diags = rows + self.cols as usize;
        if self.is_sparse() {
            // Few queens on a huge board: sets of the lines seen, not bits per line.
            let mut seen = std::collections::HashSet::new();
            return self.placed().all(|(f, r)| {
                let r = r as usize;
                seen.insert((0, r)) & seen.insert((1, f + r)) & seen.insert((2, f + rows - 1 - r))
            });
        }
        let mut rank = vec![0u64; rows.div_ceil(64)];
        let mut d1 = vec![0u64; diags.div_ceil(64)];
        let mut d2 = vec![0u64; diags.div_ceil(64)];
        // `a.0 & mask` is read before it is set: one test-and-set per line.
        let seen = |set: &mut [u64], i: usize| {
            let (w, m) = (i >> 6, 1u64 << (i & 63));
            let was = set[w] & m != 0;
            set[w] |= m;
            was
        };
        for (f, r) in self.placed() {
            let r = r as usize;
            let a = seen(&mut rank, r);
            let b = seen(&mut d1, f + r);
            let c = seen(&mut d2, f + rows - 1 - r);
            if a | b | c {
                return false;
            }
        }
        true
    }

    /// The queens as (file, rank), in file order.
    fn placed(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.ranks
            .iter()
            .enumerate()
            .filter(|(_, r)| **r != EMPTY)
            .map(|(f, &r)| (f, r))
    }

    /// Whether the queens are so few beside the board's lines that tables indexed by
    /// line would cost more than the queens: a perm of two numbers on a 10^9 board must
    /// not take gigabytes to judge.
    fn is_sparse(&self) -> bool {
        (self.ranks.len() as u64).saturating_mul(16) < u64::from(self.rows) + u64::from(self.cols)
    }

    /// The attacking pairs, at most `limit` of them, each as the first queen seen on a
    /// line and a later queen on it, and the total number of attacking pairs. O(rows +
    /// cols) time and memory.
    ///
    /// ```
    /// use queens::perm::Perm;
    /// let (first, total) = Perm::parse_text("1 2 3", None).unwrap().conflicts(10);
    /// assert_eq!(total, 3);
    /// assert_eq!(first[0].to_string(), "Qa1 and Qb2 attack each other along the diagonal");
    /// ```
    pub fn conflicts(&self, limit: usize) -> (Vec<Conflict>, u64) {
        let rows = self.rows as usize;
        let diags = rows + self.cols as usize;
        // Per line family: the first queen on each line and how many stand on it; in
        // hash maps when the queens are few beside the lines (see `is_sparse`).
        let sparse = self.is_sparse();
        let size = |n: usize| if sparse { 0 } else { n };
        let mut owner = [
            vec![EMPTY; size(rows)],
            vec![EMPTY; size(diags)],
            vec![EMPTY; size(diags)],
        ];
        let mut count = [
            vec![0u32; size(rows)],
            vec![0u32; size(diags)],
            vec![0u32; size(diags)],
        ];
        let mut sparse_lines: std::collections::HashMap<(usize, usize), (u32, u32)> =
            std::collections::HashMap::new();
        let queen = PieceKind::queen();
        let piece = |f: u32, r: u32| Piece {
            kind: queen.clone(),
            square: Square::new(f, r),
        };
        let mut out = Vec::new();
        let mut total = 0u64;
        for (f, &r) in self.ranks.iter().enumerate() {
            if r == EMPTY {
                continue;
            }
            let ru = r as usize;
            let lines = [ru, f + ru, f + rows - 1 - ru];
            for (line, &i) in lines.iter().enumerate() {
                let (o, c) = if sparse {
                    let e = sparse_lines.entry((line, i)).or_insert((EMPTY, 0));
                    (&mut e.0, &mut e.1)
                } else {
                    (&mut owner[line][i], &mut count[line][i])
                };
                total += *c as u64;
                *c += 1;
                if *o == EMPTY {
                    *o = f as u32;
                } else if out.len() < limit {
                    let of = *o;
                    out.push(Conflict {
                        first: piece(of, self.ranks[of as usize]),
                        second: piece(f as u32, r),
                        first_attacks: true,
                        second_attacks: true,
                    });
                }
            }
        }
        (out, total)
    }

    /// The placement as queens on squares (for rendering small boards).
    pub fn to_placement(&self) -> Placement {
        let queen = PieceKind::queen();
        Placement::new(
            self.ranks
                .iter()
                .enumerate()
                .filter(|(_, r)| **r != EMPTY)
                .map(|(f, &r)| Piece {
                    kind: queen.clone(),
                    square: Square::new(f as u32, r),
                })
                .collect(),
        )
    }

    /// The compact form of `placement` on `board`, when it holds only queens, at most
    /// one per file; `None` otherwise.
    ///
    /// ```
    /// use queens::{Board, Catalog, Placement, perm::Perm};
    /// let p = Placement::parse("Qa2 Qc1", &Catalog::standard()).unwrap();
    /// let perm = Perm::from_placement(&Board::new(2, 3).unwrap(), &p).unwrap();
    /// assert_eq!(perm.to_text(), "2 0 1\n");
    /// ```
    pub fn from_placement(board: &Board, placement: &Placement) -> Option<Perm> {
        let queen = PieceKind::queen();
        let mut ranks = vec![EMPTY; board.cols() as usize];
        for p in placement.pieces() {
            if p.kind != queen || !board.contains(p.square) {
                return None;
            }
            let slot = &mut ranks[p.square.file as usize];
            if *slot != EMPTY {
                return None;
            }
            *slot = p.square.rank;
        }
        Some(Perm {
            rows: board.rows(),
            cols: board.cols(),
            ranks,
        })
    }

    /// Writes the text form (one line) through a large buffer; 10^7 numbers take a
    /// fraction of a second.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        write_ranks(&self.ranks, out)
    }

    /// The text form as a string (for small boards and tests).
    pub fn to_text(&self) -> String {
        let mut v = Vec::new();
        self.write_text(&mut v).expect("writing to memory");
        String::from_utf8(v).expect("ascii digits")
    }

    /// Reads the text form: numbers separated by spaces, newlines or commas, optionally
    /// inside `[` `]`; `0` is a file without a queen. With no `board`, the board is
    /// `n × n` for `n` numbers.
    pub fn parse_text(text: &str, board: Option<Board>) -> Result<Perm, Error> {
        Perm::read(&mut text.as_bytes(), board)
    }

    /// Reads the text form (see [`Perm::parse_text`]) from `input`, in O(n) time and
    /// memory, without holding the text.
    pub fn read(input: &mut dyn Read, board: Option<Board>) -> Result<Perm, Error> {
        let numbers = read_numbers(input, board)?;
        let board = match board {
            Some(b) => b,
            None if numbers.is_empty() => return Err(Error::EmptyPerm),
            None => Board::square(u32::try_from(numbers.len()).unwrap_or(u32::MAX))?,
        };
        let ranks = numbers
            .into_iter()
            .map(|x| if x == 0 { EMPTY } else { x - 1 })
            .collect();
        Perm::new(board, ranks)
    }

    /// Reads the text form for the leading files of `board`: the perm of the `k`
    /// numbers read on the `rows x k` board that those files make (more numbers than
    /// `board` has files are an error, none is [`Error::EmptyPerm`]). The files after
    /// them are empty; nothing is allocated for them, so two numbers for a 10^9 board
    /// are read and judged in microseconds. Whether queens are missing is for the caller
    /// to judge against `board`.
    ///
    /// ```
    /// use queens::{Board, perm::Perm};
    /// let b = Board::square(1_000_000_000).unwrap();
    /// let p = Perm::read_leading(&mut "2 4".as_bytes(), b).unwrap();
    /// assert_eq!((p.board().cols(), p.queens(), p.is_valid()), (2, 2, true));
    /// ```
    pub fn read_leading(input: &mut dyn Read, board: Board) -> Result<Perm, Error> {
        let ranks: Vec<u32> = read_numbers(input, Some(board))?
            .into_iter()
            .map(|x| if x == 0 { EMPTY } else { x - 1 })
            .collect();
        if ranks.is_empty() {
            return Err(Error::EmptyPerm);
        }
        if ranks.len() > board.cols() as usize {
            return Err(Error::PermLength {
                numbers: ranks.len() as u64,
                board: board.to_string(),
                files: board.cols(),
            });
        }
        let leading = Board::new(board.rows(), ranks.len() as u32)?;
        Perm::new(leading, ranks)
    }

    /// Reads the text form (see [`Perm::parse_text`]) for `board`, where fewer numbers
    /// than the board has files leave the last files empty, as `0`s would; more
    /// numbers than files are still an error. Whether queens are missing is for the
    /// caller to judge ([`Perm::queens`]).
    ///
    /// ```
    /// use queens::{Board, perm::Perm};
    /// let p = Perm::read_padded(&mut "2 4".as_bytes(), Board::square(4).unwrap()).unwrap();
    /// assert_eq!((p.to_text().as_str(), p.queens()), ("2 4 0 0\n", 2));
    /// ```
    pub fn read_padded(input: &mut dyn Read, board: Board) -> Result<Perm, Error> {
        let mut ranks: Vec<u32> = read_numbers(input, Some(board))?
            .into_iter()
            .map(|x| if x == 0 { EMPTY } else { x - 1 })
            .collect();
        if ranks.len() < board.cols() as usize {
            ranks.resize(board.cols() as usize, EMPTY);
        }
        Perm::new(board, ranks)
    }
}

/// Writes ranks (0-based, [`EMPTY`] for none) as the 1-based text form, one line.
fn write_ranks(ranks: &[u32], out: &mut dyn Write) -> io::Result<()> {
    write_text_with(ranks.len(), |f| ranks[f], out)
}

/// Writes the text form of `files` ranks computed on the fly by `rank_of` (0-based,
/// [`EMPTY`] for none), one line, through a 1 MB buffer: no memory for the ranks.
///
/// ```
/// let mut out = Vec::new();
/// queens::perm::write_text_with(4, |f| [1, 3, 0, 2][f], &mut out).unwrap();
/// assert_eq!(out, b"2 4 1 3\n");
/// ```
pub fn write_text_with(
    files: usize,
    rank_of: impl Fn(usize) -> u32,
    out: &mut dyn Write,
) -> io::Result<()> {
    const CHUNK: usize = 1 << 20;
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK + 16);
    let mut fmt = itoa::Buffer::new();
    for i in 0..files {
        let r = rank_of(i);
        if i > 0 {
            buf.push(b' ');
        }
        let n = if r == EMPTY { 0 } else { r as u64 + 1 };
        buf.extend_from_slice(fmt.format(n).as_bytes());
        if buf.len() >= CHUNK {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    buf.push(b'\n');
    out.write_all(&buf)
}

/// The numbers of a permutation text, in order: at most one per file of `board` (of the
/// largest board without one), refused as soon as there is one more, so that an
/// endless stream of numbers ends at once on a small board.
fn read_numbers(input: &mut dyn Read, board: Option<Board>) -> Result<Vec<u32>, Error> {
    let max = board.map_or(Board::MAX_SIDE, |b| b.cols()) as usize;
    let too_many = || Error::TooLong {
        what: "the permutation".into(),
        limit: format!("{max} number{}", if max == 1 { "" } else { "s" }),
        largest: match board {
            Some(b) => format!("the {b} board has files for"),
            None => "the largest board has files for".into(),
        },
    };
    let mut numbers = Vec::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut cur: Option<u64> = None;
    let mut token = Vec::new();
    let bad = |token: &[u8], reason: &str| Error::BadToken {
        token: String::from_utf8_lossy(token).into_owned(),
        reason: reason.into(),
    };
    // Bytes read before this buffer, for the offset of a byte that is not text.
    let mut before = 0u64;
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(Error::BadToken {
                    token: "input".into(),
                    reason: format!("it cannot be read: {e}"),
                });
            }
        };
        // A byte-order mark at the very start is dropped, as in every text input.
        let start = if before == 0 && buf[..n].starts_with(crate::text::BOM) {
            crate::text::BOM.len()
        } else {
            0
        };
        for (i, &b) in buf[..n].iter().enumerate().skip(start) {
            match b {
                b'0'..=b'9' => {
                    // Saturating: a number too large is quoted whole when it ends.
                    let v = cur
                        .unwrap_or(0)
                        .saturating_mul(10)
                        .saturating_add((b - b'0') as u64);
                    if token.len() < 64 {
                        token.push(b);
                    }
                    cur = Some(v);
                }
                b' ' | b'\n' | b'\r' | b'\t' | b',' | b'[' | b']' => {
                    if let Some(v) = cur.take() {
                        if v > Board::MAX_SIDE as u64 {
                            return Err(bad(&token, "a rank can be at most 1000000000"));
                        }
                        if numbers.len() == max {
                            return Err(too_many());
                        }
                        numbers.push(v as u32);
                        token.clear();
                    }
                }
                _ => {
                    // The whole token, as typed (a character may take several bytes).
                    token.push(b);
                    token.extend(
                        buf[i + 1..n]
                            .iter()
                            .take_while(|c| !b" \n\r\t,[]".contains(c))
                            .take(64),
                    );
                    // Binary input is named as such, not echoed back as raw bytes.
                    // (A token cut short inside a character is still text.)
                    let utf8 = std::str::from_utf8(&token)
                        .map_or_else(|e| e.error_len().is_none(), |_| true);
                    if !crate::text::is_text_byte(b) || !utf8 {
                        return Err(Error::NotText {
                            what: "the permutation".into(),
                            offset: before + i as u64,
                            byte: b,
                        });
                    }
                    return Err(bad(
                        &token,
                        "a permutation holds rank numbers separated by spaces (0 for an empty file)",
                    ));
                }
            }
        }
        before += n as u64;
    }
    if let Some(v) = cur {
        if v > Board::MAX_SIDE as u64 {
            return Err(bad(&token, "a rank can be at most 1000000000"));
        }
        if numbers.len() == max {
            return Err(too_many());
        }
        numbers.push(v as u32);
    }
    Ok(numbers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Catalog;

    #[test]
    fn round_trips_and_agrees_with_the_pairwise_check() {
        let b = Board::square(6).unwrap();
        for text in ["2 4 6 1 3 5", "1 2 3 4 5 6", "1 3 5 2 4 6", "0 0 1 0 6 0"] {
            let p = Perm::parse_text(text, Some(b)).unwrap();
            assert_eq!(p.to_text().trim(), text);
            let pl = p.to_placement();
            let pairs = crate::verify::conflicts(&b, &pl).len() as u64;
            assert_eq!(p.conflicts(100).1, pairs, "{text}");
            assert_eq!(p.is_valid(), pairs == 0, "{text}");
            assert_eq!(Perm::from_placement(&b, &pl).unwrap(), p);
        }
    }

    #[test]
    fn bad_tokens_are_shown_as_typed() {
        for (text, token) in [("1 é 3", "'é'"), ("1 x3 2", "'x3'"), ("12ab,3", "'12ab'")] {
            let e = Perm::parse_text(text, None).unwrap_err().to_string();
            assert!(e.contains(token), "{text}: {e}");
        }
    }

    #[test]
    fn short_text_is_padded_with_empty_files() {
        let b = Board::square(6).unwrap();
        let p = Perm::read_padded(&mut "2 0 6".as_bytes(), b).unwrap();
        assert_eq!((p.to_text().as_str(), p.queens()), ("2 0 6 0 0 0\n", 2));
        assert!(Perm::read_padded(&mut "1 2 3 4 5 6 7".as_bytes(), b).is_err());
    }

    #[test]
    fn bad_text_is_an_error() {
        assert!(Perm::parse_text("1 x 2", None).is_err());
        assert!(Perm::parse_text("1 2 3", Some(Board::square(4).unwrap())).is_err());
        assert!(Perm::parse_text("1 5 3", None).is_err());
        assert!(Perm::parse_text("", None).is_err());
        assert!(Perm::parse_text("99999999999", None).is_err());
        let c = Catalog::standard();
        let mixed = Placement::parse("Qa1 Nb3", &c).unwrap();
        assert!(Perm::from_placement(&Board::square(4).unwrap(), &mixed).is_none());
    }
}
