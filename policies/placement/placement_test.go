package placement

import (
	"fmt"
	"slices"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

// prober occupies the given GPUs with one-GPU blocker jobs at its first decision, then asks the
// placer for the probe job (the last job) and records the answer without starting it.
type prober struct {
	busy   []int
	placer Placer
	got    []int
	ok     bool
	done   bool
}

func (*prober) Name() string { return "prober" }

func (p *prober) Decide(v *sim.View, _ sim.Trigger) {
	if p.done {
		return
	}
	p.done = true
	for i, g := range p.busy {
		if err := v.Start(v.Job(i), sim.Alloc{GPUs: []int{g}}); err != nil {
			panic(err)
		}
	}
	ids, ok := p.placer.Place(v, v.Job(len(p.busy)))
	p.got, p.ok = slices.Clone(ids), ok
}

// probe runs one decision on cluster spec with GPUs busy and returns the placement of a
// g-GPU job allowed on types (empty = any).
func probe(t *testing.T, spec string, busy []int, g int, types []core.GPUType, strategy string, seed uint64) ([]int, bool) {
	t.Helper()
	c, err := core.ParseCluster(spec)
	if err != nil {
		t.Fatal(err)
	}
	var jobs []core.Job
	for i := range busy {
		jobs = append(jobs, core.Job{ID: fmt.Sprintf("b%d", i), GPUs: 1, Duration: core.Hour})
	}
	jobs = append(jobs, core.Job{ID: "probe", GPUs: g, Duration: core.Hour, GPUTypes: types})
	pl, err := ByName(strategy)
	if err != nil {
		t.Fatal(err)
	}
	p := &prober{busy: busy, placer: pl}
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: p, Seed: seed, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	s.Step()
	if !p.done {
		t.Fatal("policy was not asked to decide")
	}
	return p.got, p.ok
}

func TestPlacementChoosesGPUs(t *testing.T) {
	// 3x4: server 0 = GPUs 0-3, server 1 = 4-7, server 2 = 8-11. Busy 0, 1, 4 leaves
	// server 0 with 2 free (2, 3), server 1 with 3 (5, 6, 7), server 2 with 4 (8-11).
	busy := []int{0, 1, 4}
	het := "1x4:K80+1x4:V100" // K80 = GPUs 0-3, V100 = 4-7
	tests := []struct {
		name     string
		spec     string
		busy     []int
		strategy string
		g        int
		types    []core.GPUType
		want     []int // nil = does not fit
	}{
		{"consolidate best fit 2", "3x4", busy, Consolidate, 2, nil, []int{2, 3}},
		{"consolidate best fit 3", "3x4", busy, Consolidate, 3, nil, []int{5, 6, 7}},
		{"consolidate best fit 4", "3x4", busy, Consolidate, 4, nil, []int{8, 9, 10, 11}},
		{"consolidate fewest servers", "3x4", busy, Consolidate, 6, nil, []int{5, 6, 8, 9, 10, 11}},
		{"consolidate all free", "3x4", busy, Consolidate, 9, nil, []int{2, 3, 5, 6, 7, 8, 9, 10, 11}},
		{"consolidate too big", "3x4", busy, Consolidate, 10, nil, nil},
		{"consolidate tie lowest server", "3x4", nil, Consolidate, 3, nil, []int{0, 1, 2}},
		{"consolidate tie across servers", "3x4", []int{0, 4}, Consolidate, 5, nil, []int{8, 9, 10, 11, 1}},
		{"spread 4", "3x4", busy, Spread, 4, nil, []int{2, 5, 8, 9}},
		{"spread 1", "3x4", busy, Spread, 1, nil, []int{8}},
		{"spread 8", "3x4", busy, Spread, 8, nil, []int{2, 3, 5, 6, 7, 8, 9, 10}},
		{"spread too big", "3x4", busy, Spread, 10, nil, nil},
		{"first-fit 3", "3x4", busy, FirstFit, 3, nil, []int{2, 3, 5}},
		{"first-fit 1", "3x4", busy, FirstFit, 1, nil, []int{2}},
		{"first-fit too big", "3x4", busy, FirstFit, 10, nil, nil},
		// tiresias-yarn: busy 0, 1, 4 leaves servers 0, 1 partly busy and server 2 idle.
		{"yarn one server, lowest index", "3x4", busy, TiresiasYarn, 2, nil, []int{2, 3}},
		{"yarn one server, never split", "3x4", busy, TiresiasYarn, 3, nil, []int{5, 6, 7}},
		{"yarn one server, idle one", "3x4", busy, TiresiasYarn, 4, nil, []int{8, 9, 10, 11}},
		{"yarn whole idle servers and the rest", "3x4", busy, TiresiasYarn, 6, nil, []int{8, 9, 10, 11, 2, 3}},
		{"yarn too few idle servers", "3x4", busy, TiresiasYarn, 8, nil, nil},
		{"yarn two idle servers", "3x4", []int{0}, TiresiasYarn, 8, nil, []int{4, 5, 6, 7, 8, 9, 10, 11}},
		{"yarn refuses though GPUs are free", "2x4", []int{0, 4}, TiresiasYarn, 4, nil, nil},
		{"yarn first type with room", het, []int{0}, TiresiasYarn, 4, nil, []int{4, 5, 6, 7}},
		{"het consolidate most free type", het, []int{0}, Consolidate, 3, nil, []int{4, 5, 6}},
		{"het first-fit cluster order", het, []int{0}, FirstFit, 3, nil, []int{1, 2, 3}},
		{"het first-fit skips full type", het, []int{0}, FirstFit, 4, nil, []int{4, 5, 6, 7}},
		{"het allowed type only", het, []int{0}, Consolidate, 3, []core.GPUType{core.K80}, []int{1, 2, 3}},
		{"het allowed type too small", het, []int{0}, Spread, 4, []core.GPUType{core.K80}, nil},
		{"het never mixes types", het, []int{0}, Consolidate, 5, nil, nil},
		{"het type absent", het, nil, FirstFit, 1, []core.GPUType{core.A100}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := slices.Clone(tc.want)
			slices.Sort(want)
			got, ok := probe(t, tc.spec, tc.busy, tc.g, tc.types, tc.strategy, 1)
			if ok != (tc.want != nil) || !slices.Equal(got, want) {
				t.Errorf("got %v %v, want %v %v", got, ok, want, tc.want != nil)
			}
		})
	}
}

func TestRandomPlacement(t *testing.T) {
	busy := []int{0, 1, 4}
	seen := map[int]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		got, ok := probe(t, "3x4", busy, 3, nil, Random, seed)
		if !ok || len(got) != 3 {
			t.Fatalf("seed %d: got %v %v, want 3 GPUs", seed, got, ok)
		}
		again, _ := probe(t, "3x4", busy, 3, nil, Random, seed)
		if !slices.Equal(got, again) {
			t.Errorf("seed %d: got %v then %v, want the same draw", seed, got, again)
		}
		for k, g := range got {
			if slices.Contains(busy, g) || (k > 0 && got[k-1] >= g) {
				t.Errorf("seed %d: got %v, want distinct free ids in ascending order", seed, got)
			}
			seen[g] = true
		}
	}
	if len(seen) != 9 {
		t.Errorf("40 draws used %d distinct GPUs, want all 9 free ones", len(seen))
	}
	if _, ok := probe(t, "1x4:K80+1x4:V100", []int{0}, 5, nil, Random, 1); ok {
		t.Errorf("random placed a 5-GPU gang across types, want no fit")
	}
}

func TestByName(t *testing.T) {
	for _, n := range append(Names(), "") {
		p, err := ByName(n)
		if err != nil {
			t.Fatalf("ByName(%q): %v", n, err)
		}
		want := n
		if n == "" {
			want = Default
		}
		if p.Name() != want {
			t.Errorf("ByName(%q).Name() = %q, want %q", n, p.Name(), want)
		}
	}
	if _, err := ByName("best"); err == nil {
		t.Errorf("ByName(best): got no error, want unknown placement")
	}
}
