#!/usr/bin/env bash
# Puzzles from pictures (issue 39): one 1,000 x 1,100 screenshot (9x9 board, app chrome,
# crowns and crosses) read in-process on one thread; the peak memory of
# `queens puzzle read` on it (decoding included); the rendered set of 1,000 pictures
# (tests/it/picture.rs: three themes, chrome, marks, scaled, blurred, noisy, JPEG
# quality 60-95): right, refused with a sentence, or wrong with a warning (a wrong
# puzzle without a warning fails the run).
#   bench/picture.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
out=target/picture-bench.png
PICTURE_BENCH_OUT=$out cargo test --release --quiet --test it picture_bench -- --ignored --nocapture 2>&1 | grep screenshot
echo "queens puzzle read $out:"
/usr/bin/time -v target/release/queens puzzle read "$out" 2>&1 >/dev/null | grep -E "Maximum resident|Elapsed"
cargo test --release --quiet --test it rendered_set_of_a_thousand -- --ignored --nocapture 2>&1 | grep -E "^right "
