package asrpt

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/metrics"
	"schedlab/core/sim"
	"schedlab/core/world"
	"schedlab/policies/baselines"
)

// studyPolicies are the policies of the JCT comparison.
// "a-srpt+kl" is a-srpt with {"refine": true}.
var studyPolicies = []string{"a-srpt", "a-srpt+kl", "a-srpt-preempt", "srpt-oracle", "srpt-predicted-oblivious", "fifo", "las"}

func newPolicy(t testing.TB, name string) sim.Policy {
	switch name {
	case "fifo":
		p, _ := baselines.NewFIFO(nil)
		return p
	case "las":
		p, _ := baselines.NewLAS(nil)
		return p
	}
	var params json.RawMessage
	if base, ok := strings.CutSuffix(name, "+kl"); ok {
		name, params = base, json.RawMessage(`{"refine": true}`)
	}
	return entryPolicy(t, name, params)
}

// entryPolicy builds the family's policy name (an Entries name) with params.
func entryPolicy(t testing.TB, name string, params json.RawMessage) *Policy {
	for _, e := range Entries() {
		if e.Name == name {
			p, err := e.New(params)
			if err != nil {
				t.Fatalf("%s %s: %v", name, params, err)
			}
			return p.(*Policy)
		}
	}
	t.Fatalf("no policy %s", name)
	return nil
}

// simulate runs policy p on jobs the way the JCT study does (checkpoint cost 60 s).
func simulate(t testing.TB, p sim.Policy, jobs []core.Job, c *core.Cluster, seed uint64) *sim.Result {
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Speed: world.Speed(world.Models()), Policy: p,
		Seed: seed, CheckpointCost: 60 * core.Second, FirstRound: -1})
	if err != nil {
		t.Fatal(err)
	}
	return s.Run()
}

// meanJCT runs one policy and returns the mean JCT in hours.
func meanJCT(t testing.TB, name string, jobs []core.Job, c *core.Cluster, seed uint64) float64 {
	sum := metrics.Summarise(simulate(t, newPolicy(t, name), jobs, c, seed), c)
	return *sum.MeanJCT / 3600
}

func workload(t testing.TB, spec string, seed uint64) []core.Job {
	jobs, err := gen.Generate(spec, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

func TestQuickLook(t *testing.T) {
	if os.Getenv("ASRPT_LOOK") == "" {
		t.Skip("set ASRPT_LOOK=1")
	}
	c, _ := core.ParseCluster(os.Getenv("ASRPT_CLUSTER"))
	jobs := workload(t, os.Getenv("ASRPT_SPEC"), 1)
	fmt.Printf("rho %.2f\n", Rho(jobs, c))
	for _, p := range studyPolicies {
		fmt.Printf("%-26s %.3f h\n", p, meanJCT(t, p, jobs, c, 1))
	}
}
