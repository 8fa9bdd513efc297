//! Fuzzes piece specs (`2N,2B,R,Q`) and ranged specs (`0..8Q`, `*K`, `1..3N,Q`); the body, and what it asserts, is
//! `queens::fuzzing::spec` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::spec(data));
