//go:build js && wasm

package page

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"schedlab/policies/figure"
	"schedlab/wasm/figchart"
	"schedlab/wasm/pool"
	"schedlab/wasm/store"
)

// init wires the Figures view's controls and lists the catalogue.
func (v *figView) init() {
	v.files = map[string]js.Value{}
	v.buildFigureList()
	v.p.static.on(hook("figure-history").Underlying(), "click", v.storedClick)
	v.p.static.on(hook("figure-run").Underlying(), "click", func(*dom.BasicEvent) {
		if v.f == nil {
			v.p.setError("choose a figure in the list first")
			return
		}
		v.reading = hook("figure-reading").Underlying().Get("value").String()
		v.open(v.f.ID, strings.TrimSpace(input("figure-seeds").Value()), v.chosenXs(), true)
	})
	box := input("figure-workers")
	box.SetMax(strconv.Itoa(pool.Limit()))
	box.SetValue(strconv.Itoa(pool.FigureDefault()))
	v.p.static.on(hook("figure-cancel").Underlying(), "click", func(*dom.BasicEvent) { v.cancel("cancelled") })
	v.p.static.on(hook("figure-trace").Underlying(), "change", func(*dom.BasicEvent) {
		for _, f := range input("figure-trace").Files() {
			v.files[f.Get("name").String()] = f.Value
		}
	})
	v.p.static.on(hook("figure-csv").Underlying(), "click", func(*dom.BasicEvent) { v.exportCSV() })
	v.p.static.on(hook("figure-svg").Underlying(), "click", func(*dom.BasicEvent) { v.exportImage("svg") })
	v.p.static.on(hook("figure-png").Underlying(), "click", func(*dom.BasicEvent) { v.exportImage("png") })
}

func (v *figView) name() string { return "figures" }

// shown redraws the open figure's chart at the size of its now visible box.
func (v *figView) shown() {
	if v.f != nil {
		chartsJS().Call("figureResize", hook("figure-chart").Underlying())
	}
}

// workers is the pool size asked for in the workers box, within 1 … workerLimit; anything else
// there (empty, not a whole number) is the default, figureWorkers.
func (v *figView) workers() int {
	n, err := strconv.Atoi(strings.TrimSpace(input("figure-workers").Value()))
	if err != nil || n < 1 {
		return pool.FigureDefault()
	}
	return min(n, pool.Limit())
}

// showControls fills the figure's heading, seeds and sweep choices.
func (v *figView) showControls() {
	f := v.f
	hook("fig-title").SetTextContent(f.Paper + " · " + f.Number + " (" + f.ID + ")")
	hook("fig-caption").SetTextContent(f.Caption)
	input("figure-seeds").SetValue(figure.FormatSeeds(v.seeds))
	pick := hook("figure-reading").Underlying()
	clear(pick)
	for _, name := range v.readingOptions(f) {
		text := name
		if name == "all" {
			text = fmt.Sprintf("all %d", len(f.Readings()))
		}
		opt := el("option", text, "value", name)
		opt.Set("selected", name == v.reading)
		pick.Call("appendChild", opt)
	}
	setHidden(hook("figure-reading-box"), len(f.Choices) == 0)
	sweep := hook("figure-sweep").Underlying()
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
	setHidden(hook("fig-trace-box"), len(traces) == 0)
	if len(traces) > 0 {
		hook("fig-trace-note").SetTextContent("this figure replays " + strings.Join(traces, ", ") +
			" (the authors' files, served with the page; choose files here to replay others)")
	}
	table := f.Chart == figure.Table
	for _, id := range []string{"figure-svg", "figure-png"} {
		button(id).SetDisabled(table)
	}
	setHidden(hook("figure-chart"), table)
	v.status("", 0)
}

// draw redraws the chart and the table from the finished cells; unless force, at most every
// 150 ms (cells of a small figure can finish faster than a chart redraws), and at least four times
// the last redraw's time apart: the table judges every claim under every reading, and on the
// thousands of cells of a figure with readings a redraw takes long enough that redrawing every
// 150 ms would keep the page's thread from answering its workers.
func (v *figView) draw(force bool) {
	now := perfNow()
	if !force && now-v.lastMs < max(150, 4*v.drawMs) {
		return
	}
	v.lastMs = now
	defer func() { v.drawMs = perfNow() - now }()
	sub, rows := v.sub(), v.subRows()
	chart := hook("figure-chart").Underlying()
	setAttr(chart, "data-cells", itoa(len(rows)/max(1, len(sub.Metrics))))
	// The chart draws one reading: the first chosen (the default when all are).
	drawn, drawnRows := sub, rows
	if len(sub.Choices) > 0 && len(v.rsel) > 0 {
		drawn, drawnRows = sub.Under(v.rsel[0]), figure.RowsOf(rows, v.rsel[0])
	}
	opt, err := figchart.Option(drawn, figure.Stats(drawn, drawnRows))
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

// renderTable writes the reference table (figure.ClaimsOf): the judged claims under their kind of
// evidence, then the numbers only shown, each with ours in its unit or form (mean and 95 %
// interval over seeds), the difference, the verdict with what it says of the published value and
// its why, and the figure's tallies, kind by kind, as the table's caption.
func (v *figView) renderTable(sub *figure.Figure, rows []figure.Row) {
	tbl := hook("figure-table").Underlying()
	clear(tbl)
	c := figure.ClaimsOf(sub, rows)
	cols := []string{"kind", "series", "metric", "reference", "ours (95 % CI)", "difference", "verdict", "published value, why", "source"}
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
		tr := el("tr", "", "data-verdict", vd.Verdict, "data-kind", string(vd.Ref.Kind), "data-series", vd.Ref.Series,
			"data-metric", vd.Ref.Metric, "data-group", figure.Group(vd), "data-evidence", string(vd.Ref.Evidence))
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
		kind := string(vd.Ref.Evidence)
		if vd.Ref.Shown {
			kind += ", shown"
		}
		notes := vd.Published()
		if vd.Why != "" {
			notes = strings.TrimPrefix(notes+"; why: "+vd.Why, "; ")
		}
		for _, txt := range []string{kind, seriesOf(sub, vd.Ref.Series), metricOf(sub, vd.Ref.Metric), vd.Reference, ours, vd.Difference, vd.Verdict} {
			tr.Call("appendChild", el("td", txt))
		}
		tr.Call("appendChild", el("td", notes, "data-why", vd.Why))
		src := vd.Ref.SourceText()
		tr.Call("appendChild", el("td", src, "class", "src", "title", src))
		tbl.Call("appendChild", tr)
	}
	if len(sub.Refs) == 0 {
		tr := el("tr", "")
		tr.Call("appendChild", el("td", "no published reference for this figure", "colspan", itoa(len(cols))))
		tbl.Call("appendChild", tr)
	}
	if len(sub.Choices) == 0 {
		return
	}
	// Above: the reading c.Reading. Below: each claim over every reading run, in one line.
	m := figure.MatrixOf(sub, rows)
	tr := el("tr", "")
	tr.Call("appendChild", el("th", fmt.Sprintf("per reading (table above: %s; %d of %d readings run)", c.Reading,
		len(m.Readings), len(sub.Readings())), "colspan", itoa(len(cols))))
	tbl.Call("appendChild", tr)
	for _, cr := range m.Claims {
		if cr.Ref.Shown {
			continue
		}
		tr := el("tr", "", "data-testid", "figure-reading-summary")
		what := seriesOf(sub, cr.Ref.Series) + " vs " + cr.Ref.Baseline + ", " + cr.Ref.Metric
		tr.Call("appendChild", el("td", what+": "+cr.Summary, "colspan", itoa(len(cols))))
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
	url := chartsJS().Call("image", hook("figure-chart").Underlying(), kind)
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
	h := hook("figure-history").Underlying()
	clear(h)
	v.stored = map[string]store.FigureRun{}
	for i := len(list) - 1; i >= 0; i-- {
		fr := list[i]
		li := el("li", "", "data-testid", "history-figure", "data-figure", fr.Figure, "data-key", fr.Key)
		name := fr.Figure
		if len(fr.Scripts) > 0 {
			name += " + " + strings.Join(scriptNames(fr.Scripts), ", ") + " (yours)"
		}
		li.Call("appendChild", el("span", name, "class", "name"))
		state := "finished"
		if fr.Done < fr.Cells {
			state = "partial"
		}
		when := time.UnixMilli(fr.Created).UTC().Format("2006-01-02 15:04")
		li.Call("appendChild", el("span", fmt.Sprintf(" seeds %s · %d of %d cells (%s) · %s UTC", fr.Seeds, fr.Done, fr.Cells, state, when), "class", "meta"))
		v.stored[fr.Key] = fr
		li.Call("append", el("button", "open", "type", "button", "data-testid", "history-figure-open"),
			el("button", "delete", "type", "button", "data-testid", "history-figure-delete")) // storedClick
		h.Call("appendChild", li)
	}
}

// storedClick is the stored figures' one listener (as historyClick): open a stored figure
// (without recomputing what is stored) or delete it.
func (v *figView) storedClick(ev *dom.BasicEvent) {
	action, key, ok := clickedRow(ev, "data-key")
	fr, found := v.stored[key]
	if !ok || !found {
		return
	}
	switch action {
	case "history-figure-open":
		v.p.scripts.bring(fr.Scripts) // its scripts as they were, ticked
		v.tick(scriptNames(fr.Scripts))
		v.open(fr.Figure, fr.Seeds, fr.Xs, false)
	case "history-figure-delete":
		if err := v.p.store.DeleteFigure(v.p.ctx, fr.Key); err != nil {
			v.p.setError(err.Error())
		}
		v.listFigures()
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
		pageBody().SetAttribute("data-embed", "1")
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
		input("figure-workers").SetValue(w.String()) // workers() judges it
	}
	go v.open(id.String(), seeds, xs, true)
	return true
}
