//! Fuzzes checkpoint files (a JSON snapshot, then journal lines); the body, and what it asserts, is
//! `queens::fuzzing::checkpoint` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::checkpoint(data));
