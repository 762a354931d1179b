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
		base.Call("appendChild", el("option", r.head.Name, "value", r.head.ID))
		gsel.Call("appendChild", el("option", r.head.Name, "value", r.head.ID))
		if r.head.ID == p.baselineID {
			baseRec = r.head
		}
	}
	if baseRec == nil && len(p.runs) > 0 {
		baseRec = p.runs[0].head
	}
	if baseRec != nil {
		base.Set("value", baseRec.ID)
	}
	if p.shown != nil {
		gsel.Set("value", p.shown.head.ID)
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
	for _, run := range p.runs {
		r := run.head
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
	views := make([]*runrecord.View, len(p.runs))
	names := make([]string, len(p.runs))
	colours := make([]string, len(p.runs))
	for i, r := range p.runs {
		views[i] = r.view
		names[i] = r.head.Name
		colours[i] = charts.PolicyColour(p.policyIndex(r.head.Policy))
	}
	opt, err := charts.CDFOption(views, names, colours)
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
		if r.head.ID == id {
			p.show(r)
		}
	}
}

// show makes r the run drawn in the Gantt and utilisation charts. What its view holds is drawn
// at once (a run of more than runrecord.MaxDetail intervals draws its merged spans); what needs
// its record (every interval of a small run, a sharing run's sub-rows, A-SRPT's virtual schedule,
// Synergy's host charts, the job table, the comparison) waits for it, said in the status line.
func (p *page) show(r *run) {
	p.shown = r
	rec := r.head
	selectEl("gantt-run").SetValue(rec.ID)
	if pagelogic.IsSimilarity(rec) {
		selectEl("colour-by").SetValue("type")
	}
	c, err := core.ParseCluster(rec.Cluster)
	if err != nil {
		p.setError(err.Error())
		return
	}
	opt, err := charts.GanttOption(c, "GPU allocations: "+rec.Name, r.view.End)
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
	p.infoFn = p.jobInfo(r)
	p.windowFn = p.funcs.FuncOf(func(_ js.Value, a []js.Value) any {
		from, to := int64(a[0].Float()), int64(a[1].Float())
		go p.ganttWindow(from, to)
		return nil
	})
	chartsJS().Call("ganttInit", box, string(opt), p.infoFn, p.windowFn)
	// Each yield lets the page respond; a run shown or cleared meanwhile takes over the panels.
	if p.funcs.Yield(); p.shown != r {
		return
	}
	r.clock.lap("show_frame")
	for _, pn := range p.panels {
		pn.shownChanged(p, r)
	}
	uopt, err := charts.UtilOption(r.view, c.NumGPUs(), c.TotalCPUs(), c.TotalMemGB())
	if err == nil {
		chartsJS().Call("show", hook("util").Underlying(), string(uopt))
	}
	r.clock.lap("show_util")
	p.ganttWindow(0, 0)
	if p.shown != r {
		return
	}
	r.clock.lap("show_gantt")
	setAttr(box, "data-first-paint-ms", fmt.Sprintf("%.0f", js.Global().Get("performance").Call("now").Float()-t0))
	if p.funcs.Yield(); p.shown != r {
		return
	}
	p.showVirtual(r)
	p.showHost(r, c)
	p.showJobs(r)
	p.renderDiff()
}

func (p *page) drawGantt() {
	if p.shown != nil {
		p.ganttWindow(p.ganttFrom, p.ganttTo)
	}
}

// ganttWindow draws the shown run's items in [from, to] (to ≤ from: the whole run): the view's
// merged spans for the whole of a large run, else from its record. A window asked for while the
// record is read replaces this one.
func (p *page) ganttWindow(from, to int64) {
	r := p.shown
	if r == nil {
		return
	}
	p.ganttFrom, p.ganttTo = from, to
	by := selectEl("colour-by").Value()
	var g *charts.Gantt
	var ln *charts.Lanes
	if to <= from && r.view.Gantt != nil && !r.head.Sharing {
		g = charts.MergedGantt(*r.view.Gantt, r.view.Intervals)
	} else {
		rec, err := p.full(r, "the Gantt chart's intervals")
		if p.shown != r || p.ganttFrom != from || p.ganttTo != to {
			return
		}
		if err != nil {
			p.setError(err.Error())
			return
		}
		if rec.Sharing {
			ln = p.lanes(r, rec)
		}
		g = charts.BuildGantt(rec, from, to, by, ln)
	}
	flat := make([]float64, 2*len(g.Items))
	for i, it := range g.Items {
		flat[2*i], flat[2*i+1] = float64(it[0]), float64(it[1])
	}
	items := typed.Float64s(flat)
	box := hook("gantt").Underlying()
	rowColour := js.Null()
	switch by {
	case "type":
		rowColour = typed.Int32s(pagelogic.RowTypes(r.head))
	case "policy":
		rowColour = typed.Int32s([]int32{int32(p.policyIndex(r.head.Policy))})
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
	if r.view.Virtual > 0 && r.rec != nil {
		p.virtualData(r.rec, by)
	}
}

// lanes is the sharing run r's stacked intervals (rec is its record), built once.
func (p *page) lanes(r *run, rec *runrecord.Record) *charts.Lanes {
	if r.lanes == nil {
		r.lanes = lanesOf(rec)
	}
	return r.lanes
}

// jobInfo returns the tooltip text of a job on demand (plain text; the JS side escapes it), so a
// 100,000-job run builds no strings before its first paint. A job's item is drawn only from the
// record, so the record is there when its tooltip is asked for; a sharing run's text adds the
// jobs each shared a GPU with.
func (p *page) jobInfo(r *run) js.Func {
	return p.funcs.FuncOf(func(_ js.Value, a []js.Value) any {
		if r.rec == nil {
			return ""
		}
		return pagelogic.JobInfo(r.rec, coRunners(r.lanes), a[0].Int())
	})
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
