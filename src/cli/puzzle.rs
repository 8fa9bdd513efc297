//! `queens puzzle`: region puzzles (LinkedIn's daily "Queens", Star Battle) read from a
//! file, solved, counted, checked, hinted, explained, rated and generated. The library's
//! [`queens::puzzle`] does the work; this module parses flags and renders answers.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};
use queens::Board;
use queens::puzzle::explain::{End, explain};
use queens::puzzle::generate::{Request, generate, parse_difficulty};
use queens::puzzle::hint::Hint;
use queens::puzzle::rules::{Level, Step, piece_word};
use queens::puzzle::solver::Found;
use queens::puzzle::{Mark, Puzzle, State};
use queens::render::words::plural;
use queens::terrain::Terrain;

use super::limits::Limits;
use super::output::{CliResult, Outcome, failed, finish, write_out};
use super::progress::Bar;

/// The rule levels and the exit codes, on every puzzle page.
const LEVELS: &str = "\
Rule levels (the grade of a puzzle is the easiest level that solves it):
  easy    exclusion, last-square
  medium  region-in-line, line-in-region, would-empty
  hard    regions-in-lines, lines-in-regions (k regions in k rows or columns)
  expert  trial (a star placed, the forced moves followed to a contradiction)

Exit status: 0 found / unique / solved, 1 none / not unique / stuck, 2 bad input,
3 the budget ran out.";

/// The examples, on every puzzle page.
const EXAMPLES: &str = "\
Examples:
  queens puzzle gen 9 --seed 3 > p.txt        a 9x9 daily-size puzzle
  queens puzzle solve p.txt                    its solution, drawn on the regions
  queens puzzle count p.txt                    1
  queens puzzle check p.txt                    unique
  queens puzzle hint p.txt --placed e5         the next step from there
  queens puzzle explain p.txt                  the whole chain of steps
  queens puzzle rate p.txt                     its grade, and the chain's length
  queens puzzle gen 10 --stars 2 --difficulty hard   a Star Battle puzzle";

/// The help after the options of `queens puzzle` and of the jobs that read a puzzle:
/// the file format (stated once, in the library), the rule levels, the examples.
pub fn puzzle_help() -> String {
    format!(
        "FILE is a puzzle file (`-`: standard input).\n{}\n\
         A --regions file looks alike, but there `#` is a hole and the board any rectangle.\n\
         Squares are algebraic: a1 is bottom left.\n\n{LEVELS}\n\n{EXAMPLES}",
        queens::puzzle::FORMAT
    )
}

/// The help after the options of `puzzle gen`: what it prints, the levels, the examples.
fn gen_help() -> String {
    format!(
        "It prints a puzzle file, the regions named a to z, A to Z, 0 to 9.\n{}\n\n\
         {LEVELS}\n\n{EXAMPLES}",
        queens::puzzle::FORMAT
    )
}

/// The arguments of `queens puzzle`.
#[derive(Args, Debug)]
pub struct PuzzleArgs {
    /// What to do with the puzzle.
    #[command(subcommand)]
    pub job: PuzzleJob,
}

/// The puzzle file and the stars per unit.
#[derive(Args, Debug)]
pub struct FileArgs {
    /// The puzzle file (`-` for standard input).
    pub file: PathBuf,
    /// Stars per row, column and region: 1 for "Queens", 2 for the usual Star Battle.
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub stars: u32,
    /// Give up after this many seconds (exit 3).
    #[arg(long, value_name = "SECONDS")]
    pub budget_secs: Option<f64>,
}

/// How `puzzle solve` prints the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PuzzleFormat {
    /// The regions, one line per rank, the stars' squares in brackets.
    Board,
    /// The stars' squares, by file.
    Coords,
    /// One JSON object.
    Json,
}

/// Text or JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StepFormat {
    /// Sentences.
    Text,
    /// JSON (for `explain`: one object a line).
    Json,
}

/// The jobs of `queens puzzle`.
#[derive(Subcommand, Debug)]
pub enum PuzzleJob {
    /// The solution, drawn with its regions (exit 1: no solution; several: the first,
    /// and a line on stderr).
    #[command(after_help = puzzle_help())]
    Solve {
        #[command(flatten)]
        file: FileArgs,
        /// How to print the solution.
        #[arg(long, value_enum, default_value = "board")]
        format: PuzzleFormat,
    },
    /// The exact number of solutions (exit 1 when 0).
    #[command(after_help = puzzle_help())]
    Count {
        #[command(flatten)]
        file: FileArgs,
    },
    /// `unique`, `none` or `not unique`; exit 0 only for unique.
    #[command(after_help = puzzle_help())]
    Check {
        #[command(flatten)]
        file: FileArgs,
        /// Also draw the solution (the first two when not unique).
        #[arg(long)]
        show: bool,
    },
    /// The next step a person can take from a position: the rule, the squares to fill
    /// or cross, and why.
    #[command(after_help = puzzle_help())]
    Hint {
        #[command(flatten)]
        file: FileArgs,
        /// Squares that hold a star, e.g. `c4,e7`.
        #[arg(long, value_name = "SQUARES")]
        placed: Option<String>,
        /// Squares crossed out, e.g. `d4 d5`.
        #[arg(long, value_name = "SQUARES")]
        crossed: Option<String>,
        /// Text or JSON.
        #[arg(long, value_enum, default_value = "text")]
        format: StepFormat,
    },
    /// The whole solution as a chain of steps, ending in the solved board (or where no
    /// rule applies).
    #[command(after_help = puzzle_help())]
    Explain {
        #[command(flatten)]
        file: FileArgs,
        /// Text, or JSON with one step a line.
        #[arg(long, value_enum, default_value = "text")]
        format: StepFormat,
    },
    /// The difficulty: first word easy, medium, hard or expert, then the chain's length.
    #[command(after_help = puzzle_help())]
    Rate {
        #[command(flatten)]
        file: FileArgs,
    },
    /// A new puzzle with exactly one solution, in the format `solve` reads.
    #[command(after_help = gen_help())]
    Gen {
        /// The side N (4 to 26 plays well; 1 to 62 works).
        n: u32,
        /// Stars per row, column and region.
        #[arg(long, default_value_t = Request::new(0).stars, value_name = "K")]
        stars: u32,
        /// The grade the puzzle must have: easy, medium, hard, expert or any [default:
        /// any]. With 2 or more stars there is no easy puzzle (no unit starts with as
        /// few free squares as stars): medium, hard or expert.
        #[arg(long)]
        difficulty: Option<String>,
        /// The generator's seed: the same seed gives the same puzzle.
        #[arg(long, default_value_t = Request::new(0).seed)]
        seed: u64,
        /// Give up after this many seconds (exit 3).
        #[arg(long, value_name = "SECONDS")]
        budget_secs: Option<f64>,
    },
}

/// Runs `queens puzzle`.
pub fn puzzle_cmd(args: &PuzzleArgs) -> CliResult {
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
        PuzzleJob::Gen {
            n,
            stars,
            difficulty,
            seed,
            budget_secs,
        } => gen_cmd(*n, *stars, difficulty.as_deref(), *seed, *budget_secs),
    }
}

/// The puzzle of `args`, read from its file or standard input.
fn read(args: &FileArgs) -> Result<Puzzle, String> {
    let name = args.file.display().to_string();
    let (bytes, _) =
        super::input::read_bytes(&name, "the puzzle file", &queens::text::Limit::puzzle())?;
    Puzzle::parse_bytes(&bytes, args.stars).map_err(|e| format!("{name}: {e}"))
}

fn limits(budget_secs: Option<f64>) -> Result<Limits, String> {
    Limits::new(0, budget_secs, None)
}

/// The puzzle in `args`' file and its solutions from the empty position, within
/// `args`' budget: counted up to `limit`, the first `keep` of them kept. `Err` is the
/// outcome to end with (bad input, a budget that ran out).
fn search(args: &FileArgs, limit: u128, keep: usize) -> Result<(Puzzle, Found), CliResult> {
    let p = read(args).map_err(Err)?;
    let settings = limits(args.budget_secs).map_err(Err)?.settings(None);
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

/// The position of `--placed` and `--crossed`.
fn position(p: &Puzzle, placed: Option<&str>, crossed: Option<&str>) -> Result<State, String> {
    let board = Board::square(p.side() as u32).map_err(|e| e.to_string())?;
    let placed = Terrain::parse_squares(placed.unwrap_or(""), &board, "--placed")
        .map_err(|e| e.to_string())?;
    let crossed = Terrain::parse_squares(crossed.unwrap_or(""), &board, "--crossed")
        .map_err(|e| e.to_string())?;
    State::with(p, &placed, &crossed).map_err(|e| e.to_string())
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
    let p = read(args)?;
    let s = position(&p, placed, crossed)?;
    let settings = limits(args.budget_secs)?.settings(None);
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
    budget_secs: Option<f64>,
) -> CliResult {
    // The library's defaults, then the fields given; the difficulty's name is read by
    // the library's one reader (the sentence for a bad one names `--difficulty`).
    let mut req = Request::new(n as usize);
    req.stars = stars;
    req.seed = seed;
    if let Some(d) = difficulty {
        req.difficulty = parse_difficulty(d).map_err(|e| e.spelled("--difficulty"))?;
    }
    let bar = Bar::counter("generating", "candidates");
    let report = |p: queens::Progress| bar.set(p.done);
    let settings = limits(budget_secs)?.settings(Some(&report));
    let made = generate(&req, &settings);
    bar.finish();
    match made {
        Ok(Some(m)) => {
            if super::limits::verbose() {
                eprintln!(
                    "queens: a {} puzzle after {}",
                    m.grade.name(),
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
