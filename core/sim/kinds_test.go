package sim

import (
	"testing"

	"schedlab/core"
)

// TestKindMemo: an answer is found for a job of the same kind on the same shape only, and the
// memo keeps at most maxKinds answers.
func TestKindMemo(t *testing.T) {
	var m kindMemo
	a := &core.Job{ID: "a", Model: "m", GPUs: 2, Iterations: 10}
	b := &core.Job{ID: "b", Model: "m", GPUs: 2, Iterations: 99, Submit: 7} // a's kind
	c := &core.Job{ID: "c", Model: "m", GPUs: 4, Iterations: 10}
	sh := shape{typ: core.V100, servers: 1, cpu: 3, mem: 62.5, propCPU: 3, propMem: 62.5}
	other := sh
	other.cpu = 6
	if m.find(a, &sh) != nil {
		t.Fatal("empty memo found an answer")
	}
	m.add(a, &sh, 0.5, "w")
	if e := m.find(b, &sh); e == nil || e.it != 0.5 || e.warn != "w" {
		t.Errorf("same kind, same shape: %+v", e)
	}
	if m.find(b, &other) != nil || m.find(c, &sh) != nil {
		t.Error("found an answer for another shape or another kind")
	}
	jobs := make([]core.Job, 2*maxKinds)
	for i := range jobs {
		jobs[i] = core.Job{Model: "m", GPUs: 1, IterTime: float64(i + 1)}
		m.add(&jobs[i], &sh, float64(i), "")
	}
	if m.n != maxKinds {
		t.Errorf("%d answers kept, want at most %d", m.n, maxKinds)
	}
	if e := m.find(&jobs[10], &sh); e == nil || e.it != 10 {
		t.Errorf("a kept answer among many: %+v", e)
	}
	if m.find(&jobs[len(jobs)-1], &sh) != nil {
		t.Error("an answer found that the full memo could not keep")
	}
}
