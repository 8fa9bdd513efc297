#!/usr/bin/env bash
# N-queens counting speed (issue 3): our `queens count N` against the reference
# counter ../shared/bench/ref_count.c (mirror-symmetric bitboard backtracker), both
# measured in this run, one after the other, as whole-process wall times.
#
# Usage: bench/nqueens.sh [MAX_N] [MIN_N]   (default 18 and 14)
# Prints per N: reference and our time on 1 thread and the ratio, then both on
# 2 threads and our 2-thread speed-up over our own single thread. Ours is the plain
# `queens count N` (the total, by the half-board join up to N = 21); set
# QUEENS_METHOD=backtrack to time the backtracking search instead.
# The reference is looked up in ../shared/bench (next to the project) or in
# $REF_COUNT_C; without it only our times are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-18}
min=${2:-14}
# QUEENS_BIN: an already built binary (for a machine without cargo).
bin=${QUEENS_BIN:-target/release/queens}
[ -n "${QUEENS_BIN:-}" ] || cargo build --release --quiet
ref_src=${REF_COUNT_C:-}
if [ -z "$ref_src" ]; then
  for cand in ../shared/bench/ref_count.c "$(git rev-parse --git-common-dir 2>/dev/null)/../../shared/bench/ref_count.c"; do
    if [ -f "$cand" ]; then ref_src=$(realpath "$cand"); break; fi
  done
fi
ref=""
if [ -n "$ref_src" ] && [ -f "$ref_src" ]; then
  ref=target/ref_count
  gcc -O3 -march=native -pthread -o "$ref" "$ref_src"
  echo "reference: $ref_src (gcc -O3 -march=native -pthread)"
else
  echo "reference ../shared/bench/ref_count.c not found: skipping it, printing our times only"
fi
echo "machine: $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ); queens $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "ours: queens count N --method ${QUEENS_METHOD:-join}"
python3 - "$bin" "$ref" "$min" "$max" "${QUEENS_METHOD:-join}" <<'PY'
import subprocess, sys, time
bin, ref, lo, hi = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
method = sys.argv[5]
known = {14: 365596, 15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624,
         19: 4968057848, 20: 39029188884}

def timed(cmd):
    t = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - t, out

def ours(n, threads):
    s, out = timed([bin, "count", str(n), "--threads", str(threads), "--method", method])
    total = int(out)
    assert total == known.get(n, total), f"wrong total for {n}: {total}"
    return s

def reference(n, threads):
    s, out = timed([ref, str(n), str(threads)])
    total = int(out.split("total=")[1].split()[0])
    assert total == known.get(n, total), f"reference wrong for {n}"
    return s

print(f"{'N':>3} {'threads':>7} {'ref s':>9} {'ours s':>9} {'ref/ours':>9} {'ours 1T/2T':>11}")
for n in range(lo, hi + 1):
    r1 = reference(n, 1) if ref else None
    o1 = ours(n, 1)
    r2 = reference(n, 2) if ref else None
    o2 = ours(n, 2)
    for t, r, o, extra in ((1, r1, o1, ""), (2, r2, o2, f"{o1 / o2:11.2f}")):
        rs = f"{r:9.3f}" if r is not None else f"{'-':>9}"
        ratio = f"{r / o:9.2f}" if r is not None else f"{'-':>9}"
        print(f"{n:>3} {t:>7} {rs} {o:9.3f} {ratio} {extra}", flush=True)
PY
