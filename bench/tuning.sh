#!/usr/bin/env bash
# The join's sieve tuning (issue 42): what `queens tune` chooses on this machine, and
# `queens count N --threads 1` with the processor's rule against the calibrated tuning
# (and against any tunings given in TUNINGS), alternated, CPU seconds (user + sys),
# best of REPEATS. Every run's count is checked against A000170.
#
# Usage: bench/tuning.sh [MIN_N] [MAX_N] [REPEATS]   (default 14 18 3)
#   TUNINGS="kernel=avx2 width=9" bench/tuning.sh 16 18   (more tunings to compare)
set -euo pipefail
cd "$(dirname "$0")/.."
min=${1:-14}
max=${2:-18}
repeats=${3:-3}
bin=${QUEENS_BIN:-target/release/queens}
[ -n "${QUEENS_BIN:-}" ] || cargo build --release --quiet
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores, $(uptime | sed 's/.*load/load/'); $(date -u +%Y-%m-%dT%H:%MZ); queens $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
rule=$(QUEENS_CACHE_DIR=$(mktemp -d) "$bin" tune --show 2>/dev/null)
echo "rule:       $rule"
calibrated=$(QUEENS_CACHE_DIR=$(mktemp -d) "$bin" tune --no-save --repeats 3 2>/dev/null)
echo "calibrated: $calibrated   (queens tune --no-save --repeats 3)"
python3 - "$bin" "$min" "$max" "$repeats" "$rule" "$calibrated" ${TUNINGS:-} <<'PY'
import resource, subprocess, sys
bin, lo, hi, repeats, *tunings = sys.argv[1], *map(int, sys.argv[2:5]), *sys.argv[5:]
names = ["rule", "calibrated"] + tunings[2:]
known = {14: 365596, 15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624, 19: 4968057848}

def cpu(n, tuning):
    ru = lambda: resource.getrusage(resource.RUSAGE_CHILDREN)
    before = ru()
    out = subprocess.run([bin, "count", str(n), "--threads", "1", "--tuning", tuning],
                         capture_output=True, text=True, check=True).stdout.strip()
    after = ru()
    assert int(out) == known[n], (n, tuning, out)
    return max(1e-6, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))

print(f"{'N':>3} " + " ".join(f"{name[:22]:>22}" for name in names) + "   CPU s, best of %d; ratio rule/other" % repeats)
for n in range(lo, hi + 1):
    best = [float("inf")] * len(tunings)
    for _ in range(repeats):
        for i, t in enumerate(tunings):
            best[i] = min(best[i], cpu(n, t))
    cells = [f"{best[0]:>22.3f}"] + [f"{b:>14.3f} ({best[0] / b:4.2f}x)" for b in best[1:]]
    print(f"{n:>3} " + " ".join(cells), flush=True)
PY
echo "load after: $(uptime | sed 's/.*load/load/')"
