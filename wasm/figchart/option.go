package figchart

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"schedlab/policies/figure"
)

// markerDims are the dimensions of a marker's value [x, y, k, n, label]: the label is text.
var markerDims = []any{"x", "y", "k", "n", map[string]any{"name": "label", "type": "ordinal"}}

// categoryDims are the same on a category x axis, whose values are category names.
var categoryDims = []any{map[string]any{"name": "x", "type": "ordinal"}, "y", "k", "n", map[string]any{"name": "label", "type": "ordinal"}}

// Marker colour and symbol of published values: distinct from every series colour.
const markerColour = "#111111"

// Option is the ECharts option of f drawn from its points (figure.Stats of the rows so far, any
// order; missing points are gaps, so a figure draws as its cells arrive). A Table figure has no
// chart: Option returns nil.
func Option(f *figure.Figure, pts []figure.Stat) ([]byte, error) {
	if f.Chart == figure.Table {
		return nil, nil
	}
	if len(f.Metrics) == 0 || len(f.Series) == 0 {
		return nil, fmt.Errorf("figure %s: nothing to draw (no metrics or series)", f.ID)
	}
	o := &option{
		Animation: false,
		// Long titles and captions wrap (the page narrows both widths to its box, static/charts.js);
		// the legend is one unpaged column in the grids' right margin, every series named at once
		// (a name longer than the margin is cut with an ellipsis, whole in the entry's tooltip).
		Title: title{Text: strings.TrimSpace(f.Paper + " · " + f.Number), Subtext: f.Caption, Left: "center",
			TextStyle:    map[string]any{"fontSize": 14, "width": 720, "overflow": "break", "lineHeight": 17},
			SubtextStyle: map[string]any{"width": 720, "overflow": "break", "lineHeight": 14}},
		Legend: map[string]any{"type": "plain", "orient": "vertical", "right": 4, "top": 100, "itemWidth": 14, "itemHeight": 10,
			"itemGap": 6, "textStyle": map[string]any{"fontSize": 11, "width": legendText, "overflow": "truncate"},
			"tooltip": map[string]any{"show": true}},
		Tooltip: map[string]any{"trigger": "item", "formatter": "fn:figureTip"},
	}
	idx := index(pts)
	switch f.Chart {
	case figure.Lines, figure.Bars:
		grids := len(f.Metrics)
		for m := range f.Metrics {
			o.addGrid(m, grids)
			o.categoryAxes(f, m)
			for s := range f.Series {
				if f.Chart == figure.Lines {
					o.line(f, idx, m, s)
				} else {
					o.bar(f, idx, m, s)
				}
			}
			o.markers(f, idx, m)
		}
	case figure.CDF:
		o.addGrid(0, 1)
		o.cdf(f, idx)
	default:
		return nil, fmt.Errorf("figure %s: unknown chart kind %q", f.ID, f.Chart)
	}
	return json.Marshal(o)
}

// legendText is the width (px) of a legend entry's text: with its icon it fits the 150 px right
// margin every grid leaves (addGrid).
const legendText = 120

// The option's parts: only what the figures use, in ECharts' own field names.
type option struct {
	Animation bool             `json:"animation"`
	Title     title            `json:"title"`
	Legend    map[string]any   `json:"legend"`
	Tooltip   map[string]any   `json:"tooltip"`
	Grid      []map[string]any `json:"grid"`
	XAxis     []map[string]any `json:"xAxis"`
	YAxis     []map[string]any `json:"yAxis"`
	Series    []map[string]any `json:"series"`
}

type title struct {
	Text         string         `json:"text"`
	Subtext      string         `json:"subtext,omitempty"`
	Left         string         `json:"left"`
	TextStyle    map[string]any `json:"textStyle,omitempty"`
	SubtextStyle map[string]any `json:"subtextStyle,omitempty"`
}

// key finds a point by (x, series, metric).
type key struct{ x, s, m int }

// point is a Stat as drawn: the mean and its 95 % interval [lo, hi] (lo = hi = mean for one seed).
type point struct {
	figure.Stat
	Lo, Hi float64
}

func index(pts []figure.Stat) map[key]point {
	out := make(map[key]point, len(pts))
	for _, p := range pts {
		if !finite(p.Mean) {
			continue // a metric no job measured: a gap, never a NaN in the JSON
		}
		q := point{Stat: p, Lo: p.Mean, Hi: p.Mean}
		if finite(p.Interval) {
			q.Lo, q.Hi = p.Mean-p.Interval, p.Mean+p.Interval
		}
		out[key{p.X, p.S, p.M}] = q
	}
	return out
}

// addGrid adds grid m of n. The page and the SVG renderer size a chart 150 + 220·n px tall
// (Height); each grid takes 220 px of it below the title and legend, as a percentage so an
// embedded chart squeezed by its frame keeps the proportions.
func (o *option) addGrid(m, n int) {
	h := float64(Height(n))
	o.Grid = append(o.Grid, map[string]any{
		"left": 80, "right": 150, "containLabel": false,
		"top":    pct(100 * (100 + 220*float64(m)) / h),
		"height": pct(100 * 150 / h),
	})
}

// Height is the pixel height a chart of n grids is drawn at (static/charts.js and
// scripts/figures/render.mjs use the same rule).
func Height(grids int) int { return 150 + 220*max(1, grids) }

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func pct(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) + "%" }

// categoryAxes adds grid m's axes: the sweep values (or the metric, unswept) as categories, and
// the metric's values.
func (o *option) categoryAxes(f *figure.Figure, m int) {
	cats, name := f.Sweep.Values, f.Sweep.Label
	if f.Sweep.Name == "" {
		cats, name = []string{f.Metrics[m].Title()}, ""
	}
	o.XAxis = append(o.XAxis, map[string]any{"type": "category", "gridIndex": m, "data": cats,
		"name": name, "nameLocation": "middle", "nameGap": 28, "boundaryGap": f.Chart == figure.Bars})
	o.YAxis = append(o.YAxis, map[string]any{"type": "value", "gridIndex": m, "name": axisName(f.Metrics[m]),
		"nameLocation": "middle", "nameGap": 55, "scale": f.Chart == figure.Lines})
}

// category is the category-axis value of sweep index x in grid m: the sweep value, or the
// metric's label when nothing is swept (custom series take the category's name, not its index).
func category(f *figure.Figure, x, m int) string {
	if f.Sweep.Name == "" {
		return f.Metrics[m].Title()
	}
	return f.Sweep.Values[x]
}

// axisName is a metric's label with its chart unit.
func axisName(m figure.Metric) string {
	label := m.Label
	if label == "" {
		label = m.Name
	}
	if u := chartUnit(m.Unit); u != "" && u != "1" {
		return label + " (" + u + ")"
	}
	return label
}

// chartUnit is the unit a metric is drawn in: hours for seconds, else its own.
func chartUnit(u string) string {
	if u == "s" {
		return "h"
	}
	return u
}

// toChart converts a value in a metric's unit to the chart's.
func toChart(v float64, unit string) float64 {
	if unit == "s" {
		return v / 3600
	}
	return v
}

// line adds series s of grid m: its means as a line and, with two seeds or more, a 95 % band
// (a transparent lower edge with the band's width stacked on it). All three share the series'
// legend name, so the legend hides them together.
func (o *option) line(f *figure.Figure, idx map[key]point, m, s int) {
	unit := f.Metrics[m].Unit
	nx := max(1, len(f.Sweep.Values))
	mean := make([]any, nx)
	lo, width := make([]any, nx), make([]any, nx)
	band := false
	for x := range nx {
		p, ok := idx[key{x, s, m}]
		if !ok {
			continue
		}
		mean[x] = map[string]any{"value": round(toChart(p.Mean, unit)), "tip": tip(f, p)}
		if p.N >= 2 {
			band = true
			lo[x] = round(toChart(p.Lo, unit))
			width[x] = round(toChart(p.Hi, unit) - toChart(p.Lo, unit))
		}
	}
	name, colour := f.Series[s].Title(), Palette[s%len(Palette)]
	axes := map[string]any{"xAxisIndex": m, "yAxisIndex": m}
	if band {
		// stackStrategy "all": ECharts stacks only values of one sign by default, so a band whose
		// lower edge is below zero would otherwise be drawn from zero.
		stack := fmt.Sprintf("band-%d-%d", m, s)
		o.Series = append(o.Series,
			merge(axes, map[string]any{"type": "line", "name": name, "stack": stack, "stackStrategy": "all", "data": lo, "symbol": "none",
				"silent": true, "lineStyle": map[string]any{"opacity": 0}, "color": colour, "tooltip": map[string]any{"show": false}}),
			merge(axes, map[string]any{"type": "line", "name": name, "stack": stack, "stackStrategy": "all", "data": width, "symbol": "none",
				"silent": true, "lineStyle": map[string]any{"opacity": 0}, "color": colour, "tooltip": map[string]any{"show": false},
				"areaStyle": map[string]any{"color": colour, "opacity": 0.18}}))
	}
	o.Series = append(o.Series, merge(axes, map[string]any{"type": "line", "name": name, "data": mean,
		"color": colour, "symbol": "circle", "symbolSize": 6, "connectNulls": false, "z": 3}))
}

// bar adds series s of grid m: grouped bars of its means with 95 % error bars (a custom series;
// fn:errorBar places each at its bar within the group).
func (o *option) bar(f *figure.Figure, idx map[key]point, m, s int) {
	unit := f.Metrics[m].Unit
	nx := max(1, len(f.Sweep.Values))
	bars := make([]any, nx)
	var errs []any
	for x := range nx {
		p, ok := idx[key{x, s, m}]
		if !ok {
			continue
		}
		bars[x] = map[string]any{"value": round(toChart(p.Mean, unit)), "tip": tip(f, p)}
		if p.N >= 2 {
			errs = append(errs, map[string]any{"value": []any{category(f, x, m), round(toChart(p.Lo, unit)), round(toChart(p.Hi, unit)), s, len(f.Series)}})
		}
	}
	name, colour := f.Series[s].Title(), Palette[s%len(Palette)]
	axes := map[string]any{"xAxisIndex": m, "yAxisIndex": m}
	o.Series = append(o.Series, merge(axes, map[string]any{"type": "bar", "name": name, "data": bars, "color": colour,
		"barGap": "30%", "barCategoryGap": "20%"}))
	if len(errs) > 0 {
		o.Series = append(o.Series, merge(axes, map[string]any{"type": "custom", "name": name, "renderItem": "fn:errorBar",
			"data": errs, "silent": true, "z": 4, "encode": map[string]any{"x": 0, "y": []int{1, 2}},
			"tooltip": map[string]any{"show": false}}))
	}
}

// markers adds the published values of grid m as one "published" series of labelled diamonds
// (fn:refMarker), each at its series' bar in a bar chart.
func (o *option) markers(f *figure.Figure, idx map[key]point, m int) {
	met := f.Metrics[m]
	var data []any
	for _, r := range f.Refs {
		if r.Metric != met.Name {
			continue
		}
		x, s := xIndex(f, r.X), seriesIndex(f, r.Series)
		v, ok := refValue(f, idx, r, x, m)
		if !ok {
			continue
		}
		k, n := -1, 0
		if f.Chart == figure.Bars {
			k, n = s, len(f.Series)
		}
		data = append(data, map[string]any{"value": []any{category(f, x, m), round(toChart(v, met.Unit)), k, n, shortSource(r.Source)},
			"tip": refTip(f, r, v)})
	}
	if len(data) == 0 {
		return
	}
	o.Series = append(o.Series, map[string]any{"type": "custom", "name": "published", "renderItem": "fn:refMarker",
		"xAxisIndex": m, "yAxisIndex": m, "data": data, "z": 5, "color": markerColour,
		"encode": map[string]any{"x": 0, "y": 1}, "dimensions": categoryDims})
}

// refValue is where reference r is drawn, in the metric's unit: an absolute value converted from
// its unit, or our baseline's mean at the same x moved by the published relative effect (not
// drawn until the baseline has a point). A direction has no value.
func refValue(f *figure.Figure, idx map[key]point, r figure.Ref, x, m int) (float64, bool) {
	switch r.Kind {
	case figure.Absolute:
		return figure.Convert(r.Value, r.Unit, f.Metrics[m].Unit)
	case figure.Relative:
		b, ok := idx[key{x, seriesIndex(f, r.Baseline), m}]
		return b.Mean * (1 + r.Value), ok
	}
	return 0, false
}

// cdf adds one curve per series (and per sweep value when the figure sweeps): each quantile
// metric's mean over seeds, in hours, against its fraction; references at their quantile.
func (o *option) cdf(f *figure.Figure, idx map[key]point) {
	o.XAxis = append(o.XAxis, map[string]any{"type": "value", "name": "JCT (h)", "nameLocation": "middle", "nameGap": 28})
	o.YAxis = append(o.YAxis, map[string]any{"type": "value", "name": "fraction of jobs", "min": 0, "max": 1,
		"nameLocation": "middle", "nameGap": 45})
	nx := max(1, len(f.Sweep.Values))
	for x := range nx {
		for s := range f.Series {
			data := []any{} // never null: an empty curve is an empty list to ECharts and the page
			for m, met := range f.Metrics {
				if met.Quantile <= 0 {
					continue
				}
				if p, ok := idx[key{x, s, m}]; ok {
					data = append(data, map[string]any{"value": []float64{round(toChart(p.Mean, met.Unit)), met.Quantile}, "tip": tip(f, p)})
				}
			}
			name := f.Series[s].Title()
			if nx > 1 {
				name += " @ " + f.Sweep.Values[x]
			}
			o.Series = append(o.Series, map[string]any{"type": "line", "name": name, "data": data,
				"color": Palette[(x*len(f.Series)+s)%len(Palette)], "symbol": "none", "step": "end"})
		}
	}
	var refs []any
	for _, r := range f.Refs {
		m := f.MetricIndex(r.Metric)
		if m < 0 || f.Metrics[m].Quantile <= 0 {
			continue
		}
		if v, ok := refValue(f, idx, r, xIndex(f, r.X), m); ok {
			refs = append(refs, map[string]any{"value": []any{round(toChart(v, f.Metrics[m].Unit)), f.Metrics[m].Quantile, -1, 0, shortSource(r.Source)},
				"tip": refTip(f, r, v)})
		}
	}
	if len(refs) > 0 {
		o.Series = append(o.Series, map[string]any{"type": "custom", "name": "published", "renderItem": "fn:refMarker",
			"data": refs, "z": 5, "color": markerColour, "encode": map[string]any{"x": 0, "y": 1}, "dimensions": markerDims})
	}
}
