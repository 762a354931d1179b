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
	slots := make([]*run, n) // table rows stay in the spec's policy order
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
		var r *run // made when the view arrives: the run is shown, and its worker saves it
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
			Early: func(d js.Value) {
				if r != nil { // the record, after the view
					r.clock.add(d.Get("phases"))
					r.deliver(js.Global().Get("Uint8Array").New(d.Get("record")), nil)
					return
				}
				r = newRun()
				r.clock = newRunClock(d.Get("phases"), perfNow()-t.Sent)
				r.resume = func() { workers.Tell(t, map[string]any{"type": pool.Resume}) }
				p.savingStarted(r, policy)
				go p.receive(click, i, slots, r, d, finish)
			},
			Done: func(d js.Value, err error) {
				if r == nil { // failed before the run was shown
					if err != nil {
						go finish(i, err.Error())
					}
					return
				}
				go p.stored(r, policy, d, err)
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

// receive shows run i from its view (d.view, transferred), which its worker answers with before
// it encodes and saves the record: the summary row, the CDF, and when nothing else is shown the run's Gantt
// and utilisation. A newer click (Run or Cancel) stops the showing at the next step; the run is
// saved all the same and joins the history (stored).
func (p *page) receive(click, i int, slots []*run, r *run, d js.Value, finish func(int, string)) {
	defer r.goOn() // the worker waits until the run is drawn to encode the record
	body := pageBody()
	pause := func() error {
		p.funcs.Yield()
		if click != p.click {
			return errSuperseded
		}
		return nil
	}
	v := &runrecord.View{}
	raw, err := copyBytes(js.Global().Get("Uint8Array").New(d.Get("view")), pause)
	if err == nil {
		err = v.UnmarshalBinary(raw)
	}
	if err != nil {
		finish(i, err.Error()) // a no-op once superseded
		return
	}
	r.setView(v)
	clock := r.clock
	clock.lap("decode")
	if click != p.click {
		return
	}
	body.SetAttribute("data-last-run-ms", fmt.Sprintf("%.0f", clock.ms["worker"]))
	slots[i] = r
	p.runs = p.runs[:0]
	for _, s := range slots {
		if s != nil {
			p.runs = append(p.runs, s)
		}
	}
	// Yield between the steps, so that no single task blocks the page for long.
	p.renderSummary()
	if pause() != nil {
		return
	}
	clock.lap("summary")
	if p.shown == nil {
		p.show(r)
		revealResults()
	}
	clock.lap("show")
	body.SetAttribute("data-last-run-phases", clock.String())
	body.SetAttribute("data-last-run-wasm-bytes", fmt.Sprintf("%.0f", d.Get("wasmBytes").Float()))
	finish(i, "")
}

// savingStarted counts run r (of policy) as being saved: its worker goes on to encode and save
// it. Until every such run is saved body[data-saved] is absent, the status line says so, and
// leaving the page asks first (static/boot.js reads body[data-saving]).
func (p *page) savingStarted(r *run, policy string) {
	p.saving++
	body := pageBody()
	body.RemoveAttribute("data-saved")
	body.SetAttribute("data-saving", itoa(p.saving))
	p.saveDone = append(p.saveDone, savingRun{r, p.busy("saving the " + policy + " run in the history")})
}

// stored handles the run's worker's last answer (d: the save's error), or its failure after the
// view (err): a run whose record has not come gets the reason it has none; the history gains the
// run once it is saved, and a failed save is said in the error line, the run staying shown.
// Without IndexedDB the page saves the run in its memory store itself.
func (p *page) stored(r *run, policy string, d js.Value, err error) {
	saveErr := ""
	if err != nil {
		if !r.delivered() {
			r.deliver(js.Undefined(), fmt.Errorf("the run's record was lost: %v", err))
		}
		saveErr = "not saved: " + err.Error()
	} else {
		saveErr = d.Get("saveError").String()
		if !r.delivered() { // (a worker answers with the record before it saves it)
			r.deliver(js.Undefined(), errors.New("the worker answered without the run's record"))
		}
		if !p.idb {
			rec, err := p.full(r, "saving it")
			if err == nil {
				err = p.store.Put(p.ctx, rec)
			}
			if err != nil {
				saveErr = "not saved: " + err.Error()
			}
		}
	}
	for k, s := range p.saveDone {
		if s.r == r {
			s.done()
			p.saveDone = slices.Delete(p.saveDone, k, k+1)
			break
		}
	}
	p.refreshHistory()
	if c := r.clock; c != nil && err == nil {
		c.add(d.Get("phases"))
		c.lap("saved")
		pageBody().SetAttribute("data-last-run-phases", c.String())
	}
	if saveErr != "" {
		name := policy
		if r.head != nil {
			name = r.head.Name
		}
		p.setError(name + ": " + saveErr)
	}
	p.saving--
	body := pageBody()
	body.SetAttribute("data-saving", itoa(p.saving))
	if p.saving == 0 {
		body.RemoveAttribute("data-saving")
		body.SetAttribute("data-saved", "1")
	}
}

// savingRun is a run being saved and the end of its status line's message.
type savingRun struct {
	r    *run
	done func()
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
