//! Boards beyond the rectangle: holes, blockers, the torus and regions.
//!
//! - A **hole** (CSPLib prob080, "blocked n-queens") holds no piece, but attack lines
//!   pass over it.
//! - A **blocker** (the "N+k queens" problem's pawns) holds no piece and stops every
//!   sliding line at it; a leaper jumps over it as always. Pieces never block each
//!   other: for non-attacking placements that changes no answer (the nearest piece on
//!   a blocked line would be attacked).
//! - On the **torus** (Pólya 1918; OEIS A051906) every step wraps around modulo the
//!   rows and columns; a rider repeats its step until it is back on its own square or
//!   meets a blocker.
//! - **Regions** cut the board into named parts, each of which holds exactly
//!   `per_region` pieces (the "Queens" puzzle: one per row, column and region, no two
//!   touching, that is `--piece L=RF`).
//!
//! A [`Terrain`] holds all four; the empty terrain is the plain rectangle. The geometry
//! every terrain-aware engine uses is [`Terrain::attacks`] and
//! [`Terrain::attacks_square`].
//!
//! # Who handles a terrain
//! `Problem::with_terrain` checks the terrain against the board and the pieces; the rule
//! stays pairwise (two pieces conflict when one attacks the other by `Terrain::attacks`),
//! holes and blockers hold no piece, each region holds exactly `per_region` pieces. The
//! engine layer refuses a terrain problem, with one sentence and before the engine's own
//! `prepare`, for every engine that does not declare `handles_terrain` (`exact`, `sat`,
//! `torus`, `fewpieces` do). `exact` builds its tables from `Terrain::attacks` and keeps
//! regions as one more bitboard per level; the SAT encoding and the DIMACS and XCSP3
//! exports take every attacking pair from it; MiniZinc gets the terrain as data and walks
//! each move itself; `symmetry` keeps only the symmetries that keep holes, blockers and the
//! region partition (`Symmetry::keeps_terrain`), and `fixed_count` leaves holes and
//! blockers out of its orbits and uses the terrain's attacks.

use std::collections::BTreeSet;

use super::board::{Board, Square};
use super::piece::PieceKind;
use crate::error::Error;

/// Holes, blockers, the torus and regions of one board (see the [module docs](self)).
///
/// ```
/// use queens::{Board, terrain::Terrain};
/// let b = Board::square(4).unwrap();
/// let t = Terrain::new(&b)
///     .with_holes(Terrain::parse_squares("a1, b2", &b, "holes").unwrap()).unwrap()
///     .with_torus(true);
/// assert!(!t.is_plain());
/// assert!(t.is_hole("a1".parse().unwrap()));
/// assert!(Terrain::parse_squares("e1", &b, "holes").is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Terrain {
    /// Board size the terrain was made for.
    rows: u32,
    cols: u32,
    holes: BTreeSet<Square>,
    blockers: BTreeSet<Square>,
    torus: bool,
    regions: Option<Regions>,
}

/// A board cut into regions, each to hold exactly `per_region` pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Regions {
    /// The region of each square (row-major index), `None` for a hole.
    of: Vec<Option<u16>>,
    /// Each region's name (its character in the region file), by index.
    names: Vec<char>,
    /// Pieces every region holds.
    per_region: u32,
}

impl Regions {
    /// The board a region picture draws: one rank per line with squares, as many files
    /// as its first such line has squares (other lines are checked by [`Regions::parse`]).
    ///
    /// ```
    /// use queens::{Board, terrain::Regions};
    /// assert_eq!(Regions::board_of("aab\n#bb\n\n").unwrap(), Board::new(2, 3).unwrap());
    /// assert!(Regions::board_of(" \n").is_err());
    /// ```
    pub fn board_of(text: &str) -> Result<Board, Error> {
        let lines: Vec<usize> = text
            .lines()
            .map(|l| l.chars().filter(|&c| is_square(c)).count())
            .filter(|&n| n > 0)
            .collect();
        match lines.first() {
            None => Err(Error::BadTerrain(
                "bad region file: it has no line of squares".into(),
            )),
            Some(&cols) => Board::new(
                u32::try_from(lines.len()).unwrap_or(u32::MAX),
                u32::try_from(cols).unwrap_or(u32::MAX),
            ),
        }
    }

    /// Reads a region picture for `board`: one line per rank, top rank first, one
    /// character per square naming its region; whitespace is ignored and `#` marks a
    /// hole. Returns the regions (each to hold `per_region` pieces) and the holes.
    ///
    /// ```
    /// use queens::{Board, terrain::Regions};
    /// let b = Board::new(2, 3).unwrap();
    /// let (r, holes) = Regions::parse("aab\n#bb\n", &b, 1).unwrap();
    /// assert_eq!((r.count(), holes.len()), (2, 1));
    /// assert!(Regions::parse("aab\nbb\n", &b, 1).unwrap_err().to_string().contains("line 2"));
    /// ```
    pub fn parse(
        text: &str,
        board: &Board,
        per_region: u32,
    ) -> Result<(Regions, Vec<Square>), Error> {
        let bad = |why: String| Error::BadTerrain(format!("bad region file: {why}"));
        let lines: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|&c| is_square(c)).collect::<Vec<char>>())
            .filter(|l| !l.is_empty())
            .collect();
        let (rows, cols) = (board.rows() as usize, board.cols() as usize);
        if lines.len() != rows {
            return Err(bad(format!(
                "it has {} of squares, but the {board} board has {} (one line per rank, top rank first)",
                crate::words::plural(lines.len(), "line"),
                crate::words::plural(rows, "rank")
            )));
        }
        if per_region == 0 {
            return Err(Error::BadTerrain(
                "bad pieces per region 0: every region holds at least one piece".into(),
            ));
        }
        let mut of = vec![None; rows * cols];
        let mut names: Vec<char> = Vec::new();
        let mut holes = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if line.len() != cols {
                return Err(bad(format!(
                    "line {} has {}, but the {board} board has {}",
                    i + 1,
                    crate::words::plural(line.len(), "square"),
                    crate::words::plural(cols, "file")
                )));
            }
            let rank = (rows - 1 - i) as u32;
            for (file, &c) in line.iter().enumerate() {
                let sq = Square::new(file as u32, rank);
                if c == '#' {
                    holes.push(sq);
                    continue;
                }
                let id = match names.iter().position(|&n| n == c) {
                    Some(id) => id,
                    None => {
                        if names.len() >= u16::MAX as usize {
                            return Err(bad("it names more than 65535 regions".into()));
                        }
                        names.push(c);
                        names.len() - 1
                    }
                };
                of[board.index(sq)] = Some(id as u16);
            }
        }
        if names.is_empty() {
            return Err(bad("it names no region (every square is a hole)".into()));
        }
        Ok((
            Regions {
                of,
                names,
                per_region,
            },
            holes,
        ))
    }

    /// The number of regions.
    pub fn count(&self) -> usize {
        self.names.len()
    }

    /// Pieces every region holds.
    pub fn per_region(&self) -> u32 {
        self.per_region
    }

    /// The region of the square at row-major index `i`, if it is in one.
    pub fn region_at(&self, i: usize) -> Option<usize> {
        self.of.get(i).copied().flatten().map(usize::from)
    }

    /// The name (character) of region `r`.
    pub fn name(&self, r: usize) -> char {
        self.names[r]
    }

    /// The row-major indexes of region `r`'s squares.
    pub fn squares(&self, r: usize) -> Vec<usize> {
        (0..self.of.len())
            .filter(|&i| self.region_at(i) == Some(r))
            .collect()
    }

    /// The first region (in the order the file names them) whose squares are not
    /// connected on `board` (the board they were parsed for), if any. Regions in parts
    /// are allowed in problems (each part is just more squares of the region), but a
    /// region file meant as one area per region that has one in parts is most likely
    /// a mistake, worth a word.
    ///
    /// ```
    /// use queens::{Board, terrain::Regions};
    /// let b = Board::new(2, 3).unwrap();
    /// let (r, _) = Regions::parse("aba\nbba\n", &b, 1).unwrap();
    /// let split = r.split(&b).unwrap();
    /// assert_eq!(split.to_string(), "region a is in 2 parts, at c1 and a2");
    /// let (r, _) = Regions::parse("aab\n#bb\n", &b, 1).unwrap();
    /// assert!(r.split(&b).is_none());
    /// ```
    pub fn split(&self, board: &Board) -> Option<SplitRegion> {
        let (r, parts) = first_split(board.rows() as usize, board.cols() as usize, |i| {
            self.region_at(i)
        })?;
        Some(SplitRegion {
            name: self.name(r),
            parts: parts.into_iter().map(|i| board.square_at(i)).collect(),
        })
    }
}

/// A region whose squares are not connected: its name and a square of each part (the
/// first of the part in row-major order, rank 1 first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitRegion {
    /// The region's name (its character in the file).
    pub name: char,
    /// One square of each part, at least two.
    pub parts: Vec<Square>,
}

impl std::fmt::Display for SplitRegion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown = self.parts.len().min(4);
        let mut at: Vec<String> = self.parts[..shown].iter().map(|s| s.to_string()).collect();
        let last = if self.parts.len() > shown {
            format!("{} more", self.parts.len() - shown)
        } else {
            at.pop().unwrap_or_default()
        };
        write!(
            f,
            "region {} is in {} parts, at {} and {last}",
            self.name,
            self.parts.len(),
            at.join(", ")
        )
    }
}

/// The first region (by number) of a `rows × cols` grid whose squares are not all
/// joined by steps between squares that share a side, with the row-major index of the
/// first square of each of its parts. `region_of(i)` is the region of index `i`,
/// `None` for a square in none (a hole).
pub(crate) fn first_split(
    rows: usize,
    cols: usize,
    region_of: impl Fn(usize) -> Option<usize>,
) -> Option<(usize, Vec<usize>)> {
    let mut seen = vec![false; rows * cols];
    // The first square of each part, per region.
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut queue = Vec::new();
    for start in 0..rows * cols {
        let Some(r) = region_of(start) else { continue };
        if seen[start] {
            continue;
        }
        if parts.len() <= r {
            parts.resize(r + 1, Vec::new());
        }
        parts[r].push(start);
        seen[start] = true;
        queue.push(start);
        while let Some(i) = queue.pop() {
            let (rank, file) = (i / cols, i % cols);
            let steps = [
                (file > 0).then(|| i - 1),
                (file + 1 < cols).then(|| i + 1),
                (rank > 0).then(|| i - cols),
                (rank + 1 < rows).then(|| i + cols),
            ];
            for j in steps.into_iter().flatten() {
                if !seen[j] && region_of(j) == Some(r) {
                    seen[j] = true;
                    queue.push(j);
                }
            }
        }
    }
    parts.into_iter().enumerate().find(|(_, p)| p.len() > 1)
}

/// Whether a character of a region file is a square: not whitespace, and not a
/// byte-order mark (as some editors write at the start, and a joined file may hold
/// further on), which is invisible and would not survive being written out and read back.
fn is_square(c: char) -> bool {
    !c.is_whitespace() && c != '\u{feff}'
}

impl Terrain {
    /// The plain `board`: no holes, blockers, wrap or regions.
    pub fn new(board: &Board) -> Terrain {
        Terrain {
            rows: board.rows(),
            cols: board.cols(),
            ..Terrain::default()
        }
    }

    /// Reads a list of squares (comma- or space-separated: `a1,c3`) on `board`; `what`
    /// names the option in messages. A square off the board or listed twice is an error.
    pub fn parse_squares(text: &str, board: &Board, what: &str) -> Result<Vec<Square>, Error> {
        Terrain::read_squares(text, board).map_err(|f| Error::BadTerrain(f.spelled(what)))
    }

    /// [`Terrain::parse_squares`] with its fault as a value, so that a front names the
    /// field in its own spelling ([`SquareFault::spelled`]).
    pub fn read_squares(text: &str, board: &Board) -> Result<Vec<Square>, SquareFault> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for token in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
        {
            let sq: Square = token
                .parse()
                .map_err(|_| SquareFault::NotSquare(token.to_string()))?;
            if !board.contains(sq) {
                return Err(SquareFault::OffBoard(sq, *board));
            }
            if !seen.insert(sq) {
                return Err(SquareFault::Twice(sq));
            }
            out.push(sq);
        }
        Ok(out)
    }

    /// This terrain with more holes; a square that is a blocker too is an error.
    pub fn with_holes(mut self, holes: impl IntoIterator<Item = Square>) -> Result<Terrain, Error> {
        add_apart(&mut self.holes, &self.blockers, holes)?;
        self.check_regions()?;
        Ok(self)
    }

    /// This terrain with more blockers; a square that is a hole too is an error.
    pub fn with_blockers(
        mut self,
        blockers: impl IntoIterator<Item = Square>,
    ) -> Result<Terrain, Error> {
        add_apart(&mut self.blockers, &self.holes, blockers)?;
        self.check_regions()?;
        Ok(self)
    }

    /// This terrain on the torus (or not).
    pub fn with_torus(mut self, torus: bool) -> Terrain {
        self.torus = torus;
        self
    }

    /// This terrain with `regions` (and the holes its picture marks).
    pub fn with_regions(self, regions: Regions, holes: Vec<Square>) -> Result<Terrain, Error> {
        let mut t = self.with_holes(holes)?;
        t.regions = Some(regions);
        t.check_regions()?;
        Ok(t)
    }

    /// Every region must keep a square that can hold a piece.
    fn check_regions(&self) -> Result<(), Error> {
        let Some(r) = &self.regions else {
            return Ok(());
        };
        for id in 0..r.count() {
            let free = r
                .squares(id)
                .into_iter()
                .filter(|&i| self.free_index(i))
                .count();
            if free == 0 {
                return Err(Error::BadTerrain(format!(
                    "region '{}' is empty: every square of it is a hole or a blocker",
                    r.name(id)
                )));
            }
        }
        Ok(())
    }

    /// Whether this terrain was made for `board`: its size, every hole and blocker on
    /// it, a region for each of its squares.
    pub fn fits(&self, board: &Board) -> bool {
        (self.rows, self.cols) == (board.rows(), board.cols())
            && self
                .holes
                .iter()
                .chain(&self.blockers)
                .all(|&s| board.contains(s))
            && self
                .regions
                .as_ref()
                .is_none_or(|r| r.of.len() as u64 == board.squares())
    }

    /// Whether this is the plain rectangle (what every engine handles).
    pub fn is_plain(&self) -> bool {
        self.holes.is_empty() && self.blockers.is_empty() && !self.torus && self.regions.is_none()
    }

    /// Whether moves wrap around the edges.
    pub fn torus(&self) -> bool {
        self.torus
    }

    /// The holes, in square order.
    pub fn holes(&self) -> impl Iterator<Item = Square> + '_ {
        self.holes.iter().copied()
    }

    /// The blockers, in square order.
    pub fn blockers(&self) -> impl Iterator<Item = Square> + '_ {
        self.blockers.iter().copied()
    }

    /// The regions, if the board has them.
    pub fn regions(&self) -> Option<&Regions> {
        self.regions.as_ref()
    }

    /// Whether `sq` is a hole.
    pub fn is_hole(&self, sq: Square) -> bool {
        self.holes.contains(&sq)
    }

    /// Whether `sq` is a blocker.
    pub fn is_blocker(&self, sq: Square) -> bool {
        self.blockers.contains(&sq)
    }

    /// Whether a piece may stand on `sq` (neither a hole nor a blocker).
    pub fn is_free(&self, sq: Square) -> bool {
        !self.is_hole(sq) && !self.is_blocker(sq)
    }

    fn free_index(&self, i: usize) -> bool {
        let cols = self.cols.max(1) as usize;
        self.is_free(Square::new((i % cols) as u32, (i / cols) as u32))
    }

    /// The squares a piece of `kind` on `from` attacks on `board` with this terrain,
    /// each once: lines stop at the first blocker (which they do not pass), wrap on the
    /// torus until back on `from`; holes change nothing. On the plain rectangle this is
    /// [`PieceKind::attacks`].
    pub fn attacks(&self, board: &Board, kind: &PieceKind, from: Square) -> Vec<Square> {
        if self.blockers.is_empty() && !self.torus {
            return kind.attacks(board, from).collect();
        }
        let (rows, cols) = (i64::from(board.rows()), i64::from(board.cols()));
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for m in kind.moves() {
            let limit = if m.range == 0 {
                u64::MAX
            } else {
                u64::from(m.range)
            };
            let (mut f, mut r) = (i64::from(from.file), i64::from(from.rank));
            let mut k = 0u64;
            while k < limit {
                k += 1;
                f += i64::from(m.df);
                r += i64::from(m.dr);
                if self.torus {
                    f = f.rem_euclid(cols);
                    r = r.rem_euclid(rows);
                } else if f < 0 || r < 0 || f >= cols || r >= rows {
                    break;
                }
                let sq = Square::new(f as u32, r as u32);
                if sq == from {
                    break;
                }
                if self.blockers.contains(&sq) {
                    // A slide stops here; a leap lands here (and attacks nothing).
                    break;
                }
                if seen.insert(sq) {
                    out.push(sq);
                }
            }
        }
        out
    }

    /// Whether a piece of `kind` on `a` attacks `b` on `board` with this terrain.
    pub fn attacks_square(&self, board: &Board, kind: &PieceKind, a: Square, b: Square) -> bool {
        if self.blockers.is_empty() && !self.torus {
            return kind.attacks_square(a, b);
        }
        self.attacks(board, kind, a).contains(&b)
    }

    /// Whether pieces `ka` on `a` and `kb` on `b` conflict: the same square, or either
    /// attacks the other.
    pub fn conflict(
        &self,
        board: &Board,
        ka: &PieceKind,
        a: Square,
        kb: &PieceKind,
        b: Square,
    ) -> bool {
        a == b || self.attacks_square(board, ka, a, b) || self.attacks_square(board, kb, b, a)
    }
}

/// Why a list of squares ([`Terrain::read_squares`]) was refused; its sentence names
/// the list as the front spells it ([`SquareFault::spelled`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareFault {
    /// A token that is not a square's name.
    NotSquare(String),
    /// A square off the board.
    OffBoard(Square, Board),
    /// A square listed twice.
    Twice(Square),
}

impl SquareFault {
    /// The sentence, the list named `what` (`--holes`, `holes`).
    pub fn spelled(&self, what: &str) -> String {
        match self {
            SquareFault::NotSquare(token) => {
                format!("bad {what} square '{token}': write squares like a1 or c3")
            }
            SquareFault::OffBoard(sq, board) => {
                format!("{what} square {sq} is off the {board} board")
            }
            SquareFault::Twice(sq) => format!("{what} lists square {sq} twice"),
        }
    }
}

/// Adds `squares` to `set` (the holes or the blockers), refusing a square of `other`
/// (the blockers or the holes): a square is one or the other.
fn add_apart(
    set: &mut BTreeSet<Square>,
    other: &BTreeSet<Square>,
    squares: impl IntoIterator<Item = Square>,
) -> Result<(), Error> {
    for sq in squares {
        if other.contains(&sq) {
            return Err(Error::BadTerrain(format!(
                "square {sq} is both a hole and a blocker"
            )));
        }
        set.insert(sq);
    }
    Ok(())
}

/// Whether the squares `i` with `of[i] == region` are one connected area: all reached
/// from `from` (one of them) through `neighbours` (the region makers' check that a
/// region they grow or change stays in one piece).
pub(crate) fn connected<T: PartialEq + Copy, N: IntoIterator<Item = usize>>(
    of: &[T],
    region: T,
    from: usize,
    neighbours: impl Fn(usize) -> N,
) -> bool {
    let size = of.iter().filter(|&&x| x == region).count();
    let mut seen = vec![false; of.len()];
    let mut stack = vec![from];
    seen[from] = true;
    let mut reached = 0;
    while let Some(i) = stack.pop() {
        reached += 1;
        for j in neighbours(i) {
            if !seen[j] && of[j] == region {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    reached == size
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn blockers_stop_lines_and_leapers_jump() {
        let b = Board::square(5).unwrap();
        let t = Terrain::new(&b).with_blockers([sq("c1")]).unwrap();
        let rook = t.attacks(&b, &PieceKind::rook(), sq("a1"));
        assert!(rook.contains(&sq("b1")) && !rook.contains(&sq("d1")) && !rook.contains(&sq("c1")));
        assert!(rook.contains(&sq("a5")));
        // A knight on a1 still reaches c2 and b3 with a blocker on b1's neighbour.
        let t = Terrain::new(&b).with_blockers([sq("b2")]).unwrap();
        assert_eq!(t.attacks(&b, &PieceKind::knight(), sq("a1")).len(), 2);
    }

    #[test]
    fn the_torus_wraps_every_step() {
        let b = Board::square(5).unwrap();
        let t = Terrain::new(&b).with_torus(true);
        // A queen on a torus attacks every square of its rank, file and both
        // (wrapped) diagonals: 4 * 4 = 16 on 5x5.
        assert_eq!(t.attacks(&b, &PieceKind::queen(), sq("c3")).len(), 16);
        assert!(t.attacks_square(&b, &PieceKind::king(), sq("a1"), sq("e5")));
        assert!(t.attacks_square(&b, &PieceKind::knight(), sq("a1"), sq("e3")));
    }

    #[test]
    fn bad_squares_and_regions_are_named() {
        let b = Board::square(3).unwrap();
        let e = Terrain::parse_squares("a1 a1", &b, "holes").unwrap_err();
        assert!(e.to_string().contains("twice"), "{e}");
        let e = Terrain::new(&b)
            .with_holes([sq("a1")])
            .unwrap()
            .with_blockers([sq("a1")])
            .unwrap_err();
        assert!(e.to_string().contains("both"), "{e}");
        let (r, holes) = Regions::parse("aab\nabb\nccc", &b, 1).unwrap();
        let e = Terrain::new(&b)
            .with_regions(r, holes)
            .unwrap()
            .with_blockers([sq("a1"), sq("b1"), sq("c1")])
            .unwrap_err();
        assert!(e.to_string().contains("region 'c' is empty"), "{e}");
        let e = Regions::parse("aab\nabbb\nccc", &b, 1).unwrap_err();
        assert!(e.to_string().contains("line 2 has 4 squares"), "{e}");
    }
}
