//! Text inputs as people save them: a UTF-8 byte-order mark (Windows editors write
//! one), CRLF line ends, trailing blank lines. Files that are not text at all (a
//! binary picked by mistake) or hold nothing are refused with one sentence, rather
//! than echoed back as bytes or read as "nothing given".
//!
//! ```
//! use queens::text::decode;
//! assert_eq!(decode(b"\xEF\xBB\xBFab\r\ncd\r\n", "the region file").unwrap(), "ab\ncd\n");
//! assert!(decode(b"\x00\x01", "the region file").unwrap_err().to_string().contains("not text"));
//! assert!(decode(b" \n", "the fixed-piece file").unwrap_err().to_string().contains("empty"));
//! ```

use crate::error::Error;

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
}
