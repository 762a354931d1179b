package sim

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"schedlab/core"
)

// scanTightest is what View.TightestServer replaced in the best-fit placement: a scan of FreeOn
// over the servers of type typ in order, keeping the first with the fewest idle GPUs but n.
func scanTightest(v *View, typ core.GPUType, n int) int {
	best, bestFree := -1, 0
	for sv, srv := range v.Cluster().Servers {
		if srv.Type != typ {
			continue
		}
		if f := v.FreeOn(sv); f >= n && (best < 0 || f < bestFree) {
			best, bestFree = sv, f
		}
	}
	return best
}

// checkTightest panics when TightestServer differs from the scan for a type of the cluster (or
// one it lacks) and a gang of 0 GPUs to one more than its largest server has.
func checkTightest(v *View) {
	most := 0
	for _, srv := range v.Cluster().Servers {
		most = max(most, srv.GPUs)
	}
	for _, typ := range append(v.Cluster().Types(), "no-such-type") {
		for n := range most + 2 {
			if got, want := v.TightestServer(typ, n), scanTightest(v, typ, n); got != want {
				panic(fmt.Sprintf("at %d ms: TightestServer(%s, %d) = %d, the scan finds %d", v.Now(), typ, n, got, want))
			}
		}
	}
}

// scatter starts waiting jobs, in a random order, on idle GPUs of one random type picked at
// random across its servers, so that the servers' idle counts take every value; it checks
// TightestServer against the scan before every start.
type scatter struct{ starts int }

func (*scatter) Name() string { return "test-scatter" }

func (p *scatter) Decide(v *View, _ Trigger) {
	rng := v.Rand()
	cl := v.Cluster()
	types := cl.Types()
	for _, j := range shuffledPending(v) {
		checkTightest(v)
		typ := types[rng.IntN(len(types))]
		var idle []int
		for g := range cl.NumGPUs() {
			if v.IsFree(g) && cl.Servers[cl.ServerOf(g)].Type == typ {
				idle = append(idle, g)
			}
		}
		if len(idle) < j.Job.GPUs {
			continue
		}
		rng.Shuffle(len(idle), func(a, b int) { idle[a], idle[b] = idle[b], idle[a] })
		if err := v.Start(j, Alloc{GPUs: idle[:j.Job.GPUs]}); err != nil {
			panic(err)
		}
		p.starts++
	}
	checkTightest(v)
}

// shuffledPending lists the waiting jobs in a random order of the run's generator, listed first
// since starting them changes the pending set.
func shuffledPending(v *View) []*JobState {
	var waiting []*JobState
	for j := range v.Pending() {
		waiting = append(waiting, j)
	}
	v.Rand().Shuffle(len(waiting), func(a, b int) { waiting[a], waiting[b] = waiting[b], waiting[a] })
	return waiting
}

// TestTightestServer: on a cluster of three GPU types and three server sizes, with jobs started
// and ended on scattered GPUs, TightestServer answers as the scan of FreeOn at every start
// (Verify checks the index itself after every instant); and so it does on a cluster too uneven
// to index (300 one-GPU servers beside one of 1,024), where it scans. Kept leases, where it scans
// too, are checked by the churner (TestKeptLeases).
func TestTightestServer(t *testing.T) {
	for _, tc := range []struct {
		cluster string
		jobs    int
		indexed bool
	}{{"5x4+3x8:K80+4x2:P100", 400, true}, {"300x1+1x1024", 30, false}} {
		rng := rand.New(rand.NewPCG(3, 8))
		var jobs []core.Job
		for i := range tc.jobs {
			jobs = append(jobs, core.Job{ID: fmt.Sprintf("J%d", i), Submit: core.Time(rng.IntN(20000)) * core.Second,
				GPUs: 1 << rng.IntN(3), Duration: core.Time(300+rng.IntN(3600)) * core.Second})
		}
		p := &scatter{}
		s, err := New(Config{Cluster: mustCluster(t, tc.cluster), Jobs: jobs, Policy: p, Seed: 4, Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		if s.byFree.on() != tc.indexed {
			t.Fatalf("%s: indexed %v, want %v", tc.cluster, s.byFree.on(), tc.indexed)
		}
		s.Run()
		if p.starts < len(jobs) {
			t.Fatalf("%s: %d starts of %d jobs", tc.cluster, p.starts, len(jobs))
		}
	}
}
