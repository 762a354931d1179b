package asrpt

import (
	"math/rand/v2"
	"testing"

	"schedlab/core"
	"schedlab/core/parallel"
)

func freeOf(c *core.Cluster, free []int) Free {
	f := Free{Cluster: c, IDs: make([][]int, len(c.Servers))}
	for sv, n := range free {
		for k := range n {
			f.IDs[sv] = append(f.IDs[sv], c.Servers[sv].FirstGPU+k)
		}
	}
	return f
}

// TestRefineReachesBruteForce: on cases where the greedy fill cuts replicas or pipelines, the
// Kernighan–Lin refinement finds the brute-force optimum.
func TestRefineReachesBruteForce(t *testing.T) {
	c, _ := core.ParseCluster("4x4")
	for _, tc := range []struct {
		name  string
		free  []int
		model string
		par   core.Parallelism
	}{
		{"dp3 pp2, 3 free each", []int{3, 0, 3, 3}, "bert-large", core.Parallelism{DP: 3, PP: 2, TP: 1}},
		{"dp3 pp2, 4+2", []int{2, 4, 4, 2}, "bert-large", core.Parallelism{DP: 3, PP: 2, TP: 1}},
		{"dp3 pp2, 4+4+1", []int{4, 4, 4, 1}, "bert-large", core.Parallelism{DP: 3, PP: 2, TP: 1}},
	} {
		f := freeOf(c, tc.free)
		j := &core.Job{ID: "x", GPUs: tc.par.DP * tc.par.PP * tc.par.TP, Model: tc.model, Par: tc.par, Iterations: 1}
		ids, _ := Map(f, j)
		sh, _ := parallel.Builtin().Lookup(tc.model)
		want := bruteBest(c, f, j)
		if greedy := alphaOf(c, j, ids); !(greedy > want*(1+1e-9)) {
			t.Fatalf("%s: the greedy fill is already optimal (α %.4f s): not a refinement case", tc.name, greedy)
		}
		got := alphaOf(c, j, Refine(f, ids, sh.Work(tc.par, 0)))
		if got > want*(1+1e-9) {
			t.Errorf("%s: got α %.4f s after refinement, want the brute-force minimum %.4f s", tc.name, got, want)
		}
	}
}

// TestRefineNeverWorse: on random free-GPU patterns of a 4x4 cluster the refinement never raises
// α, uses only idle GPUs of the free set, each once; it logs how often it reaches the optimum.
func TestRefineNeverWorse(t *testing.T) {
	c, _ := core.ParseCluster("4x4")
	rng := rand.New(rand.NewPCG(1, 2))
	shapes := []struct {
		model string
		par   core.Parallelism
	}{
		{"bert-large", core.Parallelism{DP: 2, PP: 1, TP: 2}},
		{"gpt2-xl", core.Parallelism{DP: 2, PP: 2, TP: 2}},
		{"bert-large", core.Parallelism{DP: 3, PP: 2, TP: 1}},
		{"gpt2-xl", core.Parallelism{DP: 2, PP: 1, TP: 4}},
		{"bert-large", core.Parallelism{DP: 1, PP: 4, TP: 2}},
	}
	cases, mapOpt, refOpt := 0, 0, 0
	for range 120 {
		s := shapes[rng.IntN(len(shapes))]
		free := []int{rng.IntN(5), rng.IntN(5), rng.IntN(5), rng.IntN(5)}
		g := s.par.DP * s.par.PP * s.par.TP
		if free[0]+free[1]+free[2]+free[3] < g {
			continue
		}
		cases++
		f := freeOf(c, free)
		j := &core.Job{ID: "x", GPUs: g, Model: s.model, Par: s.par, Iterations: 1}
		ids, _ := Map(f, j)
		sh, _ := parallel.Builtin().Lookup(s.model)
		r := Refine(f, ids, sh.Work(s.par, 0))
		a, b, best := alphaOf(c, j, ids), alphaOf(c, j, r), bruteBest(c, f, j)
		if b > a*(1+1e-12) {
			t.Errorf("%s %v free %v: got α %.4f s after refinement, want at most the greedy %.4f s", s.model, s.par, free, b, a)
		}
		used := map[int]bool{}
		for _, id := range r {
			sv := c.ServerOf(id)
			if used[id] || id-c.Servers[sv].FirstGPU >= free[sv] {
				t.Errorf("%s %v free %v: got GPUs %v, want distinct idle GPUs", s.model, s.par, free, r)
				break
			}
			used[id] = true
		}
		if a <= best*(1+1e-9) {
			mapOpt++
		}
		if b <= best*(1+1e-9) {
			refOpt++
		}
	}
	t.Logf("%d cases: greedy optimal in %d, refined optimal in %d", cases, mapOpt, refOpt)
	if refOpt <= mapOpt {
		t.Errorf("got %d optimal after refinement, %d before: want more", refOpt, mapOpt)
	}
}
