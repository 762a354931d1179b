package sim

import (
	"testing"

	"schedlab/core"
)

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

// gpuZeroSharer starts each waiting job on GPU 0 when the co-location model lets it join.
type gpuZeroSharer struct{}

func (gpuZeroSharer) Name() string { return "test-gpu0-sharer" }

func (gpuZeroSharer) Decide(v *View, _ Trigger) {
	for j := range v.Pending() {
		if v.CanShare(j, 0) {
			if err := v.Start(j, Alloc{GPUs: []int{0}, Share: true}); err != nil {
				panic(err)
			}
		}
	}
}

// TestCanShareAfterADeparture: at most two jobs per GPU. A and B share GPU 0 from t = 0; C,
// arriving at 1 s, does not fit (an answer the engine keeps) until B leaves at 2 s — then it
// must, without waiting for A to leave the GPU idle at 10 s.
func TestCanShareAfterADeparture(t *testing.T) {
	jobs := []core.Job{
		{ID: "A", GPUs: 1, Duration: 10 * core.Second},
		{ID: "B", GPUs: 1, Duration: 1 * core.Second}, // 2 s at the toy model's half speed
		{ID: "C", Submit: 1 * core.Second, GPUs: 1, Duration: 1 * core.Second},
	}
	s, err := New(Config{Cluster: mustCluster(t, "1x1"), Jobs: jobs, Policy: gpuZeroSharer{},
		Colocation: toyColocation{limit: 2, slow: map[string]float64{"A": 1, "B": 0.5, "C": 1}}, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	r := s.Run()
	if got, want := r.Jobs[2].FirstStart, 2*core.Second; got != want {
		t.Errorf("C started at %v, want %v (when B left)", got, want)
	}
}
