#!/usr/bin/env bash
# The torus engine's searches one by one (module docs of engine/torus.rs: one search per
# orbit O_j of differences, later orbits with the earlier ones' differences forbidden):
# each orbit's tasks, wall seconds on one thread and weighted solutions, for side N.
# A measurement, not a check: the example `torus_measure` (feature `measure`); results
# in bench/torus_cost.md.
# Usage: bench/torus_orbits.sh [N]   (default 23). CARGO_TARGET_DIR is honoured.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet -p queens --features measure --example torus_measure -- \
    orbits "${1:-23}" | grep '^n = '
