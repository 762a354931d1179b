//go:build js && wasm

package page

import (
	"fmt"
	"slices"
	"strings"
	"syscall/js"

	"schedlab/policies/figure"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/pool"
)

// figRun is one run of a figure's missing cells on a pool of web workers (figView.workers).
// Each worker is one Go runtime that runs cell after cell, so a figure pays the wasm start-up
// once per worker, not once per cell.
type figRun struct {
	v       *figView
	workers *pool.Pool
	total   int // cells of the figure as chosen
	before  int // of them finished before this run (stored)
	done    int // finished by this run
	t0      float64
	peakMem int // the largest wasm memory a worker reported (bytes)
}

func perfNow() float64 { return js.Global().Get("performance").Call("now").Float() }

// start runs the cells of the open figure that have no rows yet.
func (v *figView) start() {
	body := pageBody()
	all, missing := v.missing()
	if len(missing) == 0 {
		v.storedStatus(len(all))
		body.SetAttribute("data-done", "1")
		return
	}
	var lack []string
	for _, rel := range v.traces(missing) {
		base := pagelogic.TraceBase(rel)
		if _, ok := v.files[base]; ok {
			continue
		}
		if f, err := v.shipped(rel, base); err == nil {
			v.files[base] = f
			continue
		}
		lack = append(lack, base+" (../shared/data/"+rel+")")
	}
	if len(lack) > 0 {
		v.p.setError(fmt.Sprintf("figure %s replays the trace file(s) %s: load them with the trace file picker, then Run", v.f.ID, strings.Join(lack, ", ")))
		body.SetAttribute("data-done", "1")
		return
	}
	body.RemoveAttribute("data-done")
	// In run order, so that a worker's cells of one point and seed share a workload (policies.Workloads).
	// Cells that share a run (figure.Figure.Shared: a baseline the reading does not change, a
	// metric-only reading) are one run, as in the runner: the first of them is submitted and its
	// values give the rows of all.
	groups, err := v.f.Shared(figure.RunOrder(missing))
	if err != nil {
		v.p.setError(err.Error())
		body.SetAttribute("data-done", "1")
		return
	}
	run := &figRun{v: v, total: len(all), before: len(all) - len(missing), t0: perfNow()}
	batches := v.batches(groups)
	run.workers = pool.New(pool.Options{Size: min(len(batches), v.workers()), Reuse: true, Scripts: len(v.scripts) > 0}, v.p.funcs)
	v.run = run
	for _, b := range batches {
		run.submit(b)
	}
	v.status(run.progress(), float64(run.before)/float64(run.total))
}

// batchRuns is how many runs a worker is sent at once at most: a figure of thousands of short
// runs (a few ms each) pays a message to the worker and an answer handled on the page's thread per
// batch, not per run, and a redraw on the page's thread no longer leaves the worker idle between
// runs; ten batches per worker at least keep the workers' shares even at the end.
const batchRuns = 16

// batches splits the runs (groups of cells sharing one, in run order) into the batches sent to the
// workers: consecutive runs, at most batchRuns and about a tenth of a worker's share each, of
// one trace file.
func (v *figView) batches(groups [][]figure.Cell) []batch {
	size := max(1, min(batchRuns, len(groups)/(10*v.workers())))
	var out []batch
	for _, g := range groups {
		trace := v.f.Spec(g[0]).Trace
		if n := len(out); n == 0 || len(out[n-1].runs) == size || out[n-1].trace != trace {
			out = append(out, batch{trace: trace})
		}
		out[len(out)-1].runs = append(out[len(out)-1].runs, g)
	}
	return out
}

// batch is runs sent to a worker at once: each the cells sharing one run (the first is run), all
// of one trace file ("" for generated workloads).
type batch struct {
	runs  [][]figure.Cell
	trace string
}

// shipped fetches a trace file the site serves (static/data/REL: the Synergy authors' two MIT
// traces) as a File named base, as if the user had chosen it; an error when the site has none.
func (v *figView) shipped(rel, base string) (js.Value, error) {
	res, err := v.p.funcs.Await(js.Global().Call("fetch", "static/data/"+rel))
	if err != nil {
		return js.Null(), err
	}
	if !res.Get("ok").Bool() {
		return js.Null(), fmt.Errorf("static/data/%s: %s", rel, res.Get("statusText").String())
	}
	blob, err := v.p.funcs.Await(res.Call("blob"))
	if err != nil {
		return js.Null(), err
	}
	return js.Global().Get("File").New([]any{blob}, base), nil
}

// traces are the trace files the cells replay, as paths under ../shared/data, each once (none when
// they generate their workload).
func (v *figView) traces(cells []figure.Cell) []string {
	var out []string
	for _, c := range cells {
		if t := v.f.Spec(c).Trace; t != "" && !slices.Contains(out, strings.TrimPrefix(t, "data:")) {
			out = append(out, strings.TrimPrefix(t, "data:"))
		}
	}
	return out
}

// submit queues batch b. The pool hands a worker its next batch before this one's answer is drawn
// and saved: finish waits its turn on the page's thread, and a redraw that outlasts a batch would
// leave the worker idle.
func (run *figRun) submit(b batch) {
	cells := make([]any, len(b.runs))
	for i, g := range b.runs {
		c := g[0]
		cells[i] = map[string]any{"index": c.Index, "r": c.R, "x": c.X, "s": c.S, "seed": float64(c.Seed)}
	}
	fields := map[string]any{"figure": run.v.f.ID, "cells": cells, "scripts": scriptsJSON(run.v.scripts)}
	if b.trace != "" {
		fields["file"] = run.v.files[pagelogic.TraceBase(b.trace)]
	}
	run.workers.Submit(&pool.Task{Kind: pool.Cell, Fields: fields, Done: func(d js.Value, err error) {
		if err != nil {
			go run.stop("figure " + run.v.f.ID + ": " + err.Error())
			return
		}
		vals := d.Get("values")
		out := make([]float64, vals.Length())
		for i := range out {
			out[i] = vals.Index(i).Float()
		}
		go run.finish(b, out, d.Get("memory").Int())
	}})
}

// finish keeps a batch's values (each run's for every cell sharing it), saves the figure and
// redraws it (the worker already has its next batch).
func (run *figRun) finish(b batch, vals []float64, mem int) {
	v := run.v
	defer v.recover()
	if v.run != run {
		return // cancelled or superseded: late answers are dropped
	}
	m := len(v.f.Metrics)
	if len(vals) != len(b.runs)*m {
		run.stop(fmt.Sprintf("figure %s: a worker answered %d values for %d cells of %d metrics", v.f.ID, len(vals), len(b.runs), m))
		return
	}
	for k, g := range b.runs {
		for _, c := range g {
			v.rows[cellKey{c.R, c.X, c.S, c.Seed}] = v.f.Rows(c, vals[k*m:(k+1)*m])
		}
		run.done += len(g)
	}
	run.peakMem = max(run.peakMem, mem)
	last := run.before+run.done == run.total
	v.status(run.progress(), float64(run.before+run.done)/float64(run.total))
	v.draw(last)
	// A save writes the whole CSV so far: at most once a second, or ten times its own last duration
	// apart (and at the last cell), or a figure of ten thousand cells (every reading) spends its
	// time rewriting its own rows.
	if now := perfNow(); last || now-v.savedMs >= max(1000, 10*v.saveMs) {
		v.savedMs = now
		v.save(run.before+run.done, run.total)
		v.saveMs = perfNow() - now
	}
	if last { // once: end() clears v.run, so a later answer of this run returns above
		run.end()
		ms := perfNow() - run.t0
		body := pageBody()
		body.SetAttribute("data-figure-ms", fmt.Sprintf("%.0f", ms))
		hook("figure-chart").SetAttribute("data-peak-worker-mb", fmt.Sprintf("%.1f", float64(run.peakMem)/(1<<20)))
		v.status(fmt.Sprintf("%d of %d cells · finished in %.1f s (%d worker(s), peak wasm memory per worker %.0f MB)",
			run.total, run.total, ms/1000, run.workers.Started(), float64(run.peakMem)/(1<<20)), 1)
		v.p.refreshHistory()
		v.p.claims.changed()
		body.SetAttribute("data-done", "1")
	}
}

// progress is "cells done of total · time left".
func (run *figRun) progress() string {
	s := fmt.Sprintf("%d of %d cells", run.before+run.done, run.total)
	if run.before > 0 {
		s += fmt.Sprintf(" (%d stored)", run.before)
	}
	if run.done > 0 {
		left := (perfNow() - run.t0) / float64(run.done) * float64(run.total-run.before-run.done)
		s += fmt.Sprintf(" · about %.0f s left", left/1000)
	}
	return s
}

// end terminates the run's workers; the view forgets it.
func (run *figRun) end() {
	run.workers.Stop()
	if run.v.run == run {
		run.v.run = nil
	}
}

// stop ends the run after a failure, keeping the finished cells.
func (run *figRun) stop(msg string) {
	if run.v.run != run {
		return
	}
	run.end()
	if run.done > 0 {
		run.v.save(run.before+run.done, run.total)
	}
	run.v.p.setError(msg)
	run.v.status(fmt.Sprintf("stopped: %d of %d cells kept", run.before+run.done, run.total), -1)
	pageBody().SetAttribute("data-done", "1")
	run.v.p.refreshHistory()
}

// cancel stops a running figure; its finished cells stay (saved at most a second apart, and here). msg
// ("" for a silent stop, as when another figure opens) is shown.
func (v *figView) cancel(msg string) {
	run := v.run
	if run == nil {
		return
	}
	run.end()
	if run.done > 0 {
		v.save(run.before+run.done, run.total) // the cells finished since the last save are kept too
	}
	if msg != "" {
		v.status(fmt.Sprintf("%s: %d of %d cells kept", msg, run.before+run.done, run.total), -1)
		pageBody().SetAttribute("data-done", "1")
		v.p.refreshHistory()
	}
}

// status shows the progress text and bar (frac < 0 leaves the bar as it is).
func (v *figView) status(text string, frac float64) {
	hook("figure-status").SetTextContent(text)
	if frac >= 0 {
		progressEl("figure-progress").SetValue(frac)
	}
}

// chosenXs are the sweep values ticked in the view.
func (v *figView) chosenXs() []string {
	var out []string
	boxes := doc.Call("querySelectorAll", `[data-testid="figure-sweep"] input`)
	for i := range boxes.Length() {
		if b := boxes.Index(i); b.Get("checked").Bool() {
			out = append(out, b.Get("value").String())
		}
	}
	if v.f != nil && v.f.Sweep.Name != "" && len(out) == 0 {
		return []string{} // none ticked: open refuses it, naming the problem
	}
	return slices.Clip(out)
}
