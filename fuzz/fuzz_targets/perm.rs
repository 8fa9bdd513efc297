//! Fuzzes the `perm` text (one rank per file); the body, and what it asserts, is
//! `queens::fuzzing::perm` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::perm(data));
