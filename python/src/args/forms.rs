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
//! checks their Python shape and keeps them as [`Pieces`] and [`Squares`] (and
//! placements as `crate::placement::PlacementArg`, beside the `Placement` a user may pass
//! back in); their `resolve` methods finish them with the library's sentences.
//!
//! The argument's name in a sentence comes from a marker type ([`ArgName`]), so that
//! `holes=5` and `blockers=5` are each refused by name with one `Squares` type.

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::OnceLock;
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyMapping, PyString, PyTuple};
use queens::terrain::Terrain;
use queens::{Board, Catalog, EngineChoice, Error, PieceCount, PieceKind, Square};

use super::names::{ArgName, WholeArg};
use super::{TextOrItems, bad_item, index_of, repr, text_or_items};
use crate::errors;

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

impl<'a, 'py, N: WholeArg> FromPyObject<'a, 'py> for Whole<N> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let n = super::whole(obj.py(), &obj, N::NAME, N::EXAMPLE, N::BELOW)?;
        Ok(Whole(n, PhantomData))
    }
}

/// `threads=`: worker threads, 0 for one per core.
pub struct Threads(pub usize);

impl<'a, 'py> FromPyObject<'a, 'py> for Threads {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let n = super::whole(obj.py(), &obj, "threads", "4 (0 uses every core)", 1 << 63)?;
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
        let d = super::budget(obj.py(), Some(&obj))?;
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
    /// The kind, read by the library's request from `parts`' catalog (its sentence
    /// names the field `piece kind`).
    pub fn resolve(&self, py: Python<'_>, parts: &queens::request::Parts) -> PyResult<PieceKind> {
        parts.kind(&self.0).map_err(|e| {
            errors::to_py(
                py,
                e.into_error(&|field| match field {
                    queens::request::Field::Kind => "piece kind".into(),
                    f => errors::spelling(f),
                }),
            )
        })
    }
}
