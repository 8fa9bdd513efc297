#!/usr/bin/env bash
# Boards beyond the rectangle: 9x9 and 11x11 region puzzles ("Queens": one rook+ferz
# per row, column and region) solved and proved unique, against the SAT engine solving
# the same puzzles in the same run; the toroidal 13-queens count. One thread, medians.
#   bench/terrain.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet -p queens --example terrain_bench
