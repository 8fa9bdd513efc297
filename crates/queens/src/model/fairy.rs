//! Fairy pieces by name and by definition: the named pieces players know, the
//! `LETTER=BETZA` definitions that add kinds to a [`Catalog`], and move diagrams.
//!
//! Everything here is a thin layer over [`crate::betza`]: a named piece is a Betza
//! string, a definition is a letter and a Betza string (or a name), and the kind it
//! makes is an ordinary [`PieceKind`] that every engine handles like the built-ins.
//!
//! The built-in letters K N B R Q A cannot be redefined: other parts of the program
//! (the default spec of queens, the `[1,5,8,...]` permutation form, engines dedicated to
//! queens or bishops) take those letters at their word, so a run where `Q` meant
//! something else would be a trap. Each letter may be defined once per catalog.
//!
//! ```
//! use queens::fairy::catalog_with;
//! let c = catalog_with(&["C=RN", "Z=nightrider"]).unwrap();
//! assert_eq!(c.get('C').unwrap().name(), "chancellor");
//! assert_eq!(c.get('Z').unwrap().notation(), "NN");
//! assert!(catalog_with(&["Q=RN"]).is_err()); // built-in letter
//! ```
//!
//! A definition's path: `--piece C=RN` → `definition` (letter checks; a name is looked up
//! in `NAMED`, otherwise the text is Betza) → `betza::parse` → `PieceKind::new(letter,
//! name, canonical, moves)` → `Catalog::define`. The command line builds its catalog this
//! way for every command, so a defined letter works in SPEC, PLACEMENT and every job, and
//! no engine knows a kind came from Betza.

use crate::betza;
use crate::board::{Board, Square};
use crate::error::Error;
use crate::piece::{Catalog, Move, PieceKind};

/// A named fairy piece: its name, other names, its Betza string and a short note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    /// The name, lower case (words joined by `-`).
    pub name: &'static str,
    /// Other names it goes by.
    pub aliases: &'static [&'static str],
    /// Its moves in Betza notation.
    pub betza: &'static str,
    /// What it is, in a few words.
    pub note: &'static str,
}

const fn named(
    name: &'static str,
    aliases: &'static [&'static str],
    betza: &'static str,
    note: &'static str,
) -> Named {
    Named {
        name,
        aliases,
        betza,
        note,
    }
}

/// The named pieces, the six built-in kinds first.
pub const NAMED: &[Named] = &[
    named("king", &["mann", "commoner"], "K", "one step any way"),
    named("knight", &[], "N", "the (1,2) leap"),
    named("bishop", &[], "B", "diagonal rider"),
    named("rook", &[], "R", "orthogonal rider"),
    named("queen", &[], "Q", "rook + bishop"),
    named("amazon", &[], "QN", "queen + knight"),
    named("wazir", &[], "W", "the (1,0) leap"),
    named("ferz", &["fers"], "F", "the (1,1) leap"),
    named("dabbaba", &[], "D", "the (2,0) leap"),
    named("alfil", &[], "A", "the (2,2) leap"),
    named("threeleaper", &[], "H", "the (3,0) leap"),
    named("camel", &[], "C", "the (1,3) leap"),
    named("zebra", &[], "Z", "the (2,3) leap"),
    named("tripper", &[], "G", "the (3,3) leap"),
    named("giraffe", &[], "(1,4)", "the (1,4) leap"),
    named("nightrider", &[], "NN", "rides along knight lines"),
    named("camelrider", &[], "CC", "rides along camel lines"),
    named("zebrarider", &[], "ZZ", "rides along zebra lines"),
    named("chancellor", &["marshal", "empress"], "RN", "rook + knight"),
    named(
        "archbishop",
        &["cardinal", "princess"],
        "BN",
        "bishop + knight",
    ),
    named("centaur", &[], "KN", "king + knight"),
    named("gnu", &["wildebeest"], "NC", "knight + camel"),
    named("bison", &[], "CZ", "camel + zebra"),
    named("buffalo", &[], "NCZ", "knight + camel + zebra"),
    named("kirin", &[], "FD", "ferz + dabbaba"),
    named("phoenix", &[], "WA", "wazir + alfil"),
    named("squirrel", &[], "NAD", "knight + alfil + dabbaba"),
    named("dragon-king", &[], "RF", "shogi promoted rook"),
    named("dragon-horse", &[], "BW", "shogi promoted bishop"),
    named("lance", &[], "fR", "shogi lance: forward only"),
    named("gold-general", &["gold"], "WfF", "shogi gold general"),
    named("silver-general", &["silver"], "FfW", "shogi silver general"),
    named("crab", &[], "ffNbsN", "Betza's crab"),
    named("barc", &[], "fsNbbN", "Betza's barc"),
    named("pawn", &[], "fF", "a white pawn's captures (its attacks)"),
];

/// Well-known pieces that cannot be placed by this program, and why.
const REFUSED: &[(&str, &str)] = &[
    (
        "grasshopper",
        "the grasshopper hops over another piece, so its attacks depend on other pieces",
    ),
    (
        "cannon",
        "the cannon captures by hopping over another piece, so its attacks depend on other pieces",
    ),
    (
        "pao",
        "the pao captures by hopping over another piece, so its attacks depend on other pieces",
    ),
    (
        "mao",
        "the mao is a lame knight, blocked by a piece beside it, so its attacks depend on other pieces",
    ),
    (
        "rose",
        "the rose rides along a circle of knight moves, a curved path outside this subset",
    ),
];

/// The named piece called `name` (or one of its aliases), ignoring case.
///
/// ```
/// let n = queens::fairy::lookup("Marshal").unwrap();
/// assert_eq!((n.name, n.betza), ("chancellor", "RN"));
/// assert!(queens::fairy::lookup("grasshopper").is_none());
/// ```
pub fn lookup(name: &str) -> Option<&'static Named> {
    let name = name.to_ascii_lowercase();
    NAMED
        .iter()
        .find(|n| n.name == name || n.aliases.contains(&name.as_str()))
}

/// Why the well-known piece called `name` (ignoring case) cannot be placed, when it is
/// one of those this program refuses, such as the grasshopper.
///
/// ```
/// assert!(queens::fairy::refusal("Grasshopper").unwrap().contains("hops"));
/// assert!(queens::fairy::refusal("knight").is_none());
/// ```
pub fn refusal(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    REFUSED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, why)| *why)
}

/// Whether `text` reads as a piece name rather than a Betza string: lower-case
/// letters and dashes only (a Betza string needs a capital atom).
pub fn is_name_like(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_lowercase() || c == '-')
}

/// The name of the named piece with exactly these moves, if any.
///
/// ```
/// let m = queens::betza::parse("NR").unwrap();
/// assert_eq!(queens::fairy::name_of(&m), Some("chancellor"));
/// ```
pub fn name_of(moves: &[Move]) -> Option<&'static str> {
    let moves = betza::normalize_moves(moves.to_vec());
    NAMED
        .iter()
        .find(|n| betza::parse(n.betza).is_ok_and(|m| m == moves))
        .map(|n| n.name)
}

/// Whether `letter` names one of the built-in kinds (K N B R Q A).
pub fn is_builtin(letter: char) -> bool {
    PieceKind::standard().iter().any(|k| k.letter() == letter)
}

/// The kind called `letter` whose moves are `text`: a piece name (see [`NAMED`]) or a
/// Betza string. Its name is the piece's name, or the name of the named piece with
/// the same moves, or else its canonical Betza string.
///
/// ```
/// use queens::fairy::kind;
/// let k = kind('C', "chancellor").unwrap();
/// assert_eq!((k.letter(), k.notation()), ('C', "RN"));
/// let k = kind('L', "fWfF").unwrap();
/// assert_eq!((k.name(), k.notation()), ("fK", "fK"));
/// assert!(kind('X', "grasshopper").is_err());
/// ```
pub fn kind(letter: char, text: &str) -> Result<PieceKind, Error> {
    let def = || format!("{letter}={text}");
    let (moves, name) = if let Some(n) = lookup(text) {
        (betza::parse(n.betza)?, Some(n.name))
    } else if let Some(why) = refusal(text) {
        return Err(Error::BadPieceDefinition {
            text: def(),
            reason: format!("{why}, so it cannot be placed"),
        });
    } else if is_name_like(text) {
        return Err(Error::BadPieceDefinition {
            text: def(),
            reason: format!(
                "'{text}' is not a known piece name (see `queens pieces`), and a Betza string needs a capital atom such as W or N; the names are {}",
                NAMED.iter().map(|n| n.name).collect::<Vec<_>>().join(", ")
            ),
        });
    } else {
        (betza::parse(text)?, None)
    };
    let notation = betza::canonical(&moves);
    let name = name.or_else(|| name_of(&moves));
    PieceKind::new(letter, name.unwrap_or(&notation), &notation, moves)
}

/// Parses one definition `LETTER=BETZA` or `LETTER=NAME` into a kind.
///
/// ```
/// let k = queens::fairy::definition("C=RN").unwrap();
/// assert_eq!((k.letter(), k.name()), ('C', "chancellor"));
/// assert!(queens::fairy::definition("RN").is_err());
/// assert!(queens::fairy::definition("c=RN").is_err());
/// ```
pub fn definition(text: &str) -> Result<PieceKind, Error> {
    let bad = |reason: &str| Error::BadPieceDefinition {
        text: text.to_string(),
        reason: reason.to_string(),
    };
    let Some((left, right)) = text.split_once('=') else {
        return Err(bad(
            "write LETTER=BETZA or LETTER=NAME, such as C=RN or C=chancellor",
        ));
    };
    let mut chars = left.chars();
    let letter = match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => c,
        _ => {
            return Err(bad(
                "the part before '=' must be one capital letter A-Z, the piece's letter",
            ));
        }
    };
    if right.is_empty() {
        return Err(bad(
            "the part after '=' is empty; give a Betza string or a name",
        ));
    }
    if is_builtin(letter) {
        return Err(bad(&format!(
            "{letter} is the built-in {}; pick another letter for a new kind",
            Catalog::standard()
                .get(letter)
                .map(|k| k.name().to_string())
                .unwrap_or_default()
        )));
    }
    kind(letter, right)
}

/// The built-in catalog plus the kinds `defs` define (`LETTER=BETZA` or
/// `LETTER=NAME` each). A letter may be defined once; built-in letters not at all.
pub fn catalog_with<S: AsRef<str>>(defs: &[S]) -> Result<Catalog, Error> {
    let mut catalog = Catalog::standard();
    let mut defined: Vec<char> = Vec::new();
    for d in defs {
        let kind = definition(d.as_ref())?;
        if defined.contains(&kind.letter()) {
            return Err(Error::BadPieceDefinition {
                text: d.as_ref().to_string(),
                reason: format!("{} is already defined in this run", kind.letter()),
            });
        }
        defined.push(kind.letter());
        catalog.define(kind);
    }
    Ok(catalog)
}

/// A `size × size` diagram (odd sizes centre the piece) of the squares a piece with
/// `moves` attacks from the centre: `centre` on its own square, `x` on attacked
/// squares, `.` elsewhere; top rank (forward) first, one line per rank.
///
/// ```
/// let d = queens::fairy::diagram(queens::PieceKind::knight().moves(), 5, 'N');
/// assert_eq!(d, vec![
///     ". x . x .",
///     "x . . . x",
///     ". . N . .",
///     "x . . . x",
///     ". x . x .",
/// ]);
/// ```
pub fn diagram(moves: &[Move], size: u32, centre: char) -> Vec<String> {
    let size = size.max(1);
    let board = Board::square(size).expect("a positive size is a board");
    let probe = PieceKind::new('X', "", "", moves.to_vec()).expect("X is a letter");
    let c = Square::new(size / 2, size / 2);
    let hit: Vec<Square> = probe.attacks(&board, c).collect();
    (0..size)
        .rev()
        .map(|rank| {
            (0..size)
                .map(|file| {
                    let s = Square::new(file, rank);
                    if s == c {
                        centre.to_string()
                    } else if hit.contains(&s) {
                        "x".into()
                    } else {
                        ".".into()
                    }
                })
                .collect::<Vec<String>>()
                .join(" ")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_pieces_parse_and_are_canonical_where_built_in() {
        for n in NAMED {
            let m = betza::parse(n.betza).unwrap_or_else(|e| panic!("{}: {e}", n.name));
            assert!(!m.is_empty());
            assert_eq!(lookup(n.name), Some(n));
            for a in n.aliases {
                assert_eq!(lookup(a), Some(n));
            }
        }
        for k in PieceKind::standard() {
            assert_eq!(betza::canonical(k.moves()), k.notation(), "{k}");
            assert_eq!(name_of(k.moves()), Some(k.name()), "{k}");
        }
        // No two named pieces have the same moves.
        for (i, a) in NAMED.iter().enumerate() {
            for b in &NAMED[i + 1..] {
                assert_ne!(
                    betza::parse(a.betza).unwrap(),
                    betza::parse(b.betza).unwrap(),
                    "{} and {}",
                    a.name,
                    b.name
                );
            }
        }
    }

    #[test]
    fn definitions() {
        let c = catalog_with(&["C=chancellor", "Z=NN", "L=fR"]).unwrap();
        assert_eq!(c.get('C').unwrap().moves(), betza::parse("RN").unwrap());
        assert_eq!(c.get('Z').unwrap().name(), "nightrider");
        assert_eq!(c.get('L').unwrap().name(), "lance");
        assert!(!c.get('L').unwrap().is_symmetric());
        for bad in [
            "C",
            "=RN",
            "CC=RN",
            "c=RN",
            "C=",
            "Q=RN",
            "A=QN",
            "C=RN,Z=NN",
            "C=foo",
            "C=gQ",
            "C=grasshopper",
            "C=QxN",
            "1=RN",
            "é=RN",
        ] {
            assert!(catalog_with(&[bad]).is_err(), "{bad}");
        }
        assert!(catalog_with(&["C=RN", "C=BN"]).is_err());
        let e = catalog_with(&["Q=RN"]).unwrap_err().to_string();
        assert!(e.contains("built-in queen"), "{e}");
    }

    #[test]
    fn diagrams_show_asymmetry() {
        let d = diagram(&betza::parse("fR").unwrap(), 5, 'L');
        assert_eq!(d[0], ". . x . .");
        assert_eq!(d[1], ". . x . .");
        assert_eq!(d[2], ". . L . .");
        assert_eq!(d[3], ". . . . .");
    }
}
