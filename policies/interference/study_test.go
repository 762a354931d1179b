package interference_test

import (
	"fmt"
	"runtime"
	"testing"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/metrics"
	"schedlab/core/sim"
	"schedlab/core/zoo"
	"schedlab/policies"
	"schedlab/policies/interference"
	"schedlab/policies/scenario"
)

// study metrics, in table order; lower is better for the first (mean JCT) only. "waiting" is the
// share of the makespan during which some job waits.
var studyMetrics = []string{"mean JCT (h)", "gpu_util", "effective_util", "loaded_util", "loaded_effective_util", "waiting"}

// study runs names on workload gen over 4x8 V100 for seeds 1–10 and returns policy → metric →
// value per seed.
func study(t *testing.T, workload string, names []string) map[string][][]float64 {
	t.Helper()
	reg := policies.Builtin()
	models := zoo.Models()
	c, err := core.ParseCluster("4x8")
	if err != nil {
		t.Fatal(err)
	}
	vals := map[string][][]float64{}
	for _, n := range names {
		vals[n] = make([][]float64, len(studyMetrics))
	}
	for seed := uint64(1); seed <= 10; seed++ {
		spec := scenario.Spec{Generate: workload, Cluster: "4x8", Policies: names, Seed: seed}
		jobs, err := gen.Generate(spec.Generate, seed, models)
		if err != nil {
			t.Fatal(err)
		}
		out, err := policies.Execute(reg, spec, jobs, c, models)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range out {
			s := o.Summary
			if s.Completed != len(jobs) || s.LoadedUtil == nil {
				t.Fatalf("seed %d %s: got %d of %d jobs done (loaded_util %v), want all and a queue at some point", seed, s.Policy, s.Completed, len(jobs), s.LoadedUtil)
			}
			for m, x := range []float64{*s.MeanJCT / 3600, *s.GPUUtil, *s.EffectiveUtil, *s.LoadedUtil, *s.LoadedEffectiveUtil, waiting(o.Result)} {
				vals[s.Policy][m] = append(vals[s.Policy][m], x)
			}
		}
	}
	return vals
}

// waiting is the share of [first submit, last end] during which at least one job waits.
func waiting(r *sim.Result) float64 {
	first, last := core.MaxTime, core.Time(0)
	for _, j := range r.Jobs {
		first, last = min(first, j.Job.Submit), max(last, j.End)
	}
	se := &r.Series
	var w core.Time
	for i := range se.T {
		a, b := max(se.T[i], first), last
		if i+1 < len(se.T) {
			b = min(se.T[i+1], last)
		}
		if b > a && se.Queue[i] > 0 {
			w += b - a
		}
	}
	return float64(w) / float64(last-first)
}

// TestLoad is the load table of README.md: iasp-iapp and exclusive on interference-util's workload at
// 5, 10 and 40 jobs/h (20 is TestTenSeeds). iasp-iapp must cut mean JCT at every load and raise
// effective_util once queues form (10 jobs/h and more); under light load its utilisations are
// lower and only logged.
func TestLoad(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" || raceEnabled {
		t.Skip("3 loads × 10 seeds × 2 policies × 400 jobs: skipped under -short, wasm and the race detector")
	}
	names := []string{interference.NameIASP, interference.NameExclusive}
	for _, rate := range []int{5, 10, 40} {
		vals := study(t, fmt.Sprintf("interference:jobs=400,rate=%d", rate), names)
		ia, ex := vals[names[0]], vals[names[1]]
		wi, _ := metrics.MeanSD(ia[5])
		we, _ := metrics.MeanSD(ex[5])
		line := fmt.Sprintf("  waiting %.2f / %.2f", wi, we)
		for m, name := range studyMetrics[:5] {
			wins := 0
			for i := range ia[m] {
				if (m == 0 && ia[m][i] < ex[m][i]) || (m > 0 && ia[m][i] > ex[m][i]) {
					wins++
				}
			}
			mi, _ := metrics.MeanSD(ia[m])
			me, _ := metrics.MeanSD(ex[m])
			line += fmt.Sprintf("  %s %.3f / %.3f (%d/10)", name, mi, me, wins)
			if (m == 0 && !(mi < me)) || (m == 2 && rate >= 10 && !(mi > me)) {
				t.Errorf("rate %d: got iasp-iapp %s %.3f vs exclusive %.3f, want better", rate, name, mi, me)
			}
		}
		t.Logf("rate %2d/h, iasp-iapp / exclusive:%s", rate, line)
	}
}

// TestTenSeeds is the study of README.md: interference-util's workload and cluster (400 jobs at 20/h
// on 4x8 V100) on seeds 1–10 — the seeds theta and lambda were NOT tuned on (101–110 were).
// iasp-iapp must beat exclusive, random-share and least-loaded on mean JCT, effective_util and
// loaded_effective_util on average; it logs mean ± sd, per-seed wins and the distance to the
// oracle. gpu_util and loaded_util are reported, not asserted (README.md explains why).
func TestTenSeeds(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" || raceEnabled {
		t.Skip("10 seeds × 5 policies × 400 jobs: skipped under -short, wasm and the race detector")
	}
	names := []string{interference.NameIASP, interference.NameOracle, interference.NameExclusive,
		interference.NameRandomShare, interference.NameLeastLoaded}
	vals := study(t, "interference:jobs=400,rate=20", names)
	for _, n := range names {
		line := ""
		for m, name := range studyMetrics {
			mu, sd := metrics.MeanSD(vals[n][m])
			line += fmt.Sprintf("  %s %.3f ± %.3f", name, mu, sd)
		}
		t.Logf("%-17s%s", n, line)
	}
	ia := vals[interference.NameIASP]
	better := func(m int, x, y float64) bool { return (m == 0 && x < y) || (m > 0 && x > y) }
	for _, n := range names[1:] {
		line := ""
		for m, name := range studyMetrics[:5] { // not "waiting": no better or worse
			wins := 0
			for i := range ia[m] {
				if better(m, ia[m][i], vals[n][m][i]) {
					wins++
				}
			}
			mi, _ := metrics.MeanSD(ia[m])
			mb, _ := metrics.MeanSD(vals[n][m])
			line += fmt.Sprintf("  %s %+.1f %% (%d/10)", name, 100*(mi/mb-1), wins)
			if n != interference.NameOracle && (m == 0 || m == 2 || m == 4) && !better(m, mi, mb) {
				t.Errorf("vs %s: got iasp-iapp %s %.3f, want better than %.3f", n, name, mi, mb)
			}
		}
		t.Logf("iasp-iapp vs %-16s%s", n+":", line)
	}
}
