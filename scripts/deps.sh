#!/usr/bin/env bash
# Installs what the tests need, without prompts: Go modules, the npm packages pinned in
# build/package-lock.json (npm ci, skipped when build/node_modules already satisfies
# build/package.json), and Debian's chromium when /usr/bin/chromium is missing. Never runs
# `npx playwright install`: the e2e tests drive the system Chromium through playwright-core.
# Under CI=true a failed Chromium install is fatal; otherwise it is a warning and e2e skips.
set -euo pipefail

echo "deps: Go modules"
go mod download

echo "deps: npm packages under build/"
if npm ls --prefix build --depth=0 >/dev/null 2>&1; then
	echo "deps: build/node_modules is up to date"
elif [ -f build/package-lock.json ]; then
	npm ci --prefix build --no-audit --no-fund --loglevel=error </dev/null
else
	npm install --prefix build --no-audit --no-fund --loglevel=error </dev/null
fi

echo "deps: chromium"
if [ -x /usr/bin/chromium ]; then
	echo "deps: /usr/bin/chromium present"
	exit 0
fi
sudo=
if [ "$(id -u)" != 0 ]; then
	sudo="sudo -n"
fi
export DEBIAN_FRONTEND=noninteractive
if $sudo apt-get update -q </dev/null && $sudo apt-get install -y -q chromium </dev/null; then
	echo "deps: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
elif [ "${CI:-}" = true ]; then
	echo "deps: apt-get install chromium failed" >&2
	exit 1
else
	echo "deps: WARNING: could not install chromium; the browser tests will be skipped" >&2
fi
