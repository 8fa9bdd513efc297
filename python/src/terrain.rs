//! The board beyond the rectangle, from Python's keywords: `holes=`, `blockers=`,
//! `torus=`, `regions=` and `per_region=`, read into the library's `Terrain` as the
//! command line's `--holes`, `--blockers`, `--torus`, `--regions FILE` and
//! `--per-region K` are (src/cli/terrain.rs), with the same sentences.
//!
//! `regions=` is the text a region file holds, its rows as a list of strings (top row
//! first), or a `queens.Puzzle` (whose stars are then the default `per_region`). Without
//! a board the regions give it; a board that differs from theirs is refused.

use pyo3::prelude::*;
use queens::Board;
use queens::terrain::{Regions, Terrain};

use crate::args;
use crate::convert::{BlockersName, Flag, HolesName, Squares, TorusName, squares_on};
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

/// The board (`None` for the default, 8, or the regions' board) and its terrain.
pub fn board_and_terrain(
    py: Python<'_>,
    board: Option<Board>,
    t: &TerrainArgs<'_>,
) -> PyResult<(Board, Terrain)> {
    let err = |e: queens::Error| errors::to_py(py, e);
    let regions = match t.regions.as_ref().filter(|r| !r.is_none()) {
        Some(r) => Some(region_text(py, r)?),
        None => None,
    };
    let board: Board = match (board, &regions) {
        (Some(b), None) => b,
        (None, None) => Board::square(8).map_err(err)?,
        (None, Some((text, _))) => Regions::board_of(text).map_err(err)?,
        (Some(typed), Some((text, _))) => {
            let drawn = Regions::board_of(text).map_err(err)?;
            if typed != drawn {
                return Err(errors::input(
                    py,
                    format!(
                        "the board {typed} clashes with the regions, which draw a {drawn} board; leave out the board to take theirs"
                    ),
                ));
            }
            typed
        }
    };
    let per_region = match t.per_region.as_ref().filter(|p| !p.is_none()) {
        Some(p) => {
            let k = args::whole(py, p, "per_region", "2", 1 << 32)? as u32;
            if k == 0 {
                return Err(errors::input(
                    py,
                    "bad per_region 0: every region holds at least one piece",
                ));
            }
            Some(k)
        }
        None => None,
    };
    let mut terrain = Terrain::new(&board).with_torus(t.torus);
    match &regions {
        Some((text, stars)) => {
            let k = per_region.or(*stars).unwrap_or(1);
            let (r, holes) = Regions::parse(text, &board, k).map_err(err)?;
            terrain = terrain.with_regions(r, holes).map_err(err)?;
        }
        None if per_region.is_some() => {
            return Err(errors::input(
                py,
                "per_region needs regions: give the regions as rows such as ['aab', 'abb', 'bbb']",
            ));
        }
        None => {}
    }
    let holes = squares_on(py, t.holes.as_ref(), &board)?;
    if !holes.is_empty() {
        terrain = terrain.with_holes(holes).map_err(err)?;
    }
    let blockers = squares_on(py, t.blockers.as_ref(), &board)?;
    if !blockers.is_empty() {
        terrain = terrain.with_blockers(blockers).map_err(err)?;
    }
    Ok((board, terrain))
}
