#!/usr/bin/env bash
# The cost of splitting a count into parts: the whole count in one process against K
# parts (`count ... --shard I/K`, one process each, run one after another as a
# scheduler's array would) and their `merge`, measured in the same run. Prints wall
# and CPU seconds (user + sys of the processes) and the ratios parts/whole.
#
#   bench/parts.sh                 # count 17 as 1 part and as 64 parts
#   bench/parts.sh big             # also Q(21) and A(21) as 16 parts each, checked
#                                  # against A000170 and A051223 (parts only: about
#                                  # 50 minutes of CPU; the whole counts were measured
#                                  # before, see bench/nqueens.md)
#   THREADS=2 BIN=target/release/queens bench/parts.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/queens}
threads=${THREADS:-2}
[ -x "$bin" ] || cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs "$@" and adds its wall and CPU seconds to the globals WALL and CPU.
timed() {
  /usr/bin/time -f '%e %U %S' -o "$work/time" "$@"
  read -r wall user sys < "$work/time"
  WALL=$(echo "$WALL + $wall" | bc -l)
  CPU=$(echo "$CPU + $user + $sys" | bc -l)
}

# compare LABEL K COUNT_ARGS...: the whole count, then K parts and the merge.
compare() {
  local label=$1 k=$2
  shift 2
  WALL=0 CPU=0
  timed "$bin" count "$@" --threads "$threads" > "$work/whole.txt"
  local whole_wall=$WALL whole_cpu=$CPU whole
  whole=$(cat "$work/whole.txt")
  WALL=0 CPU=0
  local files=()
  for i in $(seq 1 "$k"); do
    timed "$bin" count "$@" --threads "$threads" --shard "$i/$k" > "$work/part-$i.json"
    files+=("$work/part-$i.json")
  done
  timed "$bin" merge "${files[@]}" > "$work/merged.txt"
  local merged
  merged=$(cat "$work/merged.txt")
  [ "$merged" = "$whole" ] || { echo "$label: the parts merge to $merged, not $whole" >&2; exit 1; }
  printf '%-22s total %-14s 1 part: %8.2f s wall %8.2f s CPU | %3d parts + merge: %8.2f s wall %8.2f s CPU | ratio wall %.3f CPU %.3f\n' \
    "$label" "$whole" "$whole_wall" "$whole_cpu" "$k" "$WALL" "$CPU" \
    "$(echo "$WALL / $whole_wall" | bc -l)" "$(echo "$CPU / $whole_cpu" | bc -l)"
}

# parts_only LABEL K WANT COUNT_ARGS...: K parts and the merge, checked against WANT;
# prints each part's time as it finishes.
parts_only() {
  local label=$1 k=$2 want=$3
  shift 3
  WALL=0 CPU=0
  local files=()
  for i in $(seq 1 "$k"); do
    timed "$bin" count "$@" --threads "$threads" --shard "$i/$k" > "$work/part-$i.json"
    files+=("$work/part-$i.json")
    printf '  %s part %d/%d done: %.1f s wall, %.1f s CPU so far\n' "$label" "$i" "$k" "$WALL" "$CPU"
  done
  timed "$bin" merge "${files[@]}" > "$work/merged.txt"
  local merged
  merged=$(cat "$work/merged.txt")
  [ "$merged" = "$want" ] || { echo "$label: the parts merge to $merged, not $want" >&2; exit 1; }
  printf '%-22s total %-14s %3d parts + merge: %8.1f s wall %8.1f s CPU\n' "$label" "$merged" "$k" "$WALL" "$CPU"
}

echo "threads per process: $threads; $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"
compare "count 17" 64 17
if [ "${1:-}" = big ]; then
  parts_only "count 21 (Q21)" 16 314666222712 21
  parts_only "count 21 --pieces 21A" 16 3977841852 21 --pieces 21A
fi
