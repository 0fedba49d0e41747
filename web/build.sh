#!/usr/bin/env bash
# Builds the page with no server into OUT_DIR, for any static host:
# the library compiled to WebAssembly (crates/tansaku-wasm, answering in a Web
# Worker), its bindings, and the page's HTML, CSS and modules.
#
#   web/build.sh OUT_DIR
#   python3 -m http.server 8000 --directory OUT_DIR     # then http://127.0.0.1:8000/
#
# The wasm32 standard library comes from rustup's target when it is
# installed (rustup target add wasm32-unknown-unknown), else from Debian's
# packages (apt-get install rustc-web cargo-web rust-web-src rust-web-llvm
# lld-22), built with the code (-Zbuild-std). wasm-bindgen-cli of the
# version in Cargo.lock is installed with cargo when it is missing.
set -euo pipefail

out=${1:?usage: web/build.sh OUT_DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mkdir -p "$out"
out=$(cd "$out" && pwd)
target=${CARGO_TARGET_DIR:-$root/target}/wasm
wasm=$target/wasm32-unknown-unknown/wasm/tansaku_wasm.wasm

echo "web/build.sh: the library as WebAssembly"
if command -v rustup >/dev/null 2>&1 && rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  cargo build --profile wasm --target wasm32-unknown-unknown -p tansaku-wasm --target-dir "$target"
elif [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] && [ -d /usr/lib/rustlib/src/rust/library ]; then
  # Debian's compiler with its standard library's source: std is built
  # for wasm32 with the code (an unstable flag, allowed on a stable
  # compiler by RUSTC_BOOTSTRAP).
  RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc /usr/bin/cargo build --profile wasm \
    -Zbuild-std=std,panic_abort --target wasm32-unknown-unknown -p tansaku-wasm --target-dir "$target"
else
  echo "web/build.sh: no wasm32 standard library: run 'rustup target add wasm32-unknown-unknown', or on Debian 'apt-get install rustc-web cargo-web rust-web-src rust-web-llvm lld-22'" >&2
  exit 2
fi

echo "web/build.sh: the bindings (wasm-bindgen)"
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
bindgen=${WASM_BINDGEN:-wasm-bindgen}
if ! "$bindgen" --version 2>/dev/null | grep -q " $version\$"; then
  # Not --locked: a locked dependency of the tool is missing from some
  # registries.
  cargo install wasm-bindgen-cli --version "=$version"
  bindgen="${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen"
fi
mkdir -p "$out/pkg"
"$bindgen" --target web --no-typescript --out-dir "$out/pkg" "$wasm"

echo "web/build.sh: the page"
# The page says it has no server (no request for the API first).
sed 's/<html lang="en">/<html lang="en" data-backend="wasm">/' web/index.html >"$out/index.html"
cp web/style.css web/favicon.svg "$out/"
for f in web/*.js; do
  cp "$f" "$out/"
done
echo "web/build.sh: $out ($(du -sh "$out" | cut -f1); serve it with any static file server)"
