//! Text inputs named on the command line: a file, or `-` for standard input, read
//! whole and decoded by the library's [`queens::text::decode`] (BOM and CRLF
//! tolerated; binary and empty inputs refused with one sentence); and an option's
//! text read by the library's parser for its type ([`parse`]).

use std::io::Read;
use std::str::FromStr;

/// `text` read by the library's parser for `T` (a board, an engine, a shard ...); its
/// error is the sentence the command ends with.
pub fn parse<T: FromStr<Err = queens::Error>>(text: &str) -> Result<T, String> {
    text.parse().map_err(|e: queens::Error| e.to_string())
}

/// The bytes of `path` (`-`: standard input), read as `what`, and how to name it in a
/// sentence.
pub fn read_bytes(path: &str, what: &str) -> Result<(Vec<u8>, String), String> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read {what} from standard input: {e}"))?;
        Ok((bytes, format!("{what} (standard input)")))
    } else {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {what} '{path}': {e}"))?;
        Ok((bytes, format!("{what} '{path}'")))
    }
}

/// The text of `path` (`-`: standard input), read as `what` ("the region file").
pub fn read_text(path: &str, what: &str) -> Result<String, String> {
    let (bytes, named) = read_bytes(path, what)?;
    queens::text::decode(&bytes, &named).map_err(|e| e.to_string())
}
