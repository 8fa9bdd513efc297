//! Fuzzes the requests a page link becomes (the page's state, read from the URL's hash
//! by `web/src/app.js`, reaches the bindings as these JSON requests); the body is
//! `fuzz/link.rs` (replayed on stable by `tests/it/fuzz_replay.rs`).

#![no_main]

#[path = "../link.rs"]
mod link;

libfuzzer_sys::fuzz_target!(|data: &[u8]| link::link(data));
