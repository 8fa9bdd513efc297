"""Soak (issue 37): 10,000 mixed calls of the Python package, with the process's
resident memory read every 1,000 calls. Memory must stay flat: the peak after the
warm-up (the first 1,000 calls) may grow by at most 10% by the end.

Usage: python bench/soak.py [CALLS]   (with `queens` installed: pip install ./python)
Prints one line per 1,000 calls and a verdict; exits 1 when memory grew past 10%.
"""
import sys

import queens


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


PUZZLE = queens.Puzzle.generate(7, seed=5)


def call(i: int) -> None:
    """One call of a mix: answers, errors and puzzles, so that every path is soaked."""
    k = i % 10
    if k == 0:
        assert queens.count(6) == 4
    elif k == 1:
        assert queens.solve(8) is not None
    elif k == 2:
        assert queens.verify(8, [1, 5, 8, 6, 3, 7, 2, 4]).valid
    elif k == 3:
        assert queens.max_pieces(8, "K")[0] == 16
    elif k == 4:
        assert queens.count(5, "N,B,R,Q,A") == 96
    elif k == 5:
        try:
            queens.count(8, "2X")
        except queens.InputError:
            pass
        else:
            raise AssertionError("a bad spec was taken")
    elif k == 6:
        assert len(list(queens.solutions(6))) == 4
    elif k == 7:
        PUZZLE.hint()
    elif k == 8:
        assert PUZZLE.solve() is not None
    else:
        assert queens.count(4, holes=["a1"]) >= 0


def main() -> int:
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    warm = min(1_000, calls)
    base = None
    for i in range(calls):
        call(i)
        if (i + 1) % 1_000 == 0 or i + 1 == calls:
            now = rss_kb()
            if i + 1 >= warm and base is None:
                base = now
            print(f"python calls {i + 1:>6}: rss {now / 1024:.1f} MB", flush=True)
    end = rss_kb()
    growth = (end - base) / base if base else 0.0
    ok = growth <= 0.10
    print(f"python soak: {calls} calls, rss {base / 1024:.1f} MB after warm-up, {end / 1024:.1f} MB at the end ({growth:+.1%}): {'flat' if ok else 'GREW'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
