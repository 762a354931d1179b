package metrics

import (
	"math"
	"slices"
)

// percentiles are the percentiles ps of xs by linear interpolation between closest ranks (numpy's
// default), NaN when xs is empty. xs is not sorted: only the ranks the interpolations read (two
// per percentile) are put in place, by selection, in one pass from the lowest rank to the
// highest, and xs is left reordered. Those are the values a sort would put there, so the results
// are the bits a sort gives. A million-job run sorted its million JCTs for three numbers (a
// tenth of a fifo run natively).
func percentiles(xs []float64, ps ...float64) []float64 {
	out := make([]float64, len(ps))
	if len(xs) == 0 {
		for i := range out {
			out[i] = math.NaN()
		}
		return out
	}
	var ranks []int
	for _, p := range ps {
		lo, hi := percentileRanks(len(xs), p)
		ranks = append(ranks, lo, hi)
	}
	slices.Sort(ranks)
	from := 0
	for _, r := range slices.Compact(ranks) {
		selectRank(xs[from:], r-from) // the ranks from on are the values of xs[from:]
		from = r + 1
	}
	for i, p := range ps {
		lo, hi := percentileRanks(len(xs), p)
		rank := float64(p / 100 * float64(len(xs)-1))
		out[i] = xs[lo] + float64((xs[hi]-xs[lo])*(rank-float64(lo)))
	}
	return out
}

// percentileRanks are the two ranks of n sorted values that percentile p interpolates between.
func percentileRanks(n int, p float64) (lo, hi int) {
	lo = int(math.Floor(float64(p / 100 * float64(n-1))))
	return lo, min(lo+1, n-1)
}

// selectRank reorders xs so that xs[k] holds the value a sort would put there, with no greater
// value before it and no smaller one after (quickselect: Hoare's partition around the median of
// the first, middle and last values; a range still long after 64 partitions is sorted instead).
func selectRank(xs []float64, k int) {
	lo, hi := 0, len(xs)-1
	for rounds := 0; hi-lo > 16 && rounds < 64; rounds++ {
		a, b, c := xs[lo], xs[lo+(hi-lo)/2], xs[hi]
		pivot := max(min(a, b), min(max(a, b), c))
		i, j := lo, hi
		for i <= j {
			for xs[i] < pivot {
				i++
			}
			for xs[j] > pivot {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i, j = i+1, j-1
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return // xs[j+1:i] all equal the pivot
		}
	}
	slices.Sort(xs[lo : hi+1])
}
