package policies

import (
	"schedlab/policies/asrpt"
	"schedlab/policies/interference"
	"schedlab/policies/scenario"
	"schedlab/policies/similarity"
	"schedlab/policies/synergy"
)

// Scenarios lists every named scenario (the runner's -scenario presets and the app's Figures
// panel), explicitly: each policy family declares its own.
func Scenarios() scenario.List {
	var l scenario.List
	l = append(l, baselineScenarios()...)
	l = append(l, synergy.Scenarios()...)
	l = append(l, similarity.Scenarios()...)
	l = append(l, asrpt.Scenarios()...)
	l = append(l, interference.Scenarios()...)
	return l
}

// baselineScenarios are the core's own presets: smoke-sized runs of the baselines used by
// `make test` (the golden files) and the app's default.
func baselineScenarios() scenario.List {
	return scenario.List{
		{
			Name:  "baselines-smoke",
			Title: "Baselines on a small Philly-derived workload (200 jobs, 4x8)",
			Paper: "core",
			Spec: scenario.Spec{Generate: "philly:jobs=200,rate=9", Cluster: "4x8",
				Policies: []string{"fifo", "fifo-backfill", "sjf", "srtf", "las"}},
			Smoke: true,
		},
		{
			Name:  "builtin",
			Title: "The app's built-in workload: 1,000 Philly-derived jobs at 9 jobs/h on 16x8",
			Paper: "core",
			Spec: scenario.Spec{Generate: "philly:jobs=1000,rate=9", Cluster: "16x8",
				Policies: []string{"fifo", "srtf", "las"}},
			Smoke: true,
		},
	}
}
