#!/usr/bin/env bash
# The Python package against the command line on the same work (verbs.py; issue 27):
# builds the command line (target/release/queens) and the package from this tree into
# a venv at $BENCH_VENV (default /tmp/queens-bench-venv), then runs verbs.py with the
# arguments given (--runs N: command-line runs per job, best taken).
#
# Usage: bench/python/verbs.sh [--runs N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
venv=${BENCH_VENV:-/tmp/queens-bench-venv}
(cd "$root" && cargo build --release --bin queens --quiet)
[ -x "$venv/bin/python" ] || "${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/pip" install --quiet --force-reinstall --no-deps "$root/python"
exec "$venv/bin/python" "$here/verbs.py" --cli "${CARGO_TARGET_DIR:-$root/target}/release/queens" "$@"
