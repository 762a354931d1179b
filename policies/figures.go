package policies

import (
	"schedlab/policies/asrpt"
	"schedlab/policies/baselines"
	"schedlab/policies/figure"
	"schedlab/policies/interference"
	"schedlab/policies/scenario"
	"schedlab/policies/similarity"
	"schedlab/policies/synergy"
)

// Figures lists the figure catalogue (the runner's -figure, the page's Figures view), explicitly:
// each policy family declares its own beside its scenarios. Smoke figures come first.
func Figures() []*figure.Figure {
	var l []*figure.Figure
	l = append(l, baselineFigures()...)
	l = append(l, baselines.Figures()...)
	l = append(l, synergy.Figures()...)
	l = append(l, similarity.Figures()...)
	l = append(l, interference.Figures()...)
	l = append(l, asrpt.Figures()...)
	return l
}

// FindFigure returns the catalogue's figure called id.
func FindFigure(id string) (*figure.Figure, bool) {
	for _, f := range Figures() {
		if f.ID == id {
			return f, true
		}
	}
	return nil, false
}

// baselineFigures are the core's smoke figures: small sweeps of the baselines for tests (seconds
// for all their cells), not a paper's figure.
func baselineFigures() []*figure.Figure {
	rates := []string{"6", "12"}
	series := []string{"fifo", "srtf", "las"}
	return []*figure.Figure{{
		ID: "baselines-smoke", Family: "core", Paper: "core", Number: "smoke", Smoke: true,
		Caption: "Mean and p99 JCT of FIFO, SRTF and LAS over load: 100 Philly-derived jobs on 2x8",
		Sweep:   figure.Sweep{Name: "rate", Label: "load (jobs/h)", Values: rates},
		Series:  []figure.Series{{Name: "fifo", Label: "FIFO"}, {Name: "srtf", Label: "SRTF"}, {Name: "las", Label: "LAS"}},
		Seeds:   []uint64{1, 2, 3},
		Metrics: []figure.Metric{
			{Name: "mean_jct_s", Unit: "s", Label: "mean JCT"},
			{Name: "p99_jct_s", Unit: "s", Label: "p99 JCT"},
			{Name: "gpu_util", Unit: "1", Label: "GPU utilisation"},
		},
		Chart: figure.Lines,
		Refs: []figure.Ref{
			{Kind: figure.Direction, Series: "srtf", X: "12", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Evidence: figure.OurCheck,
				Source: "ours, a textbook property: shortest remaining time first minimises mean completion time on one machine (Schrage, Operations Research 1968)"},
		},
		Cell: func(x, s int, seed uint64) scenario.Spec {
			return scenario.Spec{Generate: "philly:jobs=100,rate=" + rates[x], Cluster: "2x8",
				Policies: []string{series[s]}, Seed: seed}
		},
	}}
}
