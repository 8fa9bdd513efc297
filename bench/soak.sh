#!/usr/bin/env bash
# Soak (issue 37): 10,000 mixed calls of the Python package (bench/soak.py) and 10,000
# jobs of the page's bindings run natively (crates/queens-web/examples/soak.rs), each
# with its resident memory read every 1,000 calls; each fails when memory grew by more
# than 10% after the warm-up. Results: bench/soak.md.
#
# Usage: bench/soak.sh [CALLS]   (PYTHON: an interpreter with `queens` installed,
# default python3)
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${1:-10000}
echo "machine: $(nproc) cores, $(uptime | sed 's/.*load/load/'); $(date -u +%Y-%m-%dT%H:%MZ); queens $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
"${PYTHON:-python3}" bench/soak.py "$calls"
cargo run --quiet --release -p queens-web --example soak -- "$calls"
