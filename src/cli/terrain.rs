//! The command line's problem options into the library's one request
//! ([`queens::request::ProblemRequest`]): BOARD, `--pieces`, `--fixed`, `--piece`,
//! `--holes`, `--blockers`, `--torus`, `--regions FILE` (read here, the file being the
//! command line's), `--per-region K`; and the request's refusals with the fields spelled
//! as flags. Defaults, grammar and checks are the library's. [`Setup`]: the problem
//! with the engine and limits a job runs it with.

use queens::request::{BoardGiven, Fault, Field, Given, ProblemRequest, RequestError};
use queens::terrain::Terrain;
use queens::text::Limit;
use queens::{Board, EngineChoice, Problem};

use super::args::{ProblemArgs, TerrainArgs};
use super::limits::Limits;
use super::progress::Ui;

/// Whether any of the terrain options is given.
pub fn given(args: &TerrainArgs) -> bool {
    args.holes.is_some()
        || args.blockers.is_some()
        || args.torus
        || args.regions.is_some()
        || args.per_region != 1
}

/// Reads the region file once and keeps its text in `args` (standard input can be read
/// only once).
pub fn read_regions(args: &mut TerrainArgs) -> Result<(), String> {
    if let (Some(path), None) = (&args.regions, &args.regions_text) {
        args.regions_text = Some(super::input::read_text(
            path,
            "the region file",
            &Limit::regions(),
        )?);
    }
    Ok(())
}

/// The problem options as the library's request: `board` (the typed BOARD; without it
/// the library's default, or the region file's board), the pieces, the fixed pieces, the definitions and the terrain.
pub fn request<'a>(
    board: Option<&str>,
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
    Ok(ProblemRequest {
        board: board.map(|b| BoardGiven::Text(b.to_string())),
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
    board: Option<&str>,
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
    let t = request(Some(&board.to_string()), None, None, &[], args)?
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

/// A validated problem with the run-time settings that go with it.
pub struct Setup {
    /// The problem.
    pub problem: Problem,
    /// The engine asked for.
    pub engine: EngineChoice,
    /// Threads, budgets and what to say on stderr.
    pub limits: Limits,
}

/// The library's request of a problem command's BOARD, `--pieces`, `--fixed`,
/// `--piece` and terrain options.
pub fn request_of(args: &ProblemArgs) -> Result<ProblemRequest<'static>, String> {
    request(
        args.board.as_deref(),
        args.pieces.as_deref(),
        args.fixed.as_deref(),
        &args.piece,
        &args.terrain,
    )
}

/// The problem `args` describe (BOARD, `--pieces`, `--fixed`, `--piece`, terrain).
pub fn problem_of(args: &ProblemArgs) -> Result<Problem, String> {
    problem(
        args.board.as_deref(),
        args.pieces.as_deref(),
        args.fixed.as_deref(),
        &args.piece,
        &args.terrain,
    )
}

/// The problem, engine and limits `args` give, or the sentence refusing them.
pub fn setup(args: &ProblemArgs, ui: Ui) -> Result<Setup, String> {
    let problem = problem_of(args)?;
    let engine: EngineChoice = args
        .engine
        .parse()
        .map_err(|e: queens::Error| e.to_string())?;
    Ok(Setup {
        problem,
        engine,
        limits: Limits::of(args, ui)?,
    })
}

impl Setup {
    /// Checks the settings and that the engine takes `job` on the problem, so that a
    /// shortcut answer ("the fixed pieces attack each other") never hides a bad input.
    pub fn validate(&self, job: queens::Job) -> Result<(), String> {
        queens::engine::picked(self.engine, &self.problem, job, &self.limits.settings(None))
            .map(|_| ())
            .map_err(|e| match e {
                queens::Error::NoEngine { .. } => super::output::with_engines_hint(&e),
                e => e.to_string(),
            })
    }
}
