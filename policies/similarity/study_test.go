package similarity

import (
	"encoding/json"
	"math"
	"runtime"
	"testing"

	"schedlab/core"
	"schedlab/core/hetero"
	"schedlab/core/metrics"
	"schedlab/core/sim"
	"schedlab/core/zoo"
)

// run runs one policy of Entries on jobs with Gavel's measured speeds.
func run(t testing.TB, name string, params string, jobs []core.Job, cl *core.Cluster, seed uint64, ckpt core.Time) (metrics.Summary, *sim.Result, sim.Policy) {
	t.Helper()
	var pol sim.Policy
	for _, e := range Entries() {
		if e.Name == name {
			p, err := e.New(json.RawMessage(params))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			pol = p
		}
	}
	if pol == nil {
		t.Fatalf("policy %s not in Entries", name)
	}
	sp := hetero.Speed{Table: hetero.Gavel()}
	if err := sp.Check(jobs, cl); err != nil {
		t.Fatalf("Check: %v", err)
	}
	return runPolicy(t, pol, jobs, cl, seed, ckpt)
}

// runPolicy runs pol as policies.RunOne would: Gavel's measured speeds, and the co-location
// ground truth when the policy shares GPUs.
func runPolicy(t testing.TB, pol sim.Policy, jobs []core.Job, cl *core.Cluster, seed uint64, ckpt core.Time) (metrics.Summary, *sim.Result, sim.Policy) {
	t.Helper()
	sp := hetero.Speed{Table: hetero.Gavel()}
	cfg := sim.Config{Cluster: cl, Jobs: jobs, Speed: sp, Policy: pol, Seed: seed, CheckpointCost: ckpt, FirstRound: -1}
	if s, ok := pol.(sim.SharingPolicy); ok && s.Shares() {
		cfg.Colocation = zoo.Colocation(zoo.Models())
	}
	s, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := s.Run()
	return metrics.Summarise(r, cl), r, pol
}

type stat struct{ mean, sd, min, max float64 }

func stats(xs []float64) stat {
	s := stat{min: math.Inf(1), max: math.Inf(-1)}
	for _, x := range xs {
		s.mean += x
		s.min, s.max = math.Min(s.min, x), math.Max(s.max, x)
	}
	s.mean /= float64(len(xs))
	for _, x := range xs {
		s.sd += (x - s.mean) * (x - s.mean)
	}
	s.sd = math.Sqrt(s.sd / float64(len(xs)-1))
	return s
}

// TestMakespanStudy is the 10-seed comparison the issue asks for (skipped under -short and in
// wasm): similarity-makespan's workload and cluster, each seed a fresh workload.
func TestMakespanStudy(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("10-seed study (≈5 s natively): run natively without -short")
	}
	cl, _ := core.ParseCluster(studyCluster)
	pols := []struct{ name, params string }{
		{"first-fit-any", ""}, {"random-type", ""}, {"fastest-gpu-first", ""},
		{"model-similarity", ""}, {"model-similarity+rounds", ""}, {"model-similarity-oracle", ""},
		{"model-similarity", `{"exclude":"family"}`}, {"model-similarity", `{"order":"lpt"}`},
		{"model-similarity", `{"fallback":"greedy"}`}, {"model-similarity-oracle", `{"fallback":"greedy"}`},
		{"model-similarity+rounds", `{"fallback":"greedy"}`},
	}
	ms := make([][]float64, len(pols))
	jct := make([][]float64, len(pols))
	for seed := uint64(1); seed <= 10; seed++ {
		jobs := genJobs(t, "similarity:jobs=48", seed)
		for i, p := range pols {
			sum, _, _ := run(t, p.name, p.params, jobs, cl, seed, 60*core.Second)
			ms[i] = append(ms[i], *sum.Makespan/3600)
			jct[i] = append(jct[i], *sum.MeanJCT/3600)
		}
	}
	mean := func(i int) float64 { return stats(ms[i]).mean }
	if mean(3) >= mean(0) || mean(3) >= mean(1) {
		t.Errorf("model-similarity mean makespan %.2f h: want below first-fit-any %.2f h and random-type %.2f h", mean(3), mean(0), mean(1))
	}
	for i, p := range pols {
		m, j := stats(ms[i]), stats(jct[i])
		t.Logf("%-24s %-22s makespan %.2f ± %.2f h [%.2f, %.2f]  mean JCT %.2f ± %.2f h", p.name, p.params, m.mean, m.sd, m.min, m.max, j.mean, j.sd)
	}
}

const studyCluster = "2x8:K80+2x8:P100+2x8:V100"
