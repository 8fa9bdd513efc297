"""One table of requests run through the command line and through Python (issue 38,
"one front door"): the same answers, the same defaults and, for bad input, the same
sentence up to the field's spelling (``--difficulty`` on the command line,
``difficulty`` in Python).

Covered: puzzle generation with and without seed, difficulty and stars (the library's
defaults: one star, any grade, seed 0), hints from positions (every kind: step, solved,
contradiction, dead end), ranged piece specs (``1..3N,Q``, ``*K``) for count, solve
and solutions, and coverings (with why there is none).

The command line is the one built from this repository (``target/release/queens``), or
the binary named by the environment variable ``QUEENS_CLI``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

import queens

REPO = Path(__file__).resolve().parents[2]
PUZZLES = REPO / "testdata" / "puzzles"
CLI = Path(os.environ.get("QUEENS_CLI", REPO / "target" / "release" / "queens"))
# The table the page's bindings run too (tests/it/cross_front.rs): generation requests
# and the fields' spellings.
TABLE = json.loads((REPO / "testdata" / "cross_front.json").read_text())

# How a field named on the command line is spelled in Python, longest first: the only
# difference allowed between the two fronts' sentences.
SPELLING = [tuple(pair) for pair in TABLE["spelling"]]


def in_python(sentence: str) -> str:
    """A command-line sentence with its fields spelled as Python's keywords."""
    for cli, py in SPELLING:
        sentence = sentence.replace(cli, py)
    return sentence


@pytest.fixture(scope="module")
def run():
    if not CLI.exists():
        pytest.skip(f"the command line is not built ({CLI}); cargo build --release, or set QUEENS_CLI")

    def run(*args):
        r = subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True, timeout=120)
        return r.returncode, r.stdout, r.stderr

    return run


def cli_error(err: str) -> str:
    """The command line's one-sentence error (stderr's `queens: ` line)."""
    lines = [line for line in err.splitlines() if line.startswith("queens: ")]
    assert len(lines) == 1, err
    return lines[0][len("queens: ") :]


def python_error(call) -> str:
    with pytest.raises(queens.InputError) as e:
        call()
    return str(e.value)


# --- puzzle generation: (CLI arguments after `puzzle gen`, Python keywords) ---

GENERATE = [tuple(row) for row in TABLE["generate"]]


def test_a_bad_style_gets_the_command_lines_sentence(run):
    # Issue 40: `style=` is read by the library's one reader of styles.
    code, _, err = run("puzzle", "gen", "8", "--style", "round")
    assert code == 2
    said = python_error(lambda: queens.Puzzle.generate(8, style="round"))
    assert said == cli_error(err).replace("--style", "style")
    assert "official" in said
    with pytest.raises(queens.InputError):
        queens.Puzzle.generate(8, style=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("args,kwargs", GENERATE, ids=lambda v: " ".join(v) if isinstance(v, list) else repr(v))
def test_generate_gives_the_same_puzzle(args, kwargs, run):
    code, out, _ = run("puzzle", "gen", *args)
    assert code == 0
    p = queens.Puzzle.generate(int(args[0]), **kwargs)
    assert str(p) == out
    if kwargs.get("difficulty") not in (None, "any"):
        assert p.rating == kwargs["difficulty"]


GENERATE_BAD = [tuple(row) for row in TABLE["generate_bad"]]


@pytest.mark.parametrize("args,kwargs", GENERATE_BAD, ids=lambda v: " ".join(v) if isinstance(v, list) else repr(v))
def test_generate_refuses_with_the_same_sentence(args, kwargs, run):
    code, out, err = run("puzzle", "gen", *args)
    assert code in (1, 2) and out == ""
    sentence = python_error(lambda: queens.Puzzle.generate(int(args[0]), **kwargs))
    assert in_python(cli_error(err)) == sentence


# --- hints: (puzzle file, placed, crossed) ---

HINTS = [
    ("k1-n06-gen.txt", "", ""),  # a step from the empty board
    ("k1-n06-gen.txt", "d6,b5,f4,a3,c2,e1", ""),  # solved
    ("k1-n06-gen.txt", "a1,b2", ""),  # two queens touch
    ("k1-n06-gen.txt", "", "e1"),  # a dead end: the solution's queen crossed
    ("k1-n06-gen.txt", "a1", ""),  # a dead end: a queen the solution lacks
    ("k1-n06-gen.txt", "", "f4"),  # a region without free squares
    ("k1-n09-medium.txt", "c1", ""),
    ("k1-n09-hard.txt", "", "a1,b1"),
    ("k1-n04-quadrants.txt", "", ""),  # trial
    ("k2-n10-hard.txt", "a1", ""),
    ("k2-n10-hard.txt", "a1,b2", ""),  # two stars touch
    ("k2-n10-medium.txt", "", ""),
]


def stars_of(name: str) -> int:
    return int(name[1])


@pytest.mark.parametrize("name,placed,crossed", HINTS)
def test_hints_say_the_same(name, placed, crossed, run):
    path = PUZZLES / name
    k = stars_of(name)
    base = ["puzzle", "hint", path, "--stars", k, "--placed", placed, "--crossed", crossed]
    code, text, _ = run(*base)
    _, js, _ = run(*base, "--format", "json")
    p = queens.Puzzle(path.read_text(encoding="utf-8-sig"), stars=k)
    h = p.hint(placed, crossed)
    assert str(h) + "\n" == text
    want = json.loads(js)
    if "rule" in want:
        assert code == 0 and h.level is not None
        assert (h.rule, h.level, h.place, h.cross, h.why) == (
            want["rule"],
            want["level"],
            want["place"],
            want["cross"],
            want["why"],
        )
    else:
        ((kind, why),) = want.items()
        assert (h.rule, h.why, h.level) == (kind, why, None)
        assert code == (0 if kind == "solved" else 1)
    # Queens puzzles speak of queens, Star Battle of stars.
    if k == 1:
        assert "star" not in text, text


HINTS_BAD = [
    ("k1-n06-gen.txt", "e9", ""),
    ("k1-n06-gen.txt", "a1", "a1"),
    ("k1-n06-gen.txt", "zz", ""),
    ("k1-n06-gen.txt", "", "a1,a1"),
]


@pytest.mark.parametrize("name,placed,crossed", HINTS_BAD)
def test_bad_positions_get_the_same_sentence(name, placed, crossed, run):
    path = PUZZLES / name
    code, out, err = run("puzzle", "hint", path, "--placed", placed, "--crossed", crossed)
    assert code == 2 and out == ""
    p = queens.Puzzle(path.read_text(encoding="utf-8-sig"))
    assert in_python(cli_error(err)) == python_error(lambda: p.hint(placed, crossed))


# --- ranged specs: (board, spec, fixed) ---

RANGED = [
    ("4", "1..3N,Q", None),
    ("3", "*K", None),
    ("8", "0..8Q", None),
    ("5", "*N", None),
    ("4x5", "0..2B,1..2R", None),
    ("4", "1..3N,Q", "Qa1"),
    ("6", "2..3Q,*K", "Ka1"),
    ("3", "4..5Q", None),  # no placement of any size
]


def coords(placement) -> str:
    return " ".join(f"{kind}{square}" for kind, square in placement)


def fixed_args(fixed):
    return ["--fixed", fixed] if fixed else []


@pytest.mark.parametrize("board,spec,fixed", RANGED)
def test_ranged_specs_give_the_same_answers(board, spec, fixed, run):
    b = tuple(int(x) for x in board.split("x")) if "x" in board else int(board)
    code, out, _ = run("count", board, "--pieces", spec, *fixed_args(fixed))
    n = queens.count(b, spec, fixed=fixed)
    assert n == int(out) and code == (0 if n else 1)

    code, out, _ = run("count", board, "--pieces", spec, "--unique", *fixed_args(fixed))
    assert queens.count(b, spec, fixed=fixed, unique=True) == int(out)

    code, out, _ = run("solve", board, "--pieces", spec, "--format", "coords", *fixed_args(fixed))
    s = queens.solve(b, spec, fixed=fixed)
    if code == 1:
        assert s is None
    else:
        assert coords(s) == out.strip()

    code, out, _ = run("all", board, "--pieces", spec, "--format", "coords", "--limit", "40", *fixed_args(fixed))
    listed = [coords(p) for p in queens.solutions(b, spec, fixed=fixed, limit=40)]
    assert listed == out.splitlines()


RANGED_BAD = [
    (["count", "4", "--pieces", "3..1N"], lambda: queens.count(4, "3..1N")),
    (["count", "4", "--pieces", "*K,*K"], lambda: queens.count(4, "*K,*K")),
    (["count", "4", "--pieces", "1..xN"], lambda: queens.count(4, "1..xN")),
    (["count", "4", "--pieces", "1..3Z"], lambda: queens.count(4, "1..3Z")),
    (["count", "4", "--pieces", "1..3N", "--holes", "a1"], lambda: queens.count(4, "1..3N", holes="a1")),
    (["count", "4", "--pieces", "1..3N", "--fixed", "Qa1"], lambda: queens.count(4, "1..3N", fixed="Qa1")),
    (["solve", "8", "--pieces", "0..8Q", "--random"], lambda: queens.solve(8, "0..8Q", random=True)),
    (["all", "4", "--pieces", "*K", "--unique"], lambda: queens.solutions(4, "*K", unique=True)),
]


@pytest.mark.parametrize("args,call", RANGED_BAD, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_bad_ranged_specs_get_the_same_sentence(args, call, run):
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert in_python(cli_error(err)) == python_error(call)


# --- bad fields of a problem (the library's one request): CLI arguments, Python call ---

FIELDS_BAD = [
    (["count", "0x3"], lambda: queens.count("0x3")),
    (["count", "4", "--pieces", "2Z"], lambda: queens.count(4, "2Z")),
    (["count", "4", "--fixed", "Qz1"], lambda: queens.count(4, fixed="Qz1")),
    (["count", "4", "--piece", "C=Zz"], lambda: queens.count(4, define={"C": "Zz"})),
    (["count", "8", "--holes", "z9"], lambda: queens.count(8, holes="z9")),
    (["count", "8", "--holes", "9z"], lambda: queens.count(8, holes="9z")),
    (["count", "8", "--blockers", "a1 a1"], lambda: queens.count(8, blockers="a1 a1")),
    (["count", "8", "--holes", "a1", "--blockers", "a1"], lambda: queens.count(8, holes="a1", blockers="a1")),
    (["count", "8", "--per-region", "2"], lambda: queens.count(8, per_region=2)),
    (["count", "4", "--fixed", "Qa1", "--holes", "a1"], lambda: queens.count(4, fixed="Qa1", holes="a1")),
]


@pytest.mark.parametrize("args,call", FIELDS_BAD, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_bad_fields_get_the_same_sentence(args, call, run):
    code, out, err = run(*args)
    assert code == 2 and out == ""
    # The sentence; a Betza error goes on with the text and a caret under the bad
    # letter on lines of their own (stderr's next lines on the command line).
    assert in_python(cli_error(err)) == python_error(call).splitlines()[0]


def test_a_problem_refuses_a_ranged_spec_by_name():
    # A Problem is one exact problem; the verbs take ranges.
    assert "a Problem takes exact counts" in python_error(lambda: queens.Problem(4, "1..3N,Q"))


# --- coverings: (board, kind, CLI flags, Python keywords) ---

COVER = [
    ("8", "Q", [], {}),
    ("6", "N", ["--independent"], {"independent": True}),
    ("5", "K", ["--total"], {"total": True}),
    ("5", "N", ["--pieces", "Q"], {"pieces": "Q"}),
    ("3", "N", ["--total"], {"total": True}),  # none: the centre is never attacked
    ("3", "N", ["--independent", "--total"], {"independent": True, "total": True}),
    ("3", "N", ["--total", "--pieces", "K"], {"total": True, "pieces": "K"}),
    ("4", "N", ["--pieces", "5Q"], {"pieces": "5Q"}),  # none: the given pieces clash
    ("3", "Q", ["--fixed", "Qa1,Qb1", "--independent"], {"fixed": "Qa1,Qb1", "independent": True}),
    ("4", "Q", ["--pieces", "2Q"], {"pieces": "2Q"}),  # bad input: the covering kind given
]


@pytest.mark.parametrize("board,kind,flags,kwargs", COVER)
def test_coverings_and_why_none_say_the_same(board, kind, flags, kwargs, run):
    code, out, err = run("cover", board, "--kind", kind, *flags)
    if code == 0:
        c = queens.cover(int(board), kind, **kwargs)
        assert f"{c.size} {c.count}" == out.strip()
    else:
        assert code in (1, 2) and out == ""
        assert in_python(cli_error(err)) == python_error(lambda: queens.cover(int(board), kind, **kwargs))
