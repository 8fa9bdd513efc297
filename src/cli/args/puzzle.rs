//! The arguments of `queens puzzle` and its jobs, with their help pages.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};
use queens::puzzle::generate::Request;

/// The rule levels and the exit codes, on every puzzle page.
const LEVELS: &str = "\
Rule levels (the grade of a puzzle is the easiest level that solves it):
  easy    exclusion, last-square
  medium  region-in-line, line-in-region, would-empty; with --stars 2 or more
          (Star Battle) also line-pairs, region-blocks (2x2 blocks of one star)
  hard    regions-in-lines, lines-in-regions (k regions in k rows or columns;
          under-counting, over-counting in Star Battle); 2x2-blocks (Star Battle:
          two neighbouring rows or columns split into blocks of one star each)
  expert  trial (a queen or star placed, the forced moves followed until a row,
          column or region has no room)

Exit status: 0 found / unique / solved, 1 none / not unique / stuck, 2 bad input,
3 the budget ran out.";

/// The examples, on every puzzle page.
const EXAMPLES: &str = "\
Examples:
  queens puzzle gen 9 --seed 3 > p.txt        a 9x9 daily-size puzzle
  queens puzzle solve p.txt                    its solution, drawn on the regions
  queens puzzle solve p.txt --format svg > s.svg   the same as a picture
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
         {LONE}\n\n{LEVELS}\n\n{EXAMPLES}",
        queens::puzzle::FORMAT
    )
}

/// What holds about one-square regions (bench/puzzle.md measures it).
const LONE: &str = "\
One-square regions: none from 8x8 to 15x15 unless the grade asked for is easy (an easy
chain starts on one), nor from 16x16 to 20x20 with no grade asked for; with a grade
from 16x16 up, and at any grade from 21x21 up, there may be some (about 7 a puzzle at
25x25 with no grade). Below 8x8 there may be some at any grade.";

const READ_HELP: &str = "\
The picture is a screenshot of the board, anywhere in it (app bars, text and margins
around it are fine; light or dark theme): 4 to 25 squares a side, each at least 16
pixels, lines between the squares. Regions are read from the squares' colours and from
thick borders (black-and-white Star Battle grids by borders alone). Stars, queens or
crowns and crosses drawn on squares are read too: `queens puzzle hint IMAGE` starts
from them. Every `queens puzzle` verb takes a picture where it takes a puzzle file.

Exit status: 0 read (a warning on stderr when the puzzle has no single solution),
2 the picture could not be read for sure (the reason on stderr).

Examples:
  queens puzzle gen 9 --seed 3 > p.txt              a 9x9 puzzle
  queens puzzle draw p.txt > board.png              drawn as a picture
  queens puzzle read board.png                      read back: the regions of p.txt
  queens puzzle read board.png --format json        with the grid's box, colours, marks
  queens puzzle check board.png                     unique";

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
    #[arg(allow_negative_numbers = true)]
    pub file: PathBuf,
    /// Stars per row, column and region: 1 for "Queens", 2 for the usual Star Battle.
    #[arg(
        long,
        default_value_t = 1,
        value_name = "K",
        allow_negative_numbers = true
    )]
    pub stars: u32,
    /// Give up after this many seconds (exit 3).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
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
    /// An SVG picture: the regions in their colours, the stars as crowns.
    Svg,
}

/// Text or JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StepFormat {
    /// Sentences.
    Text,
    /// JSON (for `explain`: one object a line).
    Json,
}

/// The look of `puzzle draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DrawTheme {
    /// Pastel regions with black borders on white.
    Pastel,
    /// Dimmed pastels on a dark page.
    Dark,
    /// White squares, thick black region borders (Star Battle).
    BlackWhite,
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
        #[arg(
            long,
            value_enum,
            default_value = "board",
            allow_negative_numbers = true
        )]
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
        #[arg(long, value_name = "SQUARES", allow_negative_numbers = true)]
        placed: Option<String>,
        /// Squares crossed out, e.g. `d4 d5`.
        #[arg(long, value_name = "SQUARES", allow_negative_numbers = true)]
        crossed: Option<String>,
        /// Text or JSON.
        #[arg(
            long,
            value_enum,
            default_value = "text",
            allow_negative_numbers = true
        )]
        format: StepFormat,
    },
    /// The whole solution as a chain of steps, ending in the solved board (or where no
    /// rule applies).
    #[command(after_help = puzzle_help())]
    Explain {
        #[command(flatten)]
        file: FileArgs,
        /// Text, or JSON with one step a line.
        #[arg(
            long,
            value_enum,
            default_value = "text",
            allow_negative_numbers = true
        )]
        format: StepFormat,
    },
    /// The difficulty: first word easy, medium, hard or expert, then the chain's length.
    #[command(after_help = puzzle_help())]
    Rate {
        #[command(flatten)]
        file: FileArgs,
    },
    /// The puzzle in a screenshot (PNG, JPEG, WebP, GIF or BMP), in the format `solve`
    /// reads (exit 2 with the reason when the picture cannot be read for sure; a
    /// warning on stderr when the puzzle read has no single solution).
    #[command(after_help = READ_HELP)]
    Read {
        /// The picture (`-` for standard input).
        #[arg(allow_negative_numbers = true)]
        image: PathBuf,
        /// The side, when known (4 to 25): only a grid of this side is looked for.
        #[arg(long, value_name = "N", allow_negative_numbers = true)]
        size: Option<usize>,
        /// Stars per row, column and region [default: 1 for coloured regions; for a
        /// black-and-white board, the number that gives one solution].
        #[arg(long, value_name = "K", allow_negative_numbers = true)]
        stars: Option<u32>,
        /// The puzzle's text, or JSON with the grid's box, the squares' colours, the
        /// marks and the confidence.
        #[arg(
            long,
            value_enum,
            default_value = "text",
            allow_negative_numbers = true
        )]
        format: StepFormat,
    },
    /// The puzzle drawn as a picture (PNG, on standard output), as the apps draw it.
    #[command(after_help = READ_HELP)]
    Draw {
        /// The puzzle file (`-` for standard input).
        #[arg(allow_negative_numbers = true)]
        file: PathBuf,
        /// The look.
        #[arg(
            long,
            value_enum,
            default_value = "pastel",
            allow_negative_numbers = true
        )]
        theme: DrawTheme,
        /// A square's side in pixels (16 to 200).
        #[arg(
            long,
            default_value_t = 48,
            value_name = "PIXELS",
            allow_negative_numbers = true
        )]
        square: usize,
    },
    /// A new puzzle with exactly one solution, in the format `solve` reads.
    #[command(after_help = gen_help())]
    Gen {
        /// The side N (4 to 25 plays well: one queen a unit, any grade, in seconds; Star
        /// Battle in seconds up to 14x14, within about half a minute at 15x15 and 16x16;
        /// 1 to 62 works; past 25x25, or Star Battle past 16x16, a grade can take minutes).
        #[arg(allow_negative_numbers = true)]
        n: u32,
        /// Stars per row, column and region.
        #[arg(long, default_value_t = Request::new(0).stars, value_name = "K", allow_negative_numbers = true)]
        stars: u32,
        /// The grade the puzzle must have: easy, medium, hard, expert or any [default:
        /// any]. With 2 or more stars there is no easy puzzle (no unit starts with as
        /// few free squares as stars): medium, hard or expert. A 4x4 puzzle is easy or
        /// medium, a 1x1 easy (every one checked).
        #[arg(long, allow_negative_numbers = true)]
        difficulty: Option<String>,
        /// The generator's seed: the same seed gives the same puzzle.
        #[arg(long, default_value_t = Request::new(0).seed, allow_negative_numbers = true)]
        seed: u64,
        /// How the regions look: even (compact regions of similar sizes, none over 3N
        /// squares nor a quarter of the board; a Star Battle at 16x16, and from 17x17 to 20x20
        /// with three stars, spreads its sizes up to a quarter of the board) or official (a few
        /// large regions and several small ones, like LinkedIn's levels).
        #[arg(long, default_value = Request::new(0).style.name(), allow_negative_numbers = true)]
        style: String,
        /// Give up after this many seconds (exit 3).
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
        budget_secs: Option<f64>,
    },
}
