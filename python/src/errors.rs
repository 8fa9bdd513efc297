//! The library's errors as Python exceptions.
//!
//! The exception classes live in `queens/_errors.py`, because the ones that mean "bad
//! input" must also be `ValueError`s and the ones that mean "the budget ran out" also
//! `TimeoutError`s, and a class with two bases is plain to write in Python. The message is
//! always the library's sentence, the one the command line prints.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use queens::Error;
use queens::request::{Field, RequestError};

/// The exception class (in `queens._errors`) that `e` is raised as.
fn class_of(e: &Error) -> &'static str {
    match e {
        Error::Budget { .. } | Error::CoverBudget { .. } => "BudgetError",
        Error::GaveUp { .. } => "GaveUpError",
        Error::Internal(_) | Error::Overflow(_) => "InternalError",
        Error::Interrupted => "QueensError",
        Error::Io { .. } | Error::Checkpoint { .. } => "QueensError",
        // Everything else names a bad input: a board, a spec, a square, an engine that
        // does not take the problem, a setting out of range.
        _ => "InputError",
    }
}

/// A Python exception of class `class` (from `queens._errors`) with `message`.
pub fn raise(py: Python<'_>, class: &str, message: String) -> PyErr {
    match py.import("queens._errors").and_then(|m| m.getattr(class)) {
        Ok(ty) => PyErr::from_type(ty.cast_into().expect("an exception class"), message),
        // Only when the package is broken: still an exception, never a crash.
        Err(e) => PyRuntimeError::new_err(format!("{message} (and queens._errors: {e})")),
    }
}

/// `e` as the Python exception a user catches.
pub fn to_py(py: Python<'_>, e: Error) -> PyErr {
    raise(py, class_of(&e), e.to_string())
}

/// How Python names a request's field: its keyword (`holes`, `per_region`, `define`).
pub fn spelling(field: Field) -> String {
    match field {
        Field::Piece => "define".into(),
        f => f.name().into(),
    }
}

/// A request's refused field as the exception a user catches, the field named by its
/// keyword.
pub fn request(py: Python<'_>, e: RequestError) -> PyErr {
    to_py(py, e.into_error(&spelling))
}

/// A bad argument found on the Rust side, as an `InputError`.
pub fn input(py: Python<'_>, message: impl Into<String>) -> PyErr {
    raise(py, "InputError", message.into())
}

/// A Rust panic caught at the boundary, as an `InternalError`: a bug, reported, never
/// a crash of the interpreter.
pub fn panic(py: Python<'_>, payload: Box<dyn std::any::Any + Send>) -> PyErr {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into());
    raise(
        py,
        "InternalError",
        format!("internal error: the Rust core panicked: {what}"),
    )
}
