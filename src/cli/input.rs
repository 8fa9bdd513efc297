//! Text inputs named on the command line: a file, or `-` for standard input, read
//! through the library's bounded reader ([`queens::text::read_bounded`]) up to the
//! format's own [`Limit`] (an endless or oversized input is refused as soon as it
//! passes it, a binary one at its first byte that is not text; BOM and CRLF
//! tolerated; empty inputs refused with one sentence); and an option's text read by
//! the library's parser for its type ([`parse`]).

use std::io::Read;
use std::str::FromStr;

use queens::text::{self, Limit};

/// `text` read by the library's parser for `T` (a board, an engine, a shard ...); its
/// error is the sentence the command ends with.
pub fn parse<T: FromStr<Err = queens::Error>>(text: &str) -> Result<T, String> {
    text.parse().map_err(|e: queens::Error| e.to_string())
}

/// `path` (`-`: standard input) opened for reading as `what`, and how to name it in a
/// sentence ("the region file 'r.txt'"), for a library reader that streams it.
pub fn open(path: &str, what: &str) -> Result<(Box<dyn Read>, String), String> {
    if path == "-" {
        Ok((
            Box::new(std::io::stdin().lock()),
            format!("{what} (standard input)"),
        ))
    } else {
        let file =
            std::fs::File::open(path).map_err(|e| format!("cannot read {what} '{path}': {e}"))?;
        Ok((Box::new(file), format!("{what} '{path}'")))
    }
}

/// The text of `path` (`-`: standard input), read as `what` ("the region file") up to
/// `limit`.
pub fn read_text(path: &str, what: &str, limit: &Limit) -> Result<String, String> {
    let (mut input, named) = open(path, what)?;
    text::read_bounded(&mut input, limit, &named).map_err(|e| e.to_string())
}
