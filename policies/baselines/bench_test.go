package baselines

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"schedlab/core"
	"schedlab/core/detmath"
	"schedlab/core/shareddata"
	"schedlab/core/sim"
	"schedlab/core/trace"
)

// synthetic is a Philly-derived workload (the Gavel/Synergy generator's shape): Poisson arrivals at
// rate jobs per hour, gangs of 1/2/4/8 GPUs with probabilities 0.7/0.1/0.15/0.05, durations
// 60·10^U(1.5,3) s with probability 0.8, else 60·10^U(3,4) s.
func synthetic(n int, rate float64, seed uint64) []core.Job {
	rng := rand.New(rand.NewPCG(seed, 1))
	jobs := make([]core.Job, n)
	at := 0.0
	for i := range jobs {
		at += math.Ceil(-math.Log(1-rng.Float64()) / rate * 3600)
		g := 1
		switch u := rng.Float64(); {
		case u >= 0.95:
			g = 8
		case u >= 0.8:
			g = 4
		case u >= 0.7:
			g = 2
		}
		lo, hi := 1.5, 3.0
		if rng.Float64() >= 0.8 {
			lo, hi = 3, 4
		}
		d := 60 * detmath.Pow10(lo+(hi-lo)*rng.Float64())
		jobs[i] = core.Job{ID: fmt.Sprint(i), GPUs: g, Submit: core.FromSeconds(at), Duration: core.FromSeconds(d)}
	}
	return jobs
}

func runOnce(tb testing.TB, name string, jobs []core.Job, c *core.Cluster) *sim.Result {
	tb.Helper()
	var f func([]byte) (sim.Policy, error)
	for _, fa := range factories {
		if fa.name == name {
			f = func(p []byte) (sim.Policy, error) { return fa.f(p) }
		}
	}
	p, err := f(nil)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: p})
	if err != nil {
		tb.Fatal(err)
	}
	return s.Run()
}

func preemptions(r *sim.Result) int {
	n := 0
	for _, j := range r.Jobs {
		n += j.Preemptions
	}
	return n
}

// BenchmarkSynthetic runs each policy on 20,000 synthetic jobs on 100x8 at about 90 % offered load.
func BenchmarkSynthetic(b *testing.B) {
	c, _ := core.ParseCluster("100x8")
	jobs := synthetic(20000, 22, 1)
	for _, f := range factories {
		b.Run(f.name, func(b *testing.B) {
			var events int64
			var r *sim.Result
			for b.Loop() {
				r = runOnce(b, f.name, jobs, c)
				events += r.Events
			}
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
			b.ReportMetric(float64(preemptions(r)), "preemptions")
		})
	}
}

func loadPhilly(tb testing.TB) []core.Job {
	tb.Helper()
	path := filepath.Join(shareddata.Dir(tb), "pollux", "traces", "philly.csv")
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	jobs, _, err := trace.Builtin().Read(path, f, "philly", nil)
	if err != nil {
		tb.Fatal(err)
	}
	return jobs
}

// BenchmarkPhilly replays the real 82,247-job Philly trace on 100x8 under every baseline.
func BenchmarkPhilly(b *testing.B) {
	jobs := loadPhilly(b)
	c, _ := core.ParseCluster("100x8")
	for _, f := range factories {
		b.Run(f.name, func(b *testing.B) {
			var r *sim.Result
			for b.Loop() {
				r = runOnce(b, f.name, jobs, c)
			}
			b.ReportMetric(float64(r.Events), "events")
			b.ReportMetric(float64(preemptions(r)), "preemptions")
		})
	}
}

// BenchmarkBusyNoQueue runs fifo and las on 100,000 synthetic jobs on 1000x8 at about 86 % offered
// load, where jobs seldom wait: what las costs beyond fifo there is its own bookkeeping (running
// jobs in key order, demotions), which a million-job replay multiplies.
func BenchmarkBusyNoQueue(b *testing.B) {
	c, _ := core.ParseCluster("1000x8")
	jobs := synthetic(100000, 216, 1)
	for _, name := range []string{NameFIFO, NameLAS} {
		b.Run(name, func(b *testing.B) {
			var r *sim.Result
			for b.Loop() {
				r = runOnce(b, name, jobs, c)
			}
			b.ReportMetric(float64(preemptions(r)), "preemptions")
		})
	}
}
