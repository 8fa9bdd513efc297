//! The model: what a problem is, independent of how it is solved.
//!
//! Layered so that each module uses only those above it in this list: [`board`]
//! (squares), [`piece`] (kinds as moves), [`betza`] and [`fairy`] (kinds from Betza
//! strings and names), [`spec`] (how many of each kind), [`placement`] (pieces on
//! squares), [`terrain`] (holes, blockers, the torus, regions), [`verify`] (which
//! pieces attack which), [`symmetry`] (the rotations and reflections that keep a problem), [`problem`] (a board, a spec, fixed pieces and the terrain;
//! it checks answers with the verifier), [`perm`] (the compact form of a
//! queens-only placement for huge boards), [`verdict`] (the verdict on a placement as a
//! value: every fault and its sentence, pair by pair or line by line); [`text`] (text inputs: BOM, CRLF, binary and
//! empty files) stands apart, used by the readers.

/// `Job`, kept at its earlier path `queens::model::job` (it lives in [`crate::job`]).
pub use crate::job;
pub mod betza;
pub mod board;
pub mod fairy;
pub mod perm;
pub mod piece;
pub mod placement;
pub mod problem;
pub mod spec;
pub mod symmetry;
pub mod terrain;
pub mod text;
pub mod verdict;
pub mod verify;
