package sim

import (
	"strings"
	"testing"

	"schedlab/core"
)

// startOnce is a test policy that starts its job at the first instant on one given allocation
// and keeps what Start said.
type startOnce struct {
	a    Alloc
	err  error
	done bool
}

func (p *startOnce) Name() string { return "test-start-once" }

func (p *startOnce) Decide(v *View, _ Trigger) {
	if p.done {
		return
	}
	p.done = true
	p.err = v.Start(v.Job(0), p.a)
}

// placementSpy is a speed model that keeps the placement of each query.
type placementSpy struct{ got []Placement }

func (m *placementSpy) IterTime(_ *core.Job, p Placement) (float64, string) {
	m.got = append(m.got, p)
	return 0.1, ""
}

// Shaped implements SpeedModel: no, so that every start is a query.
func (m *placementSpy) Shaped(*core.Job) bool { return false }

// TestStartChecks: Start refuses every kind of invalid allocation with its own message, whether
// the gang's GPUs of one server are adjacent or not, and counts a gang's servers (the placement
// the speed model sees) either way.
func TestStartChecks(t *testing.T) {
	// 2 servers of 4 GPUs (ids 0-3, 4-7), 8 cores and 40 GB each; 2 K80 servers after them (8-15).
	cluster := "2x4,cpu=8,mem=40+2x4:K80"
	cases := []struct {
		name    string
		a       Alloc
		want    string // an error's text, or "" for a start
		servers int
	}{
		{"one server", Alloc{GPUs: []int{0, 1, 2}}, "", 1},
		{"two servers, adjacent", Alloc{GPUs: []int{2, 3, 4}}, "", 2},
		{"two servers, not adjacent", Alloc{GPUs: []int{0, 4, 1}}, "", 2},
		{"given twice", Alloc{GPUs: []int{1, 2, 1}}, "GPU 1 given twice", 0},
		{"given twice across servers", Alloc{GPUs: []int{4, 0, 4}}, "GPU 4 given twice", 0},
		{"no such GPU", Alloc{GPUs: []int{0, 1, 99}}, "GPU 99 does not exist", 0},
		{"mixed types", Alloc{GPUs: []int{3, 8, 9}}, "may not mix GPU types", 0},
		{"host CPU, adjacent", Alloc{GPUs: []int{0, 1, 2}, CPUPerGPU: 3, MemPerGPU: 1}, "server 0 has 8 free cores, job needs 9", 0},
		{"host CPU, not adjacent", Alloc{GPUs: []int{0, 4, 1}, CPUPerGPU: 3, MemPerGPU: 1}, "", 2},
		{"host CPU, not adjacent, too much", Alloc{GPUs: []int{4, 0, 5}, CPUPerGPU: 5, MemPerGPU: 1}, "server 1 has 8 free cores, job needs 10", 0},
		{"host memory", Alloc{GPUs: []int{5, 6, 7}, CPUPerGPU: 1, MemPerGPU: 14}, "server 1 has 40 GB free, job needs 42", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &startOnce{a: c.a}
			spy := &placementSpy{}
			jobs := []core.Job{{ID: "j", GPUs: 3, Iterations: 100}}
			s, err := New(Config{Cluster: mustCluster(t, cluster), Jobs: jobs, Policy: p, Speed: spy, Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			s.Step()
			switch {
			case c.want == "" && p.err != nil:
				t.Fatalf("Start: %v, want a start", p.err)
			case c.want != "" && (p.err == nil || !strings.Contains(p.err.Error(), c.want)):
				t.Fatalf("Start: %v, want an error with %q", p.err, c.want)
			case c.want == "" && (len(spy.got) != 1 || spy.got[0].Servers != c.servers):
				t.Fatalf("speed model saw %+v, want one placement on %d servers", spy.got, c.servers)
			}
		})
	}
}
