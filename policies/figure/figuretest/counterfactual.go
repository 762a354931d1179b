// Package figuretest builds rows for tests of a figure's references: for a reference, a set of rows
// in which its claim is true and a counterfactual set in which it is false, so a test can check
// that the verdict flips — that the claim can fail at all.
package figuretest

import (
	"fmt"
	"math"
	"slices"

	"schedlab/policies/figure"
)

// base is the baseline's value in a built row (any positive number would do: effects are ratios).
const base = 1000

// Flips reports whether ref's verdict flips between Flip's two sets of rows: the claim agrees or
// holds on the first and disagrees or fails on the second (a Shown reference is shown on both).
// The error says what happened instead.
func Flips(f *figure.Figure, ref figure.Ref) error {
	holds, fails, err := Flip(f, ref)
	if err != nil {
		return err
	}
	g := *f
	g.Refs = []figure.Ref{ref}
	yes, no := figure.Compare(&g, holds)[0], figure.Compare(&g, fails)[0]
	if ref.Shown {
		if yes.Verdict != figure.Shown || no.Verdict != figure.Shown {
			return fmt.Errorf("shown, yet judged: %s, %s", yes.Verdict, no.Verdict)
		}
		return nil
	}
	var t, u figure.Tally
	t.Add(yes)
	u.Add(no)
	if t.Hold != 1 || u.Fail != 1 {
		return fmt.Errorf("claim true: %s (ours %s); claim false: %s (ours %s)", yes.Verdict, yes.Ours, no.Verdict, no.Ours)
	}
	return nil
}

// Flip returns two sets of rows for f's reference ref: one where the claim is true, on the seeds
// it is judged on (ref.Seeds, else f's default seeds) with a little spread between seeds, and its
// counterfactual, where the claim is false:
//
//   - Absolute: ours at the published value, then moved outside the band (three half-widths
//     above it);
//   - Relative: the published effect against the baseline, then series and baseline swapped on
//     every seed;
//   - Direction: an effect of 20 % on the claimed side, then series and baseline swapped;
//   - Trend: effects that change by 20 points the claimed way between the two sweep values, then
//     the two sweep values' rows swapped (the trend reversed).
//
// Only the rows the reference reads are built. An error says why no such rows exist (a metric or
// unit that cannot be converted, a series compared with itself).
func Flip(f *figure.Figure, ref figure.Ref) (holds, fails []figure.Row, err error) {
	m := f.MetricIndex(ref.Metric)
	s, b := f.SeriesIndex(ref.Series), f.SeriesIndex(ref.Baseline)
	x, to := max(0, slices.Index(f.Sweep.Values, ref.X)), slices.Index(f.Sweep.Values, ref.To)
	if m < 0 || s < 0 {
		return nil, nil, fmt.Errorf("reference names an unknown series or metric")
	}
	if ref.Kind != figure.Absolute && (b < 0 || b == s) {
		return nil, nil, fmt.Errorf("series %q is compared with %q", ref.Series, ref.Baseline)
	}
	seeds := ref.Seeds
	if seeds == nil {
		seeds = f.Seeds
	}
	for _, seed := range ref.Seeds {
		if !slices.Contains(f.Seeds, seed) {
			return nil, nil, fmt.Errorf("the reference's seed %d is not among the figure's default seeds %s", seed, figure.FormatSeeds(f.Seeds))
		}
	}
	// jitter is seed i's small offset, centred on zero over the seeds, of at most w.
	jitter := func(i int, w float64) float64 {
		if len(seeds) < 2 {
			return 0
		}
		return float64(w * (2*float64(i)/float64(len(seeds)-1) - 1))
	}
	pair := func(rows []figure.Row, x int, seed uint64, effect float64) []figure.Row {
		return append(rows, figure.Row{X: x, S: b, M: m, Seed: seed, Value: base},
			figure.Row{X: x, S: s, M: m, Seed: seed, Value: base * (1 + effect)})
	}
	swap := func(rows []figure.Row) []figure.Row {
		out := make([]figure.Row, len(rows))
		for i, r := range rows {
			r.S = map[int]int{s: b, b: s}[r.S]
			out[i] = r
		}
		return out
	}
	sign := 1.0 // the direction a Direction or Trend claim says the effect goes
	if ref.Lower {
		sign = -1
	}
	switch ref.Kind {
	case figure.Absolute:
		unit := f.Metrics[m].Unit
		half := ref.Tolerance * math.Abs(ref.Value)
		for i, seed := range seeds {
			in, ok1 := figure.Convert(ref.Value+jitter(i, half/20), ref.Unit, unit)
			out, ok2 := figure.Convert(ref.Value+float64(3*half)+jitter(i, half/20), ref.Unit, unit)
			if !ok1 || !ok2 {
				return nil, nil, fmt.Errorf("unit %q against the metric's %q", ref.Unit, unit)
			}
			holds = append(holds, figure.Row{X: x, S: s, M: m, Seed: seed, Value: in})
			fails = append(fails, figure.Row{X: x, S: s, M: m, Seed: seed, Value: out})
		}
	case figure.Relative:
		half := ref.Tolerance * math.Abs(ref.Value)
		for i, seed := range seeds {
			holds = pair(holds, x, seed, ref.Value+jitter(i, half/20))
		}
		fails = swap(holds)
	case figure.Direction:
		for i, seed := range seeds {
			holds = pair(holds, x, seed, float64(sign*(0.2+jitter(i, 0.01))))
		}
		fails = swap(holds)
	case figure.Trend:
		for i, seed := range seeds {
			holds = pair(holds, x, seed, -0.3+jitter(i, 0.01))
			holds = pair(holds, to, seed, -0.3+float64(sign*0.2)+jitter(i, 0.01))
		}
		for _, r := range holds {
			r.X = map[int]int{x: to, to: x}[r.X]
			fails = append(fails, r)
		}
	default:
		return nil, nil, fmt.Errorf("kind %q", ref.Kind)
	}
	return holds, fails, nil
}
