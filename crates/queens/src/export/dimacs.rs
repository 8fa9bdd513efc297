//! DIMACS CNF out, and a SAT solver's model (its `s`/`v` lines) back in.
//!
//! The written file is the `Encoding`'s formula as it stands, headed by comment lines
//! that say what it encodes and which piece each piece variable stands for
//! (`c var 12 Q@d2`), so that a model can be decoded from the file alone, with no
//! other input ([`VarMap::from_dimacs`]).
//!
//! Header: `c board 8x8`, `c pieces 8Q`, `c fixed ...`, then `c var N K@square` for every
//! piece variable, then the formula. `queens decode` maps a foreign model back through
//! those comments, or by encoding the problem given on the command line again.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::board::{Board, Square};
use crate::error::Error;
use crate::piece::Catalog;
use crate::problem::{Piece, Placement, Problem, format_spec};
use crate::sat::encode::Encoding;

/// The DIMACS text of `problem`'s encoding, with the comment header.
///
/// ```
/// use queens::{export::{export, Format}, Problem};
/// let p = Problem::queens(4).unwrap();
/// let text = export(&p, Format::Dimacs).unwrap();
/// assert!(text.contains("c var 1 Q@a1\n") && text.contains("c var 16 Q@d4\n"));
/// assert!(text.lines().any(|l| l.starts_with("p cnf ")));
/// ```
pub(crate) fn write(problem: &Problem, encoding: &Encoding) -> String {
    let cnf = encoding.cnf();
    let mut out =
        String::with_capacity(cnf.num_literals() * 6 + 64 * encoding.piece_vars() as usize);
    let _ = writeln!(out, "c queens: non-attacking pieces as CNF");
    let _ = writeln!(out, "c board {}", problem.board());
    for def in definitions(problem) {
        let _ = writeln!(out, "c piece {def}");
    }
    let _ = writeln!(out, "c pieces {}", format_spec(problem.pieces()));
    if !problem.fixed().is_empty() {
        let _ = writeln!(out, "c fixed {}", problem.fixed());
    }
    if !problem.terrain().is_plain() {
        // `decode` rebuilds a plain board from this header: it refuses such files
        // rather than judge an answer by the wrong rules.
        let _ = writeln!(
            out,
            "c terrain holes, blockers, torus or regions (not decodable)"
        );
    }
    let _ = writeln!(
        out,
        "c variables 1..{} are pieces (kind@square, true = the piece stands there); the rest are auxiliary",
        encoding.piece_vars()
    );
    for v in 1..=encoding.piece_vars() {
        let p = encoding.piece(v).expect("a piece variable");
        let _ = writeln!(out, "c var {v} {}@{}", p.kind, p.square);
    }
    cnf.write_dimacs(&mut out);
    out
}

/// The `LETTER=BETZA` definitions of the problem's kinds that are not built in, so that
/// a file written for fairy pieces can be decoded without repeating `--piece`.
fn definitions(problem: &Problem) -> Vec<String> {
    let mut defs: Vec<String> = problem
        .pieces()
        .iter()
        .map(|p| &p.kind)
        .filter(|k| !crate::fairy::is_builtin(k.letter()))
        .map(|k| format!("{}={}", k.letter(), k.notation()))
        .collect();
    defs.dedup();
    defs
}

/// What a SAT solver answered, read from its `s` and `v` lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `s SATISFIABLE`, with the variables the `v` lines set true.
    Sat(Vec<u32>),
    /// `s UNSATISFIABLE`.
    Unsat,
}

/// Reads a solver's output in the SAT-competition format: `s SATISFIABLE` or
/// `s UNSATISFIABLE`, then `v` lines of literals ending with 0. Comment (`c`) lines and
/// anything before the `s` line are skipped. A bare model (literals without the `s` and
/// `v` prefixes, as picosat's and minisat's result files hold after `SAT`) is read too.
///
/// ```
/// use queens::export::dimacs::{read_answer, Answer};
/// let out = "c solved\ns SATISFIABLE\nv -1 2 -3\nv 4 0\n";
/// assert_eq!(read_answer(out).unwrap(), Answer::Sat(vec![2, 4]));
/// assert_eq!(read_answer("s UNSATISFIABLE\n").unwrap(), Answer::Unsat);
/// assert!(read_answer("s UNKNOWN\n").is_err());
/// ```
pub fn read_answer(text: &str) -> Result<Answer, Error> {
    let bad = |reason: String| Error::BadModel { reason };
    let mut status: Option<bool> = None;
    let mut truths = Vec::new();
    let mut ended = false;
    for (no, line) in text.lines().enumerate() {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let first = match words.next() {
            None | Some("c") => continue,
            Some(w) => w,
        };
        let lits: Box<dyn Iterator<Item = &str>> = match first {
            "s" => {
                let rest: Vec<&str> = words.collect();
                status = Some(match rest.join(" ").as_str() {
                    "SATISFIABLE" => true,
                    "UNSATISFIABLE" => false,
                    other => {
                        return Err(bad(format!(
                            "line {}: the solver answered '{other}', not SATISFIABLE or UNSATISFIABLE",
                            no + 1
                        )));
                    }
                });
                continue;
            }
            "SAT" | "SATISFIABLE" if words.clone().next().is_none() => {
                status = Some(true);
                continue;
            }
            "UNSAT" | "UNSATISFIABLE" if words.clone().next().is_none() => {
                status = Some(false);
                continue;
            }
            "v" => Box::new(words),
            _ if first.starts_with(['-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) => {
                Box::new(std::iter::once(first).chain(words))
            }
            _ => continue,
        };
        for w in lits {
            let l: i64 = w
                .parse()
                .map_err(|_| bad(format!("line {}: '{w}' is not a literal", no + 1)))?;
            if l == 0 {
                ended = true;
            } else if l > 0 {
                let v = u32::try_from(l)
                    .map_err(|_| bad(format!("line {}: variable {l} is out of range", no + 1)))?;
                truths.push(v);
            }
        }
    }
    match status {
        Some(false) => Ok(Answer::Unsat),
        Some(true) if ended || !truths.is_empty() => Ok(Answer::Sat(truths)),
        Some(true) => Err(bad(
            "the solver said SATISFIABLE but printed no model (v lines)".into(),
        )),
        None => Err(bad(
            "no 's SATISFIABLE' or 's UNSATISFIABLE' line was found".into(),
        )),
    }
}

/// Which piece each piece variable stands for, and the problem the formula encodes,
/// as read back from the comment header that [`write`] puts in a DIMACS file.
#[derive(Clone, Debug)]
pub struct VarMap {
    /// The board (from `c board`).
    pub board: Board,
    /// The piece spec text (from `c pieces`).
    pub pieces: String,
    /// The fixed pieces text (from `c fixed`), empty when none.
    pub fixed: String,
    /// Definitions `LETTER=BETZA` of the kinds that are not built in (from `c piece`).
    pub definitions: Vec<String>,
    vars: BTreeMap<u32, Piece>,
    /// Variables of the whole formula, auxiliary ones included (from `p cnf`): what a
    /// solver's answer may name, which bounds its length.
    variables: u32,
}

impl VarMap {
    /// The map of an [`Encoding`].
    /// The variable map of `problem`'s DIMACS export (the same encoding).
    ///
    /// ```
    /// let map = queens::export::dimacs::VarMap::for_problem(&queens::Problem::queens(4).unwrap()).unwrap();
    /// assert_eq!(map.board.to_string(), "4x4");
    /// ```
    pub fn for_problem(problem: &Problem) -> Result<VarMap, Error> {
        Ok(VarMap::of(problem, &Encoding::new(problem)?))
    }

    pub(crate) fn of(problem: &Problem, encoding: &Encoding) -> VarMap {
        VarMap {
            board: *problem.board(),
            pieces: format_spec(problem.pieces()),
            fixed: problem.fixed().to_string(),
            definitions: definitions(problem),
            vars: (1..=encoding.piece_vars())
                .map(|v| (v, encoding.piece(v).expect("a piece variable")))
                .collect(),
            variables: encoding.cnf().num_vars(),
        }
    }

    /// Variables of the whole formula, auxiliary ones included: a solver's answer
    /// names each at most once, so its length is bounded by
    /// [`Limit::solver_output`](crate::text::Limit::solver_output) of this.
    pub fn variables(&self) -> u32 {
        self.variables
    }

    /// Reads the header of a DIMACS file from `input` (named `what` in sentences) up to
    /// its `p cnf` line and no further, as [`VarMap::from_dimacs`] reads it: the formula
    /// after it is never read, and a header longer than
    /// [`Limit::dimacs_header`](crate::text::Limit::dimacs_header) is refused as soon
    /// as it passes it.
    ///
    /// ```
    /// use queens::{export::{dimacs::VarMap, export, Format}, Catalog, Problem};
    /// let text = export(&Problem::queens(4).unwrap(), Format::Dimacs).unwrap();
    /// let map = VarMap::read(&mut text.as_bytes(), &Catalog::standard(), "the file").unwrap();
    /// assert_eq!(map.board.to_string(), "4x4");
    /// ```
    pub fn read(
        input: &mut dyn std::io::Read,
        catalog: &Catalog,
        what: &str,
    ) -> Result<VarMap, Error> {
        let head = crate::text::read_bounded_head(
            input,
            &crate::text::Limit::dimacs_header(),
            what,
            &|line| line.starts_with(b"p"),
        )?;
        VarMap::from_dimacs(&head, catalog)
    }

    /// Reads the header of a DIMACS file written by [`write`]; kinds defined in its
    /// `c piece` lines join `catalog`. A file that is not DIMACS, or whose header is
    /// missing or bad, is an [`Error::BadCnf`] (the file is at fault, not a model).
    ///
    /// ```
    /// use queens::{export::{dimacs::VarMap, export, Format}, Catalog, Problem};
    /// let p = Problem::queens(4).unwrap();
    /// let text = export(&p, Format::Dimacs).unwrap();
    /// let map = VarMap::from_dimacs(&text, &Catalog::standard()).unwrap();
    /// assert_eq!(map.decode(&[2, 8, 9, 15]).to_string(), "Qa3 Qb1 Qc4 Qd2");
    /// let e = VarMap::from_dimacs("hello\n", &Catalog::standard()).unwrap_err();
    /// assert!(e.to_string().starts_with("bad CNF file: "), "{e}");
    /// ```
    pub fn from_dimacs(text: &str, catalog: &Catalog) -> Result<VarMap, Error> {
        let bad = |reason: String| Error::BadCnf { reason };
        let at = |no: usize, e: Error| bad(format!("line {}: {e}", no + 1));
        let mut board = None;
        let mut pieces = None;
        let mut fixed = String::new();
        let mut vars = BTreeMap::new();
        let mut catalog = catalog.clone();
        let mut definitions = Vec::new();
        let mut problem_line = false;
        let mut variables = 0;
        // The header alone is bounded: a text given whole is held to the limit of one
        // read from a file.
        let limit = crate::text::Limit::dimacs_header();
        let mut at_byte = 0u64;
        for (no, line) in text.lines().enumerate() {
            at_byte += line.len() as u64 + 1;
            if at_byte > limit.bytes {
                return Err(bad(format!(
                    "its header (the lines before 'p cnf') is longer than {limit}, the most {}",
                    limit.largest
                )));
            }
            let Some(rest) = line.strip_prefix("c ") else {
                if line.starts_with('p') {
                    let mut words = line.split_whitespace();
                    if (words.next(), words.next()) != (Some("p"), Some("cnf")) {
                        return Err(bad(format!(
                            "line {}: '{line}' is not a 'p cnf VARIABLES CLAUSES' line",
                            no + 1
                        )));
                    }
                    // The count bounds a solver's answer; a file without it is
                    // read as having the piece variables alone; no formula the encoder
                    // writes has more variables than literals.
                    variables = words
                        .next()
                        .and_then(|v| v.parse::<u32>().ok())
                        .unwrap_or(0)
                        .min(crate::sat::encode::MAX_LITERALS as u32);
                    problem_line = true;
                    break;
                }
                continue;
            };
            let mut words = rest.split_whitespace();
            match words.next() {
                Some("board") => {
                    board = Some(
                        words
                            .next()
                            .unwrap_or("")
                            .parse::<Board>()
                            .map_err(|e| at(no, e))?,
                    );
                }
                Some("piece") => {
                    let def = words.next().unwrap_or("");
                    catalog.define(crate::fairy::definition(def).map_err(|e| at(no, e))?);
                    definitions.push(def.to_string());
                }
                Some("pieces") => pieces = Some(words.next().unwrap_or("").to_string()),
                Some("terrain") => {
                    return Err(bad(format!(
                        "line {}: it was exported for a board with holes, blockers, the torus or regions, which decode does not rebuild yet",
                        no + 1
                    )));
                }
                Some("fixed") => fixed = words.collect::<Vec<_>>().join(" "),
                Some("var") => {
                    let (Some(v), Some(what)) = (words.next(), words.next()) else {
                        return Err(bad(format!("line {}: expected 'c var N K@square'", no + 1)));
                    };
                    let v: u32 = v
                        .parse()
                        .map_err(|_| bad(format!("line {}: '{v}' is not a variable", no + 1)))?;
                    let (letter, square) = what.split_once('@').ok_or_else(|| {
                        bad(format!("line {}: expected K@square, got '{what}'", no + 1))
                    })?;
                    let mut chars = letter.chars();
                    let (Some(letter), None) = (chars.next(), chars.next()) else {
                        return Err(bad(format!(
                            "line {}: '{letter}' is not a piece letter",
                            no + 1
                        )));
                    };
                    let piece = Piece {
                        kind: catalog.get(letter).map_err(|e| at(no, e))?,
                        square: square.parse::<Square>().map_err(|e| at(no, e))?,
                    };
                    vars.insert(v, piece);
                }
                _ => {}
            }
        }
        let header = |what: &str| {
            bad(format!(
                "it has no {what}: decoding needs the comment header that an export to DIMACS writes"
            ))
        };
        if !problem_line {
            return Err(bad(
                "it is not DIMACS CNF: it has no 'p cnf VARIABLES CLAUSES' line".into(),
            ));
        }
        let board = board.ok_or_else(|| header("'c board' line"))?;
        let pieces = pieces.ok_or_else(|| header("'c pieces' line"))?;
        if vars.is_empty() && !pieces.is_empty() {
            return Err(header("'c var' lines"));
        }
        let variables = variables.max(vars.keys().next_back().copied().unwrap_or(0));
        Ok(VarMap {
            board,
            pieces,
            fixed,
            definitions,
            vars,
            variables,
        })
    }

    /// The problem the header names (its board, pieces, fixed pieces and fairy
    /// definitions), read as any front reads a problem's fields: `decode` with a CNF
    /// and nothing else takes its problem from here.
    pub fn problem(&self) -> Result<Problem, crate::request::RequestError> {
        use crate::request::{BoardGiven, Given, ProblemRequest};
        ProblemRequest {
            board: Some(BoardGiven::Board(self.board)),
            pieces: Some(Given::Text(self.pieces.clone())),
            fixed: (!self.fixed.is_empty()).then(|| Given::Text(self.fixed.clone())),
            define: self.definitions.clone(),
            ..ProblemRequest::default()
        }
        .build()
    }

    /// The placement of a model given as its true variables; auxiliary ones are ignored.
    pub fn decode(&self, true_vars: &[u32]) -> Placement {
        Placement::new(
            true_vars
                .iter()
                .filter_map(|v| self.vars.get(v).cloned())
                .collect(),
        )
    }
}

/// Why a decoded model is not a solution of `problem`, or `None` when it is one: the
/// first attack between its pieces, else the pieces it has against those asked for.
/// The one sentence every front prints after decoding a solver's model.
///
/// ```
/// use queens::{Catalog, Placement, Problem};
/// use queens::export::dimacs::mismatch;
/// let catalog = Catalog::standard();
/// let problem = Problem::parse("4", Some("4Q"), None, &catalog).unwrap();
/// let good = Placement::parse("Qb4 Qd3 Qa2 Qc1", &catalog).unwrap();
/// assert_eq!(mismatch(&problem, &good), None);
/// let short = Placement::parse("Qb4 Qd3", &catalog).unwrap();
/// assert!(mismatch(&problem, &short).unwrap().contains("were asked for"));
/// ```
pub fn mismatch(problem: &Problem, placement: &Placement) -> Option<String> {
    if problem.accepts(placement) {
        return None;
    }
    Some(
        match crate::verify::conflicts(problem.board(), placement).first() {
            Some(c) => c.to_string(),
            None => format!(
                "it has pieces {} but {} were asked for, fixed ones included",
                format_spec(&placement.spec()),
                format_spec(problem.pieces())
            ),
        },
    )
}
