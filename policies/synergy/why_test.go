package synergy

import (
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/sim/simtest"
)

// TestWhySynergy, worked by hand on one server of 8 GPUs and 24 cores under fifo+greedy, rounds of
// 300 s from 1 s (the jobs of TestPeerAdjustment): C arrives at 2 ms and waits for the round
// (held, next tick at 1 s). At 1 s A and B take all 24 cores at their ideal demand, and GREEDY
// cannot give C its one core though 6 GPUs are free: shape, the host's CPU. A and B finish with
// their leases at 301 s, and C starts then.
func TestWhySynergy(t *testing.T) {
	jobs := []core.Job{
		{ID: "A", Submit: 0, GPUs: 1, Iterations: 600, Model: "alexnet"},
		{ID: "B", Submit: core.Millisecond, GPUs: 1, Iterations: 1000, Model: "shufflenet"},
		{ID: "C", Submit: 2 * core.Millisecond, GPUs: 1, Iterations: 100000, Model: "gnmt"},
	}
	r := newSim(t, "1x8", jobs, New("fifo+greedy", FIFO, Greedy, nil), core.Second).Run()
	got := strings.Split(simtest.Timeline(r, 2), "\n")[:4]
	want := "0.002 submitted : submitted, needs 1 GPU\n" +
		"0.002 waiting held: decisions are made at round ticks only; the next is at 1 s\n" +
		"1 waiting shape: needs 1 GPU with their CPU cores and memory; the servers with free GPUs lack them\n" +
		"301 started : started on 1 GPU on 1 server: GPUs 0"
	if s := strings.Join(got, "\n"); s != want {
		t.Errorf("C:\n%s\nwant\n%s", s, want)
	}
}
