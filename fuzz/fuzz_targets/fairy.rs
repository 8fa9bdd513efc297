//! Fuzzes `LETTER=BETZA` and `LETTER=NAME` definitions; the body, and what it asserts, is
//! `queens::fuzzing::fairy` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::fairy(data));
