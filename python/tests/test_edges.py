"""Edges (issue 37): `max_pieces` answers at once at every size by its closed forms, or
refuses by size with one sentence; more pieces than free squares is a problem without
solutions (a count of 0, no solution), not bad input; `engine_report` says what the
closed form of `max_pieces` gives."""

from __future__ import annotations

import time

import pytest

import queens


def timed(f):
    start = time.perf_counter()
    value = f()
    return value, time.perf_counter() - start


def test_max_pieces_knights_at_a_million_returns_at_once():
    # It walked the sizes for ever past a side of 92681.
    (most, ways), secs = timed(lambda: queens.max_pieces(10**6, "N"))
    assert (most, ways) == (10**12 // 2, 2)
    assert secs < 2.0
    assert queens.max_pieces(92682, "N") == (4294976562, 2)
    assert queens.max_pieces(10**9 - 1, "N") == ((10**18 - 2 * 10**9 + 2) // 2, 1)


def test_max_pieces_kings_at_a_million_answers_or_refuses_at_once():
    # Both sides even: no formula, past the kingblocks engine: one sentence, at once.
    start = time.perf_counter()
    with pytest.raises(queens.QueensError, match="the most kings on 1000000x1000000 are 250000000000"):
        queens.max_pieces(10**6, "K")
    assert time.perf_counter() - start < 2.0
    # Both sides odd: one way.
    (most, ways), secs = timed(lambda: queens.max_pieces(10**6 - 1, "K"))
    assert (most, ways) == ((10**6 // 2) ** 2, 1)
    assert secs < 2.0
    # One side odd, the other 2n: (n+1)^k ways, exact.
    assert queens.max_pieces((3, 10**5), "K") == (2 * 50000, 50001**2)


def test_max_pieces_rooks_and_bishops_are_exact_big_integers():
    most, ways = queens.max_pieces(1000, "R")
    assert most == 1000 and ways == __import__("math").factorial(1000)
    assert queens.max_pieces(1000, "B") == (1998, 2**1000)
    with pytest.raises(queens.QueensError, match="digits"):
        queens.max_pieces(10**6, "R")


def test_more_pieces_than_free_squares_count_0():
    # It raised "2 pieces do not fit on the 1 free squares of the 2x2 board".
    assert queens.count((2, 2), "2R", holes="a1,b1,a2") == 0
    assert queens.count(2, "5N") == 0
    assert queens.count(3, "10N", unique=True) == 0
    assert queens.solve(3, "10N") is None
    assert queens.solve((2, 2), "2Q", blockers="a1,b1,a2") is None
    assert list(queens.solutions(3, "10N")) == []
    assert queens.max_pieces(2, "K", pieces="5Q") == (0, 0)


def test_engine_report_has_the_closed_form_of_max_pieces():
    report = queens.engine_report(10**9, "N")
    last = report[-1]
    assert last.name == "queens max"
    (job,) = last.jobs
    assert job.accepted and job.why is None
    assert job.how == "500000000000000000 by ceil(rows*cols/2), in 2 ways"
    refused = queens.engine_report(100, "Q")[-1].jobs[0]
    assert not refused.accepted and "sides up to 64" in refused.why
    # Beside another piece no closed form applies: no entry.
    assert all(e.name != "queens max" for e in queens.engine_report(100, "Q,N"))
