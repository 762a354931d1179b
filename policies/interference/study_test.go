package interference_test

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/zoo"
	"schedlab/policies"
	"schedlab/policies/interference"
	"schedlab/policies/scenario"
)

func meanSD(xs []float64) (float64, float64) {
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return m, math.Sqrt(v / float64(max(1, len(xs)-1)))
}

// study metrics, in table order; lower is better for the first (mean JCT) only.
var studyMetrics = []string{"mean JCT (h)", "gpu_util", "effective_util", "loaded_util", "loaded_effective_util"}

// TestTenSeeds is the README's study: interference-util's workload and cluster (400 jobs at 20/h
// on 4x8 V100) on seeds 1–10 — the seeds theta and lambda were NOT tuned on (101–110 were).
// iasp-iapp must beat exclusive, random-share and least-loaded on mean JCT, effective_util and
// loaded_effective_util on average; it logs mean ± sd, per-seed wins and the distance to the
// oracle. gpu_util and loaded_util are reported, not asserted (README explains why).
func TestTenSeeds(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" || raceEnabled {
		t.Skip("10 seeds × 5 policies × 400 jobs: skipped under -short, wasm and the race detector")
	}
	names := []string{interference.NameIASP, interference.NameOracle, interference.NameExclusive,
		interference.NameRandomShare, interference.NameLeastLoaded}
	reg := policies.Builtin()
	models := zoo.Models()
	c, err := core.ParseCluster("4x8")
	if err != nil {
		t.Fatal(err)
	}
	vals := map[string][][]float64{} // policy → metric → per seed
	for _, n := range names {
		vals[n] = make([][]float64, len(studyMetrics))
	}
	for seed := uint64(1); seed <= 10; seed++ {
		spec := scenario.Spec{Generate: "interference:jobs=400,rate=20", Cluster: "4x8", Policies: names, Seed: seed}
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
			for m, x := range []float64{*s.MeanJCT / 3600, *s.GPUUtil, *s.EffectiveUtil, *s.LoadedUtil, *s.LoadedEffectiveUtil} {
				vals[s.Policy][m] = append(vals[s.Policy][m], x)
			}
		}
	}
	for _, n := range names {
		line := ""
		for m, name := range studyMetrics {
			mu, sd := meanSD(vals[n][m])
			line += fmt.Sprintf("  %s %.3f ± %.3f", name, mu, sd)
		}
		t.Logf("%-17s%s", n, line)
	}
	ia := vals[interference.NameIASP]
	better := func(m int, x, y float64) bool { return (m == 0 && x < y) || (m > 0 && x > y) }
	for _, n := range names[1:] {
		line := ""
		for m, name := range studyMetrics {
			wins := 0
			for i := range ia[m] {
				if better(m, ia[m][i], vals[n][m][i]) {
					wins++
				}
			}
			mi, _ := meanSD(ia[m])
			mb, _ := meanSD(vals[n][m])
			line += fmt.Sprintf("  %s %+.1f %% (%d/10)", name, 100*(mi/mb-1), wins)
			if n != interference.NameOracle && (m == 0 || m == 2 || m == 4) && !better(m, mi, mb) {
				t.Errorf("vs %s: got iasp-iapp %s %.3f, want better than %.3f", n, name, mi, mb)
			}
		}
		t.Logf("iasp-iapp vs %-16s%s", n+":", line)
	}
}
