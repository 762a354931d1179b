//go:build js && wasm

package charts

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"schedlab/core"
	"schedlab/wasm/runrecord"
)

// HostSeries is the host CPU cores and memory allocated on each server over time, as step
// functions: at T[k] server s holds CPU[s][k] cores and Mem[s][k] GB.
type HostSeries struct {
	T        []int64
	CPU, Mem [][]float64
}

// BuildHost sums the intervals' per-GPU CPU and memory by server at every instant where an
// allocation begins or ends. Intervals without host figures count as zero.
func BuildHost(rec *runrecord.Record, c *core.Cluster) HostSeries {
	type change struct {
		t        int64
		sv       int
		cpu, mem float64
	}
	var ch []change
	for _, iv := range rec.Intervals {
		if len(iv.CPU) != len(iv.GPUs) || len(iv.Mem) != len(iv.GPUs) {
			continue
		}
		for k, g := range iv.GPUs {
			sv := c.ServerOf(int(g))
			ch = append(ch, change{iv.From, sv, iv.CPU[k], iv.Mem[k]}, change{iv.To, sv, -iv.CPU[k], -iv.Mem[k]})
		}
	}
	sort.SliceStable(ch, func(a, b int) bool { return ch[a].t < ch[b].t })
	n := len(c.Servers)
	h := HostSeries{CPU: make([][]float64, n), Mem: make([][]float64, n)}
	cpu, mem := make([]float64, n), make([]float64, n)
	for i := 0; i < len(ch); {
		t := ch[i].t
		for ; i < len(ch) && ch[i].t == t; i++ {
			cpu[ch[i].sv] += ch[i].cpu
			mem[ch[i].sv] += ch[i].mem
		}
		h.T = append(h.T, t)
		for s := 0; s < n; s++ {
			h.CPU[s] = append(h.CPU[s], max(cpu[s], 0))
			h.Mem[s] = append(h.Mem[s], max(mem[s], 0))
		}
	}
	return h
}

// maxHostPoints bounds the points of one server's line, so a 100,000-job run draws as fast as a
// small one.
const maxHostPoints = 800

// HostOption plots one of a HostSeries' resources ("cpu" or "mem") per server, as step lines
// against the server's capacity (y = fraction of the server's cores or memory).
func HostOption(h HostSeries, c *core.Cluster, which, title string, end int64) ([]byte, error) {
	ch := charts.NewLine()
	ch.SetGlobalOptions(
		charts.WithTitleOpts(opts.Title{Title: title, Left: "center"}),
		charts.WithAnimation(false),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "25", Type: "scroll"}),
		charts.WithGridOpts(opts.Grid{Top: "70", Bottom: "40", Left: "50", Right: "20"}),
		charts.WithXAxisOpts(opts.XAxis{Type: "value", Name: "h", Min: 0, Max: max(end, 1), AxisLabel: &opts.AxisLabel{Formatter: types.FuncStr("fn:msToHours")}}),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: "share of server", Max: 1}),
	)
	data := h.CPU
	if which == "mem" {
		data = h.Mem
	}
	step := max(1, len(h.T)/maxHostPoints)
	line := charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false), Step: "end"})
	for s, sv := range c.Servers {
		cap := sv.CPUs
		if which == "mem" {
			cap = sv.MemGB
		}
		var pts []opts.LineData
		for i := 0; i < len(h.T); i += step {
			v := 0.0
			if cap > 0 {
				v = data[s][i] / cap
			}
			pts = append(pts, opts.LineData{Value: []float64{float64(h.T[i]), v}})
		}
		ch.AddSeries(fmt.Sprintf("s%d", sv.Index), pts, line)
	}
	ch.Validate()
	return json.Marshal(ch.JSON())
}
