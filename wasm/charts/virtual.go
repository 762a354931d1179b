//go:build js && wasm

package charts

import (
	"encoding/json"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"schedlab/wasm/runrecord"
)

// Virtual is what the page needs to draw an A-SRPT run's virtual single-machine SRPT schedule:
// Items are [from_ms, to_ms] per span, Job and Colour per span (the Gantt's colour keys, so a job
// has the same colour in both charts), and Jobs the number of distinct jobs with a span.
type Virtual struct {
	Items  [][2]int64
	Job    []int32
	Colour []int32
	Jobs   int
}

// BuildVirtual lists rec's virtual spans, coloured by job, model or user like the Gantt (other
// modes colour by job: the virtual machine has no GPU type and one policy). Every span is drawn:
// the machine runs one job at a time, so there are about as many spans as arrivals plus
// preemptions, far fewer than a large run's GPU intervals.
func BuildVirtual(rec *runrecord.Record, colourBy string) *Virtual {
	if colourBy != "model" && colourBy != "user" {
		colourBy = "job"
	}
	keys := colourKeys(rec, colourBy)
	v := &Virtual{}
	seen := make([]bool, len(rec.Jobs))
	for _, sp := range rec.Virtual {
		if sp.Job < 0 || int(sp.Job) >= len(rec.Jobs) {
			continue
		}
		v.Items = append(v.Items, [2]int64{sp.From, sp.To})
		v.Job = append(v.Job, sp.Job)
		v.Colour = append(v.Colour, keys[sp.Job])
		if !seen[sp.Job] {
			seen[sp.Job] = true
			v.Jobs++
		}
	}
	return v
}

// VirtualOption is the ECharts option of the virtual schedule: one row, the same time axis
// [0, end] and the same left and right margins as GanttOption, so the two charts line up and a
// time is at the same x in both. Its one dataZoom (inside) follows the Gantt's (static/charts.js
// keeps them in step). The page adds a marker item where the real run ended (static/charts.js
// virtualData) when the drained part of the schedule outlasts it.
func VirtualOption(title string, end int64) ([]byte, error) {
	ch := charts.NewCustom()
	ch.SetGlobalOptions(
		charts.WithTitleOpts(opts.Title{Title: title, Left: "center", TitleStyle: &opts.TextStyle{FontSize: 13}}),
		charts.WithAnimation(false),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Formatter: types.FuncStr("fn:virtualTooltip")}),
		charts.WithGridOpts(opts.Grid{Left: "90", Right: "50", Top: "30", Bottom: "28"}),
		charts.WithXAxisOpts(opts.XAxis{Type: "value", Min: 0, Max: max(end, 1),
			AxisLabel: &opts.AxisLabel{Formatter: types.FuncStr("fn:msToHours")}}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Data: []string{"virtual SRPT"},
			AxisLabel: &opts.AxisLabel{FontSize: 9}}),
	)
	ch.AddSeries("virtual", nil, charts.WithCustomChartOpts(opts.CustomChart{RenderItem: types.FuncStr("fn:virtualItem")}))
	ch.Validate()
	o := ch.JSON()
	o["dataZoom"] = []map[string]any{{"type": "inside", "xAxisIndex": 0, "filterMode": "none"}}
	return json.Marshal(o)
}
