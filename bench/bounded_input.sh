#!/usr/bin/env bash
# Endless, binary and oversized inputs against every reader of the command line
# (issue 37, "Bounded input"): each must be refused within 0.1 s and 64 MB.
# Usage: bench/bounded_input.sh [RUNS]   (default 5 runs per case; prints the slowest
# wall time and the largest peak resident memory, from the child's own rusage).
# Needs python3 only. Results: bench/bounded_input.md.
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
import os, subprocess, sys, threading, time
bin, runs, tmp = sys.argv[1], int(sys.argv[2]), sys.argv[3]

# The issue's 122 MB region file of 2,000,000 lines.
regions = f"{tmp}/regions.txt"
with open(regions, "wb") as f:
    for _ in range(2000):
        f.write((b"a" * 60 + b"\n") * 1000)

def run(args, feed):
    """Wall seconds, peak MB (wait4's ru_maxrss), exit code and stderr of one run;
    `feed` is written to stdin over and over until the pipe breaks (None: no stdin).
    The peak is an upper bound: a child spawned by vfork counts this process's own
    peak until it execs (hence the reference row, `queens --version`)."""
    t = time.perf_counter()
    p = subprocess.Popen([bin] + args, stdin=subprocess.PIPE if feed else subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if feed:
        block = feed * ((1 << 16) // len(feed) + 1)
        def write():
            try:
                while True:
                    p.stdin.write(block)
            except (BrokenPipeError, ValueError, OSError):
                pass
        threading.Thread(target=write, daemon=True).start()
    err = []
    reader = threading.Thread(target=lambda: err.append(p.stderr.read()))
    reader.start()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    reader.join()
    return wall, usage.ru_maxrss / 1024, p.returncode, err[0].decode().strip()

cases = [
    ("puzzle solve /dev/zero", ["puzzle", "solve", "/dev/zero"], None),
    ("merge /dev/zero", ["merge", "/dev/zero"], None),
    ("solve 8 --fixed-file /dev/zero", ["solve", "8", "--fixed-file", "/dev/zero"], None),
    ("yes abababab | puzzle solve -", ["puzzle", "solve", "-"], b"abababab\n"),
    ("count --regions (122 MB, 2e6 lines)", ["count", "--regions", regions], None),
    ("yes | count --regions -", ["count", "--regions", "-"], b"ab\n"),
    ("yes | merge -", ["merge", "-"], b"1 2 3 "),
    ("yes Qa1 | solve 8 --fixed-file -", ["solve", "8", "--fixed-file", "-"], b"Qa1 "),
    ("yes 1 | solve 8 --fixed-file -", ["solve", "8", "--fixed-file", "-"], b"1 "),
    ("yes 1 | verify 8 --perm-file -", ["verify", "8", "--perm-file", "-"], b"1 "),
    ("yes 1 | verify 8 -", ["verify", "8", "-"], b"1 "),
    ("yes 1 | verify -  (16 MB)", ["verify", "-"], b"1 "),
    ("yes 1 | decode --model -", ["decode", "--model", "-"], b"1 "),
    ("yes c | decode --cnf -  (10 MB)", ["decode", "--cnf", "-"], b"c x\n"),
    ("decode --cnf /dev/zero", ["decode", "--cnf", "/dev/zero"], None),
    ("count 8 --checkpoint /dev/zero", ["count", "8", "--checkpoint", "/dev/zero"], None),
    ("verify 8 --perm-file /dev/zero", ["verify", "8", "--perm-file", "/dev/zero"], None),
]
print(f"{'case':40} {'max s':>7} {'max MB':>7} {'exit':>4}  sentence")
ref = [run(["--version"], None) for _ in range(runs)]
print(f"{'reference: queens --version':40} {max(r[0] for r in ref):7.3f} {max(r[1] for r in ref):7.1f} {ref[0][2]:4}")
worst_s = worst_mb = 0.0
for name, args, feed in cases:
    got = [run(args, feed) for _ in range(runs)]
    s = max(g[0] for g in got)
    mb = max(g[1] for g in got)
    code, err = got[0][2], got[0][3]
    assert all(g[2] == 2 for g in got), (name, got)
    worst_s, worst_mb = max(worst_s, s), max(worst_mb, mb)
    print(f"{name:40} {s:7.3f} {mb:7.1f} {code:4}  {err[:110]}")
print(f"\nworst: {worst_s:.3f} s, {worst_mb:.1f} MB (target: 0.1 s, 64 MB)")
PY
