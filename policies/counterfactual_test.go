package policies

import (
	"testing"

	"schedlab/policies/figure/figuretest"
)

// TestEveryClaimCanFail: for every reference of every figure in the catalogue, rows in which its
// claim is true and counterfactual rows in which it is false (series and baseline swapped on every
// seed, the value moved outside its band, the trend reversed; figuretest.Flip), on the seeds it is
// judged on by default. The verdict must flip: a reference that agrees or holds whatever the rows
// say — a band that takes in the swapped effect, a series compared with itself, a single seed with
// no interval — fails here.
func TestEveryClaimCanFail(t *testing.T) {
	n := 0
	for _, f := range Figures() {
		for i, r := range f.Refs {
			if err := figuretest.Flips(f, r); err != nil {
				t.Errorf("figure %s, reference %d (%s %s vs %q at %q, %s): %v", f.ID, i, r.Kind, r.Series, r.Baseline, r.X, r.Metric, err)
			}
			n++
		}
	}
	t.Logf("%d references flip", n)
}
