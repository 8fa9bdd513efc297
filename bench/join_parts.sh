#!/usr/bin/env bash
# The cost of a big N-queens count by the half-board join, from measured parts (issue 29):
# runs shards I/K of `queens count N --method join --threads T` (a shard is every K-th task,
# a sample of the whole task list), one process each under /usr/bin/time, and prints per
# shard its wall and CPU seconds and peak memory, then the whole count's cost estimated
# from them (the shards' mean times K).
#
# Usage: bench/join_parts.sh N K [SHARDS...]   (default shards: 1)
#   THREADS=2 (default) threads per shard; QUEENS_BIN=path for a built binary.
#   bench/join_parts.sh 22 64 1 17 33     # three of 64 parts of Q(22)
#   bench/join_parts.sh 21 1              # all of Q(21) as one part
# With K = 1 the single part is the whole count, checked against A000170 up to 23.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:?N}
k=${2:?K}
shift 2
shards=("$@")
[ ${#shards[@]} -gt 0 ] || shards=(1)
threads=${THREADS:-2}
bin=${QUEENS_BIN:-target/release/queens}
[ -n "${QUEENS_BIN:-}" ] || cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "machine: $(nproc) cores, $(uptime | sed 's/.*load/load/'); $(date -u +%Y-%m-%dT%H:%MZ); queens $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "count $n --method join --threads $threads, shards of $k"
printf '%6s %6s %10s %10s %9s %s\n' shard tasks "wall s" "cpu s" "peak MB" total
sum_wall=0 sum_cpu=0 peak=0 m=0
for i in "${shards[@]}"; do
  if [ "$k" = 1 ]; then
    args=(count "$n" --method join --threads "$threads")
  else
    args=(count "$n" --method join --threads "$threads" --shard "$i/$k")
  fi
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$bin" "${args[@]}" > "$work/out"
  read -r wall user sys kb < "$work/time"
  if [ "$k" = 1 ]; then
    total=$(cat "$work/out") tasks=all
    case $n in
      20) want=39029188884 ;; 21) want=314666222712 ;; 22) want=2691008701644 ;;
      23) want=24233937684440 ;; *) want=$total ;;
    esac
    [ "$total" = "$want" ] || { echo "wrong total for $n: $total (A000170: $want)"; exit 1; }
  else
    total=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])' < "$work/out")
    tasks=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["tasks"])' < "$work/out")
  fi
  cpu=$(echo "$user + $sys" | bc -l)
  printf '%6s %6s %10.1f %10.1f %9.0f %s\n' "$i" "$tasks" "$wall" "$cpu" "$((kb / 1024))" "$total"
  sum_wall=$(echo "$sum_wall + $wall" | bc -l)
  sum_cpu=$(echo "$sum_cpu + $cpu" | bc -l)
  [ "$kb" -gt "$peak" ] && peak=$kb
  m=$((m + 1))
done
if [ "$k" != 1 ]; then
  printf 'estimate of the whole count: %.0f s wall on %s threads (%.1f h), %.0f s CPU; peak of the parts %d MB\n' \
    "$(echo "$sum_wall / $m * $k" | bc -l)" "$threads" "$(echo "$sum_wall / $m * $k / 3600" | bc -l)" \
    "$(echo "$sum_cpu / $m * $k" | bc -l)" "$((peak / 1024))"
fi
