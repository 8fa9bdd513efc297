#!/usr/bin/env bash
# Re-records the golden outputs of the `queens` command line (checked by tests/it/golden.rs).
#
# Usage: testdata/golden/record.sh BINARY
#   e.g. testdata/golden/record.sh target/release/queens
#
# Reads cases.txt next to this script: `#` comments, blank lines, and one case a line,
# `EXIT | ARGS`, where ARGS are the arguments after `queens`, split on spaces, with
# single quotes (and nothing else) for arguments holding spaces, `*`, `(`, `[` or
# nothing at all (`''`). EXIT may be anything (`?`) for a new case: it is rewritten.
# Runs every case with BINARY from this directory (so `files/...` paths work), stdin
# empty and stderr dropped, then rewrites EXIT in cases.txt and out/NNN.stdout (NNN:
# the case's 1-based position among the cases, comments and blank lines not counted).
# Every `"seconds":NUMBER` in the output is stored as `"seconds":_` (timings vary);
# tests/it/golden.rs does the same to the output it gets.
set -euo pipefail
export LC_ALL=C
[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
bin=$(realpath "$1")
[ -x "$bin" ] || { echo "$0: $bin is not an executable" >&2; exit 2; }
cd "$(dirname "$0")"
new=$(mktemp)
trap 'rm -f "$new"' EXIT
rm -rf out
mkdir out
n=0
lineno=0
while IFS= read -r line || [ -n "$line" ]; do
  lineno=$((lineno + 1))
  case "$line" in
    '' | '#'*) printf '%s\n' "$line" >>"$new"; continue ;;
  esac
  case "$line" in
    *' | '*) ;;
    *) echo "cases.txt:$lineno: expected 'EXIT | ARGS': $line" >&2; exit 2 ;;
  esac
  args=${line#* | }
  # Only the quoting tests/it/golden.rs understands: single quotes, nothing special outside.
  bare=$(printf '%s' "$args" | sed "s/'[^']*'//g")
  if [[ $bare == *"'"* || $bare =~ [^-A-Za-z0-9\ _./,:=+@%^] ]]; then
    echo "cases.txt:$lineno: use only single quotes for special characters: $args" >&2
    exit 2
  fi
  n=$((n + 1))
  eval "set -- $args"
  set +e
  timeout 120 "$bin" "$@" </dev/null 2>/dev/null |
    sed -E 's/"seconds":[-+0-9.eE]*/"seconds":_/g' >"out/$(printf '%03d' "$n").stdout"
  code=${PIPESTATUS[0]}
  set -e
  printf '%s | %s\n' "$code" "$args" >>"$new"
done <cases.txt
cp "$new" cases.txt
echo "recorded $n cases with $bin"
