package figure

import (
	"cmp"
	"math"
	"slices"

	"schedlab/core/metrics"
)

// Stat is one point of a figure: a metric of a (sweep value, series) pair over its seeds.
type Stat struct {
	X, S, M int
	N       int     // seeds measured
	Mean    float64 // the mean over seeds
	// Interval is the half-width of the 95 % confidence interval of the mean, Student t with N − 1
	// degrees of freedom: t·sd/√N. It is NaN for a single seed (no spread to estimate from).
	Interval float64
}

// Stats summarises rows per (sweep value, series, metric), in the CSV's order. Only pairs with at
// least one row appear.
func Stats(f *Figure, rows []Row) []Stat {
	type key struct{ x, s, m int }
	vals := map[key][]float64{}
	var keys []key
	for _, r := range rows {
		k := key{r.X, r.S, r.M}
		if _, ok := vals[k]; !ok {
			keys = append(keys, k)
		}
		vals[k] = append(vals[k], r.Value)
	}
	out := make([]Stat, 0, len(keys))
	for _, k := range keys {
		mean, half := MeanInterval(vals[k])
		out = append(out, Stat{X: k.x, S: k.s, M: k.m, N: len(vals[k]), Mean: mean, Interval: half})
	}
	sortStats(out)
	return out
}

func sortStats(st []Stat) {
	slices.SortFunc(st, func(a, b Stat) int {
		return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.S, b.S), cmp.Compare(a.M, b.M))
	})
}

// MeanInterval is the mean of xs and the half-width of its 95 % Student-t confidence interval
// (NaN for fewer than two values; the mean is NaN for none).
func MeanInterval(xs []float64) (mean, half float64) {
	n := len(xs)
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	mean, sd := metrics.MeanSD(xs)
	if n < 2 {
		return mean, math.NaN()
	}
	return mean, T975(n-1) * sd / math.Sqrt(float64(n))
}

// t975 holds the 0.975 quantiles of Student's t distribution for 1…30 degrees of freedom (the
// two-sided 95 % critical values of every statistics table, to three decimals).
var t975 = [...]float64{12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}

// T975 is the 0.975 quantile of Student's t with df degrees of freedom (df ≥ 1): the table to 30,
// then the tabulated rows 40, 60 and 120, each used from its df up to the next (between two rows
// the lower df's larger value, so the interval never comes out narrower than the exact one).
func T975(df int) float64 {
	switch {
	case df < 1:
		return math.NaN()
	case df <= len(t975):
		return t975[df-1]
	case df < 40:
		return t975[len(t975)-1]
	case df < 60:
		return 2.021
	case df < 120:
		return 2.000
	}
	return 1.980
}
