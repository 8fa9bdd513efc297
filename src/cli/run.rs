//! Runs one configured command ([`Config`]): the top of the command line, which hands
//! each job to its module (none of which imports this one), or runs it here and writes
//! the answer. Errors come back as the one sentence to show the user.

use std::io::{self, BufWriter};

use queens::verdict::{Expect, Verdict};
use queens::{Board, PieceKind, Placement};

use queens::render::ranks::{RankFormat, RankText};

use super::args::{AllFormat, Command, ProblemArgs, SolveFormat, VerifyFormat};
use super::config::Config;
use super::limits::Limits;
use super::output::{
    CliResult, Listing, Outcome, explain_clash, failed, finish, solution_text, write_out,
};
use super::parts::{self, CountFlags};
use super::progress::Ui;
use super::terrain::setup;

/// Runs the job of `config` and returns its outcome, or the sentence explaining a bad
/// input.
pub fn run(config: Config) -> CliResult {
    let ui = config.ui;
    // The join's sieve tuning by hand, before the count starts.
    if let Command::Count { tuning, .. } = &config.command {
        super::tune::apply(tuning.as_deref())?;
    }
    match config.command {
        Command::Solve {
            problem,
            format,
            huge,
            cover,
            ..
        } => {
            if cover.cover {
                return super::cover::solve(&problem, &cover, format, &huge, ui);
            }
            // Ranged specs ("0..8Q") go to the general runner, which expands them.
            if super::counting::ranged(&problem, ui)?.is_some() {
                if let Some(flag) = huge.queens_flag() {
                    return Err(format!(
                        "{flag} places N queens on an N x N board; it does not take ranged --pieces"
                    ));
                }
                return solve(&problem, format, ui);
            }
            if super::terrain::given(&problem.terrain) {
                if let Some(flag) = huge.queens_flag() {
                    return Err(format!(
                        "{flag} places queens on a plain board; it does not take --holes, --blockers, --torus or --regions"
                    ));
                }
                return solve(&problem, format, ui);
            }
            match super::hugen::solve(&problem, format, &huge, ui)? {
                Some(outcome) => Ok(outcome),
                None => solve(&problem, format, ui),
            }
        }
        Command::All {
            problem,
            limit,
            unique,
            format,
            ..
        } => all(&problem, limit, unique, format, ui),
        Command::Count {
            problem,
            unique,
            json,
            checkpoint,
            shard,
            method,
            manifest,
            ..
        } => count(
            &problem.shown(),
            &CountFlags {
                unique,
                json,
                checkpoint,
                shard,
                method,
                manifest,
            },
            ui,
        ),
        Command::Merge {
            files,
            unique,
            json,
            manifest,
        } => parts::merge(&files, unique, json, manifest.as_deref()),
        Command::Recheck(a) => super::recheck::recheck(&a, ui),
        Command::Tune(a) => super::tune::tune(&a),
        Command::Engines {
            board,
            pieces,
            fixed,
            piece,
            terrain,
            ..
        } => super::engines::engines(
            board.as_deref(),
            pieces.as_deref(),
            fixed.as_deref(),
            &piece,
            &terrain,
        ),
        Command::Max {
            board,
            kind,
            pieces,
            fixed,
            engine,
            json,
            threads,
            budget_secs,
            piece,
            terrain,
            ..
        } => super::counting::max(
            &board,
            &kind,
            super::counting::MaxArgs {
                pieces: pieces.as_deref(),
                fixed: fixed.as_deref(),
                engine: &engine,
                json,
                limits: Limits::new(threads, budget_secs, None, ui)?,
                defs: &piece,
                terrain: &terrain.terrain(),
            },
        ),
        Command::Verify {
            args,
            pieces,
            partial,
            format,
            perm_file: Some(path),
            piece: _,
            terrain,
        } => {
            if super::terrain::given(&terrain) {
                return Err("--perm-file verifies queens on a plain board; give the placement as an argument with --holes, --blockers, --torus or --regions".into());
            }
            super::hugen::verify_perm(&args, &path, pieces.as_deref(), partial, format)
        }
        Command::Verify {
            args,
            pieces,
            partial,
            format,
            perm_file: None,
            piece,
            terrain,
        } => verify_cmd(&args, pieces.as_deref(), partial, format, &piece, &terrain),
        Command::Cover(a) => super::cover::cover_cmd(&a, ui),
        Command::Pieces { which, piece } => super::fairy::pieces(&which, &piece),
        Command::GenCompletion { n, seed } => super::hugen::gen_completion(&n, seed),
        Command::GenRegions {
            n,
            seed,
            piece,
            solution,
            budget_secs,
            ..
        } => gen_regions(
            n,
            seed,
            piece.as_deref(),
            solution,
            Limits::new(0, budget_secs, None, ui)?,
        ),
        Command::Puzzle(a) => super::puzzle::puzzle_cmd(&a, ui),
        Command::Export(a) => super::export::export_cmd(&a),
        Command::Decode(a) => super::export::decode_cmd(&a),
    }
}

fn solve(args: &ProblemArgs, format: Option<SolveFormat>, ui: Ui) -> CliResult {
    if let Some(r) = super::counting::ranged(args, ui)? {
        return super::counting::solve_range(&r, format.unwrap_or(SolveFormat::Board));
    }
    let s = setup(args, ui)?;
    let format =
        format.unwrap_or_else(|| super::hugen::default_solve_format(s.problem.board(), false));
    s.validate(queens::Job::Solve)?;
    let found = match queens::solve(&s.problem, s.engine, &s.limits.settings(None)) {
        Ok(found) => found,
        Err(e) => return failed(e),
    };
    let Some(p) = found else {
        if !explain_clash(&s.problem) {
            eprintln!("queens: no solution");
        }
        return Ok(Outcome::No);
    };
    let text = solution_text(s.problem.board(), s.problem.terrain(), &p, format)?;
    let mut out = io::stdout().lock();
    write_out(&mut out, &text)?;
    finish(&mut out)?;
    Ok(Outcome::Yes)
}

fn all(
    args: &ProblemArgs,
    limit: Option<u64>,
    unique: bool,
    format: Option<AllFormat>,
    ui: Ui,
) -> CliResult {
    if let Some(r) = super::counting::ranged(args, ui)? {
        if unique {
            return Err("all --unique takes one problem, not ranged --pieces".into());
        }
        return super::counting::all_range(&r, limit, format.unwrap_or(AllFormat::Coords));
    }
    let s = setup(args, ui)?;
    let queens_only = s
        .problem
        .pieces()
        .iter()
        .all(|p| p.kind == PieceKind::queen());
    let format = format.unwrap_or(
        if s.problem.board().cols() > super::hugen::WIDE && queens_only {
            AllFormat::Perm
        } else {
            AllFormat::Coords
        },
    );
    if matches!(format, AllFormat::Perm) && !queens_only {
        return Err("--format perm writes queens only; use --format coords".into());
    }
    s.validate(queens::Job::Enumerate)?;
    if explain_clash(&s.problem) {
        // The library lists nothing for it; the explanation is the CLI's.
        return Ok(Outcome::No);
    }
    let settings = s.limits.settings(None);
    let board = *s.problem.board();
    if limit == Some(0) {
        // Nothing to list, but the exit status still says whether a solution exists.
        return match queens::solve(&s.problem, s.engine, &settings) {
            Ok(Some(_)) => Ok(Outcome::Yes),
            Ok(None) => {
                eprintln!("queens: no solution");
                Ok(Outcome::No)
            }
            Err(e) => failed(e),
        };
    }
    let mut listing = Listing::new(
        BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        limit,
    )
    .on(s.problem.terrain());
    // Plain N-queens: solutions as ranks per file, written straight into reused
    // buffers (millions of lines a second); the same bytes as the generic path.
    let fast = match format {
        AllFormat::Coords => RankFormat::Coords,
        AllFormat::Perm => RankFormat::Perm,
        AllFormat::Json => RankFormat::Json,
        AllFormat::Board => RankFormat::Board,
    };
    let fast = Some(fast).filter(|_| s.problem.is_plain_queens() && !unique);
    let listed = match fast {
        None if unique => {
            queens::symmetry::enumerate_unique(&s.problem, s.engine, &settings, &mut |p| {
                listing.push(&board, p, format)
            })
        }
        Some(f) => {
            let mut text = RankText::new(f, board.rows());
            queens::engine::enumerate_perm(&s.problem, s.engine, &settings, &mut |ranks| {
                listing.push_line(text.line(ranks))
            })
        }
        None => queens::enumerate(&s.problem, s.engine, &settings, &mut |p| {
            listing.push(&board, p, format)
        }),
    };
    if let Err(e) = listed {
        listing.abandon()?;
        return failed(e);
    }
    listing.finish()
}

fn count(args: &ProblemArgs, flags: &CountFlags, ui: Ui) -> CliResult {
    if let Some(r) = super::counting::ranged(args, ui)? {
        return super::counting::count_range(&r, flags.unique);
    }
    let s = setup(args, ui)?;
    // Checkpoints, shards, a method, a manifest or JSON need an engine that counts in parts.
    if flags.parts_flag().is_some() {
        let source = super::recheck::source_words(args);
        return parts::count(&s.problem, s.engine, &s.limits, flags, source);
    }
    s.validate(if flags.unique {
        queens::Job::CountUnique
    } else {
        queens::Job::Count
    })?;
    let bar = s.limits.bar("counting");
    let report = |p: queens::Progress| bar.update(p.done, p.total);
    let settings = s.limits.settings(Some(&report));
    let n = if flags.unique {
        queens::count_unique(&s.problem, s.engine, &settings)
    } else {
        queens::count(&s.problem, s.engine, &settings)
    };
    bar.finish();
    let n = match n {
        Ok(n) => n,
        Err(e) => return failed(e),
    };
    if n == 0u32.into() {
        explain_clash(&s.problem);
    }
    let mut out = io::stdout().lock();
    write_out(&mut out, &format!("{n}\n"))?;
    finish(&mut out)?;
    Ok(if n == 0u32.into() {
        Outcome::No
    } else {
        Outcome::Yes
    })
}

fn verify_cmd(
    args: &[String],
    pieces: Option<&str>,
    partial: bool,
    format: VerifyFormat,
    defs: &[String],
    terrain_args: &super::args::TerrainArgs,
) -> CliResult {
    let catalog = super::fairy::catalog(defs)?;
    let (board_text, mut placement_text) = super::verify_args::split_verify_args(args)?;
    if placement_text == "-" {
        // A solver's answer piped in: `queens solve 8 --format coords | queens verify 8 -`.
        // Bounded by the typed board's squares (a bad BOARD is named below).
        let typed = board_text.as_deref().and_then(|b| b.parse::<Board>().ok());
        let limit = queens::text::Limit::placement(typed.as_ref());
        placement_text = super::input::read_text("-", "the placement", &limit)?;
    }
    let placement_text = placement_text.as_str();
    // A permutation's numbers, 0s (files without a queen) included.
    let files = Placement::permutation_files(placement_text);
    let mut terrain_args = terrain_args.clone();
    let board_typed = board_text.is_some();
    let board: Board = match board_text {
        // The board is the region file's unless one is typed (which must match it).
        _ if terrain_args.regions.is_some() => {
            super::terrain::read_regions(&mut terrain_args)?;
            super::terrain::request(board_text.as_deref(), None, None, &[], &terrain_args)?
                .parts()
                .map_err(|e| super::terrain::refused(&e, &terrain_args))?
                .board
        }
        Some(b) => b.parse().map_err(|e: queens::Error| e.to_string())?,
        None => match files {
            Some(n) if n > 0 => {
                Board::square(u32::try_from(n).unwrap_or(u32::MAX)).map_err(|e| e.to_string())?
            }
            _ => Board::square(8).expect("8x8 is a board"),
        },
    };
    // A diagram (as `solve` draws it) brings its own board.
    let (board, placement) =
        match Placement::parse_diagram(placement_text, &catalog).map_err(|e| e.to_string())? {
            Some((drawn, _)) if board_typed && drawn != board => {
                return Err(format!(
                    "the board {board} clashes with the diagram, which draws a {drawn} board"
                ));
            }
            Some(found) => found,
            None => {
                let p = Placement::parse_on(placement_text, &catalog, &board)
                    .map_err(|e| e.to_string())?;
                (board, p)
            }
        };
    let terrain = super::terrain::read(&terrain_args, &board)?;
    let expect = Expect {
        // Read as every front reads pieces: a range is refused in the request's words.
        pieces: queens::request::ProblemRequest {
            pieces: pieces.map(|spec| queens::request::Given::Text(spec.to_string())),
            ..Default::default()
        }
        .pieces_on(&catalog, &board)
        .map_err(|e| super::terrain::refused(&e, &terrain_args))?,
        // (`[]` holds no number: the empty placement, judged as `''` is.)
        rank_list: files.is_some_and(|n| n > 0),
        partial,
        partial_switch: "--partial",
        ..Expect::default()
    };
    let verdict =
        Verdict::judge(&board, &terrain, &placement, &expect).map_err(|e| e.to_string())?;
    let valid = verdict.is_valid();
    let text = match format {
        VerifyFormat::Text => format!("{verdict}\n"),
        VerifyFormat::Json => format!(
            "{}\n",
            serde_json::json!({ "valid": valid, "problems": verdict.problems(), "placement": placement.to_string() })
        ),
    };
    let mut out = io::stdout().lock();
    write_out(&mut out, &text)?;
    finish(&mut out)?;
    Ok(if valid { Outcome::Yes } else { Outcome::No })
}

/// `queens gen-regions N [--seed S] [--piece L=BETZA] [--solution]`.
fn gen_regions(
    n: u32,
    seed: u64,
    piece: Option<&str>,
    solution: bool,
    limits: Limits,
) -> CliResult {
    let def = piece.unwrap_or("L=RF");
    let (catalog, letter) = match def.split_once('=') {
        Some((letter, _)) => (
            super::fairy::catalog(&[def.to_string()])?,
            letter.trim().chars().next().unwrap_or('L'),
        ),
        None => (
            super::fairy::catalog(&[])?,
            def.trim().chars().next().unwrap_or('?'),
        ),
    };
    let kind = catalog.get(letter).map_err(|e| e.to_string())?;
    let bar = limits.bar("gen-regions");
    let report = |p: queens::Progress| bar.update(p.done, p.total);
    let settings = limits.settings(Some(&report));
    // The daily "Queens" piece (the default) goes to the puzzle generator, which is
    // much faster; other pieces to the general one.
    let made = if piece.is_none_or(|d| d.trim() == "L=RF")
        && n >= 1
        && n as usize <= queens::puzzle::MAX_SIDE
    {
        gen_regions_queens(n, seed, &kind, &settings)
    } else {
        queens::regions::generate(n, &kind, seed, &settings)
            .map(|p| p.map(|p| (p.picture, p.solution)))
    };
    bar.finish();
    let (picture, placement) = match made {
        Ok(Some(made)) => made,
        Ok(None) => {
            eprintln!(
                "queens: no solution: {n} pieces of kind {} cannot stand on {n}x{n} apart",
                kind.letter()
            );
            return Ok(Outcome::No);
        }
        Err(e) => return failed(e),
    };
    let mut text = picture;
    if solution {
        text.push_str(&format!("\n{placement}\n"));
    }
    let mut out = io::stdout().lock();
    write_out(&mut out, &text)?;
    finish(&mut out)?;
    Ok(Outcome::Yes)
}

/// `gen-regions` for the default piece (`L=RF`, one per region): the region-puzzle
/// generator's puzzle as a picture and its solution as `kind` pieces.
fn gen_regions_queens(
    n: u32,
    seed: u64,
    kind: &PieceKind,
    settings: &queens::Settings,
) -> Result<Option<(String, Placement)>, queens::Error> {
    let req = queens::puzzle::generate::Request {
        n: n as usize,
        stars: 1,
        difficulty: None,
        seed,
        style: Default::default(),
    };
    Ok(
        queens::puzzle::generate::generate(&req, settings)?.map(|made| {
            let pieces = made
                .solution
                .iter()
                .map(|&i| queens::Piece {
                    kind: kind.clone(),
                    square: made.puzzle.square(i),
                })
                .collect();
            (made.puzzle.picture(), Placement::new(pieces))
        }),
    )
}
