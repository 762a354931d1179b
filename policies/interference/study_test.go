package interference_test

import (
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

type stat struct{ jct, util, eff []float64 }

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

// TestTenSeeds: iasp-iapp beats exclusive, random-share and least-loaded on mean JCT and
// utilisation (effective_util) on average over 10 seeds; it logs mean ± standard deviation and
// the distance to the oracle.
func TestTenSeeds(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" || raceEnabled {
		t.Skip("10 seeds × 5 policies: skipped under -short, wasm and the race detector")
	}
	names := []string{interference.NameIASP, interference.NameOracle, interference.NameExclusive,
		interference.NameRandomShare, interference.NameLeastLoaded}
	reg := policies.Builtin()
	models := zoo.Models()
	c, err := core.ParseCluster("4x8")
	if err != nil {
		t.Fatal(err)
	}
	stats := map[string]*stat{}
	for _, n := range names {
		stats[n] = &stat{}
	}
	for seed := uint64(1); seed <= 10; seed++ {
		spec := scenario.Spec{Generate: "interference:jobs=150,rate=20", Cluster: "4x8", Policies: names, Seed: seed}
		jobs, err := gen.Generate(spec.Generate, seed, models)
		if err != nil {
			t.Fatal(err)
		}
		out, err := policies.Execute(reg, spec, jobs, c, models)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range out {
			s := stats[o.Summary.Policy]
			if o.Summary.Completed != len(jobs) {
				t.Fatalf("seed %d %s: %d of %d jobs done", seed, o.Summary.Policy, o.Summary.Completed, len(jobs))
			}
			s.jct = append(s.jct, *o.Summary.MeanJCT/3600)
			s.util = append(s.util, *o.Summary.GPUUtil)
			s.eff = append(s.eff, *o.Summary.EffectiveUtil)
		}
	}
	row := func(n string) (float64, float64) {
		jm, _ := meanSD(stats[n].jct)
		em, _ := meanSD(stats[n].eff)
		return jm, em
	}
	for _, n := range names {
		jm, js := meanSD(stats[n].jct)
		um, us := meanSD(stats[n].util)
		em, es := meanSD(stats[n].eff)
		t.Logf("%-17s mean JCT %6.2f ± %5.2f h  gpu_util %.3f ± %.3f  effective_util %.3f ± %.3f", n, jm, js, um, us, em, es)
	}
	ij, ie := row(interference.NameIASP)
	oj, oe := row(interference.NameOracle)
	t.Logf("iasp-iapp vs oracle: JCT %+.1f %%, effective_util %+.1f %%", 100*(ij/oj-1), 100*(ie/oe-1))
	for _, n := range names[2:] {
		bj, be := row(n)
		t.Logf("iasp-iapp vs %s: JCT %+.1f %%, effective_util %+.1f %%", n, 100*(ij/bj-1), 100*(ie/be-1))
		if !(ij < bj) || !(ie > be) {
			t.Errorf("%s: got iasp-iapp JCT %.2f h util %.3f, want below %.2f h and above %.3f", n, ij, ie, bj, be)
		}
	}
}
