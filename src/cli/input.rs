//! Text inputs named on the command line: a file, or `-` for standard input, read
//! whole and decoded by the library's [`queens::text::decode`] (BOM and CRLF
//! tolerated; binary and empty inputs refused with one sentence).

use std::io::Read;

/// The text of `path` (`-`: standard input), read as `what` ("the region file").
pub fn read_text(path: &str, what: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    let named = if path == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read {what} from standard input: {e}"))?;
        format!("{what} (standard input)")
    } else {
        bytes = std::fs::read(path).map_err(|e| format!("cannot read {what} '{path}': {e}"))?;
        format!("{what} '{path}'")
    };
    queens::text::decode(&bytes, &named).map_err(|e| e.to_string())
}
