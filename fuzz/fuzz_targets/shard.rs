//! Fuzzes shard results (`count --shard`'s JSON) and shard names (`I/K`); the body, and what it asserts, is
//! `queens::fuzzing::shard` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::shard(data));
