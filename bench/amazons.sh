#!/usr/bin/env bash
# n amazons on n x n (OEIS A051223) with the amazons engine: whole-process times on 1
# and 2 threads, the answer checked against the published value.
# Usage: bench/amazons.sh [MAX_N] [MIN_N]   (default 14 .. 19; n = 20 takes minutes)
# SKIP_BUILD=1 uses an existing target/release/queens.
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-19}
min=${2:-14}
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet
bin=target/release/queens
python3 - "$bin" "$min" "$max" <<'PY'
import sys
sys.path.insert(0, "bench")
from timed import timed
bin, lo, hi = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
# OEIS A051223 (testdata/known_counts.tsv has 11..14, 17, 19..26).
a051223 = {10: 4, 11: 44, 12: 156, 13: 1876, 14: 5180, 15: 32516, 16: 202900,
           17: 1330622, 18: 8924976, 19: 64492432, 20: 495864256, 21: 3977841852,
           22: 34092182276, 23: 306819842212, 24: 2883202816808,
           25: 28144109776812, 26: 286022102245804}
print(f"{'n':>3} {'count':>16} {'1 thread s':>11} {'cpu s':>8} {'2 threads s':>12} {'cpu s':>8}")
for n in range(lo, hi + 1):
    row = [f"{n:>3}"]
    for threads in (1, 2):
        cmd = [bin, "count", str(n), "--pieces", f"{n}A", "--engine", "amazons",
               "--threads", str(threads)]
        out, wall, cpu = timed(cmd)
        if n in a051223 and out != str(a051223[n]):
            print(f"WRONG ANSWER for n={n}: {out} != {a051223[n]}")
            sys.exit(1)
        if threads == 1:
            row.append(f"{out:>16}")
        row.append(f"{wall:11.2f}" if threads == 1 else f"{wall:12.2f}")
        row.append(f"{cpu:8.2f}")
    print(" ".join(row), flush=True)
PY
