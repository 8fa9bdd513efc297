#!/usr/bin/env bash
# SAT engine benchmark: enumeration of 12 queens and completion instances, sat vs exact
# engine, timed in the same run; plus the exported models run through external solvers
# where they are installed (cadical, minizinc; XCSP3 through ACE from PyPI's pycsp3 when
# a virtualenv with it is given as PYCSP3_VENV).
#
# Usage: bench/sat.sh            (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
Q=target/release/queens
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

secs() { # secs CMD...: wall seconds of CMD, output discarded
  local s e
  s=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || true
  e=$(date +%s.%N)
  awk -v s="$s" -v e="$e" 'BEGIN {printf "%.3f", e - s}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", a / b}'; }
add() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a + b}'; }

echo "== 12 queens: all 14,200 solutions (one thread) =="
[ "$($Q all 12 --engine sat | wc -l)" = 14200 ] || { echo "sat engine: wrong number of solutions"; exit 1; }
sat=$(secs $Q all 12 --engine sat)
exact=$(secs $Q all 12 --engine exact --threads 1)
echo "all 12 --engine sat:   ${sat} s"
echo "all 12 --engine exact: ${exact} s   (sat / exact = $(ratio "$sat" "$exact"))"
sat=$(secs $Q count 12 --engine sat)
echo "count 12 --engine sat: ${sat} s"

echo
echo "== completion instances (bench/completion.py N SEED): seconds per engine =="
printf "%-4s %-4s %-6s %-6s %9s %9s\n" N seed fixed answer sat exact
tot_sat=0; tot_exact=0
for n in 30 40 50 64; do
  for seed in 1 2 3 4 5; do
    fixed=$(python3 bench/completion.py "$n" "$seed")
    nfixed=$(echo "$fixed" | tr ',' '\n' | wc -l)
    a=$($Q solve "$n" --fixed "$fixed" --engine sat --format coords > /dev/null 2>&1 && echo yes || echo no)
    s=$(secs timeout 60 $Q solve "$n" --fixed "$fixed" --engine sat --format coords)
    e=$(secs timeout 60 $Q solve "$n" --fixed "$fixed" --engine exact --format coords)
    b=$(timeout 60 $Q solve "$n" --fixed "$fixed" --engine exact --format coords > /dev/null 2>&1 && echo yes || echo no)
    [ "$a" = "$b" ] || awk -v e="$e" 'BEGIN {exit !(e >= 60)}' || { echo "engines disagree on N=$n seed=$seed"; exit 1; }
    printf "%-4s %-4s %-6s %-6s %9s %9s\n" "$n" "$seed" "$nfixed" "$a" "$s" "$e"
    tot_sat=$(add "$tot_sat" "$s"); tot_exact=$(add "$tot_exact" "$e")
  done
done
echo "total: sat $tot_sat s, exact $tot_exact s (timeouts counted as 60 s)"

echo
echo "== exported models in external solvers =="
if command -v cadical > /dev/null; then
  $Q export 12 --to dimacs > "$T/q12.cnf"
  echo "cadical on 12 queens DIMACS (one solution): $(secs cadical -q "$T/q12.cnf") s"
  $Q export 30 --to dimacs > "$T/q30.cnf"
  echo "cadical on 30 queens DIMACS (one solution): $(secs cadical -q "$T/q30.cnf") s"
else
  echo "cadical not installed: skipped"
fi
if command -v minizinc > /dev/null; then
  $Q export 8 --to minizinc > "$T/q8.mzn"
  n=$(minizinc --solver gecode --all-solutions "$T/q8.mzn" | grep -c -- '^----------$')
  echo "minizinc/gecode, 8 queens, all solutions: $n (queens count: $($Q count 8))"
else
  echo "minizinc not installed: skipped"
fi
ACE=$(ls "${PYCSP3_VENV:-/nonexistent}"/lib/python3*/site-packages/pycsp3/solvers/ace/ACE*.jar 2>/dev/null | head -1 || true)
if [ -n "$ACE" ] && command -v java > /dev/null; then
  for args in "8" "5 --pieces N,B,R,Q,A" "6 --pieces 2N,2B,R,Q" "8 --fixed Qd1"; do
    # shellcheck disable=SC2086
    $Q export $args --to xcsp3 > "$T/p.xml"
    # shellcheck disable=SC2086
    ours=$($Q count $args)
    theirs=$(java -jar "$ACE" "$T/p.xml" -s=all 2>&1 | sed 's/\x1b\[[0-9;]*m//g' | awk '/^d FOUND SOLUTIONS/ {gsub(",", "", $4); print $4}' | tail -1)
    echo "ACE (XCSP3), $args: $theirs solutions (queens count: $ours)"
    [ "$theirs" = "$ours" ] || { echo "ACE disagrees"; exit 1; }
  done
else
  echo "XCSP3: ACE not found (set PYCSP3_VENV to a virtualenv with pycsp3 installed): skipped"
fi
