#!/usr/bin/env bash
# Streamed N-queens enumeration (issue 18): whole-process times of `queens all N`
# (plain N-queens: the nqueens engine and the fast coords/perm writer) against the
# same command with `--engine exact` (the general backtracker, whose placements take
# the same writer), both measured in this run, output to a file.
#
# Usage: bench/enumerate.sh [RUNS]   (default 5 runs per command)
# Prints per command: the median wall and CPU (user + sys) seconds of ours and of the
# reference, the CPU ratio, and whether ours meets the issue's target (13 queens:
# 73,712 lines in <= 0.05 s; 14 queens: 365,596 lines in <= 0.25 s), judged on the
# median CPU time (the machine is shared: under load the wall time of a one-thread
# process grows with the other jobs; it is shown, and said whether it met the target
# too). Every output is checked: line count, and byte-identical to the reference's.
# QUEENS_BIN: an already built binary (else `cargo build --release`); QUEENS_OLD: an
# older binary to time as well (e.g. the main branch's, before the fast path).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
bin=${QUEENS_BIN:-${CARGO_TARGET_DIR:-target}/release/queens}
[ -n "${QUEENS_BIN:-}" ] || cargo build --release --quiet
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%Y-%m-%dT%H:%MZ); queens $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
python3 - "$bin" "$runs" "${QUEENS_OLD:-}" <<'PY'
import os, resource, statistics, subprocess, sys, tempfile, time

bin, runs, old = sys.argv[1], int(sys.argv[2]), sys.argv[3]
cases = [  # args, lines, target seconds
    (["all", "13"], 73712, 0.05),
    (["all", "13", "--format", "coords"], 73712, 0.05),
    (["all", "14"], 365596, 0.25),
    (["all", "14", "--format", "perm"], 365596, 0.25),
    # No target in the issue: JSON lines and diagrams (13 lines each, a blank between).
    (["all", "13", "--format", "json"], 73712, None),
    (["all", "13", "--format", "board"], 73712 * 14 - 1, None),
]
tmp = tempfile.mkdtemp(prefix="queens-enum-bench-")

def run(exe, args, out):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    with open(out, "wb") as f:
        subprocess.run([exe] + args, stdout=f, check=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu

def median(exe, args, out):
    # Interleaved by the caller; here one command's runs.
    walls, cpus = zip(*(run(exe, args, out) for _ in range(runs)))
    return statistics.median(walls), statistics.median(cpus), min(walls), max(walls)

print(f"{runs} runs per command; medians (wall min..max in brackets)")
print(f"{'command':<28} {'ours wall':>10} {'ours cpu':>9} {'exact wall':>11} {'exact cpu':>10} {'cpu ratio':>10}  target")
all_met = True
for args, lines, target in cases:
    ours_out, ref_out = os.path.join(tmp, "ours"), os.path.join(tmp, "ref")
    ow, oc, omin, omax = median(bin, args, ours_out)
    rw, rc, _, _ = median(bin, args + ["--engine", "exact"], ref_out)
    with open(ours_out, "rb") as a, open(ref_out, "rb") as b:
        ours_bytes, ref_bytes = a.read(), b.read()
    got = ours_bytes.count(b"\n")
    assert got == lines, f"{args}: {got} lines"
    assert ours_bytes == ref_bytes, f"{args}: output differs from --engine exact"
    name = " ".join(args)
    if target is None:
        verdict = f"(no target) [{omin:.3f}..{omax:.3f}]"
    else:
        met = oc <= target
        all_met &= met
        verdict = (f"<= {target} s: cpu {'met' if met else 'NOT met'}, "
                   f"wall {'met' if ow <= target else 'not met'} [{omin:.3f}..{omax:.3f}]")
    print(f"{name:<28} {ow:>10.3f} {oc:>9.3f} {rw:>11.3f} {rc:>10.3f} {rc / max(oc, 1e-3):>9.1f}x  {verdict}")
    if old:
        old_out = os.path.join(tmp, "old")
        ow2, oc2, _, _ = median(old, args, old_out)
        with open(old_out, "rb") as f:
            assert f.read() == ours_bytes, f"{args}: output differs from {old}"
        print(f"{'  (QUEENS_OLD, same bytes)':<28} {ow2:>10.3f} {oc2:>9.3f} {'':>11} {'':>10} {oc2 / max(oc, 1e-3):>9.1f}x")
for f in os.listdir(tmp):
    os.remove(os.path.join(tmp, f))
os.rmdir(tmp)
print("all targets met (CPU time)" if all_met else "some targets NOT met (see above)")
PY
