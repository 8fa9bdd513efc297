"""The public API verb by verb: count, solve, solutions, verify, max_pieces, export,
engines, Problem, and the Placement and Verdict objects they return.

Covers the argument forms (boards 8 / "5x7" / (5, 7); pieces "2N,2B,R,Q" / dicts;
placements as coordinates, (kind, square) pairs or rank lists; define= fairy pieces),
exact big-int counts (at and beyond 2**64 and 2**128), a million queens solved fast and
kept compact, Placement as a hashable, ordered, picklable sequence with its drawings,
engines agreeing with each other, and the DIMACS export model-counted by a small #SAT
search written here. (The docstring and README examples are test_docs.py's.)
"""

from __future__ import annotations

import itertools
import json
import math
import os
import pickle
import time
import xml.etree.ElementTree as ET

import pytest

import queens

# --- count ---


def test_count_defaults_and_seeds():
    assert queens.count() == 92
    assert queens.count(8) == 92
    assert queens.count(8, unique=True) == 12
    assert queens.count("5x5", "N,B,R,Q,A") == 96
    assert queens.count((5, 5), {"N": 1, "B": 1, "R": 1, "Q": 1, "A": 1}) == 96


@pytest.mark.parametrize("board", [6, "6", "6x6", (6, 6)])
def test_board_forms_agree(board):
    assert queens.count(board) == 4
    assert queens.Problem(board).board == (6, 6)


def test_rectangular_board_is_rows_by_files():
    # 5 rows (ranks 1..5) x 7 files (a..g); default pieces: min(rows, cols) queens.
    assert queens.count("5x7") == queens.count((5, 7), "5Q") == 164
    assert queens.Problem("5x7").board == (5, 7)
    assert queens.Problem("5x7").pieces == "5Q"
    assert queens.verify("5x7", "Qg5")
    with pytest.raises(queens.InputError):
        queens.verify("5x7", "Qa6")
    with pytest.raises(queens.InputError):
        queens.verify("5x7", "Qh1")
    assert len(queens.solve("5x7").perm()) == 7


@pytest.mark.parametrize(
    "pieces",
    ["2N,2B,R,Q", "2N,2B,1R,1Q", "Q,R,2B,2N", {"N": 2, "B": 2, "R": 1, "Q": 1}, {"Q": 1, "R": 1, "B": 2, "N": 2}],
)
def test_pieces_forms_agree(pieces):
    assert queens.count(6, pieces) == 104416  # the command line's own example


@pytest.mark.parametrize(
    "fixed",
    ["Qa1,Qb5", "Qa1 Qb5", "Qb5, Qa1", [("Q", "a1"), ("Q", "b5")], [["Q", "b5"], ["Q", "a1"]], [1, 5, 0, 0, 0, 0, 0, 0], (1, 5)],
)
def test_fixed_forms_agree(fixed):
    assert queens.count(8, fixed=fixed) == 1
    assert queens.solve(8, fixed=fixed).perm() == [1, 5, 8, 6, 3, 7, 2, 4]


def test_counts_are_exact_python_ints():
    """Counts beyond 64 and 128 bits, computed fast by the structured engines."""
    cases = [
        ((64, 64), "126B", 2**64),  # max bishops: 2^n ways; exactly 2**64
        ((20, 20), "10K", 10754832937513676198),  # OEIS A220467, just under 2**64
        ((24, 24), "144K", 4963704194366362387891227),  # OEIS A018807, > 2**64
        ((60, 60), "30R", math.comb(60, 30) ** 2 * math.factorial(30)),  # > 2**128
        ((200, 200), "398B", 2**200),
        ((25, 40), "22R", 293110842591276089153008435200000000),
    ]
    for board, spec, want in cases:
        t = time.monotonic()
        got = queens.count(board, spec)
        assert time.monotonic() - t < 5
        assert type(got) is int, type(got)
        assert got == want, (board, spec)
    assert cases[1][2] < 2**64 < cases[2][2] and cases[3][2] > 2**128


def test_small_counts_are_ints_too():
    for n in (queens.count(2), queens.count(1), queens.count(8, "0Q"), queens.count(8, unique=True)):
        assert type(n) is int
    assert queens.count(2) == 0 and queens.count(1) == 1 and queens.count(8, "0Q") == 1


def test_threads_do_not_change_counts():
    want = queens.count(12)
    assert want == 14200
    for t in (1, 2, 3):
        assert queens.count(12, threads=t) == want
        assert queens.count(13, threads=t) == 73712
        assert queens.count(6, "2N,2B,R,Q", threads=t) == 104416


def test_zero_pieces_and_trivial_boards():
    assert queens.count(8, "0Q") == 1
    assert list(queens.solutions(8, "0Q")) == [queens.solve(8, "0Q")]
    assert len(queens.solve(8, "0Q")) == 0
    assert queens.count("1x5") == 5
    assert queens.count(3, "9K") == 0


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_define_fairy_pieces(n):
    # n chancellors (rook + knight) on n x n: the permutations with no two entries a
    # knight's leap apart.
    want = sum(
        1
        for perm in itertools.permutations(range(n))
        if all(abs(perm[f] - perm[f + 1]) != 2 for f in range(n - 1))
        and all(abs(perm[f] - perm[f + 2]) != 1 for f in range(n - 2))
    )
    assert queens.count(n, f"{n}C", define={"C": "RN"}) == want
    assert queens.count(n, f"{n}C", define={"C": "chancellor"}) == want


def test_define_forms():
    # A define list of LETTER=BETZA strings is the same as a dict.
    assert queens.count(5, "2C,N", define=["C=RN"]) == queens.count(5, "2C,N", define={"C": "RN"})
    # "WW" is a rook rider, "FF" a bishop rider: the same counts as R and B.
    assert queens.count(5, "3X", define={"X": "WW"}) == queens.count(5, "3R")
    assert queens.count(5, "3X", define={"X": "FF"}) == queens.count(5, "3B")
    assert queens.count(5, "3X", define={"X": "WF"}) == queens.count(5, "3K")


# --- engines ---


ENGINE_PROBLEMS = [
    (8, None, None, None),
    (5, "2N,B,R,Q", None, None),
    ((5, 6), "5Q", None, None),
    ((5, 5), "N,B,R,Q,A", "Qa1", None),
    (6, "6R", None, None),
    (5, "4B", None, None),
    ((4, 6), "6K", None, None),
    (5, "5N", None, None),
    (10, "10A", None, None),
    (5, "3C", None, {"C": "RN"}),
]


def test_engines_list():
    names = queens.engines()
    assert names[0] == "auto"
    assert len(names) == len(set(names)) > 3
    assert all(isinstance(n, str) and n for n in names)


@pytest.mark.parametrize("board,pieces,fixed,define", ENGINE_PROBLEMS)
def test_engines_agree_on_counts(board, pieces, fixed, define):
    want = queens.count(board, pieces, fixed=fixed, define=define)
    took = []
    for engine in queens.engines():
        try:
            got = queens.count(board, pieces, fixed=fixed, define=define, engine=engine, budget=10)
        except queens.InputError:
            continue  # the engine does not take this problem: fine, it says so
        assert got == want, engine
        took.append(engine)
    assert len(took) >= 2, took  # auto and the engine it picks, at least


@pytest.mark.parametrize("board,pieces,fixed,define", ENGINE_PROBLEMS[:5])
def test_engines_agree_on_solutions(board, pieces, fixed, define):
    want = {frozenset(p) for p in queens.solutions(board, pieces, fixed=fixed, define=define)}
    took = 0
    for engine in queens.engines():
        try:
            it = queens.solutions(board, pieces, fixed=fixed, define=define, engine=engine)
        except queens.InputError:
            continue
        got = [frozenset(p) for p in it]
        assert len(got) == len(set(got)) and set(got) == want, engine
        took += 1
        try:
            one = queens.solve(board, pieces, fixed=fixed, define=define, engine=engine)
        except queens.InputError:
            continue
        assert (frozenset(one) in want) if want else one is None, engine
    assert took >= 2


# --- solve ---


@pytest.mark.parametrize("n", [1, 4, 5, 8, 10, 30, 64, 65, 100, 1000])
def test_solve_queens_is_valid(n):
    p = queens.solve(n)
    assert isinstance(p, queens.Placement)
    assert len(p) == n and p.board == (n, n)
    assert queens.verify(n, p)
    perm = p.perm()
    assert sorted(perm) == list(range(1, n + 1))
    assert len({r - f for f, r in enumerate(perm)}) == n == len({r + f for f, r in enumerate(perm)})


@pytest.mark.parametrize("n", [2, 3])
def test_solve_without_solution_is_none(n):
    assert queens.solve(n) is None
    assert queens.solve(8, "9Q") is None
    assert queens.solve(8, fixed="Qa1,Qb2") is None


def test_solve_mixed_pieces_respects_spec_and_fixed():
    p = queens.solve(6, "2N,2B,R,Q", fixed="Qa1,Nd2")
    assert p is not None
    assert ("Q", "a1") in p and ("N", "d2") in p
    assert sorted(k for k, _ in p) == sorted("NNBBRQ")
    assert queens.verify(6, p, pieces="2N,2B,R,Q")


def test_solve_random_is_valid_and_seeded():
    for n in (8, 50, 300):
        a = queens.solve(n, random=True, seed=7)
        b = queens.solve(n, random=True, seed=7)
        assert a == b and queens.verify(n, a)
    draws = {queens.solve(20, random=True, seed=s) for s in range(8)}
    assert len(draws) > 1, "different seeds always give the same solution"
    # random without a seed still gives a valid solution
    assert queens.verify(12, queens.solve(12, random=True))
    # fixed queens are kept
    p = queens.solve(8, fixed="Qa1", random=True, seed=3)
    assert ("Q", "a1") in p and queens.verify(8, p)


def test_solve_a_million_queens_fast_and_compact():
    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    have_proc = os.path.exists("/proc/self/statm")
    before = rss() if have_proc else 0
    t = time.monotonic()
    p = queens.solve(1_000_000)
    took = time.monotonic() - t
    grown = (rss() - before) if have_proc else 0
    assert took < 1.0, f"solve(1_000_000) took {took:.2f} s"
    # A compact placement: about 4 bytes a queen, not a million Python tuples (~130 MB).
    if have_proc:
        assert grown < 40e6, f"the placement grew the process by {grown / 1e6:.0f} MB"
    assert len(p) == 1_000_000
    assert len(repr(p)) < 100
    assert p._repr_svg_() is None
    perm = p.perm()
    assert len(perm) == 1_000_000
    assert len(set(perm)) == 1_000_000 and min(perm) == 1 and max(perm) == 1_000_000
    assert len({r - f for f, r in enumerate(perm)}) == 1_000_000
    assert len({r + f for f, r in enumerate(perm)}) == 1_000_000
    assert p[0] == ("Q", f"a{perm[0]}")
    assert p[-1][1].endswith(str(perm[-1]))
    # Wider than 64: printed as the rank list, as the command line's solve does.
    assert [int(x) for x in str(p).split()] == perm


def test_solve_wide_board_with_one_queen_stays_compact():
    """One queen on a 1 x 20,000,000 board: a placement of one piece, not a rank per
    file (80 MB)."""

    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    if not os.path.exists("/proc/self/statm"):
        pytest.skip("needs /proc")
    before = rss()
    t = time.monotonic()
    p = queens.solve("1x20000000")
    took = time.monotonic() - t
    grown = rss() - before
    assert len(p) == 1 and p[0] == ("Q", "a1") and queens.verify("1x20000000", p)
    assert grown < 40e6, f"one queen grew the process by {grown / 1e6:.0f} MB"
    assert took < 0.5, f"one queen took {took:.2f} s"


# --- Placement ---


def test_placement_is_a_sequence_of_pairs():
    p = queens.solve(8, fixed=[1, 5, 8, 0, 0, 0, 0, 0])
    pairs = [("Q", "a1"), ("Q", "b5"), ("Q", "c8"), ("Q", "d6"), ("Q", "e3"), ("Q", "f7"), ("Q", "g2"), ("Q", "h4")]
    assert list(p) == pairs
    assert tuple(p) == tuple(pairs)
    assert len(p) == 8
    assert p[0] == ("Q", "a1") and p[-1] == ("Q", "h4") and p[-8] == ("Q", "a1")
    assert list(p[2:4]) == pairs[2:4] and list(p[::-1]) == pairs[::-1] and list(p[100:]) == []
    assert ("Q", "c8") in p and ("Q", "c7") not in p
    assert all(type(k) is str and type(s) is str for k, s in p)
    with pytest.raises(IndexError):
        p[8]
    with pytest.raises(IndexError):
        p[-9]
    with pytest.raises(TypeError):
        p["a"]
    assert p.coords() == "Qa1 Qb5 Qc8 Qd6 Qe3 Qf7 Qg2 Qh4"
    assert p.perm() == [1, 5, 8, 6, 3, 7, 2, 4]


def test_placement_huge_index_is_an_index_error():
    """Like a list: an int index out of range is an IndexError whatever its size."""
    p = queens.solve(8)
    with pytest.raises(IndexError):
        p[2**70]
    with pytest.raises(IndexError):
        p[-(2**70)]


def test_placement_canonical_order():
    p = queens.Placement("Qd1, Nb3, Nb1, Aa2, Kh8, Bc4", "8")
    assert [k for k, _ in p] == ["K", "N", "N", "B", "Q", "A"]
    assert list(p) == [("K", "h8"), ("N", "b1"), ("N", "b3"), ("B", "c4"), ("Q", "d1"), ("A", "a2")]
    assert p == queens.Placement("Kh8 Nb1 Nb3 Bc4 Qd1 Aa2", "8")


def test_placement_hash_and_equality():
    a = queens.solve(8, fixed=[1, 5, 8, 0, 0, 0, 0, 0])
    b = queens.Placement("[1,5,8,6,3,7,2,4]", "8")
    c = queens.Placement("Qh4 Qg2 Qf7 Qe3 Qd6 Qc8 Qb5 Qa1")
    d = next(p for p in queens.solutions(8) if p.perm() == [1, 5, 8, 6, 3, 7, 2, 4])
    assert a == b == c == d
    assert len({a, b, c, d}) == 1 and hash(a) == hash(b) == hash(c) == hash(d)
    assert not (a != b)
    other = queens.Placement("[1,5,8,6,3,7,2,4]", "9")  # same pieces, other board
    assert other != a
    assert queens.Placement("Qa1") != queens.Placement("Na1")
    assert {a: 1}[c] == 1
    assert a != "Qa1 Qb5 Qc8 Qd6 Qe3 Qf7 Qg2 Qh4" and a != list(a) and a != None  # noqa: E711


def test_placement_big_board_perm_and_pieces_forms_are_equal():
    """A compact (perm) placement equals the same pieces given as coordinates."""
    for n in (65, 100, 1000):
        p = queens.solve(n)
        q = queens.Placement(p.coords(), str(n))
        assert p == q and hash(p) == hash(q) and list(p) == list(q) and p.perm() == q.perm()
        assert not (p < q) and not (q < p)
        assert str(p) == str(q), "equal placements print differently"


def test_placement_total_order():
    sols = list(queens.solutions(6, "2N,Q"))[:300]
    ordered = sorted(sols)
    for x, y in zip(ordered, ordered[1:]):
        assert x < y and y > x and x <= y and not (x >= y) and x != y
    assert sorted(reversed(ordered)) == ordered
    assert min(queens.solutions(8)).perm() == min(p.perm() for p in queens.solutions(8))
    with pytest.raises(TypeError):
        ordered[0] < "Qa1"


def test_placement_str_draws_the_board():
    p = queens.Placement("Qa1,Nc2,Bg5", "5x7")
    assert str(p) == (
        ". . . . . . B\n"
        ". . . . . . .\n"
        ". . . . . . .\n"
        ". . N . . . .\n"
        "Q . . . . . .\n"
    )
    s = queens.solve(6)
    lines = str(s).splitlines()
    assert len(lines) == 6
    for top_down, line in enumerate(lines):
        rank = 6 - top_down
        cells = line.split()
        assert len(cells) == 6
        assert cells == ["Q" if r == rank else "." for r in s.perm()]


def test_placement_perm_with_empty_files():
    assert queens.Placement("Qa1,Qc2", "5x7").perm() == [1, 0, 2, 0, 0, 0, 0]
    assert queens.Placement("Qa1,Qc2", "7x5").perm() == [1, 0, 2, 0, 0]
    assert queens.Placement("", "3").perm() == [0, 0, 0]
    with pytest.raises(queens.InputError):
        queens.Placement("Na1").perm()
    with pytest.raises(queens.InputError):
        queens.Placement("Qa1,Qa2").perm()


def test_placement_json():
    p = queens.solve(6, "2N,Q", fixed="Qa1")
    data = json.loads(p.to_json())
    assert data["rows"] == 6 and data["cols"] == 6
    assert [(x["kind"], x["square"]) for x in data["pieces"]] == list(p)
    for x in data["pieces"]:
        assert x["square"] == "abcdef"[x["file"]] + str(x["rank"] + 1)
    big = json.loads(queens.solve("3x100").to_json())
    assert big["rows"] == 3 and big["cols"] == 100 and len(big["pieces"]) == 3


def test_placement_svg():
    p = queens.solve(6)
    svg = p._repr_svg_()
    assert svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")
    ET.fromstring(svg)  # well-formed
    assert svg != queens.solve(6, fixed="Qb4")._repr_svg_() or p == queens.solve(6, fixed="Qb4")
    assert queens.solve(64)._repr_svg_() is not None
    assert queens.solve(65)._repr_svg_() is None


@pytest.mark.parametrize(
    "make",
    [
        lambda: queens.solve(8),
        lambda: queens.solve(6, "2N,2B,R,Q", fixed="Qa1"),
        lambda: queens.solve(6, "3C", define={"C": "RN"}),
        lambda: queens.solve(6, "2Y,N", define={"Y": "chancellor"}),
        lambda: queens.solve(8, "0Q"),
        lambda: queens.solve("5x7"),
        lambda: queens.solve(100),
        lambda: queens.solve(3000),
        lambda: queens.Placement("Qa1,Nc3", "4x9"),
    ],
)
def test_placement_pickle_and_repr_round_trip(make):
    p = make()
    for proto in (0, 2, pickle.HIGHEST_PROTOCOL):
        q = pickle.loads(pickle.dumps(p, protocol=proto))
        assert type(q) is queens.Placement
        assert q == p and hash(q) == hash(p) and list(q) == list(p) and q.board == p.board
        assert str(q) == str(p)
    if len(p) <= 64:
        assert eval(repr(p), {"Placement": queens.Placement}) == p


# --- solutions ---


def test_solutions_is_a_lazy_iterator():
    it = queens.solutions(8)
    assert isinstance(it, queens.Solutions)
    assert iter(it) is it
    first = next(it)
    assert queens.verify(8, first)
    rest = list(it)
    assert len(rest) == 91 and first not in rest
    with pytest.raises(StopIteration):
        next(it)


def test_solutions_limit():
    assert len(list(queens.solutions(8, limit=5))) == 5
    assert len(list(queens.solutions(8, limit=0))) == 0
    assert len(list(queens.solutions(8, limit=1000))) == 92
    got = list(queens.solutions(20, limit=3))  # 39 billion solutions: must stop at 3
    assert len(got) == 3 and len(set(got)) == 3 and all(queens.verify(20, p) for p in got)


def test_solutions_close():
    it = queens.solutions(12)
    next(it)
    it.close()
    with pytest.raises(StopIteration):
        next(it)
    it.close()  # twice is fine


def test_solutions_of_problem_without_any():
    assert list(queens.solutions(3)) == []
    assert list(queens.solutions(8, fixed="Qa1,Qb2")) == []


# --- verify ---


def test_verify_valid_and_invalid():
    v = queens.verify(8, [1, 5, 8, 6, 3, 7, 2, 4])
    assert v and v.valid and v.conflicts == [] and v.problems == []
    assert str(v) == "valid: 8 pieces on 8x8, no attacks"
    assert repr(v) == "Verdict(valid=True)"
    bad = queens.verify(8, "Qa1,Qb3,Qc2")
    assert not bad and not bad.valid
    assert len(bad.conflicts) == 1  # b3-c2 share a diagonal; a1-b3 and a1-c2 do not
    c = bad.conflicts[0]
    assert {c.first, c.second} == {("Q", "b3"), ("Q", "c2")} and c.first_attacks and c.second_attacks
    assert bad.problems == [c.text]
    assert str(bad) == "invalid: 1 problem\n  " + c.text


def test_verify_one_sided_attack():
    v = queens.verify(8, "Qd1,Nf2")
    (c,) = v.conflicts
    attacks = {c.first: c.first_attacks, c.second: c.second_attacks}
    assert attacks == {("N", "f2"): True, ("Q", "d1"): False}
    assert str(c) == c.text and "Nf2" in c.text and "Qd1" in c.text


def test_verify_lists_every_pair_blocking_ignored():
    v = queens.verify(8, "Ra1,Ra4,Ra8,Rh8")
    pairs = {frozenset((c.first[1], c.second[1])) for c in v.conflicts}
    assert pairs == {frozenset(x) for x in [("a1", "a4"), ("a1", "a8"), ("a4", "a8"), ("a8", "h8")]}


def test_verify_pieces_and_rank_lists():
    assert queens.verify(8, "Qa1", pieces="Q")
    v = queens.verify(8, "Qa1", pieces="2Q")
    assert not v and v.conflicts == [] and len(v.problems) == 1
    assert not queens.verify(8, [1, 5, 8])  # a rank list must fill every file...
    assert queens.verify(8, [1, 5, 8], partial=True)  # ...unless partial
    assert queens.verify(8, "Qa1,Qb5")  # coordinates need not
    assert queens.verify(8, [("Q", "a1"), ("N", "c3")]) is not None
    assert not queens.verify(8, [("Q", "a1"), ("N", "b3")])


def test_verify_takes_placements_and_define():
    p = queens.solve(7, "3C,N", define={"C": "RN"})
    assert queens.verify(7, p, define={"C": "RN"})
    assert queens.verify(7, p, pieces="3C,N", define={"C": "RN"})
    assert not queens.verify(7, "Ca1,Cb3", define={"C": "RN"})  # the knight half


# --- Problem ---


def test_problem_object():
    p = queens.Problem("6x6", "2N,2B,R,Q", fixed="Qa1")
    assert p.board == (6, 6) and p.pieces == "2N,2B,R,Q" and p.fixed == "Qa1"
    assert repr(p) == "Problem('6x6', '2N,2B,R,Q', fixed='Qa1')"
    n = p.count()
    assert n == p.count() == queens.count(6, "2N,2B,R,Q", fixed="Qa1") == 2676
    sols = set(p.solutions())
    assert len(sols) == n
    s = p.solve()
    assert s in sols and p.verify(s) and ("Q", "a1") in s
    assert p.count(unique=True) == queens.count(6, "2N,2B,R,Q", fixed="Qa1", unique=True)
    assert not p.verify("Qa1,Nb3,Nf6,Ba6,Bf1,Rc5")  # b3 knight attacks a1
    assert not p.verify("Qa1")  # wrong pieces for this problem
    assert len(list(p.solutions(limit=4))) == 4
    q = queens.Problem(8)
    assert q.pieces == "8Q" and q.fixed == "" and repr(q) == "Problem('8x8', '8Q')"


# --- max_pieces ---


@pytest.mark.parametrize(
    "board,kind,kw,want",
    [
        (8, "K", {}, (16, 281571)),
        (8, "Q", {}, (8, 92)),
        (8, "R", {}, (8, 40320)),
        (8, "B", {}, (14, 256)),  # Dudeney
        (8, "N", {}, (32, 2)),
        (20, "B", {}, (38, 2**20)),
        (4, "N", {"pieces": "Q"}, (3, 8)),
        (8, "Q", {"pieces": "2Q"}, (6, 92)),
        (8, "Q", {"fixed": "Qa1"}, (8, 4)),
        (8, "Q", {"pieces": "9Q"}, (0, 0)),
        (6, "C", {"define": {"C": "RN"}}, (6, queens.count(6, "6C", define={"C": "RN"}))),
    ],
)
def test_max_pieces(board, kind, kw, want):
    got = queens.max_pieces(board, kind, **kw)
    assert got == want
    assert type(got[0]) is int and type(got[1]) is int


# --- export ---


def parse_dimacs(text):
    names, clauses, header = {}, [], None
    for line in text.splitlines():
        if line.startswith("c var "):
            _, _, var, what = line.split(maxsplit=3)
            kind, square = what.split("@")
            names[int(var)] = (kind, square)
        elif line.startswith("p "):
            _, fmt, nv, nc = line.split()
            assert fmt == "cnf"
            header = (int(nv), int(nc))
        elif line.strip() and not line.startswith("c"):
            lits = [int(x) for x in line.split()]
            assert lits[-1] == 0 and 0 not in lits[:-1]
            clauses.append(lits[:-1])
    assert header is not None
    return names, clauses, header


def propagate(clauses, assign):
    """Unit propagation; False on a conflict."""
    changed = True
    while changed:
        changed = False
        for c in clauses:
            free = None
            n_free = 0
            for lit in c:
                val = assign.get(abs(lit))
                if val is None:
                    free, n_free = lit, n_free + 1
                elif val == (lit > 0):
                    break
            else:
                if n_free == 0:
                    return False
                if n_free == 1:
                    assign[abs(free)] = free > 0
                    changed = True
    return True


def satisfiable(clauses, assign, nvars):
    assign = dict(assign)
    if not propagate(clauses, assign):
        return False
    for v in range(1, nvars + 1):
        if v not in assign:
            return any(satisfiable(clauses, {**assign, v: val}, nvars) for val in (False, True))
    return True


def projected_models(clauses, primaries, nvars):
    """Every assignment of the primary variables that extends to a model."""
    out = []

    def go(assign):
        assign = dict(assign)
        if not propagate(clauses, assign):
            return
        free = [v for v in primaries if v not in assign]
        if free:
            for val in (False, True):
                go({**assign, free[0]: val})
        elif satisfiable(clauses, assign, nvars):
            out.append(frozenset(v for v in primaries if assign[v]))

    go({})
    return out


@pytest.mark.parametrize(
    "board,pieces,fixed,define",
    [
        ((3, 3), "2Q", None, None),
        (4, None, None, None),
        ((3, 4), "2N,B", None, None),
        ((3, 3), "2N,B", "Na1", None),
        ((2, 4), "2K,R", None, None),
        ((3, 3), "2C", None, {"C": "RN"}),
    ],
)
def test_dimacs_models_are_the_solutions(board, pieces, fixed, define):
    text = queens.export(board, pieces, fixed=fixed, define=define)
    assert text == queens.export(board, pieces, fixed=fixed, define=define, to="dimacs")
    names, clauses, (nvars, nclauses) = parse_dimacs(text)
    assert len(clauses) == nclauses
    assert max(abs(lit) for c in clauses for lit in c) <= nvars
    rows, cols = (board, board) if isinstance(board, int) else board
    assert len(names) == rows * cols * len({k for k in (pieces or "Q") if k.isalpha()})
    models = projected_models(clauses, sorted(names), nvars)
    got = {frozenset(names[v] for v in m) for m in models}
    assert len(models) == len(got) == queens.count(board, pieces, fixed=fixed, define=define)
    assert got == {frozenset(p) for p in queens.solutions(board, pieces, fixed=fixed, define=define)}


def test_other_export_formats():
    mzn = queens.export(5, "2N,Q", to="minizinc")
    assert "solve satisfy" in mzn and "int: R = 5;" in mzn and "int: C = 5;" in mzn
    xml = queens.export(5, "2N,Q", fixed="Qa1", to="xcsp3")
    root = ET.fromstring(xml)
    assert root.tag == "instance"
    assert queens.Problem(5, "2N,Q").export("minizinc") == mzn
    assert queens.export(4).splitlines()[0].startswith("c ")


# --- the package ---


def test_public_names():
    for name in queens.__all__:
        assert hasattr(queens, name), name
    assert queens.Placement.__module__ == "queens"
    for cls in (queens.QueensError, queens.InputError, queens.BudgetError, queens.GaveUpError, queens.InternalError):
        assert cls.__module__ == "queens"
    assert isinstance(queens.__version__, str) and queens.__version__ != "0"
