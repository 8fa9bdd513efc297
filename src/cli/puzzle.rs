//! `queens puzzle`: region puzzles (LinkedIn's daily "Queens", Star Battle) read from a
//! file, solved, counted, checked, hinted, explained, rated and generated. The library's
//! [`queens::puzzle`] does the work; this module parses flags and renders answers.

use queens::Board;
use queens::puzzle::explain::{End, explain};
use queens::puzzle::generate::{Request, generate, parse_difficulty, parse_style};
use queens::puzzle::hint::Hint;
use queens::puzzle::rules::{Level, Step, piece_word};
use queens::puzzle::solver::Found;
use queens::puzzle::{Mark, Puzzle, State, picture};
use queens::render::words::{a, plural};
use queens::terrain::Terrain;

use super::args::puzzle::{DrawTheme, FileArgs, PuzzleArgs, PuzzleFormat, PuzzleJob, StepFormat};
use super::limits::Limits;
use super::output::{CliResult, Outcome, failed, finish, write_out};
use super::progress::Ui;

/// Runs `queens puzzle`.
pub fn puzzle_cmd(args: &PuzzleArgs, ui: Ui) -> CliResult {
    match &args.job {
        PuzzleJob::Solve { file, format } => solve(file, *format),
        PuzzleJob::Count { file } => count(file),
        PuzzleJob::Check { file, show } => check(file, *show),
        PuzzleJob::Hint {
            file,
            placed,
            crossed,
            format,
        } => hint(file, placed.as_deref(), crossed.as_deref(), *format),
        PuzzleJob::Explain { file, format } => explain_cmd(file, *format),
        PuzzleJob::Rate { file } => rate(file),
        PuzzleJob::Read {
            image,
            size,
            stars,
            format,
        } => read_cmd(image, *size, *stars, *format),
        PuzzleJob::Draw {
            file,
            theme,
            square,
        } => draw_cmd(file, *theme, *square),
        PuzzleJob::Gen {
            n,
            stars,
            difficulty,
            seed,
            style,
            budget_secs,
        } => gen_cmd(
            *n,
            *stars,
            difficulty.as_deref(),
            *seed,
            style,
            *budget_secs,
            ui,
        ),
    }
}

/// The puzzle of `args`, read from its file or standard input.
fn read(args: &FileArgs) -> Result<Puzzle, String> {
    read_with_marks(args).map(|(p, _)| p)
}

/// The puzzle of `args` and, when the file is a picture, the position drawn on it
/// (its warnings said on stderr).
fn read_with_marks(args: &FileArgs) -> Result<(Puzzle, Option<State>), String> {
    use std::io::Read;
    let name = args.file.display().to_string();
    let (mut input, named) = super::input::open(&name, "the puzzle file")?;
    // The first bytes tell a picture from a text: a picture is read as far as a picture
    // may go, a text only to a puzzle's own limit (`/dev/zero` or an endless stdin is
    // refused at once, not after 64 MB).
    let mut head = Vec::new();
    (&mut input)
        .take(PICTURE_MAGIC)
        .read_to_end(&mut head)
        .map_err(|e| format!("cannot read {named}: {e}"))?;
    let mut rest = std::io::Cursor::new(head).chain(input);
    if picture::looks_like_picture(rest.get_ref().0.get_ref()) {
        let bytes = read_picture_bytes(&mut rest, &named)?;
        let options = picture::Options {
            size: None,
            stars: Some(args.stars),
        };
        let r = picture::read_file(&bytes, &options).map_err(|e| format!("{name}: {e}"))?;
        for w in &r.warnings {
            eprintln!("queens: warning: {name}: {w}");
        }
        return Ok((r.puzzle, Some(r.position)));
    }
    let bytes = queens::text::read_bounded_bytes(&mut rest, &queens::text::Limit::puzzle(), &named)
        .map_err(|e| e.to_string())?;
    Puzzle::parse_bytes(&bytes, args.stars)
        .map(|p| (p, None))
        .map_err(|e| format!("{name}: {e}"))
}

/// Enough of a file's first bytes to tell a picture by its magic bytes
/// ([`picture::looks_like_picture`]: a BMP's are the longest).
const PICTURE_MAGIC: u64 = 32;

/// `queens puzzle draw`.
fn draw_cmd(file: &std::path::Path, theme: DrawTheme, square: usize) -> CliResult {
    let args = FileArgs {
        file: file.to_path_buf(),
        stars: 1,
        budget_secs: None,
    };
    // A puzzle's stars do not change its picture: one star is allowed on any board
    // of side 3 or more.
    let (p, drawn) = read_with_marks(&args)?;
    let theme = match theme {
        DrawTheme::Pastel => picture::render::Theme::Pastel,
        DrawTheme::Dark => picture::render::Theme::Dark,
        DrawTheme::BlackWhite => picture::render::Theme::BlackWhite,
    };
    let png = picture::draw_png(&p, drawn.as_ref(), theme, square).map_err(|e| e.to_string())?;
    let mut out = std::io::stdout().lock();
    std::io::Write::write_all(&mut out, &png)
        .map_err(|e| format!("cannot write the picture: {e}"))?;
    finish(&mut out)?;
    Ok(Outcome::Yes)
}

/// The bytes of `path` (`-`: standard input) as they are, a picture's or a text's,
/// up to [`picture::MAX_FILE_BYTES`], and how to name them in a sentence.
fn read_raw(path: &str, what: &str) -> Result<(Vec<u8>, String), String> {
    let (mut input, named) = super::input::open(path, what)?;
    let bytes = read_picture_bytes(&mut input, &named)?;
    Ok((bytes, named))
}

/// The bytes of `input`, named `named`, up to [`picture::MAX_FILE_BYTES`].
fn read_picture_bytes(input: &mut dyn std::io::Read, named: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    input
        .take(picture::MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {named}: {e}"))?;
    if bytes.len() as u64 > picture::MAX_FILE_BYTES {
        return Err(format!(
            "{named} is longer than {} MB, the most a picture can take",
            picture::MAX_FILE_BYTES >> 20
        ));
    }
    Ok(bytes)
}

/// `queens puzzle read`.
fn read_cmd(
    image: &std::path::Path,
    size: Option<usize>,
    stars: Option<u32>,
    format: StepFormat,
) -> CliResult {
    let name = image.display().to_string();
    let (bytes, _) = read_raw(&name, "the picture")?;
    let r = picture::read_file(&bytes, &picture::Options { size, stars })
        .map_err(|e| format!("{name}: {e}"))?;
    for w in &r.warnings {
        eprintln!("queens: warning: {name}: {w}");
    }
    let p = &r.puzzle;
    let text = match format {
        StepFormat::Text => p.picture(),
        StepFormat::Json => format!("{}\n", reading_json(&r)),
    };
    print(&text)
}

/// A reading as JSON: the puzzle, the grid's box, and per square (top rank first, as
/// the text has it) the colour, the mark and the confidence.
fn reading_json(r: &picture::Reading) -> serde_json::Value {
    let p = &r.puzzle;
    let n = p.side();
    let top_first = |f: &dyn Fn(usize) -> serde_json::Value| -> serde_json::Value {
        (0..n)
            .rev()
            .map(|rank| {
                (0..n)
                    .map(|file| f(rank * n + file))
                    .collect::<Vec<_>>()
                    .into()
            })
            .collect::<Vec<serde_json::Value>>()
            .into()
    };
    let marked =
        |m: Mark| -> Vec<usize> { (0..n * n).filter(|&i| r.position.marks[i] == m).collect() };
    serde_json::json!({
        "size": n,
        "stars": p.stars(),
        "stars_inferred": r.stars_inferred,
        "regions": p.picture().lines().collect::<Vec<_>>(),
        "grid": {"x": r.grid.x, "y": r.grid.y, "width": r.grid.width, "height": r.grid.height},
        "colours": top_first(&|i| {
            let c = r.colours[i];
            format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2]).into()
        }),
        "marks": top_first(&|i| r.drawn[i].name().into()),
        "placed": json_squares(p, &marked(Mark::Star)),
        "crossed": json_squares(p, &marked(Mark::Cross)),
        "confidence": top_first(&|i| ((r.confidence[i] * 100.0).round() / 100.0).into()),
        "solutions": r.solutions.map(|c| if c >= 2 { "several".to_string() } else { c.to_string() }),
        "warnings": r.warnings,
    })
}

fn limits(budget_secs: Option<f64>, ui: Ui) -> Result<Limits, String> {
    Limits::new(0, budget_secs, None, ui)
}

/// The puzzle in `args`' file and its solutions from the empty position, within
/// `args`' budget: counted up to `limit`, the first `keep` of them kept. `Err` is the
/// outcome to end with (bad input, a budget that ran out).
fn search(args: &FileArgs, limit: u128, keep: usize) -> Result<(Puzzle, Found), CliResult> {
    let p = read(args).map_err(Err)?;
    // The puzzle solver names no engine and reports no progress: nothing for `-v`.
    let settings = limits(args.budget_secs, Ui::default())
        .map_err(Err)?
        .settings(None);
    match p.solutions(&State::new(&p), limit, keep, &settings) {
        Ok(found) => Ok((p, found)),
        Err(e) => Err(failed(e)),
    }
}

fn print(text: &str) -> CliResult {
    let mut out = std::io::stdout().lock();
    write_out(&mut out, text)?;
    finish(&mut out)?;
    Ok(Outcome::Yes)
}

/// Squares as JSON strings, by file.
fn json_squares(p: &Puzzle, cells: &[usize]) -> serde_json::Value {
    serde_json::Value::Array(
        by_file(p, cells)
            .into_iter()
            .map(|i| p.square(i).to_string().into())
            .collect(),
    )
}

/// Square indices ordered by file, then rank (as `--format coords` lists pieces).
fn by_file(p: &Puzzle, cells: &[usize]) -> Vec<usize> {
    let n = p.side();
    let mut v = cells.to_vec();
    v.sort_by_key(|&i| (i % n, i / n));
    v
}

fn solve(args: &FileArgs, format: PuzzleFormat) -> CliResult {
    let (p, found) = match search(args, 2, 1) {
        Ok(searched) => searched,
        Err(outcome) => return outcome,
    };
    let Some(sol) = found.solutions.first() else {
        eprintln!("queens: no solution");
        return Ok(Outcome::No);
    };
    if found.count > 1 {
        eprintln!(
            "queens: the puzzle is not unique: it has more than one solution; this is the first"
        );
    }
    let text = match format {
        PuzzleFormat::Board => p.diagram(sol),
        PuzzleFormat::Coords => format!("{}\n", p.names_of(&by_file(&p, sol), " ")),
        PuzzleFormat::Json => format!(
            "{}\n",
            serde_json::json!({
                "size": p.side(),
                "stars": p.stars(),
                "solution": json_squares(&p, sol),
                "unique": found.count == 1,
            })
        ),
        PuzzleFormat::Svg => {
            let mut shown = State::new(&p);
            for &i in sol {
                shown.marks[i] = queens::puzzle::Mark::Star;
            }
            queens::render::puzzle::puzzle_svg(&p, Some(&shown), Default::default())
        }
    };
    print(&text)
}

fn count(args: &FileArgs) -> CliResult {
    let found = match search(args, u128::MAX, 0) {
        Ok((_, found)) => found,
        Err(outcome) => return outcome,
    };
    print(&format!("{}\n", found.count))?;
    Ok(if found.count == 0 {
        Outcome::No
    } else {
        Outcome::Yes
    })
}

fn check(args: &FileArgs, show: bool) -> CliResult {
    let (p, found) = match search(args, 2, 2) {
        Ok(searched) => searched,
        Err(outcome) => return outcome,
    };
    let word = match found.count {
        0 => "none",
        1 => "unique",
        _ => "not unique",
    };
    let mut text = format!("{word}\n");
    if show {
        for s in &found.solutions {
            text.push('\n');
            text.push_str(&p.diagram(s));
        }
    }
    print(&text)?;
    Ok(if found.count == 1 {
        Outcome::Yes
    } else {
        Outcome::No
    })
}

/// The position of `--placed` and `--crossed`, on top of the marks drawn on a picture
/// (`drawn`) when the puzzle came from one.
fn position(
    p: &Puzzle,
    drawn: Option<State>,
    placed: Option<&str>,
    crossed: Option<&str>,
) -> Result<State, String> {
    let board = Board::square(p.side() as u32).map_err(|e| e.to_string())?;
    let placed = Terrain::parse_squares(placed.unwrap_or(""), &board, "--placed")
        .map_err(|e| e.to_string())?;
    let crossed = Terrain::parse_squares(crossed.unwrap_or(""), &board, "--crossed")
        .map_err(|e| e.to_string())?;
    let given = State::with(p, &placed, &crossed).map_err(|e| e.to_string())?;
    Ok(match drawn {
        // The squares named on the command line over the picture's marks.
        Some(mut s) => {
            for (i, m) in given.marks.iter().enumerate() {
                if *m != Mark::Free {
                    s.marks[i] = *m;
                }
            }
            s
        }
        None => given,
    })
}

fn step_json(step: &Step) -> serde_json::Value {
    let list = |v: &[queens::Square]| -> Vec<String> { v.iter().map(|s| s.to_string()).collect() };
    serde_json::json!({
        "rule": step.rule,
        "level": step.level.name(),
        "place": list(&step.place),
        "cross": list(&step.cross),
        "why": step.why,
    })
}

fn hint(
    args: &FileArgs,
    placed: Option<&str>,
    crossed: Option<&str>,
    format: StepFormat,
) -> CliResult {
    let (p, drawn) = read_with_marks(args)?;
    let s = position(&p, drawn, placed, crossed)?;
    let settings = limits(args.budget_secs, Ui::default())?.settings(None);
    let h = match queens::puzzle::hint::hint(&p, &s, &settings) {
        Ok(h) => h,
        Err(e) => return failed(e),
    };
    let text = match (&h, format) {
        (Hint::Step(step), StepFormat::Json) => step_json(step).to_string(),
        (_, StepFormat::Json) => serde_json::json!({ h.kind(): h.why() }).to_string(),
        (_, StepFormat::Text) => h.to_string(),
    };
    print(&format!("{text}\n"))?;
    Ok(match h {
        Hint::Step(_) | Hint::Solved { .. } => Outcome::Yes,
        Hint::Contradiction { .. } | Hint::Stuck { .. } => Outcome::No,
    })
}

fn explain_cmd(args: &FileArgs, format: StepFormat) -> CliResult {
    let p = read(args)?;
    let e = explain(&p, &State::new(&p), Level::Expert);
    let json = format == StepFormat::Json;
    let mut text = String::new();
    for (k, step) in e.steps.iter().enumerate() {
        if json {
            text.push_str(&format!("{}\n", step_json(step)));
        } else {
            text.push_str(&format!("{}. {step}\n", k + 1));
        }
    }
    let stars = e.state.stars();
    let outcome = match &e.end {
        End::Solved => {
            if json {
                text.push_str(&format!(
                    "{}\n",
                    serde_json::json!({"end": "solved", "solution": json_squares(&p, &stars)})
                ));
            } else {
                text.push_str(&format!("solved in {}:\n", plural(e.steps.len(), "step")));
                text.push_str(&p.diagram(&stars));
            }
            Outcome::Yes
        }
        End::Stuck => {
            let crossed: Vec<usize> = (0..e.state.marks.len())
                .filter(|&i| e.state.marks[i] == Mark::Cross)
                .collect();
            if json {
                text.push_str(&format!(
                    "{}\n",
                    serde_json::json!({"end": "stuck", "placed": json_squares(&p, &stars), "crossed": json_squares(&p, &crossed)})
                ));
            } else {
                text.push_str(&format!(
                    "stuck after {}: {}. The position ({}s in brackets, crossed squares as dots):
",
                    plural(e.steps.len(), "step"),
                    e.end.why(p.stars()),
                    piece_word(p.stars())
                ));
                text.push_str(&crossed_diagram(&p, &e.state));
            }
            Outcome::No
        }
        End::Broken(why) => {
            if json {
                text.push_str(&format!(
                    "{}\n",
                    serde_json::json!({"end": "contradiction", "why": why})
                ));
            } else {
                text.push_str(&format!("{}: {why}\n", e.end.kind()));
            }
            Outcome::No
        }
    };
    print(&text)?;
    Ok(outcome)
}

/// The diagram of a position: stars in brackets, crossed squares as dots.
fn crossed_diagram(p: &Puzzle, s: &State) -> String {
    let n = p.side();
    let diagram = p.diagram(&s.stars());
    let mut out = String::new();
    for (line_no, line) in diagram.lines().enumerate() {
        if line_no == n {
            out.push_str(line);
            out.push('\n');
            break;
        }
        let rank = n - 1 - line_no;
        let width = n.to_string().len() + 1;
        let mut l: Vec<char> = line.chars().collect();
        for file in 0..n {
            let pos = width + 3 * file + 1;
            if s.marks[rank * n + file] == Mark::Cross && pos < l.len() {
                l[pos] = '.';
            }
        }
        out.extend(l);
        out.push('\n');
    }
    out
}

fn rate(args: &FileArgs) -> CliResult {
    let (p, found) = match search(args, 2, 0) {
        Ok(searched) => searched,
        Err(outcome) => return outcome,
    };
    if found.count != 1 {
        eprintln!(
            "queens: the puzzle has {}, so it has no grade",
            if found.count == 0 {
                "no solution"
            } else {
                "more than one solution"
            }
        );
        return Ok(Outcome::No);
    }
    print(&format!("{}\n", queens::puzzle::rate::rate(&p)))
}

fn gen_cmd(
    n: u32,
    stars: u32,
    difficulty: Option<&str>,
    seed: u64,
    style: &str,
    budget_secs: Option<f64>,
    ui: Ui,
) -> CliResult {
    // The library's defaults, then the fields given; the difficulty's name is read by
    // the library's one reader (the sentence for a bad one names `--difficulty`).
    let mut req = Request::new(n as usize);
    req.stars = stars;
    req.seed = seed;
    if let Some(d) = difficulty {
        req.difficulty = parse_difficulty(d).map_err(|e| e.spelled("--difficulty"))?;
    }
    req.style = parse_style(style).map_err(|e| e.spelled("--style"))?;
    let limits = limits(budget_secs, ui)?;
    let bar = limits.counter("generating", "candidates");
    let report = |p: queens::Progress| bar.set(p.done);
    let settings = limits.settings(Some(&report));
    let made = generate(&req, &settings);
    bar.finish();
    match made {
        Ok(Some(m)) => {
            if limits.verbose() {
                eprintln!(
                    "queens: {} puzzle after {}",
                    a(m.grade.name()),
                    plural(m.candidates, "candidate")
                );
            }
            print(&m.puzzle.picture())
        }
        Ok(None) => {
            eprintln!("queens: {}", req.why_none());
            Ok(Outcome::No)
        }
        Err(e) => failed(e),
    }
}
