#!/usr/bin/env bash
# Every fuzz target (fuzz/, cargo-fuzz on a nightly toolchain; issue 37) for SECONDS
# each (default 180), one after another and niced (the machine is shared). libFuzzer
# runs in fork mode, so that a crash, a hang (an input over 10 s) or a run out of
# memory (2 GB) is kept and the run goes on; every such input is copied into
# testdata/fuzz/<target>/, where tests/it/fuzz_replay.rs replays it on stable Rust
# with the seed corpus. The growing corpus is fuzz/corpus/<target>/ (not committed),
# seeded from testdata/fuzz/<target>/. Prints one Markdown row per target: seconds,
# executions, crashes, hangs, out-of-memory, kept inputs (record them in bench/fuzz.md).
# Built with debug assertions (-a), so that an arithmetic overflow is a crash too.
#   bench/fuzz.sh [SECONDS] [TARGET...]
# Needs `cargo fuzz` (cargo install cargo-fuzz) and `rustup toolchain install nightly`.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-180}
shift || true
case $SECONDS_EACH in
'' | *[!0-9]*) echo "usage: bench/fuzz.sh [SECONDS] [TARGET...]" >&2 && exit 2 ;;
esac
cd fuzz
if [ $# -gt 0 ]; then TARGETS=("$@"); else mapfile -t TARGETS < <(cargo +nightly fuzz list); fi
nice cargo +nightly fuzz build -O -a >/dev/null
mkdir -p ../bench/out
echo "| target | seconds | executions | crashes | hangs | out of memory | inputs kept |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for t in "${TARGETS[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  log=../bench/out/fuzz-$t.log
  before=$(ls "artifacts/$t" | wc -l)
  # -fork=1: one child at a time (one core), restarted after each crash, hang or OOM.
  nice cargo +nightly fuzz run -O -a "$t" "corpus/$t" "../testdata/fuzz/$t" -- \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    >"$log" 2>&1 || true
  # The fork mode's last status line: `#EXECS: cov: ... oom/timeout/crash: O/T/C ...`.
  last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -1 || true)
  execs=$(sed -nE 's/^#([0-9]+):.*/\1/p' <<<"$last")
  otc=$(sed -nE 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\1 \2 \3#p' <<<"$last")
  read -r ooms hangs crashes <<<"${otc:-? ? ?}"
  kept=0
  for f in "artifacts/$t"/crash-* "artifacts/$t"/timeout-* "artifacts/$t"/oom-*; do
    [ -e "$f" ] || continue
    name=$(basename "$f")
    if [ ! -e "../testdata/fuzz/$t/$name" ]; then
      cp "$f" "../testdata/fuzz/$t/$name"
      kept=$((kept + 1))
    fi
  done
  echo "| $t | $SECONDS_EACH | ${execs:-?} | $crashes | $hangs | $ooms | $kept (artifacts: $before before, $(ls "artifacts/$t" | wc -l) after) |"
done
