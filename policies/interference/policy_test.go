package interference_test

import (
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/sim"
	"schedlab/core/world"
	"schedlab/policies"
)

// family is every policy the interference family registers.
var family = []string{"iasp-iapp", "iasp-iapp-oracle", "exclusive", "random-share", "least-loaded", "pack-first", "gandiva-pack"}

// TestPoliciesKeepInvariants runs every policy of the family with the engine's invariant checker
// on a small sharing workload; every job finishes.
func TestPoliciesKeepInvariants(t *testing.T) {
	models := world.Models()
	jobs, err := gen.Generate("interference:jobs=40,rate=20,maxh=2", 2, models)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range family {
		t.Run(name, func(t *testing.T) {
			r := run(t, name, "", "2x8", jobs)
			done, shared := 0, false
			for _, j := range r.Jobs {
				if j.Status == sim.Done {
					done++
				}
				shared = shared || j.Effective < float64(j.Held)-1
			}
			if done != len(jobs) {
				t.Errorf("got %d jobs done, want %d", done, len(jobs))
			}
			if name == "exclusive" && shared {
				t.Errorf("exclusive: a job ran below full speed, want no sharing")
			}
		})
	}
}

func TestParams(t *testing.T) {
	reg := policies.Builtin()
	for _, tc := range []struct{ name, params, want string }{
		{"iasp-iapp", `{"train_frac":2}`, "train_frac"},
		{"exclusive", `{"bogus":1}`, `unknown key "bogus"`},
		{"gandiva-pack", `{"evict":0.5}`, ""},
		{"gandiva-pack", `{"evict":0}`, ""},
		{"iasp-iapp", `{"theta":0,"lambda":0,"gang":"spread"}`, ""},
		{"iasp-iapp", `{"theta":5}`, "theta: 5 is outside"},
		{"iasp-iapp-oracle", `{"lambda":-1,"gang":"spread"}`, "lambda: -1 is negative"},
		{"iasp-iapp", `{"lambda":2}`, `lambda: applies only with gang "spread"`},
		{"exclusive", `{"gang":"spread"}`, ""},
		{"gandiva-pack", `{"gang":"one"}`, `gang: "one": want "server" or "spread"`},
		{"gandiva-pack", `{"evict":2}`, "evict: 2 is outside"},
		{"iasp-iapp", `{"train_frac":0}`, "train_frac: 0 is outside"},
		{"exclusive", `{"theta":0.5}`, "theta: applies only to iasp-iapp"},
		{"iasp-iapp-oracle", `{"train_frac":0.5}`, "train_frac: applies only to iasp-iapp"},
		{"iasp-iapp", `{"evict":0.5}`, "evict: applies only to gandiva-pack"},
		{"pack-first", `{} {}`, "trailing data"},
	} {
		_, err := reg.New(tc.name, []byte(tc.params))
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s %s: got error %v, want %q", tc.name, tc.params, err, tc.want)
		}
	}
}

// TestGangsWiderThanAServerStillRun: under the default gang rule (and with Lambda > 1 under
// spread) a gang waits for one server rather than span several — except when no server is large
// enough, where spanning is unavoidable.
func TestGangsWiderThanAServerStillRun(t *testing.T) {
	jobs := []core.Job{
		{ID: "wide", GPUs: 8, Model: "lm-bs5", BatchSize: 5, Iterations: 1000},
		{ID: "one", Submit: core.Second, GPUs: 1, Model: "transformer-bs64", BatchSize: 64, Iterations: 1000},
	}
	for _, tc := range []struct{ cluster, params string }{
		{"2x4", ``},
		{"2x4", `{"gang":"spread","lambda":2}`},
		{"2x4", `{"gang":"spread","lambda":0.5}`},
		{"4x2", ``},
	} {
		for _, j := range run(t, "iasp-iapp", tc.params, tc.cluster, jobs).Jobs {
			if j.Status != sim.Done {
				t.Errorf("%s %s: job %s got status %v, want done", tc.cluster, tc.params, j.Job.ID, j.Status)
			}
		}
	}
}

// TestGangRule: under the default rule no policy of the family ever splits a job that fits on one
// server across servers, so a figure's series differ in how they share GPUs, not in whether a job
// waits for a server; under gang=spread every blind policy does split some (the rule is real).
func TestGangRule(t *testing.T) {
	models := world.Models()
	jobs, err := gen.Generate("interference:jobs=120,rate=30,maxh=2", 3, models)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range family {
		for _, gang := range []string{``, `{"gang":"spread"}`} {
			r := run(t, name, gang, "4x8", jobs)
			split := 0
			for _, iv := range r.Intervals {
				servers := map[int32]bool{}
				for _, g := range iv.GPUs {
					servers[g/8] = true
				}
				if len(servers) > 1 {
					split++
				}
			}
			if gang == `` && split > 0 {
				t.Errorf("%s: %d allocations span servers under the default gang rule, want none", name, split)
			}
			if gang != `` && name != "iasp-iapp" && name != "iasp-iapp-oracle" && split == 0 {
				t.Errorf("%s %s: no allocation spans servers on a loaded 4x8, want some", name, gang)
			}
		}
	}
}

func run(t *testing.T, name, params, cluster string, jobs []core.Job) *sim.Result {
	t.Helper()
	models := world.Models()
	p, err := policies.Builtin().New(name, []byte(params))
	if err != nil {
		t.Fatal(err)
	}
	c, err := core.ParseCluster(cluster)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Speed: world.Speed(models), Policy: p, Seed: 1,
		Colocation: world.Colocation(models), Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	return s.Run()
}
