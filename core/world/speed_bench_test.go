package world

import (
	"testing"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/sim"
)

// BenchmarkSpeed asks the speed model chain for the iteration time of every job of a Philly-like
// workload (Synergy's ten models) on a consolidated placement of the proportional share, as the
// engine does at each start, and the ShapeModel question it asks once per job.
func BenchmarkSpeed(b *testing.B) {
	models := Models()
	jobs, err := gen.Generate("philly:jobs=1000", 1, models)
	if err != nil {
		b.Fatal(err)
	}
	c, err := core.ParseCluster("4x8")
	if err != nil {
		b.Fatal(err)
	}
	sv := c.Servers[0]
	per := float64(sv.GPUs)
	speed := Speed(models)
	b.Run("IterTime", func(b *testing.B) {
		for b.Loop() {
			for i := range jobs {
				j := &jobs[i]
				p := sim.Placement{Type: sv.Type, GPUs: j.GPUs, Servers: 1, CPUPerGPU: sv.CPUs / per, MemPerGPU: sv.MemGB / per,
					PropCPU: sv.CPUs / per, PropMem: sv.MemGB / per, Cluster: c}
				if it, _ := speed.IterTime(j, p); !(it > 0) {
					b.Fatalf("job %s: iteration time %v", j.ID, it)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(jobs)), "ns/job")
	})
	b.Run("Shaped", func(b *testing.B) {
		for b.Loop() {
			for i := range jobs {
				if !speed.Shaped(&jobs[i]) {
					b.Fatalf("job %s: not shaped", jobs[i].ID)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(jobs)), "ns/job")
	})
}
