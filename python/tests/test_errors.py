"""Errors: the exception classes, bad input as `InputError` (a `ValueError`) carrying the
command line's sentence, budgets as `BudgetError` (a `TimeoutError`), and no Rust panic
or crash reaching Python as anything but an ordinary exception.

The sentences are checked against the `queens` command line when its binary is built
(target/release/queens); that test skips without it, the others do not need it. Random
malformed calls run in a child interpreter, so that a crash fails one test instead of
killing the run.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import queens

CLI = Path(__file__).resolve().parents[2] / "target" / "release" / "queens"


def test_exception_classes():
    assert issubclass(queens.QueensError, Exception)
    assert issubclass(queens.InputError, queens.QueensError) and issubclass(queens.InputError, ValueError)
    assert issubclass(queens.BudgetError, queens.QueensError) and issubclass(queens.BudgetError, TimeoutError)
    assert issubclass(queens.GaveUpError, queens.BudgetError)
    assert issubclass(queens.InternalError, queens.QueensError)
    assert not issubclass(queens.InternalError, ValueError)
    assert not issubclass(queens.BudgetError, ValueError)


# (call, the exact sentence or None when only the class is checked)
BAD = [
    (lambda: queens.count("0x8"), "bad board '0x8': a side must be at least 1"),
    (lambda: queens.count(0), "bad board '0': a side must be at least 1"),
    (lambda: queens.count(-3), "bad board '-3': a side cannot be negative"),
    (lambda: queens.count("abc"), "bad board 'abc': expected a size such as 8 or 5x7"),
    (lambda: queens.count("99999999999999999999"), None),
    (lambda: queens.count((2**40, 1)), None),
    (lambda: queens.count(True), None),
    (lambda: queens.count(8.0), None),
    (lambda: queens.count((5,)), None),
    (lambda: queens.count((5, "7")), None),
    (lambda: queens.count(8, "Z"), "unknown piece 'Z': the known pieces are K, N, B, R, Q, A"),
    (lambda: queens.count(8, ""), "bad piece spec item '': the spec is empty; write items such as 8Q or 2N,B"),
    (lambda: queens.count(8, {}), None),
    (lambda: queens.count(8, {"Q": -1}), None),
    (lambda: queens.count(8, {"Q": True}), None),
    (lambda: queens.count(8, {"Q": 2**70}), None),
    (lambda: queens.count(8, 42), None),
    (lambda: queens.count(8, "4294967296Q"), None),
    (lambda: queens.count(8, fixed="Qz9"), "square z9 is off the 8x8 board"),
    (lambda: queens.count(8, fixed="Qa1,Qa1"), "two pieces are given on square a1"),
    (lambda: queens.count(8, "2Q", fixed="Qa1,Qc2,Qe3"), "3 fixed pieces of kind Q are given but the piece spec has only 2"),
    (lambda: queens.count(8, fixed=[9, 0, 0, 0, 0, 0, 0, 0]), "square a9 is off the 8x8 board"),
    (lambda: queens.count(8, fixed=[-1, 0, 0, 0, 0, 0, 0, 0]), None),
    (lambda: queens.count(8, fixed=[0] * 100), None),
    (lambda: queens.count(8, fixed=[("Q", "a1"), 3]), None),
    (lambda: queens.count(8, fixed=[("X", "a1")]), None),
    (lambda: queens.count(8, fixed="Q"), None),
    (lambda: queens.count(8, fixed=3.5), None),
    (lambda: queens.count(8, "2C", define={"C": "XYZ"}), None),
    (lambda: queens.count(8, "2C", define={"C": ""}), None),
    (lambda: queens.count(8, "2C", define={"C": "(0,0)"}), None),
    (lambda: queens.count(8, "2C", define={"C": "(1000000,1)"}), None),
    (lambda: queens.count(8, "2Q", define={"Q": "RN"}), "bad piece definition 'Q=RN': Q is the built-in queen; pick another letter for a new kind"),
    (lambda: queens.count(8, "2c", define={"c": "RN"}), None),
    (lambda: queens.count(8, define=5), None),
    (lambda: queens.count(8, engine="nope"), None),
    (lambda: queens.count(8, engine=None), None),
    (lambda: queens.count(8, "2N", engine="nqueens"), "the nqueens engine only counts plain N-queens (min(rows, cols) queens, nothing fixed)"),
    (lambda: queens.count(8, engine="local"), None),
    (lambda: queens.count(100000, "7Q"), None),
    (lambda: queens.count(8, budget=-1), None),
    (lambda: queens.count(8, budget=float("nan")), None),
    (lambda: queens.count(8, threads=-1), None),
    (lambda: queens.count(8, threads=2**70), None),
    (lambda: queens.count(8, threads=1.5), None),
    (lambda: queens.solve(8, seed=1), None),
    (lambda: queens.solve(8, random=True, seed=-1), None),
    (lambda: queens.solve(8, random=True, seed=2**64), None),
    (lambda: queens.solve(8, random=True, seed="x"), None),
    (lambda: queens.solve(8, "8N", random=True), None),
    (lambda: queens.solve(8, random=True, engine="exact"), None),
    (lambda: queens.solve(8, threads=-2), None),
    (lambda: queens.solve(8, budget=-0.5), None),
    (lambda: queens.solutions(8, limit=-1), None),
    (lambda: queens.solutions(8, limit=True), None),
    (lambda: queens.solutions(8, limit=2**70), None),
    (lambda: queens.solutions(8, engine="local"), None),
    (lambda: queens.solutions(8, threads=-1), None),
    (lambda: queens.verify(8, None), None),
    (lambda: queens.verify(8, "Qi1"), "square i1 is off the 8x8 board"),
    (lambda: queens.verify(8, [1] * 20), None),
    (lambda: queens.verify(8, "Qa1", pieces="Z"), None),
    (lambda: queens.max_pieces(8, "QQ"), None),
    (lambda: queens.max_pieces(8, ""), None),
    (lambda: queens.max_pieces(8, "X"), None),
    (lambda: queens.max_pieces(8, 5), None),
    (lambda: queens.max_pieces(8, "N", fixed="Qa1"), None),
    (lambda: queens.max_pieces(8, "N", threads=-1), None),
    (lambda: queens.export(4, to="nope"), "unknown format 'nope': the formats are dimacs, minizinc, xcsp3"),
    (lambda: queens.Problem("0x0"), None),
    (lambda: queens.Placement("Qa1", "0"), None),
    (lambda: queens.Placement("Qa1 Qa1"), None),
    (lambda: queens.Placement("Qz1"), None),
    (lambda: queens.Placement("Na1").perm(), None),
]


@pytest.mark.parametrize("call,sentence", BAD, ids=range(len(BAD)))
def test_bad_input_is_an_input_error(call, sentence):
    with pytest.raises(queens.InputError) as info:
        call()
    e = info.value
    assert isinstance(e, ValueError) and isinstance(e, queens.QueensError)
    assert type(e) is queens.InputError
    msg = str(e)
    assert msg and msg == e.args[0] and not msg.startswith("queens:")
    if sentence is not None:
        assert msg == sentence
    # One can catch it as a plain ValueError.
    with pytest.raises(ValueError):
        call()


# The same bad input, (Python call, command line arguments).
CLI_CASES = [
    (lambda: queens.count("0x8"), ["count", "0x8"]),
    (lambda: queens.count("abc"), ["count", "abc"]),
    (lambda: queens.count("5x0x3"), ["count", "5x0x3"]),
    (lambda: queens.count(8, "Z"), ["count", "8", "--pieces", "Z"]),
    (lambda: queens.count(8, "3Q,,N"), ["count", "8", "--pieces", "3Q,,N"]),
    (lambda: queens.count(8, "4294967296Q"), ["count", "8", "--pieces", "4294967296Q"]),
    (lambda: queens.count(8, fixed="Qz9"), ["count", "8", "--fixed", "Qz9"]),
    (lambda: queens.count(8, fixed="Qa1,Qa1"), ["count", "8", "--fixed", "Qa1,Qa1"]),
    (lambda: queens.count(8, fixed="Qa0"), ["count", "8", "--fixed", "Qa0"]),
    (lambda: queens.count(8, "2Q", fixed="Qa1,Qc2,Qe3"), ["count", "8", "--pieces", "2Q", "--fixed", "Qa1,Qc2,Qe3"]),
    (lambda: queens.count(8, fixed=[9, 0, 0, 0, 0, 0, 0, 0]), ["count", "8", "--fixed", "[9,0,0,0,0,0,0,0]"]),
    (lambda: queens.count(8, fixed=[0] * 9), ["count", "8", "--fixed", "[0,0,0,0,0,0,0,0,0]"]),
    (lambda: queens.count(8, "2C", define={"C": "XYZ"}), ["count", "8", "--piece", "C=XYZ", "--pieces", "2C"]),
    (lambda: queens.count(8, "2Q", define={"Q": "RN"}), ["count", "8", "--piece", "Q=RN", "--pieces", "2Q"]),
    (lambda: queens.count(8, engine="nope"), ["count", "8", "--engine", "nope"]),
    (lambda: queens.count(8, "2N", engine="nqueens"), ["count", "8", "--pieces", "2N", "--engine", "nqueens"]),
    (lambda: queens.count(100000, "7Q"), ["count", "100000", "--pieces", "7Q"]),
    (lambda: queens.verify(8, "Qi1"), ["verify", "8", "Qi1"]),
    (lambda: queens.max_pieces(8, "X"), ["max", "8", "--kind", "X"]),
]


@pytest.mark.skipif(not CLI.exists(), reason="the command line binary is not built")
@pytest.mark.parametrize("call,argv", CLI_CASES, ids=[" ".join(c[1]) for c in CLI_CASES])
def test_sentences_are_the_command_lines(call, argv):
    with pytest.raises(queens.InputError) as info:
        call()
    out = subprocess.run([str(CLI), *argv], capture_output=True, text=True, timeout=30)
    assert out.returncode == 2, out
    assert out.stderr.startswith("queens: "), out.stderr
    # The command line may add a hint after the sentence; the sentence is the same.
    assert out.stderr[len("queens: ") :].startswith(str(info.value)), (out.stderr, str(info.value))


def test_budget_error():
    with pytest.raises(queens.BudgetError) as info:
        queens.count(18, budget=0)
    assert isinstance(info.value, TimeoutError) and isinstance(info.value, queens.QueensError)
    assert "budget" in str(info.value)
    with pytest.raises(TimeoutError):
        queens.solve(10, "26K", budget=0.05)  # no solution, and a long search to prove it
    with pytest.raises(queens.BudgetError):
        queens.Problem(18).count(budget=0.05)
    # A budget large enough is no error.
    assert queens.count(8, budget=5) == 92
    assert queens.solve(8, budget=5) is not None


WRONG_TYPES = [
    lambda: queens.solve(8)[None],
    lambda: queens.Placement(5),
]


@pytest.mark.parametrize("call", WRONG_TYPES)
def test_wrong_types_are_ordinary_exceptions(call):
    with pytest.raises(Exception) as info:
        call()
    assert isinstance(info.value, (TypeError, ValueError)), repr(info.value)


FUZZ = r'''
import json, random, sys
import queens
rng = random.Random(SEED)
alpha = "0123456789xX,QKNBRACZ[]()= -+.abcdefghiz;@\u00e9\t"
def rstr():
    return "".join(rng.choice(alpha) for _ in range(rng.randint(0, 12)))
def small_board():
    return rng.choice([rstr(), str(rng.randint(-2, 8)), f"{rng.randint(0, 8)}x{rng.randint(0, 8)}",
                       (rng.randint(0, 6), rng.randint(0, 6)), rng.randint(1, 7)])
def any_board():
    return rng.choice([small_board(), str(rng.randint(0, 10**10)), f"{rng.randint(0, 200)}x{rng.randint(0, 10**4)}"])
def pieces():
    return rng.choice([None, rstr(), f"{rng.randint(0, 9)}{rng.choice('QKNBRAC')}",
                       {rng.choice("QKNBRAC"): rng.randint(0, 5)}, f"{rng.randint(0, 3)}Q,{rng.randint(0, 3)}C"])
def placement():
    return rng.choice([None, rstr(), [rng.randint(-1, 10) for _ in range(rng.randint(0, 10))],
                       f"{rng.choice('QKNBRAC')}{rng.choice('abcdefghiz')}{rng.randint(0, 12)}",
                       [(rng.choice("QKNBRAC"), rng.choice("abcz") + str(rng.randint(0, 9)))]])
def define():
    return rng.choice([None, {"C": rstr()}, {"C": rng.choice(
        ["RN", "NN", "(1,2)", "(0,1)", "WW", "K", "FFF", "fW", "bF", "cN", "(999,999)", "fsW", "mW", "(2,1)(1,2)", "lN"])}])
outcomes = {}
for i in range(N):
    verb = rng.choice(["count", "unique", "solve", "solutions", "verify", "max", "export", "placement"])
    b, p, f, d = small_board(), pieces(), placement(), define()
    try:
        if verb == "count":
            queens.count(b, p, fixed=f, define=d, budget=0.5)
        elif verb == "unique":
            queens.count(b, p, fixed=f, define=d, unique=True, budget=0.5)
        elif verb == "solve":
            queens.solve(b, p, fixed=f, define=d, budget=0.5)
        elif verb == "solutions":
            list(queens.solutions(b, p, fixed=f, define=d, limit=10))
        elif verb == "verify":
            queens.verify(any_board(), "" if f is None else f, pieces=p, define=d, partial=rng.random() < 0.5)
        elif verb == "max":
            queens.max_pieces(rng.choice([1, 2, 3, 4, "3x5", (2, 6)]), rng.choice("QKNBRACX"), pieces=p, define=d)
        elif verb == "export":
            queens.export(b, p, fixed=f, define=d, to=rng.choice(["dimacs", "minizinc", "xcsp3"]))
        else:
            x = queens.Placement(rstr() if rng.random() < 0.5 else str(f), str(any_board()))
            x.to_json(); x._repr_svg_(); x[::2]; hash(x); repr(x)
            if x.board[1] <= 10**4:  # both print a rank per file
                x.perm(); str(x)
        out = "ok"
    except queens.InternalError as e:
        out = "InternalError: " + str(e)
    except (queens.QueensError, TypeError) as e:
        out = type(e).__name__
    except BaseException as e:
        out = f"{type(e).__module__}.{type(e).__qualname__}: {e}"
    outcomes.setdefault(out, f"{verb} {b!r} {p!r} {f!r} {d!r}")
print(json.dumps(outcomes))
'''


@pytest.mark.parametrize("seed", [1, 2])
def test_malformed_calls_never_crash_or_panic(seed, run_child):
    """Random malformed calls (in a child): each one answers or raises an InputError /
    QueensError / TypeError; never an InternalError (a caught Rust panic), a
    PanicException, another exception, or a crash of the interpreter."""
    res = run_child(FUZZ.replace("SEED", str(seed)).replace("range(N)", "range(3000)"), timeout=45)
    assert res.returncode == 0, f"the child crashed (status {res.returncode}):\n{res.stderr[-3000:]}"
    outcomes = json.loads(res.stdout.strip().splitlines()[-1])
    allowed = {"ok", "InputError", "QueensError", "BudgetError", "TypeError"}
    odd = {k: v for k, v in outcomes.items() if k not in allowed}
    assert not odd, odd
    assert "panicked" not in res.stderr, res.stderr[-3000:]
    assert "ok" in outcomes and "InputError" in outcomes


PANIC_PROBES = r'''
import queens
calls = [
    lambda: queens.count("1x1000000000"),
    lambda: queens.solve((3, 10**6)),
    lambda: queens.verify(10**9, [1] * 10),
    lambda: queens.verify(10**9, "Qa1,Qzzz999999999"),
    lambda: queens.Placement("Qa1", "1000000000").to_json(),
    lambda: queens.Placement("", "1000000000")[0],
    lambda: queens.solve(1000)[::-7],
    lambda: queens.solve(1000)[::10**30],
    lambda: queens.count(64, "4096K"),
    lambda: queens.count("64x64", "1C", define={"C": "(999,999)"}),
    lambda: queens.count(8, "8Q", fixed=[0] * 100),
    lambda: queens.count(1, "0Q", unique=True),
    lambda: queens.max_pieces("1x1", "Q", pieces="Q"),
    lambda: queens.export(64, "64Q", fixed=[1] + [0] * 63),
    lambda: list(queens.solutions("1x1", "0K")),
]
for i, call in enumerate(calls):
    try:
        call()
        print(i, "ok")
    except queens.InternalError as e:
        print(i, "InternalError", e)
    except (queens.QueensError, TypeError, IndexError) as e:
        print(i, type(e).__name__)
    except BaseException as e:
        print(i, "ODD", type(e).__module__, type(e).__qualname__, e)
'''


def test_edge_calls_never_crash_or_panic(run_child):
    res = run_child(PANIC_PROBES, timeout=45)
    assert res.returncode == 0, f"the child crashed (status {res.returncode}):\n{res.stderr[-3000:]}"
    lines = res.stdout.strip().splitlines()
    assert len(lines) == PANIC_PROBES.count("lambda:"), res.stdout + res.stderr
    bad = [line for line in lines if "InternalError" in line or "ODD" in line]
    assert not bad, bad
    assert "panicked" not in res.stderr, res.stderr[-3000:]


WIDE = r"""
import resource, sys
import queens
limit = 1500 * 2**20
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    p = queens.solve("1x1000000000")
    print("ok", len(p), p.coords())
except MemoryError:
    print("MemoryError")
except queens.QueensError as e:
    print(type(e).__name__, e)
"""


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs POSIX resource limits")
def test_one_queen_on_a_very_wide_board_does_not_kill_the_interpreter(run_child):
    """`solve("1x1000000000")` is one queen on a legal board (sides go up to 10**9).
    With 1.5 GB of address space it must answer or raise, not abort the process."""
    res = run_child(WIDE, timeout=60)
    assert res.returncode == 0, f"the interpreter died (status {res.returncode}): {res.stderr[-800:]}"
    assert res.stdout.startswith(("ok 1 Qa1", "MemoryError", "InputError")), res.stdout
