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
		r := p.shown
		if tr.IsNull() || r == nil {
			return
		}
		id := tr.Call("getAttribute", "data-job").String()
		rec, err := p.full(r, "the job's timeline")
		if err != nil {
			p.setError(err.Error())
			return
		}
		for i := range rec.Jobs {
			if rec.Jobs[i].ID == id {
				showTimeline(rec, i)
				return
			}
		}
	}
	p.static.on(hook("job-table").Underlying(), "click", pick)
	p.static.on(hook("diff").Underlying(), "click", pick)
	onPick := p.funcs.FuncOf(func(_ js.Value, a []js.Value) any {
		if r := p.shown; r != nil && len(a) > 0 {
			job := a[0].Int()
			go func() {
				if rec, err := p.full(r, "the job's timeline"); err == nil && p.shown == r {
					showTimeline(rec, job)
				}
			}()
		}
		return nil
	})
	// A hover cannot wait: until the record is read (started at the first hover) the line says
	// so, and then lists the jobs waiting at the time last hovered.
	var at int64
	waiting := func(r *run) {
		line := hook("gantt-waiting")
		if p.shown == r && r.rec != nil && len(r.rec.Why) > 0 {
			line.SetTextContent(pagelogic.WaitingAt(r.rec, at, 12))
		} else {
			line.SetTextContent("")
		}
	}
	onHover := p.funcs.FuncOf(func(_ js.Value, a []js.Value) any {
		r := p.shown
		if r == nil || len(a) == 0 {
			hook("gantt-waiting").SetTextContent("")
			return nil
		}
		at = int64(a[0].Float())
		if r.rec == nil && r.err == nil {
			hook("gantt-waiting").SetTextContent("reading the run's timelines…")
			p.prefetch(r, "the jobs waiting at a time", waiting)
			return nil
		}
		waiting(r)
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
		shares := pagelogic.WaitShares(r.head)
		if shares == nil {
			continue
		}
		n++
		row := el("div", "", "class", "why-row", "data-run", r.head.ID)
		row.Call("appendChild", el("span", r.head.Name, "class", "why-name"))
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

func (whyPanel) shownChanged(p *page, r *run) {
	setHidden(hook("why-box"), true)
	hook("gantt-waiting").SetTextContent("")
}
