#!/usr/bin/env bash
# Paper reproductions through the runner. For now this lists the scenarios the runner knows
# (`build/simulate -list`); with SCENARIOS="name ..." it runs each one
# (`build/simulate -scenario NAME -json`) and writes build/repro/NAME.jsonl. Scenarios are
# declared by the policy packages (see policies/scenario).
set -euo pipefail

if [ ! -x build/simulate ]; then
	echo "repro: build/simulate not built (scripts/simulate not there yet?); nothing to run"
	exit 0
fi
if [ -z "${SCENARIOS:-}" ]; then
	echo "repro: known policies and scenarios (run one with: make repro SCENARIOS=name):"
	build/simulate -list
	exit 0
fi
mkdir -p build/repro
for s in $SCENARIOS; do
	echo "--- repro $s"
	start=$SECONDS
	build/simulate -scenario "$s" -json >"build/repro/$s.jsonl"
	echo "repro: $s -> build/repro/$s.jsonl ($((SECONDS - start)) s)"
done
