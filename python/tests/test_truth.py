"""The published counts of testdata/ (see testdata/TRUTH_README.md) through Python.

`known_counts.tsv` rows go to `queens.count()`, `known_counts_symmetry.tsv` rows to
`queens.count(unique=True)`. Which rows run is decided by the data alone, never by a
hand-kept list: a row runs when its board has at most MAX_SQUARES squares and it has at
most MAX_SOLUTIONS solutions (a symmetry row stands for up to 8 solutions each), the
size a backtracking engine lists in well under a second; the other rows show up as
skipped, with the reason. Each selected row runs under a time budget as a safety net:
running out of it fails the row (the rule says the row is quick).
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

import queens

TESTDATA = Path(__file__).resolve().parents[2] / "testdata"
MAX_SQUARES = 400
MAX_SOLUTIONS = 2 * 10**7
BUDGET = 10.0  # seconds per row; the selected rows take well under one


def read(name):
    with open(TESTDATA / name, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def parse_pieces(text):
    """`N1B1R1Q1A1` -> {"N": 1, "B": 1, "R": 1, "Q": 1, "A": 1} (order kept)."""
    items = re.findall(r"([A-Z])(\d+)", text)
    assert "".join(k + n for k, n in items) == text, f"cannot read pieces {text!r}"
    return {k: int(n) for k, n in items}


def params(name, count_column, per_row):
    out = []
    for i, row in enumerate(read(name), start=2):
        rows, cols = int(row["rows"]), int(row["cols"])
        want = int(row[count_column])
        pieces = parse_pieces(row["pieces"])
        rid = f"L{i}-{rows}x{cols}-{row['pieces']}"
        marks = []
        if rows * cols > MAX_SQUARES:
            marks.append(pytest.mark.skip(reason=f"board of {rows * cols} squares > {MAX_SQUARES}"))
        elif want * per_row > MAX_SOLUTIONS:
            marks.append(pytest.mark.skip(reason=f"about {want * per_row:.1e} solutions > {MAX_SOLUTIONS:.0e}"))
        out.append(pytest.param(rows, cols, pieces, want, row["source"], id=rid, marks=marks))
    return out


TOTAL = params("known_counts.tsv", "count", 1)
SYMMETRY = params("known_counts_symmetry.tsv", "count_up_to_symmetry", 8)


def spec_text(pieces):
    return ",".join(f"{n}{k}" for k, n in pieces.items())


def test_tables_are_read_and_mostly_selected():
    """Guards the data-driven rule: the files parse and most rows do run."""
    assert len(TOTAL) > 200 and len(SYMMETRY) > 50
    for table in (TOTAL, SYMMETRY):
        run = [p for p in table if not p.marks]
        assert len(run) >= 0.6 * len(table), "the selection rule skips most of the table"


@pytest.mark.parametrize("rows,cols,pieces,want,source", TOTAL)
def test_known_count(rows, cols, pieces, want, source):
    # Pieces as a dict here, as a spec text for the symmetry table.
    try:
        got = queens.count((rows, cols), pieces, budget=BUDGET)
    except queens.BudgetError:
        pytest.fail(f"{rows}x{cols} {pieces} ran out of a {BUDGET} s budget")
    assert type(got) is int
    assert got == want, source


@pytest.mark.parametrize("rows,cols,pieces,want,source", SYMMETRY)
def test_known_count_up_to_symmetry(rows, cols, pieces, want, source):
    board = rows if rows == cols else f"{rows}x{cols}"
    try:
        got = queens.count(board, spec_text(pieces), unique=True, budget=BUDGET)
    except queens.BudgetError:
        pytest.fail(f"{rows}x{cols} {pieces} ran out of a {BUDGET} s budget")
    assert type(got) is int
    assert got == want, source
