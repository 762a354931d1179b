package sim

import (
	"testing"

	"schedlab/core"
)

// preemptNewest stops every running job when a job arrives and starts the newest pending job
// first: enough to exercise preemption, resumption and the checkpoint cost.
type preemptNewest struct{}

func (preemptNewest) Name() string { return "test-preempt" }

func (preemptNewest) Decide(v *View, why Trigger) {
	if why&OnArrival != 0 {
		for j := range v.Running() {
			if err := v.Stop(j); err != nil {
				panic(err)
			}
		}
	}
	var pend []*JobState
	for j := range v.Pending() {
		pend = append(pend, j)
	}
	for i := len(pend) - 1; i >= 0; i-- {
		j := pend[i]
		if j.Job.GPUs > v.FreeGPUs() {
			continue
		}
		startLowest(v, j)
	}
}

func TestPreemptionAndCheckpointCost(t *testing.T) {
	jobs := []core.Job{
		{ID: "A", Submit: 0, GPUs: 1, Duration: 10 * core.Second},
		{ID: "B", Submit: 4 * core.Second, GPUs: 1, Duration: 2 * core.Second},
	}
	for _, tc := range []struct {
		name       string
		cost, endA core.Time
	}{{"free", 0, 12000}, {"cost 1s", core.Second, 13000}} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(Config{Cluster: mustCluster(t, "1x1"), Jobs: jobs, Policy: preemptNewest{}, CheckpointCost: tc.cost, Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			r := s.Run()
			a, b := r.Jobs[0], r.Jobs[1]
			if a.End != tc.endA || a.Preemptions != 1 || b.End != 6000 {
				t.Errorf("A end %d preempt %d, B end %d; want A end %d preempt 1, B end 6000", a.End, a.Preemptions, b.End, tc.endA)
			}
			if len(r.Intervals) != 3 {
				t.Errorf("got %d intervals, want 3 (A, B, A again)", len(r.Intervals))
			}
		})
	}
}

// restartByID charges a restart cost per job id (0 = the flat cost).
type restartByID struct {
	ProfileSpeed
	cost map[string]core.Time
}

func (r restartByID) RestartCost(j *core.Job, flat core.Time) core.Time {
	if c, ok := r.cost[j.ID]; ok {
		return c
	}
	return flat
}

// TestRestartModel: a speed model's RestartCost replaces the flat cost for the jobs it prices, and
// nothing is charged when the flat cost is 0 (restart costs off).
func TestRestartModel(t *testing.T) {
	jobs := []core.Job{
		{ID: "A", Submit: 0, GPUs: 1, Duration: 10 * core.Second},
		{ID: "B", Submit: 4 * core.Second, GPUs: 1, Duration: 2 * core.Second},
	}
	for _, tc := range []struct {
		name       string
		flat, endA core.Time
		cost       map[string]core.Time
	}{
		{"priced", core.Second, 15000, map[string]core.Time{"A": 3 * core.Second}},
		{"unpriced keeps flat", core.Second, 13000, map[string]core.Time{"B": 3 * core.Second}},
		{"off", 0, 12000, map[string]core.Time{"A": 3 * core.Second}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			speed := restartByID{ProfileSpeed{Models: core.BuiltinModels()}, tc.cost}
			s, err := New(Config{Cluster: mustCluster(t, "1x1"), Jobs: jobs, Policy: preemptNewest{}, Speed: speed, CheckpointCost: tc.flat, Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Run().Jobs[0].End; got != tc.endA {
				t.Errorf("got A end %d, want %d", got, tc.endA)
			}
		})
	}
}

// leaseAll starts every pending job that fits, on the lowest free GPUs, as a lease each round.
type leaseAll struct{}

func (leaseAll) Name() string   { return "test-lease" }
func (leaseAll) Rounds() Rounds { return LeaseRounds }
func (leaseAll) Decide(v *View, _ Trigger) {
	for j := range v.Pending() {
		if j.Job.GPUs > v.FreeGPUs() {
			continue
		}
		var gpus []int
		for g := 0; len(gpus) < j.Job.GPUs; g++ {
			if v.IsFree(g) {
				gpus = append(gpus, g)
			}
		}
		if err := v.Start(j, Alloc{GPUs: gpus}); err != nil {
			panic(err)
		}
	}
}

func TestRoundCreditAndExactLeases(t *testing.T) {
	// resnet18 runs 0.64 s per iteration on V100: 300 s credit floor(300/0.64) = 468 iterations.
	// 1000 iterations need 3 leases under round credit (ends at the third lease end), and 640 s
	// under exact progress, and 1000 × 300/468 s = 641.03 s in whole steps (468 to a round).
	jobs := []core.Job{{ID: "R", Submit: 10 * core.Second, GPUs: 1, Iterations: 1000, Model: "res18"}}
	for _, tc := range []struct {
		name  string
		mode  Progress
		first core.Time
		end   core.Time
	}{
		{"round credit", RoundCredit, -1, 300000 + 3*300000},
		{"round credit first round 1s", RoundCredit, 1000, 301000 + 3*300000},
		{"exact", Exact, -1, 300000 + 640000},
		{"whole steps", WholeSteps, -1, 300000 + 641026},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(Config{Cluster: mustCluster(t, "1x1"), Jobs: jobs, Policy: leaseAll{}, Progress: tc.mode, FirstRound: tc.first, Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			r := s.Run()
			if got := r.Jobs[0].End; got != tc.end {
				t.Errorf("end = %d, want %d", got, tc.end)
			}
			if len(r.Intervals) != 1 || r.Jobs[0].Preemptions != 0 {
				t.Errorf("got %d intervals and %d preemptions, want one continuous interval", len(r.Intervals), r.Jobs[0].Preemptions)
			}
		})
	}
}

func TestLeasePreemptionCountsAndIntervals(t *testing.T) {
	// Two 1-GPU jobs share one GPU under a policy that alternates them each round.
	jobs := []core.Job{
		{ID: "A", Submit: 0, GPUs: 1, Duration: 600 * core.Second},
		{ID: "B", Submit: 0, GPUs: 1, Duration: 300 * core.Second},
	}
	s, err := New(Config{Cluster: mustCluster(t, "1x1"), Jobs: jobs, Policy: &alternate{}, Progress: Exact, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	r := s.Run()
	// Rounds at 0 (A), 300 (B), 600 (A): A ends at 900 s, B at 600 s.
	if r.Jobs[0].End != 900000 || r.Jobs[1].End != 600000 {
		t.Errorf("ends %d, %d; want 900000, 600000", r.Jobs[0].End, r.Jobs[1].End)
	}
	if r.Jobs[0].Preemptions != 1 || r.Jobs[1].Preemptions != 0 {
		t.Errorf("preemptions %d, %d; want 1, 0", r.Jobs[0].Preemptions, r.Jobs[1].Preemptions)
	}
	if len(r.Intervals) != 3 {
		t.Errorf("got %d intervals, want 3", len(r.Intervals))
	}
}

type alternate struct{ round int }

func (*alternate) Name() string   { return "test-alternate" }
func (*alternate) Rounds() Rounds { return LeaseRounds }
func (a *alternate) Decide(v *View, _ Trigger) {
	var pend []*JobState
	for j := range v.Pending() {
		pend = append(pend, j)
	}
	if len(pend) > 0 {
		if err := v.Start(pend[a.round%len(pend)], Alloc{GPUs: []int{0}}); err != nil {
			panic(err)
		}
	}
	a.round++
}

func TestWindowStopAndRejection(t *testing.T) {
	jobs := []core.Job{
		{ID: "a", Submit: 0, GPUs: 1, Duration: core.Second},
		{ID: "big", Submit: 0, GPUs: 2, Duration: core.Second},
		{ID: "b", Submit: core.Second, GPUs: 1, Duration: core.Second},
		{ID: "c", Submit: 100 * core.Second, GPUs: 1, Duration: core.Second},
	}
	s, err := New(Config{Cluster: mustCluster(t, "1x1"), Jobs: jobs, Policy: fifoFirstFit{}, Window: Window{From: 0, To: 3}, StopAtWindow: true, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	r := s.Run()
	if r.Jobs[1].Status != Rejected || r.Jobs[3].Status != Future || r.End != 2000 {
		t.Errorf("statuses %v %v end %d; want rejected, future, 2000", r.Jobs[1].Status, r.Jobs[3].Status, r.End)
	}
	if len(r.Warnings) != 1 || r.Warnings[0].Count != 1 {
		t.Errorf("warnings %v, want one rejection warning", r.Warnings)
	}
}

func TestStartValidation(t *testing.T) {
	jobs := []core.Job{{ID: "a", Submit: 0, GPUs: 2, Duration: core.Second, GPUTypes: []core.GPUType{core.K80}}}
	c := mustCluster(t, "1x2:K80+1x2:V100")
	s, err := New(Config{Cluster: c, Jobs: jobs, Policy: &checker{t: t}})
	if err != nil {
		t.Fatal(err)
	}
	s.Run()
}

type checker struct{ t *testing.T }

func (*checker) Name() string { return "test-checker" }
func (c *checker) Decide(v *View, _ Trigger) {
	for j := range v.Pending() {
		for _, bad := range []Alloc{
			{GPUs: []int{0}},                   // wrong count
			{GPUs: []int{0, 0}},                // repeated
			{GPUs: []int{2, 3}},                // disallowed type
			{GPUs: []int{1, 2}},                // mixed types
			{GPUs: []int{0, 9}},                // no such GPU
			{GPUs: []int{0, 1}, CPUPerGPU: 4},  // more CPU than the server has (6 cores)
			{GPUs: []int{0, 1}, MemPerGPU: -1}, // negative
		} {
			if err := v.Start(j, bad); err == nil {
				c.t.Errorf("Start(%+v) accepted", bad)
			}
		}
		if err := v.Start(j, Alloc{GPUs: []int{1, 0}, CPUPerGPU: 3}); err != nil {
			c.t.Errorf("valid start refused: %v", err)
		}
		return
	}
}

func TestDeterministicSideBySide(t *testing.T) {
	var jobs []core.Job
	for i := 0; i < 300; i++ {
		jobs = append(jobs, core.Job{ID: "j", Submit: core.Time(i%37) * core.Second, GPUs: 1 + i%3, Iterations: int64(100 + i*7), Model: []string{"lstm", "res50", "gnmt"}[i%3]})
	}
	run := func() *Result {
		s, err := New(Config{Cluster: mustCluster(t, "2x4"), Jobs: jobs, Policy: preemptNewest{}, Seed: 7, Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		return s.Run()
	}
	a, b := run(), run()
	for i := range a.Jobs {
		if a.Jobs[i].End != b.Jobs[i].End || a.Jobs[i].Preemptions != b.Jobs[i].Preemptions {
			t.Fatalf("job %d differs between identical runs", i)
		}
	}
}
