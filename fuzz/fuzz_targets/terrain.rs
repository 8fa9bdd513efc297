//! Fuzzes squares lists of holes and blockers (`a1,c3`); the body, and what it asserts, is
//! `queens::fuzzing::terrain` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::terrain(data));
