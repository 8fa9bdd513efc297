"""The package's types: this file is written against the stubs and must pass
`python -m mypy --strict` (the tests below run mypy on it, on the README's Python
examples and `mypy.stubtest` on the package, when mypy is installed: .ci/run installs
it). Its own test functions run too, so every annotation here is also checked against
what the calls really return."""

from __future__ import annotations

import doctest
import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

import queens

HERE = Path(__file__).resolve()
DOCS = [HERE.parents[1] / "README.md", HERE.parents[2] / "README.md"]


def test_typed_calls_return_their_types() -> None:
    n: int = queens.count(8, holes=["d4"], torus=False)
    assert n > 0
    p: Optional[queens.Placement] = queens.solve(6, blockers="c3")
    assert p is not None
    pairs: List[Tuple[str, str]] = list(p)
    assert len(pairs) == 6
    v: queens.Verdict = queens.verify(6, p, blockers="c3")
    problems: List[str] = v.problems
    assert v.valid and not problems and v.attacking_pairs == 0
    conflicts: List[queens.Conflict] = queens.verify(8, "Qa1,Qb2").conflicts
    assert conflicts[0].first == ("Q", "a1")
    most: Tuple[int, int] = queens.max_pieces(6, "K", budget=30.0, holes="a1")
    assert most[0] > 0
    c: queens.Cover = queens.cover(6, "Q")
    size: int = c.size
    example: queens.Placement = c.example
    assert size == len(example) and c.count > 0
    unique: List[queens.Placement] = list(queens.solutions(8, unique=True))
    assert len(unique) == 12
    report: List[queens.EngineReport] = queens.engine_report(8, regions=None)
    jobs: List[queens.JobVerdict] = report[0].jobs
    why: Optional[str] = jobs[0].why
    assert why is None or why
    inst: queens.Placement = queens.completion_instance(10, seed=2)
    assert inst.board == (10, 10)
    decoded: Optional[queens.Placement] = queens.decode("s UNSATISFIABLE\n", 3)
    assert decoded is None
    problem = queens.Problem(regions=["aab", "abb", "bbb"], pieces="2K", per_region=1)
    rows: Optional[List[str]] = problem.regions
    assert rows == ["aab", "abb", "bbb"] and problem.per_region == 1
    svg: Optional[str] = problem._repr_svg_()
    assert svg is not None


def test_typed_puzzle() -> None:
    puzzle = queens.Puzzle(["aabb", "aabb", "ccdd", "ccdd"])
    size: int = puzzle.size
    rows: List[str] = puzzle.rows
    assert size == 4 and rows[0] == "aabb"
    sol: Optional[queens.Placement] = puzzle.solve(budget=5)
    assert sol is not None
    ways: int = puzzle.count()
    assert ways == 2 and not puzzle.is_unique()
    step: queens.Step = puzzle.hint(placed=["a2"], crossed="")
    place: List[str] = step.place
    level: Optional[str] = step.level
    assert isinstance(place, list) and (level is None or isinstance(level, str))
    steps: List[queens.Step] = puzzle.explain()
    assert steps
    made: queens.Puzzle = queens.Puzzle.generate(6, stars=1, difficulty="easy", seed=1, budget=30)
    grade: str = made.rating
    assert grade == "easy" and str(made).count("\n") == 6


def _mypy() -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install mypy)")


def _run(*args: str, cwd: Optional[str] = None) -> Tuple[int, str]:
    r = subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, cwd=cwd, timeout=600)
    return r.returncode, r.stdout + r.stderr


def test_this_file_passes_mypy_strict() -> None:
    _mypy()
    with tempfile.TemporaryDirectory() as tmp:
        # Outside the source tree, so that `queens` is the installed package.
        code, out = _run("mypy", "--strict", "--no-incremental", str(HERE), cwd=tmp)
    assert code == 0, out


def test_readme_examples_pass_mypy_strict() -> None:
    _mypy()
    parser = doctest.DocTestParser()
    lines = ["import queens", "from typing import Any"]
    for doc in DOCS:
        for ex in parser.get_examples(doc.read_text()):
            lines.append(ex.source.rstrip("\n"))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "readme_examples.py")
        Path(path).write_text("\n".join(lines) + "\n")
        code, out = _run("mypy", "--strict", "--no-incremental", "--disable-error-code=union-attr", path, cwd=tmp)
    assert code == 0, out


def test_stubs_match_the_native_module() -> None:
    _mypy()
    with tempfile.TemporaryDirectory() as tmp:
        code, out = _run("mypy.stubtest", "queens", cwd=tmp)
    assert code == 0, out
