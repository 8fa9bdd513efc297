//! The `coords` and `perm` lines of a queens-only solution given as a rank per file
//! (the library's `enumerate_perm`), written into one reused buffer: `all`'s fast
//! path for plain N-queens, where a `Placement` and a formatting call per solution
//! cost more than finding the solution (14 queens: 365,596 lines).
//!
//! The bytes are those of `Placement`'s `Display` (`Qa4 Qb2`, files in order, ranks
//! from 1) and of `Perm`'s text (`4 2 ...`, 0 for an empty file); `tests/enumerate.rs`
//! compares both with the generic path.

use queens::perm::EMPTY;

/// Which line to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankFormat {
    /// `Qa4 Qb2 ...`: a token per queen, in file order.
    Coords,
    /// `4 2 ...`: the rank (from 1) on every file, 0 for none.
    Perm,
}

/// A token of at most [`TOKEN`] bytes, copied whole (one fixed-size copy instead of a
/// `memcpy` call per token, which showed in profiles) and then counted by its length.
#[derive(Clone, Copy)]
struct Token {
    bytes: [u8; TOKEN],
    len: usize,
}

/// Room for a token: `Q` and a file name (at most 7 letters), or a rank's digits (10).
const TOKEN: usize = 16;

impl Token {
    fn new(text: &[u8]) -> Token {
        let mut bytes = [0u8; TOKEN];
        bytes[..text.len()].copy_from_slice(text);
        Token {
            bytes,
            len: text.len(),
        }
    }
}

/// Ranks whose digits are kept in a table (beyond it they are written one by one).
const RANK_TABLE: usize = 4096;

/// Writes solutions as lines, reusing its buffers.
pub struct RankText {
    format: RankFormat,
    /// `Q` and the file's name per file, built at the first solution, when the number
    /// of files is known.
    files: Vec<Token>,
    /// The digits of `n` at `n`, up to [`RANK_TABLE`].
    numbers: Vec<Token>,
    /// The line, written at `len` and then cut; always `TOKEN` bytes longer than
    /// the longest line.
    line: Vec<u8>,
}

impl RankText {
    /// Lines in `format`.
    pub fn new(format: RankFormat) -> RankText {
        RankText {
            format,
            files: Vec::new(),
            numbers: Vec::new(),
            line: Vec::new(),
        }
    }

    /// The line (newline included) of the solution with `ranks[file]` the 0-based rank
    /// of the queen on that file, or [`EMPTY`].
    pub fn line(&mut self, ranks: &[u32]) -> &[u8] {
        if self.line.len() != ranks.len() * (2 * TOKEN + 1) + TOKEN {
            self.prepare(ranks.len());
        }
        let mut at = 0;
        match self.format {
            RankFormat::Coords => {
                for (f, &r) in ranks.iter().enumerate() {
                    if r != EMPTY {
                        self.put(&mut at, self.files[f]);
                        self.put_number(&mut at, u64::from(r) + 1);
                        self.line[at] = b' ';
                        at += 1;
                    }
                }
            }
            RankFormat::Perm => {
                for &r in ranks {
                    let n = if r == EMPTY { 0 } else { u64::from(r) + 1 };
                    self.put_number(&mut at, n);
                    self.line[at] = b' ';
                    at += 1;
                }
            }
        }
        // The last separator becomes the newline (a line without queens is a bare
        // newline, as `Placement`'s text of nothing is an empty line).
        if at == 0 {
            at = 1;
        }
        self.line[at - 1] = b'\n';
        &self.line[..at]
    }

    /// Tables and room for lines of `files` files.
    fn prepare(&mut self, files: usize) {
        self.files = (0..files)
            .map(|f| {
                let name = queens::board::file_name(f as u32);
                Token::new(format!("Q{name}").as_bytes())
            })
            .collect();
        if self.numbers.is_empty() {
            self.numbers = (0..=RANK_TABLE)
                .map(|n| Token::new(n.to_string().as_bytes()))
                .collect();
        }
        self.line = vec![0; files * (2 * TOKEN + 1) + TOKEN];
    }

    #[inline]
    fn put(&mut self, at: &mut usize, t: Token) {
        self.line[*at..*at + TOKEN].copy_from_slice(&t.bytes);
        *at += t.len;
    }

    #[inline]
    fn put_number(&mut self, at: &mut usize, n: u64) {
        match self.numbers.get(n as usize) {
            Some(&t) => self.put(at, t),
            None => self.put(at, Token::new(n.to_string().as_bytes())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_match_the_library_texts() {
        let board = queens::Board::new(3, 30).unwrap();
        let mut ranks = vec![EMPTY; 30];
        (ranks[0], ranks[9], ranks[27]) = (0, 2, 1);
        let perm = queens::perm::Perm::new(board, ranks.clone()).unwrap();
        let mut coords = RankText::new(RankFormat::Coords);
        assert_eq!(
            coords.line(&ranks),
            format!("{}\n", perm.to_placement()).as_bytes()
        );
        assert_eq!(coords.line(&ranks), b"Qa1 Qj3 Qab2\n");
        let mut text = RankText::new(RankFormat::Perm);
        assert_eq!(text.line(&ranks), perm.to_text().as_bytes());
        // Ranks beyond the table of digits, files with long names.
        let board = queens::Board::new(100_000, 800).unwrap();
        let mut ranks = vec![EMPTY; 800];
        (ranks[1], ranks[701], ranks[799]) = (99_999, 4095, 4096);
        let perm = queens::perm::Perm::new(board, ranks.clone()).unwrap();
        assert_eq!(
            coords.line(&ranks),
            format!("{}\n", perm.to_placement()).as_bytes()
        );
        assert_eq!(text.line(&ranks), perm.to_text().as_bytes());
    }
}
