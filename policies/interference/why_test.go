package interference_test

import (
	"testing"

	"schedlab/core"
	"schedlab/core/sim/simtest"
)

// TestWhyGangRule, worked by hand on two servers of 4 GPUs under exclusive: a and b (3 GPUs each)
// take a server each, leaving one GPU free on each. c (2 GPUs, 10 s) could span the two, but the
// gang rule keeps a job that fits on one server waiting for one: held. a ends at 100 s and c takes
// server 0, the one with room (best fit), on its first two GPUs.
func TestWhyGangRule(t *testing.T) {
	at := func(id string, gpus int, sub, dur float64) core.Job {
		return core.Job{ID: id, GPUs: gpus, Submit: core.FromSeconds(sub), Duration: core.FromSeconds(dur)}
	}
	jobs := []core.Job{at("a", 3, 0, 100), at("b", 3, 0, 200), at("c", 2, 10, 50)}
	r := run(t, "exclusive", "", "2x4", jobs)
	got := simtest.Timeline(r, 2)
	want := "10 submitted : submitted, needs 2 GPUs\n" +
		"10 waiting held: gang rule: a job that fits on one server waits for one\n" +
		"100 started : started on 2 GPUs on 1 server: GPUs 0-1\n150 finished : finished"
	if got != want {
		t.Errorf("c:\n%s\nwant\n%s", got, want)
	}
}
