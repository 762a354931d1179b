package similarity

import (
	"encoding/json"
	"slices"
	"testing"

	"schedlab/core"
	"schedlab/core/interference"
	"schedlab/core/sim"
	"schedlab/core/world"
)

// watch wraps a policy and, after each decision, checks every shared GPU against the ground truth.
type watch struct {
	*Policy
	t      *testing.T
	truth  *interference.Colocation
	shared int // observations of a job on a shared GPU
	gangs  int // … of a multi-GPU job
	slowed int // … whose slowdown was below 1
}

func (w *watch) Decide(v *sim.View, why sim.Trigger) {
	w.Policy.Decide(v, why)
	cl := v.Cluster()
	for g := range cl.NumGPUs() {
		occ := v.Occupants(g)
		if len(occ) < 2 {
			continue
		}
		if len(occ) > 2 {
			w.t.Errorf("GPU %d runs %d jobs, want at most 2", g, len(occ))
			continue
		}
		t := cl.Servers[cl.ServerOf(g)].Type
		a, b := v.Job(int(occ[0])), v.Job(int(occ[1]))
		if !slices.Equal(a.GPUsHeld(), b.GPUsHeld()) {
			w.t.Errorf("GPU %d shared by jobs on GPUs %v and %v, want a gang joining exactly another's GPUs", g, a.GPUsHeld(), b.GPUsHeld())
		}
		if a.Job.GPUs > 1 {
			w.gangs++
		}
		ka, okA := w.truth.Type(a.Job)
		kb, okB := w.truth.Type(b.Job)
		pa, _ := w.truth.Model().Pair(t, ka, kb)
		pb, _ := w.truth.Model().Pair(t, kb, ka)
		if !okA || !okB || pa == 0 || pb == 0 {
			w.t.Errorf("GPU %d (%s): %s and %s share, but the pair was not measured as fitting", g, t, a.Job.Model, b.Job.Model)
			continue
		}
		for _, x := range []struct {
			j    *sim.JobState
			want float64
		}{{a, pa}, {b, pb}} {
			w.shared++
			if got := v.Slowdown(x.j); got != x.want {
				w.t.Errorf("%s beside another job on %s: got slowdown %v, want the measured %v", x.j.Job.Model, t, got, x.want)
			}
			if v.Slowdown(x.j) < 1 {
				w.slowed++
			}
		}
	}
}

// TestPackingShares runs model-similarity+packing on the similarity-packing workload: GPUs really
// are shared, by 1-GPU jobs and by gangs, each gang exactly on another's GPUs, only pairs Gavel
// measured as fitting, and the engine runs each task at its measured slowdown.
func TestPackingShares(t *testing.T) {
	cl, _ := core.ParseCluster(gavelCluster)
	total, gangs := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		jobs := genJobs(t, "similarity:jobs=48,single=true", seed)
		var pol *Policy
		for _, e := range Entries() {
			if e.Name == "model-similarity+packing" {
				p, err := e.New(nil)
				if err != nil {
					t.Fatal(err)
				}
				pol = p.(*Policy)
			}
		}
		w := &watch{Policy: pol, t: t, truth: world.Colocation(world.Models()).(*interference.Colocation)}
		s, _, _ := runPolicy(t, w, jobs, cl, seed, 60*core.Second)
		if s.Completed != len(jobs) {
			t.Errorf("seed %d: got %d completed, want %d", seed, s.Completed, len(jobs))
		}
		if w.shared > 0 && w.slowed == 0 {
			t.Errorf("seed %d: %d shared observations, none slowed: want the measured slowdowns below 1", seed, w.shared)
		}
		t.Logf("seed %d: %d shared observations (%d of gangs), %d slowed", seed, w.shared, w.gangs, w.slowed)
		total += w.shared
		gangs += w.gangs
	}
	if total == 0 || gangs == 0 || gangs == total {
		t.Errorf("got %d shared observations, %d of gangs, in 2 seeds: want packing of both 1-GPU jobs and gangs", total, gangs)
	}
}

// TestPackingUsesReferenceRows checks that the policy predicts a pair from the co-location rows
// of the jobs' reference models, never their own, and that the oracle uses the true rows.
func TestPackingUsesReferenceRows(t *testing.T) {
	truth := world.Colocation(world.Models()).(*interference.Colocation)
	jobs := genJobs(t, "similarity:jobs=60,single=true", 5)
	cl, _ := core.ParseCluster(gavelCluster)
	for _, tc := range []struct {
		name, params string
		own          bool
	}{
		{"model-similarity+packing", "", false},
		{"model-similarity+packing", `{"exclude":"family"}`, false},
		{"model-similarity-oracle", `{"packing":true}`, true},
	} {
		var pol *Policy
		for _, e := range Entries() {
			if e.Name == tc.name {
				p, err := e.New(json.RawMessage(tc.params))
				if err != nil {
					t.Fatal(err)
				}
				pol = p.(*Policy)
			}
		}
		seen := 0
		check := func(v *sim.View) {
			pol.Init(v)
			for i := range jobs {
				j := v.Job(i)
				seen++
				own, _ := truth.Type(j.Job)
				if got := pol.colocType(j); (got == own) != tc.own || got < 0 {
					t.Errorf("%s %s: %s stands for co-location type %d, own type %d: want own=%v", tc.name, tc.params, j.Job.Model, got, own, tc.own)
				}
			}
		}
		s, err := sim.New(sim.Config{Cluster: cl, Jobs: jobs, Speed: world.Speed(world.Models()), Policy: &probe{f: check}})
		if err != nil {
			t.Fatal(err)
		}
		s.Run()
		if seen != len(jobs) {
			t.Fatalf("%s: checked %d jobs, want %d", tc.name, seen, len(jobs))
		}
	}
}

// probe calls f at its first decision and never starts a job.
type probe struct {
	f    func(*sim.View)
	done bool
}

func (p *probe) Name() string { return "probe" }

func (p *probe) Decide(v *sim.View, _ sim.Trigger) {
	if !p.done {
		p.done = true
		p.f(v)
	}
}
