package placement

import (
	"fmt"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

// benchPolicy half-fills the cluster at its first decision, then times Place for the probe job.
type benchPolicy struct {
	b      *testing.B
	placer Placer
}

func (*benchPolicy) Name() string { return "bench" }

func (p *benchPolicy) Decide(v *sim.View, _ sim.Trigger) {
	n := v.NumJobs() - 1
	for i := 0; i < n; i++ {
		g := 2 * i // every other server busy on every other GPU: a fragmented cluster
		if err := v.Start(v.Job(i), sim.Alloc{GPUs: []int{g}}); err != nil {
			panic(err)
		}
	}
	probe := v.Job(n)
	for p.b.Loop() {
		if _, ok := p.placer.Place(v, probe); !ok {
			p.b.Fatal("probe did not fit")
		}
	}
}

// BenchmarkPlace places an 8-GPU gang on a half-busy, fragmented 100x8 cluster.
func BenchmarkPlace(b *testing.B) {
	c, _ := core.ParseCluster("100x8")
	for _, name := range Names() {
		b.Run(name, func(b *testing.B) {
			var jobs []core.Job
			for i := 0; i < 400; i++ {
				jobs = append(jobs, core.Job{ID: fmt.Sprint(i), GPUs: 1, Duration: core.Hour})
			}
			jobs = append(jobs, core.Job{ID: "probe", GPUs: 8, Duration: core.Hour})
			pl, _ := ByName(name)
			s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: &benchPolicy{b: b, placer: pl}})
			if err != nil {
				b.Fatal(err)
			}
			s.Step()
		})
	}
}
