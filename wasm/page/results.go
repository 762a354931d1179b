//go:build js && wasm

package page

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"schedlab/core"
	"schedlab/core/trace"
	"schedlab/wasm/charts"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/runrecord"
	"schedlab/wasm/typed"
)

func traceNames() []string { return trace.Builtin().Names() }

// ratioSpan is a metric's ratio to the baseline's (data-value the exact ratio, "null" without one).
func ratioSpan(field string, v float64, ok bool, base map[string]any) js.Value {
	txt, shown := pagelogic.Ratio(field, v, ok, base)
	return el("span", shown, "class", "ratio", "data-metric", "ratio_"+field, "data-value", txt)
}

// renderSummary redraws the summary table, the baseline and Gantt-run selects and the CDF.
func (p *page) renderSummary() {
	// Until there are results, the results area shows what to do instead of empty drop-downs.
	if len(p.runs) == 0 {
		hook("results").SetAttribute("data-empty", "")
	} else {
		hook("results").RemoveAttribute("data-empty")
		setHidden(hook("results-hint"), true)
		setHidden(hook("shared-hint"), true)
	}
	tbl := hook("summary").Underlying()
	clear(tbl)
	base := hook("baseline").Underlying()
	clear(base)
	gsel := hook("gantt-run").Underlying()
	clear(gsel)
	var baseRec *runrecord.Record
	for _, r := range p.runs {
		base.Call("appendChild", el("option", r.Name, "value", r.ID))
		gsel.Call("appendChild", el("option", r.Name, "value", r.ID))
		if r.ID == p.baselineID {
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
	for _, c := range pagelogic.MetricCols {
		th := el("th", c.Head, "title", c.Field)
		if slices.Contains(pagelogic.RatioCols, c.Field) {
			th.Call("appendChild", el("span", " ×base", "class", "ratio"))
		}
		head.Call("appendChild", th)
	}
	tbl.Call("appendChild", head)
	var bf map[string]any
	if baseRec != nil {
		bf = pagelogic.Fields(baseRec)
	}
	for _, r := range p.runs {
		f := pagelogic.Fields(r)
		tr := el("tr", "", "data-run", r.ID, "data-policy", r.Policy, "data-json", pagelogic.CompactJSON(r.Summary))
		tr.Call("appendChild", breakable(el("td", ""), r.Name))
		pol := el("td", r.Policy, "class", "policy", "data-colour", charts.PolicyColour(p.policyIndex(r.Policy)))
		pol.Get("style").Set("borderLeft", "6px solid "+charts.PolicyColour(p.policyIndex(r.Policy)))
		tr.Call("appendChild", pol)
		for _, c := range pagelogic.MetricCols {
			txt, v, ok := pagelogic.Number(f[c.Field])
			shown, title := "–", ""
			switch {
			case ok && strings.HasSuffix(c.Field, "_s"):
				shown, title = strconv.FormatFloat(v/3600, 'f', 2, 64), pagelogic.FormatMetric(v)+" s"
			case ok && c.Field == "gpu_util": // a fraction: three decimals in every row, the exact value in the title
				shown, title = strconv.FormatFloat(v, 'f', 3, 64), pagelogic.FormatMetric(v)
			case ok:
				shown = pagelogic.FormatMetric(v)
			}
			td := el("td", shown, "data-metric", c.Field, "data-value", txt, "title", title)
			if slices.Contains(pagelogic.RatioCols, c.Field) {
				td.Call("appendChild", ratioSpan(c.Field, v, ok, bf))
			}
			tr.Call("appendChild", td)
		}
		tbl.Call("appendChild", tr)
	}
	for _, pn := range p.panels {
		pn.runsChanged(p)
	}
	p.drawCDF()
}

// breakable fills e with text s, offering a line break after each comma and colon (<wbr>): a run's
// name ("fifo · philly:jobs=1000,rate=9 · seed 1") then wraps between its settings, never inside
// a word, in the summary's narrow first column.
func breakable(e js.Value, s string) js.Value {
	start := 0
	for i, r := range s {
		if r == ',' || r == ':' {
			e.Call("append", s[start:i+1])
			e.Call("appendChild", el("wbr", ""))
			start = i + 1
		}
	}
	e.Call("append", s[start:])
	return e
}

func (p *page) drawCDF() {
	box := hook("cdf").Underlying()
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
	id := selectEl("gantt-run").Value()
	for _, r := range p.runs {
		if r.ID == id {
			p.show(r)
		}
	}
}

// show makes rec the run drawn in the Gantt and utilisation charts.
func (p *page) show(rec *runrecord.Record) {
	p.shown = rec
	selectEl("gantt-run").SetValue(rec.ID)
	if pagelogic.IsSimilarity(rec) {
		selectEl("colour-by").SetValue("type")
	}
	c, err := core.ParseCluster(rec.Cluster)
	if err != nil {
		p.setError(err.Error())
		return
	}
	opt, err := charts.GanttOption(c, "GPU allocations: "+rec.Name, pagelogic.ViewEnd(rec))
	if err != nil {
		p.setError(err.Error())
		return
	}
	box := hook("gantt").Underlying()
	t0 := js.Global().Get("performance").Call("now").Float()
	// ganttInit replaces the chart and its two callbacks: the previous run's are released.
	if p.infoFn.Truthy() {
		p.funcs.Release(p.infoFn)
		p.funcs.Release(p.windowFn)
	}
	var ln *charts.Lanes
	if rec.Sharing {
		ln = charts.BuildLanes(rec, c.NumGPUs())
	}
	p.infoFn = p.jobInfo(rec, ln)
	p.windowFn = p.funcs.FuncOf(func(_ js.Value, a []js.Value) any {
		from, to := int64(a[0].Float()), int64(a[1].Float())
		go p.ganttWindow(from, to)
		return nil
	})
	chartsJS().Call("ganttInit", box, string(opt), p.infoFn, p.windowFn)
	// Each yield lets the page respond; a run shown or cleared meanwhile takes over the panels.
	if p.funcs.Yield(); p.shown != rec {
		return
	}
	p.ganttWindow(0, 0)
	setAttr(box, "data-first-paint-ms", fmt.Sprintf("%.0f", js.Global().Get("performance").Call("now").Float()-t0))
	p.showVirtual(rec)
	if p.funcs.Yield(); p.shown != rec {
		return
	}
	p.showHost(rec, c)
	p.showJobs(rec)
	p.renderDiff()
	for _, pn := range p.panels {
		pn.shownChanged(p, rec)
	}
	if p.funcs.Yield(); p.shown != rec {
		return
	}
	uopt, err := charts.UtilOption(rec, c.NumGPUs(), c.TotalCPUs(), c.TotalMemGB())
	if err == nil {
		chartsJS().Call("show", hook("util").Underlying(), string(uopt))
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
	by := selectEl("colour-by").Value()
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
	items := typed.Float64s(flat)
	box := hook("gantt").Underlying()
	rowColour := js.Null()
	switch by {
	case "type":
		rowColour = typed.Int32s(pagelogic.RowTypes(rec))
	case "policy":
		rowColour = typed.Int32s([]int32{int32(p.policyIndex(rec.Policy))})
	}
	lane, rowLanes := js.Null(), js.Null()
	shared, maxLanes := 0, 1
	if ln != nil {
		lane, rowLanes = typed.Int32s(g.Lane), typed.Int32s(ln.PerGPU)
		shared, maxLanes = ln.Shared, ln.Max
	}
	chartsJS().Call("ganttData", box, items, typed.Int32s(g.Off), typed.Int32s(g.Rows), typed.Int32s(g.Job), typed.Int32s(g.Colour), rowColour, by, lane, rowLanes)
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
	hook("gantt-note").SetTextContent(note)
	if len(rec.Virtual) > 0 {
		p.virtualData(rec, by)
	}
}

// jobInfo returns the tooltip text of a job on demand (plain text; the JS side escapes it), so a
// 100,000-job run builds no strings before its first paint. ln (sharing runs, else nil) adds the
// jobs it shared a GPU with.
func (p *page) jobInfo(rec *runrecord.Record, ln *charts.Lanes) js.Func {
	co := coRunners(ln)
	return p.funcs.FuncOf(func(_ js.Value, a []js.Value) any { return pagelogic.JobInfo(rec, co, a[0].Int()) })
}

// policyIndex is the stable colour index of a policy: its place in the registry (a script's
// after the built-ins).
func (p *page) policyIndex(name string) int {
	for i, n := range p.policyNames() {
		if n == name {
			return i
		}
	}
	return 0
}
