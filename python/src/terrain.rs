//! The board beyond the rectangle, from Python's keywords: `holes=`, `blockers=`,
//! `torus=`, `regions=` and `per_region=`, and with them the whole problem, given to the
//! library's one request (`queens::request`) as the command line gives its options, so
//! that both read them with the same defaults and sentences ([`with_request`]).
//!
//! `regions=` is the text a region file holds, its rows as a list of strings (top row
//! first), or a `queens.Puzzle` (whose stars are then the default `per_region`). Without
//! a board the regions give it; a board that differs from theirs is refused.

use pyo3::prelude::*;
use queens::request::{BoardGiven, Given, ProblemRequest, RequestError};
use queens::{Board, Catalog};

use crate::args;
use crate::convert::{
    BlockersName, Define, Flag, HolesName, Pieces, PlacementArg, Squares, TorusName,
};
use crate::errors;
use crate::puzzle::Puzzle;

/// The terrain keywords as Python gave them. The Python half passes them to every
/// native function that takes a terrain as one argument, the tuple `(holes, blockers,
/// torus, regions, per_region)`, so that they are declared and read here once; each
/// item is refused by its keyword's name, as a keyword of its own would be.
#[derive(Default)]
pub struct TerrainArgs<'py> {
    /// Squares holding no piece (attack lines pass over them).
    pub holes: Option<Squares<HolesName>>,
    /// Squares holding no piece that stop sliding lines.
    pub blockers: Option<Squares<BlockersName>>,
    /// Whether lines wrap around the edges.
    pub torus: bool,
    /// The regions: text, rows, or a `Puzzle`.
    pub regions: Option<Bound<'py, PyAny>>,
    /// Pieces in each region.
    pub per_region: Option<Bound<'py, PyAny>>,
}

/// The tuple the Python half passes: `(holes, blockers, torus, regions, per_region)`.
type TerrainTuple<'py> = (
    Option<Squares<HolesName>>,
    Option<Squares<BlockersName>>,
    Flag<TorusName>,
    Option<Bound<'py, PyAny>>,
    Option<Bound<'py, PyAny>>,
);

impl<'a, 'py> FromPyObject<'a, 'py> for TerrainArgs<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let (holes, blockers, torus, regions, per_region): TerrainTuple<'py> = obj.extract()?;
        Ok(TerrainArgs {
            holes,
            blockers,
            torus: torus.0,
            regions,
            per_region,
        })
    }
}

/// The regions' text and the stars of a puzzle given as regions.
fn region_text(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<(String, Option<u32>)> {
    if let Ok(p) = obj.cast::<Puzzle>() {
        let p = p.get().library();
        return Ok((p.picture(), Some(p.stars() as u32)));
    }
    // Held to the limit of a region file read by the command line.
    let text = args::lines_text(
        py,
        obj,
        "regions",
        "['aab', 'abb', 'bbb']",
        &queens::text::Limit::regions(),
    )?;
    Ok((text, None))
}

/// Python's problem keywords as the library's one request ([`ProblemRequest`]), handed
/// to `f`, which reads it (`build`, `parts`, `ranged`); a refused field is raised named
/// by its keyword. Text forms go to the request as text; Python's own forms (a dict of
/// counts, a list of pairs, a rank list, a `Placement`) are read by [`crate::convert`]
/// once the request has the catalog and the board.
pub fn with_request<R>(
    py: Python<'_>,
    board: Option<Board>,
    pieces: Option<&Pieces>,
    fixed: Option<&PlacementArg>,
    define: Option<&Define>,
    t: &TerrainArgs<'_>,
    f: impl FnOnce(&ProblemRequest<'_>) -> Result<R, RequestError>,
) -> PyResult<R> {
    let regions = match t.regions.as_ref().filter(|r| !r.is_none()) {
        Some(r) => Some(region_text(py, r)?),
        None => None,
    };
    let per_region = match t.per_region.as_ref().filter(|p| !p.is_none()) {
        Some(p) => Some(args::whole(py, p, "per_region", "2", 1 << 32)? as u32),
        None => None,
    };
    let counts = match pieces {
        Some(Pieces::Counts(c)) => {
            Some(move |catalog: &Catalog, _: &Board| Pieces::counts(c, catalog))
        }
        _ => None,
    };
    let placed = fixed.map(|p| move |catalog: &Catalog, board: &Board| p.resolve(catalog, board));
    let req = ProblemRequest {
        board: board.map(BoardGiven::Board),
        pieces: match (pieces, &counts) {
            (Some(Pieces::Spec(s)), _) => Some(Given::Text(s.clone())),
            (_, Some(read)) => Some(Given::Read(read)),
            _ => None,
        },
        fixed: match (fixed, &placed) {
            (Some(PlacementArg::Text(t)), _) => Some(Given::Text(t.clone())),
            (_, Some(read)) => Some(Given::Read(read)),
            _ => None,
        },
        define: define.map(|d| d.0.clone()).unwrap_or_default(),
        holes: t.holes.as_ref().map(|h| h.text().to_string()),
        blockers: t.blockers.as_ref().map(|b| b.text().to_string()),
        torus: t.torus,
        per_region: per_region.or(regions.as_ref().and_then(|r| r.1)),
        regions: regions.map(|r| r.0),
    };
    f(&req).map_err(|e| errors::request(py, e))
}
