"""One table of requests run through the command line and through Python (issue 38,
"one front door"): the same answers, the same defaults and, for bad input, the same
sentence up to the field's spelling (``--difficulty`` on the command line,
``difficulty`` in Python).

The table is ``testdata/cross_front.json``, which the page's bindings run too
(tests/it/cross_front.rs): puzzle generation with and without seed, difficulty and
stars (the library's defaults: one star, any grade, seed 0); then every job the fronts
share (count, count --unique, solve, all/solutions with a limit, max, cover, verify,
puzzle hint/solve/check/count), with and without each option (terrain, torus, fixed
pieces, fairy definitions, regions and pieces per region, ranged specs); and bad
fields. Each row is the command line's words and the keywords every front uses.

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
# The table the page's bindings run too (tests/it/cross_front.rs).
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
        # The table names files from the repository's root.
        r = subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True, timeout=120, cwd=REPO)
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


# --- every other job: (CLI words, keywords) rows of the table ---

REQUESTS = [tuple(row) for row in TABLE["requests"]]
BAD = [tuple(row) for row in TABLE["bad"]]


def ids(v):
    return " ".join(v) if isinstance(v, list) else ""


def coords(placement) -> str:
    return " ".join(f"{kind}{square}" for kind, square in placement)


def python_call(words, keywords):
    """The Python call a row stands for: the command's function with the row's
    keywords (``regions_file`` read into ``regions=``, a board ``[r, c]`` as a tuple;
    a puzzle row's ``puzzle`` file read into a ``Puzzle``)."""
    kw = dict(keywords)
    if "regions_file" in kw:
        kw["regions"] = (REPO / kw.pop("regions_file")).read_text()
    if isinstance(kw.get("board"), list):
        kw["board"] = tuple(kw["board"])
    if isinstance(kw.get("define"), dict):
        kw["define"] = dict(kw["define"])
    job = words[0]
    if job == "puzzle":
        text = (REPO / kw.pop("puzzle")).read_text(encoding="utf-8-sig")
        stars = {"stars": kw.pop("stars")} if "stars" in kw else {}

        def puzzle():
            return queens.Puzzle(text, **stars)

        return {
            "hint": lambda: puzzle().hint(kw["placed"], kw["crossed"]),
            "solve": lambda: puzzle().solve(),
            "check": lambda: puzzle(),
            "count": lambda: puzzle().count(),
        }[words[1]]
    return {
        "count": lambda: queens.count(**kw),
        "solve": lambda: queens.solve(**kw),
        "all": lambda: list(queens.solutions(**kw)),
        "max": lambda: queens.max_pieces(**kw),
        "cover": lambda: queens.cover(**kw),
        "verify": lambda: queens.verify(**kw),
        "export": lambda: queens.export(**kw),
    }[job]


def test_the_table_covers_every_job_and_option():
    # A row lost from the table is a front left unchecked.
    jobs = {" ".join(w[:2]) if w[0] == "puzzle" else w[0] for w, _ in REQUESTS}
    assert jobs >= {"count", "solve", "all", "max", "cover", "verify", "export", "puzzle hint", "puzzle solve", "puzzle check"}
    for option in ["--unique", "--limit", "--fixed", "--holes", "--blockers", "--torus", "--piece", "--regions", "--per-region"]:
        assert any(option in w for w, _ in REQUESTS), option
    assert any(".." in " ".join(w) or "*" in " ".join(w) for w, _ in REQUESTS)
    assert len(BAD) >= 30


@pytest.mark.parametrize("words,keywords", REQUESTS, ids=ids)
def test_every_job_gives_the_same_answer(words, keywords, run):
    code, out, err = run(*words)
    call = python_call(words, keywords)
    job = words[0] if words[0] != "puzzle" else "puzzle " + words[1]
    if job == "count":
        n = call()
        assert n == int(out) and code == (0 if n else 1)
    elif job == "solve":
        s = call()
        if code == 1:
            assert s is None and out == ""
        else:
            assert code == 0 and coords(s) == out.strip()
    elif job == "all":
        assert code in (0, 1)
        assert [coords(p) for p in call()] == out.splitlines()
    elif job == "max":
        m = call()
        if code == 1:
            # The other pieces cannot stand: no line on the command line, (0, 0) here.
            assert m == (0, 0) and out == ""
        else:
            assert code == 0 and f"{m[0]} {m[1]}" == out.strip()
    elif job == "cover":
        if code == 0:
            c = call()
            assert f"{c.size} {c.count}" == out.strip()
        else:
            # No covering: why, in the same words.
            assert code == 1 and out == ""
            assert in_python(cli_error(err)) == python_error(call)
    elif job == "verify":
        v = call()
        assert str(v) + "\n" == out and code == (0 if v.valid else 1)
    elif job == "export":
        assert code == 0 and call() == out
    elif job == "puzzle hint":
        k = keywords["stars"]
        _, js, _ = run(*words, "--format", "json")
        h = call()
        assert str(h) + "\n" == out
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
            assert "star" not in out, out
    elif job == "puzzle solve":
        s = call()
        if code == 1:
            assert s is None and out == ""
        else:
            want = json.loads(out)
            assert code == 0 and [sq for _, sq in s] == want["solution"]
            assert python_call(["puzzle", "check"], keywords)().is_unique() == want["unique"]
    elif job == "puzzle check":
        p = call()
        word = "none" if p.solve() is None else "unique" if p.is_unique() else "not unique"
        assert word + "\n" == out and code == (0 if word == "unique" else 1)
    elif job == "puzzle count":
        n = call()
        assert n == int(out) and code == (0 if n else 1)
    else:
        raise AssertionError(f"no Python call for {job}")


@pytest.mark.parametrize("words,keywords", BAD, ids=ids)
def test_bad_fields_get_the_same_sentence(words, keywords, run):
    code, out, err = run(*words)
    assert code == 2 and out == ""
    # The sentence; a Betza error goes on with the text and a caret under the bad
    # letter on lines of their own (stderr's next lines on the command line).
    said = python_error(python_call(words, keywords))
    assert in_python(cli_error(err)) == said.splitlines()[0]


def test_a_problem_refuses_a_ranged_spec_by_name():
    # A Problem is one exact problem; the verbs take ranges (the library's sentence, as
    # the command line's export says it).
    assert python_error(lambda: queens.Problem(4, "1..3N,Q")) == (
        "bad pieces '1..3N,Q': ranges are for counting, solving and listing; this takes exact counts such as 2N,Q"
    )
