#!/usr/bin/env bash
# Submits a long count to Slurm as a job array of K parts plus a merge job that runs
# once every part has succeeded (--dependency=afterok). Each part keeps a checkpoint,
# so a part that is preempted or requeued (`scontrol requeue JOB_I`) resumes where it
# stopped; each part's result is written under a temporary name and renamed when
# complete, so the merge never reads half a result.
#
# Every part writes its manifest (DIR/part-I.manifest, a line per task with its
# subtotal and seconds) and the merge the whole count's (DIR/manifest.txt). With
# --recheck R, a last job after the merge recounts R parts of it drawn at random
# (`queens recheck`, seed --seed S, default 1), a second pass on whatever node Slurm
# gives it, and writes its report to DIR/recheck.txt (the job fails when a part differs).
#
# Usage: slurm/count.sh --parts K --dir DIR [--cpus C] [--queens BIN] [--unique]
#                       [--recheck R [--seed S]] [--sbatch ARG]... -- COUNT_ARGS...
#   slurm/count.sh --parts 64 --dir runs/q21 --cpus 8 --recheck 20 -- 21
#
# Prints the array's and the merge's job ids (`array=ID merge=ID`, then ` recheck=ID`
# with --recheck). When the merge job has run, DIR/total.txt holds the count (and
# DIR/merge.json the merge's JSON); a part that failed leaves the merge pending forever
# (DependencyNeverSatisfied), and its log DIR/part-I.log says why.
set -euo pipefail
parts= dir= cpus=1 queens= unique= recheck= seed=1
sbatch_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --parts) parts=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --cpus) cpus=$2; shift 2 ;;
    --queens) queens=$2; shift 2 ;;
    --unique) unique=--unique; shift ;;
    --recheck) recheck=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --sbatch) sbatch_args+=("$2"); shift 2 ;;
    --) shift; break ;;
    *) echo "count.sh: unknown option '$1' (see the usage at the top of the script)" >&2; exit 2 ;;
  esac
done
[ -n "$parts" ] && [ "$parts" -ge 1 ] 2>/dev/null ||
  { echo "count.sh: give --parts K with K >= 1" >&2; exit 2; }
[ -z "$recheck" ] || [ "$recheck" -ge 1 ] 2>/dev/null ||
  { echo "count.sh: give --recheck R with R >= 1" >&2; exit 2; }
[ "$seed" -ge 0 ] 2>/dev/null || { echo "count.sh: give --seed S with S >= 0" >&2; exit 2; }
[ -n "$dir" ] || { echo "count.sh: give --dir DIR for the parts, logs and result" >&2; exit 2; }
[ $# -gt 0 ] || { echo "count.sh: give the count's arguments after --, such as -- 21" >&2; exit 2; }
if [ -z "$queens" ]; then
  queens=$(command -v queens || true)
  [ -n "$queens" ] || { echo "count.sh: no queens on PATH; give --queens BIN" >&2; exit 2; }
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
case "$dir" in
  *[[:space:]%\'\"\\\$]*) echo "count.sh: the folder '$dir' has a space, quote, % or \$ in its path, which #SBATCH lines cannot hold; pick another --dir" >&2; exit 2 ;;
esac
queens=$(cd "$(dirname "$queens")" && pwd)/$(basename "$queens")
count_args=$(printf '%q ' "$@")

cat > "$dir/part.sbatch" <<SCRIPT
#!/usr/bin/env bash
#SBATCH --job-name=queens-part
#SBATCH --array=1-$parts
#SBATCH --cpus-per-task=$cpus
#SBATCH --requeue
#SBATCH --output=$dir/part-%a.log
#SBATCH --open-mode=append
set -euo pipefail
i=\$SLURM_ARRAY_TASK_ID
echo "part \$i/$parts on \$(hostname -s), start \$(date +%s), restart \${SLURM_RESTART_COUNT:-0}" >&2
$(printf '%q' "$queens") count $count_args--progress --threads "\$SLURM_CPUS_PER_TASK" --shard "\$i/$parts" \\
  --checkpoint "$dir/part-\$i.ckpt" --manifest "$dir/part-\$i.manifest" > "$dir/part-\$i.json.tmp"
mv "$dir/part-\$i.json.tmp" "$dir/part-\$i.json"
SCRIPT

cat > "$dir/merge.sbatch" <<SCRIPT
#!/usr/bin/env bash
#SBATCH --job-name=queens-merge
#SBATCH --output=$dir/merge.log
set -euo pipefail
files=()
for i in \$(seq 1 $parts); do files+=("$dir/part-\$i.json"); done
$(printf '%q' "$queens") merge $unique --json --manifest "$dir/manifest.txt" "\${files[@]}" > "$dir/merge.json.tmp"
$(printf '%q' "$queens") merge $unique "\${files[@]}" > "$dir/total.txt.tmp"
mv "$dir/merge.json.tmp" "$dir/merge.json"
mv "$dir/total.txt.tmp" "$dir/total.txt"
SCRIPT

array=$(sbatch --parsable "${sbatch_args[@]}" "$dir/part.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable "${sbatch_args[@]}" --dependency="afterok:$array" "$dir/merge.sbatch")
merge=${merge%%;*}
if [ -z "$recheck" ]; then
  echo "array=$array merge=$merge"
  exit 0
fi

cat > "$dir/recheck.sbatch" <<SCRIPT
#!/usr/bin/env bash
#SBATCH --job-name=queens-recheck
#SBATCH --cpus-per-task=$cpus
#SBATCH --output=$dir/recheck.log
set -uo pipefail
$(printf '%q' "$queens") recheck "$dir/manifest.txt" --parts $recheck --seed $seed \\
  --threads "\$SLURM_CPUS_PER_TASK" > "$dir/recheck.txt.tmp"
rc=\$?
mv "$dir/recheck.txt.tmp" "$dir/recheck.txt"
exit \$rc
SCRIPT

again=$(sbatch --parsable "${sbatch_args[@]}" --dependency="afterok:$merge" "$dir/recheck.sbatch")
again=${again%%;*}
echo "array=$array merge=$merge recheck=$again"
