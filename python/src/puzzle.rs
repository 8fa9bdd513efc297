//! `queens.Puzzle` and `queens.Step`: region puzzles (LinkedIn's daily "Queens", Star
//! Battle) on the library's [`queens::puzzle`], as the command line's `queens puzzle`
//! solves, counts, checks, hints, explains, rates and generates them.
//!
//! Every answer is the one the command line gives on the same file: the same solver,
//! the same chain of rules, the same sentences. A hint or an explanation that ends
//! without a rule to apply is a [`Step`] too, with the rule `solved`, `contradiction` or
//! `stuck` and nothing to place or cross (the command line's last line).
//!
//! Puzzles up to [`INLINE`] squares a side are solved on the calling thread (without
//! the GIL): they take microseconds, less than starting a worker. Larger ones are
//! first tried there for `blocking::QUICK` (most finish), then run on a worker thread that
//! answers Ctrl-C; so does every generation.

use pyo3::prelude::*;
use pyo3::types::PyType;
use queens::puzzle::explain::{End, explain_cancellable};
use queens::puzzle::generate::{Request, Style, generate, parse_difficulty, parse_style};
use queens::puzzle::hint::{Hint, hint};
use queens::puzzle::rules::{Level, Step as LibStep};
use queens::puzzle::{Mark, Puzzle as LibPuzzle, State, picture};
use queens::render::puzzle::Theme;
use queens::{Board, Error, Piece, PieceKind, Settings};

use crate::answer::to_int;
use crate::args;
use crate::args::forms::{Squares, squares_on};
use crate::args::names::{CrossedName, PlacedName};
use crate::blocking::{self, Mode};
use crate::errors;
use crate::placement::{Cells, Placement};

/// Puzzles up to this side are solved on the calling thread.
const INLINE: usize = 12;

/// A region puzzle: an `n x n` board cut into `n` regions; a solution puts `stars`
/// stars (queens) in every row, column and region, no two touching.
#[pyclass(module = "queens", name = "Puzzle", frozen)]
#[derive(Clone)]
pub struct Puzzle {
    puzzle: LibPuzzle,
    /// The position drawn on the picture the puzzle was read from (`from_image`).
    drawn: Option<State>,
}

/// One deduction: the rule, the squares it places a star on and crosses out, and why.
/// A hint or explanation that ends has the rule `solved`, `contradiction` or `stuck`.
#[pyclass(module = "queens", name = "Step", frozen)]
#[derive(Clone)]
pub struct Step {
    /// The rule's name (`last-square`, `region-in-line`, ...), or how the chain ended.
    #[pyo3(get)]
    rule: String,
    /// The rule's level (`easy`, `medium`, `hard`, `expert`); `None` for an end.
    #[pyo3(get)]
    level: Option<String>,
    /// Squares that get a star, algebraic.
    #[pyo3(get)]
    place: Vec<String>,
    /// Squares crossed out, algebraic.
    #[pyo3(get)]
    cross: Vec<String>,
    /// One sentence saying why.
    #[pyo3(get)]
    why: String,
    /// The library's text of the step or end (what the command line prints).
    text: String,
}

impl Step {
    fn of(s: &LibStep) -> Step {
        Step {
            rule: s.rule.to_string(),
            level: Some(s.level.name().to_string()),
            place: s.place.iter().map(ToString::to_string).collect(),
            cross: s.cross.iter().map(ToString::to_string).collect(),
            why: s.why.clone(),
            text: s.to_string(),
        }
    }

    /// An end without squares: `rule: why`.
    fn end(rule: &str, why: String) -> Step {
        Step {
            rule: rule.into(),
            level: None,
            place: Vec::new(),
            cross: Vec::new(),
            text: format!("{rule}: {why}"),
            why,
        }
    }

    /// The library's hint as a step (an end for everything but a step).
    fn of_hint(h: &Hint) -> Step {
        match h {
            Hint::Step(step) => Step::of(step),
            _ => Step::end(h.kind(), h.why()),
        }
    }
}

#[pymethods]
impl Step {
    /// The command line's text: `RULE (LEVEL): place ...; cross ...` and the sentence
    /// on the next line; for an end, `solved: ...` as `queens puzzle hint` prints it.
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Step(rule={:?}, place={:?}, cross={:?})",
            self.rule, self.place, self.cross
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Step>().is_ok_and(|o| {
            let o = o.get();
            (&o.rule, &o.level, &o.place, &o.cross, &o.why)
                == (&self.rule, &self.level, &self.place, &self.cross, &self.why)
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (&self.rule, &self.place, &self.cross, &self.why).hash(&mut h);
        h.finish()
    }
}

/// The mode for a job on puzzle `p`.
fn mode(p: &LibPuzzle) -> Mode {
    if p.side() <= INLINE {
        Mode::Inline
    } else {
        Mode::Worker
    }
}

/// The placement of stars `cells` (square indices) on `p`'s board, as queens.
fn placement(p: &LibPuzzle, cells: &[usize]) -> Placement {
    let n = p.side() as u32;
    let board = Board::square(n).expect("a puzzle's side is a board");
    // One kind shared by every star (building a kind allocates its moves).
    let queen = PieceKind::queen();
    let pieces = cells
        .iter()
        .map(|&i| Piece {
            kind: queen.clone(),
            square: p.square(i),
        })
        .collect();
    Placement::new(board, Cells::Pieces(queens::Placement::new(pieces)))
}

/// The `difficulty=` argument of `Puzzle.generate`: a level's name or `"any"`, read by
/// the library's one reader of difficulties; `None` (the default) is any grade.
struct Difficulty(Option<Level>);

impl<'a, 'py> FromPyObject<'a, 'py> for Difficulty {
    type Error = PyErr;

    fn extract(name: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if name.is_none() {
            return Ok(Difficulty(None));
        }
        let Ok(text) = name.extract::<String>() else {
            return Err(errors::input(
                name.py(),
                format!(
                    "bad difficulty {}: give a difficulty's name such as 'medium', or None for any grade",
                    args::repr(&name)
                ),
            ));
        };
        parse_difficulty(&text)
            .map(Difficulty)
            .map_err(|e| errors::input(name.py(), e.spelled("difficulty")))
    }
}

/// The `style=` argument of `Puzzle.generate`: a style's name (`"even"`,
/// `"official"`), read by the library's one reader of styles; `None` (the default) is
/// the library's default style.
struct StyleArg(Option<Style>);

impl<'a, 'py> FromPyObject<'a, 'py> for StyleArg {
    type Error = PyErr;

    fn extract(name: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if name.is_none() {
            return Ok(StyleArg(None));
        }
        let Ok(text) = name.extract::<String>() else {
            return Err(errors::input(
                name.py(),
                format!(
                    "bad style {}: give a style's name such as 'official'",
                    args::repr(&name)
                ),
            ));
        };
        parse_style(&text)
            .map(|s| StyleArg(Some(s)))
            .map_err(|e| errors::input(name.py(), e.spelled("style")))
    }
}

impl Puzzle {
    /// The library's puzzle (for `Problem(regions=puzzle)`).
    pub fn library(&self) -> &LibPuzzle {
        &self.puzzle
    }

    fn settings_run<T: Send + 'static>(
        &self,
        py: Python<'_>,
        budget: Option<&Bound<'_, PyAny>>,
        quick_first: bool,
        job: impl Fn(&LibPuzzle, &Settings) -> Result<T, Error> + Send + Sync + 'static,
    ) -> PyResult<T> {
        let time_budget = args::budget(py, budget)?;
        let p = self.puzzle.clone();
        let run = move |cancel: &std::sync::atomic::AtomicBool, time_budget| {
            let settings = Settings {
                time_budget,
                cancel: Some(cancel),
                ..Settings::default()
            };
            job(&p, &settings)
        };
        // A large puzzle is most often quick too: tried on this thread first, then on
        // a worker that answers Ctrl-C. Only for jobs that honour the settings' budget
        // (`quick_first`): the rules' chain does not.
        if quick_first && mode(&self.puzzle) == Mode::Worker {
            blocking::run_quick_first(py, time_budget, run)
        } else {
            blocking::run(py, mode(&self.puzzle), move |cancel| {
                run(cancel, time_budget)
            })
        }
    }

    /// The position with stars on `placed` and crosses on `crossed`.
    fn position(
        &self,
        py: Python<'_>,
        placed: Option<&Squares<PlacedName>>,
        crossed: Option<&Squares<CrossedName>>,
    ) -> PyResult<State> {
        let board = Board::square(self.puzzle.side() as u32).map_err(|e| errors::to_py(py, e))?;
        let placed = squares_on(py, placed, &board)?;
        let crossed = squares_on(py, crossed, &board)?;
        State::with(&self.puzzle, &placed, &crossed).map_err(|e| errors::to_py(py, e))
    }

    /// The squares marked `mark` on the picture the puzzle was read from.
    fn drawn_squares(&self, mark: Mark) -> Vec<String> {
        let Some(drawn) = &self.drawn else {
            return Vec::new();
        };
        let p = &self.puzzle;
        (0..p.side() * p.side())
            .filter(|&i| drawn.marks[i] == mark)
            .map(|i| p.square(i).to_string())
            .collect()
    }
}

#[pymethods]
impl Puzzle {
    /// A puzzle from its text (one line per row, top row first, one region name per
    /// square) or its rows as a list of strings; `stars` per row, column and region.
    #[new]
    #[pyo3(signature = (text_or_rows, *, stars = None))]
    fn py_new(
        py: Python<'_>,
        text_or_rows: &Bound<'_, PyAny>,
        stars: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let text = args::lines_text(
            py,
            text_or_rows,
            "puzzle",
            "['aabb', 'aabb', 'ccdd', 'ccdd']",
            &queens::text::Limit::puzzle(),
        )?;
        let k = match stars {
            Some(s) if !s.is_none() => args::whole(py, s, "stars", "1 or 2", 1 << 32)? as u32,
            _ => 1,
        };
        let puzzle = LibPuzzle::parse(&text, k).map_err(|e| errors::to_py(py, e))?;
        Ok(Puzzle {
            puzzle,
            drawn: None,
        })
    }

    /// A puzzle read from a screenshot: `source` is a path (`str` or `os.PathLike`),
    /// the bytes of a PNG, JPEG, WebP, GIF or BMP file, a PIL image, or a NumPy array of
    /// `uint8` (height x width x 3 or 4). `size` and `stars` settle what the picture
    /// cannot show; the queens and crosses drawn on it are the position `hint()` starts
    /// from (`placed` and `crossed`). A reading that is unsure raises `InputError` with
    /// the reason; a puzzle read without a single solution warns (`UserWarning`).
    #[classmethod]
    #[pyo3(signature = (source, *, size = None, stars = None))]
    fn from_image(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
        stars: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let whole = |v: Option<&Bound<'_, PyAny>>, name: &str, example: &str| match v {
            Some(v) if !v.is_none() => args::whole(py, v, name, example, 1 << 16).map(Some),
            _ => Ok(None),
        };
        let options = picture::Options {
            size: whole(size, "size", "9")?.map(|n| n as usize),
            stars: whole(stars, "stars", "1 or 2")?.map(|n| n as u32),
        };
        let reading = match image_pixels(py, source)? {
            Pixels::File(bytes) => py.detach(|| picture::read_file(&bytes, &options)),
            Pixels::Rgba(w, h, rgba) => py.detach(|| picture::read(w, h, &rgba, &options)),
        }
        .map_err(|e| errors::to_py(py, e))?;
        for w in &reading.warnings {
            PyErr::warn(
                py,
                &py.get_type::<pyo3::exceptions::PyUserWarning>(),
                &std::ffi::CString::new(w.as_str()).unwrap_or_default(),
                1,
            )?;
        }
        Ok(Puzzle {
            puzzle: reading.puzzle,
            drawn: Some(reading.position),
        })
    }

    /// The squares with a queen (star) drawn on the picture the puzzle was read from
    /// (`a1` first, file by file along each rank); empty for a puzzle read from text.
    #[getter]
    fn placed(&self) -> Vec<String> {
        self.drawn_squares(Mark::Star)
    }

    /// The squares crossed on the picture the puzzle was read from; empty for a
    /// puzzle read from text.
    #[getter]
    fn crossed(&self) -> Vec<String> {
        self.drawn_squares(Mark::Cross)
    }

    /// The side `n`.
    #[getter]
    fn size(&self) -> usize {
        self.puzzle.side()
    }

    /// Stars per row, column and region.
    #[getter]
    fn stars(&self) -> usize {
        self.puzzle.stars()
    }

    /// The rows, top row first, one region name per square.
    #[getter]
    fn rows(&self) -> Vec<String> {
        self.puzzle.picture().lines().map(str::to_string).collect()
    }

    /// One solution (the first found), or `None` when there is none.
    #[pyo3(signature = (*, budget = None))]
    fn solve(
        &self,
        py: Python<'_>,
        budget: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<Placement>> {
        let found = self.settings_run(py, budget, true, |p, s| {
            p.solutions(&State::new(p), 1, 1, s)
        })?;
        Ok(found
            .solutions
            .first()
            .map(|sol| placement(&self.puzzle, sol)))
    }

    /// The exact number of solutions.
    #[pyo3(signature = (*, budget = None))]
    fn count(&self, py: Python<'_>, budget: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let found = self.settings_run(py, budget, true, |p, s| {
            p.solutions(&State::new(p), u128::MAX, 0, s)
        })?;
        to_int(py, found.count.into())
    }

    /// Whether the puzzle has exactly one solution.
    #[pyo3(signature = (*, budget = None))]
    fn is_unique(&self, py: Python<'_>, budget: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let found = self.settings_run(py, budget, true, |p, s| {
            p.solutions(&State::new(p), 2, 0, s)
        })?;
        Ok(found.count == 1)
    }

    /// The next step a person can take from the position with stars on `placed` and
    /// crosses on `crossed` (squares such as `["e5"]` or `"e5,c4"`): the easiest rule
    /// that applies. When none is left to take, a step with the rule `solved`,
    /// `contradiction` (and why) or `stuck`.
    #[pyo3(signature = (placed = None, crossed = None, *, budget = None))]
    fn hint(
        &self,
        py: Python<'_>,
        placed: Option<Squares<PlacedName>>,
        crossed: Option<Squares<CrossedName>>,
        budget: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Step> {
        // A puzzle read from a picture starts from what was drawn on it, as
        // `queens puzzle hint screenshot.png` does, unless a position is given.
        let state = match (&self.drawn, &placed, &crossed) {
            (Some(drawn), None, None) => drawn.clone(),
            _ => self.position(py, placed.as_ref(), crossed.as_ref())?,
        };
        self.settings_run(py, budget, true, move |p, settings| {
            Ok(Step::of_hint(&hint(p, &state, settings)?))
        })
    }

    /// The whole solution as a chain of steps, each the easiest rule that applies. When
    /// the chain does not end solved, its last step says how it ended (`stuck` or
    /// `contradiction`).
    fn explain(&self, py: Python<'_>) -> PyResult<Vec<Step>> {
        self.settings_run(py, None, false, |p, settings| {
            // Stops on Ctrl-C between steps (a big puzzle's chain runs for seconds).
            let e = explain_cancellable(p, &State::new(p), Level::Expert, settings)?;
            let mut steps: Vec<Step> = e.steps.iter().map(Step::of).collect();
            if e.end != End::Solved {
                steps.push(Step::end(e.end.kind(), e.end.why(p.stars())));
            }
            Ok(steps)
        })
    }

    /// The grade: `easy`, `medium`, `hard` or `expert`, the easiest level of rules that
    /// solves it (the first word of `queens puzzle rate`). A puzzle without exactly one
    /// solution has none (an `InputError`).
    #[getter]
    fn rating(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.rate(py)?.0)
    }

    /// The command line's `queens puzzle rate` line: the grade, the steps by level,
    /// the hardest rule.
    #[getter]
    fn rating_details(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.rate(py)?.1)
    }

    /// A new puzzle of side `n` with exactly one solution, `stars` per row, column and
    /// region, of grade `difficulty` (a level's name; `None`, the default, for any);
    /// the same `seed` gives the same puzzle. The defaults are the library's, those of
    /// `queens puzzle gen`: one star, any grade, seed 0. `budget` is a time limit in
    /// seconds.
    #[classmethod]
    #[pyo3(signature = (n, *, stars = None, difficulty = None, seed = None, budget = None, style = None))]
    #[allow(clippy::too_many_arguments)]
    fn generate(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        stars: Option<&Bound<'_, PyAny>>,
        difficulty: Option<Difficulty>,
        seed: Option<&Bound<'_, PyAny>>,
        budget: Option<&Bound<'_, PyAny>>,
        style: Option<StyleArg>,
    ) -> PyResult<Puzzle> {
        let n = args::whole(py, n, "size", "9", 1 << 32)? as usize;
        // The library's defaults, then the arguments given.
        let mut req = Request::new(n);
        if let Some(s) = stars.filter(|s| !s.is_none()) {
            req.stars = args::whole(py, s, "stars", "1 or 2", 1 << 32)? as u32;
        }
        if let Some(Difficulty(d)) = difficulty {
            req.difficulty = d;
        }
        if let Some(StyleArg(Some(s))) = style {
            req.style = s;
        }
        if let Some(s) = seed.filter(|s| !s.is_none()) {
            req.seed = args::whole(py, s, "seed", "7", 1 << 64)?;
        }
        let time_budget = args::budget(py, budget)?;
        let made = blocking::run(py, Mode::Worker, move |cancel| {
            let settings = Settings {
                time_budget,
                cancel: Some(cancel),
                ..Settings::default()
            };
            generate(&req, &settings)
        })?;
        match made {
            // Read back from its text, as the command line's `gen > FILE` then `hint
            // FILE` does: regions numbered in the order the text names them, so that a
            // hint or explanation is the one the command line gives on that file.
            Some(m) => {
                let puzzle = LibPuzzle::parse(&m.puzzle.picture(), req.stars)
                    .map_err(|e| errors::to_py(py, e))?;
                Ok(Puzzle {
                    puzzle,
                    drawn: None,
                })
            }
            None => Err(errors::input(py, req.why_none())),
        }
    }

    /// The text format, one line per row, top row first (what `queens puzzle` reads).
    fn __str__(&self) -> String {
        self.puzzle.picture()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let stars = if self.puzzle.stars() == 1 {
            String::new()
        } else {
            format!(", stars={}", self.puzzle.stars())
        };
        let rows = pyo3::types::PyList::new(py, self.rows())?;
        Ok(format!("Puzzle({}{stars})", rows.repr()?))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Puzzle>().is_ok_and(|o| {
            o.get().puzzle.picture() == self.puzzle.picture()
                && o.get().puzzle.stars() == self.puzzle.stars()
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.puzzle.picture(), self.puzzle.stars()).hash(&mut h);
        h.finish()
    }

    /// The puzzle drawn with its regions in colour (for Jupyter): the library's
    /// drawing, as `queens puzzle solve --format svg` and the page draw it.
    fn _repr_svg_(&self) -> String {
        queens::render::puzzle::puzzle_svg(&self.puzzle, None, Theme::Pastel)
    }

    /// [`Puzzle::_repr_svg_`] in a `<div>` (for Jupyter front ends that prefer HTML).
    fn _repr_html_(&self) -> String {
        format!("<div class=\"queens-puzzle\">{}</div>", self._repr_svg_())
    }

    /// The puzzle drawn with `placement`'s stars (a solution) on its regions, as SVG;
    /// a star off the puzzle's board is refused with its square named.
    #[pyo3(signature = (placement = None))]
    fn svg(&self, py: Python<'_>, placement: Option<&Placement>) -> PyResult<String> {
        let stars: Vec<queens::Square> = placement
            .map(|p| p.to_library().pieces().iter().map(|q| q.square).collect())
            .unwrap_or_default();
        let shown = State::with(&self.puzzle, &stars, &[]).map_err(|e| errors::to_py(py, e))?;
        Ok(queens::render::puzzle::puzzle_svg(
            &self.puzzle,
            Some(&shown),
            Theme::Pastel,
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, usize))> {
        let py = slf.py();
        let rebuild = py.import("queens._queens")?.getattr("_rebuild_puzzle")?;
        let p = &slf.get().puzzle;
        Ok((rebuild, (p.picture(), p.stars())))
    }
}

impl Puzzle {
    /// The grade and the command line's `rate` line.
    fn rate(&self, py: Python<'_>) -> PyResult<(String, String)> {
        let out = self.settings_run(py, None, false, |p, s| {
            let found = p.solutions(&State::new(p), 2, 0, s)?;
            if found.count != 1 {
                return Ok(Err(found.count));
            }
            let r = queens::puzzle::rate::rate(p);
            Ok(Ok((r.grade.name().to_string(), r.to_string())))
        })?;
        out.map_err(|count| {
            errors::input(
                py,
                format!(
                    "the puzzle has {}, so it has no grade",
                    if count == 0 {
                        "no solution"
                    } else {
                        "more than one solution"
                    }
                ),
            )
        })
    }
}

/// A pickled puzzle rebuilt from its text and stars.
#[pyfunction]
pub fn _rebuild_puzzle(py: Python<'_>, text: &str, stars: u32) -> PyResult<Puzzle> {
    let puzzle = LibPuzzle::parse(text, stars).map_err(|e| errors::to_py(py, e))?;
    Ok(Puzzle {
        puzzle,
        drawn: None,
    })
}

/// A picture as given to `Puzzle.from_image`: a file's bytes, or pixels.
enum Pixels {
    File(Vec<u8>),
    Rgba(usize, usize, Vec<u8>),
}

/// The pixels of `source`: a path's or bytes' file (read up to the most a picture file
/// may take), a PIL image (converted to RGBA), or a NumPy array of `uint8`, height x
/// width x 3 (RGB) or 4 (RGBA).
fn image_pixels(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Pixels> {
    use pyo3::types::{PyByteArray, PyBytes};
    let too_long = |what: &str| {
        errors::input(
            py,
            format!(
                "{what} is longer than {} MB, the most a picture can take",
                picture::MAX_FILE_BYTES >> 20
            ),
        )
    };
    if let Ok(b) = source.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        if bytes.len() as u64 > picture::MAX_FILE_BYTES {
            return Err(too_long("the picture"));
        }
        return Ok(Pixels::File(bytes.to_vec()));
    }
    if let Ok(b) = source.cast::<PyByteArray>() {
        let bytes = b.to_vec();
        if bytes.len() as u64 > picture::MAX_FILE_BYTES {
            return Err(too_long("the picture"));
        }
        return Ok(Pixels::File(bytes));
    }
    let os = py.import("os")?;
    if source.is_instance_of::<pyo3::types::PyString>()
        || source.is_instance(&os.getattr("PathLike")?)?
    {
        let path: std::path::PathBuf = os.getattr("fspath")?.call1((source,))?.extract()?;
        let named = format!("the picture '{}'", path.display());
        let file = std::fs::File::open(&path)
            .map_err(|e| errors::input(py, format!("cannot open {named}: {e}")))?;
        let mut bytes = Vec::new();
        use std::io::Read;
        file.take(picture::MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| errors::input(py, format!("cannot read {named}: {e}")))?;
        if bytes.len() as u64 > picture::MAX_FILE_BYTES {
            return Err(too_long(&named));
        }
        return Ok(Pixels::File(bytes));
    }
    // A PIL image: its RGBA bytes and size.
    if source.hasattr("convert")? && source.hasattr("tobytes")? && source.hasattr("size")? {
        let rgba = source.call_method1("convert", ("RGBA",))?;
        let (w, h): (usize, usize) = rgba.getattr("size")?.extract()?;
        let bytes: Vec<u8> = rgba.call_method0("tobytes")?.extract()?;
        return Ok(Pixels::Rgba(w, h, bytes));
    }
    // A NumPy array: height x width x 3 or 4 bytes.
    if source.hasattr("shape")? && source.hasattr("dtype")? && source.hasattr("tobytes")? {
        let shape: Vec<usize> = source.getattr("shape")?.extract()?;
        let dtype: String = source.getattr("dtype")?.str()?.extract()?;
        let (h, w, c) = match shape[..] {
            [h, w, c] if (c == 3 || c == 4) && dtype == "uint8" => (h, w, c),
            _ => {
                return Err(errors::input(
                    py,
                    format!(
                        "bad picture: an array of shape {shape:?} and dtype {dtype}; give uint8 pixels, height x width x 3 (RGB) or 4 (RGBA)"
                    ),
                ));
            }
        };
        if w > picture::MAX_PIXELS_SIDE
            || h > picture::MAX_PIXELS_SIDE
            || w * h > picture::MAX_PIXELS
        {
            // The reader's own sentence, before copying the pixels.
            return picture::read(w, h, &[], &picture::Options::default())
                .map(|_| unreachable!("too large a picture is refused"))
                .map_err(|e| errors::to_py(py, e));
        }
        // `tobytes()` gives the pixels in row-major order whatever the array's layout.
        let raw: Vec<u8> = source.call_method0("tobytes")?.extract()?;
        if raw.len() != w * h * c {
            return Err(errors::input(
                py,
                format!(
                    "bad picture: an array of shape {shape:?} gave {} bytes, not {}",
                    raw.len(),
                    w * h * c
                ),
            ));
        }
        let rgba = if c == 4 {
            raw
        } else {
            raw.chunks_exact(3)
                .flat_map(|p| [p[0], p[1], p[2], 255])
                .collect()
        };
        return Ok(Pixels::Rgba(w, h, rgba));
    }
    Err(errors::input(
        py,
        format!(
            "bad picture {}: give a path, the bytes of a PNG, JPEG, WebP, GIF or BMP file, a PIL image or a NumPy array",
            args::repr(source)
        ),
    ))
}
