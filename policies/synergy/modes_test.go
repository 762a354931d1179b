package synergy

import (
	"encoding/json"
	"testing"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/metrics"
	"schedlab/core/sim"
)

// TestGreedyLeavesGPUsIdle: two AlexNet jobs take all 24 cores of a 1x8 server at their ideal
// demand, so GREEDY cannot place the six GNMT jobs (1 core each) and six GPUs idle for a round;
// proportional allocation runs all eight at once.
func TestGreedyLeavesGPUsIdle(t *testing.T) {
	var jobs []core.Job
	for i := range 8 {
		j := core.Job{ID: string(rune('a' + i)), Submit: 0, GPUs: 1, Iterations: 2000, Model: "gnmt"}
		if i < 2 {
			j.Model, j.Iterations = "alexnet", 1000 // one lease at speed-up 2.94, two at 1
		}
		jobs = append(jobs, j)
	}
	run := func(mode Mode) (idle, mean float64) {
		s := newSim(t, "1x8", jobs, New("t", FIFO, mode, nil), 0)
		r := s.Run()
		cl := mustCluster(t, "1x8")
		sum := metrics.Summarise(r, cl)
		busy, _ := metrics.BusyGPUTime(r, cl, 0, r.End)
		return (8*float64(r.End) - float64(busy)) / 1000, *sum.MeanJCT
	}
	gIdle, gMean := run(Greedy)
	pIdle, pMean := run(Proportional)
	if gIdle != 2400 || pIdle != 1800 {
		t.Errorf("got idle GPU-seconds greedy %v, proportional %v; want 2400 and 1800", gIdle, pIdle)
	}
	if !(gMean > pMean) {
		t.Errorf("got mean JCT greedy %v, proportional %v; want greedy worse", gMean, pMean)
	}
}

// tuneChecker wraps a TUNE policy and checks, after every round, that no planned job got less
// than its proportional share of cores and memory.
type tuneChecker struct {
	*Policy
	t      *testing.T
	rounds int
}

func (c *tuneChecker) Decide(v *sim.View, why sim.Trigger) {
	c.Policy.Decide(v, why)
	for _, pl := range c.round.plans {
		s := &c.st[pl.job]
		g := float64(len(pl.gpus))
		// At least min(ideal, proportional) in each resource, hence never slower than proportional.
		if pl.cpu < min(s.dem.CPU, g*s.fairCPU)-1e-9 || pl.mem < min(s.dem.Mem, g*s.fairMem)-1e-9 {
			c.t.Fatalf("job %s got %v cores %v GB on %v GPUs, below min(ideal, proportional)", v.Job(int(pl.job)).Job.ID, pl.cpu, pl.mem, g)
		}
		if prof, ok := c.profile.Lookup(v.Job(int(pl.job)).Job.Model, s.fairCPU); ok {
			if sp := prof.SpeedupAt(int(g), pl.cpu/g, pl.mem/g); sp < 1-1e-9 {
				c.t.Fatalf("job %s: speed-up %v below 1", v.Job(int(pl.job)).Job.ID, sp)
			}
		}
	}
	c.rounds++
}

func TestTuneNeverBelowProportional(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		for _, spec := range []string{"synergy:jobs=150,rate=20,multigpu=true", "synergy:jobs=150,rate=30,split=50/0/50"} {
			jobs, err := gen.Generate(spec, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range []Order{FIFO, SRTF, LAS, FTF, DRF, Tetris} {
				c := &tuneChecker{Policy: New("t", o, Tune, nil), t: t}
				s := newSim(t, "4x8", jobs, c, -1)
				s.Run()
				if c.rounds == 0 || c.Skipped != 0 {
					t.Errorf("%s seed %d order %d: %d rounds, %d skipped allocations", spec, seed, o, c.rounds, c.Skipped)
				}
			}
		}
	}
}

func TestEntries(t *testing.T) {
	es := Entries()
	if len(es) != 16 {
		t.Fatalf("got %d entries, want 16", len(es))
	}
	for _, e := range es {
		p, err := e.New(nil)
		if err != nil || p.Name() != e.Name {
			t.Errorf("%s: got %v, %v", e.Name, p, err)
		}
		if _, err := e.New(json.RawMessage(`{"bogus": 1}`)); err == nil {
			t.Errorf("%s: got no error for an unknown parameter", e.Name)
		}
	}
}

// BenchmarkFIFOTune1000: Synergy generator, 1,000 single-GPU jobs, 9 jobs/h, split (20,70,10),
// seed 1, on 16x8 until all finish, fifo+tune (target: < 50 ms natively).
func BenchmarkFIFOTune1000(b *testing.B) {
	jobs, err := gen.Generate("synergy:jobs=1000,rate=9,split=20/70/10", 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	cl := mustCluster(b, "16x8")
	sp := speed()
	for b.Loop() {
		s, err := sim.New(sim.Config{Cluster: cl, Jobs: jobs, Policy: New("fifo+tune", FIFO, Tune, nil), Round: 300 * core.Second,
			FirstRound: -1, Progress: sim.RoundCredit, Speed: sp})
		if err != nil {
			b.Fatal(err)
		}
		s.Run()
	}
}

func TestScenariosValid(t *testing.T) {
	names := map[string]bool{}
	for _, e := range Entries() {
		names[e.Name] = true
	}
	for _, sc := range Scenarios() {
		if err := sc.Spec.Validate(); err != nil {
			t.Errorf("%s: %v", sc.Name, err)
		}
		for _, p := range sc.Spec.Policies {
			if !names[p] {
				t.Errorf("%s: unknown policy %s", sc.Name, p)
			}
		}
		if sc.Spec.Generate != "" {
			if _, err := gen.Generate(sc.Spec.Generate, 1, nil); err != nil {
				t.Errorf("%s: %v", sc.Name, err)
			}
		}
	}
	for _, want := range []string{"synergy-fig8", "synergy-fig12", "synergy-load", "synergy-mix", "synergy-ratio", "synergy-static", "synergy-smoke"} {
		if _, ok := Scenarios().Find(want); !ok {
			t.Errorf("scenario %s missing", want)
		}
	}
}
