//! Fuzzes picture files (PNG, JPEG, WebP, GIF, BMP); the body, and what it asserts, is
//! `queens::fuzzing::image` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| queens::fuzzing::image(data));
