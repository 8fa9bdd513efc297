"""Timings that used to be assertions in the Python suite (issue 37: a timing check
fails or skips on a busy machine, so it is a benchmark, run by hand and read).

- The GIL: two Python threads counting at once (threads=1 each) against one; about
  1x when the extension lets go of the GIL, 2x when it holds it. A control, two
  GIL-free hashing threads, shows what the machine gives right now.
- Budgets: a puzzle count far beyond reach (regions = rows on 20x20) with budget=0.2,
  and how long after the budget BudgetError came.

Usage: python bench/python/timing.py [REPEATS]   (in a venv with queens installed)
The suite keeps the deterministic halves: the counts are right under two threads, a
pure-Python thread runs while a count waits in native code, BudgetError is raised.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
import time

import queens

LONG = [((16, 16), None), ((17, 17), "17A"), ((12, 12), "12N")]
_BUF = bytes(8 << 20)


def one_and_two(fn):
    """Seconds for fn() alone, and for two threads running fn() at once."""
    fn()  # warm-up
    t = time.monotonic()
    fn()
    one = time.monotonic() - t
    threads = [threading.Thread(target=fn) for _ in range(2)]
    t = time.monotonic()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return one, time.monotonic() - t


def hashing():
    h = hashlib.sha256()
    for _ in range(40):
        h.update(_BUF)
    return h.digest()


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"machine: {os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}")
    print("| job | one thread s | two threads at once s | ratio |")
    print("|---|---|---|---|")
    jobs = [("hashlib sha256, 320 MB (control)", hashing)]
    for board, pieces in LONG:
        jobs.append((f"count {board} {pieces or ''}".strip(),
                     lambda b=board, p=pieces: queens.count(b, p, threads=1)))
    for name, fn in jobs:
        best = min((one_and_two(fn) for _ in range(repeats)), key=lambda r: r[1] / r[0])
        print(f"| {name} | {best[0]:.2f} | {best[1]:.2f} | {best[1] / best[0]:.2f} |")
    stripes = queens.Puzzle([chr(ord("a") + i) * 20 for i in range(20)])
    for _ in range(repeats):
        t = time.perf_counter()
        try:
            stripes.count(budget=0.2)
            print("the 20x20 stripes were counted within 0.2 s?")
        except queens.BudgetError:
            print(f"Puzzle(20 stripes).count(budget=0.2): BudgetError after {time.perf_counter() - t:.2f} s")


if __name__ == "__main__":
    main()
