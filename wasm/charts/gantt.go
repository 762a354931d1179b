//go:build js && wasm

package charts

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"schedlab/core"
	"schedlab/wasm/runrecord"
)

// MaxDetail is the most intervals drawn one by one; above it a window is aggregated.
const MaxDetail = 5000

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
	if len(visible) <= MaxDetail {
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
	// Aggregate: per GPU, merge busy spans separated by less than 1/200 of the window.
	gap := (to - from) / 200
	spans := spansByGPU(rec, visible)
	for i := 0; i < len(spans); {
		cur := spans[i]
		i++
		for i < len(spans) && spans[i].gpu == cur.gpu && spans[i].f <= cur.t+gap {
			cur.t = max(cur.t, spans[i].t)
			i++
		}
		g.Items = append(g.Items, [2]int64{cur.f, cur.t})
		g.Rows = append(g.Rows, cur.gpu)
		g.Off = append(g.Off, int32(len(g.Rows)))
		g.Job = append(g.Job, -1)
		g.Colour = append(g.Colour, -1)
	}
	return g
}

type span struct {
	gpu  int32
	f, t int64
}

// spansByGPU lists the GPU-row spans of the visible intervals ordered by GPU, then start. A
// counting sort by GPU keeps the run's interval order within a row, which is nearly by start
// already, so the per-row sort that follows is close to linear: on the page's main thread a
// general sort of 10⁵ spans took most of the time of drawing the Gantt. GPU ids outside
// [0, maxCountedGPU] (a damaged stored or imported record) take the general sort instead.
func spansByGPU(rec *runrecord.Record, visible []int) []span {
	n, top := 0, int32(0)
	for _, i := range visible {
		for _, gpu := range rec.Intervals[i].GPUs {
			if gpu < 0 || gpu > maxCountedGPU {
				return sortedSpans(rec, visible)
			}
			top = max(top, gpu)
			n++
		}
	}
	start := make([]int32, top+2) // start[g+1] counts, then indexes, the spans of GPU g
	for _, i := range visible {
		for _, gpu := range rec.Intervals[i].GPUs {
			start[gpu+1]++
		}
	}
	for g := 1; g < len(start); g++ {
		start[g] += start[g-1]
	}
	spans := make([]span, n)
	next := slices.Clone(start)
	for _, i := range visible {
		iv := rec.Intervals[i]
		for _, gpu := range iv.GPUs {
			spans[next[gpu]] = span{gpu, iv.From, iv.To}
			next[gpu]++
		}
	}
	for g := 0; g+1 < len(start); g++ {
		slices.SortFunc(spans[start[g]:start[g+1]], func(a, b span) int { return cmp.Compare(a.f, b.f) })
	}
	return spans
}

// maxCountedGPU bounds the counting sort's table (4 MiB).
const maxCountedGPU = 1 << 20

// sortedSpans is spansByGPU by a general sort, for any GPU ids.
func sortedSpans(rec *runrecord.Record, visible []int) []span {
	var spans []span
	for _, i := range visible {
		iv := rec.Intervals[i]
		for _, gpu := range iv.GPUs {
			spans = append(spans, span{gpu, iv.From, iv.To})
		}
	}
	slices.SortFunc(spans, func(a, b span) int {
		return cmp.Or(cmp.Compare(a.gpu, b.gpu), cmp.Compare(a.f, b.f))
	})
	return spans
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
			rows = append(rows, fmt.Sprintf("s%d %s g%d", s.Index, s.Type, s.FirstGPU+k))
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
