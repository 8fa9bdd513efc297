#!/usr/bin/env bash
# Builds the page into web/dist/ (issue 28): the bindings crate (crates/queens-web) for
# wasm32-unknown-unknown, bound by wasm-bindgen-cli of exactly the version the crate
# pins (installed from crates.io when missing), and the page's own files from web/src/
# (the service worker stamped with a hash of the build, so browsers take each build whole).
# Serve the result with any static server: python3 -m http.server -d web/dist
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' crates/queens-web/Cargo.toml)
[ -n "$version" ] || { echo "web/build.sh: no pinned wasm-bindgen version in crates/queens-web/Cargo.toml" >&2; exit 2; }
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  # Without default features: no TLS stack, which only the test runner uses to download.
  cargo install wasm-bindgen-cli --version "$version" --locked --no-default-features
fi
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo build -p queens-web --profile web --target wasm32-unknown-unknown
target=${CARGO_TARGET_DIR:-target}
rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist --out-name queens_web \
  "$target/wasm32-unknown-unknown/web/queens_web.wasm"
cp web/src/* web/dist/
# The service worker's version: a hash of the site's files, so that each build is
# installed whole in the browsers that kept the last one.
stamp=$(cd web/dist && cat $(ls | grep -v '^sw.js$' | sort) | sha256sum | cut -c1-16)
sed -i "s/^const VERSION = \"dev\";/const VERSION = \"$stamp\";/" web/dist/sw.js
grep -q "const VERSION = \"$stamp\";" web/dist/sw.js || { echo "web/build.sh: could not stamp web/dist/sw.js" >&2; exit 2; }
echo "web/build.sh: built web/dist ($(wc -c < web/dist/queens_web_bg.wasm) bytes of wasm); serve it with: python3 -m http.server -d web/dist"
