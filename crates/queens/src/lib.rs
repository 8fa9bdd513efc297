//! # queens
//!
//! Non-attacking placements of chess pieces on rectangular boards: the eight-queens
//! puzzle and everything that grows out of it.
//!
//! The library is the whole product; the `queens` command line is a thin layer over it.
//!
//! - [`Board`] and [`Square`]: an `R × C` board, squares in algebraic notation.
//! - [`PieceKind`]: a kind of piece as *data* (leaps and slides); [`Catalog`] maps letters
//!   to kinds (K N B R Q A built in).
//! - [`betza`] and [`fairy`]: fairy pieces in Betza's notation (`RN` the chancellor,
//!   `NN` the nightrider, `fR` the lance), named pieces, and `LETTER=BETZA` definitions.
//! - [`Problem`]: a board, a multiset of pieces ([`parse_spec`]) and optional fixed pieces.
//! - [`Placement`]: pieces on squares; [`verify::verify`] names every attacking pair.
//! - [`engine`]: the solvers behind one interface; [`solve`], [`enumerate`] and [`count`]
//!   run a job with the engine an [`EngineChoice`] picks.
//! - [`render`]: a placement as a diagram, coordinates, JSON or SVG.
//! - [`puzzle`]: region puzzles (LinkedIn's "Queens", Star Battle): solved, counted,
//!   explained step by step, rated and generated.
//! - [`perm::Perm`]: queens at huge N, one rank per file (see `engine::construct`,
//!   `engine::local`, `engine::complete`); [`gent`]: random completion instances.
//!
//! ```
//! use queens::{count, parse_spec, Board, Catalog, EngineChoice, Placement, Problem, Settings};
//! let catalog = Catalog::standard();
//! let problem = Problem::new(
//!     Board::square(5).unwrap(),
//!     parse_spec("N,B,R,Q,A", &catalog).unwrap(),
//!     Placement::default(),
//! ).unwrap();
//! let n = count(&problem, EngineChoice::Auto, &Settings::default()).unwrap();
//! assert_eq!(n, 96u32.into());
//! ```
//!
//! ## Features
//!
//! Two cargo features, both on by default:
//!
//! - `sat`: the `sat` engine, which drives CaDiCaL (C++, compiled by the `cadical`
//!   crate). Without it the engine is not in [`engine::engine_names`] and naming it is
//!   refused with one sentence; the exports ([`export`]: DIMACS, MiniZinc, XCSP3) stay.
//! - `parallel`: worker threads (rayon, and the pool of the counts in parts, which
//!   hands each result to the caller as it arrives). Without it every job runs on the calling thread, whatever
//!   [`Settings::threads`] says, with the same answers.
//!
//! Without both (`cargo build -p queens --no-default-features --target
//! wasm32-unknown-unknown`) the library builds for the web. Every time read goes
//! through [`clock`]; on `wasm32-unknown-unknown`, where `std::time::Instant` panics, the
//! embedder gives it a time source (`clock::set_source`), and until then a time budget
//! is refused (stop a job with [`Settings::cancel`] instead). Checkpoint files fail
//! there with an I/O error, as the target has no files.
//!
//! The rule every engine follows: no two pieces share a square and no piece attacks
//! another, checked both ways; line pieces attack along the whole line (blocking is
//! ignored, which changes no answer for non-attacking placements: see [`piece`]); pieces
//! of one kind are interchangeable.

#![warn(missing_docs)]

pub(crate) mod bitboard;
pub mod clock;
pub mod engine;
pub mod error;
pub mod export;
#[doc(hidden)]
pub mod fuzzing;
pub mod gent;
pub mod job;
pub mod model;
pub(crate) mod par;
pub mod puzzle;
pub mod query;
pub mod render;
pub mod request;
pub(crate) mod sat;
#[cfg(test)]
pub(crate) mod truth_rows;
pub mod words;

pub use model::{
    betza, board, fairy, perm, piece, placement, problem, spec, terrain, text, verdict, verify,
};
/// Exact counts are `BigUint`s; re-exported so that callers need no dependency of their own.
pub use num_bigint::BigUint;
pub use query::{cover, maximum, range, regions, symmetry};

pub use board::{Board, Square};
pub use engine::{
    EngineChoice, EngineName, Job, Progress, Settings, count, count_unique, enumerate, solve,
    solve_perm,
};
pub use error::Error;
pub use piece::{Catalog, Move, PieceKind};
pub use problem::{Piece, PieceCount, Placement, Problem, format_spec, parse_spec};
pub use verdict::Verdict;

/// The README's Rust example runs as a doc-test (its `console` blocks are checked by the
/// CLI's tests/it/readme.rs).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
