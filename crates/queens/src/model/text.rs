//! Text inputs as people save them: a UTF-8 byte-order mark (Windows editors write
//! one), CRLF line ends, trailing blank lines. Files that are not text at all (a
//! binary picked by mistake) or hold nothing are refused with one sentence, rather
//! than echoed back as bytes or read as "nothing given".
//!
//! Every input is read through one bounded reader ([`read_bounded`]) that stops at its
//! format's own [`Limit`], the most its largest valid text can take, and at the first
//! byte that is not text: an endless stream (`/dev/zero`, `yes`) or a file far too long
//! is refused as soon as it passes the limit, holding no more than the largest valid
//! input would, rather than read whole and judged afterwards. Texts already in memory
//! (the Python package's arguments, the page's requests) are held to the same limits by
//! [`check_len`].
//!
//! ```
//! use queens::text::{decode, read_bounded, Limit};
//! assert_eq!(decode(b"\xEF\xBB\xBFab\r\ncd\r\n", "the region file").unwrap(), "ab\ncd\n");
//! assert!(decode(b"\x00\x01", "the region file").unwrap_err().to_string().contains("not text"));
//! assert!(decode(b" \n", "the fixed-piece file").unwrap_err().to_string().contains("empty"));
//! let e = read_bounded(&mut std::io::repeat(b'a'), &Limit::puzzle(), "the puzzle file").unwrap_err();
//! assert_eq!(e.to_string(), "the puzzle file is longer than 31 KB, the most a 62x62 puzzle can take");
//! ```

use std::io::Read;

use crate::board::{Board, file_name};
use crate::error::Error;

/// The largest inputs the higher layers take, defined here, below them, so that
/// the readers' limits follow from them without this module importing those layers
/// (`tests/it/layers.rs`); `puzzle::MAX_SIDE`, `sat::encode::MAX_PIECE_VARS` and
/// `engine::exact::MAX_SQUARES` are these constants.
pub mod sizes {
    /// The largest side of a puzzle.
    pub const PUZZLE_SIDE: usize = 62;
    /// The most piece variables the SAT encoder takes (squares of one kind).
    pub const SAT_PIECE_VARS: u64 = 250_000;
    /// The most squares the `exact` engine takes.
    pub const EXACT_SQUARES: u64 = 4096;
}

/// The UTF-8 byte-order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whether `b` can stand in a text file: not a control byte other than tab, line
/// feed, carriage return and form feed.
pub fn is_text_byte(b: u8) -> bool {
    !(b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c) || b == 0x7f)
}

/// The text of `bytes`, read as `what` (for the sentence of an error): the BOM
/// dropped, CRLF (and lone CR) line ends made LF. Refused: bytes that are not UTF-8 or
/// are control characters ([`Error::NotText`]), and text with nothing but blanks
/// ([`Error::EmptyInput`]).
pub fn decode(bytes: &[u8], what: &str) -> Result<String, Error> {
    let body = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let skipped = bytes.len() - body.len();
    let not_text = |at: usize| Error::NotText {
        what: what.to_string(),
        offset: (skipped + at) as u64,
        byte: body[at],
    };
    if let Some(at) = body.iter().position(|&b| !is_text_byte(b)) {
        return Err(not_text(at));
    }
    let text = std::str::from_utf8(body).map_err(|e| not_text(e.valid_up_to()))?;
    if text.trim().is_empty() {
        return Err(Error::EmptyInput {
            what: what.to_string(),
        });
    }
    Ok(text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// Bytes a square's region name may take in a region map or puzzle (a UTF-8
/// character), with the blanks a person may put beside it.
const SQUARE_BYTES: u64 = 4 + 4;

/// Bytes of a line end (CRLF) in a picture of regions.
const LINE_END: u64 = 2;

/// The room given to a file's comment or header lines around its data (a DIMACS
/// header's `c` lines, a solver's statistics, a shard's fixed fields).
const HEADER_BYTES: u64 = 64 << 10;

/// The largest placement read whole, where the board would allow more (millions of
/// squares): 16 MB, a million queens or more named or listed; more queens than that
/// are given as a permutation, which is read as a stream ([`crate::perm::Perm::read`],
/// at most one number per file).
const WHOLE_TEXT: u64 = 16 << 20;

const KB: u64 = 1 << 10;
const MB: u64 = 1 << 20;

/// The most a text input may hold, in bytes, and the largest valid input of its format
/// that sets it (for the sentence that refuses a longer one). The constructors derive
/// each format's limit from its own bounds (a puzzle's side, the largest board an engine
/// takes regions on, a checkpoint's task count, a formula's variables); the bytes are
/// rounded up to a whole KB or MB, so that the sentence names the limit exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limit {
    /// Bytes at most.
    pub bytes: u64,
    /// The largest valid input, ending the sentence "... is longer than 31 KB, the most
    /// {largest}": "a 62x62 puzzle can take".
    pub largest: String,
}

impl Limit {
    /// A limit of at least `bytes` (rounded up to a whole KB from 1 KB, a whole MB from
    /// 1 MB) for the input that `largest` describes.
    ///
    /// ```
    /// use queens::text::Limit;
    /// assert_eq!(Limit::new(1000, "x").bytes, 1000);
    /// assert_eq!(Limit::new(1025, "x").bytes, 2048);
    /// assert_eq!(Limit::new((1 << 20) + 1, "x").to_string(), "2 MB");
    /// ```
    pub fn new(bytes: u64, largest: impl Into<String>) -> Limit {
        let unit = match bytes {
            b if b > MB => MB,
            b if b > KB => KB,
            _ => 1,
        };
        Limit {
            bytes: bytes.div_ceil(unit).saturating_mul(unit),
            largest: largest.into(),
        }
    }

    /// A puzzle file ([`crate::puzzle::Puzzle`]): at most
    /// [`MAX_SIDE`](crate::puzzle::MAX_SIDE) lines of as many squares, each a region
    /// name (one character, up to 4 bytes) with blanks beside it, CRLF line ends, a
    /// byte-order mark and as many trailing blank lines again.
    pub fn puzzle() -> Limit {
        let n = sizes::PUZZLE_SIDE as u64;
        let bytes = n * (n * SQUARE_BYTES + LINE_END) + 3 + n * LINE_END;
        Limit::new(bytes, format!("a {n}x{n} puzzle can take"))
    }

    /// A region file (`--regions`, [`crate::terrain::Regions`]): a map of the largest
    /// board an engine takes regions on (the SAT encoder's
    /// `MAX_PIECE_VARS` squares for one kind; `exact` stops at 4096), one line per
    /// rank: each square as in a puzzle, and a line end per square for a board of one
    /// file.
    pub fn regions() -> Limit {
        let squares = sizes::SAT_PIECE_VARS;
        Limit::new(
            squares * (SQUARE_BYTES + LINE_END) + 3,
            format!(
                "a map of the largest board an engine takes regions on ({squares} squares) can take"
            ),
        )
    }

    /// Pieces on `board` read whole: named one per square at most (`Qa1 Nb3`, the
    /// longest name the board has, with separators), or listed as one rank per file
    /// (`[2,4,1,3]`); held to 16 MB where the board would allow more (a permutation
    /// read as a stream is the form for more queens than that).
    ///
    /// ```
    /// use queens::{Board, text::Limit};
    /// let l = Limit::fixed_pieces(&Board::square(8).unwrap(), "the fixed pieces");
    /// assert_eq!((l.bytes, l.largest.as_str()), (5 << 10, "the fixed pieces on the 8x8 board can take"));
    /// ```
    pub fn fixed_pieces(board: &Board, what: &str) -> Limit {
        let rank_digits = digits(board.rows() as u64);
        // A letter, the longest file name and rank number, a separator and room for
        // blanks or brackets.
        let name = 1 + file_name(board.cols() - 1).len() as u64 + rank_digits + 8;
        let named = board.squares().saturating_mul(name);
        let ranks = (board.cols() as u64).saturating_mul(rank_digits + 8);
        Limit::new(
            named.max(ranks).min(WHOLE_TEXT) + 4 * KB,
            format!("{what} on the {board} board can take"),
        )
    }

    /// A placement read whole (`queens verify BOARD -`): the pieces of
    /// [`Limit::fixed_pieces`] on `board`; with no board, the 16 MB of the largest
    /// placement read whole.
    pub fn placement(board: Option<&Board>) -> Limit {
        match board {
            Some(b) => Limit::fixed_pieces(b, "a placement"),
            None => Limit::new(
                WHOLE_TEXT,
                "a placement read whole can take (a permutation, read as a stream, takes more queens)",
            ),
        }
    }

    /// A shard result ([`crate::engine::ShardResult`]): one line of JSON, fixed fields
    /// but for the problem's description, which names at most every square of the
    /// largest board a counting plan takes (`exact`'s 4096) three times over (fixed
    /// pieces, holes, blockers), up to 16 bytes a name.
    pub fn shard_result() -> Limit {
        Limit::new(
            HEADER_BYTES + sizes::EXACT_SQUARES * 3 * 16,
            "a shard result can take (one line naming a problem of at most 4096 squares)",
        )
    }

    /// A checkpoint of a plan of `tasks` tasks: a snapshot line as a shard result with a
    /// hex bit per task, then at most one journal line per task (an index, two 128-bit
    /// sums, four check values and a checksum: under 160 bytes).
    pub fn checkpoint(tasks: usize) -> Limit {
        let tasks = tasks as u64;
        let head = Limit::shard_result().bytes + tasks.div_ceil(8) * 2;
        Limit::new(
            head.saturating_add(tasks.saturating_mul(160)),
            format!(
                "a checkpoint of {tasks} task{} can take",
                if tasks == 1 { "" } else { "s" }
            ),
        )
    }

    /// The snapshot line of a checkpoint, read alone (for the method it records)
    /// before the plan is known: that of a plan of up to 2^27 tasks (32 MB of hex),
    /// where the engines' plans aim at a few thousand.
    pub fn checkpoint_head() -> Limit {
        Limit::new(
            Limit::shard_result().bytes + (1 << 27) / 4,
            "the snapshot line of a checkpoint can take",
        )
    }

    /// The header of a DIMACS file written by `export --to dimacs`, read up to its
    /// `p cnf` line: a `c var N K@square` line per piece variable, at most the
    /// encoder's `MAX_PIECE_VARS`, under 40 bytes each.
    pub fn dimacs_header() -> Limit {
        let vars = sizes::SAT_PIECE_VARS;
        Limit::new(
            HEADER_BYTES + vars * 40,
            format!("the header of a formula of {vars} piece variables can take"),
        )
    }

    /// A SAT solver's output for a formula of `variables` variables: its `v` lines give
    /// each variable once, signed, with a `v ` every line (twice the bare literals is
    /// room for both), after up to 1 MB of comments and statistics.
    ///
    /// ```
    /// use queens::text::Limit;
    /// assert_eq!(Limit::solver_output(64).to_string(), "2 MB");
    /// ```
    pub fn solver_output(variables: u32) -> Limit {
        let v = variables as u64;
        Limit::new(
            MB + v * (digits(v) + 2) * 2,
            format!(
                "a solver's answer for a formula of {v} variable{} can take",
                if v == 1 { "" } else { "s" }
            ),
        )
    }
}

impl std::fmt::Display for Limit {
    /// The limit as the sentence names it: `31 KB`, `3 MB`, `512 bytes`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.bytes {
            b if b >= MB && b % MB == 0 => write!(f, "{} MB", b / MB),
            b if b >= KB && b % KB == 0 => write!(f, "{} KB", b / KB),
            1 => write!(f, "1 byte"),
            b => write!(f, "{b} bytes"),
        }
    }
}

/// Decimal digits of `n`.
fn digits(n: u64) -> u64 {
    n.checked_ilog10().map_or(1, |d| d as u64 + 1)
}

/// The refusal of `what` for passing `limit`.
fn too_long(limit: &Limit, what: &str) -> Error {
    Error::TooLong {
        what: what.to_string(),
        limit: limit.to_string(),
        largest: limit.largest.clone(),
    }
}

/// Refuses a text already in memory (a Python argument, a page's request) that is
/// longer than `limit`, with the sentence [`read_bounded`] gives.
///
/// ```
/// use queens::text::{check_len, Limit};
/// assert!(check_len("ab\n", &Limit::puzzle(), "the puzzle").is_ok());
/// assert!(check_len(&"a".repeat(40_000), &Limit::puzzle(), "the puzzle").is_err());
/// ```
pub fn check_len(text: impl AsRef<[u8]>, limit: &Limit, what: &str) -> Result<(), Error> {
    if text.as_ref().len() as u64 > limit.bytes {
        return Err(too_long(limit, what));
    }
    Ok(())
}

/// The text of `input`, read as `what` and decoded as [`decode`] does, refused as soon
/// as it passes `limit` ([`Error::TooLong`]) or holds a byte that is not text
/// ([`Error::NotText`], at the first such byte): it never reads more than one byte
/// past the limit, nor holds more than `limit` bytes.
///
/// ```
/// use queens::text::{read_bounded, Limit};
/// let limit = Limit::new(4, "four bytes can take");
/// assert_eq!(read_bounded(&mut "ab\r\n".as_bytes(), &limit, "x").unwrap(), "ab\n");
/// let e = read_bounded(&mut "abcde".as_bytes(), &limit, "x").unwrap_err();
/// assert_eq!(e.to_string(), "x is longer than 4 bytes, the most four bytes can take");
/// ```
pub fn read_bounded(input: &mut dyn Read, limit: &Limit, what: &str) -> Result<String, Error> {
    let bytes = read_bounded_bytes(input, limit, what)?;
    decode(&bytes, what)
}

/// The raw bytes of `input` (for a parser with its own sentences on BOMs and blanks),
/// under the checks of [`read_bounded`]: no more than `limit`, and text bytes only.
pub fn read_bounded_bytes(
    input: &mut dyn Read,
    limit: &Limit,
    what: &str,
) -> Result<Vec<u8>, Error> {
    read_until(input, limit, what, None)
}

/// The text of `input` up to and including the first line for which `last` holds (all
/// of it when none does), under the checks of [`read_bounded`]: for a file of which
/// only a head is read, such as a DIMACS file's header before its formula. What
/// follows that line is left unread, or read and dropped within the chunk that held it.
///
/// ```
/// use queens::text::{read_bounded_head, Limit};
/// let limit = Limit::new(64, "x");
/// let text = "c a\np cnf 1 1\n1 0\n";
/// let head = read_bounded_head(&mut text.as_bytes(), &limit, "x", &|l| l.starts_with(b"p")).unwrap();
/// assert_eq!(head, "c a\np cnf 1 1\n");
/// ```
pub fn read_bounded_head(
    input: &mut dyn Read,
    limit: &Limit,
    what: &str,
    last: &dyn Fn(&[u8]) -> bool,
) -> Result<String, Error> {
    let bytes = read_until(input, limit, what, Some(last))?;
    decode(&bytes, what)
}

/// A test of one whole line: whether it is the input's last.
type LastLine<'a> = &'a dyn Fn(&[u8]) -> bool;

/// The bounded reading: chunks of at most 64 KB and never past `limit + 1` bytes in
/// all, each checked for bytes that are not text as it arrives (and for the end of a
/// line that is `last`, when given), the buffer grown to at most `limit + 1` bytes.
/// Each byte is looked at once, however small the reads a pipe gives.
fn read_until(
    input: &mut dyn Read,
    limit: &Limit,
    what: &str,
    last: Option<LastLine<'_>>,
) -> Result<Vec<u8>, Error> {
    const CHUNK: usize = 64 << 10;
    let cap = limit.bytes.saturating_add(1);
    let mut bytes: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; CHUNK];
    // Where the line being read starts (the lines before it were not `last`).
    let mut line_start = 0;
    loop {
        let room = (cap - bytes.len() as u64).min(CHUNK as u64) as usize;
        let n = match input.read(&mut chunk[..room]) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::io(format!("cannot read {what}"), e)),
        };
        let got = &chunk[..n];
        if let Some(at) = got.iter().position(|&b| !is_text_byte(b)) {
            return Err(Error::NotText {
                what: what.to_string(),
                offset: (bytes.len() + at) as u64,
                byte: got[at],
            });
        }
        // Grown by doubling, as a `Vec` is, but never past the cap.
        if bytes.capacity() < bytes.len() + n {
            let want = (bytes.capacity() * 2)
                .max(bytes.len() + n)
                .min(cap as usize);
            bytes.reserve_exact(want - bytes.len());
        }
        let from = bytes.len();
        bytes.extend_from_slice(got);
        let Some(last) = last else {
            if bytes.len() as u64 > limit.bytes {
                return Err(too_long(limit, what));
            }
            continue;
        };
        // Line ends among the new bytes only.
        let mut search = from;
        while let Some(end) = bytes[search..].iter().position(|&b| b == b'\n') {
            let end = search + end;
            let line = &bytes[line_start..end];
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            line_start = end + 1;
            search = line_start;
            if last(line) {
                if line_start as u64 > limit.bytes {
                    return Err(too_long(limit, what));
                }
                bytes.truncate(line_start);
                return Ok(bytes);
            }
        }
        if bytes.len() as u64 > limit.bytes {
            return Err(too_long(limit, what));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_input_and_the_byte() {
        let e = decode(b"ab\xFFcd", "the placement")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the placement") && e.contains("byte 2") && e.contains("0xff"),
            "{e}"
        );
        let e = decode(b"", "the region file").unwrap_err().to_string();
        assert!(e.contains("the region file is empty"), "{e}");
        assert_eq!(decode("é\n".as_bytes(), "x").unwrap(), "é\n");
        assert_eq!(decode(b"a\rb", "x").unwrap(), "a\nb");
    }

    #[test]
    fn the_limit_exactly_is_read_and_one_byte_more_refused() {
        for bytes in [1u64, 5, 1000, 1024, 3 << 10, 2 << 20] {
            let limit = Limit::new(bytes, "the test can take");
            assert_eq!(limit.bytes, bytes);
            let full = "a".repeat(bytes as usize);
            assert_eq!(
                read_bounded(&mut full.as_bytes(), &limit, "x").unwrap(),
                full
            );
            assert!(check_len(&full, &limit, "x").is_ok());
            let over = format!("{full}b");
            let e = read_bounded(&mut over.as_bytes(), &limit, "the input")
                .unwrap_err()
                .to_string();
            assert_eq!(
                e,
                format!("the input is longer than {limit}, the most the test can take")
            );
            assert_eq!(
                check_len(&over, &limit, "the input")
                    .unwrap_err()
                    .to_string(),
                e
            );
        }
        assert_eq!(Limit::new(1, "x").to_string(), "1 byte");
        assert_eq!(Limit::new(2, "x").to_string(), "2 bytes");
    }

    /// A reader that counts what is taken from it: the bounded reader never asks for
    /// more than one byte past the limit, however long the input.
    struct Endless {
        byte: u8,
        taken: u64,
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            buf.fill(self.byte);
            self.taken += buf.len() as u64;
            Ok(buf.len())
        }
    }

    #[test]
    fn endless_input_is_refused_at_the_limit_and_binary_at_its_first_chunk() {
        let limit = Limit::regions();
        let mut endless = Endless {
            byte: b'a',
            taken: 0,
        };
        let e = read_bounded(&mut endless, &limit, "the region file").unwrap_err();
        assert!(matches!(e, Error::TooLong { .. }), "{e}");
        assert_eq!(endless.taken, limit.bytes + 1);
        let mut zeros = Endless { byte: 0, taken: 0 };
        let e = read_bounded(&mut zeros, &limit, "the region file").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the region file is not text: byte 0 is 0x00 (give a text file, UTF-8)"
        );
        assert!(zeros.taken <= 64 << 10, "{}", zeros.taken);
    }

    #[test]
    fn a_head_stops_at_its_last_line_and_within_the_limit() {
        let limit = Limit::new(10, "ten bytes can take");
        let is_p = |l: &[u8]| l.starts_with(b"p");
        let head = read_bounded_head(&mut "c\r\np 1\r\nmore".as_bytes(), &limit, "x", &is_p);
        assert_eq!(head.unwrap(), "c\np 1\n");
        // The last line ends past the limit: refused.
        let long = read_bounded_head(&mut "c 234567\np\n".as_bytes(), &limit, "x", &is_p);
        assert!(matches!(long, Err(Error::TooLong { .. })));
        // No such line: all of it, as read_bounded.
        assert_eq!(
            read_bounded_head(&mut "c\n".as_bytes(), &limit, "x", &is_p).unwrap(),
            "c\n"
        );
    }

    #[test]
    fn limits_name_their_largest_input() {
        assert_eq!(Limit::puzzle().to_string(), "31 KB");
        assert_eq!(Limit::regions().to_string(), "3 MB");
        assert_eq!(Limit::shard_result().to_string(), "256 KB");
        assert_eq!(
            Limit::checkpoint(1).largest,
            "a checkpoint of 1 task can take"
        );
        // Placements read whole are held to 16 MB (and 4 KB) on huge boards.
        let huge = Board::square(1_000_000_000).unwrap();
        let l = Limit::fixed_pieces(&huge, "the fixed pieces");
        assert_eq!(l.to_string(), "17 MB");
        assert_eq!(Limit::placement(None).to_string(), "16 MB");
        let b = Board::square(1000).unwrap();
        // 10^6 squares of up to 16 bytes ("Qall1000" and room for blanks).
        assert_eq!(
            Limit::fixed_pieces(&b, "x").bytes,
            16_000_000_u64.div_ceil(MB) * MB
        );
    }
}
