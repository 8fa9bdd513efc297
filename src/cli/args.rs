//! The command line as typed: clap definitions only, no validation beyond syntax.

use clap::{Args, Parser, Subcommand, ValueEnum};

const AFTER_HELP: &str = "\
BOARD is `8` (8x8) or `5x7` (5 rows x 7 columns); default 8.
SPEC lists pieces as [COUNT]LETTER items: `8Q`, `N,B,R,Q,A`, `2N,2B,R,Q`.
  Kinds: K king, N knight, B bishop, R rook, Q queen, A amazon (queen + knight).
  Default: min(rows, cols) queens.
  More kinds: --piece LETTER=BETZA (or LETTER=NAME), e.g. --piece C=RN --pieces 8C;
  `queens pieces` lists the named fairy pieces and their moves.
PLACEMENT lists pieces as LETTER+square tokens, comma- or space-separated:
  `Qa1,Nc3,Qh8`; for queens also the permutation `[1,5,8,6,3,7,2,4]`
  (the i-th number is the rank of the queen on the i-th file).
Files are a, b, ... z, aa, ab, ... from the left; ranks 1, 2, ... from the bottom.

Exit status: 0 found / valid, 1 no solution / invalid placement, 2 bad input,
3 no answer (a budget ran out, or local search gave up with nothing proved).

Examples:
  queens solve 8                         one solution of 8 queens, drawn
  queens all 6 --format coords           the 4 solutions of 6 queens
  queens count 6 --pieces 2N,2B,R,Q      104416
  queens count 8 --pieces 8Q --fixed Qd1 placements with a queen on d1
  queens verify 8 '[1,5,8,6,3,7,2,4]'    valid
  queens solve 10000000 > q.txt          10^7 queens (perm format: wider than 64)
  queens solve 1000 --random --seed 7    a random solution by local search
  queens verify 10000000 --perm-file q.txt";

/// Places non-attacking chess pieces on boards: the eight-queens puzzle and its
/// variants, for any mix of kings, knights, bishops, rooks, queens and amazons.
#[derive(Parser, Debug)]
#[command(name = "queens", version, after_help = AFTER_HELP)]
pub struct Cli {
    /// Say on stderr which engine runs.
    #[arg(short, long, global = true)]
    pub verbose: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The jobs.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find one solution (the first in a fixed, deterministic order).
    #[command(after_help = AFTER_HELP)]
    Solve {
        #[command(flatten)]
        problem: ProblemArgs,
        /// How to print the solution [default: board; perm for queens on boards wider
        /// than 64 columns, coords for other pieces there].
        #[arg(long, value_enum)]
        format: Option<SolveFormat>,
        #[command(flatten)]
        huge: super::hugen::HugeArgs,
        #[command(flatten)]
        cover: super::cover::SolveCoverArgs,
    },
    /// Print every solution, one per line, as they are found.
    #[command(after_help = AFTER_HELP)]
    All {
        #[command(flatten)]
        problem: ProblemArgs,
        /// Stop after this many solutions.
        #[arg(long, value_name = "N")]
        limit: Option<u64>,
        /// How to print each solution (board diagrams are separated by blank lines)
        /// [default: coords; perm for queens on boards wider than 64 columns].
        #[arg(long, value_enum)]
        format: Option<AllFormat>,
    },
    /// Count the solutions exactly; prints the number alone.
    #[command(after_help = AFTER_HELP)]
    Count {
        #[command(flatten)]
        problem: ProblemArgs,
        /// Count placements distinct up to the board's rotations and reflections (those
        /// that keep every kind's moves and the fixed pieces).
        #[arg(long)]
        unique: bool,
        /// Print total, unique count, method, time and threads as JSON (engines that
        /// count in parts: nqueens, amazons, exact, fewlines).
        #[arg(long)]
        json: bool,
        /// Record finished parts in FILE and resume from it when the same command runs
        /// again (engines that count in parts: nqueens, amazons, exact, fewlines).
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<std::path::PathBuf>,
        /// Count only part I of K and print a JSON partial result for `queens merge`
        /// (engines that count in parts: nqueens, amazons, exact, fewlines).
        #[arg(long, value_name = "I/K")]
        shard: Option<String>,
        /// Plain N-queens only: `join` (the half-board join: square boards up to 21, the
        /// fastest; unique counts from the total by Burnside's lemma) or `backtrack`
        /// (the symmetric search: any rectangle, unique counts by classifying each
        /// solution) [default: join for squares up to 21, backtrack otherwise, or the
        /// method of an existing --checkpoint].
        #[arg(long, value_name = "METHOD")]
        method: Option<String>,
    },
    /// Add up the JSON partial results of `count --shard I/K`, one file per shard.
    Merge {
        /// The shard results: every shard 1..K of one count, once each.
        #[arg(required = true, value_name = "FILES")]
        files: Vec<std::path::PathBuf>,
        /// Print the number of solutions distinct up to rotation and reflection instead.
        #[arg(long)]
        unique: bool,
        /// Print total, unique count and time as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The most pieces of one kind that can stand without attacks (beside --pieces), and
    /// the number of such placements; prints `MAX COUNT`, e.g. `16 281571`.
    #[command(after_help = AFTER_HELP)]
    Max {
        /// The board: `8` or `5x7` (rows x columns).
        #[arg(default_value = "8", allow_negative_numbers = true)]
        board: String,
        /// The kind to maximise, by letter (K N B R Q A).
        #[arg(long, value_name = "LETTER")]
        kind: String,
        /// Pieces that stand as well, e.g. `5Q` [default: none].
        #[arg(long, value_name = "SPEC")]
        pieces: Option<String>,
        /// Pieces pinned to squares; they count toward SPEC and --kind.
        #[arg(long, value_name = "PLACEMENT")]
        fixed: Option<String>,
        /// The engine for each step (`auto` picks).
        #[arg(long, default_value = "auto", value_name = "NAME")]
        engine: String,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
        /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`;
        /// then `--kind C` maximises it.
        #[arg(long = "piece", value_name = "LETTER=BETZA")]
        piece: Vec<String>,
        #[command(flatten)]
        terrain: TerrainArgs,
    },
    /// The fewest pieces of one kind that occupy or attack every square (beside --pieces
    /// and --fixed), and the number of such placements; prints `MIN COUNT`, e.g.
    /// `5 4860`.
    #[command(after_help = AFTER_HELP)]
    Cover(super::cover::CoverArgs),
    /// Check a placement: valid, or every attacking pair named.
    #[command(after_help = AFTER_HELP)]
    Verify {
        /// [BOARD] PLACEMENT. When BOARD is left out and PLACEMENT is a permutation
        /// of n numbers, the board is n x n; otherwise it is 8x8.
        /// With --perm-file, only [BOARD].
        /// The placement may also be given as several tokens: `verify 8 Qa1 Qc2`.
        #[arg(num_args = 1.., required_unless_present = "perm_file", allow_negative_numbers = true, value_name = "ARGS")]
        args: Vec<String>,
        /// Read the placement as a permutation (the `perm` format) from FILE, `-` for
        /// stdin; checked in O(N), so 10^7 queens take well under a second.
        #[arg(long, value_name = "FILE")]
        perm_file: Option<String>,
        /// Also require exactly these pieces (a SPEC).
        #[arg(long, value_name = "SPEC")]
        pieces: Option<String>,
        /// The placement may leave files empty: the 0s of a permutation are files
        /// without queens, not missing queens (without it, a permutation must hold
        /// min(rows, cols) queens, unless --pieces says how many).
        #[arg(long)]
        partial: bool,
        /// How to print the verdict.
        #[arg(long, value_enum, default_value_t = VerifyFormat::Text)]
        format: VerifyFormat,
        /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`.
        #[arg(long = "piece", value_name = "LETTER=BETZA")]
        piece: Vec<String>,
        #[command(flatten)]
        terrain: TerrainArgs,
    },
    /// List the piece kinds and named fairy pieces with their Betza strings and a
    /// diagram of their moves; or show the pieces named (letters, names, Betza strings).
    Pieces {
        /// Letters, names or Betza strings to show [default: every known kind and name].
        #[arg(value_name = "PIECE")]
        which: Vec<String>,
        /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`.
        #[arg(long = "piece", value_name = "LETTER=BETZA")]
        piece: Vec<String>,
    },
    /// Print a random N-queens completion instance in the style of Gent et al.
    /// (a permutation, 0 on the free files), for `solve N --fixed-file`.
    GenCompletion {
        /// The board side N.
        n: String,
        /// The generator's seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Print a region puzzle with exactly one solution (proved by counting): an N x N
    /// board cut into N regions for N pieces, one per region, as `--regions` reads it.
    /// The default piece, a rook plus a ferz (L=RF), makes the daily "Queens" puzzle:
    /// one per row, column and region, no two touching.
    GenRegions {
        /// The board side N (1 to 62).
        n: u32,
        /// The generator's seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The piece: LETTER=BETZA or a standard letter [default: L=RF].
        #[arg(long = "piece", value_name = "LETTER=BETZA")]
        piece: Option<String>,
        /// Also print the solution (coords) after a blank line.
        #[arg(long)]
        solution: bool,
    },
    /// Region puzzles (LinkedIn's daily "Queens", Star Battle) from a file: solve, count,
    /// check, hint, explain, rate; gen makes new ones with one solution.
    Puzzle(super::puzzle::PuzzleArgs),
    /// List every engine, what it does, and whether (and why not) it takes this problem
    /// for each job; `auto` picks the first marked `auto`.
    #[command(after_help = AFTER_HELP)]
    Engines {
        /// The board: `8` or `5x7` (rows x columns).
        #[arg(default_value = "8", allow_negative_numbers = true)]
        board: String,
        /// The pieces, e.g. `8Q` or `2N,2B,R,Q` [default: min(rows, cols) queens].
        #[arg(long, value_name = "SPEC")]
        pieces: Option<String>,
        /// Pieces pinned to squares, e.g. `Qa1,Nc3`; they count toward SPEC.
        #[arg(long, value_name = "PLACEMENT")]
        fixed: Option<String>,
        /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`.
        #[arg(long = "piece", value_name = "LETTER=BETZA")]
        piece: Vec<String>,
        #[command(flatten)]
        terrain: TerrainArgs,
    },
    /// Write the problem as a model for another solver (DIMACS CNF, MiniZinc, XCSP3).
    #[command(after_help = AFTER_HELP)]
    Export(super::export::ExportArgs),
    /// Read a SAT solver's answer to `export --to dimacs` and print the placement.
    #[command(after_help = AFTER_HELP)]
    Decode(super::export::DecodeArgs),
}

/// The problem, as every solving job takes it.
#[derive(Args, Debug)]
pub struct ProblemArgs {
    /// The board: `8` or `5x7` (rows x columns).
    #[arg(default_value = "8", allow_negative_numbers = true)]
    pub board: String,
    /// The pieces to place, e.g. `8Q` or `2N,2B,R,Q` [default: min(rows, cols) queens].
    #[arg(long, value_name = "SPEC")]
    pub pieces: Option<String>,
    /// Pieces pinned to squares, e.g. `Qa1,Nc3`; they count toward SPEC.
    #[arg(long, value_name = "PLACEMENT")]
    pub fixed: Option<String>,
    #[arg(long, default_value = "auto", value_name = "NAME", help = engine_help())]
    pub engine: String,
    /// Worker threads; 0 uses every core (at most 1024).
    #[arg(long, default_value_t = 0, value_name = "T")]
    pub threads: usize,
    /// Give up after this many seconds (exit 3: no answer, nothing proved).
    #[arg(long, value_name = "SECS")]
    pub budget_secs: Option<f64>,
    /// Give up after this many search steps: nodes of a tree search (exact,
    /// complete), attempted swaps of local search (exit 3); engines that do not
    /// count steps refuse it.
    #[arg(long, value_name = "STEPS")]
    pub budget_steps: Option<u64>,
    /// Defines a piece kind for this run (repeatable): `C=RN` (Betza notation) or
    /// `C=chancellor` (a name from `queens pieces`); then use C in SPEC and PLACEMENT.
    #[arg(long = "piece", value_name = "LETTER=BETZA")]
    pub piece: Vec<String>,
    #[command(flatten)]
    pub terrain: TerrainArgs,
}

/// Boards beyond the rectangle: holes, blockers, the torus, regions.
#[derive(Args, Debug, Clone, Default)]
pub struct TerrainArgs {
    /// Squares that hold no piece; lines pass over them: `a1,c3` (commas or spaces).
    #[arg(long, value_name = "SQUARES")]
    pub holes: Option<String>,
    /// Squares that hold no piece and stop sliding lines (leapers jump as always).
    #[arg(long, value_name = "SQUARES")]
    pub blockers: Option<String>,
    /// Moves wrap around the edges (rotations and reflections are the symmetries of
    /// --unique; translations are not used).
    #[arg(long)]
    pub torus: bool,
    /// The board cut into regions: FILE (`-` for stdin) has one line per rank, top rank
    /// first, one character per square naming its region (`#`: a hole).
    #[arg(long, value_name = "FILE")]
    pub regions: Option<String>,
    /// Pieces every region holds, with --regions.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub per_region: u32,
}

/// The help of `--engine`: every engine by name, from the library's list.
fn engine_help() -> String {
    format!(
        "The engine: `auto` picks the fastest that accepts the problem and its settings \
         (`queens engines` shows which and why); or one of: {}",
        queens::engine::engine_names()[1..].join(", ")
    )
}

/// Output of `solve`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SolveFormat {
    /// A diagram, top rank first.
    Board,
    /// Tokens such as `Qa4 Qb2`.
    Coords,
    /// One JSON object.
    Json,
    /// An SVG picture.
    Svg,
    /// Queens only: the rank on each file, space-separated (0: no queen there).
    Perm,
}

/// Output of `all`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum AllFormat {
    /// Tokens such as `Qa4 Qb2`, one solution per line.
    Coords,
    /// JSON Lines, one object per solution.
    Json,
    /// Diagrams separated by blank lines.
    Board,
    /// Queens only: the rank on each file, space-separated, one solution per line.
    Perm,
}

/// Output of `verify`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum VerifyFormat {
    /// A sentence per attacking pair.
    Text,
    /// One JSON object.
    Json,
}
