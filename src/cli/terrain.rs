//! `--holes`, `--blockers`, `--torus`, `--regions FILE`, `--per-region K`: the board
//! beyond the rectangle, read into the library's `Terrain`.

use std::io::Read;

use queens::terrain::{Regions, Terrain};
use queens::{Board, Problem};

use super::args::TerrainArgs;

/// Whether any of the options is given.
pub fn given(args: &TerrainArgs) -> bool {
    args.holes.is_some()
        || args.blockers.is_some()
        || args.torus
        || args.regions.is_some()
        || args.per_region != 1
}

/// The terrain the options describe on `board`.
pub fn read(args: &TerrainArgs, board: &Board) -> Result<Terrain, String> {
    let err = |e: queens::Error| e.to_string();
    let mut t = Terrain::new(board).with_torus(args.torus);
    if let Some(path) = &args.regions {
        let text = if path == "-" {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| format!("cannot read the region file from stdin: {e}"))?;
            s
        } else {
            std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read the region file {path}: {e}"))?
        };
        let (regions, holes) = Regions::parse(&text, board, args.per_region).map_err(err)?;
        t = t.with_regions(regions, holes).map_err(err)?;
    } else if args.per_region != 1 {
        return Err("--per-region needs --regions FILE".into());
    }
    if let Some(text) = &args.holes {
        t = t
            .with_holes(Terrain::parse_squares(text, board, "--holes").map_err(err)?)
            .map_err(err)?;
    }
    if let Some(text) = &args.blockers {
        t = t
            .with_blockers(Terrain::parse_squares(text, board, "--blockers").map_err(err)?)
            .map_err(err)?;
    }
    Ok(t)
}

/// `problem` on the board the options describe.
pub fn apply(args: &TerrainArgs, problem: Problem) -> Result<Problem, String> {
    if !given(args) {
        return Ok(problem);
    }
    let t = read(args, problem.board())?;
    problem.with_terrain(t).map_err(|e| e.to_string())
}
