package similarity

import (
	"math"
	"slices"
	"testing"
)

// TestInOrder checks the round order's heap against a full sort by the same order, on pairs
// with many ties in priority and fraction (never-served pairs have priority +Inf).
func TestInOrder(t *testing.T) {
	seed := uint64(7)
	next := func(n int) int { // a fixed LCG: the test needs variety, not randomness
		seed = seed*6364136223846793005 + 1442695040888963407
		return int(seed>>33) % n
	}
	for trial := range 100 {
		var pairs []prio
		for job := range next(40) {
			for typ := range 3 {
				if next(3) == 0 {
					continue
				}
				pr := math.Inf(1)
				if next(4) > 0 {
					pr = float64(next(5)) / 4
				}
				pairs = append(pairs, prio{job: job, typ: typ, x: float64(1+next(3)) / 4, p: pr})
			}
		}
		want := slices.Clone(pairs)
		slices.SortFunc(want, func(a, b prio) int {
			switch {
			case before(a, b):
				return -1
			case before(b, a):
				return 1
			}
			return 0
		})
		got := slices.Collect(inOrder(slices.Clone(pairs)))
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: heap order %v, sorted %v", trial, got, want)
		}
	}
}
