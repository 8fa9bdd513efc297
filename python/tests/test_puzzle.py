"""`queens.Puzzle` and `queens.Step` against the command line's `queens puzzle` on every
puzzle of testdata/puzzles: the same solution, count, uniqueness, grade, hints, chain
of steps and generated puzzles; and bad inputs, each refused with one sentence."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

import queens

PUZZLES = sorted((Path(__file__).resolve().parents[2] / "testdata" / "puzzles").glob("*.txt"))


def stars_of(path: Path) -> int:
    return int(path.name[1])  # k1-..., k2-...


def load(path: Path) -> queens.Puzzle:
    return queens.Puzzle(path.read_bytes().decode("utf-8-sig"), stars=stars_of(path))


def by_file(squares):
    return sorted(squares, key=lambda s: (s[0], int(s[1:])))


def step_json(step: queens.Step) -> dict:
    return {"rule": step.rule, "level": step.level, "place": step.place, "cross": step.cross, "why": step.why}


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.name)
def test_answers_match_the_command_line(path, cli):
    p = load(path)
    k = str(stars_of(path))
    assert p.stars == stars_of(path)
    assert str(p) == "".join(r + "\n" for r in p.rows)
    assert p.size == len(p.rows)

    code, out, _ = cli("puzzle", "count", path, "--stars", k)
    assert p.count() == int(out)

    code, out, _ = cli("puzzle", "check", path, "--stars", k)
    assert p.is_unique() == (out.strip() == "unique")

    code, out, _ = cli("puzzle", "solve", path, "--stars", k, "--format", "json")
    sol = p.solve()
    if code == 1:
        assert sol is None
    else:
        want = json.loads(out)["solution"]
        assert by_file(sq for _, sq in sol) == want
        assert all(kind == "Q" for kind, _ in sol)
        assert sol.board == (p.size, p.size)

    code, out, err = cli("puzzle", "rate", path, "--stars", k)
    if code == 0:
        assert p.rating_details == out.strip()
        assert p.rating == out.split(":")[0]
    else:
        with pytest.raises(queens.InputError) as e:
            p.rating
        assert str(e.value) in err

    code, out, _ = cli("puzzle", "explain", path, "--stars", k, "--format", "json")
    lines = [json.loads(line) for line in out.splitlines()]
    steps = p.explain()
    end = lines.pop()
    if end["end"] == "solved":
        assert len(steps) == len(lines)
    else:
        last = steps.pop()
        assert last.rule == end["end"] and last.level is None and not last.place and not last.cross
        if end["end"] == "contradiction":
            assert last.why == end["why"]
    assert [step_json(s) for s in steps] == lines

    code, out, _ = cli("puzzle", "hint", path, "--stars", k, "--format", "json")
    first = json.loads(out)
    h = p.hint()
    if "rule" in first:
        assert step_json(h) == first
    else:
        ((rule, why),) = first.items()
        assert (h.rule, h.why, h.level) == (rule, why, None)


@pytest.mark.parametrize(
    "name,placed,crossed",
    [
        ("k1-n09-medium.txt", "e5", ""),  # a star the solution does not have
        ("k1-n09-medium.txt", "c1", ""),  # the first step taken
        ("k1-n09-medium.txt", "c1,b8", "a2"),  # a cross on the solution's square
        ("k1-n09-medium.txt", "c1,a1", ""),  # two stars in one row
        ("k1-n09-hard.txt", "", "a1,b1"),
        ("k2-n10-hard.txt", "a1", ""),
    ],
)
def test_hint_from_a_position_matches_the_command_line(name, placed, crossed, cli):
    path = PUZZLES[0].parent / name
    p = load(path)
    code, out, _ = cli(
        "puzzle", "hint", path, "--stars", str(stars_of(path)), "--placed", placed, "--crossed", crossed, "--format", "json"
    )
    want = json.loads(out)
    for args in [(placed, crossed), (placed.split(",") if placed else [], crossed.split(",") if crossed else [])]:
        h = p.hint(*args)
        if "rule" in want:
            assert step_json(h) == want
        else:
            ((rule, why),) = want.items()
            assert (h.rule, h.why) == (rule, why)


def test_solved_position_hints_solved():
    p = load(PUZZLES[0].parent / "k1-n09-medium.txt")
    sol = [sq for _, sq in p.solve()]
    h = p.hint(placed=sol)
    assert (h.rule, h.place, h.cross) == ("solved", [], [])
    assert str(h) == "solved: every row, column and region has its queen"


@pytest.mark.parametrize(
    "n,stars,difficulty,seed",
    [(6, 1, "easy", 1), (9, 1, "medium", 3), (9, 1, "hard", 2), (8, 1, None, 5), (10, 2, "medium", 1)],
)
def test_generate_matches_the_command_line(n, stars, difficulty, seed, cli):
    args = ["puzzle", "gen", str(n), "--stars", str(stars), "--seed", str(seed)]
    if difficulty:
        args += ["--difficulty", difficulty]
    code, out, _ = cli(*args)
    assert code == 0
    g = queens.Puzzle.generate(n, stars=stars, difficulty=difficulty, seed=seed)
    assert str(g) == out
    assert g.is_unique() and g.stars == stars
    if difficulty:
        assert g.rating == difficulty
    # It behaves as the command line's puzzle read from that text.
    assert g == queens.Puzzle(out, stars=stars)
    assert [str(s) for s in g.explain()] == [str(s) for s in queens.Puzzle(out, stars=stars).explain()]


def test_regression_generate_difficulty_none_asked_for_medium(cli):
    # An explicit difficulty=None arrived in Rust as a missing argument and was read
    # as "medium"; it means any grade, as `queens puzzle gen` without --difficulty.
    # Since issue 38 leaving it out means any grade too (the library's one default).
    for seed in (5, 6, 7):
        _, any_grade, _ = cli("puzzle", "gen", "8", "--seed", str(seed))
        _, medium, _ = cli("puzzle", "gen", "8", "--seed", str(seed), "--difficulty", "medium")
        assert str(queens.Puzzle.generate(8, difficulty=None, seed=seed)) == any_grade
        assert str(queens.Puzzle.generate(8, seed=seed)) == any_grade
        assert str(queens.Puzzle.generate(8, difficulty="any", seed=seed)) == any_grade
        assert str(queens.Puzzle.generate(8, difficulty="medium", seed=seed)) == medium
    assert any(
        str(queens.Puzzle.generate(8, seed=s)) != str(queens.Puzzle.generate(8, difficulty="medium", seed=s))
        for s in (5, 6, 7)
    ), "the seeds chosen no longer tell the two apart"


def test_generate_defaults_are_the_command_lines(cli):
    # Any grade and seed 0, as `queens puzzle gen N` (issue 38: Python used to mean
    # medium and draw a fresh seed on each call).
    _, out, _ = cli("puzzle", "gen", "8")
    g = queens.Puzzle.generate(8)
    assert str(g) == out
    assert queens.Puzzle.generate(8) == g
    assert queens.Puzzle.generate(8, seed=0, difficulty=None, stars=1) == g


def test_puzzle_values():
    p = queens.Puzzle(["aabb", "aabb", "ccdd", "ccdd"])
    assert p == queens.Puzzle("aabb\naabb\nccdd\nccdd\n")
    assert hash(p) == hash(queens.Puzzle("aabb\naabb\nccdd\nccdd"))
    assert repr(p) == "Puzzle(['aabb', 'aabb', 'ccdd', 'ccdd'])"
    assert p.count() == 2 and not p.is_unique()
    assert pickle.loads(pickle.dumps(p)) == p
    k2 = load(PUZZLES[0].parent / "k2-n10-hard.txt")
    assert pickle.loads(pickle.dumps(k2)).stars == 2
    svg = p._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<title>") == 16
    assert "<title>a4</title>" in svg and "<title>star" not in svg
    assert p._repr_html_().startswith("<div") and svg in p._repr_html_()
    sol = p.solve()
    assert p.svg(sol).count("<title>star ") == 4
    assert p.svg(sol) == queens.Puzzle("aabb\naabb\nccdd\nccdd").svg(sol)
    # A solution is a Placement a verb takes as it is.
    assert queens.verify(4, sol).valid


def test_puzzle_svg_colours_neighbouring_regions_apart():
    import re

    p = queens.Puzzle(["aabb", "aabb", "ccdd", "ccdd"])
    found = re.findall(r'fill="(#[0-9a-f]{6})"[^>]*><title>([a-h][1-8])</title>', p._repr_svg_())
    fills = {sq: colour for colour, sq in found}
    assert len(fills) == 16
    # a4 (region a), c4 (b), a1 (c), c1 (d): four regions, four colours.
    assert len({fills["a4"], fills["c4"], fills["a1"], fills["c1"]}) == 4
    with pytest.raises(ValueError):
        p.svg(queens.solve(5))


def test_budget_runs_out_as_a_budget_error():
    with pytest.raises(queens.BudgetError):
        queens.Puzzle.generate(40, difficulty="expert", seed=1, budget=0.05)


BAD = [
    (lambda: queens.Puzzle("aabb\naab\nccdd\nccdd\n"), "bad puzzle file: line 2 has 3 squares but line 1 has 4"),
    (lambda: queens.Puzzle(""), "bad puzzle file: it is empty"),
    (lambda: queens.Puzzle(["aabb", "aabb", "aabb", "aabb"]), "bad puzzle file: it names 2 regions"),
    (lambda: queens.Puzzle(["aabb", "aabb", "ccdd", "ccdd"], stars=2), "2 stars per row, column and region cannot stand apart"),
    (lambda: queens.Puzzle(["aabb", "aabb", "ccdd", "ccdd"], stars=0), "0 stars per row"),
    (lambda: queens.Puzzle(["aabb", "aabb", "ccdd", "ccdd"], stars=-1), "bad stars -1: give a whole number such as 1 or 2"),
    (lambda: queens.Puzzle(["aabb", "aabb", "ccdd", "ccdd"], stars="2"), "bad stars '2': give a whole number"),
    (lambda: queens.Puzzle(42), "bad puzzle 42: give the rows as a list of strings"),
    (lambda: queens.Puzzle(["aabb", 7]), "bad puzzle ['aabb', 7]"),
    (lambda: queens.Puzzle(["aabb"] * 2 + ["ccdd"] * 2).hint(placed=["e1"]), "placed square e1 is off the 4x4 board"),
    (lambda: queens.Puzzle(["aabb"] * 2 + ["ccdd"] * 2).hint(placed="a1,a1"), "placed lists square a1 twice"),
    (lambda: queens.Puzzle(["aabb"] * 2 + ["ccdd"] * 2).hint(placed="zz"), "bad placed square 'zz': write squares like a1 or c3"),
    (lambda: queens.Puzzle(["aabb"] * 2 + ["ccdd"] * 2).hint(placed=[("a", 1)]), "bad placed item ('a', 1): give a square name"),
    (lambda: queens.Puzzle(["aabb"] * 2 + ["ccdd"] * 2).hint(placed=5), "bad placed 5: give squares such as"),
    (lambda: queens.Puzzle(["aabb"] * 2 + ["ccdd"] * 2).hint(placed="a1", crossed="a1"), "square a1 is both placed and crossed"),
    (lambda: queens.Puzzle(["aabb"] * 2 + ["ccdd"] * 2).rating, "the puzzle has more than one solution, so it has no grade"),
    (lambda: queens.Puzzle(["aabb"] * 2 + ["ccdd"] * 2).count(budget=-1), "bad budget -1: give a number of seconds"),
    (lambda: queens.Puzzle.generate(9, difficulty="tricky"), "bad difficulty 'tricky': the difficulties are easy, medium, hard, expert"),
    (lambda: queens.Puzzle.generate(0), "bad size 0: puzzles are made for sides 1 to 62"),
    (lambda: queens.Puzzle.generate(3, difficulty=None), "no puzzle: 1 queen per row and column cannot stand apart on 3x3"),
    (lambda: queens.Puzzle.generate(9, difficulty=3), "bad difficulty 3: give a difficulty's name such as 'medium', or None"),
    (lambda: queens.Puzzle.generate(9, difficulty=""), "bad difficulty '': the difficulties are"),
    (lambda: queens.Puzzle.generate(9.5), "bad size 9.5: give a whole number such as 9"),
    (lambda: queens.Puzzle.generate(9, seed=-1), "bad seed -1: give a whole number such as 7"),
]


@pytest.mark.parametrize("call,sentence", BAD)
def test_bad_inputs_get_one_sentence(call, sentence):
    with pytest.raises(queens.InputError) as e:
        call()
    assert sentence in str(e.value)
    assert "\n" not in str(e.value)


def test_a_long_count_on_a_large_puzzle_goes_to_a_worker_and_keeps_its_budget():
    # Regions = rows on 20x20: every arrangement of non-touching queens one per row
    # and column counts (OEIS A002464, about 10^17 at n = 20): far beyond the quick
    # try on the calling thread, so it goes on to a worker with the budget left.
    stripes = [chr(ord("a") + i) * 20 for i in range(20)]
    p = queens.Puzzle(stripes)
    # How soon BudgetError comes is timed by bench/python/timing.py, not asserted here:
    # a wall-time bound fails on a busy machine (issue 37).
    with pytest.raises(queens.BudgetError):
        p.count(budget=0.2)
    # Small stripes: A002464(9) = 47622, counted quickly.
    assert queens.Puzzle([chr(ord("a") + i) * 9 for i in range(9)]).count() == 47622
