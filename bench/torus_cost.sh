#!/usr/bin/env bash
# The cost of a whole torus count estimated from measured parts: the torus engine's plan
# for side N has PLAN_TASKS tasks; shard I/PLAN_TASKS is task I-1 alone. SAMPLES tasks
# spaced evenly through the plan are counted one by one on one thread (each with a time
# budget), and the whole count's CPU time is estimated as their mean times PLAN_TASKS
# (a systematic sample: tasks vary by orders of magnitude, so this is an estimate with
# the spread printed beside it, not a measurement). A task that runs out of its budget
# makes the estimate a lower bound. Run it on a side that finishes (23) to see how far
# the estimate lands from the measured whole.
# Usage: bench/torus_cost.sh N [SAMPLES] [BUDGET_SECS]   (default 12 samples, 120 s each)
# SKIP_BUILD=1 uses an existing binary; CARGO_TARGET_DIR is honoured.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:?usage: bench/torus_cost.sh N [SAMPLES] [BUDGET_SECS]}
samples=${2:-12}
budget=${3:-120}
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/queens
python3 - "$bin" "$n" "$samples" "$budget" <<'PY'
import json, subprocess, sys, time, resource, statistics
bin, n, samples, budget = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]

def shard(i, k, budget=None):
    cmd = [bin, "count", str(n), "--torus", "--threads", "1", "--shard", f"{i}/{k}"]
    if budget:
        cmd += ["--budget-secs", budget]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return r, cpu

# The plan's size: any shard reports it (the last of a huge K owns no task). Its CPU
# time is the cost of starting and planning, which every sample pays and which is
# taken off each sample (the whole count pays it once).
base = []
for _ in range(3):
    r, cpu = shard(1 << 20, 1 << 20)
    base.append(cpu)
base = min(base)
plan_tasks = json.loads(r.stdout)["plan_tasks"]
picks = sorted({(j * plan_tasks) // samples for j in range(samples)})
print(f"n = {n}: {plan_tasks} tasks, {base:.3f} s CPU to start and plan; "
      f"sampling {len(picks)} tasks, {budget} s budget each")
times, partials, out_of_budget = [], [], 0
for t in picks:
    r, cpu = shard(t + 1, plan_tasks, budget)
    if r.returncode == 3:
        out_of_budget += 1
        times.append(max(cpu - base, 0.0))
        print(f"  task {t:5}: over the budget ({cpu:.1f} s CPU)", flush=True)
        continue
    if r.returncode != 0:
        print(f"FAILED task {t}: {r.stderr.decode().strip()}")
        sys.exit(1)
    j = json.loads(r.stdout)
    print(f"  task {t:5}: {cpu - base:9.3f} s CPU  partial {j['total']}", flush=True)
    partials.append(int(j["total"]))
    times.append(max(cpu - base, 0.0))
mean = statistics.mean(times)
est = mean * plan_tasks + base
bound = "at least " if out_of_budget else ""
print(f"per task: mean {mean:.3f} s, min {min(times):.3f} s, max {max(times):.3f} s")
if not out_of_budget:
    # The same sample's estimate of the count itself: compare it with the published
    # term to see how far a sample of this size lands.
    print(f"count from the sample's partials: {statistics.mean(partials) * plan_tasks:.4g}")
print(f"whole count: {bound}{est:.0f} s CPU = {bound}{est / 3600:.2f} h "
      f"({bound}{est / 7200:.2f} h wall on 2 threads, {bound}{est / 3600 / 64:.2f} h on 64 cores)")
PY
