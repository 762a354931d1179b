package similarity

import (
	"fmt"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/sim/simtest"
)

// TestWhyStrict, worked by hand on one server of 4 K80s and one of 4 V100s under
// model-similarity-oracle with strict matching: ResNet-50 runs fastest on a V100 (Gavel's
// throughputs), so a (4 GPUs, 0 s) takes the V100s; b, the same job at 10 s, finds the K80s free
// and waits for V100s (held, strict), starting on them when a ends.
func TestWhyStrict(t *testing.T) {
	jobs := []core.Job{
		{ID: "a", GPUs: 4, Iterations: 1000, Model: "resnet50-bs16"},
		{ID: "b", Submit: 10 * core.Second, GPUs: 4, Iterations: 1000, Model: "resnet50-bs16"},
	}
	cl, _ := core.ParseCluster("1x4:K80+1x4:V100")
	_, r, _ := run(t, "model-similarity-oracle", `{"strict": true}`, jobs, cl, 1, 0)
	end := r.Jobs[0].End.Seconds()
	want := fmt.Sprintf("10 submitted : submitted, needs 4 GPUs\n"+
		"10 waiting held: waits for its predicted best GPU type (strict matching)\n"+
		"%g started : started on 4 GPUs on 1 server: GPUs 4-7\n%g finished : finished", end, r.Jobs[1].End.Seconds())
	if got := simtest.Timeline(r, 1); got != want {
		t.Errorf("b:\n%s\nwant\n%s", got, want)
	}
}

// TestWhyMaxMin, worked by hand on one server of 4 V100s under gavel-maxmin: a and b (4 GPUs each,
// at 0 s and 10 s) share the cluster in the max-min allocation, half each. Between ticks b waits
// for capacity; at the tick at 300 s b, never served, ranks first, takes the GPUs and a is
// preempted in its favour, waiting behind it (order).
func TestWhyMaxMin(t *testing.T) {
	jobs := []core.Job{
		{ID: "a", GPUs: 4, Iterations: 100000, Model: "resnet50-bs16"},
		{ID: "b", Submit: 10 * core.Second, GPUs: 4, Iterations: 100000, Model: "resnet50-bs16"},
	}
	cl, _ := core.ParseCluster("1x4:V100")
	_, r, _ := run(t, "gavel-maxmin", "", jobs, cl, 1, 0)
	lines := strings.Split(simtest.Timeline(r, 0), "\n")
	if len(lines) < 4 {
		t.Fatalf("a: %v", lines)
	}
	want := "0 submitted : submitted, needs 4 GPUs\n0 started : started on 4 GPUs on 1 server: GPUs 0-3\n" +
		"300 preempted : preempted, at the round tick; its GPUs went to job b\n" +
		"300 waiting order: behind 1 job; first: job b (gavel-maxmin: the round gives GPUs by allocation ÷ received share, highest first)"
	if got := strings.Join(lines[:4], "\n"); got != want {
		t.Errorf("a:\n%s\nwant\n%s", got, want)
	}
	if got := strings.Split(simtest.Timeline(r, 1), "\n")[1]; got != "10 waiting capacity: needs 4 GPUs; 0 free in the cluster" {
		t.Errorf("b waits: %s", got)
	}
}
