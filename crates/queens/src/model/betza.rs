//! Betza's notation for fairy pieces: parsing into [`Move`] lists and a canonical form.
//!
//! Fairy-chess players name a piece by its moves: capital *atoms* for the basic leaps,
//! doubled or numbered for riders, concatenated for compounds, with lower-case
//! *modifiers* picking directions. This module reads the part of that notation whose
//! pieces have a fixed attack pattern, which is what a non-attacking placement needs.
//!
//! # The subset
//!
//! | written | meaning |
//! |---|---|
//! | `W F D N A H C Z G` | the leaps (1,0) (1,1) (2,0) (1,2) (2,2) (3,0) (1,3) (2,3) (3,3), all 4 or 8 directions |
//! | `(x,y)` | any other leap, e.g. `(1,4)` the giraffe; coordinates 0..=999 |
//! | `K Q R B` | shorthands: `K = WF`, `Q = RB`, `R = WW`, `B = FF` |
//! | `WW`, `NN`, `(1,4)(1,4)` | a doubled atom rides: repeats its step without limit (`NN` nightrider) |
//! | `W4`, `N2`, `R3`, `K2` | a number limits the steps (`W4`: 1 to 4 steps; at most 1000); `0` means unlimited |
//! | `RN`, `QN`, `WfF` | concatenation: the union of the parts (chancellor, amazon, gold general) |
//! | `f b l r v s`, `h` | direction modifiers, written before an atom (below) |
//!
//! Betza's letter `A` is the alfil (2,2) leap; the built-in *piece letter* `A` (amazon,
//! `QN`) is a different thing: piece letters are chosen by the user, Betza strings only
//! describe moves.
//!
//! # Directions
//!
//! Forward is up the board (towards higher ranks), right is towards higher files. A move
//! `(x, y)` is *forward* (`f`) when `y > 0`, *backward* (`b`) when `y < 0`, *left* (`l`)
//! when `x < 0`, *right* (`r`) when `x > 0`; *vertical* (`v`) when `|y| >= |x|`,
//! *sideways* (`s`) when `|x| >= |y|`. Letters before one atom add up (union), except the
//! pairs below, which are read left to right whenever the next two letters form one:
//!
//! - orthogonal atoms (`W D H`, `(0,n)`): no pairs; `flW` is the forward and left steps.
//! - diagonal atoms (`F A G`, `(n,n)`): `fl fr bl br` (and `lf rf lb rb`) name one of
//!   the four diagonal directions (`flF` is the forward-left step).
//! - oblique atoms (`N C Z`, `(x,y)` with `0 < x < y`), eight directions, as in Betza's
//!   and XBetza's usage: `ff bb` are the two moves most forward/backward, `ll rr` the two
//!   most left/right, `fs bs` the forward/backward *wide* moves, `lv rv` the left/right
//!   *narrow* ones; `fl fr bl br` is one wide move (`frN` = (2,1)) and `lf rf lb rb` one
//!   narrow move (`rfN` = (1,2)); `hr` and `hl` are the two chiral halves, `hrN` being the
//!   four moves (1,2) (2,-1) (-1,-2) (-2,1) that (1,2) turns into by quarter turns
//!   clockwise and `hlN` their mirror image.
//!
//! On the shorthands a modifier applies to each atom inside: `fK = fWfF` (three forward
//! steps), `fR` the lance.
//!
//! # What is refused, and why
//!
//! A placement is non-attacking when no piece *could capture* another; a move whose
//! reach depends on other pieces or on history has no fixed attack pattern, so these
//! modifiers give [`Error::UnsupportedBetza`] naming the reason: `n` (lame leaps, blocked
//! by a piece in between), `j` (must jump a piece), `p` and `g` (hoppers such as the
//! cannon and the grasshopper), `i` (only an unmoved piece has the move), `e` (en
//! passant), `a` (multi-leg moves), `z` and `q` (crooked and circular paths), and `m`
//! and `c` (move-only and capture-only moves: only captures are attacks, so write the
//! capturing moves alone: a pawn attacks as `fF`). Anything else that does not parse is
//! [`Error::BadBetza`]. Both errors carry the 1-based character position and draw a caret
//! under the offending character.
//!
//! # Canonical form
//!
//! [`canonical`] writes any move list back in one fixed spelling: the moves are first
//! put in normal form by [`normalize_moves`] (`WWW` is `R`, `WR` is `R`, `W2W4` is `R4`;
//! but `WD` stays two leaps and `RD` keeps its leap, since a blocker stops a slide and
//! never a leap), then each atom and range is written with
//! the fewest direction groups a fixed greedy choice finds, shorthands are used where
//! they fit (`WF` → `K`, `WWFF` → `Q`, `W4` → `R4`), and parts come in a fixed order
//! (`K`/`Q`, rook-like, bishop-like, `W`, `F`, then `D N A H C Z G` and other leaps).
//! Parsing the canonical form gives back the same moves, so the form is a normal form
//! of the attack pattern: two strings describe the same piece exactly when their
//! canonical forms are equal.
//!
//! ```
//! use queens::betza::{canonical, normalize, parse};
//! assert_eq!(normalize("NR").unwrap(), "RN");
//! assert_eq!(normalize("WF").unwrap(), "K");
//! assert_eq!(normalize("WWFF").unwrap(), "Q");
//! assert_eq!(parse("NN").unwrap().len(), 8);
//! assert_eq!(canonical(&parse("fW").unwrap()), "fW");
//! let e = parse("QxN").unwrap_err().to_string();
//! assert!(e.contains("character 2"), "{e}");
//! ```
//!
//! # How it is parsed
//! A hand-written scanner over characters (positions are 1-based character indices, for
//! the caret in the errors). A component is `modifiers atom [range | same atom again]`;
//! its moves are the images of the atom's shape `(a, b)` under the 8 symmetries, filtered
//! by the modifiers. How modifier letters group depends on the atom's class (orthogonal:
//! plain union; diagonal: `fl`-style pairs name one direction; oblique: Betza's pairs), so
//! the letters are grouped only once the atom is known. `K Q R B` expand to `W`/`F` with
//! the modifiers applied to each.
//!
//! # The normal form
//! Moves act along rays: a move `(c·p, range r)` (`p` a primitive step) reaches the
//! multiples `c .. r·c` of `p`. Per ray, `normalize_moves` keeps the unlimited steps no
//! other unlimited step divides, then covers the rest of what is reached, smallest first,
//! by the longest run `n, 2n, .. r·n` of reached multiples. The form depends only on the
//! squares reached, so equal attack patterns give equal move lists (and equal
//! `PieceKind`s up to letter and name): `QN` and the built-in amazon, `WD` and `W2` (the
//! same squares once blocking is ignored), `RD` and `R`. A unit test checks this over
//! every set of up to three moves from a small universe on one ray. Range numbers are
//! capped at 1000 (`MAX_RANGE`) so the runs can be listed explicitly.
//!
//! The canonical spelling is computed from the move list alone: moves are grouped by
//! (shape, range), each group's directions covered greedily with the largest direction
//! groups of the class, groups the others cover dropped, and the groups written as one
//! prefix when that prefix reads back to the same directions, else as separate
//! components (`fNlN`, since `flN` is one move). `W`+`F` with equal range and prefix merge
//! into `K`/`Q`; `W`/`F` riders are written `R`/`B`. A unit test writes every subset of
//! directions of W, F, N and (1,4) and parses it back; a proptest does the same for
//! random strings.
//!
//! Why refuse rather than approximate: the engines' correctness rests on attacks being a
//! fixed relation between squares (blocking can be ignored only because attacks go along
//! fixed rays: see `piece`), which a hopper, a lame leaper or an initial move does not
//! have.

use std::collections::BTreeMap;

use crate::error::Error;
use crate::piece::{Move, PieceKind, octo};

/// The largest coordinate accepted in an `(x,y)` leap.
pub const MAX_LEAP: i32 = 999;

/// The largest range number accepted (`W1000`); `0` or a doubled atom is unlimited.
pub const MAX_RANGE: u32 = 1000;

/// How the directions of an atom are arranged, which decides how modifiers read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// `(0, n)`: four directions.
    Orthogonal,
    /// `(n, n)`: four directions.
    Diagonal,
    /// `(x, y)` with `0 < x < y`: eight directions.
    Oblique,
}

/// The class of the atom with shape `(a, b)`, `0 <= a <= b`, `b > 0`.
fn class(a: i32, b: i32) -> Class {
    if a == 0 {
        Class::Orthogonal
    } else if a == b {
        Class::Diagonal
    } else {
        Class::Oblique
    }
}

/// The two-letter direction groups of a class.
fn pairs(c: Class) -> &'static [&'static str] {
    match c {
        Class::Orthogonal => &[],
        Class::Diagonal => &["fl", "fr", "bl", "br", "lf", "rf", "lb", "rb"],
        Class::Oblique => &[
            "ff", "bb", "ll", "rr", "fs", "bs", "lv", "rv", "fl", "fr", "bl", "br", "lf", "rf",
            "lb", "rb", "hl", "hr",
        ],
    }
}

/// Whether the direction group `g` (one letter, or a pair of its class) takes the
/// move `(x, y)`.
fn selects(g: &str, x: i32, y: i32) -> bool {
    let (ax, ay) = (x.abs(), y.abs());
    let chiral = x != 0 && y != 0 && ax != ay;
    match g {
        "f" => y > 0,
        "b" => y < 0,
        "l" => x < 0,
        "r" => x > 0,
        "v" => ay >= ax,
        "s" => ax >= ay,
        "ff" => y > 0 && ay > ax,
        "bb" => y < 0 && ay > ax,
        "ll" => x < 0 && ax > ay,
        "rr" => x > 0 && ax > ay,
        "fs" => y > 0 && ax > ay,
        "bs" => y < 0 && ax > ay,
        "lv" => x < 0 && ay > ax,
        "rv" => x > 0 && ay > ax,
        // Vertical letter first: the wide move (or, on a diagonal, the one move).
        "fl" => y > 0 && x < 0 && ax >= ay,
        "fr" => y > 0 && x > 0 && ax >= ay,
        "bl" => y < 0 && x < 0 && ax >= ay,
        "br" => y < 0 && x > 0 && ax >= ay,
        // Horizontal letter first: the narrow move.
        "lf" => y > 0 && x < 0 && ay >= ax,
        "rf" => y > 0 && x > 0 && ay >= ax,
        "lb" => y < 0 && x < 0 && ay >= ax,
        "rb" => y < 0 && x > 0 && ay >= ax,
        "hr" => chiral && ((x * y > 0) == (ay > ax)),
        "hl" => chiral && ((x * y > 0) != (ay > ax)),
        _ => false,
    }
}

/// Splits modifier letters into direction groups for an atom of class `c`. On failure,
/// the index (into `mods`) of the letter at fault and why.
fn groups(mods: &[char], c: Class) -> Result<Vec<String>, (usize, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < mods.len() {
        if i + 1 < mods.len() {
            let pair: String = mods[i..i + 2].iter().collect();
            if pairs(c).contains(&pair.as_str()) {
                out.push(pair);
                i += 2;
                continue;
            }
        }
        if mods[i] == 'h' {
            let why = if c == Class::Oblique {
                "'h' (half) must be followed by l or r: hl and hr are the chiral halves of an oblique atom"
            } else {
                "'h' (half) picks a chiral half, which only oblique atoms such as N have"
            };
            return Err((i, why.to_string()));
        }
        out.push(mods[i].to_string());
        i += 1;
    }
    Ok(out)
}

/// The moves of one atom `(a, b)` with range `range`, restricted by modifier letters.
fn atom_moves(a: i32, b: i32, range: u32, mods: &[char]) -> Result<Vec<Move>, (usize, String)> {
    let gs = groups(mods, class(a, b))?;
    Ok(octo(a, b)
        .into_iter()
        .filter(|&(x, y)| gs.is_empty() || gs.iter().any(|g| selects(g, x, y)))
        .map(|(x, y)| Move {
            df: x,
            dr: y,
            range,
        })
        .collect())
}

/// Why a lower-case letter that is not a direction modifier is refused, if it is a
/// known Betza modifier; `None` for letters Betza does not define.
fn refusal(c: char) -> Option<&'static str> {
    Some(match c {
        'm' => {
            "'m' marks moves that cannot capture, so they attack nothing: leave them out (a pawn attacks as fF)"
        }
        'c' => {
            "'c' marks capture-only moves, and attacks are exactly the captures: write those moves without 'c' (a pawn attacks as fF)"
        }
        'n' => {
            "'n' makes a lame leap, which a piece on the way blocks, so its attacks depend on other pieces"
        }
        'j' => {
            "'j' makes a move that must jump over a piece, so its attacks depend on other pieces"
        }
        'p' => {
            "'p' makes a hopper (such as the cannon) that needs a piece to jump over, so its attacks depend on other pieces"
        }
        'g' => {
            "'g' makes a hopper (such as the grasshopper) that needs a piece to jump over, so its attacks depend on other pieces"
        }
        'i' => "'i' marks moves only an unmoved piece has, and a placement has no history",
        'e' => "'e' marks en-passant captures, which depend on the previous move",
        'a' => {
            "'a' chains moves through intermediate squares, whose contents matter; multi-leg moves are not in this subset"
        }
        'z' | 'q' => "crooked ('z') and circular ('q') paths are not in this subset",
        'o' => "'o' (cylinder boards) is not in this subset",
        't' | 'x' | 'y' | 'u' | 'd' | 'k' | 'w' => {
            "this extended-Betza modifier is not in this subset, which knows the direction modifiers f b l r v s h"
        }
        _ => return None,
    })
}

/// What a capital letter means as the start of an atom.
enum AtomKind {
    /// A single leap shape `(a, b)`, `a <= b`.
    Leap(i32, i32),
    /// A shorthand: its shapes, and whether it rides by default.
    Short(&'static [(i32, i32)], bool),
}

fn atom_of(c: char) -> Option<AtomKind> {
    Some(match c {
        'W' => AtomKind::Leap(0, 1),
        'F' => AtomKind::Leap(1, 1),
        'D' => AtomKind::Leap(0, 2),
        'N' => AtomKind::Leap(1, 2),
        'A' => AtomKind::Leap(2, 2),
        'H' => AtomKind::Leap(0, 3),
        'C' => AtomKind::Leap(1, 3),
        'Z' => AtomKind::Leap(2, 3),
        'G' => AtomKind::Leap(3, 3),
        'K' => AtomKind::Short(&[(0, 1), (1, 1)], false),
        'Q' => AtomKind::Short(&[(0, 1), (1, 1)], true),
        'R' => AtomKind::Short(&[(0, 1)], true),
        'B' => AtomKind::Short(&[(1, 1)], true),
        _ => return None,
    })
}

/// The parser's state: the characters and where it stands.
struct Reader<'a> {
    text: &'a str,
    chars: &'a [char],
    i: usize,
}

impl Reader<'_> {
    fn bad(&self, at: usize, reason: impl Into<String>) -> Error {
        Error::BadBetza {
            text: self.text.to_string(),
            position: at + 1,
            reason: reason.into(),
        }
    }

    fn refused(&self, at: usize, reason: impl Into<String>) -> Error {
        Error::UnsupportedBetza {
            text: self.text.to_string(),
            position: at + 1,
            reason: reason.into(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    /// Reads decimal digits at the cursor as a number, at most `max`.
    fn number(&mut self, max: u64, what: &str) -> Result<u64, Error> {
        let start = self.i;
        let mut n: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d as u64);
            self.i += 1;
        }
        if self.i == start {
            let found = self.describe(start);
            return Err(self.bad(start, format!("expected a number ({what}), found {found}")));
        }
        if n > max {
            return Err(self.bad(start, format!("{what} {n} is too large (at most {max})")));
        }
        Ok(n)
    }

    /// The character at `at`, in words, for messages.
    fn describe(&self, at: usize) -> String {
        match self.chars.get(at) {
            Some(c) => format!("'{}'", c.escape_debug()),
            None => "the end of the string".into(),
        }
    }

    fn expect(&mut self, want: char, context: &str) -> Result<(), Error> {
        if self.peek() == Some(want) {
            self.i += 1;
            Ok(())
        } else {
            let found = self.describe(self.i);
            Err(self.bad(
                self.i,
                format!("expected '{want}' {context}, found {found}"),
            ))
        }
    }

    /// Reads a `(x,y)` leap at the cursor (which is on the `(`); returns its shape.
    fn leap(&mut self) -> Result<(i32, i32), Error> {
        let open = self.i;
        self.i += 1;
        let x = self.number(MAX_LEAP as u64, "a leap coordinate")? as i32;
        self.expect(',', "between the two coordinates of a leap such as (1,4)")?;
        let y = self.number(MAX_LEAP as u64, "a leap coordinate")? as i32;
        self.expect(')', "to close a leap such as (1,4)")?;
        if x == 0 && y == 0 {
            return Err(self.bad(open, "the leap (0,0) goes nowhere"));
        }
        Ok((x.min(y), x.max(y)))
    }

    /// Reads one component: modifiers, an atom, then doubling or a range.
    fn component(&mut self, out: &mut Vec<Move>) -> Result<(), Error> {
        let mods_start = self.i;
        while let Some(c) = self.peek().filter(char::is_ascii_lowercase) {
            if !"fblrvsh".contains(c) {
                return Err(match refusal(c) {
                    Some(why) => self.refused(self.i, why),
                    None => self.bad(
                        self.i,
                        format!(
                            "'{c}' is not a modifier; the direction modifiers are f b l r v s h"
                        ),
                    ),
                });
            }
            self.i += 1;
        }
        let mods: Vec<char> = self.chars[mods_start..self.i].to_vec();
        let atom_at = self.i;
        let atom = match self.peek() {
            None if mods.is_empty() => return Err(self.bad(atom_at, "expected an atom")),
            None => {
                return Err(self.bad(
                    atom_at,
                    "direction modifiers must be followed by an atom such as W or N",
                ));
            }
            Some('(') => {
                let (a, b) = self.leap()?;
                AtomKind::Leap(a, b)
            }
            Some(c) => match atom_of(c) {
                Some(k) => {
                    self.i += 1;
                    k
                }
                None => return Err(self.bad(atom_at, self.unexpected(c))),
            },
        };
        let atom_text: String = self.chars[atom_at..self.i].iter().collect();
        // A range number, or the same atom again (doubling = unlimited rider).
        let mut range: Option<u32> = None;
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            range = Some(self.number(MAX_RANGE as u64, "the range")? as u32);
        } else if let Some(end) = self.same_atom_follows(&atom) {
            if let AtomKind::Short(..) = atom {
                return Err(self.bad(
                    self.i,
                    format!(
                        "'{atom_text}' is a shorthand and cannot be doubled; doubling makes a rider of a single atom such as WW or NN (Q, R and B already ride)"
                    ),
                ));
            }
            self.i = end;
            range = Some(0);
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(self.bad(
                    self.i,
                    "a doubled atom already rides without limit, so no range number may follow it",
                ));
            }
        }
        let shapes: Vec<(i32, i32)> = match atom {
            AtomKind::Leap(a, b) => vec![(a, b)],
            AtomKind::Short(s, _) => s.to_vec(),
        };
        let range = match (range, &atom) {
            (Some(r), _) => r,
            (None, AtomKind::Short(_, true)) => 0,
            (None, _) => 1,
        };
        for (a, b) in shapes {
            let moves =
                atom_moves(a, b, range, &mods).map_err(|(k, why)| self.bad(mods_start + k, why))?;
            out.extend(moves);
        }
        Ok(())
    }

    /// If the atom just read is written again right here, where that copy ends.
    fn same_atom_follows(&self, atom: &AtomKind) -> Option<usize> {
        match atom {
            AtomKind::Short(..) => {
                let c = self.peek()?;
                (self.i > 0 && self.chars[self.i - 1] == c).then_some(self.i + 1)
            }
            AtomKind::Leap(a, b) => {
                let c = self.peek()?;
                if c == '(' {
                    let mut probe = Reader {
                        text: self.text,
                        chars: self.chars,
                        i: self.i,
                    };
                    let shape = probe.leap().ok()?;
                    (shape == (*a, *b)).then_some(probe.i)
                } else {
                    match atom_of(c)? {
                        AtomKind::Leap(x, y) if (x, y) == (*a, *b) => Some(self.i + 1),
                        _ => None,
                    }
                }
            }
        }
    }

    fn unexpected(&self, c: char) -> String {
        match c {
            '0'..='9' => "a range number must follow an atom, as in W4".into(),
            'O' => "'O' (castling or null move) is not an attack, and not in this subset".into(),
            'U' => "'U' (universal leaper) is not in this subset".into(),
            c if c.is_ascii_uppercase() => format!(
                "'{c}' is not an atom; the atoms are W F D N A H C Z G, the shorthands K Q R B, and leaps written (x,y)"
            ),
            c if c.is_whitespace() => "spaces are not allowed in a Betza string".into(),
            '[' | ']' | '-' | '.' | '&' => format!(
                "'{c}' belongs to extended notations for multi-leg moves, which are not in this subset"
            ),
            c => format!(
                "'{}' is not part of Betza notation; write atoms such as W or N, optionally after modifiers f b l r v s h",
                c.escape_debug()
            ),
        }
    }
}

/// Parses a Betza string into the moves of its attack pattern, normalized (see
/// [`normalize_moves`]).
///
/// ```
/// use queens::betza::parse;
/// use queens::Move;
/// assert_eq!(parse("fW").unwrap(), vec![Move::leap(0, 1)]);
/// assert_eq!(parse("W4").unwrap()[0].range, 4);
/// assert!(parse("gQ").is_err()); // the grasshopper hops: refused
/// assert!(parse("").is_err());
/// ```
pub fn parse(text: &str) -> Result<Vec<Move>, Error> {
    parse_written(text).map(normalize_moves)
}

/// Parses a Betza string into its moves as written, one per atom direction and range,
/// before the normal form (repeats and moves that others cover stay). [`parse`] is this
/// followed by [`normalize_moves`]; tests compare the two on every terrain.
///
/// ```
/// use queens::betza::parse_written;
/// use queens::Move;
/// assert_eq!(parse_written("fWfW").unwrap(), vec![Move::leap(0, 1), Move::leap(0, 1)]);
/// ```
pub fn parse_written(text: &str) -> Result<Vec<Move>, Error> {
    let chars: Vec<char> = text.chars().collect();
    let mut r = Reader {
        text,
        chars: &chars,
        i: 0,
    };
    if r.chars.is_empty() {
        return Err(r.bad(0, "the string is empty; write atoms such as N, or RN"));
    }
    let mut moves = Vec::new();
    while r.i < r.chars.len() {
        r.component(&mut moves)?;
    }
    Ok(moves)
}

/// Rewrites moves into the normal form of their attack pattern on every terrain, so that
/// equal patterns get equal lists (`WW` and `R`, `WR` and `R`, `W2W4` and `R4`, `R2D` and
/// `WD`).
///
/// A move `(c·p, range r)`, with `p` a primitive step, reaches the multiples `k·c` of `p`
/// for `k` up to `r` (every `k` when `r = 0`); on a board with blockers it reaches `k·c`
/// only when none of `c, 2c, … (k-1)·c` holds a blocker. A leap (`r = 1`) is never
/// stopped. So a target `x` on the ray is reached through step `c` under the condition
/// "the multiples of `c` below `x` are free", and when two steps `c | c'` both reach `x`,
/// the condition of `c'` is the weaker (its multiples are among those of `c`): `c` adds
/// nothing there. Whether `x` is reached, for every blocker set, is decided by the steps
/// that reach `x` and that no other reaching step is a multiple of (a monotone formula's
/// minimal terms are unique), and those are what the normal form keeps: each step's
/// range is cut to the last multiple where it is such a step (its first multiple always
/// is: no other step reaches `c` through a multiple of `c`). Equal normal forms therefore mean the same piece on every board,
/// with or without blockers and on the torus; `WD` stays two leaps while `W2` slides
/// (a blocker on the first square stops its second step), and `RD` keeps its `D`.
///
/// ```
/// use queens::betza::normalize_moves;
/// use queens::Move;
/// let m = normalize_moves(vec![Move::leap(1, 0), Move::slide(1, 0), Move::leap(1, 0)]);
/// assert_eq!(m, vec![Move::slide(1, 0)]);
/// let wd = normalize_moves(vec![Move::leap(0, 1), Move::leap(0, 2)]);
/// assert_eq!(wd, vec![Move::leap(0, 1), Move::leap(0, 2)]);
/// let r2d = normalize_moves(vec![Move { df: 0, dr: 1, range: 2 }, Move::leap(0, 2)]);
/// assert_eq!(r2d, wd);
/// ```
pub fn normalize_moves(moves: Vec<Move>) -> Vec<Move> {
    fn gcd(a: i64, b: i64) -> i64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    // Ray (primitive step) -> multiple c -> the longest range of step c (0: unlimited,
    // which beats every finite range).
    let mut rays: BTreeMap<(i64, i64), BTreeMap<i64, u32>> = BTreeMap::new();
    for m in moves.into_iter().filter(|m| (m.df, m.dr) != (0, 0)) {
        let (x, y) = (i64::from(m.df), i64::from(m.dr));
        let g = gcd(x.abs(), y.abs());
        let r = rays
            .entry((x / g, y / g))
            .or_default()
            .entry(g)
            .or_insert(m.range);
        if m.range == 0 || (*r != 0 && m.range > *r) {
            *r = m.range;
        }
    }
    let mut out = Vec::new();
    for ((px, py), steps) in rays {
        // Whether step c's k-th multiple is also reached by a step that c divides.
        let dominated = |c: i64, k: i64| {
            steps.iter().any(|(&d, &r)| {
                d != c && d % c == 0 && (k * c) % d == 0 && (r == 0 || (k * c) / d <= i64::from(r))
            })
        };
        for (&c, &r) in &steps {
            let range = if r == 0 {
                // Unlimited stays unlimited: infinitely many k are coprime to every
                // unlimited multiple's factor, and finite steps dominate finitely many.
                0
            } else {
                (1..=i64::from(r))
                    .rev()
                    .find(|&k| !dominated(c, k))
                    .map_or(1, |k| k as u32)
            };
            out.push(Move {
                df: (px * c) as i32,
                dr: (py * c) as i32,
                range,
            });
        }
    }
    out.sort();
    out
}

/// Direction groups of a class, most inclusive first: the order in which the canonical
/// form tries them.
fn cover_groups(c: Class) -> &'static [&'static str] {
    match c {
        Class::Orthogonal => &["v", "s", "f", "b", "l", "r"],
        Class::Diagonal => &["f", "b", "l", "r", "fl", "fr", "bl", "br"],
        Class::Oblique => &[
            "v", "s", "f", "b", "l", "r", "hl", "hr", "ff", "bb", "ll", "rr", "fs", "bs", "lv",
            "rv", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb",
        ],
    }
}

/// The moves of shape `(a, b)` that the modifier string `mods` selects.
fn selection(a: i32, b: i32, mods: &str) -> Option<Vec<(i32, i32)>> {
    let chars: Vec<char> = mods.chars().collect();
    let gs = groups(&chars, class(a, b)).ok()?;
    Some(
        octo(a, b)
            .into_iter()
            .filter(|&(x, y)| gs.is_empty() || gs.iter().any(|g| selects(g, x, y)))
            .collect(),
    )
}

/// Modifier prefixes, one per written component, that together select exactly
/// `want` (a subset of the images of shape `(a, b)`).
fn prefixes(a: i32, b: i32, want: &[(i32, i32)]) -> Vec<String> {
    let all = octo(a, b);
    if all.iter().all(|m| want.contains(m)) {
        return vec![String::new()];
    }
    let c = class(a, b);
    let sel = |g: &str| -> Vec<(i32, i32)> {
        all.iter()
            .copied()
            .filter(|&(x, y)| selects(g, x, y))
            .collect()
    };
    // Greedy: the most inclusive groups first, each inside `want` and adding something.
    let mut chosen: Vec<&str> = Vec::new();
    let mut covered: Vec<(i32, i32)> = Vec::new();
    for g in cover_groups(c) {
        let s = sel(g);
        if s.iter().all(|m| want.contains(m)) && s.iter().any(|m| !covered.contains(m)) {
            covered.extend(s);
            chosen.push(g);
        }
    }
    // Drop groups the others already cover (later, smaller ones go first).
    let mut i = chosen.len();
    while i > 0 {
        i -= 1;
        let rest: Vec<(i32, i32)> = chosen
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .flat_map(|(_, g)| sel(g))
            .collect();
        if want.iter().all(|m| rest.contains(m)) {
            chosen.remove(i);
        }
    }
    let joined: String = chosen.concat();
    let same = |got: Option<Vec<(i32, i32)>>| {
        got.is_some_and(|g| g.len() == want.len() && want.iter().all(|m| g.contains(m)))
    };
    if same(selection(a, b, &joined)) {
        vec![joined]
    } else {
        // Written together the letters would pair up differently: one component each.
        chosen.into_iter().map(str::to_string).collect()
    }
}

/// The atom letter for shape `(a, b)` (`a <= b`), if it has one.
fn atom_letter(a: i32, b: i32) -> Option<char> {
    Some(match (a, b) {
        (0, 1) => 'W',
        (1, 1) => 'F',
        (0, 2) => 'D',
        (1, 2) => 'N',
        (2, 2) => 'A',
        (0, 3) => 'H',
        (1, 3) => 'C',
        (2, 3) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// How a range is written after an atom that does not ride by default.
fn with_range(atom: &str, range: u32) -> String {
    match range {
        1 => atom.to_string(),
        0 => format!("{atom}{atom}"),
        n => format!("{atom}{n}"),
    }
}

/// A step or an atom's shape, `(x, y)`.
type Shape = (i32, i32);

/// Orders the parts of a canonical string: family, atom, range.
type SortKey = (u64, i32, i32, u64);

/// The canonical Betza string of a move list (see the [module docs](self)).
///
/// ```
/// use queens::betza::{canonical, parse};
/// use queens::PieceKind;
/// assert_eq!(canonical(PieceKind::amazon().moves()), "QN");
/// assert_eq!(canonical(&parse("NRfF").unwrap()), "RfFN");
/// assert_eq!(canonical(&parse("(4,1)").unwrap()), "(1,4)");
/// ```
pub fn canonical(moves: &[Move]) -> String {
    let moves = normalize_moves(moves.to_vec());
    // (shape, range) -> the directions present.
    let mut parts: BTreeMap<(Shape, u32), Vec<Shape>> = BTreeMap::new();
    for m in &moves {
        let (ax, ay) = (m.df.abs(), m.dr.abs());
        let shape = (ax.min(ay), ax.max(ay));
        parts
            .entry((shape, m.range))
            .or_default()
            .push((m.df, m.dr));
    }
    let range_key = |r: u32| -> u64 {
        match r {
            1 => 0,
            0 => u64::MAX,
            n => n as u64,
        }
    };
    // (family, range key, prefix) -> text; families order the output.
    let mut out: Vec<(SortKey, String, String)> = Vec::new();
    let mut done: Vec<((i32, i32), u32)> = Vec::new();
    for (&((a, b), range), want) in &parts {
        let pre = prefixes(a, b, want);
        if (a, b) == (0, 1)
            && let Some(fw) = parts.get(&((1, 1), range))
        {
            let fpre = prefixes(1, 1, fw);
            if pre.len() == 1 && fpre == pre {
                let atom = match range {
                    1 => "K".to_string(),
                    0 => "Q".to_string(),
                    n => format!("Q{n}"),
                };
                out.push(((0, 0, 0, range_key(range)), pre[0].clone(), atom));
                done.push(((1, 1), range));
                continue;
            }
        }
        if done.contains(&((a, b), range)) {
            continue;
        }
        let (family, atom) = match ((a, b), range) {
            ((0, 1), 1) => (3, "W".to_string()),
            ((1, 1), 1) => (4, "F".to_string()),
            ((0, 1), 0) => (1, "R".to_string()),
            ((1, 1), 0) => (2, "B".to_string()),
            ((0, 1), n) => (1, format!("R{n}")),
            ((1, 1), n) => (2, format!("B{n}")),
            _ => match atom_letter(a, b) {
                Some(l) => (5, with_range(&l.to_string(), range)),
                None => (6, with_range(&format!("({a},{b})"), range)),
            },
        };
        // Lettered atoms in the order W F D N A H C Z G, then other leaps by shape.
        let (ka, kb) = match atom_letter(a, b) {
            Some(l) => (0, "WFDNAHCZG".find(l).unwrap_or(0) as i32),
            None => (a, b),
        };
        for p in pre {
            out.push(((family, ka, kb, range_key(range)), p, atom.clone()));
        }
    }
    out.sort();
    out.into_iter().map(|(_, p, a)| format!("{p}{a}")).collect()
}

/// Parses a Betza string and writes it back in canonical form.
///
/// ```
/// assert_eq!(queens::betza::normalize("FfW").unwrap(), "fWF");
/// assert_eq!(queens::betza::normalize("N0").unwrap(), "NN");
/// ```
pub fn normalize(text: &str) -> Result<String, Error> {
    parse(text).map(|m| canonical(&m))
}

// Defined here rather than in `piece` so that the piece model does not depend on the
// Betza normal form (betza uses piece, never the other way round).
impl PieceKind {
    /// Whether mapping every move by `map` (a symmetry of the board, such as
    /// `|x, y| (-x, y)` for the left-right mirror) gives the same attack pattern: only
    /// such symmetries map a problem with this kind onto itself.
    ///
    /// ```
    /// use queens::PieceKind;
    /// let lance = queens::fairy::kind('L', "fR").unwrap();
    /// assert!(lance.is_invariant(|x, y| (-x, y)));
    /// assert!(!lance.is_invariant(|x, y| (x, -y)));
    /// assert!(PieceKind::knight().is_invariant(|x, y| (y, x)));
    /// ```
    pub fn is_invariant(&self, map: impl Fn(i32, i32) -> (i32, i32)) -> bool {
        let image: Vec<Move> = self
            .moves()
            .iter()
            .map(|m| {
                let (df, dr) = map(m.df, m.dr);
                Move {
                    df,
                    dr,
                    range: m.range,
                }
            })
            .collect();
        normalize_moves(image) == normalize_moves(self.moves().to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> Vec<(i32, i32, u32)> {
        let mut v: Vec<_> = parse(text)
            .unwrap()
            .into_iter()
            .map(|m| (m.df, m.dr, m.range))
            .collect();
        v.sort();
        v
    }

    fn leaps(v: &[(i32, i32)]) -> Vec<(i32, i32, u32)> {
        let mut out: Vec<_> = v.iter().map(|&(x, y)| (x, y, 1)).collect();
        out.sort();
        out
    }

    #[test]
    fn atoms_have_their_leaps() {
        for (atom, shape, n) in [
            ("W", (1, 0), 4),
            ("F", (1, 1), 4),
            ("D", (2, 0), 4),
            ("N", (1, 2), 8),
            ("A", (2, 2), 4),
            ("H", (3, 0), 4),
            ("C", (1, 3), 8),
            ("Z", (2, 3), 8),
            ("G", (3, 3), 4),
            ("(1,4)", (1, 4), 8),
            ("(0,5)", (5, 0), 4),
        ] {
            let m = parse(atom).unwrap();
            assert_eq!(m.len(), n, "{atom}");
            assert!(m.iter().all(|m| m.range == 1), "{atom}");
            assert!(
                m.iter().any(|m| (m.df.abs(), m.dr.abs()) == shape),
                "{atom}"
            );
        }
    }

    #[test]
    fn shorthands_and_riders() {
        assert_eq!(parse("K").unwrap(), parse("WF").unwrap());
        assert_eq!(parse("Q").unwrap(), parse("RB").unwrap());
        assert_eq!(parse("R").unwrap(), parse("WW").unwrap());
        assert_eq!(parse("R").unwrap(), parse("W0").unwrap());
        assert_eq!(parse("B").unwrap(), parse("FF").unwrap());
        assert_eq!(parse("K3").unwrap(), parse("W3F3").unwrap());
        assert_eq!(parse("Q3").unwrap(), parse("K3").unwrap());
        assert_eq!(parse("R1").unwrap(), parse("W").unwrap());
        assert_eq!(
            parse("NN").unwrap().iter().filter(|m| m.range == 0).count(),
            8
        );
        assert_eq!(parse("(1,4)(4,1)").unwrap(), parse("(1,4)0").unwrap());
        // Redundant parts vanish: moves with one step merge, longest range first.
        assert_eq!(parse("WWW").unwrap(), parse("R").unwrap());
        assert_eq!(parse("W2W").unwrap(), parse("W2").unwrap());
        // A leap stays a leap: a blocker stops the slide's second step, not the leap.
        assert_ne!(parse("RD").unwrap(), parse("R").unwrap());
        assert_ne!(parse("W2D").unwrap(), parse("W2").unwrap());
        assert_ne!(parse("WD").unwrap(), parse("W2").unwrap());
        assert_ne!(parse("WH").unwrap(), parse("W3").unwrap());
        assert_eq!(parse("QN").unwrap(), crate::PieceKind::amazon().moves());
    }

    #[test]
    fn orthogonal_modifiers_join() {
        assert_eq!(set("fW"), leaps(&[(0, 1)]));
        assert_eq!(set("bW"), leaps(&[(0, -1)]));
        assert_eq!(set("lW"), leaps(&[(-1, 0)]));
        assert_eq!(set("rW"), leaps(&[(1, 0)]));
        assert_eq!(set("vW"), leaps(&[(0, 1), (0, -1)]));
        assert_eq!(set("sW"), leaps(&[(1, 0), (-1, 0)]));
        assert_eq!(set("flW"), leaps(&[(0, 1), (-1, 0)]));
        assert_eq!(set("fR"), vec![(0, 1, 0)]);
    }

    #[test]
    fn diagonal_modifiers_pair() {
        assert_eq!(set("fF"), leaps(&[(1, 1), (-1, 1)]));
        assert_eq!(set("lF"), leaps(&[(-1, 1), (-1, -1)]));
        assert_eq!(set("flF"), leaps(&[(-1, 1)]));
        assert_eq!(set("lfF"), leaps(&[(-1, 1)]));
        assert_eq!(set("brF"), leaps(&[(1, -1)]));
        assert_eq!(set("flbrF"), leaps(&[(-1, 1), (1, -1)]));
        assert_eq!(set("vF"), set("F"));
        assert_eq!(set("fbF"), set("F"));
    }

    #[test]
    fn oblique_modifiers_follow_betza() {
        assert_eq!(set("fN"), leaps(&[(1, 2), (-1, 2), (2, 1), (-2, 1)]));
        assert_eq!(set("ffN"), leaps(&[(1, 2), (-1, 2)]));
        assert_eq!(set("fsN"), leaps(&[(2, 1), (-2, 1)]));
        assert_eq!(set("vN"), leaps(&[(1, 2), (-1, 2), (1, -2), (-1, -2)]));
        assert_eq!(set("sN"), leaps(&[(2, 1), (-2, 1), (2, -1), (-2, -1)]));
        assert_eq!(set("llN"), leaps(&[(-2, 1), (-2, -1)]));
        assert_eq!(set("rvN"), leaps(&[(1, 2), (1, -2)]));
        assert_eq!(set("frN"), leaps(&[(2, 1)]));
        assert_eq!(set("rfN"), leaps(&[(1, 2)]));
        assert_eq!(set("hrN"), leaps(&[(1, 2), (2, -1), (-1, -2), (-2, 1)]));
        assert_eq!(set("hlN"), leaps(&[(-1, 2), (-2, -1), (1, -2), (2, 1)]));
        // Betza's crab and barc.
        assert_eq!(set("ffNbsN"), leaps(&[(1, 2), (-1, 2), (2, -1), (-2, -1)]));
        assert_eq!(set("fsNbbN"), leaps(&[(2, 1), (-2, 1), (1, -2), (-1, -2)]));
    }

    #[test]
    fn compound_modifiers_apply_to_each_atom() {
        assert_eq!(set("fK"), leaps(&[(0, 1), (1, 1), (-1, 1)]));
        assert_eq!(
            set("WfF"),
            leaps(&[(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1)])
        );
    }

    #[test]
    fn canonical_forms() {
        for (text, want) in [
            ("K", "K"),
            ("WF", "K"),
            ("FW", "K"),
            ("RB", "Q"),
            ("WWFF", "Q"),
            ("NQ", "QN"),
            ("NR", "RN"),
            ("NB", "BN"),
            ("NN", "NN"),
            ("N0", "NN"),
            ("W4", "R4"),
            ("WD", "WD"),
            ("R2D", "WD"),
            ("WDH", "WDH"),
            ("WW", "R"),
            ("WR", "R"),
            ("W2W4", "R4"),
            ("RD", "RD"),
            ("FA", "FA"),
            ("F2", "B2"),
            ("WH", "WH"),
            ("DH", "DH"),
            ("D2", "D2"),
            ("DDW", "WDD"),
            ("DD(0,3)(0,3)W", "WDDHH"),
            ("K2", "Q2"),
            ("RF", "RF"),
            ("WB", "BW"),
            ("FfW", "fWF"),
            ("fWfF", "fK"),
            ("fWF", "fWF"),
            ("WfF", "WfF"),
            ("ffNbsN", "ffbsN"),
            ("fsNbbN", "bbfsN"),
            ("fNlN", "fNlN"),
            ("(4,1)", "(1,4)"),
            ("(1,4)(1,4)", "(1,4)(1,4)"),
            ("(2,0)", "D"),
            ("fbW", "vW"),
            ("flbrF", "flbrF"),
            ("hrN", "hrN"),
            ("NC", "NC"),
            ("CN", "NC"),
            ("GZCHANDFW", "KDNAHCZG"),
            ("GZCN", "NCZG"),
        ] {
            assert_eq!(normalize(text).unwrap(), want, "{text}");
            assert_eq!(normalize(want).unwrap(), want, "{want} is canonical");
        }
    }

    #[test]
    fn every_subset_round_trips() {
        // Every set of directions of every class has a canonical spelling that parses
        // back to exactly that set.
        for (a, b, letter) in [(0, 1, "W"), (1, 1, "F"), (1, 2, "N"), (1, 4, "(1,4)")] {
            let all = octo(a, b);
            for mask in 1u32..(1 << all.len()) {
                let want: Vec<Move> = all
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, &(x, y))| Move::leap(x, y))
                    .collect();
                let text = canonical(&want);
                let back = parse(&text).unwrap_or_else(|e| panic!("{letter} {mask}: {e}"));
                assert_eq!(
                    back,
                    normalize_moves(want.clone()),
                    "{letter} {mask}: {text}"
                );
            }
        }
    }

    #[test]
    fn normal_form_depends_only_on_the_attacks_on_every_terrain() {
        // Every set of up to three moves along one ray, from a small universe: sets that
        // reach the same squares whatever blockers stand on the ray get the same normal
        // form, and the form reaches what the set reaches, blockers or not.
        let universe: Vec<Move> = (1..=4)
            .flat_map(|c| {
                [0, 1, 2, 3].map(|r| Move {
                    df: c,
                    dr: 0,
                    range: r,
                })
            })
            .collect();
        // The squares 1..=24 of the ray that the moves reach with blockers on the
        // squares of `blocked` (a bit set): a slide stops at its first blocker.
        let reach = |ms: &[Move], blocked: u32| -> Vec<i32> {
            let is_blocked = |x: i32| x < 32 && blocked & (1 << x) != 0;
            (1..=24)
                .filter(|&x| {
                    !is_blocked(x)
                        && ms.iter().any(|m| {
                            let k = x / m.df;
                            x % m.df == 0
                                && (m.range == 0 || k <= m.range as i32)
                                && (1..k).all(|j| !is_blocked(j * m.df))
                        })
                })
                .collect()
        };
        // Every blocker set on the squares 1..=8 (bit 0 unused).
        let signature =
            |ms: &[Move]| -> Vec<Vec<i32>> { (0..256u32).map(|b| reach(ms, b << 1)).collect() };
        let mut seen: BTreeMap<Vec<Vec<i32>>, Vec<Move>> = BTreeMap::new();
        let n = universe.len();
        for i in 0..n {
            for j in i..n {
                for k in j..n {
                    let set = vec![universe[i], universe[j], universe[k]];
                    let norm = normalize_moves(set.clone());
                    let sig = signature(&set);
                    assert_eq!(signature(&norm), sig, "{set:?} -> {norm:?}");
                    let prev = seen.entry(sig).or_insert_with(|| norm.clone());
                    assert_eq!(prev, &norm, "{set:?}");
                }
            }
        }
    }

    fn err(text: &str) -> (usize, String, bool) {
        match parse(text).unwrap_err() {
            Error::BadBetza {
                position, reason, ..
            } => (position, reason, false),
            Error::UnsupportedBetza {
                position, reason, ..
            } => (position, reason, true),
            e => panic!("unexpected error {e}"),
        }
    }

    #[test]
    fn errors_point_at_the_character() {
        assert_eq!(err("QxN").0, 2);
        assert_eq!(err("").0, 1);
        assert_eq!(err("fR4f").0, 5);
        assert_eq!(err("4W").0, 1);
        assert_eq!(err("RX").0, 2);
        assert_eq!(err("(1,4").0, 5);
        assert_eq!(err("(1;4)").0, 3);
        assert_eq!(err("(0,0)").0, 1);
        assert_eq!(err("(1000,1)").0, 2);
        assert_eq!(err("W99999999999").0, 2);
        assert_eq!(err("QQ").0, 2);
        assert_eq!(err("NN2").0, 3);
        assert_eq!(err("hW").0, 1);
        assert_eq!(err("hN").0, 1);
        assert_eq!(err("R N").0, 2);
        let (pos, why, refused) = err("gQ");
        assert!(refused && pos == 1 && why.contains("hopper"), "{why}");
        let (pos, why, refused) = err("KnD");
        assert!(refused && pos == 2 && why.contains("lame"), "{why}");
        let (_, why, refused) = err("fmWfcF");
        assert!(refused && why.contains("fF"), "{why}");
        for m in ['j', 'p', 'i', 'e', 'a', 'z', 'q', 'c'] {
            assert!(err(&format!("{m}W")).2, "{m} is refused with a reason");
        }
    }

    #[test]
    fn error_message_draws_a_caret() {
        let e = parse("QxN").unwrap_err().to_string();
        assert!(e.contains("\n  QxN\n   ^"), "{e}");
    }
}
