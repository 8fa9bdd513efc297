//! Fuzzes screenshots given as pixels; the body, and what it asserts, is
//! `queens::fuzzing::picture` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::picture(data));
