#!/usr/bin/env bash
# The table of every Synergy policy in policies/synergy/README.md: each on the authors' own
# Fig-8 workload (scenario synergy-policies: stream=authors, 16x8, 9 jobs/h, split 20/70/10, JCT
# over jobs 4000-4999), mean and p99 JCT at the authors' seed 42, and beside them the mean ± 95 %
# interval (Student t, 9 degrees of freedom) over seeds 1-10 of the authors' generator. Runs
# build/simulate once per seed (JOBS seeds at a time, default the cores), keeps the JSON Lines under build/repro/synergy-table/, checks that
# every run's window ended before the workload's last arrival (else the job count cut arrivals
# short and the row would flatter the policy), and prints the Markdown table on stdout. Run from
# the repository root (make repro-synergy).
set -euo pipefail

if [ ! -x build/simulate ]; then
	echo "synergy-table: build/simulate not built (make build)" >&2
	exit 1
fi
policies=fifo+proportional,fifo+greedy,fifo+tune,srtf+proportional,srtf+greedy,srtf+tune,las+proportional,las+greedy,las+tune,ftf+proportional,ftf+greedy,ftf+tune,drf,drf+tune,tetris,tetris+tune
out=build/repro/synergy-table
mkdir -p "$out"
# run_seed runs every policy on one seed and checks that arrivals outlast every run's window: its
# end (first arrival + makespan) must come before the last arrival.
run_seed() {
	local seed=$1 first last
	build/simulate -scenario synergy-policies -policy "$policies" -seed "$seed" -json \
		-save-trace "$out/$seed.csv" >"$out/$seed.jsonl"
	first=$(sed -n 2p "$out/$seed.csv" | cut -d, -f2)
	last=$(tail -n 1 "$out/$seed.csv" | cut -d, -f2)
	sed -E 's/.*"policy":"([^"]*)".*"makespan_s":([0-9.eE+-]+).*/\1 \2/' "$out/$seed.jsonl" |
		awk -v f="$first" -v l="$last" -v seed="$seed" '$2 + f >= l {
			printf "synergy-table: seed %s %s: the window ends at %.0f s, after the last arrival (%.0f s): raise the job count\n", seed, $1, $2 + f, l > "/dev/stderr"; bad = 1
		} END { exit bad }'
}
export -f run_seed
export policies out
start=$SECONDS
# One seed per process, JOBS at a time (default: the cores).
printf '%s\n' 42 1 2 3 4 5 6 7 8 9 10 | xargs -P "${JOBS:-$(nproc)}" -I{} bash -c 'run_seed {}'
echo "synergy-table: 11 seeds x 16 policies in $((SECONDS - start)) s" >&2

# One line per run: seed, policy, mean and p99 JCT in hours.
for seed in 42 1 2 3 4 5 6 7 8 9 10; do
	sed -E 's/.*"policy":"([^"]*)".*"mean_jct_s":([0-9.eE+-]+).*"p99_jct_s":([0-9.eE+-]+).*/\1 \2 \3/' "$out/$seed.jsonl" |
		awk -v seed="$seed" '{ printf "%s %s %.6f %.6f\n", seed, $1, $2 / 3600, $3 / 3600 }'
done | awk -v order="$policies" '
	BEGIN { n = split(order, pol, ","); t = 2.262157 } # t(0.975, 9)
	$1 == 42 { m42[$2] = $3; p42[$2] = $4; next }
	{ k[$2]++; sm[$2] += $3; sm2[$2] += $3 * $3; sp[$2] += $4; sp2[$2] += $4 * $4 }
	function half(s, s2, c) { v = (s2 - s * s / c) / (c - 1); return t * sqrt(v > 0 ? v : 0) / sqrt(c) }
	END {
		print "| policy | mean JCT h, seed 42 | p99 JCT h, seed 42 | mean JCT h, seeds 1-10 | p99 JCT h, seeds 1-10 |"
		print "|---|---|---|---|---|"
		for (i = 1; i <= n; i++) {
			p = pol[i]; c = k[p]
			if (c != 10) { printf "synergy-table: %s ran on %d seeds, want 10\n", p, c > "/dev/stderr"; exit 1 }
			printf "| %s | %.2f | %.2f | %.2f ± %.2f | %.2f ± %.2f |\n", p, m42[p], p42[p],
				sm[p] / c, half(sm[p], sm2[p], c), sp[p] / c, half(sp[p], sp2[p], c)
		}
	}'
