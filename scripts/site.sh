#!/usr/bin/env bash
# Assembles the static site under build/site (or $1): index.html, static/, Go's wasm_exec.js, and
# the app's own assets once they exist; then precompresses everything (X.gz with Go's gzip,
# X.br with the brotli CLI when installed). Run from the repository root (the Makefile does).
#
# App engineer: add app.wasm, ECharts and other assets in the "app assets" section below; keep
# the script idempotent (it starts from an empty directory) and free of prompts.
set -euo pipefail

out=${1:-build/site}
goroot=$(go env GOROOT)

echo "site: assembling $out"
rm -rf "$out"
mkdir -p "$out"
cp index.html README.md "$out/"
# The documents beside the code, at their repository paths: the policy picker links each family's,
# the page links the cluster guide, and the README's relative links work on the site too.
while IFS= read -r -d '' doc; do
	mkdir -p "$out/$(dirname "$doc")"
	cp "$doc" "$out/$doc"
done < <(find core policies scripts wasm -name '*.md' -not -path '*/testdata/*' -print0)
cp -R static "$out/static"
# Every document also as a page styled like the app (X.md → X.html, scripts/mdhtml: goldmark at
# build time): the page's Guide, policy-writing and family links open these.
go run ./scripts/mdhtml "$out"
cp "$goroot/lib/wasm/wasm_exec.js" "$out/"

# --- app assets (app.wasm, worker.wasm, ECharts, worker bootstrap) -------------------------------------------
# app.wasm is the page's binary; worker.wasm the workers' (static/worker.js: runs, figure cells,
# trace parsing), fetched at the first such request, so the page's first load does not carry the
# simulation; script.wasm the workers of scripted policies. ECharts is bundled from npm
# (build/node_modules, `npm ci` in build/) into static/echarts.js: only the parts the app uses.
# The page names the commit it was built from as its program version (the Claims view and its
# report), "+modified" when the tracked files differ from it; empty outside a git checkout.
rev=$(git rev-parse --short=12 HEAD 2>/dev/null || true)
if [ -n "$rev" ] && ! git diff --quiet HEAD -- 2>/dev/null; then rev="$rev+modified"; fi
GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w -X schedlab/wasm/page.commit=$rev" -o "$out/app.wasm" ./wasm/app
# script.wasm is the worker with the Starlark interpreter for scripted policies (about 1 MB more):
# the page starts it only to check or run a script, so the page's own load stays without it.
GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o "$out/script.wasm" ./wasm/scriptworker
GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o "$out/worker.wasm" ./wasm/appworker
rm -f "$out/static/echarts-entry.js"
if [ ! -x build/node_modules/.bin/esbuild ]; then
	echo "site: build/node_modules/.bin/esbuild missing (run: npm ci --prefix build)" >&2
	exit 1
fi
NODE_PATH="$PWD/build/node_modules" build/node_modules/.bin/esbuild static/echarts-entry.js --bundle --format=esm --minify \
	--log-level=warning --outfile="$out/static/echarts.js"
# --- end of app assets --------------------------------------------------------------------------

go run ./scripts/precompress "$out"
if command -v brotli >/dev/null 2>&1; then
	n=0
	while IFS= read -r -d '' f; do
		brotli -q 11 -f -k -o "$f.br" "$f"
		# Keep a variant only when it is smaller than the original.
		if [ "$(wc -c <"$f.br")" -ge "$(wc -c <"$f")" ]; then rm -f "$f.br"; else n=$((n + 1)); fi
	done < <(find "$out" -type f -size +511c \( -name '*.html' -o -name '*.js' -o -name '*.mjs' \
		-o -name '*.css' -o -name '*.wasm' -o -name '*.json' -o -name '*.svg' -o -name '*.map' \) -print0)
	echo "site: $n files brotli-compressed"
else
	echo "site: brotli not installed, serving gzip variants only (apt-get install -y brotli)"
fi
echo "site: done ($(du -sh "$out" | cut -f1))"
