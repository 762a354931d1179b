package figchart

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"schedlab/policies/figure"
)

// xIndex is the index of sweep value v (0 when nothing is swept).
func xIndex(f *figure.Figure, v string) int { return max(0, slices.Index(f.Sweep.Values, v)) }

// seriesIndex is the index of the series called name (0 when unknown; Validate rules that out).
func seriesIndex(f *figure.Figure, name string) int {
	return max(0, f.SeriesIndex(name))
}

// round keeps 6 significant digits: the option stays small and its bytes do not depend on the last
// bits of a mean (the page and the Node renderer draw the same picture either way).
func round(v float64) float64 {
	r, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
	if err != nil {
		return v
	}
	return r
}

// merge returns a's entries overlaid with b's (a new map).
func merge(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// tip is a point's tooltip: series, sweep value and metric, the mean ± half the 95 % interval in
// the metric's own unit (seconds for times), and the number of seeds.
func tip(f *figure.Figure, p point) string {
	met := f.Metrics[p.M]
	where := f.Series[p.S].Title()
	if f.Sweep.Name != "" {
		where += " · " + f.Sweep.Label + " " + f.Sweep.Values[p.X]
	}
	s := fmt.Sprintf("%s · %s: %s", where, met.Title(), Value(p.Mean, met.Unit))
	if p.N >= 2 {
		s += fmt.Sprintf(" ± %s", Value(p.Interval, met.Unit))
	}
	return s + fmt.Sprintf(" (%d seed%s)", p.N, plural(p.N))
}

// refTip is a published value's tooltip: what the paper states and where, and where it is drawn.
func refTip(f *figure.Figure, r figure.Ref, at float64) string {
	met := f.Metrics[f.MetricIndex(r.Metric)]
	var claim string
	switch r.Kind {
	case figure.Absolute:
		claim = fmt.Sprintf("%s %g %s", met.Title(), r.Value, r.Unit)
	case figure.Relative:
		claim = fmt.Sprintf("%s %+.1f %% vs %s (drawn at %s)", met.Title(), 100*r.Value, r.Baseline, Value(at, met.Unit))
	}
	return "published · " + f.Series[seriesIndex(f, r.Series)].Title() + ": " + strings.TrimSpace(claim) + " — " + r.Source
}

// Value writes a metric value with its unit, 6 significant digits (seconds stay seconds).
func Value(v float64, unit string) string {
	s := fmt.Sprintf("%.6g", v)
	switch unit {
	case "", "1":
		return s
	}
	return s + " " + unit
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// shortSource is the marker's label: the source up to its first comma or 24 characters.
func shortSource(s string) string {
	if i := strings.IndexAny(s, ",;("); i > 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 24 {
		s = string(r[:23]) + "…"
	}
	return s
}
