//! `queens.Placement`: a solution as Python sees it, a sequence of `(kind, square)` pairs;
//! and the forms a placement is given in ([`PlacementArg`]: `fixed=`, `verify`'s
//! placement, `Placement(...)`), kept beside it because one of them is a `Placement`
//! passed back in, used as it is.
//!
//! Small placements keep the library's [`queens::Placement`]; queens at huge N keep a
//! [`Perm`] (one `u32` per file), so that a million queens cost 4 MB and no Python
//! objects until someone asks for them.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use std::marker::PhantomData;

use pyo3::types::{PyInt, PySlice, PyString, PyTuple};
use queens::perm::{EMPTY, Perm};
use queens::{Board, Catalog, Error, Piece, Square, render};

use crate::args::forms::{BoardArg, Define};
use crate::args::names::{ArgName, FixedName, PlacementName};
use crate::args::{TextOrItems, bad_item, index_of, text_or_items, two};
use crate::errors;

/// Boards with at most this many files and ranks are drawn by `str()` and in Jupyter;
/// wider ones print as text, as the command line's `solve` does.
pub const DRAWN: u32 = 64;

/// What a placement holds.
#[derive(Clone, Debug)]
pub enum Cells {
    /// Pieces on squares, in the library's canonical order.
    Pieces(queens::Placement),
    /// Queens, one rank (or none) per file.
    Perm(Perm),
}

/// Pieces on squares of a board: a sequence of `(kind, square)` pairs such as
/// `("Q", "a1")`, in canonical order (kind, then file, then rank). Hashable, comparable,
/// and drawn by `str()`.
#[pyclass(module = "queens", frozen, sequence)]
#[derive(Clone, Debug)]
pub struct Placement {
    board: Board,
    cells: Cells,
}

impl Placement {
    /// A placement of `cells` on `board`.
    pub fn new(board: Board, cells: Cells) -> Placement {
        Placement { board, cells }
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The compact form, when the placement holds one.
    pub fn as_perm(&self) -> Option<&Perm> {
        match &self.cells {
            Cells::Perm(p) => Some(p),
            Cells::Pieces(_) => None,
        }
    }

    /// The placement as the library's pieces on squares (built for a [`Perm`]).
    pub fn to_library(&self) -> queens::Placement {
        match &self.cells {
            Cells::Pieces(p) => p.clone(),
            Cells::Perm(p) => p.to_placement(),
        }
    }

    fn len(&self) -> usize {
        match &self.cells {
            Cells::Pieces(p) => p.len(),
            Cells::Perm(p) => p.queens(),
        }
    }

    /// The `i`-th entry as (letter, square), in canonical order.
    fn entry(&self, i: usize) -> (char, Square) {
        match &self.cells {
            Cells::Pieces(p) => {
                let piece = &p.pieces()[i];
                (piece.kind.letter(), piece.square)
            }
            Cells::Perm(p) => {
                // Files without a queen are skipped; a perm of a square board has none,
                // so the common case indexes directly.
                let ranks = p.ranks();
                if p.queens() == ranks.len() {
                    ('Q', Square::new(i as u32, ranks[i]))
                } else {
                    let (f, r) = ranks
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| **r != EMPTY)
                        .nth(i)
                        .expect("index checked against len");
                    ('Q', Square::new(f as u32, *r))
                }
            }
        }
    }

    /// The position of `item` when it is a `(kind, square)` pair of this placement.
    fn position(&self, item: &Bound<'_, PyAny>) -> Option<usize> {
        let (kind, square): (String, String) = item.extract().ok()?;
        let mut letters = kind.chars();
        let letter = letters.next()?;
        if letters.next().is_some() {
            return None;
        }
        let square: Square = square.parse().ok()?;
        self.keys()
            .position(|k| k == (letter, square.file, square.rank))
    }

    /// The entry at `cursor` or after it, and the cursor of the one after: an index for
    /// pieces, a file for a perm (so that walking a perm with empty files stays linear,
    /// where [`Placement::entry`] counts from file `a` each time).
    fn entry_from(&self, cursor: usize) -> Option<((char, Square), usize)> {
        match &self.cells {
            Cells::Pieces(p) => (cursor < p.len()).then(|| (self.entry(cursor), cursor + 1)),
            Cells::Perm(p) => p.ranks()[cursor.min(p.ranks().len())..]
                .iter()
                .position(|&r| r != EMPTY)
                .map(|k| {
                    let f = cursor + k;
                    (('Q', Square::new(f as u32, p.ranks()[f])), f + 1)
                }),
        }
    }

    /// Every entry as (letter, file, rank), in order: what equality, order and hash see.
    fn keys(&self) -> Box<dyn Iterator<Item = (char, u32, u32)> + '_> {
        match &self.cells {
            Cells::Pieces(p) => Box::new(
                p.pieces()
                    .iter()
                    .map(|x| (x.kind.letter(), x.square.file, x.square.rank)),
            ),
            Cells::Perm(p) => Box::new(
                p.ranks()
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| **r != EMPTY)
                    .map(|(f, r)| ('Q', f as u32, *r)),
            ),
        }
    }

    /// The coordinates text (`Qa1 Qb5 …`), the command line's `--format coords`.
    pub fn coords(&self) -> String {
        self.to_library().to_string()
    }

    /// `--piece` definitions for the fairy kinds in this placement, so that it can be
    /// read back (pickling).
    fn definitions(&self) -> Vec<String> {
        let mut defs: Vec<String> = Vec::new();
        if let Cells::Pieces(p) = &self.cells {
            let mut seen: Vec<char> = Vec::new();
            for piece in p.pieces() {
                let letter = piece.kind.letter();
                if !seen.contains(&letter) && !queens::fairy::is_builtin(letter) {
                    seen.push(letter);
                    defs.push(format!("{letter}={}", piece.kind.notation()));
                }
            }
        }
        defs
    }
}

fn pair(py: Python<'_>, (letter, square): (char, Square)) -> PyResult<Bound<'_, PyTuple>> {
    PyTuple::new(py, [letter.to_string(), square.to_string()])
}

#[pymethods]
impl Placement {
    /// A placement in any form `fixed=` takes (coordinates `"Qa1 Nc3"`, a rank list
    /// `"[1,5,8,6,3,7,2,4]"` or `[1, 5, ...]`, `(kind, square)` pairs) on `board` (`8`,
    /// `"5x7"`, `(5, 7)`); `define` adds fairy pieces.
    #[new]
    #[pyo3(signature = (placement, board = None, define = None))]
    fn py_new(
        py: Python<'_>,
        placement: PlacementArg<PlacementName>,
        board: Option<BoardArg>,
        define: Option<Define>,
    ) -> PyResult<Self> {
        let catalog = define.unwrap_or_default().catalog(py)?;
        let board = match board {
            Some(b) => b.0,
            None => Board::square(8).map_err(|e| errors::to_py(py, e))?,
        };
        if let PlacementArg::Given(p, _) = &placement {
            return Ok(p.get().clone());
        }
        let p = match &placement {
            // The text of a rank list reads as it is (longer than the board's files is
            // refused when checked on the board).
            PlacementArg::Text(t) => queens::Placement::parse(t, &catalog),
            other => other.resolve(&catalog, &board),
        }
        .map_err(|e| errors::to_py(py, e))?;
        p.check_on(&board).map_err(|e| errors::to_py(py, e))?;
        Ok(Placement::new(board, Cells::Pieces(p)))
    }

    /// The board as `(rows, cols)`.
    #[getter(board)]
    fn board_size(&self) -> (u32, u32) {
        (self.board.rows(), self.board.cols())
    }

    fn __len__(&self) -> usize {
        self.len()
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        let len = self.len();
        if let Ok(slice) = index.cast::<PySlice>() {
            let s = slice.indices(len as isize)?;
            let mut out = Vec::with_capacity(s.slicelength);
            let mut i = s.start;
            for _ in 0..s.slicelength {
                out.push(pair(py, self.entry(i as usize))?);
                i += s.step;
            }
            return Ok(pyo3::types::PyList::new(py, out)?.into_any().unbind());
        }
        if index.cast::<pyo3::types::PyInt>().is_err() {
            return Err(PyTypeError::new_err(
                "placement indices must be integers or slices",
            ));
        }
        // An int too large for isize is out of range, not a type error.
        let i: isize = index
            .extract()
            .map_err(|_| PyIndexError::new_err("placement index out of range"))?;
        let j = if i < 0 { i + len as isize } else { i };
        if j < 0 || j as usize >= len {
            return Err(PyIndexError::new_err("placement index out of range"));
        }
        Ok(pair(py, self.entry(j as usize))?.into_any().unbind())
    }

    /// How many times `item`, a `(kind, square)` pair, occurs (0 or 1).
    fn count(&self, item: &Bound<'_, PyAny>) -> usize {
        usize::from(self.position(item).is_some())
    }

    /// Where `item`, a `(kind, square)` pair, stands in the sequence; `ValueError` when
    /// it is not there.
    fn index(&self, item: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.position(item).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err("the pair is not in the placement")
        })
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        self.position(item).is_some()
    }

    fn __iter__(slf: Bound<'_, Self>) -> PlacementIter {
        PlacementIter {
            placement: slf.unbind(),
            next: 0,
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        (self.board.rows(), self.board.cols()).hash(&mut h);
        for k in self.keys() {
            k.hash(&mut h);
        }
        h.finish()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.cast::<Placement>() else {
            return py.NotImplemented();
        };
        let other = other.get();
        let ordering = (self.board.rows(), self.board.cols())
            .cmp(&(other.board.rows(), other.board.cols()))
            .then_with(|| self.keys().cmp(other.keys()));
        op.matches(ordering)
            .into_pyobject(py)
            .expect("bool")
            .to_owned()
            .into_any()
            .unbind()
    }

    /// The board drawn as the command line's `--format board` does (top rank first, `.`
    /// for an empty square). Boards wider or taller than 64 print as the command line's
    /// `solve` prints them: the rank list for queens, coordinates otherwise.
    fn __str__(&self) -> String {
        if self.board.rows() <= DRAWN && self.board.cols() <= DRAWN {
            return self.diagram();
        }
        // A full set of queens prints as its rank list, as `solve` prints it; anything
        // else as coordinates (a rank list would take a number per file, however few
        // the pieces). Equal placements print alike, whichever form holds them.
        let full = self.len() == self.board.rows().min(self.board.cols()) as usize;
        match &self.cells {
            Cells::Perm(p) if full => p.to_text(),
            Cells::Pieces(p) if full => match Perm::from_placement(&self.board, p) {
                Some(perm) if p.pieces().iter().all(|x| x.kind.letter() == 'Q') => perm.to_text(),
                _ => format!("{p}\n"),
            },
            _ => format!("{}\n", self.coords()),
        }
    }

    fn __repr__(&self) -> String {
        if self.len() <= 64 {
            let defs = self.definitions();
            let define = if defs.is_empty() {
                String::new()
            } else {
                format!(", define={defs:?}")
            };
            format!(
                "Placement('{}', board='{}'{define})",
                self.coords(),
                self.board
            )
        } else {
            format!(
                "<Placement: {} pieces on the {} board>",
                self.len(),
                self.board
            )
        }
    }

    /// The diagram, whatever the board's size.
    fn diagram(&self) -> String {
        render::diagram(&self.board, &self.to_library())
    }

    /// The coordinates, `"Qa1 Qb5 …"` (the command line's `--format coords`).
    #[pyo3(name = "coords")]
    fn py_coords(&self) -> String {
        self.coords()
    }

    /// The rank (from 1) of the queen on each file, 0 for a file without one; the
    /// list form of CLP(FD)'s `n_queens/2`.
    fn perm(&self, py: Python<'_>) -> PyResult<Vec<u32>> {
        match &self.cells {
            Cells::Perm(p) => Ok(p
                .ranks()
                .iter()
                .map(|&r| if r == EMPTY { 0 } else { r + 1 })
                .collect()),
            Cells::Pieces(p) => {
                if let Some(other) = p.pieces().iter().find(|x| x.kind.letter() != 'Q') {
                    return Err(errors::input(
                        py,
                        format!("perm() lists queens only, and this placement has {other}"),
                    ));
                }
                let perm = Perm::from_placement(&self.board, p).ok_or_else(|| {
                    errors::input(py, "perm() needs at most one queen per file, and this placement has two on one file")
                })?;
                Ok(perm
                    .ranks()
                    .iter()
                    .map(|&r| if r == EMPTY { 0 } else { r + 1 })
                    .collect())
            }
        }
    }

    /// One JSON object: `{"rows":R,"cols":C,"pieces":[{"kind":"Q","square":"a4","file":0,"rank":3},…]}`
    /// (the command line's `--format json`; `file` and `rank` from 0).
    fn to_json(&self) -> String {
        render::json(&self.board, &self.to_library())
    }

    /// An SVG picture for Jupyter; `None` (no picture) beyond 64 files or ranks.
    fn _repr_svg_(&self) -> Option<String> {
        (self.board.rows() <= DRAWN && self.board.cols() <= DRAWN)
            .then(|| render::svg(&self.board, &self.to_library()))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Rebuild)> {
        let me = slf.get();
        Ok((
            slf.get_type().into_any(),
            (me.coords(), me.board.to_string(), me.definitions()),
        ))
    }
}

/// The arguments that rebuild a placement (for pickling): coordinates, board, fairy
/// definitions.
type Rebuild = (String, String, Vec<String>);

/// The iterator of a [`Placement`]'s pairs.
#[pyclass(module = "queens")]
pub struct PlacementIter {
    placement: Py<Placement>,
    /// Where the next entry is looked for (see [`Placement::entry_from`]).
    next: usize,
}

#[pymethods]
impl PlacementIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let Some((entry, next)) = self.placement.get().entry_from(self.next) else {
            return Ok(None);
        };
        self.next = next;
        Ok(Some(pair(py, entry)?))
    }
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
