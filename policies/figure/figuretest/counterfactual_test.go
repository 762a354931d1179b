package figuretest

import (
	"strings"
	"testing"

	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

func testFigure(refs ...figure.Ref) *figure.Figure {
	return &figure.Figure{
		ID: "t", Sweep: figure.Sweep{Name: "rate", Values: []string{"2", "4"}},
		Series:  []figure.Series{{Name: "fifo"}, {Name: "las"}},
		Seeds:   []uint64{1, 2, 3},
		Metrics: []figure.Metric{{Name: "mean_jct_s", Unit: "s"}},
		Refs:    refs,
		Cell:    func(x, s int, seed uint64) scenario.Spec { return scenario.Spec{} },
	}
}

// TestFlips: each kind's claim flips between its two sets of rows, and the references that cannot
// fail are caught.
func TestFlips(t *testing.T) {
	good := []figure.Ref{
		{Kind: figure.Absolute, Series: "las", X: "4", Metric: "mean_jct_s", Value: 21.88, Unit: "h", Tolerance: 0.005},
		{Kind: figure.Absolute, Series: "las", X: "4", Metric: "mean_jct_s", Value: 21.88, Unit: "h", Tolerance: 0.005, Seeds: []uint64{3}},
		{Kind: figure.Relative, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Value: -0.29, Tolerance: 0.5},
		{Kind: figure.Relative, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Value: 0.18, Tolerance: 0.5},
		{Kind: figure.Relative, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Value: -0.05, Tolerance: 1},
		{Kind: figure.Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true},
		{Kind: figure.Direction, Series: "las", X: "2", Metric: "mean_jct_s", Baseline: "fifo"},
		{Kind: figure.Trend, Series: "las", X: "2", To: "4", Metric: "mean_jct_s", Baseline: "fifo"},
		{Kind: figure.Trend, Series: "las", X: "2", To: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true},
		{Kind: figure.Relative, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Value: 0.18, Shown: true},
	}
	for _, r := range good {
		r.Source, r.Evidence, r.Band = "test", figure.PaperNumber, "a test band"
		f := testFigure(r)
		if err := f.Validate(); err != nil {
			t.Fatal(err)
		}
		if err := Flips(f, r); err != nil {
			t.Errorf("%+v: %v", r, err)
		}
	}
	bad := []struct {
		ref   figure.Ref
		seeds []uint64
		want  string
	}{
		// (a band so wide that the swapped effect is still inside it no longer exists: a band of
		// ±50 % or wider is judged as a direction)
		// a series against itself
		{figure.Ref{Kind: figure.Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "las", Lower: true}, nil, "compared with"},
		// the authors' seed, not run by default
		{figure.Ref{Kind: figure.Absolute, Series: "las", X: "4", Metric: "mean_jct_s", Value: 21.88, Unit: "h", Tolerance: 0.005, Seeds: []uint64{42}}, nil, "not among"},
		// one seed, not the authors': no interval, nothing judged
		{figure.Ref{Kind: figure.Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true}, []uint64{1}, "inconclusive"},
	}
	for _, tc := range bad {
		f := testFigure(tc.ref)
		if tc.seeds != nil {
			f.Seeds = tc.seeds
		}
		if err := Flips(f, tc.ref); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got %v, want %q", tc.ref, err, tc.want)
		}
	}
}
