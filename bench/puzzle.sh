#!/usr/bin/env bash
# Region puzzles ("Queens", Star Battle): solve, count, check, hint, explain, rate and
# gen by size, in-process, medians over generated puzzles; gen against the general
# generator behind `gen-regions` on the same sizes in the same run (the ratio).
#   bench/puzzle.sh [SEEDS]      (default 5 seeds per size)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet -p queens --example puzzle_bench -- "${1:-5}"
