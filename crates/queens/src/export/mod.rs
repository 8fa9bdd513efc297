//! A problem written out as a model for other solvers: DIMACS CNF for SAT solvers,
//! MiniZinc, and XCSP3 for constraint solvers.
//!
//! Each format is a module with a `write` function taking a [`Problem`]; [`export`]
//! picks one by [`Format`]. DIMACS is the very formula of the `sat` engine
//! (`crate::sat::encode`); MiniZinc and XCSP3 are models of their own on 0/1
//! variables per (kind, square), so that a CP solver checks us independently of our
//! encoder: MiniZinc receives the kinds' moves as data and derives the attacks itself,
//! XCSP3 receives the attacking pairs from [`PieceKind::attacks`](crate::PieceKind::attacks).

pub mod dimacs;
pub mod minizinc;
pub mod xcsp3;

use std::str::FromStr;

use crate::error::Error;
use crate::problem::Problem;
use crate::sat::encode::Encoding;

/// A model format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// DIMACS CNF with a comment per piece variable.
    Dimacs,
    /// A MiniZinc model (`.mzn`) with its data inline.
    Minizinc,
    /// An XCSP3 instance (XML).
    Xcsp3,
}

impl FromStr for Format {
    type Err = Error;

    /// `dimacs`, `minizinc` or `xcsp3`.
    fn from_str(s: &str) -> Result<Format, Error> {
        match s {
            "dimacs" => Ok(Format::Dimacs),
            "minizinc" => Ok(Format::Minizinc),
            "xcsp3" => Ok(Format::Xcsp3),
            _ => Err(Error::Unsupported(format!(
                "unknown format '{s}': the formats are dimacs, minizinc, xcsp3"
            ))),
        }
    }
}

/// `problem` as a model in `format`.
///
/// ```
/// use queens::{export::{export, Format}, Problem};
/// let text = export(&Problem::queens(8).unwrap(), Format::Dimacs).unwrap();
/// assert!(text.contains("c var 12 Q@d2"));
/// ```
pub fn export(problem: &Problem, format: Format) -> Result<String, Error> {
    Ok(match format {
        Format::Dimacs => dimacs::write(problem, &Encoding::new(problem)?),
        Format::Minizinc => minizinc::write(problem)?,
        Format::Xcsp3 => xcsp3::write(problem)?,
    })
}
