#!/usr/bin/env bash
# N-queens counting (issue 29): our `queens count N` against Evgeny Kluev's quadrant-join
# counter (github.com/EvgenyKluev/N-Queens-Count-Sol, MIT licence), both timed in this
# run, one after the other, as whole-process wall times (and CPU times).
#
# Usage: bench/kluev.sh [MIN_N] [MAX_N] [THREADS] [REPEATS]   (default 14 19 1 1)
#
# Kluev's program is NOT fetched, patched or compiled here (issue 42): its board size
# and tuning are compile-time constants in its solcounter.h, so build one binary per board
# size by hand, outside this repository, as its README says (set `size` and the author's
# per-size settings in solcounter.h, compile with `g++ -std=c++20 -O3 ...`), and put them
# in $KLUEV_BIN_DIR as nqueens-N (nqueens-14 ... nqueens-19). Each is run as
# `nqueens-N THREADS` and must print `Result: <count>`. Name the version and the settings
# you built with in $KLUEV_VERSION (printed in the header, and quoted in bench/kluev.md);
# bench/kluev.md says which ones its figures used.
#
# Ours: `queens count N --threads T`; its answer is checked against A000170 and Kluev's
# must agree with it. The ratio is Kluev's time over ours (above 1: ours is faster).
set -euo pipefail
cd "$(dirname "$0")/.."
min=${1:-14}
max=${2:-19}
threads=${3:-1}
repeats=${4:-1}
bin=${QUEENS_BIN:-target/release/queens}
[ -n "${QUEENS_BIN:-}" ] || cargo build --release --quiet
work=${KLUEV_BIN_DIR:?set KLUEV_BIN_DIR to the folder of your hand-built nqueens-N binaries (see the header)}
for n in $(seq "$min" "$max"); do
  [ -x "$work/nqueens-$n" ] || { echo "kluev.sh: $work/nqueens-$n is missing or not executable; build it by hand (see the header)" >&2; exit 2; }
done

echo "machine: $(nproc) cores, $(uptime | sed 's/.*load/load/'); $(date -u +%Y-%m-%dT%H:%MZ); queens $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "kluev: ${KLUEV_VERSION:-version not given (set KLUEV_VERSION)} from $work; threads $threads; best of $repeats"
python3 - "$bin" "$work" "$min" "$max" "$threads" "$repeats" <<'PY'
import os, resource, subprocess, sys, time
bin, work, lo, hi, threads, repeats = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
known = {14: 365596, 15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624,
         19: 4968057848, 20: 39029188884, 21: 314666222712}

def timed(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out

def ours(n):
    wall, cpu, out = timed([bin, "count", str(n), "--threads", str(threads)])
    assert int(out) == known[n], f"ours wrong for {n}: {out}"
    return wall, cpu

def kluev(n):
    wall, cpu, out = timed([os.path.join(work, f"nqueens-{n}"), str(threads)])
    total = int(out.split("Result:")[1].split()[0])
    assert total == known[n], f"Kluev's wrong for {n}: {total}"
    return wall, cpu

print(f"{'N':>3} {'kluev s':>9} {'ours s':>9} {'ratio':>7}   {'kluev cpu':>9} {'ours cpu':>9} {'ratio':>7}")
for n in range(lo, hi + 1):
    ks, os_ = [], []
    for _ in range(repeats):  # alternate the two so that load changes hit both
        ks.append(kluev(n))
        os_.append(ours(n))
    kw, kc = min(k[0] for k in ks), min(k[1] for k in ks)
    ow, oc = min(o[0] for o in os_), min(o[1] for o in os_)
    print(f"{n:>3} {kw:9.3f} {ow:9.3f} {kw / ow:7.2f}   {kc:9.3f} {oc:9.3f} {kc / oc:7.2f}", flush=True)
PY
