//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"schedlab/core/jsondup"
	"schedlab/core/jsonloc"
	"schedlab/core/sim"
	"schedlab/wasm/runrec"
)

// maxDiffRows bounds the diff table: the jobs whose JCT changed most.
const maxDiffRows = 100

// checkParams validates the parameter box as the user types: a JSON object from policy names to
// parameter objects that each policy accepts. A problem is shown in the error line; a valid box
// clears a message it had put there.
func (p *page) checkParams() {
	box := doc.Call("getElementById", "params")
	msg := p.paramsError(strings.TrimSpace(box.Get("value").String()))
	errEl := byTestID("error")
	if msg != "" {
		setAttr(box, "aria-invalid", "true")
		errEl.Set("textContent", msg)
		setAttr(errEl, "data-source", "params")
		return
	}
	box.Call("removeAttribute", "aria-invalid")
	if errEl.Call("getAttribute", "data-source").String() == "params" {
		errEl.Set("textContent", "")
		errEl.Call("removeAttribute", "data-source")
	}
}

// paramsError is the problem with a parameter box's text ("" = none).
func (p *page) paramsError(raw string) string {
	if raw == "" {
		return ""
	}
	var m map[string]json.RawMessage
	dec := json.NewDecoder(strings.NewReader(raw))
	if err := dec.Decode(&m); err != nil {
		line, col, msg := jsonProblem([]byte(raw), err)
		return fmt.Sprintf("policy parameters: want a JSON object {\"policy\": {...}}: line %d, column %d: %s", line, col, msg)
	}
	if t, ok := jsonloc.Trailing([]byte(raw), dec); ok {
		return fmt.Sprintf("policy parameters: want one JSON object {\"policy\": {...}}: line %d, column %d: %s", t.Line, t.Col, t.Msg)
	}
	// The map merged a repeated policy, and a policy's own check would count lines from its
	// value, not from the box: find a key given twice in the whole text (ignoring case, as the
	// parameter structs match keys).
	if d := jsondup.Find([]byte(raw)[:dec.InputOffset()], jsondup.FoldCase); d != nil {
		return fmt.Sprintf("policy parameters: line %d: %v", d.Line, d)
	}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		if !p.reg.Has(name) {
			return fmt.Sprintf("policy parameters: %q is not a policy", name)
		}
		if _, err := p.reg.New(name, m[name]); err != nil {
			return "policy parameters: " + err.Error()
		}
	}
	return ""
}

// renderDiff compares the baseline run with the run shown in the Gantt when both ran the same
// jobs: per-job JCT deltas (shown minus baseline), largest changes first.
func (p *page) renderDiff() {
	box := doc.Call("getElementById", "diff-box")
	tbl := byTestID("diff")
	clear(tbl)
	a, b := p.baselineRun(), p.shown
	if a == nil || b == nil || a.ID == b.ID || !sameJobs(a, b) {
		box.Set("hidden", true)
		return
	}
	box.Set("hidden", false)
	type row struct {
		i      int
		ja, jb float64
		delta  float64
	}
	var rows []row
	var sum float64
	faster, slower := 0, 0
	for i := range a.Jobs {
		x, y := a.Jobs[i], b.Jobs[i]
		if x.Status != uint8(sim.Done) || y.Status != uint8(sim.Done) {
			continue
		}
		ja, jb := float64(x.End-x.Submit)/1000, float64(y.End-y.Submit)/1000
		d := jb - ja
		sum += d
		switch {
		case d < 0:
			faster++
		case d > 0:
			slower++
		}
		rows = append(rows, row{i: i, ja: ja, jb: jb, delta: d})
	}
	sort.SliceStable(rows, func(x, y int) bool { return abs(rows[x].delta) > abs(rows[y].delta) })
	mean := 0.0
	if len(rows) > 0 {
		mean = sum / float64(len(rows))
	}
	setAttr(tbl, "data-a", a.ID)
	setAttr(tbl, "data-b", b.ID)
	setAttr(tbl, "data-mean-delta-s", strconv.FormatFloat(mean, 'g', -1, 64))
	doc.Call("getElementById", "diff-note").Set("textContent", fmt.Sprintf(
		"JCT of %s minus %s: mean %+.3f h over %d jobs finished in both; %d faster, %d slower, %d unchanged (largest %d changes listed)",
		b.Name, a.Name, mean/3600, len(rows), faster, slower, len(rows)-faster-slower, min(len(rows), maxDiffRows)))
	head := el("tr", "")
	for _, h := range []string{"job", "model", "GPUs", "JCT base (h)", "JCT shown (h)", "Δ (h)"} {
		head.Call("appendChild", el("th", h))
	}
	tbl.Call("appendChild", head)
	for _, r := range rows[:min(len(rows), maxDiffRows)] {
		j := b.Jobs[r.i]
		tr := el("tr", "", "data-job", j.ID, "data-delta", strconv.FormatFloat(r.delta, 'g', -1, 64))
		for k, c := range []string{j.ID, j.Model, itoa(j.GPUs), fmtH(r.ja), fmtH(r.jb), fmt.Sprintf("%+.3f", r.delta/3600)} {
			td := el("td", c)
			if k >= 3 { // the seconds stay in the tooltip
				setAttr(td, "title", fmtS([]float64{r.ja, r.jb, r.delta}[k-3])+" s")
			}
			tr.Call("appendChild", td)
		}
		if r.delta < 0 {
			setAttr(tr, "class", "faster")
		} else if r.delta > 0 {
			setAttr(tr, "class", "slower")
		}
		tbl.Call("appendChild", tr)
	}
}

func fmtS(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// fmtH shows seconds as hours (the views' unit).
func fmtH(v float64) string { return strconv.FormatFloat(v/3600, 'f', 3, 64) }

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// sameJobs reports whether two runs ran the same job list (ids in the same order).
func sameJobs(a, b *runrec.Record) bool {
	if len(a.Jobs) != len(b.Jobs) {
		return false
	}
	for i := range a.Jobs {
		if a.Jobs[i].ID != b.Jobs[i].ID {
			return false
		}
	}
	return true
}

// baselineRun is the run chosen in the baseline select (nil when there is none).
func (p *page) baselineRun() *runrec.Record {
	id := byTestID("baseline").Get("value").String()
	for _, r := range p.runs {
		if r.ID == id {
			return r
		}
	}
	return nil
}
