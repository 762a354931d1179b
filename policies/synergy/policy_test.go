package synergy

import (
	"testing"

	"schedlab/core"
	"schedlab/core/sensitivity"
	"schedlab/core/sim"
)

func speed() sim.SpeedModel {
	return sensitivity.NewSpeed(sim.ProfileSpeed{Models: core.BuiltinModels()})
}

func mustCluster(t testing.TB, spec string) *core.Cluster {
	t.Helper()
	c, err := core.ParseCluster(spec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func newSim(t testing.TB, cluster string, jobs []core.Job, pol sim.Policy, first core.Time) *sim.Sim {
	t.Helper()
	s, err := sim.New(sim.Config{Cluster: mustCluster(t, cluster), Jobs: jobs, Policy: pol, Round: 300 * core.Second,
		FirstRound: first, Progress: sim.RoundCredit, Speed: speed(), Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestOrderingKeys(t *testing.T) {
	jobs := []core.Job{
		{ID: "J0", Submit: 0, GPUs: 1, Iterations: 100000, Model: "resnet18"},
		{ID: "J1", Submit: core.Second, GPUs: 1, Iterations: 1000, Model: "lstm"},
		{ID: "J2", Submit: 2 * core.Second, GPUs: 2, Iterations: 5000, Model: "alexnet"},
	}
	for _, c := range []struct {
		order Order
		want  string
	}{
		{FIFO, "J0 J1 J2"},   // arrival
		{SRTF, "J1 J2 J0"},   // remaining at speed-up: 11 s, 1020 s, 26667 s
		{LAS, "J0 J1 J2"},    // no service yet: arrival
		{FTF, "J0 J2 J1"},    // (wait + remaining) / ideal: 0.42, 0.44, 28
		{DRF, "J1 J0 J2"},    // dominant share: 1/8, 9/24, 24/24
		{Tetris, "J1 J2 J0"}, // remaining × (g/G + c/C + m/M)
	} {
		p := New("test", c.order, Tune, nil)
		s := newSim(t, "1x8", jobs, p, 300*core.Second)
		for s.Now() < 300*core.Second && s.Step() {
		}
		// The round's order: what FTF sorted, what a queued order's walk read (everything fits), the
		// plans in placement order under FIFO, which never sorts.
		order := p.scanned
		switch c.order {
		case FTF:
			order = nil
			for _, e := range p.entries {
				order = append(order, e.job)
			}
		case FIFO:
			order = nil
			for _, pl := range p.round.plans {
				order = append(order, pl.job)
			}
		}
		got := ""
		for i, j := range order {
			if i > 0 {
				got += " "
			}
			got += jobs[j].ID // arrival index = position here: the jobs are in submit order
		}
		if got != c.want {
			t.Errorf("order %d: got %s, want %s", c.order, got, c.want)
		}
	}
}

func TestPeerAdjustment(t *testing.T) {
	// A and B take all 24 cores of the server at their ideal demand; C (GNMT, 1 core) then cannot
	// fit, so TUNE shrinks the first peer in (cores/GPU desc) order, A, to its proportional share.
	jobs := []core.Job{
		{ID: "A", Submit: 0, GPUs: 1, Iterations: 600, Model: "alexnet"},
		{ID: "B", Submit: core.Millisecond, GPUs: 1, Iterations: 1000, Model: "shufflenet"},
		{ID: "C", Submit: 2 * core.Millisecond, GPUs: 1, Iterations: 100000, Model: "gnmt"},
	}
	p := New("fifo+tune", FIFO, Tune, nil)
	s := newSim(t, "1x8", jobs, p, core.Second)
	for s.Now() < core.Second && s.Step() {
	}
	want := []struct{ cpu, mem float64 }{{3, 62.5}, {12, 125}, {1, 20}}
	if len(p.round.plans) != 3 {
		t.Fatalf("got %d planned jobs, want 3", len(p.round.plans))
	}
	for i, pl := range p.round.plans {
		if pl.cpu != want[i].cpu || pl.mem != want[i].mem {
			t.Errorf("job %s: got %v cores %v GB, want %v cores %v GB", jobs[pl.job].ID, pl.cpu, pl.mem, want[i].cpu, want[i].mem)
		}
	}
	if p.st[0].keySpeed != 1 || p.st[1].keySpeed != 2.89 {
		t.Errorf("got key speed-ups %v and %v, want 1 (shrunk peer) and 2.89", p.st[0].keySpeed, p.st[1].keySpeed)
	}
	// Credits: A (600 iterations) at the proportional speed needs two leases (500 per lease), B
	// (1000 iterations) at its ideal speed-up one (1409 per lease).
	r := s.Run()
	if a, b := r.Jobs[0].End, r.Jobs[1].End; a != 601*core.Second || b != 301*core.Second {
		t.Errorf("got ends %v and %v, want 601s and 301s", a, b)
	}
}
