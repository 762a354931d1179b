//go:build js && wasm

package main

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"schedlab/policies/figure"
	"schedlab/wasm/figchart"
)

// init wires the Figures view's controls and lists the catalogue.
func (v *figView) init() {
	v.files = map[string]js.Value{}
	v.buildFigureList()
	on(byTestID("nav-figures"), "click", func(js.Value) { v.p.showView("figures") })
	on(byTestID("nav-simulator"), "click", func(js.Value) { v.p.showView("simulator") })
	on(v.el("figure-run"), "click", func(js.Value) {
		if v.f == nil {
			v.p.setError("choose a figure in the list first")
			return
		}
		v.open(v.f.ID, strings.TrimSpace(v.el("figure-seeds").Get("value").String()), v.chosenXs(), true)
	})
	box := v.el("figure-workers")
	box.Set("max", workerLimit())
	box.Set("value", figureWorkers())
	on(v.el("figure-cancel"), "click", func(js.Value) { v.cancel("cancelled") })
	on(v.el("figure-trace"), "change", func(js.Value) {
		files := v.el("figure-trace").Get("files")
		for i := range files.Length() {
			v.files[files.Index(i).Get("name").String()] = files.Index(i)
		}
	})
	on(v.el("figure-csv"), "click", func(js.Value) { v.exportCSV() })
	on(v.el("figure-svg"), "click", func(js.Value) { v.exportImage("svg") })
	on(v.el("figure-png"), "click", func(js.Value) { v.exportImage("png") })
}

// showView shows the simulator ("simulator") or the Figures view ("figures") in the main area.
func (p *page) showView(name string) {
	figs := name == "figures"
	// The history (runs and figures) moves into the view shown, so both list it beside themselves.
	doc.Call("getElementById", map[bool]string{true: "figures-view", false: "simulator-view"}[figs]).Call("appendChild", doc.Call("getElementById", "side"))
	doc.Call("getElementById", "simulator-view").Set("hidden", figs)
	doc.Call("getElementById", "figures-view").Set("hidden", !figs)
	setAttr(byTestID("nav-figures"), "aria-pressed", fmt.Sprint(figs))
	setAttr(byTestID("nav-simulator"), "aria-pressed", fmt.Sprint(!figs))
	if figs && p.fig.f != nil {
		chartsJS().Call("figureResize", p.fig.el("figure-chart"))
	}
}

// workers is the pool size asked for in the workers box, within 1 … workerLimit; anything else
// there (empty, not a whole number) is the default, figureWorkers.
func (v *figView) workers() int {
	n, err := strconv.Atoi(strings.TrimSpace(v.el("figure-workers").Get("value").String()))
	if err != nil || n < 1 {
		return figureWorkers()
	}
	return min(n, workerLimit())
}

// showControls fills the figure's heading, seeds and sweep choices.
func (v *figView) showControls() {
	f := v.f
	doc.Call("getElementById", "fig-title").Set("textContent", f.Paper+" · "+f.Number+" ("+f.ID+")")
	doc.Call("getElementById", "fig-caption").Set("textContent", f.Caption)
	v.el("figure-seeds").Set("value", figure.FormatSeeds(v.seeds))
	sweep := v.el("figure-sweep")
	clear(sweep)
	if f.Sweep.Name != "" {
		sweep.Call("appendChild", el("span", f.Sweep.Label+": ", "class", "note"))
		for x, val := range f.Sweep.Values {
			cb := el("input", "", "type", "checkbox", "value", val)
			cb.Set("checked", slices.Contains(v.xs, x))
			lab := el("label", "")
			lab.Call("append", cb, " "+val)
			sweep.Call("appendChild", lab)
		}
	}
	traces := v.traces(v.f.Cells(v.seeds[:min(1, len(v.seeds))]))
	box := doc.Call("getElementById", "fig-trace-box")
	box.Set("hidden", len(traces) == 0)
	if len(traces) > 0 {
		doc.Call("getElementById", "fig-trace-note").Set("textContent", "this figure replays ../shared/data/"+strings.Join(traces, ", ../shared/data/"))
	}
	table := f.Chart == figure.Table
	for _, id := range []string{"figure-svg", "figure-png"} {
		v.el(id).Set("disabled", table)
	}
	v.el("figure-chart").Set("hidden", table)
	v.status("", 0)
}

// draw redraws the chart and the table from the finished cells; unless force, at most every
// 150 ms (cells of a small figure can finish faster than a chart redraws).
func (v *figView) draw(force bool) {
	now := perfNow()
	if !force && now-v.lastMs < 150 {
		return
	}
	v.lastMs = now
	sub, rows := v.sub(), v.subRows()
	chart := v.el("figure-chart")
	setAttr(chart, "data-cells", itoa(len(rows)/max(1, len(sub.Metrics))))
	opt, err := figchart.Option(sub, figure.Stats(sub, rows))
	switch {
	case err != nil:
		v.p.setError(err.Error())
	case opt == nil:
		chartsJS().Call("dispose", chart)
	default:
		chartsJS().Call("figureShow", chart, string(opt))
	}
	v.renderTable(sub, rows)
}

// renderTable writes the reference table (figure.ClaimsOf): the paper's claims, the numbers only
// shown, then our own checks, each with ours in its unit or form (mean ± 95 % interval over seeds),
// the difference and the verdict, and the figure's tally as the table's caption.
func (v *figView) renderTable(sub *figure.Figure, rows []figure.Row) {
	tbl := v.el("figure-table")
	clear(tbl)
	c := figure.ClaimsOf(sub, rows)
	cols := []string{"series", "metric", "reference", "ours (mean ± 95 %)", "difference", "verdict", "source"}
	if sub.Sweep.Name != "" {
		cols = append([]string{sub.Sweep.Label}, cols...)
	}
	if len(sub.Refs) > 0 {
		tbl.Call("appendChild", el("caption", "tally: "+c.TallyText(), "data-testid", "figure-tally"))
	}
	head := el("tr", "")
	for _, c := range cols {
		head.Call("appendChild", el("th", c))
	}
	tbl.Call("appendChild", head)
	for _, vd := range c.All() {
		group := figure.Group(vd)
		tr := el("tr", "", "data-verdict", vd.Verdict, "data-kind", string(vd.Ref.Kind), "data-series", vd.Ref.Series,
			"data-metric", vd.Ref.Metric, "data-group", group)
		if sub.Sweep.Name != "" {
			x := vd.Ref.X
			if vd.Ref.To != "" {
				x += " → " + vd.Ref.To
			}
			tr.Call("appendChild", el("td", x))
		}
		ours := vd.Ours
		if vd.N > 0 && !vd.Point {
			ours += fmt.Sprintf(" (n=%d)", vd.N)
		}
		verdict := vd.Verdict
		if group == "ours" {
			verdict += " (our check)"
		}
		for _, txt := range []string{seriesOf(sub, vd.Ref.Series), metricOf(sub, vd.Ref.Metric), vd.Reference, ours, vd.Difference, verdict} {
			tr.Call("appendChild", el("td", txt))
		}
		tr.Call("appendChild", el("td", vd.Ref.Source, "class", "src", "title", vd.Ref.Source))
		tbl.Call("appendChild", tr)
	}
	if len(sub.Refs) == 0 {
		tr := el("tr", "")
		tr.Call("appendChild", el("td", "no published reference for this figure", "colspan", itoa(len(cols))))
		tbl.Call("appendChild", tr)
	}
}

// seriesOf is the title of f's series called name (a reference names it; Validate makes it exist).
func seriesOf(f *figure.Figure, name string) string {
	return f.Series[f.SeriesIndex(name)].Title()
}

// metricOf is the title of f's metric called name.
func metricOf(f *figure.Figure, name string) string {
	return f.Metrics[f.MetricIndex(name)].Title()
}

// exportCSV downloads the figure's rows as the runner's -figure-out writes them (figure.WriteCSV):
// byte for byte the same for the same seeds and sweep values.
func (v *figView) exportCSV() {
	if v.f == nil {
		v.p.setError("nothing to export: open a figure first")
		return
	}
	var buf bytes.Buffer
	if err := v.sub().WriteCSV(&buf, v.subRows()); err != nil {
		v.p.setError(err.Error())
		return
	}
	download(v.f.ID+".csv", "text/csv", buf.Bytes())
}

func (v *figView) exportImage(kind string) {
	if v.f == nil {
		return
	}
	url := chartsJS().Call("image", v.el("figure-chart"), kind)
	if !url.Truthy() {
		v.p.setError("nothing to export: the figure has no chart yet")
		return
	}
	downloadURL(v.f.ID+"."+kind, url.String())
}

// listFigures adds the stored figures to the history, newest first: open (without recomputing
// what is stored) and delete.
func (v *figView) listFigures() {
	list, err := v.p.store.ListFigures(v.p.ctx)
	if err != nil {
		v.p.setError(err.Error())
		return
	}
	h := byTestID("figure-history")
	clear(h)
	for i := len(list) - 1; i >= 0; i-- {
		fr := list[i]
		li := el("li", "", "data-testid", "history-figure", "data-figure", fr.Figure, "data-key", fr.Key)
		li.Call("appendChild", el("span", fr.Figure, "class", "name"))
		state := "finished"
		if fr.Done < fr.Cells {
			state = "partial"
		}
		when := time.UnixMilli(fr.Created).UTC().Format("2006-01-02 15:04")
		li.Call("appendChild", el("span", fmt.Sprintf(" seeds %s · %d of %d cells (%s) · %s UTC", fr.Seeds, fr.Done, fr.Cells, state, when), "class", "meta"))
		open := el("button", "open", "type", "button", "data-testid", "history-figure-open")
		on(open, "click", func(js.Value) { v.open(fr.Figure, fr.Seeds, fr.Xs, false) })
		del := el("button", "delete", "type", "button", "data-testid", "history-figure-delete")
		on(del, "click", func(js.Value) {
			if err := v.p.store.DeleteFigure(v.p.ctx, fr.Key); err != nil {
				v.p.setError(err.Error())
			}
			v.listFigures()
		})
		li.Call("append", open, del)
		h.Call("appendChild", li)
	}
}

// applyFigureURL opens ?figure=ID[&seeds=LIST][&sweep=V,V…][&workers=N][&embed=1] and runs it;
// false when the query names no figure.
func (v *figView) applyFigureURL() bool {
	q := js.Global().Get("URLSearchParams").New(js.Global().Get("location").Get("search"))
	id := q.Call("get", "figure")
	if id.IsNull() {
		return false
	}
	v.embed = q.Call("get", "embed").String() == "1"
	if v.embed {
		setAttr(doc.Get("body"), "data-embed", "1")
	}
	var xs []string
	if x := q.Call("get", "sweep"); !x.IsNull() {
		xs = strings.Split(x.String(), ",")
	}
	seeds := ""
	if s := q.Call("get", "seeds"); !s.IsNull() {
		seeds = s.String()
	}
	if w := q.Call("get", "workers"); !w.IsNull() {
		v.el("figure-workers").Set("value", w.String()) // workers() judges it
	}
	go v.open(id.String(), seeds, xs, true)
	return true
}
