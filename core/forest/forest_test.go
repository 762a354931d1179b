package forest

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// synthetic is y = 3·x0 + 2·[x1 > 0.5] − x2·x3 + noise, with a useless x4.
func synthetic(n int, seed uint64) ([][]float64, []float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	X := make([][]float64, n)
	y := make([]float64, n)
	for i := range X {
		r := make([]float64, 5)
		for k := range r {
			r[k] = rng.Float64()
		}
		X[i] = r
		step := 0.0
		if r[1] > 0.5 {
			step = 2
		}
		y[i] = 3*r[0] + step - r[2]*r[3] + 0.05*(rng.Float64()-0.5)
	}
	return X, y
}

func TestSynthetic(t *testing.T) {
	X, y := synthetic(600, 1)
	Xt, yt := synthetic(300, 2)
	f, err := Fit(X, y, Config{Trees: 50, MaxFeatures: 5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	pred := make([]float64, len(Xt))
	for i, r := range Xt {
		pred[i] = f.Predict(r)
	}
	r2 := R2(yt, pred)
	if r2 < 0.9 {
		t.Errorf("got R² %.3f on held-out synthetic data, want ≥ 0.9", r2)
	}
	t.Logf("synthetic: R² %.4f, MAPE %.2f %%", r2, 100*MAPE(yt, pred))
}

func TestDeterministic(t *testing.T) {
	X, y := synthetic(200, 5)
	a, _ := Fit(X, y, Config{Trees: 20, Seed: 9})
	b, _ := Fit(X, y, Config{Trees: 20, Seed: 9})
	c, _ := Fit(X, y, Config{Trees: 20, Seed: 10})
	same, differ := true, false
	for _, r := range X {
		same = same && a.Predict(r) == b.Predict(r)
		differ = differ || a.Predict(r) != c.Predict(r)
	}
	if !same {
		t.Error("got different predictions from two forests with seed 9, want identical")
	}
	if !differ {
		t.Error("got identical forests for seeds 9 and 10, want different")
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		X    [][]float64
		y    []float64
	}{
		{"empty", nil, nil},
		{"length", [][]float64{{1}}, []float64{1, 2}},
		{"ragged", [][]float64{{1}, {1, 2}}, []float64{1, 2}},
	} {
		if _, err := Fit(tc.X, tc.y, Config{}); err == nil {
			t.Errorf("%s: got no error, want one", tc.name)
		}
	}
	if got := R2([]float64{1, 2, 3}, []float64{1, 2, 3}); got != 1 {
		t.Errorf("got R² %v for exact predictions, want 1", got)
	}
	if got := MAPE([]float64{2, 4}, []float64{1, 4}); got != 0.25 {
		t.Errorf("got MAPE %v, want 0.25", got)
	}
}

// grouped is data shaped like A-SRPT's feature rows: a group code and features fixed per group
// (model, degrees), a few batch levels, and continuous history features; the target depends on
// the group and a continuous feature. Below a split on the group, most features are constant.
func grouped(n int, seed uint64) ([][]float64, []float64) {
	rng := rand.New(rand.NewPCG(seed, 2))
	X := make([][]float64, n)
	y := make([]float64, n)
	for i := range X {
		g := rng.IntN(12)
		batch := float64(rng.IntN(3))
		x := rng.Float64()
		X[i] = []float64{float64(g), float64(g % 5), float64(int(1) << (g % 4)), float64(g % 3), batch,
			float64(rng.IntN(200)), x, float64(x*0.5) + float64(g)}
		y[i] = float64(g) + float64(2*x) - batch + 0.1*rng.Float64()
	}
	return X, y
}

// BenchmarkFitGrouped fits A-SRPT's online forest's shape (30 trees, half the features per split)
// on grouped rows.
func BenchmarkFitGrouped(b *testing.B) {
	X, y := grouped(5000, 1)
	for b.Loop() {
		if _, err := Fit(X, y, Config{Trees: 30, MaxFeatures: 4, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFit(b *testing.B) {
	X, y := synthetic(500, 1)
	for b.Loop() {
		if _, err := Fit(X, y, Config{Trees: 20, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSameAsReference: the presorted builder grows the trees the plain one (refFit) grows, node
// for node, on data with many tied feature values (as A-SRPT's categorical codes and degrees are)
// and with the minimum leaf and depth limits set or not.
func TestSameAsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, tc := range []struct {
		name   string
		n, lev int // rows, distinct values per feature (0: continuous; -1: grouped)
		cfg    Config
	}{
		{"continuous", 300, 0, Config{Trees: 10, MaxFeatures: 2, MinLeaf: 1, Seed: 1}},
		{"ties", 300, 4, Config{Trees: 10, MaxFeatures: 3, MinLeaf: 1, Seed: 2}},
		{"ties-minleaf", 200, 3, Config{Trees: 10, MaxFeatures: 5, MinLeaf: 3, Seed: 3}},
		{"depth", 150, 6, Config{Trees: 10, MaxFeatures: 1, MinLeaf: 1, MaxDepth: 4, Seed: 4}},
		{"tiny", 3, 2, Config{Trees: 5, MaxFeatures: 5, MinLeaf: 1, Seed: 5}},
		// features constant below a split (flat: not scanned, not partitioned)
		{"grouped", 400, -1, Config{Trees: 10, MaxFeatures: 4, MinLeaf: 1, Seed: 6}},
		{"grouped-minleaf", 300, -1, Config{Trees: 10, MaxFeatures: 3, MinLeaf: 2, Seed: 7}},
	} {
		X, y := synthetic(tc.n, uint64(len(tc.name)))
		if tc.lev < 0 {
			X, y = grouped(tc.n, uint64(len(tc.name)))
		}
		if tc.lev > 0 {
			for _, r := range X {
				for k := range r {
					r[k] = float64(int(r[k]*float64(tc.lev))) - 1
				}
			}
			for i := range y {
				y[i] = float64(rng.IntN(5)) / 3 // ties in the targets too (inexact: sums depend on order)
			}
		}
		f, err := Fit(X, y, tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		want := refFit(X, y, tc.cfg)
		if len(f.trees) != len(want) {
			t.Fatalf("%s: got %d trees, want %d", tc.name, len(f.trees), len(want))
		}
		for k := range want {
			if !slices.Equal(f.trees[k], want[k]) {
				t.Errorf("%s: tree %d: got %d nodes %v, want %d nodes %v", tc.name, k, len(f.trees[k]), f.trees[k], len(want[k]), want[k])
				break
			}
		}
	}
}
