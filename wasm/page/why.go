//go:build js && wasm

package page

import (
	"fmt"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"schedlab/wasm/pagelogic"
	"schedlab/wasm/runrecord"
)

// whyPanel answers "why did this job wait?": clicking a job in the Gantt chart, the jobs table or
// the diff table opens its timeline (every wait with its reason, every start, preemption and
// migration); hovering a time on the Gantt lists the jobs waiting then with their reasons; and a
// bar per run beside the summary splits its waiting by reason class, so that two policies can be
// compared on where their waiting comes from.
type whyPanel struct{}

// whyColours are the classes' colours in sim.Classes order (capacity, shape, order, held, script).
var whyColours = []string{"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1"}

func (whyPanel) init(p *page) {
	pick := func(ev *dom.BasicEvent) {
		tr := ev.Value.Get("target").Call("closest", "tr[data-job]") // (raw: dom's Target() links its element type switch, 0.6 MB of app.wasm)
		if tr.IsNull() || p.shown == nil {
			return
		}
		id := tr.Call("getAttribute", "data-job").String()
		for i := range p.shown.Jobs {
			if p.shown.Jobs[i].ID == id {
				showTimeline(p.shown, i)
				return
			}
		}
	}
	p.static.on(hook("job-table").Underlying(), "click", pick)
	p.static.on(hook("diff").Underlying(), "click", pick)
	onPick := p.funcs.FuncOf(func(_ js.Value, a []js.Value) any {
		if rec := p.shown; rec != nil && len(a) > 0 {
			showTimeline(rec, a[0].Int())
		}
		return nil
	})
	onHover := p.funcs.FuncOf(func(_ js.Value, a []js.Value) any {
		line := hook("gantt-waiting")
		if rec := p.shown; rec != nil && len(a) > 0 && len(rec.Why) > 0 {
			line.SetTextContent(pagelogic.WaitingAt(rec, int64(a[0].Float()), 12))
		} else {
			line.SetTextContent("")
		}
		return nil
	})
	chartsJS().Call("ganttHooks", onPick, onHover)
}

// showTimeline fills the timeline box with job i of rec.
func showTimeline(rec *runrecord.Record, i int) {
	box, list := hook("why-box"), hook("why-timeline").Underlying()
	clear(list)
	if i < 0 || i >= len(rec.Jobs) {
		setHidden(box, true)
		return
	}
	hook("why-note").SetTextContent(fmt.Sprintf("Job %s under %s: its timeline", rec.Jobs[i].ID, rec.Name))
	if len(rec.Why) == 0 {
		list.Call("appendChild", el("li", "this run was saved without its reasons for waiting: run it again to see them"))
	}
	for _, line := range pagelogic.Timeline(rec, i) {
		list.Call("appendChild", el("li", line))
	}
	setAttr(box.Underlying(), "data-job", rec.Jobs[i].ID)
	setHidden(box, false)
}

func (whyPanel) runsChanged(p *page) {
	box := hook("why-shares").Underlying()
	clear(box)
	n := 0
	for _, r := range p.runs {
		shares := pagelogic.WaitShares(r)
		if shares == nil {
			continue
		}
		n++
		row := el("div", "", "class", "why-row", "data-run", r.ID)
		row.Call("appendChild", el("span", r.Name, "class", "why-name"))
		bar := el("span", "", "class", "why-bar")
		var words []string
		for k, s := range shares {
			if s.Share <= 0 {
				continue
			}
			pct := strconv.FormatFloat(100*s.Share, 'f', 1, 64)
			seg := el("span", "", "class", "why-seg", "data-class", s.Class, "data-value", strconv.FormatFloat(s.Share, 'g', -1, 64),
				"title", s.Class+" "+pct+" %")
			seg.Get("style").Set("width", pct+"%")
			seg.Get("style").Set("background", whyColours[k])
			bar.Call("appendChild", seg)
			words = append(words, s.Class+" "+pct+" %")
		}
		row.Call("appendChild", bar)
		row.Call("appendChild", el("span", strings.Join(words, ", "), "class", "note"))
		box.Call("appendChild", row)
	}
	setHidden(hook("why-shares-box"), n == 0)
}

func (whyPanel) shownChanged(p *page, rec *runrecord.Record) {
	setHidden(hook("why-box"), true)
	hook("gantt-waiting").SetTextContent("")
}
