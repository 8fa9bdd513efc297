//! The arguments of the jobs that have their own struct: `solve`'s queens and cover
//! flags, `cover`, `export`, `decode` and `recheck`.

use std::path::PathBuf;

use clap::builder::ArgPredicate;
use clap::{Args, ValueEnum};

use super::{PlainTerrainArgs, ProgressFlag, TerrainArgs, VerboseFlag, first_given};

/// Options of `solve` for queens: random solutions, completions, budgets.
#[derive(Args, Debug)]
pub struct HugeArgs {
    /// A random solution by local search (N queens on N x N, fixed queens allowed),
    /// reproducible with --seed.
    #[arg(long)]
    pub random: bool,
    /// The seed of --random [default: taken from the clock and shown on stderr].
    #[arg(
        long,
        value_name = "S",
        requires = "random",
        allow_negative_numbers = true
    )]
    pub seed: Option<u64>,
    /// Fixed queens read from a file (`-` for stdin): a PLACEMENT, or a permutation
    /// with 0 on the files left free (the output of `--format perm`).
    #[arg(long, value_name = "FILE", allow_negative_numbers = true)]
    pub fixed_file: Option<String>,
}

impl HugeArgs {
    /// The first of these flags given, as typed.
    pub fn queens_flag(&self) -> Option<&'static str> {
        first_given(&[
            (self.random, "--random"),
            (self.seed.is_some(), "--seed"),
            (self.fixed_file.is_some(), "--fixed-file"),
        ])
    }
}

/// The arguments of `queens cover`.
#[derive(Args, Debug)]
pub struct CoverArgs {
    /// The board: `8` or `5x7` (rows x columns).
    #[arg(default_value = "8", allow_negative_numbers = true)]
    pub board: String,
    /// The covering kind, by letter (K N B R Q A, or one defined with --piece).
    #[arg(long, value_name = "LETTER", allow_negative_numbers = true)]
    pub kind: String,
    #[command(flatten)]
    pub variant: Variant,
    /// Pieces that stand as well, placed anywhere they do not attack each other, e.g.
    /// `Q` or `2B` [default: none]; not of the covering kind.
    #[arg(
        long,
        value_name = "SPEC",
        allow_negative_numbers = true,
        allow_hyphen_values = true
    )]
    pub pieces: Option<String>,
    /// Pieces pinned to squares: given pieces (they count toward --pieces), or pieces
    /// of the covering kind that the covering must hold (they count toward it).
    #[arg(long, value_name = "PLACEMENT", allow_negative_numbers = true)]
    pub fixed: Option<String>,
    /// The engine that places --pieces (`auto` picks).
    #[arg(
        long,
        default_value = "auto",
        value_name = "NAME",
        allow_negative_numbers = true
    )]
    pub engine: String,
    /// Worker threads; 0 uses every core (at most 1024).
    #[arg(
        long,
        default_value_t = 0,
        value_name = "T",
        allow_negative_numbers = true
    )]
    pub threads: usize,
    /// Give up after this many seconds (exit 3, with the bounds proved so far).
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    pub budget_secs: Option<f64>,
    /// Give up after this many search steps (nodes of the covering search; exit 3).
    #[arg(long, value_name = "STEPS", allow_negative_numbers = true)]
    pub budget_steps: Option<u64>,
    /// Print one JSON object instead (with one covering as `example`).
    #[arg(long)]
    pub json: bool,
    /// Also draw one minimum covering, below the `MIN COUNT` line.
    #[arg(long)]
    pub show: bool,
    /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`; then
    /// `--kind C` covers with it.
    #[arg(
        long = "piece",
        value_name = "LETTER=BETZA",
        allow_negative_numbers = true
    )]
    pub piece: Vec<String>,
    /// Holes, blockers and the torus: holes and blockers hold no piece and need no
    /// covering; lines stop at blockers and wrap on the torus.
    #[command(flatten)]
    pub terrain: PlainTerrainArgs,
    #[command(flatten)]
    pub verbose: VerboseFlag,
    #[command(flatten)]
    pub progress: ProgressFlag,
}

/// Which covering: the variants of domination.
#[derive(Args, Debug, Clone, Copy)]
pub struct Variant {
    /// The covering pieces do not attack each other nor the given pieces (independent
    /// domination).
    #[arg(long)]
    pub independent: bool,
    /// Every square must be attacked, occupied ones included (total domination).
    #[arg(long)]
    pub total: bool,
}

/// The flags of `solve --cover`.
#[derive(Args, Debug)]
pub struct SolveCoverArgs {
    /// Print one covering with the fewest pieces of --kind instead: every square
    /// occupied or attacked beside --pieces and --fixed (--pieces defaults to none).
    #[arg(long, requires = "kind")]
    pub cover: bool,
    /// With --cover: the covering kind, by letter.
    #[arg(
        long,
        value_name = "LETTER",
        requires = "cover",
        allow_negative_numbers = true
    )]
    pub kind: Option<String>,
    #[command(flatten)]
    pub variant: SolveVariant,
}

/// [`Variant`] for `solve`, where the flags need --cover.
#[derive(Args, Debug, Clone, Copy)]
pub struct SolveVariant {
    /// With --cover: the covering pieces do not attack each other nor the given pieces.
    #[arg(long, requires = "cover")]
    pub independent: bool,
    /// With --cover: every square must be attacked, occupied ones included.
    #[arg(long, requires = "cover")]
    pub total: bool,
}

/// Arguments of `queens export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
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
    /// The format: `dimacs` (CNF, with a `c var N K@square` line per piece variable),
    /// `minizinc` or `xcsp3`.
    #[arg(long, value_enum, value_name = "FORMAT", allow_negative_numbers = true)]
    pub to: ExportFormat,
    /// Defines a piece kind for this run (repeatable): `C=RN`, `C=chancellor`; DIMACS
    /// files record the definition for `decode --cnf`.
    #[arg(
        long = "piece",
        value_name = "LETTER=BETZA",
        allow_negative_numbers = true
    )]
    pub piece: Vec<String>,
    #[command(flatten)]
    pub terrain: TerrainArgs,
}

/// The formats of `export --to`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ExportFormat {
    /// DIMACS CNF for SAT solvers.
    Dimacs,
    /// A MiniZinc model.
    Minizinc,
    /// An XCSP3 instance.
    Xcsp3,
}

/// Arguments of `queens decode`.
#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// The board the model was exported for: `8` or `5x7` [default: 8].
    #[arg(allow_negative_numbers = true)]
    pub board: Option<String>,
    /// The pieces, as given to `export` [default: min(rows, cols) queens].
    #[arg(
        long,
        value_name = "SPEC",
        allow_negative_numbers = true,
        allow_hyphen_values = true
    )]
    pub pieces: Option<String>,
    /// The fixed pieces, as given to `export`.
    #[arg(long, value_name = "PLACEMENT", allow_negative_numbers = true)]
    pub fixed: Option<String>,
    /// Read the problem and the variable map from this file written by
    /// `export --to dimacs`, instead of BOARD, --pieces and --fixed.
    #[arg(long, value_name = "FILE", allow_negative_numbers = true)]
    pub cnf: Option<String>,
    /// The solver's output (`s SATISFIABLE` and `v` lines); `-` or absent reads stdin.
    #[arg(long, value_name = "FILE", allow_negative_numbers = true)]
    pub model: Option<String>,
    /// Defines a piece kind (repeatable), as given to `export`; not needed with --cnf.
    #[arg(
        long = "piece",
        value_name = "LETTER=BETZA",
        allow_negative_numbers = true
    )]
    pub piece: Vec<String>,
}

/// The arguments of `queens recheck`.
#[derive(Args, Debug)]
pub struct RecheckArgs {
    /// The manifest (`count --manifest FILE` or `merge --manifest FILE`).
    #[arg(value_name = "MANIFEST", allow_negative_numbers = true)]
    pub manifest: PathBuf,
    /// Recount K parts drawn at random (with --seed) [default: every listed part].
    #[arg(
        long,
        value_name = "K",
        conflicts_with = "part",
        allow_negative_numbers = true
    )]
    pub parts: Option<usize>,
    /// Recount this part (a task id in the manifest); repeat for more.
    #[arg(long, value_name = "ID", allow_negative_numbers = true)]
    pub part: Vec<usize>,
    /// The seed of the draw of --parts [default: from the clock, printed].
    #[arg(
        long,
        value_name = "S",
        requires = "parts",
        allow_negative_numbers = true
    )]
    pub seed: Option<u64>,
    /// Worker threads (0: all cores).
    #[arg(
        long,
        default_value_t = 0,
        value_name = "T",
        allow_negative_numbers = true
    )]
    pub threads: usize,
    #[command(flatten)]
    pub progress: ProgressFlag,
}

/// `queens tune`'s arguments.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// Time each tuning this many times and keep the best (more: steadier on a busy
    /// machine, longer).
    #[arg(
        long,
        default_value_t = 2,
        value_name = "R",
        allow_negative_numbers = true
    )]
    pub repeats: usize,
    /// Print the calibration's choice without saving it.
    #[arg(long)]
    pub no_save: bool,
    /// Print the tuning counts use now, and where it comes from, without calibrating.
    #[arg(long, conflicts_with_all = ["repeats", "no_save"])]
    pub show: bool,
}
