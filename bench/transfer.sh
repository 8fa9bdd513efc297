#!/usr/bin/env bash
# Whole-process timings of the transfer engine's targets (issue 18), with the answers
# checked, against a reference binary measured in the same run (the engine before the
# change: by default the main branch's build).
# Usage: bench/transfer.sh [RUNS] [REFERENCE_BINARY]   (default 3 runs; min wall, min CPU)
# BIN=path uses that binary instead of building; REF_TIMEOUT caps each reference run
# (default 120 s; a capped run prints "> cap").
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
ref=${2:-/work/main/target/release/queens}
if [ -z "${BIN:-}" ]; then
    cargo build --release --quiet
    BIN=${CARGO_TARGET_DIR:-target}/release/queens
fi
python3 - "$BIN" "$ref" "$runs" "${REF_TIMEOUT:-120}" <<'PY'
import os, resource, subprocess, sys, time
bin, ref, runs, cap = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
cases = [
    # (name, args, expected stdout, target wall s)
    ("10 kings on 30x30 (A220467)", ["count", "30", "--pieces", "10K"], "61954674910902700663490", 1),
    ("10 kings on 21x21", ["count", "21", "--pieces", "10K"], "31300688890208043566", None),
    ("12 knights on 12x12", ["count", "12", "--pieces", "12N"], "5483225594409823", None),
    ("13 knights on 13x13", ["count", "13", "--pieces", "13N"], "448414229054798028", None),
    ("14 knights on 14x14 (A201540)", ["count", "14", "--pieces", "14N"], "40154319792412218900", 5),
    ("14 knights, --threads 1", ["count", "14", "--pieces", "14N", "--threads", "1"], "40154319792412218900", None),
    ("15 knights on 15x15", ["count", "15", "--pieces", "15N"], "3906519894750904583838", None),
]

def measure(binary, args, want, limit):
    """min wall and min CPU (user + system) over the runs, or None past the cap."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        try:
            out = subprocess.run([binary] + args, stdout=subprocess.PIPE, timeout=limit,
                                 check=False).stdout.decode().strip()
        except subprocess.TimeoutExpired:
            return None
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if out != want:
            print(f"WRONG ANSWER from {binary} {' '.join(args)}: {out!r} != {want!r}")
            sys.exit(1)
    return min(walls), min(cpus)

print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores: wall times above ~2 are contended)")
print(f"{'command':32} {'wall s':>8} {'cpu s':>8} {'ref wall':>9} {'ref cpu':>8} {'cpu ratio':>9} {'target':>7}")
for name, args, want, target in cases:
    new = measure(bin, args, want, None)
    old = measure(ref, args, want, cap) if os.path.exists(ref) else None
    ow, oc, ratio = ("> cap", "> cap", "") if old is None else (f"{old[0]:.2f}", f"{old[1]:.2f}", f"{old[1] / max(new[1], 1e-3):.1f}x")
    tgt = "" if target is None else f"{target} s"
    print(f"{name:32} {new[0]:8.2f} {new[1]:8.2f} {ow:>9} {oc:>8} {ratio:>9} {tgt:>7}")
print(f"load average after: {os.getloadavg()[0]:.1f}")
PY
