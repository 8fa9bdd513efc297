#!/usr/bin/env bash
# Puzzles from pictures (issue 39): one 1,000 x 1,100 screenshot (9x9 board, app chrome,
# crowns and crosses) read in-process on one thread; the peak memory of
# `queens puzzle read` on it (decoding included); the rendered set of 1,000 pictures
# (tests/it/rendered.rs: three themes, chrome, marks, scaled, blurred, noisy, JPEG
# quality 60-95): right, refused with a sentence, or wrong with a warning (a wrong
# puzzle without a warning fails the run); the same screenshot read in the page (the
# wasm binding in headless Chromium, bench/picture_web.py; needs Debian's chromium,
# makes a venv with Playwright in target/web-venv as bench/web.sh does, or uses
# $QUEENS_WEB_VENV).
#   bench/picture.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
out=target/picture-bench.png
PICTURE_BENCH_OUT=$out cargo test --release --quiet --test it picture_bench -- --ignored --nocapture 2>&1 | grep screenshot
echo "queens puzzle read $out:"
/usr/bin/time -v target/release/queens puzzle read "$out" 2>&1 >/dev/null | grep -E "Maximum resident|Elapsed"
cargo test --release --quiet --test it rendered_set_of_a_thousand -- --ignored --nocapture 2>&1 | grep -E "^right "
web/build.sh >/dev/null
venv=${QUEENS_WEB_VENV:-target/web-venv}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c 'import playwright' 2>/dev/null || "$venv/bin/pip" install -q playwright
"$venv/bin/python" bench/picture_web.py "$out"
