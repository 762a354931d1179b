//go:build js && wasm

package page

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/policies/scenario"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/pool"
	"schedlab/wasm/runrecord"
	"schedlab/wasm/store"
)

// figView is the Figures view: the catalogue grouped by paper, and the open figure with its
// chosen seeds and sweep values, the rows of its finished cells and its pool of workers.
type figView struct {
	p       *page
	f       *figure.Figure // the catalogue's figure
	xs      []int          // the chosen sweep values (indices into f.Sweep.Values, in order)
	rsel    []int          // the chosen readings (indices into f.Readings(), ascending)
	reading string         // the reading filter they were chosen by ("all", or figure.SelectReadings')
	seeds   []uint64
	rows    map[cellKey][]figure.Row   // finished cells, in the catalogue figure's indices
	run     *figRun                    // the cells running now (nil when idle)
	stored  map[string]store.FigureRun // the stored figures listed, by key (listFigures)
	files   map[string]js.Value        // trace files loaded for replaying figures, by file name
	embed   bool
	scripts []runrecord.Script // the scripts added to the open figure as series (offerScripts)
	lastMs  float64            // when the chart was last drawn (performance.now)
	drawMs  float64            // how long that took (ms)
	savedMs float64            // when the finished cells were last saved (performance.now)
	saveMs  float64            // how long that took (ms)
	created int64              // when the stored run of this choice was first saved (Unix ms; 0: not yet)
}

// cellKey identifies a cell independently of the chosen subset.
type cellKey struct {
	r, x, s int
	seed    uint64
}

// buildFigureList lists the catalogue grouped by paper. Smoke figures (for tests) are left out;
// a link (?figure=baselines-smoke) still opens them.
func (v *figView) buildFigureList() {
	box := hook("figure-list").Underlying()
	clear(box)
	var papers []string
	by := map[string][]*figure.Figure{}
	for _, f := range policies.Figures() {
		if f.Smoke {
			continue
		}
		if _, ok := by[f.Paper]; !ok {
			papers = append(papers, f.Paper)
		}
		by[f.Paper] = append(by[f.Paper], f)
	}
	for _, paper := range papers {
		box.Call("appendChild", el("h3", paper))
		ul := el("ul", "", "class", "figures")
		for _, f := range by[paper] {
			li := el("li", "", "data-figure", f.ID)
			btn := el("button", f.ID, "type", "button", "data-testid", "figure-open-"+f.ID, "class", "link")
			id := f.ID
			v.p.static.on(btn, "click", func(*dom.BasicEvent) { v.open(id, "", nil, true) })
			li.Call("appendChild", btn)
			li.Call("appendChild", el("span", " "+f.Number+" · "+f.Caption, "class", "note"))
			ul.Call("appendChild", li)
		}
		box.Call("appendChild", ul)
	}
}

// open shows figure id with the seeds text (empty: the figure's defaults) and sweep values (nil:
// all), draws what the store holds of it and, when run is true, runs the cells it lacks.
func (v *figView) open(id, seedsText string, xs []string, run bool) {
	defer v.recover()
	v.p.showView("figures")
	v.cancel("")
	f, ok := policies.FindFigure(id)
	if !ok {
		v.p.setError(fmt.Sprintf("figure %q: not in the catalogue (the Figures view lists them)", id))
		pageBody().SetAttribute("data-done", "1")
		return
	}
	v.p.setError("")
	v.scripts = v.chosenScripts()
	if len(v.scripts) > 0 {
		g, err := figure.WithPolicies(f, scriptNames(v.scripts)...)
		if err != nil {
			v.p.setError(err.Error())
			pageBody().SetAttribute("data-done", "1")
			return
		}
		f = g
	}
	v.f = f
	seeds := f.Seeds
	if seedsText != "" {
		var err error
		if seeds, err = figure.ParseSeeds(seedsText); err != nil {
			v.p.setError(err.Error())
			pageBody().SetAttribute("data-done", "1")
			return
		}
	}
	v.seeds, v.xs = seeds, nil
	for x, val := range f.Sweep.Values {
		if xs == nil || slices.Contains(xs, val) {
			v.xs = append(v.xs, x)
		}
	}
	if v.reading == "" || !slices.Contains(v.readingOptions(f), v.reading) {
		v.reading = "all"
	}
	v.rsel, _ = f.SelectReadings(v.reading)
	if f.Sweep.Name != "" && len(v.xs) == 0 {
		v.p.setError(fmt.Sprintf("figure %s: none of the sweep values %s chosen", f.ID, strings.Join(xs, ", ")))
		pageBody().SetAttribute("data-done", "1")
		return
	}
	v.showControls()
	v.rows, v.created = map[cellKey][]figure.Row{}, 0
	v.loadStored()
	v.setURL()
	v.draw(true)
	if run {
		v.start()
		return
	}
	all, missing := v.missing()
	if have := len(all) - len(missing); have == len(all) {
		v.storedStatus(len(all))
	} else {
		v.status(fmt.Sprintf("%d of %d cells stored: Run computes the rest", have, len(all)), float64(have)/float64(len(all)))
	}
	pageBody().SetAttribute("data-done", "1")
}

// recover turns a panic of the view (a JavaScript exception while drawing, a bug) into a message:
// a Go panic would otherwise end the page's whole wasm program.
func (v *figView) recover() {
	if r := recover(); r != nil {
		v.p.setError(fmt.Sprintf("figure view: internal error: %v", r))
		pageBody().SetAttribute("data-done", "1")
	}
}

// sub is the figure as chosen: only the chosen sweep values (and the references about them);
// with every value chosen it is the catalogue figure itself, so its CSV is the runner's.
func (v *figView) sub() *figure.Figure {
	f := v.f
	if len(v.xs) == len(f.Sweep.Values) {
		return f
	}
	var vals []string
	for _, x := range v.xs {
		vals = append(vals, f.Sweep.Values[x])
	}
	s := *pagelogic.SubFigure(f, vals) // a copy: its Cell below must not reach the catalogue's
	xs := v.xs
	if f.ReadCell != nil {
		s.ReadCell = func(r figure.Reading, x, se int, seed uint64) scenario.Spec { return f.ReadCell(r, xs[x], se, seed) }
		return &s
	}
	s.Cell = func(x, se int, seed uint64) scenario.Spec { return f.Cell(xs[x], se, seed) }
	return &s
}

// cellXs are the chosen sweep values as indices into the catalogue figure's, with the one
// implicit x (0) of a figure that sweeps nothing.
func (v *figView) cellXs() []int {
	if v.f.Sweep.Name == "" {
		return []int{0}
	}
	return v.xs
}

// subRows are the finished rows in sub()'s indices (sweep value positions among the chosen).
func (v *figView) subRows() []figure.Row {
	var out []figure.Row
	for _, rd := range v.rsel {
		for x, orig := range v.cellXs() {
			for s := range v.f.Series {
				for _, seed := range v.seeds {
					for _, r := range v.rows[cellKey{rd, orig, s, seed}] {
						r.X = x
						out = append(out, r)
					}
				}
			}
		}
	}
	return out
}

// cells are the chosen cells in the canonical order, in the catalogue figure's indices.
func (v *figView) cells() []figure.Cell {
	sub, xs := v.sub().CellsIn(v.rsel, v.seeds), v.cellXs()
	for i := range sub {
		sub[i].X = xs[sub[i].X]
	}
	return sub
}

// missing is the chosen cells and, of them, those without rows yet.
func (v *figView) missing() (all, missing []figure.Cell) {
	all = v.cells()
	for _, c := range all {
		if v.rows[cellKey{c.R, c.X, c.S, c.Seed}] == nil {
			missing = append(missing, c)
		}
	}
	return all, missing
}

// storedStatus says that all n chosen cells came from the store.
func (v *figView) storedStatus(n int) {
	v.status(fmt.Sprintf("%d of %d cells, stored: reopened without recomputing", n, n), 1)
}

// key is the store key of the figure as chosen, sub (v.sub(), which the callers need as well).
func (v *figView) key(sub *figure.Figure) string {
	key := store.FigureKey(v.f.ID, figure.FormatSeeds(v.seeds), sub.Sweep.Values) + scriptsKey(v.scripts)
	if v.reading != "all" {
		key += "|reading=" + v.reading
	}
	return key
}

// loadStored adds the rows of the stored run of this choice, if any. A stored run whose CSV no
// longer reads against the catalogue's figure (the figure changed since) is ignored.
func (v *figView) loadStored() {
	sub := v.sub()
	fr, err := v.p.store.GetFigure(v.p.ctx, v.key(sub))
	if err != nil {
		return
	}
	rows, err := figure.ReadCSV(sub, "stored figure "+v.f.ID, strings.NewReader(fr.CSV))
	if err != nil {
		v.p.setError(err.Error() + " (stored before the figure changed: running it again)")
		return
	}
	v.created = fr.Created
	xs := v.cellXs()
	for _, r := range rows {
		r.X = xs[r.X]
		k := cellKey{r.R, r.X, r.S, r.Seed}
		v.rows[k] = append(v.rows[k], r)
	}
}

// save stores the figure's finished cells (done of total chosen) under its key. It reads nothing
// back from the store, so saves of cells finishing close together reach it in order.
func (v *figView) save(done, total int) {
	sub := v.sub()
	var buf bytes.Buffer
	if err := sub.WriteCSV(&buf, v.subRows()); err != nil {
		v.p.setError(err.Error())
		return
	}
	if v.created == 0 {
		v.created = nowMs()
	}
	fr := &store.FigureRun{Key: v.key(sub), Figure: v.f.ID, Seeds: figure.FormatSeeds(v.seeds), Xs: sub.Sweep.Values,
		Cells: total, Done: done, Created: v.created, CSV: buf.String(), Scripts: v.scripts}
	if err := v.p.store.PutFigure(v.p.ctx, fr); err != nil {
		v.p.setError("figure not saved: " + err.Error())
	}
}

// setURL puts the open figure in the address bar: ?figure=ID&seeds=LIST[&sweep=V,V…][&workers=N]
// [&embed=1], workers only when it is not the default.
func (v *figView) setURL() {
	q := js.Global().Get("URLSearchParams").New()
	q.Call("set", "figure", v.f.ID)
	q.Call("set", "seeds", figure.FormatSeeds(v.seeds))
	if len(v.xs) != len(v.f.Sweep.Values) {
		q.Call("set", "sweep", strings.Join(v.sub().Sweep.Values, ","))
	}
	if n := v.workers(); n != pool.FigureDefault() {
		q.Call("set", "workers", n)
	}
	if v.embed {
		q.Call("set", "embed", "1")
	}
	js.Global().Get("history").Call("replaceState", nil, "", "?"+q.Call("toString").String())
	full := js.Global().Get("URLSearchParams").New(q)
	full.Call("delete", "embed")
	hook("figure-full-app").SetAttribute("href", js.Global().Get("location").Get("pathname").String()+"?"+full.Call("toString").String())
}

// readingOptions are the picker's choices for f: all readings, then each reading by name.
func (v *figView) readingOptions(f *figure.Figure) []string {
	out := []string{"all"}
	if len(f.Choices) > 0 {
		for _, r := range f.Readings() {
			out = append(out, r.Name)
		}
	}
	return out
}
