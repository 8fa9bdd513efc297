//! The library's error type: every way an input can be wrong, or a job impossible to run.
//!
//! Each message is one sentence naming the bad part, fit to show a user as it is.
//! "No solution" and "invalid placement" are answers, not errors.

use thiserror::Error;

/// Everything that can go wrong before an answer exists.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A board size that does not parse or is out of range.
    #[error("bad board '{text}': {reason}")]
    BadBoard {
        /// The text as given.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// A square name that does not parse.
    #[error("bad square '{text}': expected a file letter and a rank number such as a1 or h8")]
    BadSquare {
        /// The text as given.
        text: String,
    },
    /// A piece letter that is not an ASCII capital.
    #[error("bad piece letter '{letter}': piece letters are capitals A-Z")]
    BadPieceLetter {
        /// The letter given.
        letter: char,
    },
    /// A piece letter with no kind behind it.
    #[error("unknown piece '{letter}': the known pieces are {}", known.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", "))]
    UnknownPiece {
        /// The letter given.
        letter: char,
        /// The letters that are known.
        known: Vec<char>,
    },
    /// A piece spec item that does not parse.
    #[error("bad piece spec item '{item}': {reason}")]
    BadSpec {
        /// The offending item.
        item: String,
        /// Why it was refused.
        reason: String,
    },
    /// A placement token that does not parse.
    #[error("bad placement token '{token}': {reason}")]
    BadToken {
        /// The offending token.
        token: String,
        /// Why it was refused.
        reason: String,
    },
    /// More pieces than the board has squares. Not raised by [`crate::Problem`] any
    /// more: such a problem is well-formed and has no solution
    /// ([`crate::Problem::overfull`]); kept for callers that match on it.
    #[error(
        "{} cannot fit on the {board} board, which has {}",
        crate::words::plural(pieces, "piece"),
        crate::words::plural(squares, "square")
    )]
    TooManyPieces {
        /// Pieces asked for.
        pieces: u64,
        /// The board, as text.
        board: String,
        /// Its number of squares.
        squares: u64,
    },
    /// A square outside the board.
    #[error("square {square} is off the {board} board")]
    OffBoard {
        /// The square, as text.
        square: String,
        /// The board, as text.
        board: String,
    },
    /// Two given pieces on one square.
    #[error("two pieces are given on square {square}")]
    SquareTaken {
        /// The square, as text.
        square: String,
    },
    /// A fixed piece whose kind the spec does not hold.
    #[error("fixed piece {piece} is of kind {kind}, which the piece spec does not include")]
    FixedKindNotInSpec {
        /// The fixed piece, as text.
        piece: String,
        /// Its kind letter.
        kind: char,
    },
    /// More fixed pieces of a kind than the spec holds.
    #[error(
        "{fixed} fixed {} of kind {kind} {} given but the piece spec has only {allowed}",
        if *fixed == 1 { "piece" } else { "pieces" },
        if *fixed == 1 { "is" } else { "are" }
    )]
    TooManyFixed {
        /// The kind letter.
        kind: char,
        /// Fixed pieces of that kind.
        fixed: u64,
        /// Pieces of that kind in the spec.
        allowed: u64,
    },
    /// A permutation whose length does not match the board's files.
    #[error(
        "the permutation has {} but the {board} board has {}; give one number per file (0 for a file without a queen)",
        crate::words::plural(numbers, "number"),
        crate::words::plural(files, "file")
    )]
    PermLength {
        /// Numbers given.
        numbers: u64,
        /// The board, as text.
        board: String,
        /// Its number of files.
        files: u32,
    },
    /// An input file or stream that is not text (binary, or not UTF-8).
    #[error("{what} is not text: byte {offset} is 0x{byte:02x} (give a text file, UTF-8)")]
    NotText {
        /// What was read, e.g. "the region file 'p.txt'".
        what: String,
        /// The offset of the first byte that is not text, from 0.
        offset: u64,
        /// That byte.
        byte: u8,
    },
    /// An input file or stream with nothing but blanks, where something must be given.
    #[error("{what} is empty")]
    EmptyInput {
        /// What was read, e.g. "the fixed-piece file 'f.txt'".
        what: String,
    },
    /// An input longer than its format's largest valid text ([`crate::text::Limit`]),
    /// refused as soon as the limit was passed.
    #[error("{what} is longer than {limit}, the most {largest}")]
    TooLong {
        /// What was read, e.g. "the puzzle file 'p.txt'".
        what: String,
        /// The limit, as text ("31 KB", "9 numbers").
        limit: String,
        /// The largest valid input, ending the sentence ("a 62x62 puzzle can take").
        largest: String,
    },
    /// A permutation text without any number.
    #[error(
        "the permutation is empty: give one rank number per file (0 for a file without a queen)"
    )]
    EmptyPerm,
    /// An engine name that no engine has.
    #[error("unknown engine '{name}': the engines are {}", known.join(", "))]
    UnknownEngine {
        /// The name as given.
        name: String,
        /// `auto` and every engine's name.
        known: Vec<&'static str>,
    },
    /// The engine named cannot run this job on this problem, or with these settings.
    #[error("{reason}")]
    EngineRefuses {
        /// The engine's name.
        engine: &'static str,
        /// Why, as one sentence naming the limit that binds.
        reason: String,
    },
    /// `auto` found no engine for this job on this problem.
    #[error("{reason}")]
    NoEngine {
        /// The job asked for.
        job: crate::job::Job,
        /// The refusal of the most general engine for the job: the limit that binds.
        reason: String,
    },
    /// An operation that does not cover this problem (an export format that cannot
    /// express it, a symmetry that does not fit the board).
    #[error("{0}")]
    Unsupported(String),
    /// The job would need more than a fixed limit allows (threads, memory, variables).
    #[error("{reason}")]
    ResourceLimit {
        /// What ran into the limit (a setting such as `--threads`, or a resource).
        what: String,
        /// The limit and what was asked, as one sentence.
        reason: String,
    },
    /// A time or step budget ran out before an answer was found; nothing is proved.
    #[error("no answer within the budget of {budget}: nothing is proved; try a larger budget")]
    Budget {
        /// The budget that ran out, as text (`2 s`, `1000 steps`).
        budget: String,
    },
    /// A time or step budget ran out before the covering search ([`crate::cover`])
    /// finished: the bounds it proved on the fewest pieces.
    #[error("no answer within the budget of {budget}: {}", cover_bounds(*low, *high))]
    CoverBudget {
        /// The budget that ran out, as text (`2 s`, `1000 steps`).
        budget: String,
        /// No covering has fewer pieces (0: nothing proved).
        low: u32,
        /// A covering with this many pieces exists, when one is known.
        high: Option<u32>,
    },
    /// An engine that cannot prove "none" stopped on its own limit, and no engine that
    /// can decide the problem takes it.
    #[error("no answer: {reason}")]
    GaveUp {
        /// The engine that gave up.
        engine: &'static str,
        /// Why there is no answer, as one sentence.
        reason: String,
    },
    /// A bug: a result that cannot be right. Never an answer.
    #[error("internal error: {0}")]
    Internal(String),
    /// A file that cannot be read or written.
    #[error("{context}: {source}")]
    Io {
        /// What was being done, naming the file.
        context: String,
        /// The underlying error.
        source: IoError,
    },
    /// A count grew past what the engine can represent.
    #[error("the count overflowed the engine's {0} counter")]
    Overflow(&'static str),
    /// A checkpoint file that cannot be used for this count.
    #[error("checkpoint {path}: {reason}")]
    Checkpoint {
        /// The file.
        path: String,
        /// Why it cannot be used.
        reason: String,
    },
    /// A shard spec, or a set of shard results, that does not fit.
    #[error("{0}")]
    Shard(String),
    /// The caller cancelled the job before it finished (a budget that runs out is
    /// [`Error::Budget`]).
    #[error("the search was stopped before it finished")]
    Interrupted,
    /// A Betza string that does not parse; the message ends with the string and a caret
    /// under the offending character.
    #[error("bad Betza string '{text}' at character {position}: {reason}\n{}", caret(text, *position))]
    BadBetza {
        /// The string as given.
        text: String,
        /// The 1-based character position at fault (one past the end when the string
        /// stops too early).
        position: usize,
        /// Why it was refused.
        reason: String,
    },
    /// A well-formed Betza string whose moves are outside the supported subset (their
    /// attacks would depend on other pieces or on history).
    #[error("unsupported Betza string '{text}' at character {position}: {reason}\n{}", caret(text, *position))]
    UnsupportedBetza {
        /// The string as given.
        text: String,
        /// The 1-based character position of the refused modifier.
        position: usize,
        /// Why it is refused.
        reason: String,
    },
    /// A SAT solver's output that cannot be read back.
    #[error("cannot read the solver's model: {reason}")]
    BadModel {
        /// What is wrong, and where.
        reason: String,
    },
    /// A CNF file that is not DIMACS, or lacks (or has a bad) header of comment lines
    /// that `export --to dimacs` writes, so that no model can be decoded with it.
    #[error("bad CNF file: {reason}")]
    BadCnf {
        /// What is wrong, and where.
        reason: String,
    },
    /// A piece definition `LETTER=BETZA` (or `LETTER=NAME`) that cannot be used.
    #[error("bad piece definition '{text}': {reason}")]
    BadPieceDefinition {
        /// The definition as given.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// Holes, blockers or regions that do not fit the board or the pieces (one
    /// sentence naming the square, line or region).
    #[error("{0}")]
    BadTerrain(String),
}

impl Error {
    /// An [`Error::Internal`] with this message.
    pub(crate) fn internal(message: impl Into<String>) -> Error {
        Error::Internal(message.into())
    }

    /// An [`Error::Io`] for `source` while doing `context`.
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Error {
        Error::Io {
            context: context.into(),
            source: IoError(std::sync::Arc::new(source)),
        }
    }
}

/// An [`std::io::Error`] that can be cloned and compared (by kind and message), so
/// that [`Error`] stays a plain value.
#[derive(Clone, Debug)]
pub struct IoError(pub std::sync::Arc<std::io::Error>);

impl PartialEq for IoError {
    fn eq(&self, other: &IoError) -> bool {
        self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for IoError {}

impl std::fmt::Display for IoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for IoError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.0)
    }
}

/// What a stopped covering search proved, as the end of a sentence.
fn cover_bounds(low: u32, high: Option<u32>) -> String {
    match high {
        Some(h) if h <= low => {
            format!("the fewest pieces is {h}, but their placements were not all counted")
        }
        Some(h) if low == 0 => format!("the fewest pieces is at most {h}, nothing below is proved"),
        Some(h) => format!("the fewest pieces is between {low} and {h}"),
        None if low == 0 => "nothing is proved; try a larger budget".into(),
        None => format!("the fewest pieces is at least {low}"),
    }
}

/// The string again, indented, with a caret under character `position` (1-based);
/// control characters are shown as `?` so the caret stays aligned.
fn caret(text: &str, position: usize) -> String {
    let shown: String = text
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    format!("  {shown}\n  {}^", " ".repeat(position.saturating_sub(1)))
}
