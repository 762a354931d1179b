//go:build js && wasm

package charts

import (
	"encoding/json"
	"math"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"schedlab/wasm/figchart"
	"schedlab/wasm/runrecord"
)

// PolicyColour is the colour of the policy with registry index i, the same in every chart.
func PolicyColour(i int) string { return figchart.Palette[i%len(figchart.Palette)] }

// CDFOption plots the JCT CDF (hours) of each run from its view's points; names label the lines
// and colours colour them (by policy). The legend scrolls in one row: a comparison of many runs
// would otherwise wrap it over the plot.
func CDFOption(views []*runrecord.View, names, colours []string) ([]byte, error) {
	ch := charts.NewLine()
	ch.SetGlobalOptions(
		charts.WithTitleOpts(opts.Title{Title: "JCT CDF", Left: "center"}),
		charts.WithAnimation(false),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "25", Type: "scroll"}),
		charts.WithGridOpts(opts.Grid{Top: "80", Bottom: "50", Left: "60", Right: "40"}),
		// Axis names in the middle, under and beside the labels: at an axis' end they clip or
		// collide with its last label.
		charts.WithXAxisOpts(opts.XAxis{Type: "log", Name: "JCT (h)", NameLocation: "middle", NameGap: 26}),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: "fraction of jobs", Max: 1, NameLocation: "middle", NameGap: 38}),
	)
	for k := range views {
		ch.AddSeries(names[k], nil, charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false)}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: colours[k]}), charts.WithLineStyleOpts(opts.LineStyle{Color: colours[k]}))
	}
	ch.Validate()
	for k, v := range views {
		ch.MultiSeries[k].Data = points(len(v.CDF), func(i int) (float64, float64) { return v.CDF[i].JCT, v.CDF[i].Frac })
	}
	return json.Marshal(ch.JSON())
}

// UtilOption plots one run's GPU, CPU and memory utilisation (fractions) and queue length from
// its view's sampled series.
func UtilOption(v *runrecord.View, gpus int, cpus, memGB float64) ([]byte, error) {
	s, rec := &v.Util, &v.Head
	ch := charts.NewLine()
	ch.SetGlobalOptions(
		charts.WithTitleOpts(opts.Title{Title: "Utilisation and queue: " + rec.Policy, Left: "center"}),
		charts.WithAnimation(false),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "25", Type: "scroll"}),
		charts.WithGridOpts(opts.Grid{Top: "80", Bottom: "50", Left: "60", Right: "60"}),
		// The time axis starts without its "0 h" label, which would meet the value axis' "0" in
		// the corner.
		charts.WithXAxisOpts(opts.XAxis{Type: "value", Name: "time (h)", NameLocation: "middle", NameGap: 26, Min: 0, Max: max(rec.End, 1), SplitNumber: 3,
			AxisLabel: &opts.AxisLabel{Formatter: types.FuncStr("fn:msToHours"), ShowMinLabel: opts.Bool(false), ShowMaxLabel: opts.Bool(true), HideOverlap: opts.Bool(true)}}),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: "utilisation (fraction)", Max: 1, NameLocation: "middle", NameGap: 38}),
	)
	ch.ExtendYAxis(opts.YAxis{Type: "value", Name: "queue (jobs)", NameLocation: "middle", NameGap: 40})
	// GPU is the line that matters and often equals memory's: it is drawn thick and after CPU and
	// memory, which are dashed, so neither hides it; the legend keeps the order GPU, CPU, memory.
	line := charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false), Step: "end"})
	dashed := charts.WithLineStyleOpts(opts.LineStyle{Type: "dashed", Width: 1.5})
	ch.SetGlobalOptions(charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "25", Type: "scroll",
		Data: []string{"GPU", "CPU", "memory", "queue"}}))
	ch.AddSeries("CPU", nil, line, dashed, charts.WithItemStyleOpts(opts.ItemStyle{Color: "#59a14f"}))
	ch.AddSeries("memory", nil, line, dashed, charts.WithItemStyleOpts(opts.ItemStyle{Color: "#edc948"}))
	ch.AddSeries("GPU", nil, line, charts.WithLineStyleOpts(opts.LineStyle{Width: 2.5}), charts.WithItemStyleOpts(opts.ItemStyle{Color: "#4e79a7"}))
	ch.AddSeries("queue", nil, line, charts.WithItemStyleOpts(opts.ItemStyle{Color: "#e15759"}), charts.WithLineChartOpts(opts.LineChart{YAxisIndex: 1, ShowSymbol: opts.Bool(false), Step: "end"}))
	ch.Validate()
	n := len(s.T)
	for k, y := range []func(i int) float64{
		func(i int) float64 { return s.CPU[i] / cpus },
		func(i int) float64 { return s.Mem[i] / memGB },
		func(i int) float64 { return float64(s.Busy[i]) / float64(gpus) },
		func(i int) float64 { return float64(s.Queue[i]) },
	} {
		ch.MultiSeries[k].Data = points(n, func(i int) (float64, float64) { return float64(s.T[i]), y(i) })
	}
	return json.Marshal(ch.JSON())
}

// points is a line's data, n points [x, y] as JSON written directly: go-echarts' LineData,
// marshalled by reflection field by field, took a tenth of a second for a utilisation chart under
// wasm. A value that is not finite (no JSON number) is null, a gap in the line.
func points(n int, at func(i int) (x, y float64)) json.RawMessage {
	b := make([]byte, 0, 2+n*24)
	b = append(b, '[')
	num := func(v float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			b = append(b, "null"...)
			return
		}
		b = strconv.AppendFloat(b, v, 'g', -1, 64)
	}
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		x, y := at(i)
		b = append(b, '[')
		num(x)
		b = append(b, ',')
		num(y)
		b = append(b, ']')
	}
	return append(b, ']')
}
