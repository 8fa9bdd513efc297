//! Fuzzes DIMACS headers and SAT solvers' answers; the body, and what it asserts, is
//! `queens::fuzzing::dimacs` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::dimacs(data));
