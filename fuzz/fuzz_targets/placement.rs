//! Fuzzes placements: coordinates (`Qa1 Nc3`), permutations (`[1,5,8,...]`), diagrams; the body, and what it asserts, is
//! `queens::fuzzing::placement` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::placement(data));
