#!/usr/bin/env bash
# Benchmark the Python package queens against python-constraint and OR-Tools CP-SAT
# (bench.py, see README.md). Makes a venv at $BENCH_VENV (default
# /tmp/queens-bench-venv) if it is missing, installs python-constraint, ortools and
# queens from this tree's python/ (rebuilt, so the current sources are measured), then
# runs bench.py with the arguments given.
#
# Usage: bench/python/run.sh [--quick] [--no-others] [bench.py options]
# $PYTHON: the interpreter the venv is made from (default python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=${BENCH_VENV:-/tmp/queens-bench-venv}
[ -x "$venv/bin/python" ] || "${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/pip" install --quiet python-constraint ortools
"$venv/bin/pip" install --quiet --force-reinstall --no-deps "$here/../../python"
exec "$venv/bin/python" "$here/bench.py" "$@"
