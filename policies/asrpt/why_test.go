package asrpt_test

import (
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/core/sim/simtest"
	"schedlab/policies"
)

// TestWhyASRPT, worked by hand on one server of 4 GPUs: a (4 GPUs, 0–100 s) holds every GPU when
// b (2 GPUs) arrives at 10 s, so b waits for capacity, whatever its rank on the virtual machine,
// until a ends.
func TestWhyASRPT(t *testing.T) {
	jobs := []core.Job{
		{ID: "a", GPUs: 4, Submit: 0, Duration: 100 * core.Second},
		{ID: "b", GPUs: 2, Submit: 10 * core.Second, Duration: 50 * core.Second},
	}
	for _, name := range []string{"a-srpt", "srpt-oracle"} {
		got := simtest.Timeline(runOn1x4(t, jobs, name, ""), 1)
		want := "10 submitted : submitted, needs 2 GPUs\n10 waiting capacity: needs 2 GPUs; 0 free in the cluster\n" +
			"100 started : started on 2 GPUs on 1 server: GPUs 0-1\n150 finished : finished"
		if got != want {
			t.Errorf("%s: b:\n%s\nwant\n%s", name, got, want)
		}
	}
}

// TestWhyASRPTNoBackfill, worked by hand: as above, with b (4 GPUs, 50 s) and c (1 GPU, 500 s,
// at 20 s) under srpt-oracle without backfill. On the virtual machine b's area (4 × 50 s ÷ 4 GPUs)
// is below c's (1 × 500 s ÷ 4), so b ranks first; it does not fit (capacity), and c, which would
// fit no better, waits behind it in the list (order), its oracle length 500,000 ms its key. When a
// ends at 100 s b takes the four GPUs c would have fitted: c waits behind the job ranked ahead of
// it that took them (order again, by another rule) until b ends at 150 s.
func TestWhyASRPTNoBackfill(t *testing.T) {
	jobs := []core.Job{
		{ID: "a", GPUs: 4, Submit: 0, Duration: 100 * core.Second},
		{ID: "b", GPUs: 4, Submit: 10 * core.Second, Duration: 50 * core.Second},
		{ID: "c", GPUs: 1, Submit: 20 * core.Second, Duration: 500 * core.Second},
	}
	got := simtest.Timeline(runOn1x4(t, jobs, "srpt-oracle", `{"backfill": false}`), 2)
	want := "20 submitted : submitted, needs 1 GPU\n" +
		"20 waiting order: behind job b (a-srpt without backfill: no job passes the first in the virtual machine's order); its predicted length n̂: 500000\n" +
		"100 waiting order: behind 1 job; first: job b (a-srpt: jobs ranked ahead on the virtual machine took the free GPUs); its predicted length n̂: 500000\n" +
		"150 started : started on 1 GPU on 1 server: GPUs 0\n650 finished : finished"
	if got != want {
		t.Errorf("c:\n%s\nwant\n%s", got, want)
	}
}

// TestWhyASRPTEvicted, worked by hand on one server of 4 GPUs under srpt-oracle {"preempt":
// true}: a (4 GPUs, 1,000 s) runs when b (4 GPUs, 50 s) arrives at 10 s. On the virtual machine
// b's area (50 s) is below a's remaining 990 s, so b evicts a at once — at its arrival, not at a
// round tick — and a waits for order behind b until b ends at 60 s, then runs its other 990 s.
func TestWhyASRPTEvicted(t *testing.T) {
	jobs := []core.Job{
		{ID: "a", GPUs: 4, Submit: 0, Duration: 1000 * core.Second},
		{ID: "b", GPUs: 4, Submit: 10 * core.Second, Duration: 50 * core.Second},
	}
	got := simtest.Timeline(runOn1x4(t, jobs, "srpt-oracle", `{"preempt": true}`), 0)
	want := "0 submitted : submitted, needs 4 GPUs\n0 started : started on 4 GPUs on 1 server: GPUs 0-3\n" +
		"10 preempted : preempted, at the decision on the arrival of job b; its GPUs went to job b\n" +
		"10 waiting order: behind 1 job; first: job b (a-srpt: evicted for a job ranked ahead on the virtual machine); its predicted length n̂: 1000000\n" +
		"60 started : started on 4 GPUs on 1 server: GPUs 0-3\n1050 finished : finished"
	if got != want {
		t.Errorf("a:\n%s\nwant\n%s", got, want)
	}
}

// runOn1x4 runs jobs on one server of 4 GPUs under the built-in policy name with args (JSON, ""
// for none), checking the engine's invariants at every step.
func runOn1x4(t *testing.T, jobs []core.Job, name, args string) *sim.Result {
	t.Helper()
	c, err := core.ParseCluster("1x4")
	if err != nil {
		t.Fatal(err)
	}
	var raw []byte
	if args != "" {
		raw = []byte(args)
	}
	p, err := policies.Builtin().New(name, raw)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: p, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	return s.Run()
}
