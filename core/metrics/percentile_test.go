package metrics

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPercentiles: selection gives the bits of the interpolation on the sorted values, on random,
// sorted, reversed, constant and few-valued inputs of sizes around the selection's cut-offs.
func TestPercentiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ps := []float64{50, 95, 99, 0, 100, 12.5, 99.9}
	for _, n := range []int{1, 2, 3, 16, 17, 18, 100, 1001, 20000} {
		for kind, gen := range []func(i int) float64{
			func(int) float64 { return float64(rng.IntN(1_000_000)) },
			func(int) float64 { return float64(rng.IntN(3)) },
			func(i int) float64 { return float64(i) },
			func(i int) float64 { return float64(n - i) },
			func(int) float64 { return 7 },
			func(i int) float64 { return float64(i%2) * 1e9 },
		} {
			xs := make([]float64, n)
			for i := range xs {
				xs[i] = gen(i)
			}
			sorted := slices.Clone(xs)
			slices.Sort(sorted)
			got := percentiles(xs, ps...)
			for i, p := range ps {
				if want := sortedPercentile(sorted, p); math.Float64bits(got[i]) != math.Float64bits(want) {
					t.Errorf("n %d, input %d, p%v: %v, want %v", n, kind, p, got[i], want)
				}
			}
			slices.Sort(xs)
			if !slices.Equal(xs, sorted) {
				t.Fatalf("n %d, input %d: values lost or changed", n, kind)
			}
		}
	}
	if got := percentiles(nil, 50); !math.IsNaN(got[0]) {
		t.Errorf("no values: %v, want NaN", got[0])
	}
}

// sortedPercentile is percentile p of sorted values (numpy's linear interpolation), the reference.
func sortedPercentile(sorted []float64, p float64) float64 {
	rank := float64(p / 100 * float64(len(sorted)-1))
	lo := int(math.Floor(rank))
	hi := min(lo+1, len(sorted)-1)
	return sorted[lo] + float64((sorted[hi]-sorted[lo])*(rank-float64(lo)))
}
