//! The command line's problem options into the library's one request
//! ([`queens::request::ProblemRequest`]): BOARD, `--pieces`, `--fixed`, `--piece`,
//! `--holes`, `--blockers`, `--torus`, `--regions FILE` (read here, the file being the
//! command line's), `--per-region K`; and the request's refusals with the fields spelled
//! as flags. Defaults, grammar and checks are the library's.

use queens::request::{BoardGiven, Fault, Field, Given, ProblemRequest, RequestError};
use queens::terrain::Terrain;
use queens::text::Limit;
use queens::{Board, Problem};

use super::args::TerrainArgs;

/// Whether any of the terrain options is given.
pub fn given(args: &TerrainArgs) -> bool {
    args.holes.is_some()
        || args.blockers.is_some()
        || args.torus
        || args.regions.is_some()
        || args.per_region != 1
}

/// Reads the region file once and keeps its text in `args` (standard input can be read
/// only once), with whether BOARD was typed (without it, the board is the file's).
pub fn board_from_regions(given: bool, args: &mut TerrainArgs) -> Result<(), String> {
    args.board_given = given;
    if let (Some(path), None) = (&args.regions, &args.regions_text) {
        args.regions_text = Some(super::input::read_text(
            path,
            "the region file",
            &Limit::regions(),
        )?);
    }
    Ok(())
}

/// The problem options as the library's request: `board` (the typed BOARD, or clap's
/// default), the pieces, the fixed pieces, the definitions and the terrain.
pub fn request<'a>(
    board: &str,
    pieces: Option<&str>,
    fixed: Option<&str>,
    defs: &[String],
    args: &TerrainArgs,
) -> Result<ProblemRequest<'a>, String> {
    let regions = match (&args.regions, &args.regions_text) {
        (Some(_), Some(text)) => Some(text.clone()),
        (Some(path), None) => Some(super::input::read_text(
            path,
            "the region file",
            &Limit::regions(),
        )?),
        (None, _) => None,
    };
    let typed = regions.is_none() || args.board_given;
    Ok(ProblemRequest {
        board: typed.then(|| BoardGiven::Text(board.to_string())),
        pieces: pieces.map(|p| Given::Text(p.to_string())),
        fixed: fixed.map(|f| Given::Text(f.to_string())),
        define: defs.to_vec(),
        holes: args.holes.clone(),
        blockers: args.blockers.clone(),
        torus: args.torus,
        regions,
        // 1 is clap's default: given or not, it asks for nothing.
        per_region: (args.per_region != 1).then_some(args.per_region),
    })
}

/// The request's refusal with its fields spelled as the command line's: `--holes`,
/// BOARD, and the region file by its path where a sentence speaks of its board.
pub fn refused(e: &RequestError, args: &TerrainArgs) -> String {
    let path = args.regions.as_deref().unwrap_or_default();
    e.spelled(&|field| match field {
        Field::Board => "BOARD".into(),
        Field::Regions if matches!(e.fault, Fault::BoardClash { .. }) => {
            format!("the region file '{path}'")
        }
        Field::PerRegion => "--per-region".into(),
        f => format!("--{}", f.name()),
    })
}

/// The problem the options describe, through the library's request.
pub fn problem(
    board: &str,
    pieces: Option<&str>,
    fixed: Option<&str>,
    defs: &[String],
    args: &TerrainArgs,
) -> Result<Problem, String> {
    let problem = request(board, pieces, fixed, defs, args)?
        .build()
        .map_err(|e| refused(&e, args))?;
    note_split(problem.terrain(), problem.board());
    Ok(problem)
}

/// The terrain the options describe on `board` (a board settled elsewhere).
pub fn read(args: &TerrainArgs, board: &Board) -> Result<Terrain, String> {
    let t = request(&board.to_string(), None, None, &[], args)?
        .terrain_on(board)
        .map_err(|e| refused(&e, args))?;
    note_split(&t, board);
    Ok(t)
}

/// A region in several pieces is allowed (a region is a set of squares), but most
/// likely not what was meant: said on stderr.
fn note_split(t: &Terrain, board: &Board) {
    if let Some(split) = t.regions().and_then(|r| r.split(board)) {
        eprintln!("queens: note: in the region file, {split}");
    }
}
