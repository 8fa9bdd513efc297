#!/usr/bin/env bash
# Region puzzles ("Queens", Star Battle).
#   bench/puzzle.sh            in-process medians by size (the puzzle_bench example, 5 seeds)
#   bench/puzzle.sh gen        `queens puzzle gen` by grade: SEEDS seeds (default 20) per
#                              grade at SIZES (default 8 12 16 20 25), each run under a
#                              LIMIT-second timeout (default 60); median, 95th percentile
#                              and worst seed per (size, grade), the load before and after;
#                              then Star Battle 10x10 two stars by grade.
#   bench/puzzle.sh stars      Star Battle by grade, as `gen` (SEEDS, LIMIT): two stars at
#                              TWO (default 8 12 16), three stars at THREE (default 12 16 20).
#   bench/puzzle.sh shapes     perimeter ratios (region perimeter over 2*ceil(2*sqrt(area)))
#                              over all regions of seeds 1..SEEDS (default 100) at SIZES; no
#                              grade unless DIFFICULTY is set (easy, medium, hard, expert, or
#                              "all" for one line per grade).
# Quick mode: SEEDS=3 SIZES="8 16" bench/puzzle.sh gen
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-medians}
if [ "$mode" = medians ]; then
  cargo run --release --quiet -p queens --example puzzle_bench -- "${2:-5}"
  exit
fi
cargo build --release --quiet
bin=target/release/queens
sizes=${SIZES:-8 12 16 20 25}
limit=${LIMIT:-60}
grep 'model name' /proc/cpuinfo | head -1
echo "load before: $(uptime)"
seeds=${SEEDS:-20}
run() { # label args... : one line of median / p95 / worst over the seeds
  local label=$1; shift
  for s in $(seq 1 "$seeds"); do
    local t0 t1 rc=0
    t0=$(date +%s%N)
    timeout "$limit" "$bin" puzzle gen "$@" --seed "$s" >/dev/null 2>&1 || rc=$?
    t1=$(date +%s%N)
    echo "$(( (t1 - t0) / 1000000 )) $s $rc"
  done | sort -n | awk -v label="$label" '
    { t[NR] = $1; seed[NR] = $2; if ($3 != 0) fail++ }
    END {
      p95 = int(NR * 0.95 + 0.999); if (p95 > NR) p95 = NR; if (p95 < 1) p95 = 1
      printf "%-22s median %8.2f s  p95 %8.2f s  worst %8.2f s (seed %d)  no puzzle: %d\n",
        label, t[int((NR + 1) / 2)] / 1000, t[p95] / 1000, t[NR] / 1000, seed[NR], fail + 0
    }'
}
if [ "$mode" = gen ]; then
  for n in $sizes; do
    for g in any easy medium hard expert; do
      run "${n}x$n $g" "$n" --difficulty "$g"
    done
  done
  for g in any medium hard expert; do
    run "10x10 K=2 $g" 10 --stars 2 --difficulty "$g"
  done
elif [ "$mode" = stars ]; then
  # Every grade but easy (no puzzle with two or more stars a unit is easy).
  for k in 2 3; do
    if [ "$k" = 2 ]; then ns=${TWO:-8 12 16}; else ns=${THREE:-12 16 20}; fi
    for n in $ns; do
      for g in any medium hard expert; do
        run "${n}x$n K=$k $g" "$n" --stars "$k" --difficulty "$g"
      done
    done
  done
elif [ "$mode" = shapes ]; then
  seeds=${SEEDS:-100}
  grades=${DIFFICULTY:-any}
  [ "$grades" = all ] && grades="any easy medium hard expert"
  for g in $grades; do
  for n in $sizes; do
    for s in $(seq 1 "$seeds"); do
      timeout "$limit" "$bin" puzzle gen "$n" --difficulty "$g" --seed "$s" 2>/dev/null || true
    done | awk -v n="$n" '
      function least(a,  m) { m = int(2 * sqrt(a)); while (m * m < 4 * a) m++; while (m > 0 && (m - 1) * (m - 1) >= 4 * a) m--; return 2 * m }
      { row[(NR - 1) % n] = $0 }
      (NR % n) == 0 {
        delete area; delete per
        for (r = 0; r < n; r++) for (c = 1; c <= n; c++) {
          g = substr(row[r], c, 1); area[g]++
          per[g] += (r == 0 || substr(row[r - 1], c, 1) != g) + (r == n - 1 || substr(row[r + 1], c, 1) != g) \
                  + (c == 1 || substr(row[r], c - 1, 1) != g) + (c == n || substr(row[r], c + 1, 1) != g)
        }
        for (g in area) printf "%.6f %d\n", per[g] / least(area[g]), area[g]
      }' | sort -g | awk -v n="$n" -v g="$g" -v seeds="$seeds" '
      { k++; x[k] = $1; if ($2 > big) big = $2; if ($2 == 1) lone++ }
      END {
        printf "%dx%d %s: seeds 1..%d, %d regions: ratio p95 %.2f  p99 %.2f  worst %.2f; largest region %d, one-square regions %d\n",
          n, n, g, seeds, k, x[int(k * 0.95)], x[int(k * 0.99)], x[k], big, lone + 0
      }'
  done
  done
fi
echo "load after: $(uptime)"
