//! Engines' names, typed: the one spelling of each, shared by `--engine` on the command
//! line, Python's `engine=` and the page (all read through [`super::EngineChoice`]'s
//! `FromStr`), by each engine's declaration and by the docs' lists (held to
//! [`EngineName::ALL`] by a test).

use std::fmt;

/// An engine's name. [`EngineName::as_str`] is how every front spells it.
///
/// ```
/// use queens::{EngineChoice, EngineName};
/// assert_eq!(EngineName::NQueens.as_str(), "nqueens");
/// assert_eq!("exact".parse::<EngineChoice>().unwrap(), EngineChoice::Named(EngineName::Exact));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EngineName {
    /// One rook-like kind alone, by a closed formula.
    Rooks,
    /// One bishop-like kind alone on a square board.
    Diagonals,
    /// The most kings on boards with even sides.
    KingBlocks,
    /// Plain N-queens.
    NQueens,
    /// N queens on the torus.
    Torus,
    /// `min(rows, cols)` amazons.
    Amazons,
    /// Leapers, square by square.
    Transfer,
    /// A few queens on `n x n`, by published formulas.
    QueenPoly,
    /// A few line pieces of one kind on a big board.
    FewLines,
    /// Up to three pieces of any kinds.
    FewPieces,
    /// One N-queens solution by formula.
    Construct,
    /// N-queens completion.
    Complete,
    /// CNF for CaDiCaL (the `sat` feature).
    Sat,
    /// The general bitboard backtracker.
    Exact,
    /// Local search for one N-queens solution.
    Local,
}

impl EngineName {
    /// Every engine's name, in the order `auto` tries them (`sat` too, in a build
    /// without it).
    pub const ALL: [EngineName; 15] = [
        EngineName::Rooks,
        EngineName::Diagonals,
        EngineName::KingBlocks,
        EngineName::NQueens,
        EngineName::Torus,
        EngineName::Amazons,
        EngineName::Transfer,
        EngineName::QueenPoly,
        EngineName::FewLines,
        EngineName::FewPieces,
        EngineName::Construct,
        EngineName::Complete,
        EngineName::Sat,
        EngineName::Exact,
        EngineName::Local,
    ];

    /// The name as every front spells it (`nqueens`, `exact`, ...).
    pub const fn as_str(self) -> &'static str {
        match self {
            EngineName::Rooks => "rooks",
            EngineName::Diagonals => "diagonals",
            EngineName::KingBlocks => "kingblocks",
            EngineName::NQueens => "nqueens",
            EngineName::Torus => "torus",
            EngineName::Amazons => "amazons",
            EngineName::Transfer => "transfer",
            EngineName::QueenPoly => "queenpoly",
            EngineName::FewLines => "fewlines",
            EngineName::FewPieces => "fewpieces",
            EngineName::Construct => "construct",
            EngineName::Complete => "complete",
            EngineName::Sat => "sat",
            EngineName::Exact => "exact",
            EngineName::Local => "local",
        }
    }

    /// The engine spelled `text`, built in or not.
    pub fn parse(text: &str) -> Option<EngineName> {
        EngineName::ALL.into_iter().find(|n| n.as_str() == text)
    }
}

impl fmt::Display for EngineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_is_named_once_in_autos_order() {
        let built: Vec<&str> = super::super::ENGINES.iter().map(|e| e.name()).collect();
        let named: Vec<&str> = EngineName::ALL
            .iter()
            .map(|n| n.as_str())
            .filter(|n| built.contains(n))
            .collect();
        assert_eq!(built, named);
        // Every name but `sat` (a feature) is an engine of every build.
        let left_out = EngineName::ALL.len() - built.len();
        assert!(left_out <= usize::from(!cfg!(feature = "sat")), "{built:?}");
    }
}
