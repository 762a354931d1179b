//go:build js && wasm

package page

import (
	"fmt"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"schedlab/wasm/runrecord"
)

// refreshHistory lists the saved runs, newest first.
func (p *page) refreshHistory() {
	list, err := p.store.List(p.ctx)
	if err != nil {
		p.setError(err.Error())
		return
	}
	h := hook("history").Underlying()
	clear(h)
	for i := len(list) - 1; i >= 0; i-- {
		m := list[i]
		li := el("li", "", "data-testid", "history-item", "data-run", m.ID)
		when := time.UnixMilli(m.Created).UTC().Format("2006-01-02 15:04:05")
		li.Call("appendChild", el("span", m.Name, "class", "name"))
		li.Call("appendChild", el("span", fmt.Sprintf(" cluster %s · %d jobs · %s UTC", m.Cluster, m.Jobs, when), "class", "meta"))
		for _, b := range []struct{ id, label string }{{"history-open", "open"}, {"history-rename", "rename"}, {"history-delete", "delete"}, {"history-compare", "compare"}} {
			li.Call("appendChild", el("button", b.label, "data-testid", b.id, "type", "button")) // historyClick
		}
		h.Call("appendChild", li)
	}
	p.fig.listFigures()
}

// historyClick is the history list's one listener (rows come and go with every run, and a
// listener per button would have to go with them): the button's data-testid is the action, its
// row's data-run the run.
func (p *page) historyClick(ev *dom.BasicEvent) {
	if action, id, ok := clickedRow(ev, "data-run"); ok {
		p.historyAction(action, id)
	}
}

func (p *page) historyAction(action, id string) {
	p.setError("")
	switch action {
	case "history-delete":
		if err := p.store.Delete(p.ctx, id); err != nil {
			p.setError(err.Error())
		}
		p.refreshHistory()
		return
	case "history-rename":
		v := js.Global().Call("prompt", "New name for this run")
		if !v.Truthy() {
			return
		}
		if err := p.store.Rename(p.ctx, id, v.String()); err != nil {
			p.setError(err.Error())
		}
		for _, r := range p.runs {
			if r.head.ID == id {
				r.rename(v.String())
			}
		}
		p.refreshHistory()
		p.renderSummary()
		return
	}
	rec, err := p.store.Get(p.ctx, id)
	if err == nil {
		if err = rec.Validate(); err != nil {
			err = fmt.Errorf("stored run %s is damaged: %w", id, err)
		}
	}
	if err != nil {
		p.setError(err.Error())
		return
	}
	switch action {
	case "history-open":
		p.scripts.bring(rec.Scripts) // its scripts as they were, so Run reruns it exactly
		p.runs = []*run{recordRun(rec)}
		p.fill(rec.Spec)
		p.shown = nil
		// The address bar holds the opened run's link, as after running it.
		js.Global().Get("history").Call("replaceState", nil, "", "?"+runrecord.EncodeQuery(rec.Spec, rec.TraceHash))
	case "history-compare":
		for _, r := range p.runs {
			if r.head.ID == id {
				p.setError("compare: " + r.head.Name + " is already in the summary")
				return
			}
		}
		p.runs = append(p.runs, recordRun(rec))
	}
	p.renderSummary()
	if p.shown == nil {
		p.show(p.runs[len(p.runs)-1])
	}
}
