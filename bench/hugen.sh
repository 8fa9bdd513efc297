#!/usr/bin/env bash
# Whole-process timings and peak memory for queens at huge N (issue 4).
# Usage: bench/hugen.sh [RUNS]   (default 5 runs per command; prints min and median)
# Needs python3 and GNU time (/usr/bin/time) for the memory figures.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
if [ -z "${QUEENS_BIN:-}" ]; then
    cargo build --release --quiet
fi
bin=${QUEENS_BIN:-target/release/queens}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$bin" "$runs" "$tmp" <<'PY'
import os, random, resource, statistics, subprocess, sys, time
bin, runs, tmp = sys.argv[1], int(sys.argv[2]), sys.argv[3]

cpu_used = []

def timed(args, stdout=subprocess.DEVNULL, stdin=None):
    """Wall seconds and exit code; the child's user+sys CPU seconds go to cpu_used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run([bin] + args, stdout=stdout, stdin=stdin, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_used.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return wall, r.returncode

# Inputs: a 10^7 solution for verify, and 1% of a random 10^6 solution as fixed queens.
with open(f"{tmp}/q7.txt", "wb") as f:
    subprocess.run([bin, "solve", "10000000"], stdout=f, check=True)
with open(f"{tmp}/r6.txt", "wb") as f:
    subprocess.run([bin, "solve", "1000000", "--random", "--seed", "7"], stdout=f, check=True)
rng = random.Random(1)
nums = open(f"{tmp}/r6.txt").read().split()
fixed = [x if rng.random() < 0.01 else "0" for x in nums]
open(f"{tmp}/fix6.txt", "w").write(" ".join(fixed) + "\n")
print(f"(1% fixed: {sum(x != '0' for x in fixed)} queens of 10^6)")

cases = [
    ("solve 10000000 --format perm", ["solve", "10000000", "--format", "perm"], 0.3),
    ("solve 10000000 --random --seed 1", ["solve", "10000000", "--random", "--seed", "1"], 2.0),
    ("solve 1000000 --random --seed 1", ["solve", "1000000", "--random", "--seed", "1"], 0.15),
    ("completion 10^6, 1% fixed", ["solve", "1000000", "--fixed-file", f"{tmp}/fix6.txt"], 1.0),
    ("verify 10000000 --perm-file", ["verify", "10000000", "--perm-file", f"{tmp}/q7.txt"], 1.0),
    ("solve 100000000 --format perm", ["solve", "100000000", "--format", "perm"], None),
]
print("(wall = whole process; cpu = its user+sys time, which a loaded machine inflates less)")
print(f"{'command':38} {'min s':>8} {'median s':>9} {'min cpu s':>10} {'target s':>9}")
for name, args, target in cases:
    times = []
    cpu_used.clear()
    for _ in range(runs):
        t, rc = timed(args)
        assert rc == 0, (name, rc)
        times.append(t)
    tgt = "" if target is None else f"{target:.2f}"
    print(f"{name:38} {min(times):8.3f} {statistics.median(times):9.3f} {min(cpu_used):10.3f} {tgt:>9}")
t = min(timed(["--version"])[0] for _ in range(runs))
print(f"{'reference: queens --version':38} {t:8.3f}")

# Mid-size completion instances in the style of Gent et al.
print()
print(f"{'N':>5} {'instances':>9} {'completed':>9} {'impossible':>10} {'max s':>8} {'median s':>9}  (target <= 0.1 s each)")
for n in [30, 50, 100, 200, 300, 400]:
    yes = no = 0
    times = []
    for seed in range(1, 21):
        path = f"{tmp}/g{n}_{seed}.txt"
        with open(path, "wb") as f:
            subprocess.run([bin, "gen-completion", str(n), "--seed", str(seed)], stdout=f, check=True)
        t, rc = timed(["solve", str(n), "--fixed-file", path, "--format", "perm"])
        assert rc in (0, 1), (n, seed, rc)
        yes += rc == 0
        no += rc == 1
        times.append(t)
    print(f"{n:5} {20:9} {yes:9} {no:10} {max(times):8.3f} {statistics.median(times):9.3f}")

# Peak memory (resident set) of the 10^7 and 10^8 runs.
print()
for name, args in [
    ("solve 10000000 --format perm", ["solve", "10000000", "--format", "perm"]),
    ("solve 10000000 --random --seed 1", ["solve", "10000000", "--random", "--seed", "1"]),
    ("verify 10000000 --perm-file", ["verify", "10000000", "--perm-file", f"{tmp}/q7.txt"]),
    ("solve 100000000 --format perm", ["solve", "100000000", "--format", "perm"]),
]:
    r = subprocess.run(["/usr/bin/time", "-v", bin] + args, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    kb = next(int(l.split()[-1]) for l in r.stderr.splitlines() if "Maximum resident" in l)
    print(f"peak memory {name:38} {kb / 1024:8.1f} MiB")
PY
