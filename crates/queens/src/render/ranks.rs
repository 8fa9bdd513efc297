//! The `coords`, `perm`, `json` and `board` texts of a queens-only solution given as a
//! rank per file (`engine::enumerate_perm`), written into reused buffers: the fast
//! path of a listing of plain N-queens (the CLI's `all`), where a `Placement` and a
//! formatting call per solution cost more than finding the solution (14 queens: 365,596
//! solutions).
//!
//! The bytes are those of `Placement`'s `Display` (`Qa4 Qb2`, files in order, ranks
//! from 1), of `Perm`'s text (`4 2 ...`, 0 for an empty file), of [`super::json`] and of
//! [`super::diagram`] (a blank line before every diagram but the first); JSON and
//! diagrams are built from the same pieces as those two (see [`super`]), and
//! `tests/it/enumerate.rs` compares every form with the generic path.
//!
//! How: `RankText` writes each line into one reused buffer from tables of fixed-size
//! tokens (`Q` + file name, rank digits), copied whole and cut to length (a `memcpy` call
//! per two-byte token showed in profiles), then one copy into a `BufWriter` on the locked
//! stdout. JSON lines are built from per-file prefixes; a diagram is one empty board kept
//! in a buffer, its queens marked and unmarked. `--engine exact` takes the same writer
//! through the library's default conversion of placements to ranks.

use super::{blank_diagram, diagram_at, json_head, json_piece_head, json_piece_mid, push_decimal};
use crate::board::Board;
use crate::perm::EMPTY;
use crate::terrain::Terrain;

/// Which line to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankFormat {
    /// `Qa4 Qb2 ...`: a token per queen, in file order.
    Coords,
    /// `4 2 ...`: the rank (from 1) on every file, 0 for none.
    Perm,
    /// `{"rows":R,"cols":C,"pieces":[{"kind":"Q","square":"a4","file":0,"rank":3},...]}`.
    Json,
    /// A diagram, top rank first, after a blank line unless it is the first.
    Board,
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
    /// The board's ranks (for JSON and diagrams).
    rows: u32,
    /// JSON: the text before each queen's square rank, and between it and its 0-based
    /// rank, per file (`{"kind":"Q","square":"a` and `","file":0,"rank":`).
    json_heads: Vec<Vec<u8>>,
    json_mids: Vec<Vec<u8>>,
    /// Diagrams: a newline, then the empty board; the squares of the last diagram's
    /// queens (set back to `.` before the next one); whether one was written.
    diagram: Vec<u8>,
    board: Option<Board>,
    marked: Vec<usize>,
    drawn: bool,
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
    /// Texts in `format` for a board of `rows` ranks.
    pub fn new(format: RankFormat, rows: u32) -> RankText {
        RankText {
            format,
            rows,
            json_heads: Vec::new(),
            json_mids: Vec::new(),
            diagram: Vec::new(),
            board: None,
            marked: Vec::new(),
            drawn: false,
            files: Vec::new(),
            numbers: Vec::new(),
            line: Vec::new(),
        }
    }

    /// The text (final newline included) of the solution with `ranks[file]` the
    /// 0-based rank of the queen on that file, or [`EMPTY`].
    pub fn line(&mut self, ranks: &[u32]) -> &[u8] {
        match self.format {
            RankFormat::Json => return self.json(ranks),
            RankFormat::Board => return self.board(ranks),
            _ => {}
        }
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
            RankFormat::Json | RankFormat::Board => unreachable!("written above"),
        }
        // The last separator becomes the newline (a line without queens is a bare
        // newline, as `Placement`'s text of nothing is an empty line).
        if at == 0 {
            at = 1;
        }
        self.line[at - 1] = b'\n';
        &self.line[..at]
    }

    /// The JSON object and its newline.
    fn json(&mut self, ranks: &[u32]) -> &[u8] {
        if self.json_heads.len() != ranks.len() {
            self.json_heads = (0..ranks.len() as u32)
                .map(|f| {
                    let mut head = Vec::new();
                    json_piece_head(&mut head, 'Q', f);
                    head
                })
                .collect();
            self.json_mids = (0..ranks.len() as u32)
                .map(|f| {
                    let mut mid = Vec::new();
                    json_piece_mid(&mut mid, f);
                    mid
                })
                .collect();
        }
        let out = &mut self.line;
        out.clear();
        json_head(out, self.rows, ranks.len() as u32);
        let mut first = true;
        for (f, &r) in ranks.iter().enumerate() {
            if r == EMPTY {
                continue;
            }
            if !first {
                out.push(b',');
            }
            first = false;
            out.extend_from_slice(&self.json_heads[f]);
            push_decimal(out, u64::from(r) + 1);
            out.extend_from_slice(&self.json_mids[f]);
            push_decimal(out, u64::from(r));
            out.push(b'}');
        }
        out.extend_from_slice(b"]}\n");
        &self.line
    }

    /// The diagram, after a blank line unless it is the first.
    fn board(&mut self, ranks: &[u32]) -> &[u8] {
        let size = 1 + self.rows as usize * 2 * ranks.len();
        if self.diagram.len() != size {
            // A newline (the blank line before every diagram but the first), then the
            // empty board.
            let board = Board::new(self.rows, ranks.len() as u32).expect("the ranks' board");
            self.board = Some(board);
            self.diagram = vec![b'\n'];
            self.diagram
                .extend(blank_diagram(&board, &Terrain::new(&board)));
            self.marked.clear();
        }
        let board = self.board.expect("drawn above");
        for &at in &self.marked {
            self.diagram[at] = b'.';
        }
        self.marked.clear();
        for (f, &r) in ranks.iter().enumerate() {
            if r != EMPTY {
                let at = 1 + diagram_at(&board, f as u32, r);
                self.diagram[at] = b'Q';
                self.marked.push(at);
            }
        }
        let from = if self.drawn { 0 } else { 1 };
        self.drawn = true;
        &self.diagram[from..]
    }

    /// Tables and room for lines of `files` files.
    fn prepare(&mut self, files: usize) {
        self.files = (0..files)
            .map(|f| {
                let name = crate::board::file_name(f as u32);
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
        let board = crate::Board::new(3, 30).unwrap();
        let mut ranks = vec![EMPTY; 30];
        (ranks[0], ranks[9], ranks[27]) = (0, 2, 1);
        let perm = crate::perm::Perm::new(board, ranks.clone()).unwrap();
        let mut coords = RankText::new(RankFormat::Coords, 3);
        assert_eq!(
            coords.line(&ranks),
            format!("{}\n", perm.to_placement()).as_bytes()
        );
        assert_eq!(coords.line(&ranks), b"Qa1 Qj3 Qab2\n");
        let mut text = RankText::new(RankFormat::Perm, 3);
        let (mut json, mut diagram) = (
            RankText::new(RankFormat::Json, 3),
            RankText::new(RankFormat::Board, 3),
        );
        let placement = perm.to_placement();
        assert_eq!(
            json.line(&ranks),
            format!("{}\n", crate::render::json(&board, &placement)).as_bytes()
        );
        let drawn = crate::render::diagram(&board, &placement);
        assert_eq!(diagram.line(&ranks), drawn.as_bytes());
        assert_eq!(diagram.line(&ranks), format!("\n{drawn}").as_bytes());
        // The next diagram forgets the last one's queens.
        let mut other = vec![EMPTY; 30];
        other[5] = 2;
        let p2 = crate::perm::Perm::new(board, other.clone()).unwrap();
        let drawn = crate::render::diagram(&board, &p2.to_placement());
        assert_eq!(diagram.line(&other), format!("\n{drawn}").as_bytes());
        assert_eq!(
            json.line(&other),
            format!("{}\n", crate::render::json(&board, &p2.to_placement())).as_bytes()
        );
        assert_eq!(text.line(&ranks), perm.to_text().as_bytes());
        // Ranks beyond the table of digits, files with long names.
        let board = crate::Board::new(100_000, 800).unwrap();
        let mut ranks = vec![EMPTY; 800];
        (ranks[1], ranks[701], ranks[799]) = (99_999, 4095, 4096);
        let perm = crate::perm::Perm::new(board, ranks.clone()).unwrap();
        assert_eq!(
            coords.line(&ranks),
            format!("{}\n", perm.to_placement()).as_bytes()
        );
        assert_eq!(text.line(&ranks), perm.to_text().as_bytes());
    }
}
