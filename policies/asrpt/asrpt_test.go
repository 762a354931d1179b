package asrpt

import (
	"math"
	"runtime"
	"slices"
	"testing"

	"schedlab/core"
	"schedlab/core/parallel"
)

// alphaOf is the iteration time of job j with its ranks on ids.
func alphaOf(c *core.Cluster, j *core.Job, ids []int) float64 {
	sh, _ := parallel.Builtin().Lookup(j.Model)
	l := parallel.Layout{Server: make([]int, len(ids))}
	for k, g := range ids {
		l.Server[k] = c.ServerOf(g)
	}
	l.IntraGbps, l.InterGbps = parallel.Uniform(c.Servers[0].IntraGbps, c.Servers[0].InterGbps)
	return sh.Work(j.Par, 0).Alpha(l)
}

// bruteBest enumerates every assignment of the job's ranks to idle GPUs (servers only matter, so
// it enumerates rank → server maps within the free counts) and returns the smallest α.
func bruteBest(c *core.Cluster, f Free, j *core.Job) float64 {
	best := math.Inf(1)
	left := make([]int, len(f.IDs))
	for sv := range f.IDs {
		left[sv] = len(f.IDs[sv])
	}
	ids := make([]int, j.GPUs)
	var rec func(k int)
	rec = func(k int) {
		if k == j.GPUs {
			best = min(best, alphaOf(c, j, ids))
			return
		}
		for sv := range left {
			if left[sv] == 0 {
				continue
			}
			ids[k] = f.IDs[sv][len(f.IDs[sv])-left[sv]]
			left[sv]--
			rec(k + 1)
			left[sv]++
		}
	}
	rec(0)
	return best
}

func TestMapperAgainstBruteForce(t *testing.T) {
	c, err := core.ParseCluster("4x4")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		free  []int // idle GPUs per server
		model string
		par   core.Parallelism
	}{
		{"dp4 fits one server", []int{2, 4, 3, 1}, "resnet18-dp", core.Parallelism{DP: 4, PP: 1, TP: 1}},
		{"dp4 must span", []int{3, 3, 2, 1}, "resnet18-dp", core.Parallelism{DP: 4, PP: 1, TP: 1}},
		{"tp2 dp2 odd free", []int{3, 3, 1, 0}, "bert-large", core.Parallelism{DP: 2, PP: 1, TP: 2}},
		{"tp2 pp2", []int{3, 2, 2, 1}, "gpt2-xl", core.Parallelism{DP: 1, PP: 2, TP: 2}},
		{"tp2 pp2 dp2", []int{3, 3, 3, 3}, "gpt2-xl", core.Parallelism{DP: 2, PP: 2, TP: 2}},
		{"tp4 pp2", []int{4, 3, 4, 1}, "gpt2-xl", core.Parallelism{DP: 1, PP: 2, TP: 4}},
		{"pp3", []int{1, 2, 1, 0}, "bert-large", core.Parallelism{DP: 1, PP: 3, TP: 1}},
	} {
		f := Free{Cluster: c, IDs: make([][]int, 4)}
		for sv, n := range tc.free {
			for k := range n {
				f.IDs[sv] = append(f.IDs[sv], c.Servers[sv].FirstGPU+k)
			}
		}
		j := &core.Job{ID: "x", GPUs: tc.par.DP * tc.par.PP * tc.par.TP, Model: tc.model, Par: tc.par, Iterations: 1}
		ids, ok := Map(f, j)
		if !ok {
			t.Fatalf("%s: got no placement, want one", tc.name)
		}
		got, want := alphaOf(c, j, ids), bruteBest(c, f, j)
		if got > want*(1+1e-9) {
			t.Errorf("%s: got α %.4f s (ids %v), want the brute-force minimum %.4f s", tc.name, got, ids, want)
		}
		seen := slices.Clone(ids)
		slices.Sort(seen)
		if len(slices.Compact(seen)) != len(ids) {
			t.Errorf("%s: got repeated GPUs %v", tc.name, ids)
		}
	}
}

// TestFeaturesIgnoreOwnOutcome: changing a job's own iteration count never changes its features.
func TestFeaturesIgnoreOwnOutcome(t *testing.T) {
	jobs := workload(t, "recurring:jobs=80", 3)
	h := NewHistory(0)
	for i := range jobs {
		a := h.Features(&jobs[i], nil)
		alt := jobs[i]
		alt.Iterations = alt.Iterations*7 + 13
		b := h.Features(&alt, nil)
		if !slices.Equal(a, b) {
			t.Fatalf("job %d: got features %v with its true length and %v with another, want equal", i, a, b)
		}
		if len(a) != NumFeatures {
			t.Fatalf("got %d features, want %d", len(a), NumFeatures)
		}
		h.Learn(&jobs[i], float64(jobs[i].Iterations))
	}
}

// TestPredictorAccuracy reports the forest beside the mean-of-history predictor on a time-ordered
// 75/25 split, per history length; the forest must be at least as good in R².
func TestPredictorAccuracy(t *testing.T) {
	jobs := workload(t, "recurring:jobs=1000,rate=4,sigma=0.5", 1)
	hists := []int{1, 3, 10, 0}
	if testing.Short() || runtime.GOOS == "js" {
		hists = []int{0} // the sweep takes a few seconds natively
	}
	for _, hist := range hists {
		a := PredictorAccuracy(jobs, 0.75, hist, 1)
		t.Logf("history %2d: RF R² %.3f MAPE %.1f %% | mean-of-history R² %.3f MAPE %.1f %% (train %d, test %d)",
			hist, a.RFR2, 100*a.RFMAPE, a.MeanR2, 100*a.MeanMAPE, a.Train, a.Test)
		if hist == 0 && !(a.RFR2 > a.MeanR2) {
			t.Errorf("got RF R² %.3f, mean-of-history %.3f: want the forest better", a.RFR2, a.MeanR2)
		}
	}
}

func TestRho(t *testing.T) {
	c, _ := core.ParseCluster("8x8")
	jobs := workload(t, "recurring:jobs=200", 1)
	if r := Rho(jobs, c); !(r > 1) {
		t.Errorf("got ρ %v, want > 1", r)
	}
	if r := Rho(workload(t, "philly:jobs=50", 1), c); r != 1 {
		t.Errorf("got ρ %v for jobs without parallelism, want 1", r)
	}
}

// TestDeterministicRun: the same seed gives the same mean JCT.
func TestDeterministicRun(t *testing.T) {
	c, _ := core.ParseCluster("4x8")
	jobs := workload(t, "recurring:jobs=60", 2)
	for _, p := range []string{"a-srpt", "a-srpt-preempt", "a-srpt-err0.5"} {
		if a, b := meanJCT(t, p, jobs, c, 4), meanJCT(t, p, jobs, c, 4); a != b {
			t.Errorf("%s: got %v and %v from the same seed, want equal", p, a, b)
		}
	}
}
