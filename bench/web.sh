#!/usr/bin/env bash
# The web page's budgets (issue 28) in headless Chromium: .wasm size, time to
# interactive, count of 12 queens in the page against the native CLI on one thread
# (measured in the same run), a daily-size puzzle solved and hinted. See bench/web.py.
# Needs Debian's chromium (apt-get install chromium); makes a venv with Playwright in
# target/web-venv (no browser download).
set -euo pipefail
cd "$(dirname "$0")/.."
web/build.sh
cargo build --release --bin queens
venv=target/web-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c 'import playwright' 2>/dev/null || "$venv/bin/pip" install -q playwright pytest
"$venv/bin/python" bench/web.py
