#!/usr/bin/env bash
# Installs the npm packages pinned in build/package-lock.json (ECharts for the page, esbuild for
# the site build, playwright-core and fake-indexeddb for the tests) with `npm ci --prefix build`,
# when build/node_modules is missing or older than the lock file; otherwise does nothing. Both
# `make serve` (through the site build) and `make test` (scripts/deps.sh) call it, so a fresh
# clone's first command installs what it needs. When npm fails — typically no route to its
# registry — it says so in one line naming the command to run, keeps npm's own output in
# build/npm-ci.log and exits 1. Run from the repository root (the Makefile does).
set -euo pipefail

lock=build/package-lock.json
stamp=build/node_modules/.package-lock.json # npm rewrites it on every install
if [ -f "$stamp" ] && [ ! "$lock" -nt "$stamp" ]; then
	echo "npm: build/node_modules is up to date with $lock"
	exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
	echo "npm: npm not found: install Node 20+ with npm, then run: npm ci --prefix build" >&2
	exit 1
fi
echo "npm: installing the packages pinned in $lock (npm ci --prefix build)"
log=build/npm-ci.log
if ! npm ci --prefix build --no-audit --no-fund --loglevel=error </dev/null >"$log" 2>&1; then
	echo "npm: could not install the packages in $lock (is the npm registry reachable? npm's output: $log); when it is, run: npm ci --prefix build" >&2
	exit 1
fi
rm -f "$log"
