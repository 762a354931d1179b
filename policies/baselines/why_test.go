package baselines

import (
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/core/sim/simtest"
)

// lines runs jobs on cluster under pol and returns job i's timeline, one "seconds kind class:
// text" per step.
func lines(t *testing.T, pol sim.Policy, cluster string, jobs []core.Job, i int) string {
	t.Helper()
	c, err := core.ParseCluster(cluster)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: pol, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	return simtest.Timeline(s.Run(), i)
}

// TestWhyFIFO, worked by hand on two servers of 4 GPUs: a (3 GPUs) and b (3 GPUs) take one
// server each at 0 s, leaving one GPU free on each. c (4 GPUs, 10 s) finds 2 free: capacity. d
// (1 GPU, 20 s) would fit, but fifo lets no job pass c: order, behind c. a ends at 100 s: c
// takes server 0, and d the GPU left free on server 1.
func TestWhyFIFO(t *testing.T) {
	jobs := []core.Job{job("a", 3, 0, 100), job("b", 3, 0, 200), job("c", 4, 10, 50), job("d", 1, 20, 50)}
	for i, want := range map[int]string{
		2: "10 submitted : submitted, needs 4 GPUs\n" +
			"10 waiting capacity: needs 4 GPUs; 2 free in the cluster\n" +
			"100 started : started on 4 GPUs on 1 server: GPUs 0-3\n150 finished : finished",
		3: "20 submitted : submitted, needs 1 GPU\n" +
			"20 waiting order: behind job c (fifo: arrival order, no job passes the head of the queue)\n" +
			"100 started : started on 1 GPU on 1 server: GPUs 7\n150 finished : finished",
		0: "0 submitted : submitted, needs 3 GPUs\n0 started : started on 3 GPUs on 1 server: GPUs 0-2\n100 finished : finished",
	} {
		p, _ := NewFIFO(nil)
		if got := lines(t, p, "2x4", jobs, i); got != want {
			t.Errorf("job %s:\n%s\nwant\n%s", jobs[i].ID, got, want)
		}
	}
}

// TestWhyLAS, worked by hand on one server of 4 GPUs with las's default thresholds (3250 and
// 7200 GPU-s): a (4 GPUs, 2000 s of work) runs from 0 s; b (4 GPUs, 1000 s) arrives at 10 s to a
// full cluster (capacity). a's service crosses 3250 GPU-s at 812.5 s, when las asked to decide:
// a is demoted and b, still in the top queue, preempts it, so a waits behind b with 3250 GPU-s
// attained. b's own service crosses the threshold at 1625 s, but a running job comes first in its
// queue, so b runs to its end at 1812.5 s and a resumes, ending at 3000 s.
func TestWhyLAS(t *testing.T) {
	jobs := []core.Job{job("a", 4, 0, 2000), job("b", 4, 10, 1000)}
	for i, want := range map[int]string{
		0: "0 submitted : submitted, needs 4 GPUs\n0 started : started on 4 GPUs on 1 server: GPUs 0-3\n" +
			"812.5 preempted : preempted, at the time the policy asked to decide (its priorities changed); its GPUs went to job b\n" +
			"812.5 waiting order: behind 1 job; first: job b (las: least attained service first, by queue); its attained service: 3250 GPU-s\n" +
			"1812.5 started : started on 4 GPUs on 1 server: GPUs 0-3\n3000 finished : finished",
		1: "10 submitted : submitted, needs 4 GPUs\n10 waiting capacity: needs 4 GPUs; 0 free in the cluster\n" +
			"812.5 started : started on 4 GPUs on 1 server: GPUs 0-3\n1812.5 finished : finished",
	} {
		p, _ := NewLAS(nil)
		if got := lines(t, p, "1x4", jobs, i); got != want {
			t.Errorf("job %s:\n%s\nwant\n%s", jobs[i].ID, got, want)
		}
	}
}
