//! `--holes`, `--blockers`, `--torus`, `--regions FILE`, `--per-region K`: the board
//! beyond the rectangle, read into the library's `Terrain`.

use queens::terrain::{Regions, Terrain};
use queens::text::Limit;
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

/// The region file's text, read once and kept in `args` (standard input can be read
/// only once); `None` without `--regions`.
fn region_text(args: &mut TerrainArgs) -> Result<Option<&str>, String> {
    if let (Some(path), None) = (&args.regions, &args.regions_text) {
        args.regions_text = Some(super::input::read_text(
            path,
            "the region file",
            &Limit::regions(),
        )?);
    }
    Ok(args.regions_text.as_deref())
}

/// Settles BOARD against `--regions FILE`: without BOARD on the command line (`given`
/// false) the board is the one the file draws; a given BOARD must be that board.
pub fn board_from_regions(
    board: &mut String,
    given: bool,
    args: &mut TerrainArgs,
) -> Result<(), String> {
    let path = args.regions.clone().unwrap_or_default();
    let Some(text) = region_text(args)? else {
        return Ok(());
    };
    let drawn = Regions::board_of(text).map_err(|e| e.to_string())?;
    if !given {
        *board = drawn.to_string();
        return Ok(());
    }
    let typed: Board = board.parse().map_err(|e: queens::Error| e.to_string())?;
    if typed != drawn {
        return Err(format!(
            "the board {typed} clashes with the region file '{path}', which draws a {drawn} board; leave out BOARD to take the file's"
        ));
    }
    Ok(())
}

/// The terrain the options describe on `board`.
pub fn read(args: &TerrainArgs, board: &Board) -> Result<Terrain, String> {
    let err = |e: queens::Error| e.to_string();
    let mut t = Terrain::new(board).with_torus(args.torus);
    if let Some(path) = &args.regions {
        let text = match &args.regions_text {
            Some(text) => text.clone(),
            None => super::input::read_text(path, "the region file", &Limit::regions())?,
        };
        let (regions, holes) = Regions::parse(&text, board, args.per_region).map_err(err)?;
        // Allowed (a region is a set of squares), but most likely not what was meant.
        if let Some(split) = regions.split(board) {
            eprintln!("queens: note: in the region file, {split}");
        }
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
