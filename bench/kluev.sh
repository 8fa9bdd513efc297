#!/usr/bin/env bash
# N-queens counting (issue 29): our `queens count N` against Evgeny Kluev's quadrant-join
# counter (github.com/EvgenyKluev/N-Queens-Count-Sol, MIT licence), both timed in this
# run, one after the other, as whole-process wall times (and CPU times).
#
# Usage: bench/kluev.sh [MIN_N] [MAX_N] [THREADS] [REPEATS]   (default 14 19 1 1)
#
# Kluev's program is built OUTSIDE this repository, in $KLUEV_WORK (default
# /tmp/kluev-bench-$USER), once per board size: its board size and tuning are compile-time
# constants in solcounter.h. The script applies the author's settings for each size from
# the table in solcounter.h (sieveCuts, matchMinSize, bmiIntrin, prefetch; sizes below 16
# take the 16 column), enables the BMI2 and prefetch headers where that table says so (as
# its README tells: edit bmintrin.h / prefetch.h), and compiles as its README says,
# `g++ -std=c++20 -O3 main.cpp`, with `-march=native -mtune=native` for the instruction
# set (the README's example names -march=haswell; override with $KLUEV_CXXFLAGS).
#
# The sources: $KLUEV_SRC, either a directory holding them or a git repository (a bare
# mirror works) from which commit $KLUEV_COMMIT (default 580f444, the newest) is taken;
# without $KLUEV_SRC the repository is cloned from GitHub into $KLUEV_WORK.
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
work=${KLUEV_WORK:-/tmp/kluev-bench-${USER:-$(id -u)}}
commit=${KLUEV_COMMIT:-580f444}
cxxflags=${KLUEV_CXXFLAGS:--std=c++20 -O3 -march=native -mtune=native}
mkdir -p "$work"
src="$work/src"
if [ ! -f "$src/main.cpp" ]; then
  rm -rf "$src"
  mkdir -p "$src"
  if [ -n "${KLUEV_SRC:-}" ] && [ -f "$KLUEV_SRC/main.cpp" ]; then
    cp -r "$KLUEV_SRC"/. "$src"
  else
    repo=${KLUEV_SRC:-}
    if [ -z "$repo" ]; then
      git clone --quiet https://github.com/EvgenyKluev/N-Queens-Count-Sol "$work/clone"
      repo="$work/clone"
    fi
    git --git-dir="$(git -C "$repo" rev-parse --absolute-git-dir)" archive "$commit" | tar -x -C "$src"
  fi
fi

# The author's per-size table (solcounter.h): sieveCuts matchMinSize bmiIntrin prefetch.
# The 20 column's prefetch is '*' there; it is taken as true.
settings() {
  case $1 in
    14|15|16|17|18) echo "0 40 false true" ;;
    19) echo "0 40 true true" ;;
    20) echo "3 60 true true" ;;
    21) echo "3 60 true false" ;;
    *) echo "unsupported size $1 (the author's table covers 16..22)" >&2; return 1 ;;
  esac
}

build() { # build Kluev's program for board size $1, print its path
  local n=$1 out="$work/nqueens-$1"
  if [ ! -x "$out" ]; then
    local d="$work/build-$n"
    rm -rf "$d"; cp -r "$src" "$d"
    read -r cuts minsize bmi pf < <(settings "$n")
    sed -i -e "s/^inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/" \
      -e "s/\.sieveCuts = [0-9]*,/.sieveCuts = $cuts,/" \
      -e "s/\.matchMinSize = [0-9]*,/.matchMinSize = $minsize,/" \
      -e "s/\.bmiIntrin = [a-z]*,/.bmiIntrin = $bmi,/" \
      -e "s/\.prefetch = [a-z]*,/.prefetch = $pf,/" "$d/solcounter.h"
    grep -q "inline constexpr int size = $n;" "$d/solcounter.h"
    if [ "$bmi" = true ]; then sed -i 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$d/bmintrin.h"; fi
    if [ "$pf" = true ]; then sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$d/prefetch.h"; fi
    # shellcheck disable=SC2086
    g++ $cxxflags -o "$out" "$d/main.cpp" -pthread
  fi
  echo "$out"
}

echo "machine: $(nproc) cores, $(uptime | sed 's/.*load/load/'); $(date -u +%Y-%m-%dT%H:%MZ); queens $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "kluev: commit $commit, g++ $cxxflags ($(g++ -dumpfullversion)); threads $threads; best of $repeats"
progs=()
for n in $(seq "$min" "$max"); do progs+=("$(build "$n")"); done
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
