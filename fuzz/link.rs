//! The body of the `link` fuzz target, shared by `fuzz_targets/link.rs` (cargo-fuzz) and
//! `tests/it/fuzz_replay.rs` (stable), which include this file.
//!
//! A link's state is read from the URL's hash by the page (`loadHash` in
//! `web/src/app.js`), which hands every field to the bindings as it stands (the board
//! size clamped to 1..64, the rest as typed): pieces, holes, blockers, the fairy
//! piece's moves, the palette's kind, the spec, a puzzle's text, stars and marks. So the
//! bindings' side of a hostile link is a request of any JSON: it must get an answer or
//! `{"error": "..."}`, never a panic (which would trap the WebAssembly module). The jobs
//! driven are those that answer without a search (the others read their request the
//! same way, through `BoardRequest::setup` and `problem`, or `PuzzleRequest::read`,
//! which are driven too).

use queens_web::board::BoardRequest;
use queens_web::puzzle::PuzzleRequest;

/// The bindings' jobs that answer at once, whatever the request.
const QUICK: &[&str] = &["analyse", "svg", "puzzle-info", "puzzle-crosses"];

/// Any bytes as a page request: every quick job answers JSON (an error as one
/// non-empty sentence), and reading the request into library values does not panic.
pub fn link(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for job in QUICK {
        let answer = queens_web::call(job, text);
        let value: serde_json::Value =
            serde_json::from_str(&answer).expect("the bindings answer JSON");
        if let Some(error) = value.get("error") {
            let error = error.as_str().expect("an error is a string");
            assert!(!error.trim().is_empty(), "{job}: an empty error");
        }
    }
    if let Ok(req) = serde_json::from_str::<BoardRequest>(text)
        && let Ok(setup) = req.setup()
    {
        let _ = setup.problem();
    }
    if let Ok(req) = serde_json::from_str::<PuzzleRequest>(text) {
        let _ = req.read();
    }
}
