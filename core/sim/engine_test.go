package sim

import (
	"testing"

	"schedlab/core"
)

// fifoFirstFit is a minimal test policy: arrival order, head-of-line blocking, lowest free GPU ids.
type fifoFirstFit struct{}

func (fifoFirstFit) Name() string { return "test-fifo" }

func (fifoFirstFit) Decide(v *View, _ Trigger) {
	for j := range v.Pending() {
		if j.Job.GPUs > v.FreeGPUs() {
			return
		}
		startLowest(v, j)
	}
}

// startLowest starts j on the lowest free GPU ids (the caller checked there are enough).
func startLowest(v *View, j *JobState) {
	var gpus []int
	for g := 0; g < v.Cluster().NumGPUs() && len(gpus) < j.Job.GPUs; g++ {
		if v.IsFree(g) {
			gpus = append(gpus, g)
		}
	}
	if err := v.Start(j, Alloc{GPUs: gpus}); err != nil {
		panic(err)
	}
}

func mustCluster(t *testing.T, spec string) *core.Cluster {
	t.Helper()
	c, err := core.ParseCluster(spec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestFIFOByHand(t *testing.T) {
	// 1 server with 4 GPUs. A(4 GPUs, 10 s) at 0; B(2, 5 s) at 1 s; C(2, 3 s) at 2 s; D(8) never fits.
	jobs := []core.Job{
		{ID: "A", Submit: 0, GPUs: 4, Duration: 10 * core.Second},
		{ID: "C", Submit: 2 * core.Second, GPUs: 2, Duration: 3 * core.Second},
		{ID: "B", Submit: 1 * core.Second, GPUs: 2, Duration: 5 * core.Second},
		{ID: "D", Submit: 3 * core.Second, GPUs: 8, Duration: core.Second},
	}
	s, err := New(Config{Cluster: mustCluster(t, "1x4"), Jobs: jobs, Policy: fifoFirstFit{}, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	r := s.Run()
	want := map[string][2]core.Time{"A": {0, 10000}, "B": {10000, 15000}, "C": {10000, 13000}}
	for _, j := range r.Jobs {
		w, ok := want[j.Job.ID]
		if !ok {
			if j.Status != Rejected {
				t.Errorf("job %s: status %v, want rejected", j.Job.ID, j.Status)
			}
			continue
		}
		if j.FirstStart != w[0] || j.End != w[1] {
			t.Errorf("job %s: start %d end %d, want %d %d", j.Job.ID, j.FirstStart, j.End, w[0], w[1])
		}
	}
	if len(r.Intervals) != 3 {
		t.Errorf("got %d intervals, want 3", len(r.Intervals))
	}
}
