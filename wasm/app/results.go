//go:build js && wasm

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"schedlab/core"
	"schedlab/core/trace"
	"schedlab/wasm/charts"
	"schedlab/wasm/runrec"
)

func traceNames() []string { return trace.Builtin().Names() }

// metricCols are the summary table's metric columns (the runner's JSON fields) with their
// headers; ratioCols also show their ratio to the baseline run, inside the same cell so that the
// key columns fit a 1440 px screen without scrolling. Times show in hours; the cell's title and
// data-value keep the runner's seconds.
var (
	metricCols = []struct{ field, head string }{
		{"jobs", "jobs"}, {"completed", "done"}, {"mean_jct_s", "mean JCT h"}, {"p50_jct_s", "p50 h"},
		{"p99_jct_s", "p99 h"}, {"mean_queue_s", "queue h"}, {"makespan_s", "makespan h"},
		{"gpu_util", "GPU util"}, {"preemptions", "preempt"},
	}
	ratioCols = []string{"mean_jct_s", "p50_jct_s", "p99_jct_s", "mean_queue_s", "makespan_s", "gpu_util"}
)

// fields decodes a summary keeping each number's exact text.
func fields(rec *runrec.Record) map[string]any {
	m := map[string]any{}
	dec := json.NewDecoder(bytes.NewReader(rec.Summary))
	dec.UseNumber()
	dec.Decode(&m)
	return m
}

// formatMetric shows six significant digits, and large values (job counts, seconds of a long
// trace) in full rather than as 1e+06.
func formatMetric(v float64) string {
	if math.Abs(v) >= 999999.5 && math.Abs(v) < 1e15 { // from here 'g' with 6 digits writes 1e+06
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

func number(v any) (string, float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return "null", 0, false
	}
	f, err := n.Float64()
	return n.String(), f, err == nil
}

// ratioSpan is a metric's ratio to the baseline's (data-value the exact ratio, "null" without one).
func ratioSpan(field string, v float64, ok bool, base map[string]any) js.Value {
	_, b, okb := number(base[field])
	txt, shown := "null", " ×–"
	if ok && okb && b != 0 {
		ratio := v / b
		txt = strconv.FormatFloat(ratio, 'g', -1, 64)
		shown = " ×" + strconv.FormatFloat(ratio, 'f', 3, 64)
	}
	return el("span", shown, "class", "ratio", "data-metric", "ratio_"+field, "data-value", txt)
}

// renderSummary redraws the summary table, the baseline and Gantt-run selects and the CDF.
func (p *page) renderSummary() {
	tbl := byTestID("summary")
	clear(tbl)
	base := byTestID("baseline")
	prev := base.Get("value").String()
	clear(base)
	gsel := doc.Call("getElementById", "gantt-run")
	clear(gsel)
	var baseRec *runrec.Record
	for _, r := range p.runs {
		base.Call("appendChild", el("option", r.Name, "value", r.ID))
		gsel.Call("appendChild", el("option", r.Name, "value", r.ID))
		if r.ID == prev {
			baseRec = r
		}
	}
	if baseRec == nil && len(p.runs) > 0 {
		baseRec = p.runs[0]
	}
	if baseRec != nil {
		base.Set("value", baseRec.ID)
	}
	if p.shown != nil {
		gsel.Set("value", p.shown.ID)
	}
	head := el("tr", "")
	head.Call("appendChild", el("th", "run"))
	head.Call("appendChild", el("th", "policy"))
	for _, c := range metricCols {
		th := el("th", c.head, "title", c.field)
		if slices.Contains(ratioCols, c.field) {
			th.Call("appendChild", el("span", " ×base", "class", "ratio"))
		}
		head.Call("appendChild", th)
	}
	tbl.Call("appendChild", head)
	var bf map[string]any
	if baseRec != nil {
		bf = fields(baseRec)
	}
	for _, r := range p.runs {
		f := fields(r)
		tr := el("tr", "", "data-run", r.ID, "data-policy", r.Policy, "data-json", compactJSON(r.Summary))
		tr.Call("appendChild", el("td", r.Name))
		pol := el("td", r.Policy, "class", "policy", "data-colour", charts.PolicyColour(p.policyIndex(r.Policy)))
		pol.Get("style").Set("borderLeft", "6px solid "+charts.PolicyColour(p.policyIndex(r.Policy)))
		tr.Call("appendChild", pol)
		for _, c := range metricCols {
			txt, v, ok := number(f[c.field])
			shown, title := "–", ""
			switch {
			case ok && strings.HasSuffix(c.field, "_s"):
				shown, title = strconv.FormatFloat(v/3600, 'f', 2, 64), formatMetric(v)+" s"
			case ok:
				shown = formatMetric(v)
			}
			td := el("td", shown, "data-metric", c.field, "data-value", txt, "title", title)
			if slices.Contains(ratioCols, c.field) {
				td.Call("appendChild", ratioSpan(c.field, v, ok, bf))
			}
			tr.Call("appendChild", td)
		}
		tbl.Call("appendChild", tr)
	}
	p.renderWarnings()
	p.drawCDF()
}

func (p *page) drawCDF() {
	box := doc.Call("getElementById", "cdf")
	if len(p.runs) == 0 {
		chartsJS().Call("dispose", box)
		return
	}
	names := make([]string, len(p.runs))
	colours := make([]string, len(p.runs))
	for i, r := range p.runs {
		names[i] = r.Name
		colours[i] = charts.PolicyColour(p.policyIndex(r.Policy))
	}
	opt, err := charts.CDFOption(p.runs, names, colours)
	if err != nil {
		p.setError(err.Error())
		return
	}
	chartsJS().Call("show", box, string(opt))
}

func chartsJS() js.Value { return js.Global().Get("schedlabCharts") }

func (p *page) showSelected() {
	id := doc.Call("getElementById", "gantt-run").Get("value").String()
	for _, r := range p.runs {
		if r.ID == id {
			p.show(r)
		}
	}
}

// show makes rec the run drawn in the Gantt and utilisation charts.
func (p *page) show(rec *runrec.Record) {
	p.shown = rec
	doc.Call("getElementById", "gantt-run").Set("value", rec.ID)
	if isSimilarity(rec) {
		doc.Call("getElementById", "colour-by").Set("value", "type")
	}
	c, err := core.ParseCluster(rec.Cluster)
	if err != nil {
		p.setError(err.Error())
		return
	}
	opt, err := charts.GanttOption(c, "GPU allocations: "+rec.Name, viewEnd(rec))
	if err != nil {
		p.setError(err.Error())
		return
	}
	box := byTestID("gantt")
	t0 := js.Global().Get("performance").Call("now").Float()
	if p.infoFn.Truthy() {
		p.infoFn.Release()
	}
	var ln *charts.Lanes
	if rec.Sharing {
		ln = charts.BuildLanes(rec, c.NumGPUs())
	}
	p.infoFn = jobInfo(rec, ln)
	chartsJS().Call("ganttInit", box, string(opt), p.infoFn, js.FuncOf(func(_ js.Value, a []js.Value) any {
		from, to := int64(a[0].Float()), int64(a[1].Float())
		go p.ganttWindow(from, to)
		return nil
	}))
	// Each yield lets the page respond; a run shown or cleared meanwhile takes over the panels.
	if yieldJS(); p.shown != rec {
		return
	}
	p.ganttWindow(0, 0)
	setAttr(box, "data-first-paint-ms", fmt.Sprintf("%.0f", js.Global().Get("performance").Call("now").Float()-t0))
	p.showVirtual(rec)
	if yieldJS(); p.shown != rec {
		return
	}
	p.showHost(rec, c)
	p.showJobs(rec)
	p.renderDiff()
	if yieldJS(); p.shown != rec {
		return
	}
	uopt, err := charts.UtilOption(rec, c.NumGPUs(), c.TotalCPUs(), c.TotalMemGB())
	if err == nil {
		chartsJS().Call("show", doc.Call("getElementById", "util"), string(uopt))
	}
}

func (p *page) drawGantt() {
	if p.shown != nil {
		p.ganttWindow(p.ganttFrom, p.ganttTo)
	}
}

// ganttWindow draws the shown run's items in [from, to] (to ≤ from: the whole run).
func (p *page) ganttWindow(from, to int64) {
	rec := p.shown
	if rec == nil {
		return
	}
	p.ganttFrom, p.ganttTo = from, to
	by := doc.Call("getElementById", "colour-by").Get("value").String()
	var ln *charts.Lanes
	gpus := 0
	if rec.Sharing {
		// Recomputed per window rather than kept: sharing runs are small next to the 100,000-job
		// runs the window exists for, and the page then holds no state that could go stale.
		if c, err := core.ParseCluster(rec.Cluster); err == nil {
			gpus = c.NumGPUs()
			ln = charts.BuildLanes(rec, gpus)
		}
	}
	g := charts.BuildGantt(rec, from, to, by, ln)
	flat := make([]float64, 2*len(g.Items))
	for i, it := range g.Items {
		flat[2*i], flat[2*i+1] = float64(it[0]), float64(it[1])
	}
	items := float64sToJS(flat)
	box := byTestID("gantt")
	rowColour := js.Null()
	switch by {
	case "type":
		rowColour = int32sToJS(rowTypes(rec))
	case "policy":
		rowColour = int32sToJS([]int32{int32(p.policyIndex(rec.Policy))})
	}
	lane, rowLanes := js.Null(), js.Null()
	shared, maxLanes := 0, 1
	if ln != nil {
		lane, rowLanes = int32sToJS(g.Lane), int32sToJS(ln.PerGPU)
		shared, maxLanes = ln.Shared, ln.Max
	}
	chartsJS().Call("ganttData", box, items, int32sToJS(g.Off), int32sToJS(g.Rows), int32sToJS(g.Job), int32sToJS(g.Colour), rowColour, by, lane, rowLanes)
	setAttr(box, "data-intervals", itoa(g.Intervals))
	setAttr(box, "data-drawn", itoa(len(g.Items)))
	setAttr(box, "data-shared", itoa(shared))
	setAttr(box, "data-lanes", itoa(maxLanes))
	mode := "aggregated (zoom in for every interval)"
	if g.Detail {
		mode = "every interval"
	}
	setAttr(box, "data-detail", fmt.Sprint(g.Detail))
	note := fmt.Sprintf("%d intervals, %d drawn: %s", g.Intervals, len(g.Items), mode)
	if ln != nil {
		note += fmt.Sprintf("; GPU sharing: %d intervals overlap another on a GPU, stacked in up to %d sub-rows per GPU", shared, maxLanes)
	}
	doc.Call("getElementById", "gantt-note").Set("textContent", note)
	if len(rec.Virtual) > 0 {
		p.virtualData(rec, by)
	}
}

func float64sToJS(v []float64) js.Value {
	a := js.Global().Get("Float64Array").New(len(v))
	if len(v) == 0 {
		return a
	}
	b := make([]byte, 8*len(v))
	for i, f := range v {
		u := mathFloat64bits(f)
		for k := 0; k < 8; k++ {
			b[8*i+k] = byte(u >> (8 * k))
		}
	}
	u8 := js.Global().Get("Uint8Array").New(a.Get("buffer"))
	js.CopyBytesToJS(u8, b)
	return a
}

func int32sToJS(v []int32) js.Value {
	a := js.Global().Get("Int32Array").New(len(v))
	if len(v) == 0 {
		return a
	}
	b := make([]byte, 4*len(v))
	for i, x := range v {
		u := uint32(x)
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	}
	js.CopyBytesToJS(js.Global().Get("Uint8Array").New(a.Get("buffer")), b)
	return a
}

// jobInfo returns the tooltip text of a job on demand (plain text; the JS side escapes it), so a
// 100,000-job run builds no strings before its first paint. ln (sharing runs, else nil) adds the
// jobs it shared a GPU with.
func jobInfo(rec *runrec.Record, ln *charts.Lanes) js.Func {
	return js.FuncOf(func(_ js.Value, a []js.Value) any {
		i := a[0].Int()
		if i < 0 || i >= len(rec.Jobs) {
			return ""
		}
		j := rec.Jobs[i]
		s := fmt.Sprintf("job %s · %d GPU(s) · submit %.2f h", j.ID, j.GPUs, float64(j.Submit)/3.6e6)
		if j.FirstStart >= 0 {
			s += fmt.Sprintf(" · start %.2f h", float64(j.FirstStart)/3.6e6)
		}
		if j.End >= 0 {
			s += fmt.Sprintf(" · end %.2f h", float64(j.End)/3.6e6)
		}
		if j.Model != "" {
			s += " · model " + j.Model
		}
		if j.User != "" {
			s += " · user " + j.User
		}
		if j.Speedup > 0 {
			s += fmt.Sprintf(" · speed-up ×%.3f over the proportional share", j.Speedup)
		}
		if j.GPUType != "" {
			s += " · on " + j.GPUType
		}
		if j.Ref != "" {
			s += fmt.Sprintf(" · most similar reference %s (%.3f), predicted best %s", j.Ref, j.Sim, j.Best)
		}
		if j.Preemptions > 0 {
			s += fmt.Sprintf(" · %d preemption(s)", j.Preemptions)
		}
		if rec.Sharing {
			s += sharingInfo(rec, ln, i)
		}
		return s
	})
}

// rowTypes is each GPU row's type index (in the cluster's type order), for colouring by type.
func rowTypes(rec *runrec.Record) []int32 {
	c, err := core.ParseCluster(rec.Cluster)
	if err != nil {
		return nil
	}
	types := c.Types()
	out := make([]int32, 0, c.NumGPUs())
	for _, s := range c.Servers {
		k := int32(0)
		for i, t := range types {
			if t == s.Type {
				k = int32(i)
			}
		}
		for g := 0; g < s.GPUs; g++ {
			out = append(out, k)
		}
	}
	return out
}

// policyIndex is the stable colour index of a policy: its place in the registry.
func (p *page) policyIndex(name string) int {
	for i, n := range p.reg.Names() {
		if n == name {
			return i
		}
	}
	return 0
}
