#!/usr/bin/env python3
"""Seeded generator of N-queens completion instances in the style of Gent, Jefferson &
Nightingale (JAIR 2017): queens are put one by one on random squares whose rank, file
and both diagonals are still free, until about sqrt(N / 0.19) are left to place (near
the 50% satisfiability point). Some instances can be completed, some cannot.

Usage: completion.py N SEED  ->  prints the fixed queens as `Qa1,Qc5,...`
"""
import math
import random
import sys


def file_name(f):
    n, s = f + 1, ""
    while n > 0:
        n -= 1
        s = chr(ord("a") + n % 26) + s
        n //= 26
    return s


def instance(n, seed):
    rng = random.Random(seed)
    left = round(math.sqrt(n / 0.19))
    ranks, files, diag, anti = set(), set(), set(), set()
    placed = []
    while len(placed) < n - left:
        free = [
            (f, r)
            for f in range(n)
            if f not in files
            for r in range(n)
            if r not in ranks and f - r not in diag and f + r not in anti
        ]
        if not free:
            break
        f, r = rng.choice(free)
        placed.append((f, r))
        files.add(f)
        ranks.add(r)
        diag.add(f - r)
        anti.add(f + r)
    return ",".join(f"Q{file_name(f)}{r + 1}" for f, r in sorted(placed))


if __name__ == "__main__":
    print(instance(int(sys.argv[1]), int(sys.argv[2])))
