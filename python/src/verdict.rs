//! `queens.Verdict`: the library's verdict on a placement ([`queens::verdict::Verdict`],
//! computed once) as a Python object. Its `str()` is the library's `Display`, the text
//! `queens verify` prints; `problems` are its faults' sentences; `conflicts` the attacking
//! pairs as `queens.Conflict` records.
//!
//! Placements are judged pair by pair ([`LibVerdict::judge`]), except queens given one
//! rank per file on a plain board with more than [`PAIRWISE`] files, judged line by line
//! in O(rows + cols) ([`LibVerdict::judge_ranks`]) with at most [`LISTED`] pairs listed.
//! Large pair-by-pair verdicts run on a worker thread, so that Ctrl-C and other Python
//! threads are not held up.

use pyo3::prelude::*;
use queens::perm::{Perm, fills_files};
use queens::verdict::{Expect, Listing, Verdict as LibVerdict};
use queens::{Board, Problem};

use crate::blocking::{self, Mode};

/// Rank lists longer than this are judged line by line.
pub const PAIRWISE: usize = 2000;

/// At most this many attacking pairs of a rank list are listed.
const LISTED: usize = 10_000;

/// The verdict on a placement: truthy when it is valid. `problems` lists every sentence
/// that makes it invalid (the conflicts, the terrain's faults, pieces other than asked
/// for, queens missing from a rank list, fixed pieces not in it); `conflicts` the
/// attacking pairs as `Conflict` records.
#[pyclass(module = "queens", frozen)]
pub struct Verdict {
    verdict: LibVerdict,
}

#[pymethods]
impl Verdict {
    /// Whether the placement is valid.
    #[getter]
    fn valid(&self) -> bool {
        self.verdict.is_valid()
    }

    fn __bool__(&self) -> bool {
        self.verdict.is_valid()
    }

    /// Every sentence that makes the placement invalid, in order.
    #[getter]
    fn problems(&self) -> Vec<String> {
        self.verdict.problems()
    }

    /// The attacking pairs listed (and pieces sharing a square), as `queens.Conflict`.
    #[getter]
    fn conflicts<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let class = py.import("queens")?.getattr("Conflict")?;
        self.verdict
            .conflicts()
            .map(|c| {
                class.call1((
                    (
                        c.first.kind.letter().to_string(),
                        c.first.square.to_string(),
                    ),
                    (
                        c.second.kind.letter().to_string(),
                        c.second.square.to_string(),
                    ),
                    c.first_attacks,
                    c.second_attacks,
                    c.to_string(),
                ))
            })
            .collect()
    }

    /// Every attacking pair, listed or not.
    #[getter]
    fn attacking_pairs(&self) -> u64 {
        self.verdict.attacking_pairs()
    }

    /// How many pieces the placement holds.
    #[getter]
    fn pieces(&self) -> u64 {
        self.verdict.pieces()
    }

    /// The board it was judged on, as `(rows, cols)`.
    #[getter]
    fn board(&self) -> (u32, u32) {
        let b = self.verdict.board();
        (b.rows(), b.cols())
    }

    /// The command line's `verify` text.
    fn __str__(&self) -> String {
        self.verdict.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        if self.verdict.is_valid() {
            return Ok("Verdict(valid=True)".into());
        }
        let problems = pyo3::types::PyList::new(py, self.verdict.problems())?;
        Ok(format!(
            "Verdict(valid=False, problems={})",
            problems.repr()?
        ))
    }
}

/// What a verdict for `problem` asks besides no attacks: its pieces and fixed pieces
/// when `check_spec`; a full rank list unless `partial`.
pub fn expect(problem: &Problem, check_spec: bool, rank_list: bool, partial: bool) -> Expect {
    Expect {
        pieces: check_spec.then(|| problem.pieces().to_vec()),
        fixed: if check_spec {
            problem.fixed().pieces().to_vec()
        } else {
            Vec::new()
        },
        rank_list,
        partial,
        partial_switch: "partial=True",
    }
}

/// The verdict on queens one rank per file, line by line.
pub fn judge_ranks(py: Python<'_>, perm: Perm, board: Board, expect: Expect) -> Verdict {
    let listing = Listing {
        limit: LISTED,
        every_pair_when_few: true,
    };
    let verdict = py.detach(move || LibVerdict::judge_ranks(&perm, board, &expect, listing));
    Verdict { verdict }
}

/// The verdict on `placement` for `problem`: line by line for many queens at most one
/// per file on a plain board, else pair by pair (on a worker when large).
pub fn judge(
    py: Python<'_>,
    problem: &Problem,
    placement: queens::Placement,
    expect: Expect,
) -> PyResult<Verdict> {
    let board = *problem.board();
    let queens_only = placement
        .pieces()
        .iter()
        // By letter: a built-in letter cannot be redefined, and comparing kinds would
        // build a queen per piece.
        .all(|p| p.kind.letter() == 'Q');
    if placement.len() > PAIRWISE
        && problem.terrain().is_plain()
        && queens_only
        && fills_files(&board, placement.len() as u64)
        && let Some(perm) = Perm::from_placement(&board, &placement)
    {
        return Ok(judge_ranks(py, perm, board, expect));
    }
    let mode = if placement.len() > PAIRWISE {
        Mode::Worker
    } else {
        Mode::Inline
    };
    let terrain = problem.terrain().clone();
    let verdict = blocking::run(py, mode, move |_| {
        LibVerdict::judge(&board, &terrain, &placement, &expect)
    })?;
    Ok(Verdict { verdict })
}
