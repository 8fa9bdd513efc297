//! Python arguments turned into the library's types, each refused with one sentence
//! naming the bad argument (an `InputError`), never a bare `TypeError` from PyO3.
//!
//! Squares come as one text (`"a1,c3"`, the command line's list) or as an iterable of
//! square names (`["a1", "c3"]`); either way the library's `Terrain::parse_squares`
//! reads them, so an off-board or repeated square gets the command line's sentence.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use queens::terrain::Terrain;
use queens::{Board, Square};

use crate::errors;

/// `obj` as a whole number below `below`, or the sentence `bad NAME OBJ: give a whole
/// number such as EXAMPLE`.
pub fn whole(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    name: &str,
    example: &str,
    below: u128,
) -> PyResult<u64> {
    let bad = || {
        errors::input(
            py,
            format!(
                "bad {name} {}: give a whole number such as {example}",
                repr(obj)
            ),
        )
    };
    if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
        return Err(bad());
    }
    let n: i128 = obj.extract().map_err(|_| {
        errors::input(
            py,
            format!("bad {name} {}: it must be below {below}", repr(obj)),
        )
    })?;
    if n < 0 {
        return Err(bad());
    }
    if n as u128 >= below {
        return Err(errors::input(
            py,
            format!("bad {name} {n}: it must be below {below}"),
        ));
    }
    Ok(n as u64)
}

/// Python's `repr` of `obj` (for messages).
pub fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "<unprintable>".into())
}

/// Squares on `board`, from `"a1,c3"` or `["a1", "c3"]`; `what` names the argument in
/// messages (`holes`, `placed`). `None` is no squares.
pub fn squares(
    py: Python<'_>,
    obj: Option<&Bound<'_, PyAny>>,
    board: &Board,
    what: &str,
) -> PyResult<Vec<Square>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(Vec::new());
    };
    let text = squares_text(py, obj, what)?;
    Terrain::parse_squares(&text, board, what).map_err(|e| errors::to_py(py, e))
}

/// The squares of `obj` as one comma-separated text, each item checked to be one
/// square name.
pub fn squares_text(py: Python<'_>, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_string());
    }
    let bad_arg = || {
        errors::input(
            py,
            format!(
                "bad {what} {}: give squares such as ['a1', 'c3'] or 'a1,c3'",
                repr(obj)
            ),
        )
    };
    let iter = obj.try_iter().map_err(|_| bad_arg())?;
    let mut names = Vec::new();
    for item in iter {
        let item = item?;
        let name = match item.cast::<PyString>() {
            Ok(s) => s.to_string(),
            Err(_) => {
                return Err(errors::input(
                    py,
                    format!(
                        "bad {what} item {}: give a square name such as 'a1'",
                        repr(&item)
                    ),
                ));
            }
        };
        if name.is_empty() || name.contains(|c: char| c == ',' || c.is_whitespace()) {
            return Err(errors::input(
                py,
                format!(
                    "bad {what} item {}: give one square name such as 'a1'",
                    repr(&item)
                ),
            ));
        }
        names.push(name);
    }
    Ok(names.join(","))
}

/// Text given as one string or as a list of lines (`regions=`, a puzzle): the lines
/// joined with newlines. `what` names the argument in messages.
pub fn lines_text(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    what: &str,
    example: &str,
) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_string());
    }
    let bad = || {
        errors::input(
            py,
            format!(
                "bad {what} {}: give the rows as a list of strings, top row first, such as {example}, or the text of a file",
                repr(obj)
            ),
        )
    };
    let iter = obj.try_iter().map_err(|_| bad())?;
    let mut rows = Vec::new();
    for item in iter {
        let item = item?;
        match item.cast::<PyString>() {
            Ok(s) => rows.push(s.to_string()),
            Err(_) => return Err(bad()),
        }
    }
    let mut text = rows.join("\n");
    text.push('\n');
    Ok(text)
}

/// Seconds as a time budget, or why they are not one.
pub fn budget(
    py: Python<'_>,
    secs: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<std::time::Duration>> {
    let Some(obj) = secs.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let bad = || {
        errors::input(
            py,
            format!(
                "bad budget {}: give a number of seconds such as 2.5",
                repr(obj)
            ),
        )
    };
    if obj.is_instance_of::<PyBool>() {
        return Err(bad());
    }
    let s: f64 = obj.extract().map_err(|_| bad())?;
    if s.is_nan() || s < 0.0 {
        return Err(bad());
    }
    Ok(Some(std::time::Duration::from_secs_f64(s.min(1e9))))
}
