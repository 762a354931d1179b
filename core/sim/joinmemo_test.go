package sim

import "testing"

// TestJoinMemo: an answer is found for the same GPU version and job only — not after the GPU's
// occupants change, not for another job sharing the slot, not on another GPU.
func TestJoinMemo(t *testing.T) {
	m := newJoinMemo(2, 100) // 100 jobs: one slot per job
	if m.per != 100 {
		t.Fatalf("got %d slots per GPU, want 100", m.per)
	}
	m.changed(0)
	m.put(0, 7, true)
	for _, c := range []struct {
		name       string
		g, job     int
		ok, found  bool
		changeGPU0 bool
	}{
		{name: "stored", g: 0, job: 7, ok: true, found: true},
		{name: "other job", g: 0, job: 8},
		{name: "other GPU", g: 1, job: 7},
		{name: "occupants changed", g: 0, job: 7, changeGPU0: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.changeGPU0 {
				m.changed(0)
			}
			if ok, found := m.get(c.g, c.job); ok != c.ok || found != c.found {
				t.Errorf("got (%v, %v), want (%v, %v)", ok, found, c.ok, c.found)
			}
		})
	}
	big := newJoinMemo(1<<14, 100) // a huge cluster: 32 slots per GPU, shared by jobs 32 apart
	big.changed(5)
	big.put(5, 3, true)
	if _, found := big.get(5, 3+32); big.per != 32 || found {
		t.Errorf("got %d slots per GPU and found %v for a job in the same slot, want 32 and false", big.per, found)
	}
}
