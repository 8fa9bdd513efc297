//! Python's arguments, declared and read in one place: the readers of whole numbers,
//! time budgets and lines of text (here), the names arguments have in sentences
//! ([`names`]) and the argument forms PyO3 reads into the library's types ([`forms`]).
//! Each refuses a bad value with one sentence naming the argument (an `InputError`),
//! never a bare `TypeError` from PyO3.
//!
//! This module imports no other module of the bindings but [`crate::errors`]: the
//! values the bindings hand back (a placement, a puzzle) and the verbs are built on it,
//! never under it, so no module imports one that imports it back.

pub mod forms;
pub mod names;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};

use crate::errors;
use names::ArgName;

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
    let Some(int) = index_of(obj) else {
        return Err(bad());
    };
    let n: i128 = int.extract().map_err(|_| {
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

/// `obj` as a Python int (never a bool), taking `__index__` (numpy's ints) too; `None`
/// for anything else (floats, strings, sequences).
pub fn index_of<'py>(obj: &Bound<'py, PyAny>) -> Option<Bound<'py, PyInt>> {
    if obj.is_instance_of::<PyBool>() {
        return None;
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        return Some(i.clone());
    }
    if obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyTuple>()
        || obj.is_instance_of::<PyList>()
    {
        return None;
    }
    // SAFETY: `PyNumber_Index` takes any object and returns a new reference, or NULL
    // with an exception set, which `from_owned_ptr_or_err` turns into an `Err`.
    let index =
        unsafe { Bound::from_owned_ptr_or_err(obj.py(), pyo3::ffi::PyNumber_Index(obj.as_ptr())) };
    index.ok().and_then(|i| i.cast_into::<PyInt>().ok())
}

/// Python's `repr` of `obj` (for messages).
pub fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "<unprintable>".into())
}

/// Text given as one string or as a list of lines (`regions=`, a puzzle): the lines
/// joined with newlines, refused as soon as it is longer than `limit` (the limit of
/// the file the command line reads), before it is copied out of Python. `what` names
/// the argument in messages.
pub fn lines_text(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    what: &str,
    example: &str,
    limit: &queens::text::Limit,
) -> PyResult<String> {
    let named = format!("the {what} text");
    // Refused as soon as `n` (bytes, or characters: bytes are at least as many) passes
    // the limit.
    let past = |n: usize| {
        if n as u64 > limit.bytes {
            return Err(errors::to_py(
                py,
                queens::Error::TooLong {
                    what: named.clone(),
                    limit: limit.to_string(),
                    largest: limit.largest.clone(),
                },
            ));
        }
        Ok(())
    };
    if let Ok(s) = obj.cast::<PyString>() {
        past(s.len()?)?;
        let text = s.to_string_lossy();
        past(text.len())?;
        return Ok(text.into_owned());
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
    // The joined text's length so far, each row with its newline.
    let mut len = 0usize;
    for item in iter {
        let item = item?;
        match item.cast::<PyString>() {
            Ok(s) => {
                past(len + s.len()?)?;
                let row = s.to_string_lossy();
                len += row.len() + 1;
                past(len)?;
                rows.push(row.into_owned());
            }
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

/// A text, or the items of another iterable.
pub enum TextOrItems<'py> {
    /// A `str`, as it is.
    Text(String),
    /// Every item of an iterable that is not a `str`.
    Items(Vec<Bound<'py, PyAny>>),
}

/// Argument `N` as a text or the items of an iterable; anything else is refused as
/// `bad N ...: give FORMS`.
pub fn text_or_items<'py, N: ArgName>(
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
pub fn bad_item<N: ArgName>(item: &Bound<'_, PyAny>, give: &str) -> PyErr {
    errors::input(
        item.py(),
        format!("bad {} item {}: give {give}", N::NAME, repr(item)),
    )
}

/// The two items of a tuple or list of two.
pub fn two<'py>(item: &Bound<'py, PyAny>) -> Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    if let Ok(t) = item.cast::<PyTuple>() {
        return (t.len() == 2).then(|| Some((t.get_item(0).ok()?, t.get_item(1).ok()?)))?;
    }
    let l = item.cast::<PyList>().ok()?;
    (l.len() == 2).then(|| Some((l.get_item(0).ok()?, l.get_item(1).ok()?)))?
}
