package asrpt

import (
	"testing"

	"schedlab/core"
)

// TestVirtualSRPT: the virtual machine runs the shortest remaining job, ranks virtually finished
// jobs by completion time, and puts a finished job whose prediction grew back on the machine.
func TestVirtualSRPT(t *testing.T) {
	m := newVirtual()
	m.Add(0, 10_000) // long
	m.Add(1, 2_000)  // short
	m.Advance(3 * core.Second)
	// Job 1 ran 0–2 s and finished; job 0 has 9 s left.
	if !m.Less(1, 0) {
		t.Errorf("got job 0 before job 1, want the virtually finished job 1 first")
	}
	if got, want := m.Spans(), []Span{{1, 0, 2000}, {0, 2000, 3000}}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got spans %v, want %v", got, want)
	}
	// Job 1 outlived its prediction: 1.5 s more virtual work puts it back, ahead of job 0.
	m.Extend(1, 1_500)
	if p := m.prio(1); p.done || p.a != 1_500 {
		t.Errorf("got job 1 done=%v rem=%v, want back on the machine with 1500 ms", p.done, p.a)
	}
	m.Advance(5 * core.Second)
	if !m.prio(1).done {
		t.Errorf("got job 1 unfinished at 5 s, want finished again at 4.5 s")
	}
	if got := m.Spans(); got[len(got)-2] != (Span{1, 3000, 4500}) {
		t.Errorf("got spans %v, want job 1 again from 3 s to 4.5 s", got)
	}
}
