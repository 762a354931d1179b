//go:build js && wasm

package main

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"
	"syscall/js"

	"schedlab/policies"
	"schedlab/wasm/runrec"
)

// buildFigures lists the named scenarios with the papers' expected numbers, each folded into a
// <details> element so the panel stays short; a source is a short label whose title holds the
// full citation. "run" puts a scenario into the form and runs it; updateFigures writes our
// numbers beside the paper's from any run, fresh or saved, whose spec matches the scenario.
func (p *page) buildFigures() {
	box := byTestID("figures")
	for _, sc := range policies.Scenarios() {
		li := el("li", "", "data-testid", "figure-"+sc.Name, "data-scenario", sc.Name)
		det := el("details", "")
		sum := el("summary", "")
		sum.Call("appendChild", el("strong", sc.Name))
		sum.Call("appendChild", el("span", " "+sc.Title, "class", "note", "title", sc.Title+" ("+sc.Paper+")"))
		btn := el("button", "run", "type", "button", "class", "figure-run")
		s := sc
		on(btn, "click", func(js.Value) {
			spec := s.Spec
			spec.Scenario = s.Name
			if spec.Trace != "" {
				want := path.Base(strings.TrimPrefix(spec.Trace, "data:"))
				if !p.file.Truthy() || p.file.Get("name").String() != want {
					p.setError("figure " + s.Name + " replays the trace file " + want + " (../shared/data/" +
						strings.TrimPrefix(spec.Trace, "data:") + "): load it with the file picker first, then run the figure")
					return
				}
			}
			if spec.Generate != "" {
				p.file, p.fileErr, p.traceHash, p.wantTrace, p.wantHash = js.Null(), "", "", "", ""
				byTestID("trace-file").Set("value", "")
				byTestID("detected-format").Set("textContent", "")
			}
			p.fill(spec)
			p.run()
		})
		li.Call("appendChild", btn)
		det.Call("appendChild", sum)
		det.Call("appendChild", el("p", sc.Paper, "class", "note"))
		if len(sc.Expected) > 0 {
			tbl := el("table", "", "class", "expected")
			tr := el("tr", "")
			for _, h := range []string{"policy", "metric", "paper", "ours", "src"} {
				tr.Call("appendChild", el("th", h))
			}
			tbl.Call("appendChild", tr)
			for _, e := range sc.Expected {
				tr := el("tr", "", "data-policy", e.Policy, "data-metric", e.Metric)
				tr.Call("appendChild", el("td", e.Policy))
				tr.Call("appendChild", el("td", e.Metric))
				tr.Call("appendChild", el("td", formatMetric(e.Value)))
				tr.Call("appendChild", el("td", "–", "class", "ours"))
				tr.Call("appendChild", el("td", shortSource(e.Source), "class", "src", "title", e.Source))
				tbl.Call("appendChild", tr)
			}
			det.Call("appendChild", tbl)
		}
		li.Call("appendChild", det)
		box.Call("appendChild", li)
	}
}

// shortSource is a few words of a citation, for a table cell (the full text is its title).
func shortSource(s string) string {
	const n = 18
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// updateFigures fills "ours" from the runs whose spec matches a scenario's (runrec.SpecKey): the
// runs in the table first, else the newest matching saved run.
func (p *page) updateFigures() {
	type hit struct {
		id      string
		summary json.RawMessage
	}
	found := map[string]hit{}
	if list, err := p.store.List(p.ctx); err == nil {
		for _, m := range list { // oldest first: newer runs overwrite
			if m.SpecKey != "" {
				found[m.SpecKey] = hit{m.ID, m.Summary}
			}
		}
	}
	for _, r := range p.runs {
		found[runrec.SpecKey(r.Spec, r.Policy)] = hit{r.ID, r.Summary}
	}
	for _, sc := range policies.Scenarios() {
		if len(sc.Expected) == 0 {
			continue
		}
		rows := doc.Call("querySelectorAll", `[data-testid="figure-`+sc.Name+`"] tr[data-policy]`)
		for i := 0; i < rows.Length(); i++ {
			row := rows.Index(i)
			cell := row.Call("querySelector", ".ours")
			h, ok := found[runrec.SpecKey(sc.Spec, row.Call("getAttribute", "data-policy").String())]
			if !ok {
				cell.Set("textContent", "–")
				cell.Call("removeAttribute", "data-run")
				continue
			}
			txt, v, ok := number(summaryField(h.summary, row.Call("getAttribute", "data-metric").String()))
			shown := txt
			if ok {
				shown = formatMetric(v)
			}
			cell.Set("textContent", shown)
			setAttr(cell, "data-run", h.id)
			setAttr(cell, "data-value", txt)
		}
	}
}

// summaryField is one field of a runner summary, numbers kept as json.Number.
func summaryField(sum json.RawMessage, field string) any {
	m := map[string]any{}
	dec := json.NewDecoder(bytes.NewReader(sum))
	dec.UseNumber()
	dec.Decode(&m)
	return m[field]
}
