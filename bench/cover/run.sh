#!/usr/bin/env bash
# Covering the board (`queens cover`): whole-process times for queens (OEIS A075458 /
# A002564), independent queens (A002568) and knights (A006075), each answer checked
# against the published value. No reference program exists for these counts, so the
# figures are times only.
# Usage: bench/cover/run.sh [TIMEOUT_SECS]   (default 600 per case; a case that runs
# out is reported as such and the larger ones of its kind are skipped)
# THREADS=1 runs on one thread (default: every core); SKIP_BUILD=1 uses an existing
# target/release/queens.
set -euo pipefail
cd "$(dirname "$0")/../.."
limit=${1:-600}
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet
bin=target/release/queens
python3 - "$bin" "$limit" "${THREADS:-0}" <<'PY'
import subprocess, sys, time, resource
bin, limit, threads = sys.argv[1], float(sys.argv[2]), sys.argv[3]
# (label, arguments, published "MIN COUNT" or None when only the minimum is known)
a075458 = {8: 5, 9: 5, 10: 5, 11: 5, 12: 6, 13: 7, 14: 8, 15: 9}
a002564 = {8: 4860, 9: 114, 10: 8, 11: 2, 12: 8, 13: 288, 14: 4632, 15: 205832}
a075324 = {8: 5, 9: 5, 10: 5, 11: 5, 12: 7, 13: 7, 14: 8}
a002568 = {8: 728, 9: 92, 10: 8, 11: 2, 12: 840, 13: 24, 14: 436}
a006075 = {8: 12, 9: 14, 10: 16, 11: 21, 12: 24}
groups = [
    ("queens", [(n, ["--kind", "Q"], f"{a075458[n]} {a002564[n]}") for n in range(8, 16)]),
    ("independent queens",
     [(n, ["--kind", "Q", "--independent"], f"{a075324[n]} {a002568[n]}") for n in range(8, 15)]),
    ("knights", [(n, ["--kind", "N"], str(a006075[n])) for n in range(8, 13)]),
]
print(f"threads: {threads} (0: every core); timeout {limit:.0f} s a case")
print(f"{'case':<34} {'answer':>14} {'wall s':>8} {'cpu s':>8}")
for name, cases in groups:
    for n, args, want in cases:
        cmd = [bin, "cover", str(n), *args, "--threads", threads]
        label = f"cover {n} " + " ".join(args)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        try:
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=limit)
        except subprocess.TimeoutExpired:
            print(f"{label:<34} {'> ' + str(int(limit)) + ' s':>14}", flush=True)
            break
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        out = r.stdout.decode().strip()
        if r.returncode != 0 or not (out == want or out.split()[0] == want):
            print(f"WRONG ANSWER for {label}: {out!r} (exit {r.returncode}), published {want}")
            sys.exit(1)
        print(f"{label:<34} {out:>14} {wall:8.2f} {cpu:8.2f}", flush=True)
PY
