//! The verdict on a placement, as a value: valid or not, and every fault with its
//! sentence.
//!
//! Every front end (the command line's `verify`, Python's `verify`, the web page) asks
//! the same questions of a placement: which pairs attack each other ([`Conflict`]), what
//! it breaks of the terrain ([`TerrainFault`]), whether it holds the pieces asked for,
//! whether a rank list leaves files without the queen they need, whether the fixed
//! pieces are in it. [`Verdict::judge`] answers them pair by pair for any placement;
//! [`Verdict::judge_ranks`] answers them line by line, in O(rows + cols), for queens
//! given one rank per file (a [`Perm`]), listing only the first attacking pairs and
//! counting the rest. A verdict's [`Display`](fmt::Display) is the text `queens verify`
//! prints; its faults' sentences are the problems every front end lists.

use std::fmt;

use super::placement::{Piece, Placement};
use crate::board::Board;
use crate::error::Error;
use crate::perm::{EMPTY, Perm};
use crate::piece::PieceKind;
use crate::problem::{PieceCount, Problem, format_spec};
use crate::terrain::Terrain;
use crate::verify::{Conflict, TerrainFault, conflicts_on, terrain_faults, verify_on};

/// What a placement must be besides non-attacking and true to its terrain.
///
/// The default asks nothing more: any pieces, any number of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expect {
    /// The pieces the placement must hold (kinds with a count of 0 are ignored); `None`
    /// takes any.
    pub pieces: Option<Vec<PieceCount>>,
    /// Pieces fixed in advance: each must be in the placement.
    pub fixed: Vec<Piece>,
    /// The placement came as a rank list (one number per file), and unless `partial` it
    /// must hold a queen on as many files as a full placement does, `min(rows, cols)`.
    /// Ignored when `pieces` is given, which says how many there must be.
    pub rank_list: bool,
    /// A partial placement: a rank list may leave files empty and regions may hold fewer
    /// pieces than they take (holes and blockers still bind).
    pub partial: bool,
    /// How the front end names the switch that allows a partial placement, for the
    /// sentence on missing queens (`--partial` on the command line; `partial` by
    /// default).
    pub partial_switch: &'static str,
}

impl Default for Expect {
    fn default() -> Expect {
        Expect {
            pieces: None,
            fixed: Vec::new(),
            rank_list: false,
            partial: false,
            partial_switch: "partial",
        }
    }
}

/// One reason a placement is invalid; its `Display` is the sentence front ends list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Two pieces that attack each other or share a square.
    Conflict(Conflict),
    /// Attacking pairs a line-by-line verdict counted but did not list.
    Unlisted {
        /// How many were not listed.
        pairs: u64,
        /// The most pairs listed.
        limit: usize,
    },
    /// A piece on a hole or a blocker, or a region with the wrong number of pieces.
    Terrain(TerrainFault),
    /// The placement holds other pieces than were asked for (both as spec text).
    WrongPieces {
        /// What it holds, as a spec (`2Q,N`).
        has: String,
        /// What was asked for.
        want: String,
    },
    /// A rank list with files left empty that a full placement fills.
    MissingQueens {
        /// The board.
        board: Board,
        /// Queens a full placement has: `min(rows, cols)`.
        full: u64,
        /// Queens the placement has.
        has: u64,
        /// How the front end names the switch that allows this.
        partial_switch: &'static str,
    },
    /// A fixed piece that is not in the placement.
    MissingFixed(Piece),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Conflict(c) => c.fmt(f),
            Fault::Unlisted { pairs, limit } => write!(
                f,
                "and {}, not listed: a long rank list lists the first queen of each line with each later one, {limit} pairs at most",
                crate::words::plural(pairs, "more attacking pair")
            ),
            Fault::Terrain(t) => t.fmt(f),
            Fault::WrongPieces { has, want } => write!(
                f,
                "the placement has pieces {has} but {want} were asked for"
            ),
            Fault::MissingQueens {
                board,
                full,
                has,
                partial_switch,
            } => {
                let missing = full - has;
                write!(
                    f,
                    "{missing} queen{} missing: the {board} board takes {full} and the placement has {has} ({partial_switch} allows files without a queen)",
                    if missing == 1 { " is" } else { "s are" }
                )
            }
            Fault::MissingFixed(p) => write!(f, "the fixed piece {p} is not in the placement"),
        }
    }
}

/// The verdict on a placement: its board, how many pieces it holds, and every fault
/// (none when it is valid).
///
/// ```
/// use queens::{Board, Catalog, Placement, terrain::Terrain};
/// use queens::verdict::{Expect, Verdict};
/// let b = Board::square(8).unwrap();
/// let p = Placement::parse("Qd1 Nf2", &Catalog::standard()).unwrap();
/// let v = Verdict::judge(&b, &Terrain::new(&b), &p, &Expect::default()).unwrap();
/// assert!(!v.is_valid());
/// assert_eq!(v.to_string(), "invalid: 1 problem\n  Nf2 attacks Qd1 by a (2,1) leap");
/// let ok = Placement::parse("[1,5,8,6,3,7,2,4]", &Catalog::standard()).unwrap();
/// let v = Verdict::judge(&b, &Terrain::new(&b), &ok, &Expect::default()).unwrap();
/// assert_eq!(v.to_string(), "valid: 8 pieces on 8x8, no attacks");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    board: Board,
    pieces: u64,
    faults: Vec<Fault>,
    /// Every attacking pair, when judged line by line (some may be unlisted).
    pairs: Option<u64>,
}

impl Verdict {
    /// Judges `placement` on `board` with `terrain`, pair by pair: every conflict, the
    /// terrain's faults, then what `expect` asks. An error when a piece is off the board.
    pub fn judge(
        board: &Board,
        terrain: &Terrain,
        placement: &Placement,
        expect: &Expect,
    ) -> Result<Verdict, Error> {
        let mut faults: Vec<Fault> = verify_on(board, terrain, placement)?
            .into_iter()
            .map(Fault::Conflict)
            .collect();
        faults.extend(
            terrain_faults(board, terrain, placement)
                .into_iter()
                .filter(|f| !(expect.partial && matches!(f, TerrainFault::Region { .. })))
                .map(Fault::Terrain),
        );
        let has: Vec<PieceCount> = placement.spec();
        faults.extend(expect.spec_fault(board, &format_spec(&has), &has));
        faults.extend(
            expect
                .fixed
                .iter()
                .filter(|f| !placement.pieces().contains(f))
                .map(|f| Fault::MissingFixed(f.clone())),
        );
        Ok(Verdict {
            board: *board,
            pieces: placement.len() as u64,
            faults,
            pairs: None,
        })
    }

    /// Judges queens given one rank per file, line by line in O(rows + cols): the first
    /// `listing.limit` attacking pairs (each the first queen seen on a line with a later
    /// one; every pair, line by line, when `listing.every_pair_when_few` and there are
    /// at most `limit`), the number of all of them, then what `expect` asks, on `board`:
    /// the perm's own or a wider one whose files past the perm's are empty (as
    /// [`Perm::read_leading`] leaves them). The open board: a rank list has no terrain.
    ///
    /// ```
    /// use queens::perm::Perm;
    /// use queens::verdict::{Expect, Listing, Verdict};
    /// let perm = Perm::parse_text("1 2 3", None).unwrap();
    /// let v = Verdict::judge_ranks(&perm, perm.board(), &Expect::default(), Listing::first(10));
    /// assert_eq!(v.attacking_pairs(), 3);
    /// assert!(v.to_string().starts_with("invalid: 3 attacking pairs\n"));
    /// ```
    pub fn judge_ranks(perm: &Perm, board: Board, expect: &Expect, listing: Listing) -> Verdict {
        let queens = perm.queens() as u64;
        let (mut found, total) = if perm.is_valid() {
            (Vec::new(), 0)
        } else {
            perm.conflicts(listing.limit)
        };
        if listing.every_pair_when_few
            && total > found.len() as u64
            && total <= listing.limit as u64
        {
            found = every_pair(perm);
        }
        let listed = found.len() as u64;
        let mut faults: Vec<Fault> = found.into_iter().map(Fault::Conflict).collect();
        if total > listed {
            faults.push(Fault::Unlisted {
                pairs: total - listed,
                limit: listing.limit,
            });
        }
        let has = if queens == 0 {
            Vec::new()
        } else {
            vec![PieceCount {
                kind: PieceKind::queen(),
                count: u32::try_from(queens).unwrap_or(u32::MAX),
            }]
        };
        faults.extend(expect.spec_fault(&board, &format!("{queens}Q"), &has));
        let ranks = perm.ranks();
        faults.extend(
            expect
                .fixed
                .iter()
                .filter(|f| {
                    !(f.kind == PieceKind::queen()
                        && ranks.get(f.square.file as usize) == Some(&f.square.rank))
                })
                .map(|f| Fault::MissingFixed(f.clone())),
        );
        Verdict {
            board,
            pieces: queens,
            faults,
            pairs: Some(total),
        }
    }

    /// Whether the placement is valid: no fault.
    pub fn is_valid(&self) -> bool {
        self.faults.is_empty()
    }

    /// The board it was judged on.
    pub fn board(&self) -> Board {
        self.board
    }

    /// How many pieces the placement holds.
    pub fn pieces(&self) -> u64 {
        self.pieces
    }

    /// Every fault, in order: conflicts, unlisted pairs, terrain faults, the spec's or
    /// the missing queens', then missing fixed pieces.
    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    /// The conflicts listed.
    pub fn conflicts(&self) -> impl Iterator<Item = &Conflict> {
        self.faults.iter().filter_map(|f| match f {
            Fault::Conflict(c) => Some(c),
            _ => None,
        })
    }

    /// Every attacking pair (or pair on one square), listed or not.
    pub fn attacking_pairs(&self) -> u64 {
        self.pairs
            .unwrap_or_else(|| self.conflicts().count() as u64)
    }

    /// Every fault's sentence, in order.
    pub fn problems(&self) -> Vec<String> {
        self.faults.iter().map(ToString::to_string).collect()
    }
}

/// How many attacking pairs a line-by-line verdict lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The most pairs listed.
    pub limit: usize,
    /// List every pair, line by line, when there are at most `limit` (the first pass
    /// pairs only the first queen of a line with each later one).
    pub every_pair_when_few: bool,
}

impl Listing {
    /// The first `limit` pairs as the line-by-line pass finds them.
    pub fn first(limit: usize) -> Listing {
        Listing {
            limit,
            every_pair_when_few: false,
        }
    }
}

impl Expect {
    /// The fault of the placement's pieces (`has`, written `has_text`): other pieces than
    /// asked for, or, for a full rank list without a spec, queens missing.
    fn spec_fault(&self, board: &Board, has_text: &str, has: &[PieceCount]) -> Option<Fault> {
        if let Some(want) = &self.pieces {
            let want: Vec<PieceCount> = want.iter().filter(|p| p.count > 0).cloned().collect();
            let has: Vec<PieceCount> = has.iter().filter(|p| p.count > 0).cloned().collect();
            return (has != want).then(|| Fault::WrongPieces {
                has: has_text.to_string(),
                want: format_spec(&want),
            });
        }
        if !self.rank_list || self.partial {
            return None;
        }
        let full = u64::from(board.rows().min(board.cols()));
        let has: u64 = has.iter().map(|p| u64::from(p.count)).sum();
        (has < full).then_some(Fault::MissingQueens {
            board: *board,
            full,
            has,
            partial_switch: self.partial_switch,
        })
    }
}

/// The pairs of `problem`'s fixed pieces that attack each other (or share a square),
/// the first `limit` of them, and how many there are in all: a problem whose fixed
/// pieces clash has no solution, which the engines' entry points answer without a
/// search, and front ends explain with these pairs.
///
/// Many queens alone on the open board (on a quarter of the files or more) are judged
/// line by line in O(rows + cols), so that a million fixed queens cost milliseconds;
/// other pieces pair by pair.
///
/// ```
/// use queens::{Catalog, Placement, Problem, verdict::fixed_clashes};
/// let p = Problem::parse("8", None, Some("Qa1 Qc3"), &Catalog::standard()).unwrap();
/// let (pairs, all) = fixed_clashes(&p, 10);
/// assert_eq!((pairs[0].to_string().as_str(), all), ("Qa1 and Qc3 attack each other along the diagonal", 1));
/// ```
pub fn fixed_clashes(problem: &Problem, limit: usize) -> (Vec<Conflict>, u64) {
    let (board, fixed) = (problem.board(), problem.fixed());
    if fixed.len() < 2 {
        return (Vec::new(), 0);
    }
    let queens = fixed.pieces().iter().all(|p| p.kind == PieceKind::queen());
    let many = fixed.len() > 64 && crate::perm::fills_files(board, fixed.len() as u64);
    if queens && problem.terrain().is_plain() && many {
        if let Some(perm) = Perm::from_placement(board, fixed) {
            return perm.conflicts(limit);
        }
        // Two queens on one file: found in one pass.
        let mut seen = std::collections::HashMap::new();
        for p in fixed.pieces() {
            if let Some(first) = seen.insert(p.square.file, p.clone()) {
                let pair = Conflict {
                    first,
                    second: p.clone(),
                    first_attacks: true,
                    second_attacks: true,
                };
                return (vec![pair].into_iter().take(limit).collect(), 1);
            }
        }
    }
    let all = conflicts_on(board, problem.terrain(), fixed);
    let n = all.len() as u64;
    (all.into_iter().take(limit).collect(), n)
}

/// Every attacking pair of `perm`, line by line (rank, diagonal, anti-diagonal):
/// O(rows + cols + pairs).
fn every_pair(perm: &Perm) -> Vec<Conflict> {
    let (rows, cols) = (perm.board().rows() as usize, perm.board().cols() as usize);
    let mut lines: [Vec<Vec<u32>>; 3] = [
        vec![Vec::new(); rows],
        vec![Vec::new(); rows + cols],
        vec![Vec::new(); rows + cols],
    ];
    for (f, &r) in perm.ranks().iter().enumerate() {
        if r == EMPTY {
            continue;
        }
        let r = r as usize;
        lines[0][r].push(f as u32);
        lines[1][f + r].push(f as u32);
        lines[2][f + rows - 1 - r].push(f as u32);
    }
    let queen = |f: u32| Piece {
        kind: PieceKind::queen(),
        square: crate::board::Square::new(f, perm.ranks()[f as usize]),
    };
    let mut out = Vec::new();
    for family in &lines {
        for files in family {
            for (i, &a) in files.iter().enumerate() {
                for &b in &files[i + 1..] {
                    out.push(Conflict {
                        first: queen(a),
                        second: queen(b),
                        first_attacks: true,
                        second_attacks: true,
                    });
                }
            }
        }
    }
    out
}

/// `s` when `n` is not 1.
fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl fmt::Display for Verdict {
    /// `queens verify`'s text, without the last newline: `valid: ...`, or `invalid: ...`
    /// and one indented line per problem. A line-by-line verdict heads its problems with
    /// the number of attacking pairs and says how many it shows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_valid() {
            return write!(
                f,
                "valid: {} piece{} on {}, no attacks",
                self.pieces,
                plural(self.pieces),
                self.board
            );
        }
        let Some(total) = self.pairs else {
            let n = self.faults.len() as u64;
            write!(f, "invalid: {n} problem{}", plural(n))?;
            for fault in &self.faults {
                write!(f, "\n  {fault}")?;
            }
            return Ok(());
        };
        f.write_str("invalid:")?;
        if total > 0 {
            write!(f, " {total} attacking pair{}", plural(total))?;
        }
        let mut rest = self
            .faults
            .iter()
            .filter(|x| !matches!(x, Fault::Conflict(_) | Fault::Unlisted { .. }));
        if let Some(first) = rest.next() {
            f.write_str(if total > 0 { "; " } else { " " })?;
            write!(f, "{first}")?;
        }
        let listed = self.conflicts().count();
        for c in self.conflicts() {
            write!(f, "\n  {c}")?;
        }
        if total > listed as u64 {
            write!(f, "\n  ... the first {listed} shown")?;
        }
        for other in rest {
            write!(f, "\n  {other}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Catalog;

    fn judge(board: &str, text: &str, expect: &Expect) -> Verdict {
        let b: Board = board.parse().unwrap();
        let p = Placement::parse_on(text, &Catalog::standard(), &b).unwrap();
        Verdict::judge(&b, &Terrain::new(&b), &p, expect).unwrap()
    }

    #[test]
    fn rank_lists_short_of_queens_are_invalid_unless_partial() {
        let expect = Expect {
            rank_list: true,
            ..Expect::default()
        };
        let v = judge("8", "[1,5,8,6,3,7,2]", &expect);
        assert_eq!(
            v.problems(),
            [
                "1 queen is missing: the 8x8 board takes 8 and the placement has 7 (partial allows files without a queen)"
            ]
        );
        let partial = Expect {
            partial: true,
            ..expect.clone()
        };
        assert!(judge("8", "[1,5,8,6,3,7,2]", &partial).is_valid());
        let two = judge("8", "[1,5,8,6,3,7]", &expect).problems();
        assert!(two[0].starts_with("2 queens are missing"), "{two:?}");
        // Wider than tall: 0s on the extra files are no missing queens.
        assert!(judge("4x6", "[2,4,1,3,0,0]", &expect).is_valid());
    }

    #[test]
    fn the_spec_and_the_fixed_pieces_are_judged() {
        let expect = Expect {
            pieces: Some(vec![PieceCount {
                kind: PieceKind::queen(),
                count: 2,
            }]),
            fixed: vec![Piece {
                kind: PieceKind::queen(),
                square: "c3".parse().unwrap(),
            }],
            ..Expect::default()
        };
        let v = judge("8", "Qa1 Nh7", &expect);
        assert_eq!(
            v.problems(),
            [
                "the placement has pieces N,Q but 2Q were asked for",
                "the fixed piece Qc3 is not in the placement"
            ]
        );
    }

    #[test]
    fn line_by_line_verdicts_agree_with_pair_by_pair_ones() {
        for text in ["1 2 3", "2 4 1 3", "1 3 5 2 4", "1 1 1 1", "3 0 1 0"] {
            let perm = Perm::parse_text(text, None).unwrap();
            let every = Listing {
                limit: 100,
                every_pair_when_few: true,
            };
            let lines = Verdict::judge_ranks(&perm, perm.board(), &Expect::default(), every);
            let b = perm.board();
            let pairs = Verdict::judge(
                &b,
                &Terrain::new(&b),
                &perm.to_placement(),
                &Expect::default(),
            )
            .unwrap();
            assert_eq!(lines.is_valid(), pairs.is_valid(), "{text}");
            assert_eq!(lines.attacking_pairs(), pairs.attacking_pairs(), "{text}");
            let mut a: Vec<String> = lines.conflicts().map(ToString::to_string).collect();
            let mut c: Vec<String> = pairs.conflicts().map(ToString::to_string).collect();
            a.sort();
            c.sort();
            assert_eq!(a, c, "{text}");
        }
    }

    #[test]
    fn a_line_by_line_verdict_names_what_it_does_not_list() {
        let perm = Perm::parse_text("1 1 1 1", None).unwrap();
        let v = Verdict::judge_ranks(&perm, perm.board(), &Expect::default(), Listing::first(2));
        assert_eq!(v.attacking_pairs(), 6);
        assert_eq!(
            v.to_string(),
            "invalid: 6 attacking pairs\n  Qa1 and Qb1 attack each other along the rank\n  Qa1 and Qc1 attack each other along the rank\n  ... the first 2 shown"
        );
        assert!(v.problems()[2].starts_with("and 4 more attacking pairs, not listed"));
    }
}
