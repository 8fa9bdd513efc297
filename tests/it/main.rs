//! The integration tests, one binary (as ripgrep keeps them): each module tests one
//! part of the product through the library or the real `queens` binary; `common` holds
//! the shared helpers, the truth table's reader and the brute-force oracle. The
//! regression tests, one per bug found, are the other binary (`tests/regression.rs`).

mod cli;
mod common;
mod counting;
mod cover;
mod cross_front;
mod engine_docs;
mod enumerate;
mod fairy;
mod fewpieces;
mod fuzz_replay;
mod generate_shapes;
mod generate_tiny;
mod golden;
mod help;
mod hugen;
mod join_transpose;
mod layers;
mod manifest;
mod matrix;
mod nqueens;
mod oracle;
mod parts;
mod picture;
mod puzzle;
mod readme;
mod rendered;
mod rules_star_battle;
mod sat;
mod symmetry;
mod terrain;
mod torus;
mod truth;
