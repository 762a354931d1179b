package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"schedlab/core"
)

// toyColocation: at most limit jobs per GPU, jobs whose IDs start with "X" never share, and a
// job's slowdown is its table value (default 0.5) with one co-runner, divided by the number of
// co-runners beyond that.
type toyColocation struct {
	limit int
	slow  map[string]float64
}

func (c toyColocation) Fits(group []*core.Job, _ core.GPUType) bool {
	if len(group) > c.limit {
		return false
	}
	for _, j := range group {
		if strings.HasPrefix(j.ID, "X") {
			return false
		}
	}
	return true
}

func (c toyColocation) Slowdown(j *core.Job, others []*core.Job, _ core.GPUType) float64 {
	f, ok := c.slow[j.ID]
	if !ok {
		f = 0.5
	}
	return f / float64(len(others))
}

// scripted starts jobs by ID on fixed GPUs, sharing when asked.
type scripted map[string][]int

func (scripted) Name() string { return "test-scripted" }

func (p scripted) Decide(v *View, _ Trigger) {
	for j := range v.Pending() {
		if err := v.Start(j, Alloc{GPUs: p[j.Job.ID], Share: true}); err != nil {
			panic(err)
		}
	}
}

func TestSharingRatesByHand(t *testing.T) {
	// One GPU. A (10 s) at 0; B (4 s) joins at 2 s. Sharing, A runs at 0.5 and B at 0.8:
	// B needs 4 s of work → 5 s → ends at 7 s; A has 2 + 5×0.5 = 4.5 s done at 7 s, then 5.5 s
	// alone → ends at 12.5 s. Effective (full-speed) time: A 10 s, B 4 s.
	jobs := []core.Job{
		{ID: "A", Submit: 0, GPUs: 1, Duration: 10 * core.Second},
		{ID: "B", Submit: 2 * core.Second, GPUs: 1, Duration: 4 * core.Second},
	}
	col := toyColocation{limit: 2, slow: map[string]float64{"A": 0.5, "B": 0.8}}
	s, err := New(Config{Cluster: mustCluster(t, "1x1"), Jobs: jobs, Policy: scripted{"A": {0}, "B": {0}},
		Colocation: col, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	r := s.Run()
	for _, tc := range []struct {
		id       string
		end      core.Time
		eff      float64
		interval int
	}{{"A", 12500, 10000, 0}, {"B", 7000, 4000, 1}} {
		var j JobRecord
		for _, x := range r.Jobs {
			if x.Job.ID == tc.id {
				j = x
			}
		}
		if j.End != tc.end {
			t.Errorf("job %s: got end %d, want %d", tc.id, j.End, tc.end)
		}
		if j.Effective < tc.eff-1e-6 || j.Effective > tc.eff+1e-6 {
			t.Errorf("job %s: got effective %.3f ms, want %.3f", tc.id, j.Effective, tc.eff)
		}
	}
	if !r.Sharing || len(r.Intervals) != 2 {
		t.Errorf("got sharing %v and %d intervals, want true and 2", r.Sharing, len(r.Intervals))
	}
	// The useful work rate: A alone (1), A and B shared (0.5 + 0.8), A alone again, nothing.
	wantT, wantE := []core.Time{0, 2000, 7000, 12500}, []float64{1, 1.3, 1, 0}
	if len(r.Series.T) != len(wantT) || len(r.Series.Effective) != len(wantE) {
		t.Fatalf("got series times %v effective %v, want %v and %v", r.Series.T, r.Series.Effective, wantT, wantE)
	}
	for i := range wantT {
		if r.Series.T[i] != wantT[i] || r.Series.Effective[i] < wantE[i]-1e-9 || r.Series.Effective[i] > wantE[i]+1e-9 {
			t.Errorf("series point %d: got (%d, %.3f), want (%d, %.3f)", i, r.Series.T[i], r.Series.Effective[i], wantT[i], wantE[i])
		}
	}
}

func TestSharingSlowestGPUAndIterations(t *testing.T) {
	// Two GPUs. G (2-GPU gang, 100 iterations of 0.1 s) at 0; S (1 GPU, 5 s) joins GPU 0 at 1 s.
	// G runs at the pace of its slowest GPU: 0.5 on GPU 0, alone on GPU 1 → 0.5.
	// G: 10 iterations done by 1 s; S ends at 1 + 5/0.5 = 11 s, when G has 10 + 50 = 60 done; the
	// remaining 40 take 4 s → G ends at 15 s.
	jobs := []core.Job{
		{ID: "G", Submit: 0, GPUs: 2, Iterations: 100, IterTime: 0.1},
		{ID: "S", Submit: core.Second, GPUs: 1, Duration: 5 * core.Second},
	}
	s, err := New(Config{Cluster: mustCluster(t, "1x2"), Jobs: jobs, Policy: scripted{"G": {0, 1}, "S": {0}},
		Colocation: toyColocation{limit: 2}, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	r := s.Run()
	if got := r.Jobs[0].End; got != 15000 {
		t.Errorf("gang: got end %d, want 15000", got)
	}
	if got := r.Jobs[1].End; got != 11000 {
		t.Errorf("single: got end %d, want 11000", got)
	}
}

// startProbe tries one start on a busy GPU and records the error.
type startProbe struct {
	share bool
	err   *error
}

func (startProbe) Name() string { return "test-probe" }

func (p startProbe) Decide(v *View, _ Trigger) {
	for j := range v.Pending() {
		if v.IsFree(0) {
			if err := v.Start(j, Alloc{GPUs: []int{0}}); err != nil {
				panic(err)
			}
			continue
		}
		*p.err = v.Start(j, Alloc{GPUs: []int{0}, Share: p.share})
		return
	}
}

func TestSharingRefusals(t *testing.T) {
	for _, tc := range []struct {
		name   string
		share  bool
		col    Colocation
		second string
		want   string
	}{
		{"no share flag", false, toyColocation{limit: 2}, "B", "is busy"},
		{"sharing off", true, nil, "B", "sharing is off"},
		{"does not fit", true, toyColocation{limit: 2}, "X", "does not fit"},
		{"fits", true, toyColocation{limit: 2}, "B", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			jobs := []core.Job{
				{ID: "A", Submit: 0, GPUs: 1, Duration: 10 * core.Second},
				{ID: tc.second, Submit: core.Second, GPUs: 1, Duration: core.Second},
			}
			var err error
			s, nerr := New(Config{Cluster: mustCluster(t, "1x1"), Jobs: jobs, Policy: startProbe{tc.share, &err},
				Colocation: tc.col, Verify: true})
			if nerr != nil {
				t.Fatal(nerr)
			}
			s.RunUntil(core.Second)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("got error %v, want none", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// randomSharer starts pending jobs on the least-shared GPUs that accept them and, on ticks, stops
// a random running job: a stress test for the sharing invariants.
type randomSharer struct{}

func (randomSharer) Name() string   { return "test-random-sharer" }
func (randomSharer) Rounds() Rounds { return RoundsToo }

func (randomSharer) Decide(v *View, why Trigger) {
	if why&OnTick != 0 && v.RunningLen() > 0 {
		k := v.Rand().IntN(v.RunningLen())
		for j := range v.Running() {
			if k == 0 {
				if err := v.Stop(j); err != nil {
					panic(err)
				}
				break
			}
			k--
		}
	}
	n := v.Cluster().NumGPUs()
	for j := range v.Pending() {
		var gpus []int
		for level := 0; level <= 3 && len(gpus) < j.Job.GPUs; level++ {
			for g := 0; g < n && len(gpus) < j.Job.GPUs; g++ {
				if v.Sharing(g) == level && v.CanShare(j, g) {
					gpus = append(gpus, g)
				}
			}
		}
		if len(gpus) == j.Job.GPUs {
			if err := v.Start(j, Alloc{GPUs: gpus, Share: true}); err != nil {
				panic(err)
			}
		}
	}
}

// leaseSharer is randomSharer with leases (every allocation ends at the next tick).
type leaseSharer struct{ randomSharer }

func (leaseSharer) Rounds() Rounds { return LeaseRounds }

func TestSharingInvariantsUnderStress(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var jobs []core.Job
	for i := range 300 {
		id := "J"
		if rng.IntN(5) == 0 {
			id = "X"
		}
		j := core.Job{ID: id + string(rune('a'+i%26)) + string(rune('a'+i/26)), Submit: core.Time(rng.IntN(3600)) * core.Second,
			GPUs: 1 << rng.IntN(3)}
		if rng.IntN(2) == 0 {
			j.Duration = core.Time(60+rng.IntN(1200)) * core.Second
		} else {
			j.Iterations, j.IterTime = int64(100+rng.IntN(5000)), 0.1+rng.Float64()
		}
		jobs = append(jobs, j)
	}
	for _, tc := range []struct {
		pol  Policy
		prog Progress
	}{{randomSharer{}, Exact}, {randomSharer{}, RoundCredit}, {leaseSharer{}, Exact}, {leaseSharer{}, RoundCredit}} {
		prog := tc.prog
		s, err := New(Config{Cluster: mustCluster(t, "2x4"), Jobs: jobs, Policy: tc.pol, Seed: 3,
			Colocation: toyColocation{limit: 3}, Progress: prog, Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		r := s.Run()
		done := 0
		for _, j := range r.Jobs {
			if j.Status == Done {
				done++
			}
		}
		if done != len(jobs) {
			t.Errorf("%s progress %d: got %d jobs done, want %d", tc.pol.Name(), prog, done, len(jobs))
		}
	}
}
