//! The command line as typed: clap definitions only, no validation beyond syntax.

use clap::builder::ArgPredicate;
use clap::{Args, Parser, Subcommand, ValueEnum};

pub mod jobs;
pub mod puzzle;

use jobs::{CoverArgs, DecodeArgs, ExportArgs, HugeArgs, RecheckArgs, SolveCoverArgs, TuneArgs};
use puzzle::{PuzzleArgs, puzzle_help};

/// The notation every command shares, followed by a command's own examples: `$board`
/// is what BOARD defaults to on that command, `$spec` what SPEC (`--pieces`) does.
macro_rules! notation {
    ($board:expr, $spec:expr) => {
        concat!(
            "BOARD is `8` (8x8) or `5x7` (5 rows x 7 columns); default ",
            $board,
            ".
SPEC lists pieces as [COUNT]LETTER items: `8Q`, `N,B,R,Q,A`, `2N,2B,R,Q`.
  Kinds: K king, N knight, B bishop, R rook, Q queen, A amazon (queen + knight).
  Default: ",
            $spec,
            ".
  More kinds: --piece LETTER=BETZA (or LETTER=NAME), e.g. --piece C=RN --pieces 8C;
  `queens pieces` lists the named fairy pieces and their moves.
PLACEMENT lists pieces as LETTER+square tokens, comma- or space-separated:
  `Qa1,Nc3,Qh8`; for queens also the permutation `[1,5,8,6,3,7,2,4]`
  (the i-th number is the rank of the queen on the i-th file).
Files are a, b, ... z, aa, ab, ... from the left; ranks 1, 2, ... from the bottom.

Exit status: 0 found / valid, 1 no solution / invalid placement, 2 bad input,
3 no answer (a budget ran out, or local search gave up with nothing proved).

Examples:
"
        )
    };
}

/// BOARD's default on the commands that take `--regions`.
macro_rules! board_or_regions {
    () => {
        "8 (or the --regions file's)"
    };
}

/// SPEC's default on the commands that place a SPEC.
macro_rules! min_queens {
    () => {
        "min(rows, cols) queens"
    };
}

/// SPEC's default on `max` and `cover`, whose own pieces are the --kind ones.
macro_rules! beside_kind {
    () => {
        "none (only the --kind pieces)"
    };
}

/// The help after the options of the top-level command: the notation and a tour.
const AFTER_HELP: &str = concat!(
    notation!(
        "8 (or the --regions file's, where a command takes --regions)",
        "min(rows, cols) queens; for max and cover, none beside the --kind pieces"
    ),
    "  queens solve 8                         one solution of 8 queens, drawn
  queens count 6 --pieces 2N,2B,R,Q      104416
  queens all 8 --unique                  the 12 solutions of 8 queens up to symmetry
  queens max 8 --kind K                  16 kings at most, in 281571 ways
  queens cover 8 --kind Q                5 queens cover the board, in 4860 ways
  queens verify 8 '[1,5,8,6,3,7,2,4]'    valid
  queens gen-regions 9 > p9.txt          a daily \"Queens\" puzzle, then solve it:
  queens solve --pieces 9L --piece L=RF --regions p9.txt
  queens puzzle check p9.txt             unique (`queens puzzle` plays such puzzles)
`queens COMMAND --help` shows each command's options and examples."
);

/// `solve`'s help after its options.
const SOLVE_HELP: &str = concat!(
    notation!(board_or_regions!(), min_queens!()),
    "  queens solve 8                         one solution of 8 queens, drawn
  queens solve 5x7 --pieces 2N,B,R --format coords
  queens solve 8 --fixed Qd1,Qe7         complete a partial placement
  queens solve 8 --holes d4,e5 --blockers a1
  queens gen-regions 9 > p9.txt          a daily \"Queens\" puzzle (see gen-regions),
  queens solve --pieces 9L --piece L=RF --regions p9.txt   and its solution
  queens solve 10000000 > q.txt          10^7 queens (perm format: wider than 64)
  queens solve 1000 --random --seed 7    a random solution by local search
  queens gen-completion 20 --seed 2 > c.txt   a completion instance, completed:
  queens solve 20 --fixed-file c.txt --format coords
  queens solve 8 --cover --kind Q        5 queens that cover the board, drawn"
);

/// `all`'s help after its options.
const ALL_HELP: &str = concat!(
    notation!(board_or_regions!(), min_queens!()),
    "  queens all 6                           the 4 solutions of 6 queens
  queens all 8 --unique                  one per symmetry class: 12 lines
  queens all 8 --limit 3 --format board  the first three, drawn
  queens all 4 --pieces 2N,2B --format json"
);

/// `count`'s help after its options.
const COUNT_HELP: &str = concat!(
    notation!(board_or_regions!(), min_queens!()),
    "  queens count 8                         92
  queens count 8 --unique                12 (up to rotations and reflections)
  queens count 6 --pieces 2N,2B,R,Q      104416
  queens count 8 --fixed Qd1             placements with a queen on d1
  queens count 8 --torus                 0 (queens on the torus need gcd(n, 6) = 1)
  queens count 16 --progress 2>log       14772512 (progress lines go to the log)
  queens count 16 --checkpoint c.json    14772512 (run again, it resumes from c.json)
  queens count 12 --shard 1/2 > s1.json  half of the parts (`queens merge` adds them)"
);

/// `merge`'s help after its options.
const MERGE_HELP: &str = "\
Examples:
  queens count 12 --shard 1/2 > s1.json  one half of the parts (on one machine),
  queens count 12 --shard 2/2 > s2.json  the other half (on another),
  queens merge s1.json s2.json           14200
  queens merge s1.json s2.json --unique  1787";

/// `recheck`'s help after its options.
const TUNE_HELP: &str = "\
How the half-board join (plain N-queens counts, 14 to 24) counts its pairs on this
processor: the sieve's kernel, look-up width, row cost and sort threshold. By default
each count takes the calibration saved here (if it was made on this processor by this
version), else a rule from the processor's vector instructions and cache sizes.
`count --tuning` overrides both for one run. No tuning changes a count or its plan:
shards and manifests from tuned and untuned machines merge and re-check alike.

The calibration is saved in $QUEENS_CACHE_DIR, else $XDG_CACHE_HOME/queens, else
~/.cache/queens (file sieve-tuning.txt).

Examples:
  queens tune --show                     the tuning in use and where it comes from
  queens tune --repeats 1 --no-save      time each tuning once; print the fastest
  queens count 14 --tuning kernel=portable,width=9  365596 (sized by hand)";

const RECHECK_HELP: &str = "\
Examples:
  queens count 12 --manifest m.txt       14200 (m.txt: the plan, each part's subtotal)
  queens recheck m.txt                   agree (every part recounted matches)
  queens recheck m.txt --parts 3 --seed 1  agree (three parts drawn at random)";

/// `max`'s help after its options.
const MAX_HELP: &str = concat!(
    notation!("8", beside_kind!()),
    "  queens max 8 --kind K                  16 281571
  queens max 30 --kind N                 450 2 (from the closed form)
  queens max 8 --kind Q --pieces 2N      queens beside two knights
  queens max 8 --kind R --blockers d4,e5  rooks with blockers parting lines
  queens max 16 --kind Q --budget-secs 60  16 14772512 (exit 3 if the minute runs out)"
);

/// `cover`'s help after its options.
const COVER_HELP: &str = concat!(
    notation!("8", beside_kind!()),
    "  queens cover 8 --kind Q                5 4860
  queens cover 8 --kind Q --independent --show
  queens cover 8 --kind K --total --json
  queens cover 8 --kind Q --holes d4,e5  5 4788 (holes need no covering)
  queens cover 8 --kind R --torus --blockers d4"
);

/// `verify`'s help after its options.
const VERIFY_HELP: &str = concat!(
    notation!(
        "8, or n for a permutation of n numbers (or the --regions file's)",
        "any pieces (a permutation: min(rows, cols) queens, or fewer with --partial)"
    ),
    "  queens verify '[1,5,8,6,3,7,2,4]'      valid
  queens verify 8 Qa1 Qc2 Nd3            every attack named
  queens solve 8 | queens verify -       a placement (or a diagram) from stdin
  queens solve 1000000 > q.txt           a million queens (perm format), checked:
  queens verify 1000000 --perm-file q.txt  valid"
);

/// `engines`'s help after its options.
const ENGINES_HELP: &str = concat!(
    notation!(board_or_regions!(), min_queens!()),
    "  queens engines 8                       who counts 8 queens, and who not, why
  queens engines 12 --pieces 10K"
);

/// `export`'s help after its options.
const EXPORT_HELP: &str = concat!(
    notation!(board_or_regions!(), min_queens!()),
    "  queens export 8 --to dimacs > q8.cnf   then: cadical q8.cnf | queens decode --cnf q8.cnf
  queens export 6 --pieces 2N,2B --to minizinc > m.mzn"
);

/// `decode`'s help after its options.
const DECODE_HELP: &str = concat!(
    notation!("8", "min(rows, cols) queens, as for export"),
    "  queens export 8 --to dimacs > q8.cnf   a model for a SAT solver; its answer, read:
  cadical q8.cnf | queens decode --cnf q8.cnf"
);

/// `pieces`'s help after its options.
const PIECES_HELP: &str = "\
Examples:
  queens pieces                          every kind and named piece, with its moves
  queens pieces N nightrider WfF         a letter, a name and a Betza string
  queens pieces C --piece C=RN           a piece defined for the run";

/// `gen-completion`'s help after its options.
const GEN_COMPLETION_HELP: &str = "\
Examples:
  queens gen-completion 20 --seed 2 > c.txt   an instance for 20 queens, completed:
  queens solve 20 --fixed-file c.txt --format coords";

/// `gen-regions`'s help after its options.
const GEN_REGIONS_HELP: &str = "\
Examples:
  queens gen-regions 9 --seed 3 > p9.txt      a daily \"Queens\" puzzle, solved:
  queens solve --pieces 9L --piece L=RF --regions p9.txt
  queens gen-regions 7 --piece C=RN --solution   one chancellor per region";

/// Places non-attacking chess pieces on boards: the eight-queens puzzle and its
/// variants, for any mix of kings, knights, bishops, rooks, queens and amazons.
#[derive(Parser, Debug)]
#[command(name = "queens", version, after_help = AFTER_HELP)]
pub struct Cli {
    /// Say on stderr which engine runs (also after the command, on the commands that
    /// run engines).
    #[arg(short, long)]
    pub verbose: bool,
    /// Progress as plain lines on stderr (what, done of total, elapsed), at most one
    /// every 5 s, when stderr is not a terminal (a log file); a terminal gets a bar.
    /// Also after the command, on the commands that can run long.
    #[arg(long)]
    pub progress: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The jobs.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find one solution (the first in a fixed, deterministic order).
    #[command(after_help = SOLVE_HELP)]
    Solve {
        #[command(flatten)]
        problem: ProblemArgs,
        /// How to print the solution [default: board; perm for queens on boards wider
        /// than 64 columns, coords for other pieces there].
        #[arg(long, value_enum, allow_negative_numbers = true)]
        format: Option<SolveFormat>,
        #[command(flatten)]
        huge: HugeArgs,
        #[command(flatten)]
        cover: SolveCoverArgs,
        #[command(flatten)]
        verbose: VerboseFlag,
        #[command(flatten)]
        progress: ProgressFlag,
    },
    /// Print every solution, one per line, as they are found.
    #[command(after_help = ALL_HELP)]
    All {
        #[command(flatten)]
        problem: ProblemArgs,
        /// Stop after this many solutions.
        #[arg(long, value_name = "N", allow_negative_numbers = true)]
        limit: Option<u64>,
        /// One solution per class of solutions equal up to the board's rotations and
        /// reflections (those `count --unique` uses): the class's first solution in the
        /// listing order, in that order (8 queens: 12 lines).
        #[arg(long)]
        unique: bool,
        /// How to print each solution (board diagrams are separated by blank lines)
        /// [default: coords; perm for queens on boards wider than 64 columns].
        #[arg(long, value_enum, allow_negative_numbers = true)]
        format: Option<AllFormat>,
        #[command(flatten)]
        verbose: VerboseFlag,
        #[command(flatten)]
        progress: ProgressFlag,
    },
    /// Count the solutions exactly; prints the number alone.
    #[command(after_help = COUNT_HELP)]
    Count {
        #[command(flatten)]
        problem: ProblemArgs<true>,
        /// Count placements distinct up to the board's rotations and reflections (those
        /// that keep every kind's moves and the fixed pieces; on the torus as well, whose
        /// translations are not used).
        #[arg(long)]
        unique: bool,
        /// Print total, unique count, method, time and threads as JSON (engines that
        /// count in parts: nqueens, torus, amazons, exact, fewlines).
        #[arg(long)]
        json: bool,
        /// Record finished parts in FILE and resume from it when the same command runs
        /// again (engines that count in parts: nqueens, torus, amazons, exact, fewlines).
        #[arg(long, value_name = "FILE", allow_negative_numbers = true)]
        checkpoint: Option<std::path::PathBuf>,
        /// Count only part I of K and print a JSON partial result for `queens merge`
        /// (engines that count in parts: nqueens, torus, amazons, exact, fewlines).
        #[arg(long, value_name = "I/K", allow_negative_numbers = true)]
        shard: Option<String>,
        /// Plain N-queens only: `join` (the half-board join: square boards up to 24, the
        /// fastest; unique counts from the total by Burnside's lemma) or `backtrack`
        /// (the symmetric search: any rectangle, unique counts by classifying each
        /// solution) [default: join for squares up to 21, backtrack otherwise, or the
        /// method of an existing --checkpoint].
        #[arg(long, value_name = "METHOD", allow_negative_numbers = true)]
        method: Option<String>,
        /// Write a manifest to FILE: the plan, the program, and a line per part with its
        /// subtotal and seconds, for `queens recheck` (engines that count in parts).
        #[arg(long, value_name = "FILE", allow_negative_numbers = true)]
        manifest: Option<std::path::PathBuf>,
        /// Size the half-board join's sieve by hand: `key=value` pairs, e.g.
        /// `kernel=avx2,width=9` (kernel portable, avx2 or avx512; width 8 to 10;
        /// row-cost 1 to 16; sort-blocks 1 to 1000); never changes the count [default: the
        /// calibration `queens tune` saved, else the processor's rule].
        #[arg(long, value_name = "SETTINGS", allow_negative_numbers = true)]
        tuning: Option<String>,
        #[command(flatten)]
        verbose: VerboseFlag,
        #[command(flatten)]
        progress: ProgressFlag,
    },
    /// Add up the JSON partial results of `count --shard I/K`, one file per shard.
    #[command(after_help = MERGE_HELP)]
    Merge {
        /// The shard results: every shard 1..K of one count, once each.
        #[arg(required = true, value_name = "FILES", allow_negative_numbers = true)]
        files: Vec<std::path::PathBuf>,
        /// Print the number of solutions distinct up to rotation and reflection instead.
        #[arg(long)]
        unique: bool,
        /// Print total, unique count and time as JSON.
        #[arg(long)]
        json: bool,
        /// Write the merged count's manifest to FILE (the shards must have been counted
        /// with --manifest).
        #[arg(long, value_name = "FILE", allow_negative_numbers = true)]
        manifest: Option<std::path::PathBuf>,
    },
    /// Recount parts of a manifest (`count --manifest`) with this build: prints whether
    /// they agree (exit 0) or which differ (exit 1); a manifest of another plan is
    /// refused (exit 2).
    #[command(after_help = RECHECK_HELP)]
    Recheck(RecheckArgs),
    /// Time the N-queens join's sieve settings on this processor and save the fastest
    /// for later counts; prints the settings chosen (`--show`: the ones in use).
    #[command(after_help = TUNE_HELP)]
    Tune(TuneArgs),
    /// The most pieces of one kind that can stand without attacks (beside --pieces), and
    /// the number of such placements; prints `MAX COUNT`, e.g. `16 281571`.
    #[command(after_help = MAX_HELP)]
    Max {
        /// The board: `8` or `5x7` (rows x columns).
        #[arg(default_value = "8", allow_negative_numbers = true)]
        board: String,
        /// The kind to maximise, by letter (K N B R Q A, or one defined with --piece).
        #[arg(long, value_name = "LETTER", allow_negative_numbers = true)]
        kind: String,
        /// Pieces that stand as well, e.g. `5Q` [default: none].
        #[arg(
            long,
            value_name = "SPEC",
            allow_negative_numbers = true,
            allow_hyphen_values = true
        )]
        pieces: Option<String>,
        /// Pieces pinned to squares; they count toward SPEC and --kind.
        #[arg(long, value_name = "PLACEMENT", allow_negative_numbers = true)]
        fixed: Option<String>,
        /// The engine for each step (`auto` picks).
        #[arg(
            long,
            default_value = "auto",
            value_name = "NAME",
            allow_negative_numbers = true
        )]
        engine: String,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
        /// Worker threads; 0 uses every core (at most 1024).
        #[arg(
            long,
            default_value_t = 0,
            value_name = "T",
            allow_negative_numbers = true
        )]
        threads: usize,
        /// Give up after this many seconds (exit 3: no answer, nothing claimed).
        #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
        budget_secs: Option<f64>,
        /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`;
        /// then `--kind C` maximises it.
        #[arg(
            long = "piece",
            value_name = "LETTER=BETZA",
            allow_negative_numbers = true
        )]
        piece: Vec<String>,
        #[command(flatten)]
        terrain: PlainTerrainArgs,
        #[command(flatten)]
        verbose: VerboseFlag,
        #[command(flatten)]
        progress: ProgressFlag,
    },
    /// The fewest pieces of one kind that occupy or attack every square (beside --pieces
    /// and --fixed), and the number of such placements; prints `MIN COUNT`, e.g.
    /// `5 4860`.
    #[command(after_help = COVER_HELP)]
    Cover(CoverArgs),
    /// Check a placement: valid, or every attacking pair named.
    #[command(after_help = VERIFY_HELP)]
    Verify {
        /// [BOARD] PLACEMENT. When BOARD is left out and PLACEMENT is a permutation
        /// of n numbers, the board is n x n; otherwise it is 8x8.
        /// With --perm-file, only [BOARD].
        /// The placement may also be given as several tokens: `verify 8 Qa1 Qc2`, or as
        /// `-` to read it from standard input (`queens solve 8 --format coords | queens
        /// verify 8 -`).
        #[arg(num_args = 1.., required_unless_present = "perm_file", allow_negative_numbers = true, value_name = "ARGS")]
        args: Vec<String>,
        /// Read the placement as a permutation (the `perm` format) from FILE, `-` for
        /// stdin; checked in O(N), so 10^7 queens take well under a second.
        #[arg(long, value_name = "FILE", allow_negative_numbers = true)]
        perm_file: Option<String>,
        /// Also require exactly these pieces (a SPEC).
        #[arg(
            long,
            value_name = "SPEC",
            allow_negative_numbers = true,
            allow_hyphen_values = true
        )]
        pieces: Option<String>,
        /// The placement may leave files empty: the 0s of a permutation are files
        /// without queens, not missing queens (without it, a permutation must hold
        /// min(rows, cols) queens, unless --pieces says how many).
        #[arg(long)]
        partial: bool,
        /// How to print the verdict.
        #[arg(long, value_enum, default_value_t = VerifyFormat::Text, allow_negative_numbers = true)]
        format: VerifyFormat,
        /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`.
        #[arg(
            long = "piece",
            value_name = "LETTER=BETZA",
            allow_negative_numbers = true
        )]
        piece: Vec<String>,
        #[command(flatten)]
        terrain: TerrainArgs,
    },
    /// List the piece kinds and named fairy pieces with their Betza strings and a
    /// diagram of their moves; or show the pieces named (letters, names, Betza strings).
    #[command(after_help = PIECES_HELP)]
    Pieces {
        /// Letters, names or Betza strings to show [default: every known kind and name].
        #[arg(value_name = "PIECE", allow_negative_numbers = true)]
        which: Vec<String>,
        /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`.
        #[arg(
            long = "piece",
            value_name = "LETTER=BETZA",
            allow_negative_numbers = true
        )]
        piece: Vec<String>,
    },
    /// Print a random N-queens completion instance in the style of Gent et al.
    /// (a permutation, 0 on the free files), for `solve N --fixed-file`.
    #[command(after_help = GEN_COMPLETION_HELP)]
    GenCompletion {
        /// The board side N.
        #[arg(allow_negative_numbers = true)]
        n: String,
        /// The generator's seed.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
    },
    /// Print a region puzzle with exactly one solution (proved by counting): an N x N
    /// board cut into N regions for N pieces, one per region, as `--regions` reads it.
    /// The default piece, a rook plus a ferz (L=RF), makes the daily "Queens" puzzle:
    /// one per row, column and region, no two touching.
    #[command(after_help = GEN_REGIONS_HELP)]
    GenRegions {
        /// The board side N (1 to 62).
        #[arg(allow_negative_numbers = true)]
        n: u32,
        /// The generator's seed.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// The piece: LETTER=BETZA or a standard letter [default: L=RF].
        #[arg(
            long = "piece",
            value_name = "LETTER=BETZA",
            allow_negative_numbers = true
        )]
        piece: Option<String>,
        /// Also print the solution (coords) after a blank line.
        #[arg(long)]
        solution: bool,
        /// Give up after this many seconds (exit 3, no puzzle).
        #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
        budget_secs: Option<f64>,
        #[command(flatten)]
        verbose: VerboseFlag,
        #[command(flatten)]
        progress: ProgressFlag,
    },
    /// Region puzzles (LinkedIn's daily "Queens", Star Battle) from a file: solve, count,
    /// check, hint, explain, rate; gen makes new ones with one solution.
    #[command(after_help = puzzle_help())]
    Puzzle(PuzzleArgs),
    /// List every engine, what it does, and whether (and why not) it takes this problem
    /// for each job; `auto` picks the first marked `auto`.
    #[command(after_help = ENGINES_HELP)]
    Engines {
        /// The board: `8` or `5x7` (rows x columns).
        #[arg(default_value = "8", default_value_if("regions", ArgPredicate::IsPresent, None::<&str>), allow_negative_numbers = true)]
        board: Option<String>,
        /// The pieces, e.g. `8Q` or `2N,2B,R,Q` [default: min(rows, cols) queens].
        #[arg(
            long,
            value_name = "SPEC",
            allow_negative_numbers = true,
            allow_hyphen_values = true
        )]
        pieces: Option<String>,
        /// Pieces pinned to squares, e.g. `Qa1,Nc3`; they count toward SPEC.
        #[arg(long, value_name = "PLACEMENT", allow_negative_numbers = true)]
        fixed: Option<String>,
        /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`.
        #[arg(
            long = "piece",
            value_name = "LETTER=BETZA",
            allow_negative_numbers = true
        )]
        piece: Vec<String>,
        #[command(flatten)]
        terrain: TerrainArgs,
        #[command(flatten)]
        verbose: VerboseFlag,
    },
    /// Write the problem as a model for another solver (DIMACS CNF, MiniZinc, XCSP3).
    #[command(after_help = EXPORT_HELP)]
    Export(ExportArgs),
    /// Read a SAT solver's answer to `export --to dimacs` and print the placement.
    #[command(after_help = DECODE_HELP)]
    Decode(DecodeArgs),
}

/// The problem, as every solving job takes it; `count` takes it with `HIDE_STEPS`
/// (no engine counts steps for `count`, the parallel count having no one order of
/// nodes, so it does not offer `--budget-steps`; typed, the engine's sentence refuses it).
#[derive(Args, Debug)]
pub struct ProblemArgs<const HIDE_STEPS: bool = false> {
    // 8 unless a region file is given: then `None` when not typed, and the board is the
    // file's (the library's request settles it, and a typed BOARD must match it).
    /// The board: `8` or `5x7` (rows x columns).
    #[arg(default_value = "8", default_value_if("regions", ArgPredicate::IsPresent, None::<&str>), allow_negative_numbers = true)]
    pub board: Option<String>,
    /// The pieces to place, e.g. `8Q` or `2N,2B,R,Q` [default: min(rows, cols) queens].
    #[arg(
        long,
        value_name = "SPEC",
        allow_negative_numbers = true,
        allow_hyphen_values = true
    )]
    pub pieces: Option<String>,
    /// Pieces pinned to squares, e.g. `Qa1,Nc3`; they count toward SPEC.
    #[arg(long, value_name = "PLACEMENT", allow_negative_numbers = true)]
    pub fixed: Option<String>,
    #[arg(long, default_value = "auto", value_name = "NAME", help = engine_help(), allow_negative_numbers = true)]
    pub engine: String,
    /// Worker threads; 0 uses every core (at most 1024).
    #[arg(
        long,
        default_value_t = 0,
        value_name = "T",
        allow_negative_numbers = true
    )]
    pub threads: usize,
    /// Give up after this many seconds (exit 3: no answer, nothing proved).
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    pub budget_secs: Option<f64>,
    /// Give up after this many search steps: nodes of a tree search (exact,
    /// complete), attempted swaps of local search (exit 3); engines that do not
    /// count steps refuse it.
    #[arg(long, value_name = "STEPS", allow_negative_numbers = true, hide = HIDE_STEPS)]
    pub budget_steps: Option<u64>,
    /// Defines a piece kind for this run (repeatable): `C=RN` (Betza notation) or
    /// `C=chancellor` (a name from `queens pieces`); then use C in SPEC and PLACEMENT.
    #[arg(
        long = "piece",
        value_name = "LETTER=BETZA",
        allow_negative_numbers = true
    )]
    pub piece: Vec<String>,
    #[command(flatten)]
    pub terrain: TerrainArgs,
}

impl ProblemArgs<true> {
    /// The same options, as the other jobs take them.
    pub fn shown(self) -> ProblemArgs {
        ProblemArgs {
            board: self.board,
            pieces: self.pieces,
            fixed: self.fixed,
            engine: self.engine,
            threads: self.threads,
            budget_secs: self.budget_secs,
            budget_steps: self.budget_steps,
            piece: self.piece,
            terrain: self.terrain,
        }
    }
}

/// `-v` after a command that runs engines (the top-level flag works before any command).
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct VerboseFlag {
    /// Say on stderr which engine runs
    #[arg(short, long)]
    pub verbose: bool,
}

/// `--progress` after a command that can run long.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct ProgressFlag {
    /// Progress as plain lines on stderr, at most one every 5 s, when stderr is not a
    /// terminal (a terminal gets a bar)
    #[arg(long)]
    pub progress: bool,
}

/// The help of `--holes`.
const HOLES_HELP: &str =
    "Squares that hold no piece; lines pass over them: `a1,c3` (commas or spaces)";

/// The help of `--blockers`.
const BLOCKERS_HELP: &str =
    "Squares that hold no piece and stop sliding lines (leapers jump as always)";

/// The help of `--torus`, true of every command that takes it (what `--unique` makes
/// of the torus is said at `--unique`).
const TORUS_HELP: &str = "Moves wrap around the edges: a line or a leap that leaves the board on one \
     side comes back on the opposite side";

/// Boards beyond the rectangle: holes, blockers, the torus, regions.
#[derive(Args, Debug, Clone, Default)]
pub struct TerrainArgs {
    #[arg(long, value_name = "SQUARES", help = HOLES_HELP, allow_negative_numbers = true)]
    pub holes: Option<String>,
    #[arg(long, value_name = "SQUARES", help = BLOCKERS_HELP, allow_negative_numbers = true)]
    pub blockers: Option<String>,
    #[arg(long, help = TORUS_HELP)]
    pub torus: bool,
    /// The board cut into regions: FILE (`-` for stdin) has one line per rank, top rank
    /// first, one character per square naming its region; `#` is a hole (in a
    /// `queens puzzle` file it names a region). Without BOARD, the board is the file's.
    #[arg(long, value_name = "FILE", allow_negative_numbers = true)]
    pub regions: Option<String>,
    /// Pieces every region holds, with --regions.
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1,
        allow_negative_numbers = true
    )]
    pub per_region: u32,
    /// The region file's text, once read (standard input can be read only once).
    #[arg(skip)]
    pub regions_text: Option<String>,
}

/// The terrain of `max` and `cover`: holes, blockers and the torus, without regions
/// (regions fix how many pieces stand, which these jobs find out).
#[derive(Args, Debug, Clone, Default)]
pub struct PlainTerrainArgs {
    #[arg(long, value_name = "SQUARES", help = HOLES_HELP, allow_negative_numbers = true)]
    pub holes: Option<String>,
    #[arg(long, value_name = "SQUARES", help = BLOCKERS_HELP, allow_negative_numbers = true)]
    pub blockers: Option<String>,
    #[arg(long, help = TORUS_HELP)]
    pub torus: bool,
}

impl PlainTerrainArgs {
    /// The same options as [`TerrainArgs`], with no regions.
    pub fn terrain(&self) -> TerrainArgs {
        TerrainArgs {
            holes: self.holes.clone(),
            blockers: self.blockers.clone(),
            torus: self.torus,
            regions: None,
            per_region: 1,
            regions_text: None,
        }
    }
}

/// The first of `flags` that was given, as typed: each is whether it was given and
/// its name (`--seed`); for the sentence refusing flags that do not go together.
pub fn first_given(flags: &[(bool, &'static str)]) -> Option<&'static str> {
    flags
        .iter()
        .find_map(|&(given, name)| given.then_some(name))
}

/// Shows a parse error and returns its exit code: clap's own message, except for a
/// negative number given to an option that counts, which gets one sentence naming
/// the option (exit 2).
pub fn parse_error(e: clap::Error) -> std::process::ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() == ErrorKind::ValueValidation {
        let value = e.get(ContextKind::InvalidValue);
        let arg = e.get(ContextKind::InvalidArg);
        if let (Some(ContextValue::String(v)), Some(ContextValue::String(a))) = (value, arg)
            && v.starts_with('-')
            && v[1..].starts_with(|c: char| c.is_ascii_digit() || c == '.')
        {
            let name = a.split_whitespace().next().unwrap_or(a);
            match name.strip_prefix('<').and_then(|n| n.strip_suffix('>')) {
                // The positional sides (`gen-regions N`, `puzzle gen N`).
                Some("N") => eprintln!("queens: the side N must be a positive number, not {v}"),
                Some(n) => eprintln!("queens: {n} must be a positive number, not {v}"),
                None => eprintln!("queens: {name} cannot be negative (got {v})"),
            }
            return std::process::ExitCode::from(2);
        }
    }
    let code = e.exit_code();
    let _ = e.print();
    std::process::ExitCode::from(u8::try_from(code).unwrap_or(2))
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
