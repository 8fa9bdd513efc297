#!/usr/bin/env bash
# Whole-process timings of a few pieces on big boards (issue 18): the fewpieces and
# queenpoly engines, with the answers checked, beside the engines that also take the
# problem (fewlines, exact) measured in the same run where they accept it.
# Usage: bench/fewpieces.sh [RUNS]   (default 3 runs per command; min and median wall,
# min CPU). SKIP_BUILD=1 uses an existing binary; CARGO_TARGET_DIR is honoured.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/queens
python3 - "$bin" "$runs" <<'PY'
import subprocess, sys, time, statistics, resource
bin, runs = sys.argv[1], int(sys.argv[2])
# 3Q on 1000: the per-parity degree-6 polynomials through OEIS A047659's terms
# n = 6..19 reproduce every published term to n = 31 and give this value.
cases = [
    # (name, args, expected stdout)
    ("2N on 1000x1000 (A172132)", ["count", "1000", "--pieces", "2N"], "499995511992"),
    ("3Q on 1000x1000", ["count", "1000", "--pieces", "3Q"], "165006570844330000"),
    ("3Q on 10^5 x 10^5", ["count", "100000", "--pieces", "3Q"], "166650000658320833443333000000"),
    ("3B on 10^6 x 10^6 (A172124)", ["count", "1000000", "--pieces", "3B", "--engine", "fewpieces"], None),
    ("2Q on 10^6 x 10^6 (A036464)", ["count", "1000000", "--pieces", "2Q"], "499998333334833333000000"),
    ("4Q on 300x300 (A061994 g.f.)", ["count", "300", "--pieces", "4Q"], "2556680691458204810"),
    ("4Q on 100x100, fewlines", ["count", "100", "--pieces", "4Q", "--engine", "fewlines"], "340215259722354"),
    ("5Q on 300x300 (A108792 g.f.)", ["count", "300", "--pieces", "5Q"], None),
    ("5Q on 30x30, queenpoly", ["count", "30", "--pieces", "5Q"], "1519678218528"),
    ("5Q on 30x30, fewlines", ["count", "30", "--pieces", "5Q", "--engine", "fewlines"], "1519678218528"),
    ("6Q on 60x60 (A176186 quasi-poly.)", ["count", "60", "--pieces", "6Q"], "1278382175175730400"),
    ("6Q on 10^9 x 10^9 (A176186)", ["count", "1000000000", "--pieces", "6Q"], None),
    ("6Q on 16x16, queenpoly", ["count", "16", "--pieces", "6Q"], "11139611892"),
    ("6Q on 16x16, fewlines", ["count", "16", "--pieces", "6Q", "--engine", "fewlines"], "11139611892"),
    ("3Q on 128x128, fewpieces", ["count", "128", "--pieces", "3Q", "--engine", "fewpieces"], None),
    ("3Q on 128x128, fewlines", ["count", "128", "--pieces", "3Q", "--engine", "fewlines"], None),
    ("fairy NN,fR,B2N on 300x300", ["count", "300", "--pieces", "X,Y,Z", "--piece", "X=NN",
                                     "--piece", "Y=fR", "--piece", "Z=B2N"], None),
    ("3Q on 60x60 holes+blockers, fewpieces", ["count", "60", "--pieces", "3Q", "--holes", "a1,c5,h8",
                                     "--blockers", "d4,e5,k20", "--engine", "fewpieces"], None),
    ("3Q on 60x60 holes+blockers, exact", ["count", "60", "--pieces", "3Q", "--holes", "a1,c5,h8",
                                     "--blockers", "d4,e5,k20", "--engine", "exact"], None),
    ("2Q,N on 100x100 holes+blockers", ["count", "100", "--pieces", "2Q,N", "--holes", "a1,c5",
                                     "--blockers", "e5"], None),
]
answers = {}
print(f"{'command':40} {'min ms':>9} {'median ms':>10} {'cpu ms':>9}  answer")
for name, args, want in cases:
    times, cpus, out = [], [], None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        r = subprocess.run([bin] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
        times.append((time.perf_counter() - t) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
        out = r.stdout.decode().strip()
        if r.returncode != 0:
            print(f"FAILED {name}: {r.stderr.decode().strip()}")
            sys.exit(1)
        if want is not None and out != want:
            print(f"WRONG ANSWER for {name}: {out!r} != {want!r}")
            sys.exit(1)
    # Pairs of engines on one problem must agree.
    key = tuple(a for a in args if a not in ("--engine", "fewpieces", "fewlines", "exact"))
    if key in answers and answers[key] != out:
        print(f"ENGINES DISAGREE on {name}: {out} != {answers[key]}")
        sys.exit(1)
    answers[key] = out
    print(f"{name:40} {min(times):9.1f} {statistics.median(times):10.1f} {min(cpus):9.1f}  {out}")
PY
