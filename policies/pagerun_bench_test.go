package policies

import (
	"testing"

	"schedlab/core"
	"schedlab/core/world"
	"schedlab/policies/scenario"
)

// BenchmarkPageRun runs RunOne on the workload of `make bench` (philly at 230 jobs/h on 1000x8,
// 100,000 jobs) as the page's worker runs it — every allocation interval, the series and every
// job's reasons recorded — and as the runner does (lean, no reasons), so that the cost of the
// recording is measured beside the run's.
func BenchmarkPageRun(b *testing.B) {
	models := world.Models()
	spec := scenario.Spec{Generate: "philly:jobs=100000,rate=230", Cluster: "1000x8", Seed: 1}
	jobs, _, err := Jobs(spec, nil, models)
	if err != nil {
		b.Fatal(err)
	}
	c, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		b.Fatal(err)
	}
	for _, policy := range []string{"fifo", "las"} {
		for _, run := range []struct {
			name  string
			hooks Hooks
		}{{"page", Hooks{}}, {"lean", Hooks{Lean: true, NoReasons: true}}} {
			spec := spec
			spec.Policies = []string{policy}
			b.Run(policy+"/"+run.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := RunOne(Builtin(), spec, policy, jobs, c, models, run.hooks); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
