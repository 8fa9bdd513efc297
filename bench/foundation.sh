#!/usr/bin/env bash
# Whole-process timings of the foundation's speed targets (issue 2).
# Usage: bench/foundation.sh [RUNS]   (default 30 runs per command; prints min and median)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-30}
# QUEENS_BIN: an already built binary (to compare two builds in one session).
[ -n "${QUEENS_BIN:-}" ] || cargo build --release --quiet
bin=${QUEENS_BIN:-target/release/queens}
python3 - "$bin" "$runs" <<'PY'
import subprocess, sys, time, statistics
bin, runs = sys.argv[1], int(sys.argv[2])
cases = [
    ("count 6 --pieces 2N,2B,R,Q (104416)", ["count", "6", "--pieces", "2N,2B,R,Q"], 15),
    ("count 7 --pieces 2N,2B,R,Q,A (537896)", ["count", "7", "--pieces", "2N,2B,R,Q,A"], 200),
    ("count 8 (92)", ["count", "8"], 5),
    ("all 8 (92 lines)", ["all", "8"], 10),
    ("solve 8", ["solve", "8"], None),
    ("reference: /bin/true", ["/bin/true"], None),
]
print(f"{'command':42} {'min ms':>8} {'median ms':>10} {'target ms':>10}")
for name, args, target in cases:
    cmd = args if args[0].startswith("/") else [bin] + args
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - t) * 1000)
    tgt = "" if target is None else str(target)
    print(f"{name:42} {min(times):8.2f} {statistics.median(times):10.2f} {tgt:>10}")
PY
