#!/usr/bin/env bash
# Installs what the tests need, without prompts: Go modules, the npm packages pinned in
# build/package-lock.json (scripts/npm.sh, shared with `make serve`: npm ci when
# build/node_modules is missing or older than the lock file), and Debian's chromium, brotli,
# slurm-wlm and munge (the one-node Slurm of scripts/batch's test) and qemu-user-static (the
# arm64 runner of `make golden`, under qemu-aarch64-static) when missing. Never runs
# `npx playwright install`: the e2e tests drive the system Chromium through playwright-core.
# Under CI=true a failed Chromium install is fatal; otherwise it is a warning and e2e skips.
set -euo pipefail

echo "deps: Go modules"
go mod download

echo "deps: npm packages under build/"
"$(dirname "$0")/npm.sh"

echo "deps: Debian packages (chromium for the browser tests, brotli for the site's ≤ 2 MB transfer, slurm-wlm and munge for the Slurm test, qemu-user-static for the arm64 golden runs)"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v brotli >/dev/null 2>&1 || missing+=(brotli)
command -v slurmctld >/dev/null 2>&1 || missing+=(slurm-wlm)
command -v munged >/dev/null 2>&1 || missing+=(munge)
command -v qemu-aarch64-static >/dev/null 2>&1 || missing+=(qemu-user-static)
if [ ${#missing[@]} -eq 0 ]; then
	echo "deps: chromium, brotli, slurm-wlm, munge and qemu-user-static present"
	exit 0
fi
sudo=
if [ "$(id -u)" != 0 ]; then
	sudo="sudo -n"
fi
export DEBIAN_FRONTEND=noninteractive
if $sudo apt-get update -q </dev/null && $sudo apt-get install -y -q "${missing[@]}" </dev/null; then
	echo "deps: installed ${missing[*]}"
elif [ "${CI:-}" = true ]; then
	echo "deps: apt-get install ${missing[*]} failed" >&2
	exit 1
else
	echo "deps: WARNING: could not install ${missing[*]}; browser tests skip without chromium, the site is gzip-only without brotli, the Slurm test skips without slurm-wlm and munge, the arm64 golden runs skip without qemu-user-static" >&2
fi
