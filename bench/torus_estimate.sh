#!/usr/bin/env bash
# Knuth's estimate of the torus engine's search size, side by side for several sides:
# random walks down each orbit's search (module docs of engine/torus.rs), each printing
# the estimated steps (queens placed, the search's unit of work) with its standard error
# and the walks' own seconds per step. With the measured CPU time of a side that
# finishes, or of sampled tasks (bench/torus_cost.sh), the steps give the search's
# seconds per step on this machine, and so the cost of a side too big to sample (35).
# A measurement, not a check: the example `torus_measure` (feature `measure`); results
# in bench/torus_cost.md.
# Usage: bench/torus_estimate.sh [PROBES] N...   (default 20000 walks per orbit; 23 25 29 31 35)
# SKIP_WIDTH=1 leaves out the timing of the mask widths. CARGO_TARGET_DIR is honoured.
set -euo pipefail
cd "$(dirname "$0")/.."
probes=${1:-20000}
shift || true
sides=${*:-23 25 29 31 35}
run() {
    cargo run --release --quiet -p queens --features measure --example torus_measure -- "$@"
}
cargo build --release --quiet -p queens --features measure --example torus_measure
for n in $sides; do
    run estimate "$n" "$probes" | grep '^n = .*total'
done
# Sides past 32 keep masks for 63 rows: the same tasks of 29 timed with both widths.
if [ -z "${SKIP_WIDTH:-}" ]; then
    run widths 29 | grep '^n = '
fi
