package forest

import (
	"math/rand/v2"
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

func BenchmarkFit(b *testing.B) {
	X, y := synthetic(500, 1)
	for b.Loop() {
		if _, err := Fit(X, y, Config{Trees: 20, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
