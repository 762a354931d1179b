#!/usr/bin/env bash
# Fuzzes every Fuzz* target in the module for the given budget each (default 5s; a count such as
# 40000x runs that many executions instead of a duration): targets are found
# with `go test -list '^Fuzz'`, so a new target is picked up without touching this file. Only the
# packages whose _test.go files mention `func Fuzz` are listed (listing compiles a test binary per
# package, ≈20 s for the whole tree).
# A crash is saved by the go tool under the package's testdata/fuzz/ and fails the run; commit
# that file with the fix so the case stays in the regular tests.
# Go 1.26's fuzz coordinator can fail a target with a bare "context deadline exceeded" when a
# duration budget expires while a starved worker is mid-call (golang/go#75804, fixed in Go 1.27):
# no input is at fault and none is written. A count budget has no deadline and cannot hit it, so
# `make test` uses one; with a duration, such a failure is retried once and then reported.
set -euo pipefail

fuzztime=${1:-5s}
dirs=$(grep -rl --include='*_test.go' -E '^func Fuzz[A-Z_0-9]' . 2>/dev/null |
	grep -v -e '^\./build/' -e '/testdata/' -e '^\./\.git/' | xargs -r -n1 dirname | sort -u || true)
if [ -z "$dirs" ]; then
	echo "fuzz: no Fuzz targets in the tree yet"
	exit 0
fi
# shellcheck disable=SC2086 # word splitting of the directory list is intended
targets=$(go test -list '^Fuzz' $dirs | awk '
	/^Fuzz/ { names[++n] = $1; next }
	/^ok/   { for (i = 1; i <= n; i++) print $2, names[i]; n = 0 }')
if [ -z "$targets" ]; then
	echo "fuzz: no Fuzz targets in the tree yet"
	exit 0
fi
count=$(wc -l <<<"$targets")
echo "fuzz: $count target(s), $fuzztime each"
while read -r pkg name; do
	echo "--- fuzz $pkg $name ($fuzztime)"
	for attempt in 1 2; do
		if out=$(go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" "$pkg" 2>&1); then
			printf '%s\n' "$out" | tail -n 3
			break
		fi
		printf '%s\n' "$out"
		if [ "$attempt" = 1 ] && grep -q 'context deadline exceeded' <<<"$out" &&
			! grep -q -e 'Failing input written' -e 'panic:' <<<"$out"; then
			echo "fuzz: $name hit Go's fuzztime deadline race (golang/go#75804), no input at fault; retrying once"
			continue
		fi
		exit 1
	done
done <<<"$targets"
