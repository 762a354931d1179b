#!/usr/bin/env bash
# Runs the browser end-to-end tests (scripts/e2e/*.test.mjs, node:test + playwright-core) against
# the built site (build/site) served by scripts/serve on a free local port. Skips with a message
# when there are no tests or no Chromium, except under CI=true, where a missing Chromium fails.
# Run from the repository root after `make site` (the Makefile does both). Arguments name test
# files to run instead of all of them (scripts/e2e.sh scripts/e2e/scripts.test.mjs). With
# --script FILE it runs that measurement script (node FILE, e.g. scripts/e2e/figperf.mjs) against
# the served site instead of the tests.
set -euo pipefail

shopt -s nullglob
tests=(scripts/e2e/*.test.mjs)
script=
if [ "${1:-}" = --script ]; then
	script=${2:?e2e: --script needs a file}
	tests=("$script")
elif [ $# -gt 0 ]; then
	tests=("$@")
fi
if [ ${#tests[@]} -eq 0 ]; then
	echo "e2e: no tests in scripts/e2e/ yet; skipping"
	exit 0
fi
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
	if [ "${CI:-}" = true ]; then
		echo "e2e: $chromium missing (make deps installs it)" >&2
		exit 1
	fi
	echo "e2e: $chromium missing; skipping (make deps installs it)"
	exit 0
fi
if [ ! -d build/node_modules/playwright-core ]; then
	echo "e2e: build/node_modules/playwright-core missing (run make deps)" >&2
	exit 1
fi
if [ ! -f build/site/index.html ]; then
	echo "e2e: build/site not built (run make site)" >&2
	exit 1
fi

go build -o build/serve ./scripts/serve
# The native runner the tests compare the page with, built once for all of them (browser.mjs runnerBin).
go build -o build/simulate-e2e ./scripts/simulate
log=$(mktemp)
build/serve -dir build/site -addr 127.0.0.1:0 >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "$log"' EXIT

url=
for _ in $(seq 100); do
	url=$(sed -n 's/^serving .* at \(http:[^ ]*\)$/\1/p' "$log")
	[ -n "$url" ] && break
	if ! kill -0 "$pid" 2>/dev/null; then
		cat "$log" >&2
		echo "e2e: server exited" >&2
		exit 1
	fi
	sleep 0.1
done
if [ -z "$url" ]; then
	cat "$log" >&2
	echo "e2e: server did not start within 10 s" >&2
	exit 1
fi
if [ -n "$script" ]; then
	echo "e2e: $script against $url"
	BASE_URL=$url CHROMIUM=$chromium node "$script"
	exit
fi
echo "e2e: ${#tests[@]} test file(s) against $url"
BASE_URL=$url CHROMIUM=$chromium RUNNER=$PWD/build/simulate-e2e node --test "${tests[@]}"
