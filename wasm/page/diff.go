//go:build js && wasm

package page

import (
	"fmt"
	"strconv"
	"strings"

	"schedlab/wasm/pagelogic"
	"schedlab/wasm/runrecord"
)

// maxDiffRows bounds the diff table: the jobs whose JCT changed most.
const maxDiffRows = 100

// checkParams validates the parameter box as the user types: a JSON object from policy names to
// parameter objects that each policy accepts. A problem is shown in the error line; a valid box
// clears a message it had put there.
func (p *page) checkParams() {
	box := textArea("params")
	msg := pagelogic.ParamsError(p.reg, strings.TrimSpace(box.Value()))
	errEl := hook("error")
	if msg != "" {
		box.SetAttribute("aria-invalid", "true")
		errEl.SetTextContent(msg)
		errEl.SetAttribute("data-source", "params")
		return
	}
	box.RemoveAttribute("aria-invalid")
	if errEl.GetAttribute("data-source") == "params" {
		errEl.SetTextContent("")
		errEl.RemoveAttribute("data-source")
	}
}

// renderDiff compares the baseline run with the run shown in the Gantt when both ran the same
// jobs: per-job JCT deltas (shown minus baseline), largest changes first. It reads both runs'
// records; a baseline or shown run changed meanwhile leaves the table to the newer call.
func (p *page) renderDiff() {
	box := hook("diff-box")
	tbl := hook("diff").Underlying()
	ra, rb := p.baselineRun(), p.shown
	if ra == nil || rb == nil || ra.head.ID == rb.head.ID || ra.view.Jobs != rb.view.Jobs {
		clear(tbl)
		setHidden(box, true)
		return
	}
	a, err := p.full(ra, "the comparison")
	var b *runrecord.Record
	if err == nil {
		b, err = p.full(rb, "the comparison")
	}
	if p.baselineRun() != ra || p.shown != rb {
		return
	}
	clear(tbl)
	if err != nil {
		p.setError(err.Error())
		setHidden(box, true)
		return
	}
	d, ok := pagelogic.Compare(a, b)
	if !ok {
		setHidden(box, true)
		return
	}
	setHidden(box, false)
	setAttr(tbl, "data-a", a.ID)
	setAttr(tbl, "data-b", b.ID)
	setAttr(tbl, "data-mean-delta-s", strconv.FormatFloat(d.Mean, 'g', -1, 64))
	hook("diff-note").SetTextContent(fmt.Sprintf(
		"JCT of %s minus %s: mean %+.3f h over %d jobs finished in both; %d faster, %d slower, %d unchanged (largest %d changes listed)",
		b.Name, a.Name, d.Mean/3600, len(d.Rows), d.Faster, d.Slower, d.Same, min(len(d.Rows), maxDiffRows)))
	head := el("tr", "")
	for _, h := range []string{"job", "model", "GPUs", "JCT base (h)", "JCT shown (h)", "Δ (h)"} {
		head.Call("appendChild", el("th", h))
	}
	tbl.Call("appendChild", head)
	for _, r := range d.Rows[:min(len(d.Rows), maxDiffRows)] {
		j := b.Jobs[r.Job]
		tr := el("tr", "", "data-job", j.ID, "data-delta", strconv.FormatFloat(r.Delta, 'g', -1, 64))
		for k, c := range []string{j.ID, j.Model, itoa(j.GPUs), pagelogic.Hours(r.Base), pagelogic.Hours(r.Shown), fmt.Sprintf("%+.3f", r.Delta/3600)} {
			td := el("td", c)
			if k >= 3 { // the seconds stay in the tooltip
				setAttr(td, "title", pagelogic.Seconds([]float64{r.Base, r.Shown, r.Delta}[k-3])+" s")
			}
			tr.Call("appendChild", td)
		}
		if r.Delta < 0 {
			setAttr(tr, "class", "faster")
		} else if r.Delta > 0 {
			setAttr(tr, "class", "slower")
		}
		tbl.Call("appendChild", tr)
	}
}

// baselineRun is the run chosen in the baseline select (nil when there is none).
func (p *page) baselineRun() *run {
	id := selectEl("baseline").Value()
	for _, r := range p.runs {
		if r.head.ID == id {
			return r
		}
	}
	return nil
}
