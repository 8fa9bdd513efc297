#!/usr/bin/env bash
# The Slurm round trip, for real (CI runs it as root): a one-host Slurm
# (slurm/one-host.sh), a count of 19 queens submitted as a 4-part job array with a
# merge job after it (slurm/count.sh), part 2 requeued while it runs (it must resume
# from its checkpoint), and the merged total checked against Q(19) = 4,968,057,848
# (OEIS A000170); then a re-check job recounts 3 parts of the merged manifest (every
# part's subtotal was kept through the requeue). The daemons started here are
# stopped by their PIDs at the end.
#
# Usage: slurm/test.sh [QUEENS_BINARY]   (default target/release/queens)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
queens=${1:-$root/target/release/queens}
work=$(mktemp -d /tmp/queens-slurm-test.XXXXXX)
chmod 755 "$work" # munged runs as the munge user and needs to reach its folder
ok=
finish() {
  "$root/slurm/one-host.sh" stop "$work/slurm" || true
  if [ -z "$ok" ]; then
    echo "slurm/test.sh: FAILED; logs:" >&2
    tail -n 20 "$work"/run/*.log "$work"/slurm/*.log >&2 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap finish EXIT
fail() { echo "slurm/test.sh: $*" >&2; exit 1; }

env_line=$("$root/slurm/one-host.sh" start "$work/slurm")
eval "$env_line"
ids=$("$root/slurm/count.sh" --parts 4 --dir "$work/run" --queens "$queens" --recheck 3 --seed 5 -- 19)
echo "submitted: $ids"
array=${ids#array=}; array=${array%% *}

# Requeue part 2 once its checkpoint holds finished tasks and before it is done.
ckpt=$work/run/part-2.ckpt
for _ in $(seq 600); do
  [ -s "$ckpt" ] && [ "$(wc -l < "$ckpt")" -ge 2 ] && break
  [ -e "$work/run/part-2.json" ] && fail "part 2 finished before it could be requeued"
  sleep 0.1
done
[ "$(wc -l < "$ckpt")" -ge 2 ] || fail "part 2 wrote no finished task in 60 s"
[ -e "$work/run/part-2.json" ] && fail "part 2 finished before it could be requeued"
scontrol requeue "${array}_2"
echo "requeued ${array}_2 with $(($(wc -l < "$ckpt") - 1)) task(s) in its checkpoint"
# A requeued job waits for its old credential to expire (cred_expire=5 in
# one-host.sh); starting it now is harmless where that is already past.
scontrol update JobId="${array}_2" StartTime=now 2>/dev/null || true

for _ in $(seq 1800); do
  [ -e "$work/run/total.txt" ] && break
  sleep 0.1
done
[ -e "$work/run/total.txt" ] || { squeue >&2; fail "no merged total after 180 s"; }
total=$(cat "$work/run/total.txt")
[ "$total" = 4968057848 ] || fail "the merged total is $total, not Q(19) = 4968057848"
grep -q "restart 1" "$work/run/part-2.log" || fail "part 2 did not run again after the requeue"
for _ in $(seq 600); do
  [ -e "$work/run/recheck.txt" ] && break
  sleep 0.1
done
grep -q "^agree: 3 of 3 parts recounted match" "$work/run/recheck.txt" 2>/dev/null ||
  fail "the re-check of 3 parts did not agree: $(cat "$work/run/recheck.txt" 2>/dev/null)"
echo "slurm round trip: 4 parts, part 2 requeued and resumed, merged total $total (Q(19)), 3 parts re-checked"
ok=1
