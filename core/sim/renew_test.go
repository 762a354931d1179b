package sim

import (
	"strings"
	"testing"

	"schedlab/core"
)

// renewer starts job A on GPU 0 with half its server's cores in the first round; at the second
// tick it first runs second (which may take A's GPU or cores), then gives A the same lease again
// and keeps the answer.
type renewer struct {
	round  int
	second func(v *View, b *JobState)
	err    error
}

func (*renewer) Name() string   { return "test-renewer" }
func (*renewer) Rounds() Rounds { return LeaseRounds }
func (r *renewer) Decide(v *View, _ Trigger) {
	r.round++
	a, b := v.Job(0), v.Job(1)
	half := v.Cluster().Servers[0].CPUs / 2
	lease := Alloc{GPUs: []int{0}, CPUPerGPU: half, MemPerGPU: 10}
	switch r.round {
	case 1:
		if err := v.Start(a, lease); err != nil {
			panic(err)
		}
	case 2:
		if r.second != nil {
			r.second(v, b)
		}
		r.err = v.Start(a, lease)
	}
}

// TestRenewal checks that a renewal (the lease that just ended, given back unchanged) is refused
// when another job took its GPU or its host's cores first, as a new start would be, and that an
// accepted one continues the job's interval with a second credit.
func TestRenewal(t *testing.T) {
	start := func(gpu int, share float64) func(v *View, b *JobState) {
		return func(v *View, b *JobState) {
			cpu := v.Cluster().Servers[0].CPUs * share
			if err := v.Start(b, Alloc{GPUs: []int{gpu}, CPUPerGPU: cpu, MemPerGPU: 10}); err != nil {
				panic(err)
			}
		}
	}
	for _, c := range []struct {
		name   string
		second func(v *View, b *JobState)
		want   string // "" when the renewal is accepted
	}{
		{"unchanged", nil, ""},
		{"beside another job", start(1, 0.25), ""},
		{"GPU taken", start(0, 0.25), "GPU 0 is busy"},
		{"cores taken", start(1, 0.75), "free cores"},
	} {
		t.Run(c.name, func(t *testing.T) {
			jobs := []core.Job{
				{ID: "A", GPUs: 1, Iterations: 100000, Model: "res18"},
				{ID: "B", GPUs: 1, Iterations: 100000, Model: "res18"},
			}
			p := &renewer{second: c.second}
			s, err := New(Config{Cluster: mustCluster(t, "1x2"), Jobs: jobs, Policy: p, Progress: RoundCredit, FirstRound: 0, Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			s.RunUntil(300 * core.Second)
			if p.round != 2 {
				t.Fatalf("%d rounds, want 2", p.round)
			}
			a := s.view.Job(0)
			if c.want != "" {
				if p.err == nil || !strings.Contains(p.err.Error(), c.want) {
					t.Fatalf("renewal: got %v, want an error with %q", p.err, c.want)
				}
				if a.Status() != Pending {
					t.Errorf("refused renewal left A %v, want pending", a.Status())
				}
				return
			}
			if p.err != nil {
				t.Fatalf("renewal refused: %v", p.err)
			}
			if a.Status() != Running || len(a.GPUsHeld()) != 1 || a.GPUsHeld()[0] != 0 {
				t.Fatalf("A is %v on %v, want running on GPU 0", a.Status(), a.GPUsHeld())
			}
			if got := s.res.Intervals; len(got) == 0 || got[0].Job != 0 || got[0].To != -1 || got[0].From != 0 {
				t.Errorf("A's interval %+v, want one still open since 0", got)
			}
			if want := 2 * a.live.credit; a.done != want {
				t.Errorf("A has done %v, want two credits, %v", a.done, want)
			}
		})
	}
}
