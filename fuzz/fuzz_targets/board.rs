//! Fuzzes boards (`8`, `5x7`), squares (`c3`) and file names; the body, and what it asserts, is
//! `queens::fuzzing::board` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::board(data));
