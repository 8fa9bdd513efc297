//! [`Method`]: how the tasks of a count in parts count, as written in its checkpoints
//! and shard results.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// How a count in parts counts: for N-queens a plan's method (the join or the
/// backtracking search); every other engine that counts in parts has one method, named
/// after it.
///
/// ```text
/// use queens::engine::Method;
/// assert_eq!("join".parse::<Method>().unwrap(), Method::Join);
/// assert_eq!(Method::Backtrack.to_string(), "backtrack");
/// assert!("fast".parse::<Method>().is_err());
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The symmetric backtracking search: totals and counts up to symmetry, any
    /// rectangle.
    #[default]
    Backtrack,
    /// The half-board join, square boards with sides up to 24 (`MAX_JOIN_SIDE`). Its tasks
    /// count totals only (their unique counts are 0); a whole run or a merged set of
    /// shards gets the unique count from the total by Burnside's lemma
    /// (`orbits::rotations::unique_from_total`).
    Join,
    /// The amazons engine's row-by-row search (its only method).
    Amazons,
    /// The exact engine's bitboard search from pre-placed pieces (its only method).
    Exact,
    /// The fewlines engine's enumeration from one first square per orbit (its only
    /// method).
    Fewlines,
    /// The torus engine's row-by-row search with one queen fixed by translation (its
    /// only method).
    Torus,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Backtrack => "backtrack",
            Method::Join => "join",
            Method::Amazons => "amazons",
            Method::Exact => "exact",
            Method::Fewlines => "fewlines",
            Method::Torus => "torus",
        })
    }
}

impl FromStr for Method {
    type Err = Error;

    fn from_str(s: &str) -> Result<Method, Error> {
        match s {
            "backtrack" => Ok(Method::Backtrack),
            "join" => Ok(Method::Join),
            "amazons" => Ok(Method::Amazons),
            "exact" => Ok(Method::Exact),
            "fewlines" => Ok(Method::Fewlines),
            "torus" => Ok(Method::Torus),
            _ => Err(Error::Unsupported(format!(
                "unknown counting method '{s}': use backtrack or join (N-queens)"
            ))),
        }
    }
}
