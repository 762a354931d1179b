package policies_test

import (
	"encoding/json"
	"fmt"
	"slices"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/core/zoo"
	"schedlab/policies"
	"schedlab/policies/baselines"
	"schedlab/policies/placement"
	"schedlab/policies/scenario"
)

// narrowFirst starts waiting jobs with the fewest GPUs first (ties by arrival), each that fits,
// on GPUs chosen by a named placement; it never preempts. It is the policy of policies/WRITING.md.
type narrowFirst struct{ placer placement.Placer }

func (narrowFirst) Name() string { return "narrow-first" }

func (p narrowFirst) Decide(v *sim.View, _ sim.Trigger) {
	queue := slices.Collect(v.Pending()) // arrival order
	slices.SortStableFunc(queue, func(a, b *sim.JobState) int { return a.Job.GPUs - b.Job.GPUs })
	for _, j := range queue {
		baselines.TryStart(v, p.placer, j) // false when it does not fit now
	}
}

func newNarrowFirst(params json.RawMessage) (sim.Policy, error) {
	placer, err := baselines.PlacerFrom(params) // {"placement": "spread"}, default consolidate
	return narrowFirst{placer}, err
}

// Example_yourPolicy runs a policy of ten lines beside fifo on twenty jobs: register it, run the
// same workload under both, print each run's summary.
func Example_yourPolicy() {
	reg := policies.Builtin()
	if err := reg.Register("narrow-first", newNarrowFirst); err != nil {
		panic(err)
	}
	spec := scenario.Spec{Generate: "philly:jobs=20,rate=20", Cluster: "2x8", Seed: 1,
		Policies: []string{"fifo", "narrow-first"}}
	jobs, _, err := policies.Jobs(spec, nil, zoo.Models())
	if err != nil {
		panic(err)
	}
	cluster, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		panic(err)
	}
	outs, err := policies.Execute(reg, spec, jobs, cluster, zoo.Models())
	if err != nil {
		panic(err)
	}
	for _, o := range outs {
		s := o.Summary
		fmt.Printf("%-12s %d/%d jobs done, mean JCT %.0f s, p99 %.0f s, makespan %.0f s, GPU util %.2f\n",
			s.Policy, s.Completed, s.Jobs, *s.MeanJCT, *s.P99JCT, *s.Makespan, *s.GPUUtil)
	}
	// Output:
	// fifo         20/20 jobs done, mean JCT 234739 s, p99 822570 s, makespan 894464 s, GPU util 0.55
	// narrow-first 20/20 jobs done, mean JCT 145637 s, p99 649785 s, makespan 666914 s, GPU util 0.74
}
