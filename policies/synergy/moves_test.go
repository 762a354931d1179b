package synergy

import (
	"slices"
	"testing"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/sim"
)

// TestMovesOnlyAcrossServers: a job whose lease a round renews moves to other GPUs only when the
// round takes a different number of its GPUs on some server. The authors' simulator counts GPUs per
// server, so a move within a server would be ours alone (a migration in the timeline, and a restart
// under -checkpoint-cost); it fails when a job placed earlier in a round may take the GPU a later
// job held on the same server.
func TestMovesOnlyAcrossServers(t *testing.T) {
	jobs, err := gen.Generate("synergy:jobs=300,rate=30,multigpu=true", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		order Order
		mode  Mode
	}{{"las+proportional", LAS, Proportional}, {"fifo+tune", FIFO, Tune}, {"srtf+greedy", SRTF, Greedy}} {
		name := c.name
		c8 := mustCluster(t, "4x8")
		s, err := sim.New(sim.Config{Cluster: c8, Jobs: jobs, Policy: New(name, c.order, c.mode, nil), Round: 300 * core.Second,
			Progress: sim.RoundCredit, Speed: speed(), Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		res := s.Run()
		perServer := func(gpus []int32) []int {
			n := make([]int, len(c8.Servers))
			for _, g := range gpus {
				n[c8.ServerOf(int(g))]++
			}
			return n
		}
		last := map[int32]sim.Interval{}
		moves, across := 0, 0
		for _, iv := range res.Intervals {
			if prev, ok := last[iv.Job]; ok && prev.To == iv.From {
				moves++
				if slices.Equal(perServer(prev.GPUs), perServer(iv.GPUs)) {
					t.Errorf("%s: job %s moved from GPUs %v to %v at %d ms, as many on each server", name, jobs[iv.Job].ID, prev.GPUs, iv.GPUs, iv.From)
					break
				}
				across++
			}
			last[iv.Job] = iv
		}
		if across == 0 {
			t.Errorf("%s: no job moved across servers: the workload tests nothing", name)
		}
		t.Logf("%s: %d moves", name, moves)
	}
}
