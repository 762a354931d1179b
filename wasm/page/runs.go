//go:build js && wasm

package page

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"syscall/js"

	"schedlab/wasm/pagelogic"
	"schedlab/wasm/pool"
	"schedlab/wasm/runrecord"
)

// run starts the policies of the form's spec, each in a fresh worker (p.runPool), and fills the
// summary table in the spec's policy order as their records arrive.
func (p *page) run() {
	body := pageBody()
	body.RemoveAttribute("data-done")
	p.setError("")
	p.runPool.Stop()
	p.scriptRuns.Stop()
	spec, _, err := p.spec()
	if err != nil {
		p.setError(err.Error())
		body.SetAttribute("data-done", "1")
		return
	}
	if msg := p.workloadProblem(); msg == "" && spec.Generate != "" {
		msg = pagelogic.GeneratorProblem(spec.Generate)
		if msg != "" {
			p.setError(msg)
			body.SetAttribute("data-done", "1")
			return
		}
	} else if msg != "" {
		p.setError(msg)
		body.SetAttribute("data-done", "1")
		return
	}
	query := runrecord.EncodeQuery(spec, p.traceHash)
	js.Global().Get("history").Call("replaceState", nil, "", "?"+query)
	p.shareNote("", nil, nil)
	scripts, scriptsJSON := p.scripts.chosen(spec.Policies)
	workers := p.runPool
	if len(scripts) > 0 {
		workers = p.scriptRuns // the interpreter is in script.wasm only
	}
	p.click++
	click := p.click
	p.runs, p.shown = nil, nil
	p.renderSummary()
	specJSON, _ := json.Marshal(spec)
	n := len(spec.Policies)
	progress := make([]float64, n)
	slots := make([]*runrecord.Record, n) // table rows stay in the spec's policy order
	// failures groups the runs' errors by message: a workload error fails every policy alike and
	// is shown once, naming them all.
	type failure struct {
		msg string
		who []int // indices into spec.Policies, in the spec's order
	}
	var failures []failure
	p.left = n
	prog := progressEl("progress")
	prog.SetValue(0)
	finish := func(i int, errMsg string) {
		if click != p.click {
			return
		}
		progress[i] = 1
		if errMsg != "" {
			k := slices.IndexFunc(failures, func(f failure) bool { return f.msg == errMsg })
			if k < 0 {
				failures, k = append(failures, failure{msg: errMsg}), len(failures)
			}
			failures[k].who = append(failures[k].who, i)
			slices.Sort(failures[k].who)
			parts := make([]string, len(failures))
			for j, f := range failures {
				names := make([]string, len(f.who))
				for x, w := range f.who {
					names[x] = spec.Policies[w]
				}
				parts[j] = strings.Join(names, ", ") + ": " + f.msg
			}
			p.setError(strings.Join(parts, "; "))
		}
		if p.left--; p.left == 0 {
			prog.SetValue(1)
			body.SetAttribute("data-done", "1")
		}
	}
	for i, policy := range spec.Policies {
		p.seq++
		var t *pool.Task
		t = &pool.Task{
			Kind: pool.Run,
			Fields: map[string]any{"spec": string(specJSON), "policy": policy, "file": p.file,
				"id": fmt.Sprintf("r%d-%d", nowMs(), p.seq), "traceHash": p.traceHash, "save": p.idb, "scripts": scriptsJSON},
			Progress: func(done, total float64) {
				if click != p.click || total <= 0 { // cancelled or superseded
					return
				}
				progress[i] = 0.99 * done / total
				sum := 0.0
				for _, v := range progress {
					sum += v
				}
				prog.SetValue(sum / float64(n))
			},
			Done: func(d js.Value, err error) {
				if err != nil {
					go finish(i, err.Error())
					return
				}
				go p.receive(click, i, slots, d, perfNow()-t.Sent, finish)
			},
		}
		workers.Submit(t)
	}
	if len(scripts) > 0 { // the compression awaits the browser: after the runs started
		q, err := p.linkQuery(query, scripts)
		if click == p.click {
			js.Global().Get("history").Call("replaceState", nil, "", "?"+q)
			p.shareNote(q, scripts, err)
		}
	}
}

// receive copies and decodes run i's record (d.record, transferred) in slices, yielding between
// them, then shows it in its slot of the table; a newer click (Run or Cancel) stops the work at
// the next slice. ms is the run's time in its worker, for the perf script.
func (p *page) receive(click, i int, slots []*runrecord.Record, d js.Value, ms float64, finish func(int, string)) {
	body := pageBody()
	u8 := js.Global().Get("Uint8Array").New(d.Get("record"))
	saveErr := d.Get("saveError").String()
	pause := func() error {
		p.funcs.Yield()
		if click != p.click {
			return errSuperseded
		}
		return nil
	}
	clock := newRunClock(d.Get("phases"), ms)
	rec := &runrecord.Record{}
	// Everything decoded stays live, so a collection until the run is shown would free little
	// (the charts' options) and mark the whole record: it waits until then (gchold).
	defer p.gc.Hold()()
	raw, err := copyBytes(u8, pause)
	if err == nil {
		err = rec.DecodeBinary(raw, pause)
	}
	if err == nil {
		err = pause()
	}
	if err != nil {
		finish(i, err.Error()) // a no-op once superseded
		return
	}
	body.SetAttribute("data-last-run-ms", fmt.Sprintf("%.0f", ms))
	clock.lap("decode")
	slots[i] = rec
	p.runs = p.runs[:0]
	for _, r := range slots {
		if r != nil {
			p.runs = append(p.runs, r)
		}
	}
	// Yield between the steps, so that no single task blocks the page for long.
	p.renderSummary()
	if pause() != nil {
		return
	}
	clock.lap("summary")
	if p.shown == nil {
		p.show(rec)
		revealResults()
	}
	clock.lap("show")
	if !p.idb {
		if err := p.store.Put(p.ctx, rec); err != nil {
			saveErr = "not saved: " + err.Error()
		}
	}
	p.refreshHistory()
	clock.lap("history")
	body.SetAttribute("data-last-run-phases", clock.String())
	body.SetAttribute("data-last-run-wasm-bytes", fmt.Sprintf("%.0f", d.Get("wasmBytes").Float()))
	finish(i, saveErr)
}

// revealResults scrolls the results into view when their heading is out of it: the Run button
// stays in view while the form scrolls, so the results may be a long way up or down.
func revealResults() {
	h := hook("results").Underlying()
	r := h.Call("getBoundingClientRect")
	if top := r.Get("top").Float(); top < 0 || top > js.Global().Get("innerHeight").Float()-80 {
		h.Call("scrollIntoView", map[string]any{"block": "start"})
	}
}

// errSuperseded stops the handling of a run's result once a newer click has started or cancelled
// runs.
var errSuperseded = errors.New("superseded by a newer run")

func (p *page) cancel() {
	n := p.left
	if n == 0 {
		return
	}
	p.left = 0
	p.runPool.Stop()
	p.scriptRuns.Stop()
	p.click++ // late messages of the cancelled click are ignored
	p.setError(fmt.Sprintf("cancelled: %d run(s) stopped", n))
	pageBody().SetAttribute("data-done", "1")
}
