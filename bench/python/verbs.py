"""The Python package against the command line on the same work (issue 27).

For each job: the wall time of the Python call against the command line's own wall
time for the same work, both the best single run.

- Python: the best single call of --runs calls in a row in this process (argument
  conversion, the hand-over to a worker thread when the call uses one, and the answer's
  Python objects included), each call timed alone. The best of 7 timeit repeats (the
  mean call of the best batch, the statistic this bench first used) is shown beside it.
- The command line runs as a process, so its own time is

      CLI time = best wall time of `queens JOB` - best wall time of `queens BASELINE`

  where BASELINE is the same subcommand on the smallest input (a 1x1 board, a 1x1
  puzzle, ...): starting the process, loading the binary, parsing arguments, reading
  the input and writing a line cancel out, and what is left is the work the job adds.
  Both are the best of --runs runs (default 100), interleaved, so that the machine's
  other load (it is shared) falls on both alike and the best runs are the unloaded
  ones. The CLI time is shown as 0 when the difference is negative: the job is below
  the resolution of this method, which is the spread of the best process starts (about
  10 to 50 µs; shown per job as the job's and the baseline's best).

Both sides take the same statistic, the best single run. A batch mean is not that: on a
loaded machine every batch of a millisecond job holds runs that were preempted, while a
best single run is an unloaded one, so comparing a batch mean (as this bench first did)
with the command line's best run showed the parallel verbs 0.3 to 2.5 ms "slower" from
Python although they cost the same CPU time and the same best single run.

Wall time rather than CPU time: a parallel engine's worker threads spin while they
wait, which CPU time counts and a user does not wait for.

Targets (printed PASS/FAIL; exit status 1 when one fails):
- every region puzzle of testdata/puzzles up to 11x11 solved from Python
  (`queens.Puzzle(text).solve()`, parsing included) in at most 1 ms;
- a `queens.count(8)` call in at most 10 µs (the whole call, so its overhead is less);
- every new verb within 20% + 10 µs of the command line's time for the same work.

Every answer is checked against the command line's before a time is shown.

Usage: python bench/python/verbs.py [--runs N] [--cli target/release/queens]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path
from typing import Callable, List, Optional, Tuple

import queens

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "testdata" / "puzzles"


def best_python(fn: Callable[[], object]) -> float:
    """Wall seconds per call of `fn`: the best of 7 timeit repeats."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(1, number // 4)
    return min(timer.repeat(repeat=7, number=number)) / number


def wall(cmd: List[str]) -> float:
    """The wall seconds a run of `cmd` took, spawn to exit."""
    t = time.perf_counter()
    pid = os.posix_spawn(cmd[0], cmd, os.environ, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ])
    os.waitpid(pid, 0)
    return time.perf_counter() - t


def best_cli(cli: str, job: List[str], base: List[str], runs: int) -> Tuple[float, float]:
    """The best wall times of `job` and `base`, interleaved."""
    tj, tb = [], []
    for _ in range(runs):
        tj.append(wall([cli, *job]))
        tb.append(wall([cli, *base]))
    return min(tj), min(tb)


def best_call(py: Callable[[], object], runs: int) -> float:
    """The best wall time of one call of `py` among `runs` calls in a row (after one
    to warm up). In a row, not between the command line's runs: a process start
    between two calls leaves the caches cold and made a 20 µs call take 50 µs."""
    py()
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        py()
        best = min(best, time.perf_counter() - t)
    return best


def cli_out(cli: str, args: List[str], stdin: Optional[bytes] = None) -> str:
    return subprocess.run([cli, *args], input=stdin, capture_output=True, check=False).stdout.decode()


def fmt(s: float) -> str:
    us = s * 1e6
    if us < 1000:
        return f"{us:.1f} µs"
    return f"{us / 1000:.2f} ms"


class Bench:
    def __init__(self, cli: str, runs: int, tmp: Path):
        self.cli, self.runs, self.tmp = cli, runs, tmp
        self.rows: List[Tuple[str, float, float, bool]] = []  # name, python, cli, ok
        self.failed = False
        one = tmp / "one.txt"
        one.write_text("a\n")
        self.one = str(one)

    def file(self, name: str, text: str) -> str:
        p = self.tmp / name
        p.write_text(text)
        return str(p)

    def job(self, name: str, py: Callable[[], object], args: List[str], base: List[str], check: Callable[[str], bool]):
        """Times `py` against `queens ARGS` (less `queens BASE`), after checking that
        `check(output of queens ARGS)` holds for the Python answer."""
        out = cli_out(self.cli, args)
        if not check(out):
            print(f"WRONG ANSWER: {name}: the Python answer differs from `queens {' '.join(args)}`", file=sys.stderr)
            sys.exit(2)
        batch = best_python(py)
        tp = best_call(py, self.runs)
        tj, tb = best_cli(self.cli, args, base, self.runs)
        tc = max(0.0, tj - tb)
        ok = tp <= 1.2 * tc + 10e-6
        self.failed |= not ok
        self.rows.append((name, tp, tc, ok))
        print(f"  {name:<44} python {fmt(tp):>10}   cli {fmt(tc):>10}  (python batch mean {fmt(batch)}; cli job {fmt(tj)}, baseline {fmt(tb)})   {'ok' if ok else 'SLOWER'}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=100, help="command-line runs per job and baseline (best taken)")
    ap.add_argument("--cli", default=str(ROOT / "target" / "release" / "queens"))
    args = ap.parse_args()
    if not os.path.exists(args.cli):
        print(f"no command line at {args.cli}: cargo build --release", file=sys.stderr)
        return 2
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as tmpdir:
        b = Bench(args.cli, args.runs, Path(tmpdir))
        cli = args.cli
        results: List[Tuple[bool, str]] = []

        # --- region puzzles up to 11x11: solved from Python in at most 1 ms ---
        print("region puzzles (testdata/puzzles up to 11x11): Puzzle(text).solve()")
        worst = (0.0, "")
        for path in sorted(PUZZLES.glob("*.txt")):
            stars = int(path.name[1])
            text = path.read_bytes().decode("utf-8-sig")
            p = queens.Puzzle(text, stars=stars)
            if p.size > 11:
                continue
            t = best_python(lambda: queens.Puzzle(text, stars=stars).solve())
            if t > worst[0]:
                worst = (t, path.name)
        ok = worst[0] <= 1e-3
        results.append((ok, f"every puzzle up to 11x11 solved from Python <= 1 ms: slowest {fmt(worst[0])} ({worst[1]})"))
        print(f"  slowest: {fmt(worst[0])} ({worst[1]})")

        # --- count(8) ---
        t8 = best_python(lambda: queens.count(8))
        results.append((t8 <= 10e-6, f"queens.count(8) call <= 10 µs: {fmt(t8)}"))
        print(f"queens.count(8): {fmt(t8)} a call")

        # --- the new verbs against the command line ---
        print("the new verbs, Python's best call against the command line's own time (best of runs, less its baseline):")
        for name in ["k1-n09-hard.txt", "k1-n11-gen.txt", "k2-n10-expert.txt", "k1-n16-gen.txt"]:
            path = PUZZLES / name
            stars = int(name[1])
            text = path.read_bytes().decode("utf-8-sig")
            st = ["--stars", str(stars)]
            base = ["--stars", "1"]
            p = queens.Puzzle(text, stars=stars)
            b.job(f"puzzle solve {name}", lambda: queens.Puzzle(text, stars=stars).solve(),
                  ["puzzle", "solve", str(path), *st, "--format", "coords"], ["puzzle", "solve", b.one, *base, "--format", "coords"],
                  lambda out: out.split() == sorted((sq for _, sq in p.solve()), key=lambda s: (s[0], int(s[1:]))))
            b.job(f"puzzle count {name}", lambda: queens.Puzzle(text, stars=stars).count(),
                  ["puzzle", "count", str(path), *st], ["puzzle", "count", b.one, *base], lambda out: int(out) == p.count())
            b.job(f"puzzle check {name}", lambda: queens.Puzzle(text, stars=stars).is_unique(),
                  ["puzzle", "check", str(path), *st], ["puzzle", "check", b.one, *base],
                  lambda out: (out.strip() == "unique") == p.is_unique())
            b.job(f"puzzle hint {name}", lambda: queens.Puzzle(text, stars=stars).hint(),
                  ["puzzle", "hint", str(path), *st, "--format", "json"], ["puzzle", "hint", b.one, *base, "--format", "json"],
                  lambda out: json.loads(out).get("rule", "") == p.hint().rule)
            b.job(f"puzzle explain {name}", lambda: queens.Puzzle(text, stars=stars).explain(),
                  ["puzzle", "explain", str(path), *st, "--format", "json"], ["puzzle", "explain", b.one, *base, "--format", "json"],
                  lambda out: len(out.splitlines()) - 1 == len([s for s in p.explain() if s.level]))
            b.job(f"puzzle rate {name}", lambda: queens.Puzzle(text, stars=stars).rating_details,
                  ["puzzle", "rate", str(path), *st], ["puzzle", "rate", b.one, *base], lambda out: out.strip() == p.rating_details)
        b.job("puzzle gen 9 --seed 3 (medium)", lambda: queens.Puzzle.generate(9, seed=3),
              ["puzzle", "gen", "9", "--seed", "3", "--difficulty", "medium"], ["puzzle", "gen", "1", "--seed", "3"],
              lambda out: out == str(queens.Puzzle.generate(9, seed=3)))
        b.job("count 8 --holes d4,e5", lambda: queens.count(8, holes="d4,e5"),
              ["count", "8", "--holes", "d4,e5"], ["count", "1", "--holes", "a1", "--pieces", "0Q"],
              lambda out: int(out) == queens.count(8, holes="d4,e5"))
        b.job("count 10 --torus", lambda: queens.count(10, torus=True), ["count", "10", "--torus"], ["count", "1", "--torus"],
              lambda out: int(out) == queens.count(10, torus=True))
        b.job("count 8 --blockers c3,f6 --pieces 9Q", lambda: queens.count(8, "9Q", blockers="c3,f6"),
              ["count", "8", "--blockers", "c3,f6", "--pieces", "9Q"], ["count", "1", "--blockers", "a1", "--pieces", "0Q"],
              lambda out: int(out) == queens.count(8, "9Q", blockers="c3,f6"))
        k9 = (PUZZLES / "k1-n09-hard.txt").read_text()
        b.job("count --regions (9x9 puzzle, L=RF)", lambda: queens.count(regions=k9, pieces="9L", define={"L": "RF"}),
              ["count", "--regions", str(PUZZLES / "k1-n09-hard.txt"), "--pieces", "9L", "--piece", "L=RF"],
              ["count", "--regions", b.one, "--pieces", "1L", "--piece", "L=RF"],
              lambda out: int(out) == 1)
        b.job("all 10 --unique (92 classes)", lambda: list(queens.solutions(10, unique=True)),
              ["all", "10", "--unique"], ["all", "1", "--unique"], lambda out: len(out.splitlines()) == 92)
        b.job("max 6 --kind K --holes a1", lambda: queens.max_pieces(6, "K", holes="a1"),
              ["max", "6", "--kind", "K", "--holes", "a1"], ["max", "1", "--kind", "K"],
              lambda out: tuple(map(int, out.split())) == queens.max_pieces(6, "K", holes="a1"))
        b.job("cover 8 --kind Q", lambda: queens.cover(8, "Q"), ["cover", "8", "--kind", "Q"], ["cover", "1", "--kind", "Q"],
              lambda out: out.split() == ["5", "4860"])
        b.job("cover 6 --kind N --independent", lambda: queens.cover(6, "N", independent=True),
              ["cover", "6", "--kind", "N", "--independent"], ["cover", "1", "--kind", "N", "--independent"],
              lambda out: out.strip() == str(queens.cover(6, "N", independent=True)))
        b.job("engines 8 --holes a1", lambda: queens.engine_report(8, holes="a1"),
              ["engines", "8", "--holes", "a1"], ["engines", "1"],
              lambda out: out.split("\n\n")[1].rstrip("\n") == str(queens.engine_report(8, holes="a1")[0]).rstrip("\n"))
        b.job("gen-completion 200 --seed 1", lambda: queens.completion_instance(200, seed=1),
              ["gen-completion", "200", "--seed", "1"], ["gen-completion", "1", "--seed", "1"],
              lambda out: [int(x) for x in out.split()] == queens.completion_instance(200, seed=1).perm())
        cnf = queens.export(8, to="dimacs")
        sol = queens.solve(8)
        var = {}
        for line in cnf.splitlines():
            if line.startswith("c var "):
                _, _, v, ks = line.split()
                var[tuple(ks.split("@"))] = int(v)
        true = {var[(k, sq)] for k, sq in sol}
        model = "s SATISFIABLE\nv " + " ".join(str(v if v in true else -v) for v in sorted(var.values())) + " 0\n"
        mfile = b.file("model.txt", model)
        cfile = b.file("model.cnf", cnf)
        base_cnf = b.file("one.cnf", queens.export(1, to="dimacs"))
        base_model = b.file("one.model", "s SATISFIABLE\nv 1 0\n")
        b.job("decode --cnf (8 queens)", lambda: queens.decode(model, cnf=cnf),
              ["decode", "--cnf", cfile, "--model", mfile], ["decode", "--cnf", base_cnf, "--model", base_model],
              lambda out: out.strip() == queens.decode(model, cnf=cnf).coords())
        b.job("verify 8 --holes d4 (a solution)", lambda: queens.verify(8, sol, holes="d4"),
              ["verify", "8", sol.coords().replace(" ", ","), "--holes", "d4"], ["verify", "1", "Qa1"],
              lambda out: out.strip() == str(queens.verify(8, sol, holes="d4")))

        verbs_ok = not b.failed
        results.append((verbs_ok, "every new verb within 20% + 10 µs of the command line's time: "
                        + ("yes" if verbs_ok else ", ".join(r[0] for r in b.rows if not r[3]) + " slower")))
    print()
    for ok, text in results:
        print(("PASS  " if ok else "FAIL  ") + text)
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
