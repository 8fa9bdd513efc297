#!/usr/bin/env bash
# The torus engine's searches one by one (module docs of engine/torus.rs: one search per
# orbit O_j of differences, later orbits with the earlier ones' differences forbidden):
# each orbit's tasks, wall seconds on one thread and weighted solutions, for side N.
# Usage: bench/torus_orbits.sh [N]   (default 23). CARGO_TARGET_DIR is honoured.
set -euo pipefail
cd "$(dirname "$0")/.."
QUEENS_TORUS_N=${1:-23} cargo test --release --quiet -p queens --lib \
    engine::torus::tests::orbit_costs -- --ignored --nocapture 2>&1 | grep '^n = '
