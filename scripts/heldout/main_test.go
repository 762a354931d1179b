package main

import (
	"bytes"
	"strings"
	"testing"

	"schedlab/policies"
	"schedlab/policies/figure"
)

func TestHeldOutIsDisjointAndAsLarge(t *testing.T) {
	got := HeldOut(figure.SeedRange(11, 130))
	if len(got) != 120 || got[0] != 131 || got[119] != 250 {
		t.Errorf("held-out of 11-130: %s", figure.FormatSeeds(got))
	}
}

// A claim that holds on the default seeds and fails on the held-out ones is listed as a flip.
func TestCompareListsAFlip(t *testing.T) {
	f, _ := policies.FindFigure("baselines-smoke")
	var ref figure.Ref
	for _, r := range f.Refs {
		if r.Kind == figure.Direction {
			ref = r
		}
	}
	if ref.Series == "" {
		t.Skip("baselines-smoke has no direction claim")
	}
	g := *f
	g.Refs = []figure.Ref{ref}
	rows := func(sign float64, seeds []uint64) []figure.Row {
		var out []figure.Row
		x := max(0, indexOf(g.Sweep.Values, ref.X))
		for _, seed := range seeds {
			for _, s := range []int{g.SeriesIndex(ref.Series), g.SeriesIndex(ref.Baseline)} {
				v := 100.0
				if s == g.SeriesIndex(ref.Series) {
					v = 100 * (1 + sign*0.2 + 0.01*float64(seed%3))
				}
				out = append(out, figure.Row{X: x, S: s, M: g.MetricIndex(ref.Metric), Seed: seed, Value: v})
			}
		}
		return out
	}
	lower := -1.0
	if !ref.Lower {
		lower = 1
	}
	var b bytes.Buffer
	tl := compare(&b, &g, rows(lower, []uint64{1, 2, 3}), rows(-lower, []uint64{4, 5, 6}), []uint64{4, 5, 6})
	if tl.flipped != 1 || !strings.Contains(b.String(), "FLIPS") {
		t.Errorf("tally %+v, output:\n%s", tl, b.String())
	}
}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}
