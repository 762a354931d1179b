package baselines

import (
	"fmt"
	"strconv"

	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

// TiresiasPaper is the paper whose simulator the tiresias-sim figure re-runs.
const TiresiasPaper = "Tiresias (Gu et al., NSDI'19)"

// tiresiasSeries are the tiresias-sim figure's series: each is one recorded configuration per
// cluster (a TiresiasRun without Servers), set against that run. The las series against their
// unmodified dlas-gpu are our same runs (the same spec) set against the runs their bugs change;
// those are shown, not judged.
var tiresiasSeries = []struct {
	name, label string
	run         TiresiasRun
}{
	{"fifo-count", "fifo vs their fifo, count", TiresiasRun{Schedule: "fifo", Scheme: "count"}},
	{"fifo-yarn", "fifo, tiresias-yarn vs their fifo, yarn", TiresiasRun{Schedule: "fifo", Scheme: "yarn"}},
	{"las-3250-7200", "las 3250/7200 vs their dlas-gpu, fixed", dlas(3250, 7200, true)},
	{"las-1000-2000", "las 1000/2000 vs their dlas-gpu, fixed", dlas(1000, 2000, true)},
	{"las-400-800", "las 400/800 vs their dlas-gpu, fixed", dlas(400, 800, true)},
	{"las-3250-7200-unmodified", "las 3250/7200 vs their dlas-gpu", dlas(3250, 7200, false)},
	{"las-1000-2000-unmodified", "las 1000/2000 vs their dlas-gpu", dlas(1000, 2000, false)},
	{"las-400-800-unmodified", "las 400/800 vs their dlas-gpu", dlas(400, 800, false)},
}

func dlas(lo, hi int, fixed bool) TiresiasRun {
	return TiresiasRun{Schedule: "dlas-gpu", Scheme: "count", Thresholds: [2]int{lo, hi}, Fixed: fixed}
}

// tiresiasBugs is why ours is set beside their unmodified dlas-gpu without a verdict.
const tiresiasBugs = "their unmodified dlas-gpu has two bugs (run_sim.py:1005, an arrival event keeps a completion's end_jobs " +
	"and later logs preempted jobs as done; run_sim.py:1226, the next demotion is timed by taking wall seconds from a limit " +
	"in GPU-seconds, with integer division, so jobs of several GPUs move down late): ours is judged against the runs with both fixed"

// tiresiasServers are the tiresias-sim figure's clusters (4-GPU servers), its sweep.
var tiresiasServers = []int{2, 3, 4, 32}

// tiresiasRun is the recorded run of series s on the cluster of sweep value x.
func tiresiasRun(x, s int) TiresiasRun {
	want := tiresiasSeries[s].run
	want.Servers = tiresiasServers[x]
	for _, r := range tiresiasRuns {
		if r.Name() == want.Name() {
			return r
		}
	}
	panic("baselines: no recorded run " + want.Name())
}

// Figures are the baselines' figures: tiresias-sim.
func Figures() []*figure.Figure { return []*figure.Figure{figTiresiasSim()} }

// figTiresiasSim judges our fifo and las job for job against the Tiresias authors' simulator
// (TiresiasReruns): per cluster and configuration, the fraction of the 60 jobs that end within 1 s
// of the recorded run. las is judged against the runs in which their two bugs are fixed
// (TiresiasFixes); against the unmodified runs it is shown, not judged, with the bugs as the why.
func figTiresiasSim() *figure.Figure {
	var xs []string
	for _, n := range tiresiasServers {
		xs = append(xs, fmt.Sprintf("%dx4", n))
	}
	var series []figure.Series
	for _, s := range tiresiasSeries {
		series = append(series, figure.Series{Name: s.name, Label: s.label})
	}
	match := func(x, s int) map[string]float64 {
		r := tiresiasRun(x, s)
		out := make(map[string]float64, len(r.End))
		for id, end := range r.End {
			out[strconv.Itoa(id)] = float64(end)
		}
		return out
	}
	f := &figure.Figure{
		ID: "tiresias-sim", Family: "baselines", Paper: TiresiasPaper, Number: "authors' simulator",
		Caption: "Our fifo and las against the Tiresias authors' simulator on its 60-job trace: the fraction of jobs that end within 1 s of theirs, per cluster of 4-GPU servers",
		Sweep:   figure.Sweep{Name: "cluster", Label: "cluster", Values: xs},
		Series:  series,
		Seeds:   []uint64{1},
		Metrics: []figure.Metric{{Name: "jobs_matched", Unit: "1", Label: "jobs ending within 1 s of theirs", Match: match}},
		Chart:   figure.Table,
		// A fixed trace, and neither policy draws a random number.
		Deterministic: true,
		Cell: func(x, s int, seed uint64) scenario.Spec {
			spec := tiresiasRun(x, s).Ours()
			spec.Seed = seed
			return spec
		},
	}
	for x, cl := range xs {
		for s, ser := range tiresiasSeries {
			r := tiresiasRun(x, s)
			ref := figure.Ref{Kind: figure.Absolute, Series: ser.name, X: cl, Metric: "jobs_matched", Value: 1, Unit: "1",
				Tolerance: 0.5 / float64(len(r.End)), Band: "every job must end within 1 s of theirs: 59 of 60 lies outside the band",
				Source: "re-run of SymbioticLab/Tiresias at " + TiresiasCommit[:8] + ", simulator/: " + r.Command(), Evidence: figure.AuthorsCode}
			if !r.Judged() {
				ref.Shown, ref.Tolerance, ref.Band = true, 0, ""
				ref.Why = map[string]string{figure.Shown: tiresiasBugs}
			}
			f.Refs = append(f.Refs, ref)
		}
	}
	return f
}
