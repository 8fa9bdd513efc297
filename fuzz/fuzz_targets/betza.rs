//! Fuzzes the Betza parser and the `LETTER=BETZA` definitions: any input must give an
//! answer or an error (never a panic), an error must point inside the string (or just
//! past its end), and an answer's canonical form must parse back to the same moves.

#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::{Error, betza, fairy};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match betza::parse(text) {
        Ok(moves) => {
            let canon = betza::canonical(&moves);
            assert_eq!(betza::parse(&canon).expect("canonical parses"), moves);
        }
        Err(Error::BadBetza { position, .. } | Error::UnsupportedBetza { position, .. }) => {
            assert!(position >= 1 && position <= text.chars().count() + 1);
        }
        Err(e) => panic!("unexpected error kind: {e}"),
    }
    let _ = fairy::definition(text);
});
