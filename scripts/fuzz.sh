#!/usr/bin/env bash
# Fuzzes every Fuzz* target in the module for the given time each (default 5s): targets are found
# with `go test -list '^Fuzz'`, so a new target is picked up without touching this file. Only the
# packages whose _test.go files mention `func Fuzz` are listed (listing compiles a test binary per
# package, ≈20 s for the whole tree).
# A crash is saved by the go tool under the package's testdata/fuzz/ and fails the run; commit
# that file with the fix so the case stays in the regular tests.
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
	go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" "$pkg"
done <<<"$targets"
