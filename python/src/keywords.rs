//! The problem keywords, declared once: `board`, `pieces`, `fixed`, `define` and the
//! terrain (`holes`, `blockers`, `torus`, `regions`, `per_region`) reach every native
//! function that takes a problem as one argument ([`ProblemArgs`]), read here into the
//! library's one request (`queens::request`) as the command line gives its options, so
//! that both read them with the same defaults and sentences.
//!
//! `regions=` is the text a region file holds, its rows as a list of strings (top row
//! first), or a `queens.Puzzle` (whose stars are then the default `per_region`). Without
//! a board the regions give it; a board that differs from theirs is refused.

use pyo3::prelude::*;
use queens::query::Beside;
use queens::request::{BoardGiven, Given, ProblemRequest, RequestError};
use queens::{Board, Catalog, Problem};

use crate::args;
use crate::args::forms::{BoardArg, Define, Flag, KindArg, Pieces, Squares};
use crate::args::names::{BlockersName, HolesName, TorusName};
use crate::errors;
use crate::placement::PlacementArg;
use crate::puzzle::Puzzle;

/// A problem as Python gave it. The Python half (`queens/__init__.py`, `_problem`)
/// passes the tuple `(board, pieces, fixed, define, holes, blockers, torus, regions,
/// per_region)` to every native function that takes a problem, so that the keywords
/// are declared and read here once; each item is refused by its keyword's name, as a
/// keyword of its own would be.
#[derive(Default)]
pub struct ProblemArgs<'py> {
    /// The board (`None` for 8, or the regions' board).
    pub board: Option<Board>,
    /// The pieces (`None` for as many queens as the shorter side).
    pub pieces: Option<Pieces>,
    /// The pieces fixed in advance.
    pub fixed: Option<PlacementArg>,
    /// Fairy piece definitions.
    pub define: Option<Define>,
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

/// The tuple the Python half passes, in [`ProblemArgs`]' order.
type ProblemTuple<'py> = (
    Option<BoardArg>,
    Option<Pieces>,
    Option<PlacementArg>,
    Option<Define>,
    Option<Squares<HolesName>>,
    Option<Squares<BlockersName>>,
    Flag<TorusName>,
    Option<Bound<'py, PyAny>>,
    Option<Bound<'py, PyAny>>,
);

impl<'a, 'py> FromPyObject<'a, 'py> for ProblemArgs<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let (board, pieces, fixed, define, holes, blockers, torus, regions, per_region): ProblemTuple<'py> =
            obj.extract()?;
        Ok(ProblemArgs {
            board: board.map(|b| b.0),
            pieces,
            fixed,
            define,
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

impl ProblemArgs<'_> {
    /// Whether any of board, pieces, fixed or definitions is given (`decode` takes
    /// either these or a DIMACS text).
    pub fn names_a_problem(&self) -> bool {
        self.board.is_some()
            || self.pieces.is_some()
            || self.fixed.is_some()
            || self.define.as_ref().is_some_and(|d| !d.0.is_empty())
    }

    /// These keywords as the library's one request ([`ProblemRequest`]), handed to `f`,
    /// which reads it (`build`, `parts`, `ranged`); a refused field is raised named by
    /// its keyword. Text forms go to the request as text; Python's own forms (a dict of
    /// counts, a list of pairs, a rank list, a `Placement`) are read by
    /// [`crate::args::forms`] and [`PlacementArg`] once the request has the catalog and
    /// the board.
    pub fn request<R>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&ProblemRequest<'_>) -> Result<R, RequestError>,
    ) -> PyResult<R> {
        let regions = match self.regions.as_ref().filter(|r| !r.is_none()) {
            Some(r) => Some(region_text(py, r)?),
            None => None,
        };
        let per_region = match self.per_region.as_ref().filter(|p| !p.is_none()) {
            Some(p) => Some(args::whole(py, p, "per_region", "2", 1 << 32)? as u32),
            None => None,
        };
        let (pieces, fixed) = (self.pieces.as_ref(), self.fixed.as_ref());
        let counts = match pieces {
            Some(Pieces::Counts(c)) => {
                Some(move |catalog: &Catalog, _: &Board| Pieces::counts(c, catalog))
            }
            _ => None,
        };
        let placed =
            fixed.map(|p| move |catalog: &Catalog, board: &Board| p.resolve(catalog, board));
        let req = ProblemRequest {
            board: self.board.map(BoardGiven::Board),
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
            define: self
                .define
                .as_ref()
                .map(|d| d.0.clone())
                .unwrap_or_default(),
            holes: self.holes.as_ref().map(|h| h.text().to_string()),
            blockers: self.blockers.as_ref().map(|b| b.text().to_string()),
            torus: self.torus,
            per_region: per_region.or(regions.as_ref().and_then(|r| r.1)),
            regions: regions.map(|r| r.0),
        };
        f(&req).map_err(|e| errors::request(py, e))
    }

    /// The checked problem, with the catalog the definitions make.
    pub fn build(&self, py: Python<'_>) -> PyResult<(Problem, Catalog)> {
        self.request(py, |req| Ok((req.build()?, req.catalog()?)))
    }

    /// The problem's parts as `max_pieces` and `cover` ask about them: the board and
    /// its terrain, `kind` read with the catalog, the given pieces (none by default)
    /// and the fixed ones.
    pub fn beside(&self, py: Python<'_>, kind: &KindArg) -> PyResult<Beside> {
        let (parts, base) = self.request(py, |req| {
            let parts = req.parts()?;
            let base = req.pieces_on(&parts.catalog, &parts.board)?;
            Ok((parts, base.unwrap_or_default()))
        })?;
        let kind = kind.resolve(py, &parts)?;
        Ok(parts.beside(base, kind))
    }
}
