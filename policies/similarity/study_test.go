package similarity

import (
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strings"
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
	if _, err := sp.Check("", jobs, cl, true); err != nil {
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
	s := stat{min: slices.Min(xs), max: slices.Max(xs)}
	s.mean, s.sd = metrics.MeanSD(xs)
	return s
}

// TestMakespanStudy is the 10-seed comparison of README.md (skipped under -short, in wasm and under
// the race detector): each similarity scenario's workload, cluster, policies and parameters, each
// seed a fresh workload; similarity-makespan adds the fallback and queue-order variants. It
// asserts that model-similarity beats first-fit-any and random-type on mean makespan in every
// scenario, and logs mean ± sd of makespan and mean JCT with the gap to the scenario's oracle.
func TestMakespanStudy(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" || raceEnabled {
		t.Skip("10 seeds × 4 scenarios × 9+ policies (a few seconds natively): run natively without -short or -race")
	}
	type pol struct{ name, params string }
	for _, scName := range []string{"similarity-makespan", "similarity-online", "similarity-unseen", "similarity-packing"} {
		sc, _ := Scenarios().Find(scName)
		cl, _ := core.ParseCluster(sc.Spec.Cluster)
		var pols []pol
		for _, name := range sc.Spec.Policies {
			pols = append(pols, pol{name, string(sc.Spec.Params[name])})
		}
		for _, o := range []pol{{"model-similarity-oracle", ""}, {"model-similarity-oracle", `{"rounds":true}`},
			{"model-similarity-oracle", `{"packing":true}`}} {
			if !slices.Contains(pols, o) {
				pols = append(pols, o)
			}
		}
		if scName == "similarity-makespan" {
			pols = append(pols, pol{"model-similarity", `{"order":"lpt"}`}, pol{"model-similarity", `{"fallback":"greedy"}`},
				pol{"model-similarity-oracle", `{"fallback":"greedy"}`}, pol{"model-similarity+rounds", `{"fallback":"greedy"}`})
		}
		ms := make([][]float64, len(pols))
		jct := make([][]float64, len(pols))
		for seed := uint64(1); seed <= 10; seed++ {
			jobs := genJobs(t, sc.Spec.Generate, seed)
			for i, p := range pols {
				sum, _, _ := run(t, p.name, p.params, jobs, cl, seed, core.FromSeconds(sc.Spec.CheckpointCost))
				ms[i] = append(ms[i], *sum.Makespan/3600)
				jct[i] = append(jct[i], *sum.MeanJCT/3600)
			}
		}
		mean := func(i int) float64 { return stats(ms[i]).mean }
		sim := slices.IndexFunc(pols, func(p pol) bool { return p.name == "model-similarity" })
		ffa, rnd := slices.Index(pols, pol{"first-fit-any", ""}), slices.Index(pols, pol{"random-type", ""})
		// each similarity variant against the oracle of the same variant (the job's true profile
		// and, for packing, its true co-location rows)
		oracleOf := map[string]int{
			"model-similarity":         slices.Index(pols, pol{"model-similarity-oracle", ""}),
			"model-similarity+rounds":  slices.Index(pols, pol{"model-similarity-oracle", `{"rounds":true}`}),
			"model-similarity+packing": slices.Index(pols, pol{"model-similarity-oracle", `{"packing":true}`}),
		}
		if mean(sim) >= mean(ffa) || mean(sim) >= mean(rnd) {
			t.Errorf("%s: model-similarity mean makespan %.2f h: want below first-fit-any %.2f h and random-type %.2f h",
				scName, mean(sim), mean(ffa), mean(rnd))
		}
		t.Logf("%s (%s on %s), 10 seeds; gap = mean makespan / the same variant's oracle − 1", scName, sc.Spec.Generate, sc.Spec.Cluster)
		for i, p := range pols {
			m, j := stats(ms[i]), stats(jct[i])
			gap := "           "
			if o, ok := oracleOf[p.name]; ok && !strings.Contains(p.params, "fallback") && !strings.Contains(p.params, "order") {
				gap = fmt.Sprintf("gap %+6.1f%%", 100*(m.mean/mean(o)-1))
			}
			t.Logf("  %-24s %-22s makespan %6.2f ± %5.2f h  %s  vs first-fit %+6.1f %%  mean JCT %5.2f ± %4.2f h",
				p.name, p.params, m.mean, m.sd, gap, 100*(m.mean/mean(ffa)-1), j.mean, j.sd)
		}
	}
}
