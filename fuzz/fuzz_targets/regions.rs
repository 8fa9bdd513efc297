//! Fuzzes region files (`--regions`); the body, and what it asserts, is
//! `queens::fuzzing::regions` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::regions(data));
