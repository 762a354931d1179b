//go:build js && wasm

package charts

import (
	"encoding/json"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"schedlab/core"
	"schedlab/wasm/runrecord"
)

// Gantt is what the page needs to draw one run's allocations in a time window.
type Gantt struct {
	// Items are [from_ms, to_ms] per drawn item; item k covers the GPU rows
	// Rows[Off[k]:Off[k+1]], belongs to job Job[k] (-1 for a merged span) and has colour Colour[k].
	Items     [][2]int64
	Off, Rows []int32
	Job       []int32
	Colour    []int32
	// Lane (every-interval mode with Lanes only, else nil) is parallel to Rows: the sub-row of
	// the item on that GPU row.
	Lane      []int32
	Detail    bool // every interval is its own item
	Intervals int  // allocation intervals in the run
}

// BuildGantt selects the items of rec in [from, to] (to ≤ from means the whole run). colourBy is
// "job", "model" or "user". ln (nil without GPU sharing) places co-located intervals in their
// lanes; merged spans ignore lanes, each covering its whole GPU row.
func BuildGantt(rec *runrecord.Record, from, to int64, colourBy string, ln *Lanes) *Gantt {
	if to <= from {
		from, to = 0, max(rec.End, 1)
	}
	g := &Gantt{Intervals: len(rec.Intervals), Off: []int32{0}}
	visible := make([]int, 0, len(rec.Intervals))
	for i, iv := range rec.Intervals {
		if iv.To >= from && iv.From <= to {
			visible = append(visible, i)
		}
	}
	if len(visible) <= runrecord.MaxDetail {
		g.Detail = true
		keys := colourKeys(rec, colourBy)
		for _, i := range visible {
			iv := rec.Intervals[i]
			g.Items = append(g.Items, [2]int64{iv.From, iv.To})
			g.Rows = append(g.Rows, iv.GPUs...)
			if ln != nil {
				g.Lane = append(g.Lane, ln.Of(i)...)
			}
			g.Off = append(g.Off, int32(len(g.Rows)))
			g.Job = append(g.Job, iv.Job)
			g.Colour = append(g.Colour, keys[iv.Job])
		}
		return g
	}
	return MergedGantt(rec.MergedSpans(from, to), len(rec.Intervals))
}

// MergedGantt is the Gantt of merged spans (runrecord.Spans: a window of more than
// runrecord.MaxDetail intervals) of a run of intervals intervals: one item per span, each on its
// GPU's row, none a job's.
func MergedGantt(sp runrecord.Spans, intervals int) *Gantt {
	n := len(sp.GPU)
	g := &Gantt{Intervals: intervals, Items: make([][2]int64, n), Off: make([]int32, n+1), Rows: sp.GPU,
		Job: make([]int32, n), Colour: make([]int32, n)}
	for k := range n {
		g.Items[k] = [2]int64{sp.From[k], sp.To[k]}
		g.Off[k+1] = int32(k + 1)
		g.Job[k], g.Colour[k] = -1, -1
	}
	return g
}

// colourKeys maps each job to a palette index by job, model or user (first-seen order).
func colourKeys(rec *runrecord.Record, by string) []int32 {
	out := make([]int32, len(rec.Jobs))
	seen := map[string]int32{}
	for i, j := range rec.Jobs {
		var k string
		switch by {
		case "model":
			k = j.Model
		case "user":
			k = j.User
		default:
			out[i] = int32(i)
			continue
		}
		v, ok := seen[k]
		if !ok {
			v = int32(len(seen))
			seen[k] = v
		}
		out[i] = v
	}
	return out
}

// GanttOption is the ECharts option of the Gantt frame (axes, zoom, tooltip, one custom series
// whose data the page fills from a Gantt). The time axis spans [0, end] ms: a custom series'
// extent would otherwise follow only the items' start times and cut the last bars short.
func GanttOption(c *core.Cluster, title string, end int64) ([]byte, error) {
	ch := charts.NewCustom()
	var rows []string
	for _, s := range c.Servers {
		for k := 0; k < s.GPUs; k++ {
			// (not fmt.Sprintf: a row per GPU, 8,000 on a large cluster, on the page's thread)
			rows = append(rows, "s"+strconv.Itoa(s.Index)+" "+string(s.Type)+" g"+strconv.Itoa(s.FirstGPU+k))
		}
	}
	ch.SetGlobalOptions(
		charts.WithTitleOpts(opts.Title{Title: title, Left: "center"}),
		charts.WithAnimation(false),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Formatter: types.FuncStr("fn:ganttTooltip")}),
		// The axis name sits between the labels and the zoom slider (bottom 8 px, 30 px tall).
		charts.WithGridOpts(opts.Grid{Left: "90", Right: "50", Top: "40", Bottom: "78"}),
		charts.WithXAxisOpts(opts.XAxis{Type: "value", Name: "time (h)", NameLocation: "middle", NameGap: 22, Min: 0, Max: max(end, 1),
			AxisLabel: &opts.AxisLabel{Formatter: types.FuncStr("fn:msToHours")}}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Data: rows, Inverse: opts.Bool(true),
			AxisLabel: &opts.AxisLabel{FontSize: 9}}),
	)
	ch.AddSeries("allocations", nil, charts.WithCustomChartOpts(opts.CustomChart{RenderItem: types.FuncStr("fn:ganttItem")}))
	ch.Validate()
	o := ch.JSON()
	// confine: a tooltip near the chart's left edge would otherwise leave the viewport
	// (go-echarts' Tooltip has no such field).
	o["tooltip"] = map[string]any{"show": true, "formatter": "fn:ganttTooltip", "confine": true}
	o["dataZoom"] = []map[string]any{
		{"type": "slider", "xAxisIndex": 0, "filterMode": "none", "bottom": 8, "labelFormatter": "fn:msToHours"},
		{"type": "inside", "xAxisIndex": 0, "filterMode": "none"},
		{"type": "slider", "yAxisIndex": 0, "filterMode": "none", "right": 8, "showDetail": false},
		{"type": "inside", "yAxisIndex": 0, "filterMode": "none", "zoomOnMouseWheel": "shift", "moveOnMouseWheel": false},
	}
	return json.Marshal(o)
}
