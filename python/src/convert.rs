//! Python's argument forms read into the library's types by PyO3: every type here
//! implements `FromPyObject`, so a `#[pyfunction]` takes a board, pieces, a placement,
//! definitions, squares or a setting as the user wrote it, and a bad one is refused
//! before the function runs with one sentence naming the argument (an `InputError`,
//! also a `ValueError`; never PyO3's bare `TypeError`).
//!
//! Text forms (`"5x7"`, `"2N,B"`, `"Qa1,Nc3"`, `"a1,c3"`) go to the library's own
//! parsers, so their sentences are the command line's. The other forms (ints, tuples,
//! mappings, lists of pairs or ranks) are read item by item into the library's values,
//! never printed as text to be parsed again; a `Placement` passed back in is used as it
//! is. Lists of square names are the exception: each name is checked to be one name,
//! and the list they join into goes to the library's reader of squares, whose
//! sentences (off the board, listed twice) are then the only ones.
//!
//! Some values can only be finished with another argument: piece letters need the
//! catalog that `define=` makes, squares and rank lists need the board. Extraction
//! checks their Python shape and keeps them as [`Pieces`], [`PlacementArg`] and
//! [`Squares`]; their `resolve` methods finish them with the library's sentences.
//!
//! The argument's name in a sentence comes from a marker type ([`ArgName`]), so that
//! `holes=5` and `blockers=5` are each refused by name with one `Squares` type.

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::OnceLock;
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyMapping, PyString, PyTuple};
use queens::perm::{EMPTY, Perm};
use queens::terrain::Terrain;
use queens::{Board, Catalog, EngineChoice, Error, Piece, PieceCount, PieceKind, Square};

use crate::args::{self, index_of, repr};
use crate::errors;
use crate::placement::Placement;

/// The name an argument has in sentences (`holes`, `fixed`, `unique`, ...).
pub trait ArgName {
    /// The keyword, as the user wrote it.
    const NAME: &'static str;
}

macro_rules! arg_names {
    ($($(#[$doc:meta])* $ty:ident = $name:literal;)*) => {$(
        $(#[$doc])*
        pub struct $ty;
        impl ArgName for $ty {
            const NAME: &'static str = $name;
        }
    )*};
}

arg_names! {
    /// `fixed=`: pieces fixed in advance.
    FixedName = "fixed";
    /// `verify`'s placement.
    PlacementName = "placement";
    /// `holes=`.
    HolesName = "holes";
    /// `blockers=`.
    BlockersName = "blockers";
    /// `Puzzle.hint(placed=)`.
    PlacedName = "placed";
    /// `Puzzle.hint(crossed=)`.
    CrossedName = "crossed";
    /// `torus=`.
    TorusName = "torus";
    /// `unique=`.
    UniqueName = "unique";
    /// `random=`.
    RandomName = "random";
    /// `partial=`.
    PartialName = "partial";
    /// `independent=` (cover).
    IndependentName = "independent";
    /// `total=` (cover).
    TotalName = "total";
    /// `seed=`.
    SeedName = "seed";
    /// `limit=`.
    LimitName = "limit";
    /// `part=` (count_part).
    PartName = "part";
    /// `parts=` (count_part).
    PartsName = "parts";
}

/// A board: `8`, `"5x7"` or `(5, 7)` (rows x files).
pub struct BoardArg(pub Board);

/// One side of a board given as an int: the library's sentence for its text.
fn side(n: &Bound<'_, PyInt>, text: &str) -> Result<u32, Error> {
    let bad = |reason: String| Error::BadBoard {
        text: text.to_string(),
        reason,
    };
    match n.extract::<i64>() {
        Ok(v) if v < 0 => Err(bad("a side cannot be negative".into())),
        Ok(0) => Err(bad("a side must be at least 1".into())),
        Ok(v) if v > i64::from(Board::MAX_SIDE) => {
            Err(bad(format!("a side can be at most {}", Board::MAX_SIDE)))
        }
        Ok(v) => Ok(v as u32),
        Err(_) if n.lt(0).unwrap_or(false) => Err(bad("a side cannot be negative".into())),
        Err(_) => Err(bad("a side is too large to be a number".into())),
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for BoardArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        let err = |e: Error| errors::to_py(py, e);
        if let Ok(s) = obj.cast::<PyString>() {
            return s.to_cow()?.parse().map(BoardArg).map_err(err);
        }
        if !obj.is_instance_of::<PyBool>()
            && let Ok(n) = obj.cast::<PyInt>()
        {
            let side = side(&n, &n.to_string()).map_err(err)?;
            return Board::square(side).map(BoardArg).map_err(err);
        }
        if let Ok(t) = obj.cast::<PyTuple>()
            && t.len() == 2
        {
            let (r, c) = (t.get_item(0)?, t.get_item(1)?);
            let int = |x: &Bound<'py, PyAny>| {
                (!x.is_instance_of::<PyBool>())
                    .then(|| x.cast::<PyInt>().ok().cloned())
                    .flatten()
            };
            if let (Some(r), Some(c)) = (int(&r), int(&c)) {
                let text = format!("{r}x{c}");
                let board =
                    Board::new(side(&r, &text).map_err(err)?, side(&c, &text).map_err(err)?);
                return board.map(BoardArg).map_err(err);
            }
        }
        Err(errors::input(
            py,
            format!(
                "bad board {}: give a size such as 8, '5x7' or (5, 7)",
                repr(&obj)
            ),
        ))
    }
}

/// The pieces to place: a spec (`"2N,B"`) or a mapping from letter to count
/// (`{"N": 2, "B": 1}`), finished with the catalog by [`Pieces::resolve`].
pub enum Pieces {
    /// The command line's spec.
    Spec(String),
    /// (letter, count), in the mapping's order; each letter one capital.
    Counts(Vec<(char, u32)>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Pieces {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(Pieces::Spec(s.to_cow()?.into_owned()));
        }
        let items: Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)> = if let Ok(d) = obj.cast::<PyDict>()
        {
            d.iter().collect()
        } else if let Ok(m) = obj.cast::<PyMapping>() {
            m.items()?
                .iter()
                .map(|kv| kv.extract())
                .collect::<PyResult<_>>()?
        } else {
            return Err(errors::input(
                py,
                format!(
                    "bad pieces {}: give a spec such as '2N,B' or a dict such as {{'N': 2, 'B': 1}}",
                    repr(&obj)
                ),
            ));
        };
        if items.is_empty() {
            return Err(errors::input(
                py,
                "bad pieces {}: give at least one kind and its count, such as {'Q': 8}",
            ));
        }
        let mut counts = Vec::with_capacity(items.len());
        for (kind, n) in items {
            let entry = format!("{}: {}", repr(&kind), repr(&n));
            let (Ok(letter), Some(n)) = (kind.cast::<PyString>(), index_of(&n)) else {
                return Err(errors::input(
                    py,
                    format!(
                        "bad pieces entry {entry}: give a piece letter and a count such as 'N': 2"
                    ),
                ));
            };
            let count = match n.extract::<i64>() {
                Ok(c) if c < 0 => Err("a count cannot be negative"),
                Ok(c) => u32::try_from(c).map_err(|_| "the count is too large"),
                Err(_) if n.lt(0).unwrap_or(false) => Err("a count cannot be negative"),
                Err(_) => Err("the count is too large"),
            }
            .map_err(|why| errors::input(py, format!("bad pieces entry {entry}: {why}")))?;
            let letter = letter.to_cow()?;
            let mut chars = letter.chars();
            let c = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => c,
                _ => {
                    return Err(errors::input(
                        py,
                        format!(
                            "bad pieces entry {}: {count}: a kind is one capital piece letter such as 'N'",
                            repr(&kind)
                        ),
                    ));
                }
            };
            counts.push((c, count));
        }
        Ok(Pieces::Counts(counts))
    }
}

impl Pieces {
    /// The counts per kind in canonical order, the letters read with `catalog` (the
    /// request's reader of a mapping; a spec's text is the request's to read).
    pub fn counts(counts: &[(char, u32)], catalog: &Catalog) -> Result<Vec<PieceCount>, Error> {
        let mut out: BTreeMap<(usize, char), PieceCount> = BTreeMap::new();
        for &(c, count) in counts {
            let kind = catalog.get(c)?;
            out.insert(kind.canonical_rank(), PieceCount { kind, count });
        }
        Ok(out.into_values().collect())
    }
}

/// Fairy pieces: `{"C": "RN"}`, `"C=RN"` or `["C=RN", ...]`, as the command line's
/// `--piece LETTER=BETZA` definitions.
#[derive(Default)]
pub struct Define(pub Vec<String>);

impl<'a, 'py> FromPyObject<'a, 'py> for Define {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(Define(vec![s.to_cow()?.into_owned()]));
        }
        let entries: Option<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> =
            if let Ok(d) = obj.cast::<PyDict>() {
                Some(d.iter().collect())
            } else if let Ok(m) = obj.cast::<PyMapping>() {
                Some(
                    m.items()?
                        .iter()
                        .map(|kv| kv.extract())
                        .collect::<PyResult<_>>()?,
                )
            } else {
                None
            };
        if let Some(entries) = entries {
            let mut defs = Vec::with_capacity(entries.len());
            for (letter, betza) in entries {
                match (letter.cast::<PyString>(), betza.cast::<PyString>()) {
                    (Ok(l), Ok(b)) => defs.push(format!("{l}={b}")),
                    _ => {
                        return Err(errors::input(
                            py,
                            format!(
                                "bad define entry {}: {}: give a letter and a Betza string such as 'C': 'RN'",
                                repr(&letter),
                                repr(&betza)
                            ),
                        ));
                    }
                }
            }
            return Ok(Define(defs));
        }
        if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
            let items: Vec<Bound<'py, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
            if let Ok(defs) = items
                .iter()
                .map(|d| d.cast::<PyString>().map(|s| s.to_string()))
                .collect()
            {
                return Ok(Define(defs));
            }
        }
        Err(errors::input(
            py,
            format!(
                "bad define {}: give a dict such as {{'C': 'RN'}}",
                repr(&obj)
            ),
        ))
    }
}

impl Define {
    /// The built-in catalog with these definitions.
    pub fn catalog(&self, py: Python<'_>) -> PyResult<Catalog> {
        if self.0.is_empty() {
            return Ok(standard());
        }
        queens::fairy::catalog_with(&self.0).map_err(|e| errors::to_py(py, e))
    }
}

/// The built-in catalog, built once: building its six kinds (their moves, names) took
/// about a microsecond, a tenth of a whole `queens.count(8)` call; a clone shares them.
pub fn standard() -> Catalog {
    static STANDARD: OnceLock<Catalog> = OnceLock::new();
    STANDARD.get_or_init(Catalog::standard).clone()
}

/// Pieces on squares: `"Qa1,Nc3"`, a `Placement`, a list of `(kind, square)` pairs, or
/// for queens a rank list (`[1, 5, 0, ...]`, 0 for a file without a queen).
pub enum PlacementArg<N: ArgName = FixedName> {
    /// The command line's text.
    Text(String),
    /// A `Placement`, used as it is.
    Given(Py<Placement>, PhantomData<N>),
    /// The rank (from 1, 0 for none) of the queen on each file from `a`.
    Ranks(Vec<i64>),
    /// (kind, square) pairs.
    Pairs(Vec<(String, String)>),
}

impl<'a, 'py, N: ArgName> FromPyObject<'a, 'py> for PlacementArg<N> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        // A `Placement` is a sequence too: taken as it is, before any iteration.
        if let Ok(p) = obj.cast::<Placement>() {
            return Ok(PlacementArg::Given(p.to_owned().unbind(), PhantomData));
        }
        let forms = "'Qa1,Nc3', a list of (kind, square) pairs or a rank list";
        let items = match text_or_items::<N>(&obj, forms)? {
            TextOrItems::Text(t) => return Ok(PlacementArg::Text(t)),
            TextOrItems::Items(items) => items,
        };
        let ranks: Option<Vec<Bound<'py, PyInt>>> = items.iter().map(index_of).collect();
        if let Some(ranks) = ranks {
            let mut out = Vec::with_capacity(ranks.len());
            for r in ranks {
                let rank = match r.extract::<i64>() {
                    Ok(v) => v,
                    // Out of i64: reported as too large (or negative) when resolved.
                    Err(_) if r.lt(0).unwrap_or(false) => i64::MIN,
                    Err(_) => i64::MAX,
                };
                out.push(rank);
            }
            return Ok(PlacementArg::Ranks(out));
        }
        let mut pairs = Vec::with_capacity(items.len());
        for item in &items {
            let pair = two(item).and_then(|(k, s)| {
                Some((
                    k.cast::<PyString>().ok()?.to_string(),
                    s.cast::<PyString>().ok()?.to_string(),
                ))
            });
            let give = "(kind, square) pairs such as ('Q', 'a1'), or a rank list of ints";
            pairs.push(pair.ok_or_else(|| bad_item::<N>(item, give))?);
        }
        Ok(PlacementArg::Pairs(pairs))
    }
}

/// A text, or the items of another iterable.
enum TextOrItems<'py> {
    /// A `str`, as it is.
    Text(String),
    /// Every item of an iterable that is not a `str`.
    Items(Vec<Bound<'py, PyAny>>),
}

/// Argument `N` as a text or the items of an iterable; anything else is refused as
/// `bad N ...: give FORMS`.
fn text_or_items<'py, N: ArgName>(
    obj: &Borrowed<'_, 'py, PyAny>,
    forms: &str,
) -> PyResult<TextOrItems<'py>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(TextOrItems::Text(s.to_cow()?.into_owned()));
    }
    let Ok(iter) = obj.try_iter() else {
        return Err(errors::input(
            obj.py(),
            format!("bad {} {}: give {forms}", N::NAME, repr(obj)),
        ));
    };
    Ok(TextOrItems::Items(iter.collect::<PyResult<_>>()?))
}

/// An item of argument `N` refused: `bad N item ...: give GIVE`.
fn bad_item<N: ArgName>(item: &Bound<'_, PyAny>, give: &str) -> PyErr {
    errors::input(
        item.py(),
        format!("bad {} item {}: give {give}", N::NAME, repr(item)),
    )
}

/// The two items of a tuple or list of two.
fn two<'py>(item: &Bound<'py, PyAny>) -> Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    if let Ok(t) = item.cast::<PyTuple>() {
        return (t.len() == 2).then(|| Some((t.get_item(0).ok()?, t.get_item(1).ok()?)))?;
    }
    let l = item.cast::<PyList>().ok()?;
    (l.len() == 2).then(|| Some((l.get_item(0).ok()?, l.get_item(1).ok()?)))?
}

/// The text a rank list would have on the command line (for its sentences).
fn rank_text(ranks: &[i64]) -> String {
    let items: Vec<String> = ranks.iter().map(|r| r.to_string()).collect();
    format!("[{}]", items.join(","))
}

impl<N: ArgName> PlacementArg<N> {
    /// The number of files a rank list covers, zeros included; `None` for the other
    /// forms (a text in the rank-list form counts as one).
    pub fn rank_list(&self) -> Option<usize> {
        match self {
            PlacementArg::Text(t) => queens::Placement::permutation_files(t),
            PlacementArg::Ranks(r) => Some(r.len()),
            PlacementArg::Given(..) | PlacementArg::Pairs(_) => None,
        }
    }

    /// The pieces, letters read with `catalog`; a rank list may not cover more files
    /// than `board` has. Squares are not checked against the board (the problem or the
    /// verdict does that, with its own sentence).
    pub fn resolve(&self, catalog: &Catalog, board: &Board) -> Result<queens::Placement, Error> {
        match self {
            PlacementArg::Text(t) => queens::Placement::parse_on(t, catalog, board),
            PlacementArg::Given(p, _) => Ok(p.get().to_library()),
            PlacementArg::Ranks(ranks) => {
                let queen = catalog.get('Q')?;
                let mut pieces = Vec::new();
                for (file, &rank) in ranks.iter().enumerate() {
                    let bad = |reason: &str| Error::BadToken {
                        token: rank.to_string(),
                        reason: reason.to_string(),
                    };
                    if rank < 0 {
                        return Err(bad(
                            "a permutation holds rank numbers 1, 2, ... (0 for a file without a queen)",
                        ));
                    }
                    if rank == 0 {
                        continue;
                    }
                    if rank > i64::from(u32::MAX) || file > u32::MAX as usize {
                        return Err(bad("the rank is too large"));
                    }
                    pieces.push(Piece {
                        kind: queen.clone(),
                        square: Square::new(file as u32, (rank - 1) as u32),
                    });
                }
                if ranks.len() > board.cols() as usize {
                    return Err(Error::BadToken {
                        token: rank_text(ranks),
                        reason: format!(
                            "the list gives ranks for {} files but the {board} board has {}",
                            ranks.len(),
                            queens::render::words::plural(board.cols(), "file")
                        ),
                    });
                }
                Ok(queens::Placement::new(pieces))
            }
            PlacementArg::Pairs(pairs) => {
                let mut pieces = Vec::with_capacity(pairs.len());
                for (kind, square) in pairs {
                    let bad = || Error::BadToken {
                        token: format!("{kind}{square}"),
                        reason: "a token is a piece letter and a square, such as Qa1".into(),
                    };
                    let mut letters = kind.chars();
                    let letter = match (letters.next(), letters.next()) {
                        (Some(c), None) if c.is_ascii_uppercase() => c,
                        _ => return Err(bad()),
                    };
                    let kind = catalog.get(letter)?;
                    let square: Square = square.parse().map_err(|_| bad())?;
                    pieces.push(Piece { kind, square });
                }
                Ok(queens::Placement::new(pieces))
            }
        }
    }

    /// Queens one rank per file, when this is a rank list (or a compact `Placement`)
    /// covering every file of `board`: what the line-by-line verdict judges.
    pub fn perm_on(&self, board: Board) -> Option<Result<Perm, Error>> {
        match self {
            PlacementArg::Ranks(ranks) if ranks.len() == board.cols() as usize => {
                let mut out = Vec::with_capacity(ranks.len());
                for &r in ranks {
                    match r {
                        0 => out.push(EMPTY),
                        r if r < 0 || r > i64::from(u32::MAX) => {
                            // The pair-by-pair reading gives the sentence.
                            return None;
                        }
                        r => out.push((r - 1) as u32),
                    }
                }
                Some(Perm::new(board, out))
            }
            PlacementArg::Text(t)
                if queens::Placement::permutation_files(t) == Some(board.cols() as usize) =>
            {
                Some(Perm::read_padded(&mut t.as_bytes(), board))
            }
            PlacementArg::Given(p, _) => {
                let p = p.get();
                p.as_perm()
                    .filter(|perm| perm.board() == board)
                    .cloned()
                    .map(Ok)
            }
            _ => None,
        }
    }
}

/// Squares: `"a1,c3"` (the command line's list) or an iterable of square names
/// (`["a1", "c3"]`), kept as the command line's list and finished on a board by
/// [`Squares::resolve`].
pub struct Squares<N: ArgName>(String, PhantomData<N>);

impl<'a, 'py, N: ArgName> FromPyObject<'a, 'py> for Squares<N> {
    type Error = PyErr;

    /// Each name of an iterable is checked to be one square's name (no separator, not
    /// empty), so that the list they are joined into reads back as exactly those
    /// names, with the command line's sentences.
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let forms = "squares such as ['a1', 'c3'] or 'a1,c3'";
        let items = match text_or_items::<N>(&obj, forms)? {
            TextOrItems::Text(t) => return Ok(Squares(t, PhantomData)),
            TextOrItems::Items(items) => items,
        };
        let mut names = Vec::with_capacity(items.len());
        for item in &items {
            let Ok(name) = item.cast::<PyString>() else {
                return Err(bad_item::<N>(item, "a square name such as 'a1'"));
            };
            let name = name.to_cow()?;
            if name.is_empty() || name.contains(|c: char| c == ',' || c.is_whitespace()) {
                return Err(bad_item::<N>(item, "one square name such as 'a1'"));
            }
            names.push(name.into_owned());
        }
        Ok(Squares(names.join(","), PhantomData))
    }
}

impl<N: ArgName> Squares<N> {
    /// The squares as the command line's list (`a1,c3`), for the library's request.
    pub fn text(&self) -> &str {
        &self.0
    }

    /// The squares on `board`, in the order given; one off the board or listed twice
    /// is refused with the command line's sentence (the library's reader).
    pub fn resolve(&self, board: &Board) -> Result<Vec<Square>, Error> {
        Terrain::parse_squares(&self.0, board, N::NAME)
    }
}

/// Squares given or not (`None` is none).
pub fn squares_on<N: ArgName>(
    py: Python<'_>,
    given: Option<&Squares<N>>,
    board: &Board,
) -> PyResult<Vec<Square>> {
    match given {
        Some(s) => s.resolve(board).map_err(|e| errors::to_py(py, e)),
        None => Ok(Vec::new()),
    }
}

/// A yes/no setting: `True`/`False` (or an int, read as Python reads it).
pub struct Flag<N: ArgName>(pub bool, PhantomData<N>);

impl<N: ArgName> Flag<N> {
    /// The setting off, the default.
    pub const OFF: Self = Flag(false, PhantomData);
}

impl<'a, 'py, N: ArgName> FromPyObject<'a, 'py> for Flag<N> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyInt>() {
            return Ok(Flag(obj.is_truthy()?, PhantomData));
        }
        Err(errors::input(
            obj.py(),
            format!("bad {} {}: give True or False", N::NAME, repr(&obj)),
        ))
    }
}

/// A whole number below 2**64 (`seed`, `limit`, `part`, `parts`).
pub struct Whole<N: ArgName>(pub u64, PhantomData<N>);

/// What a whole-number argument's sentence shows as an example, and its bound.
pub trait WholeArg: ArgName {
    /// An example value.
    const EXAMPLE: &'static str;
    /// The values must be below this.
    const BELOW: u128;
}

macro_rules! whole_args {
    ($($ty:ident = $example:literal, below $below:expr;)*) => {$(
        impl WholeArg for $ty {
            const EXAMPLE: &'static str = $example;
            const BELOW: u128 = $below;
        }
    )*};
}

whole_args! {
    SeedName = "7", below 1 << 64;
    LimitName = "10", below 1 << 64;
    PartName = "1", below 1 << 32;
    PartsName = "8", below 1 << 32;
}

impl<'a, 'py, N: WholeArg> FromPyObject<'a, 'py> for Whole<N> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let n = args::whole(obj.py(), &obj, N::NAME, N::EXAMPLE, N::BELOW)?;
        Ok(Whole(n, PhantomData))
    }
}

/// `threads=`: worker threads, 0 for one per core.
pub struct Threads(pub usize);

impl<'a, 'py> FromPyObject<'a, 'py> for Threads {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let n = args::whole(obj.py(), &obj, "threads", "4 (0 uses every core)", 1 << 63)?;
        Ok(Threads(n as usize))
    }
}

/// `engine=`: an engine's name or `"auto"`.
pub struct EngineArg(pub EngineChoice);

impl EngineArg {
    /// `"auto"`, the default.
    pub const AUTO: EngineArg = EngineArg(EngineChoice::Auto);
}

impl<'a, 'py> FromPyObject<'a, 'py> for EngineArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        match obj.cast::<PyString>() {
            Ok(s) => s
                .to_cow()?
                .parse()
                .map(EngineArg)
                .map_err(|e| errors::to_py(py, e)),
            Err(_) => Err(errors::input(
                py,
                format!(
                    "bad engine {}: give an engine name such as 'auto' (see queens.engines())",
                    repr(&obj)
                ),
            )),
        }
    }
}

/// `budget=`: a time limit in seconds.
pub struct Budget(pub Duration);

impl<'a, 'py> FromPyObject<'a, 'py> for Budget {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let d = args::budget(obj.py(), Some(&obj))?;
        Ok(Budget(d.unwrap_or(Duration::MAX)))
    }
}

/// An optional budget as the library's setting.
pub fn budget(b: Option<Budget>) -> Option<Duration> {
    b.map(|b| b.0)
}

/// One piece kind by letter (`max_pieces`, `cover`), read with the catalog later.
pub struct KindArg(pub String);

impl<'a, 'py> FromPyObject<'a, 'py> for KindArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.cast::<PyString>() {
            Ok(s) => Ok(KindArg(s.to_cow()?.into_owned())),
            Err(_) => Err(errors::input(
                obj.py(),
                format!(
                    "bad piece kind {}: give one piece letter such as 'Q' or 'N'",
                    repr(&obj)
                ),
            )),
        }
    }
}

impl KindArg {
    /// The kind, read with `catalog`.
    pub fn resolve(&self, py: Python<'_>, catalog: &Catalog) -> PyResult<PieceKind> {
        crate::verbs::kind_of(py, &self.0, catalog)
    }
}
