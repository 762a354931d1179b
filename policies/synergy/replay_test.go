package synergy

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"schedlab/core/gen"
	"schedlab/core/sim"
)

// TestReplaySameRun runs every order and mode on loaded clusters twice, replaying the plans that
// repeat the last round (as every run does) and considering every job afresh, and wants the same
// run: every job's record, every allocation interval (GPUs, CPU, memory), the events and series,
// and the skipped TUNE allocations. Multi-GPU jobs on a CPU-short cluster make TUNE shrink peers
// (plans that must not be replayed) and spread jobs over servers.
func TestReplaySameRun(t *testing.T) {
	for _, w := range []struct{ gen, cluster string }{
		{"synergy:jobs=300,rate=14,split=20/70/10,multigpu=true", "4x8"},
		{"synergy:jobs=300,rate=10,split=30/50/20", "2x8,cpu=16+2x4:K80"},
	} {
		jobs, err := gen.Generate(w.gen, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []Order{FIFO, SRTF, LAS, FTF, DRF, Tetris} {
			for _, m := range []Mode{Proportional, Greedy, Tune} {
				t.Run(fmt.Sprintf("%s/order=%d/mode=%d", w.cluster, o, m), func(t *testing.T) {
					on, off := New("on", o, m, nil), New("off", o, m, nil)
					off.round.off = true
					a := newSim(t, w.cluster, jobs, on, -1).Run()
					b := newSim(t, w.cluster, jobs, off, -1).Run()
					if on.round.replayed == 0 {
						t.Fatalf("got no replayed plan, want some (the test would compare nothing)")
					}
					if off.round.replayed != 0 {
						t.Fatalf("got %d replayed plans with replay off, want 0", off.round.replayed)
					}
					if !slices.EqualFunc(a.Jobs, b.Jobs, sameRecord) {
						t.Errorf("job records differ with replay on and off")
					}
					if !slices.EqualFunc(a.Intervals, b.Intervals, sameInterval) {
						t.Errorf("allocation intervals differ with replay on and off")
					}
					if a.Events != b.Events || !reflect.DeepEqual(a.Series, b.Series) {
						t.Errorf("events or series differ with replay on and off")
					}
					if on.Skipped != off.Skipped {
						t.Errorf("skipped: got %d with replay, want %d", on.Skipped, off.Skipped)
					}
				})
			}
		}
	}
}

func sameRecord(x, y sim.JobRecord) bool {
	x.Job, y.Job = nil, nil
	return x == y
}

func sameInterval(x, y sim.Interval) bool {
	return x.Job == y.Job && x.From == y.From && x.To == y.To && x.IterTime == y.IterTime &&
		slices.Equal(x.GPUs, y.GPUs) && slices.Equal(x.CPU, y.CPU) && slices.Equal(x.Mem, y.Mem)
}
