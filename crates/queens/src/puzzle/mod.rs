//! Region puzzles: LinkedIn's daily "Queens" and its parent Star Battle ("Two Not Touch").
//!
//! A [`Puzzle`] is an `n x n` board cut into `n` regions; a solution puts exactly `K`
//! stars (queens, for `K = 1`) in every row, every column and every region, no two
//! touching, not even diagonally. The text format is [`FORMAT`]: one line per rank, top
//! rank first, one region name (any non-blank character, `#` included) per square.
//!
//! ```
//! use queens::puzzle::Puzzle;
//! let p = Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 1).unwrap();
//! assert_eq!((p.side(), p.stars()), (4, 1));
//! assert_eq!(p.region_name(p.region_at(queens::Square::new(0, 3))), 'a'); // a4 is top left
//! ```
//!
//! The parts, one responsibility each:
//! - [`solver`]: the exhaustive solver and counter (bitmasks, propagation, branching on
//!   the tightest row, column or region), which proves uniqueness;
//! - [`rules`]: the named deductions a person makes, grouped into [`rules::Level`]s,
//!   each producing a [`rules::Step`];
//! - [`hint`]: the next step from a position, or why there is none, as a value;
//! - [`explain`]: the whole solution as a chain of steps; [`rate`]: its grade;
//! - [`generate`]: puzzles with exactly one solution, of a requested grade.
//!
//! Squares are algebraic everywhere (`a1` bottom left); inside, square `i` is
//! `rank * n + file`, as [`crate::Board::index`] numbers them, and the solver keeps one
//! `u64` of files per rank, which is why the side is at most [`MAX_SIDE`].

pub mod draw;
pub(crate) mod effort;
pub mod explain;
pub mod generate;
pub mod hint;
pub mod picture;
pub mod rate;
pub mod rules;
pub mod solver;

use crate::board::Square;
use crate::error::Error;

/// Region names the generator writes, in order (as `gen-regions` has them).
pub const NAMES: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The largest side: one `u64` of files per rank, and one name per region.
pub const MAX_SIDE: usize = crate::model::text::sizes::PUZZLE_SIDE;

/// A region puzzle: `n x n` squares in `n` regions, `K` stars per row, column and region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    n: usize,
    k: usize,
    /// The region of square `rank * n + file`.
    region: Vec<u8>,
    /// Region names as the file gives them, in order of first appearance.
    names: Vec<char>,
}

/// What a square holds in a position being solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Not decided yet.
    Free,
    /// A star (a queen).
    Star,
    /// Crossed out: no star here.
    Cross,
}

/// A position: one [`Mark`] per square (`rank * n + file`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The marks.
    pub marks: Vec<Mark>,
}

impl State {
    /// The empty position of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> State {
        State {
            marks: vec![Mark::Free; puzzle.n * puzzle.n],
        }
    }

    /// A position with stars on `placed` and crosses on `crossed`; a square in both
    /// lists is an error.
    pub fn with(puzzle: &Puzzle, placed: &[Square], crossed: &[Square]) -> Result<State, Error> {
        let mut s = State::new(puzzle);
        for &sq in placed {
            let i = puzzle.index(sq)?;
            s.marks[i] = Mark::Star;
        }
        for &sq in crossed {
            let i = puzzle.index(sq)?;
            if s.marks[i] == Mark::Star {
                return Err(Error::BadTerrain(format!(
                    "square {sq} is both placed and crossed"
                )));
            }
            s.marks[i] = Mark::Cross;
        }
        Ok(s)
    }

    /// Squares holding a star, in index order.
    pub fn stars(&self) -> Vec<usize> {
        (0..self.marks.len())
            .filter(|&i| self.marks[i] == Mark::Star)
            .collect()
    }
}

impl Puzzle {
    /// Reads a puzzle from its text (see the module docs) with `k` stars per row,
    /// column and region; a bad file gets one sentence naming what is wrong.
    pub fn parse(text: &str, k: u32) -> Result<Puzzle, Error> {
        Puzzle::parse_bytes(text.as_bytes(), k)
    }

    /// [`Puzzle::parse`] for the raw bytes of a file (so that a binary file is named as
    /// such rather than failing as text).
    pub fn parse_bytes(bytes: &[u8], k: u32) -> Result<Puzzle, Error> {
        let bad = |why: String| Error::BadTerrain(format!("bad puzzle file: {why}"));
        // A text given whole (Python, the page) is held to the limit of one read from a
        // file (`crate::text::Limit::puzzle`).
        crate::text::check_len(bytes, &crate::text::Limit::puzzle(), "the puzzle")?;
        // BOM, CRLF, binary and empty files as every text input (`crate::text`), with
        // the puzzle's own sentences.
        let text = match crate::text::decode(bytes, "the puzzle file") {
            Ok(t) if !t.chars().any(|c| c.is_control() && !c.is_whitespace()) => t,
            Err(Error::EmptyInput { .. }) => {
                return Err(bad(
                    "it is empty (write one line per rank, one region letter per square)".into(),
                ));
            }
            _ => {
                return Err(bad(
                    "it is binary, not text (write one line per rank, one region letter per square)"
                        .into(),
                ));
            }
        };
        let mut lines: Vec<Vec<char>> = text
            .split('\n')
            // A byte-order mark past the first byte is invisible, as whitespace is.
            .map(|l| {
                l.chars()
                    .filter(|&c| !c.is_whitespace() && c != '\u{feff}')
                    .collect()
            })
            .collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        if lines.is_empty() {
            return Err(bad(
                "it is empty (write one line per rank, one region letter per square)".into(),
            ));
        }
        if let Some(i) = lines.iter().position(|l| l.is_empty()) {
            return Err(bad(format!(
                "line {} is blank (one line per rank, with no blank line between)",
                i + 1
            )));
        }
        let n = lines[0].len();
        if let Some(i) = lines.iter().position(|l| l.len() != n) {
            return Err(bad(format!(
                "line {} has {} squares but line 1 has {n} (ragged lines: every rank needs one name per square)",
                i + 1,
                lines[i].len()
            )));
        }
        if lines.len() != n {
            return Err(bad(format!(
                "it has {} of {}, but a puzzle is square (one line per rank, as many ranks as files)",
                crate::words::plural(lines.len(), "line"),
                crate::words::plural(n, "square")
            )));
        }
        if n > MAX_SIDE {
            return Err(bad(format!(
                "it is {n}x{n}; puzzles go up to {MAX_SIDE}x{MAX_SIDE}"
            )));
        }
        let mut names: Vec<char> = Vec::new();
        let mut region = vec![0u8; n * n];
        for (i, line) in lines.iter().enumerate() {
            let rank = n - 1 - i;
            for (file, &c) in line.iter().enumerate() {
                let id = match names.iter().position(|&x| x == c) {
                    Some(id) => id,
                    None => {
                        names.push(c);
                        names.len() - 1
                    }
                };
                // At most n * n <= 3844 names before the count check below; the id
                // only needs to fit until then.
                region[rank * n + file] = id.min(255) as u8;
            }
        }
        if names.len() != n {
            let shown: String = names.iter().take(12).collect::<String>();
            return Err(bad(format!(
                "it names {} ({shown}{}) but the board is {n}x{n}: a puzzle has one region per rank",
                crate::words::plural(names.len(), "region"),
                if names.len() > 12 { "..." } else { "" }
            )));
        }
        // A region in parts is no area a person can play: refused with the region named.
        if let Some((r, parts)) =
            crate::terrain::first_split(n, n, |i| Some(usize::from(region[i])))
        {
            let split = crate::terrain::SplitRegion {
                name: names[r],
                parts: parts
                    .into_iter()
                    .map(|i| Square::new((i % n) as u32, (i / n) as u32))
                    .collect(),
            };
            return Err(bad(format!(
                "{split}; a puzzle's regions are each one connected area"
            )));
        }
        check_stars(n, k)?;
        Ok(Puzzle {
            n,
            k: k as usize,
            region,
            names,
        })
    }

    /// The puzzle with region `region[rank * n + file]` (`0..n`), named by [`NAMES`].
    pub fn from_regions(n: usize, k: u32, region: Vec<u8>) -> Result<Puzzle, Error> {
        if n == 0 || n > MAX_SIDE {
            return Err(Error::BadTerrain(format!(
                "bad size {n}: puzzles go from 1x1 to {MAX_SIDE}x{MAX_SIDE}"
            )));
        }
        if region.len() != n * n || region.iter().any(|&r| r as usize >= n) {
            return Err(Error::Internal(format!(
                "a {n}x{n} puzzle needs {} region numbers below {n}",
                n * n
            )));
        }
        check_stars(n, k)?;
        Ok(Puzzle {
            n,
            k: k as usize,
            region,
            names: NAMES[..n].iter().map(|&b| b as char).collect(),
        })
    }

    /// The side `n`.
    pub fn side(&self) -> usize {
        self.n
    }

    /// Stars per row, column and region (`K`).
    pub fn stars(&self) -> usize {
        self.k
    }

    /// The region (`0..n`) of square index `i`.
    pub fn region(&self, i: usize) -> usize {
        self.region[i] as usize
    }

    /// The region of square `sq`, which must be on the board.
    pub fn region_at(&self, sq: Square) -> usize {
        self.region(sq.rank as usize * self.n + sq.file as usize)
    }

    /// The name of region `r`, as the file writes it.
    pub fn region_name(&self, r: usize) -> char {
        self.names[r]
    }

    /// The square of index `i`.
    pub fn square(&self, i: usize) -> Square {
        Square::new((i % self.n) as u32, (i / self.n) as u32)
    }

    /// The index of square `sq`, or why it is off the board.
    pub fn index(&self, sq: Square) -> Result<usize, Error> {
        if (sq.file as usize) < self.n && (sq.rank as usize) < self.n {
            Ok(sq.rank as usize * self.n + sq.file as usize)
        } else {
            Err(Error::OffBoard {
                square: sq.to_string(),
                board: format!("{0}x{0}", self.n),
            })
        }
    }

    /// The puzzle in its text format (top rank first).
    pub fn picture(&self) -> String {
        let mut s = String::with_capacity(self.n * (self.n + 1));
        for rank in (0..self.n).rev() {
            for file in 0..self.n {
                s.push(self.names[self.region(rank * self.n + file)]);
            }
            s.push('\n');
        }
        s
    }

    /// The board with its regions and the stars of `stars` (square indices): one line
    /// per rank, top rank first, each square its region name, a star's in brackets;
    /// rank numbers on the left, file letters below.
    pub fn diagram(&self, stars: &[usize]) -> String {
        let width = self.n.to_string().len();
        let mut s = String::new();
        for rank in (0..self.n).rev() {
            s.push_str(&format!("{:>width$} ", rank + 1));
            for file in 0..self.n {
                let i = rank * self.n + file;
                let c = self.names[self.region(i)];
                if stars.contains(&i) {
                    s.push_str(&format!("[{c}]"));
                } else {
                    s.push_str(&format!(" {c} "));
                }
            }
            s.truncate(s.trim_end().len());
            s.push('\n');
        }
        s.push_str(&" ".repeat(width + 1));
        for file in 0..self.n {
            s.push_str(&format!(" {} ", crate::board::file_name(file as u32)));
        }
        s.truncate(s.trim_end().len());
        s.push('\n');
        s
    }

    /// Whether `stars` (square indices) is a solution: `K` per row, column and region,
    /// none touching another.
    pub fn accepts(&self, stars: &[usize]) -> bool {
        let n = self.n;
        let (mut rows, mut cols, mut regs) = (vec![0; n], vec![0; n], vec![0; n]);
        for &i in stars {
            if i >= n * n {
                return false;
            }
            rows[i / n] += 1;
            cols[i % n] += 1;
            regs[self.region(i)] += 1;
        }
        let touching = stars.iter().any(|&a| {
            stars
                .iter()
                .any(|&b| a != b && (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1)
        });
        !touching
            && [rows, cols, regs]
                .iter()
                .all(|u| u.iter().all(|&c| c == self.k))
    }

    /// The squares of index list `squares`, algebraic, joined by `sep`.
    pub fn names_of(&self, squares: &[usize], sep: &str) -> String {
        squares
            .iter()
            .map(|&i| self.square(i).to_string())
            .collect::<Vec<_>>()
            .join(sep)
    }
}

/// Whether `k` stars per row and column can stand apart on `n x n`: a row holds at most
/// `ceil(n / 2)` stars that do not touch, and the board at most `ceil(n / 2)^2` (one per
/// 2x2 block), so `n * k` stars need `n * k <= ceil(n / 2)^2`.
fn check_stars(n: usize, k: u32) -> Result<(), Error> {
    let k = k as usize;
    let half = n.div_ceil(2);
    if k == 0 || k > half || n * k > half * half {
        return Err(Error::BadTerrain(format!(
            "{k} star{} per row, column and region cannot stand apart on {n}x{n} (at most {} per row there, and {} on the board)",
            if k == 1 { "" } else { "s" },
            half,
            half * half
        )));
    }
    Ok(())
}

/// The text format of a puzzle, as [`Puzzle::parse`] reads it and [`Puzzle::picture`]
/// writes it; the one statement of it, which the command line's help shows.
///
/// ```
/// use queens::puzzle::Puzzle;
/// // `#` names a region like any other character: a puzzle has no holes.
/// let p = Puzzle::parse("##aa\n##aa\nbbcc\nbbcc\n", 1).unwrap();
/// assert_eq!(p.region_name(p.region_at(queens::Square::new(0, 3))), '#');
/// // Blanks inside a line, CRLF and blank lines at the end are allowed.
/// assert_eq!(Puzzle::parse("# # a a\r\n##aa\r\nbbcc\r\nbbcc\r\n\r\n", 1).unwrap(), p);
/// ```
pub const FORMAT: &str = "\
A puzzle file has one line per rank, top rank first, and one character per square
naming its region: any character but a blank, `#` included (a puzzle has no holes).
The board is square, and it has as many regions as ranks. Blanks inside a line, a
byte-order mark, CRLF line ends and blank lines at the end are allowed.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_format_with_its_tolerances() {
        let p = Puzzle::parse("\u{feff}aabb\r\naabb\r\nc cdd\nccdd\n\n\n", 1).unwrap();
        assert_eq!(p.side(), 4);
        assert_eq!(p.picture(), "aabb\naabb\nccdd\nccdd\n");
        assert_eq!(p.region_at(Square::new(3, 0)), 3);
    }

    #[test]
    fn bad_files_get_one_sentence_each() {
        let cases: [(&[u8], u32, &str); 7] = [
            (b"", 1, "empty"),
            (b"\n \n", 1, "empty"),
            (b"ab\x00\x01\n", 1, "binary"),
            (b"aabb\naab\nccdd\nccdd\n", 1, "ragged"),
            (b"aabb\naabb\nccdd\n", 1, "square"),
            (b"aabb\naabb\naabb\naabb\n", 1, "names 2 regions"),
            (b"aabb\naabb\nccdd\nccdd\n", 2, "cannot stand apart"),
        ];
        for (bytes, k, want) in cases {
            let e = Puzzle::parse_bytes(bytes, k).unwrap_err().to_string();
            assert!(e.contains(want), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
        assert!(
            Puzzle::parse("ab\n\ncd\n", 1)
                .unwrap_err()
                .to_string()
                .contains("blank")
        );
        assert!(Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 0).is_err());
    }

    #[test]
    fn accepts_only_solutions() {
        let p = Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 1).unwrap();
        // The 4-queens solution a2, b4, c1, d3: one per quadrant too.
        assert!(p.accepts(&[4, 13, 2, 11]));
        assert!(!p.accepts(&[4, 13, 2]));
        assert!(!p.accepts(&[0, 5, 10, 15]));
    }
}
