//go:build js && wasm

package main

import (
	"fmt"
	"strconv"
	"syscall/js"

	"schedlab/policies"
)

// buildFigures lists the named scenarios with the papers' expected numbers; "load" puts a
// scenario into the form and runs it, and updateFigures writes the computed numbers beside.
func (p *page) buildFigures() {
	box := byTestID("figures")
	for _, sc := range policies.Scenarios() {
		li := el("li", "", "data-testid", "figure-"+sc.Name, "data-scenario", sc.Name)
		li.Call("appendChild", el("strong", sc.Name))
		li.Call("appendChild", el("span", " "+sc.Title+" ("+sc.Paper+")"))
		btn := el("button", "run", "type", "button")
		s := sc
		on(btn, "click", func(js.Value) {
			spec := s.Spec
			spec.Scenario = s.Name
			p.fill(spec)
			p.run()
		})
		li.Call("appendChild", btn)
		tbl := el("table", "", "class", "expected")
		tr := el("tr", "")
		for _, h := range []string{"policy", "metric", "paper", "ours", "source"} {
			tr.Call("appendChild", el("th", h))
		}
		tbl.Call("appendChild", tr)
		for _, e := range sc.Expected {
			tr := el("tr", "", "data-policy", e.Policy, "data-metric", e.Metric)
			tr.Call("appendChild", el("td", e.Policy))
			tr.Call("appendChild", el("td", e.Metric))
			tr.Call("appendChild", el("td", strconv.FormatFloat(e.Value, 'g', 6, 64)))
			tr.Call("appendChild", el("td", "–", "class", "ours"))
			tr.Call("appendChild", el("td", e.Source))
			tbl.Call("appendChild", tr)
		}
		li.Call("appendChild", tbl)
		box.Call("appendChild", li)
	}
}

// updateFigures fills "ours" for runs in the table that belong to a named scenario.
func (p *page) updateFigures() {
	for _, r := range p.runs {
		if r.Spec.Scenario == "" {
			continue
		}
		f := fields(r)
		rows := doc.Call("querySelectorAll", fmt.Sprintf(`[data-testid="figure-%s"] tr[data-policy="%s"]`, r.Spec.Scenario, r.Policy))
		for i := 0; i < rows.Length(); i++ {
			row := rows.Index(i)
			txt, _, _ := number(f[row.Call("getAttribute", "data-metric").String()])
			row.Call("querySelector", ".ours").Set("textContent", txt)
		}
	}
}
