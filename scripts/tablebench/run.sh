#!/usr/bin/env bash
# Builds scripts/tablebench into build/tablebench, serves it with scripts/serve and prints the
# table-build medians (run.mjs). Needs build/node_modules (make deps) and /usr/bin/chromium.
# Run from the repository root.
set -euo pipefail

out=build/tablebench
rm -rf "$out"
mkdir -p "$out"
cp scripts/tablebench/index.html scripts/tablebench/boot.js "$out/"
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out/"
GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o "$out/bench.wasm" ./scripts/tablebench
go build -o build/serve ./scripts/serve
log=$(mktemp)
build/serve -dir "$out" -addr 127.0.0.1:0 >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
url=
for _ in $(seq 100); do
	url=$(sed -n 's/^serving .* at \(http:[^ ]*\)$/\1/p' "$log")
	[ -n "$url" ] && break
	sleep 0.1
done
BASE_URL=$url node scripts/tablebench/run.mjs
