#!/usr/bin/env bash
# n queens on the n x n torus (OEIS A051906): the torus engine against the general
# `--engine exact` on the same n in the same run (wall and CPU time, the ratio), then
# the torus engine alone on the larger sides, every answer checked against OEIS.
# Usage: bench/torus.sh [MAX_N] [THREADS]   (default 23 on 2 threads; exact runs up to
# n = 17, where it takes about 10 s). SKIP_BUILD=1 uses an existing binary;
# CARGO_TARGET_DIR is honoured.
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-23}
threads=${2:-2}
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/queens
python3 - "$bin" "$max" "$threads" <<'PY'
import sys
sys.path.insert(0, "bench")
from timed import timed
bin, hi, threads = sys.argv[1], int(sys.argv[2]), sys.argv[3]
# OEIS A051906 (testdata/known_counts_torus.tsv), the non-zero terms.
a051906 = {1: 1, 5: 10, 7: 28, 11: 88, 13: 4524, 17: 140692, 19: 820496,
           23: 128850048, 25: 1957725000, 29: 605917055356, 31: 13404947681712}
EXACT_MAX = 17

def run(n, engine):
    cmd = [bin, "count", str(n), "--torus", "--engine", engine, "--threads", threads]
    out, wall, cpu = timed(cmd, check=False)
    if out != str(a051906[n]):
        print(f"WRONG ANSWER for n={n} by {engine}: {out!r} != {a051906[n]}")
        sys.exit(1)
    return wall, cpu

print(f"threads: {threads}")
print(f"{'n':>3} {'count':>16} {'torus s':>9} {'cpu s':>8} {'exact s':>9} {'cpu s':>8} {'exact/torus':>12}")
for n in sorted(k for k in a051906 if 5 <= k <= hi):
    tw, tc = run(n, "torus")
    row = f"{n:>3} {a051906[n]:>16} {tw:9.3f} {tc:8.3f}"
    if n <= EXACT_MAX:
        ew, ec = run(n, "exact")
        row += f" {ew:9.3f} {ec:8.3f} {ew / tw:11.1f}x"
    print(row, flush=True)
PY
