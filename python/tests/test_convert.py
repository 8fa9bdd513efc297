"""Argument forms read by the native module (python/src/args/forms.rs, issue 27): every
form of a board, pieces, placement, definitions and squares gives the same problem as
its text form, and a bad one is an InputError naming the argument (no PyO3 TypeError,
no note under the message)."""

from __future__ import annotations

import types
from collections import OrderedDict
from typing import Any, Iterator, Mapping

import pytest

import queens


class Index:
    """An int-like object (as numpy's ints are): only __index__."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __index__(self) -> int:
        return self.n


class Counts(Mapping[str, int]):
    """A Mapping that is not a dict."""

    def __init__(self, **kw: int) -> None:
        self._d = dict(kw)

    def __getitem__(self, k: str) -> int:
        return self._d[k]

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)


SAME = [
    # (typed form, text form) of one keyword, or of the board
    (dict(board=(5, 7)), dict(board="5x7")),
    (dict(board=6), dict(board="6")),
    (dict(board=6, pieces={"N": 2, "B": 1}), dict(board=6, pieces="2N,B")),
    (dict(board=6, pieces=OrderedDict([("B", 1), ("N", 2)])), dict(board=6, pieces="2N,B")),
    (dict(board=6, pieces=Counts(N=2, B=1)), dict(board=6, pieces="2N,B")),
    (dict(board=6, pieces={"N": 0, "Q": 2}), dict(board=6, pieces="0N,2Q")),
    (dict(board=8, fixed=[1, 5, 0, 0]), dict(board=8, fixed="[1,5,0,0]")),
    (dict(board=8, fixed=(Index(1), Index(5))), dict(board=8, fixed="Qa1,Qb5")),
    (dict(board=8, fixed=[["Q", "a1"], ("Q", "b5")]), dict(board=8, fixed="Qa1,Qb5")),
    (dict(board=8, fixed=iter([("Q", "a1")])), dict(board=8, fixed="Qa1")),
    (dict(board=6, pieces="3C", define=["C=RN"]), dict(board=6, pieces="3C", define={"C": "RN"})),
    (dict(board=6, pieces="3C", define="C=RN"), dict(board=6, pieces="3C", define={"C": "RN"})),
    (dict(board=8, holes=("d4", "e5")), dict(board=8, holes="d4,e5")),
    (dict(board=8, holes=(s for s in ["d4", "e5"])), dict(board=8, holes="d4 e5")),
    (dict(board=8, blockers={"c3"}), dict(board=8, blockers="c3")),
    (dict(board=8, torus=1), dict(board=8, torus=True)),
]


@pytest.mark.parametrize("typed,text", SAME, ids=range(len(SAME)))
def test_forms_give_the_same_problem(typed: Any, text: Any) -> None:
    a, b = queens.Problem(**typed), queens.Problem(**text)
    assert repr(a) == repr(b)
    assert a.count() == b.count()


def test_a_placement_is_used_as_it_is() -> None:
    p = queens.solve(30)
    assert p is not None
    assert queens.Placement(p) == p
    assert queens.count(30, fixed=p) == 1
    assert queens.verify(30, p).valid
    assert queens.verify(8, [Index(r) for r in [1, 5, 8, 6, 3, 7, 2, 4]]).valid
    assert queens.Placement([("N", "c3"), ["Q", "a1"]], (3, 4)).coords() == "Nc3 Qa1"
    assert queens.Placement([1, 3], (4, 2)).coords() == "Qa1 Qb3"


def test_settings_take_ints_and_int_likes() -> None:
    assert queens.count(8, threads=Index(1)) == 92
    assert queens.solve(8, random=True, seed=Index(3)) is not None
    assert len(list(queens.solutions(8, limit=Index(3)))) == 3
    assert queens.count(8, unique=1) == 12


BAD = [
    (lambda: queens.count(8.0), "bad board 8.0: give a size such as 8, '5x7' or (5, 7)"),
    (lambda: queens.count([5, 7]), "bad board [5, 7]: give a size such as 8, '5x7' or (5, 7)"),
    (lambda: queens.count((5, -7)), "bad board '5x-7': a side cannot be negative"),
    (lambda: queens.count((2**70, 1)), "bad board '1180591620717411303424x1': a side is too large to be a number"),
    (lambda: queens.count((5, 0)), "bad board '5x0': a side must be at least 1"),
    (lambda: queens.count(8, ["Q"]), "bad pieces ['Q']: give a spec such as '2N,B' or a dict such as {'N': 2, 'B': 1}"),
    (lambda: queens.count(8, {"Q": 1.5}), "bad pieces entry 'Q': 1.5: give a piece letter and a count such as 'N': 2"),
    (lambda: queens.count(8, {"Q": -1}), "bad pieces entry 'Q': -1: a count cannot be negative"),
    (lambda: queens.count(8, {"Q": 2**40}), "bad pieces entry 'Q': 1099511627776: the count is too large"),
    (lambda: queens.count(8, {"QQ": 2}), "bad pieces entry 'QQ': 2: a kind is one capital piece letter such as 'N'"),
    (lambda: queens.count(8, {"Z": 2}), "unknown piece 'Z': the known pieces are K, N, B, R, Q, A"),
    (lambda: queens.count(8, {}), None),
    (lambda: queens.count(8, fixed=[1, "a2"]), "bad fixed item 1: give (kind, square) pairs such as ('Q', 'a1'), or a rank list of ints"),
    (lambda: queens.count(8, fixed=[("Q", "a1", "x")]), None),
    (lambda: queens.count(8, fixed=[("QQ", "a1")]), "bad placement token 'QQa1': a token is a piece letter and a square, such as Qa1"),
    (lambda: queens.count(8, fixed=[("Q", "a1,b2")]), None),
    (lambda: queens.count(8, fixed=[-1]), None),
    (lambda: queens.count(8, fixed=[2**70]), "bad placement token '9223372036854775807': the rank is too large"),
    (lambda: queens.count(8, fixed=5), "bad fixed 5: give 'Qa1,Nc3', a list of (kind, square) pairs or a rank list"),
    (lambda: queens.verify(8, 5), "bad placement 5: give 'Qa1,Nc3', a list of (kind, square) pairs or a rank list"),
    (lambda: queens.count(8, define=[1]), "bad define [1]: give a dict such as {'C': 'RN'}"),
    (lambda: queens.count(8, define={"C": 1}), "bad define entry 'C': 1: give a letter and a Betza string such as 'C': 'RN'"),
    (lambda: queens.count(8, blockers=5), "bad blockers 5: give squares such as ['a1', 'c3'] or 'a1,c3'"),
    (lambda: queens.count(8, blockers=["a1", "0z"]), "bad blockers square '0z': write squares like a1 or c3"),
    (lambda: queens.count(8, holes=["i1"]), "holes square i1 is off the 8x8 board"),
    (lambda: queens.count(8, torus=None), "bad torus None: give True or False"),
    (lambda: queens.count(8, threads="2"), "bad threads '2': give a whole number such as 4 (0 uses every core)"),
    (lambda: queens.count(8, engine=3), "bad engine 3: give an engine name such as 'auto' (see queens.engines())"),
    (lambda: queens.count(8, budget="1"), "bad budget '1': give a number of seconds such as 2.5"),
    (lambda: queens.solve(8, random=True, seed=1.0), "bad seed 1.0: give a whole number such as 7"),
    (lambda: queens.verify(8, "Qa1", partial="yes"), "bad partial 'yes': give True or False"),
    (lambda: queens.max_pieces(8, None), "bad piece kind None: give one piece letter such as 'Q' or 'N'"),
    (lambda: queens.cover((8, 8), "Q", total=[]), "bad total []: give True or False"),
    (lambda: queens.completion_instance("x"), "bad board 'x': expected a size such as 8 or 5x7"),
    (lambda: queens.Placement("Qa1", board=None, define=5), "bad define 5: give a dict such as {'C': 'RN'}"),
    (lambda: queens.Puzzle(["aabb", "aabb", "ccdd", "ccdd"]).hint(placed=[1]), "bad placed item 1: give a square name such as 'a1'"),
    (lambda: queens.Puzzle(["aabb", "aabb", "ccdd", "ccdd"]).hint(crossed=["a1", "a1"]), "crossed lists square a1 twice"),
]


@pytest.mark.parametrize("call,sentence", BAD, ids=range(len(BAD)))
def test_bad_forms_are_input_errors_naming_the_argument(call: Any, sentence: Any) -> None:
    with pytest.raises(queens.InputError) as info:
        call()
    e = info.value
    assert type(e) is queens.InputError
    if sentence is not None:
        assert str(e) == sentence
    # The sentence names the argument: PyO3's "while processing" note is left out.
    assert not getattr(e, "__notes__", None)


def test_other_notes_are_kept() -> None:
    e = queens.InputError("x")
    if hasattr(e, "add_note"):
        e.add_note("mine")
        assert e.__notes__ == ["mine"]


def test_no_conversion_through_text_in_the_package() -> None:
    """The Python half passes arguments through; only the native module reads them."""
    for name in ("_board", "_pieces", "_placement", "_define", "_fixed", "_flag", "_budget"):
        assert not hasattr(queens, name), name
    assert isinstance(queens.count, types.FunctionType)
