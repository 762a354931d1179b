//go:build js && wasm

package main

import (
	"fmt"
	"slices"
	"strings"
	"syscall/js"

	"schedlab/policies/figure"
)

// figPool runs a figure's missing cells on a pool of web workers (figView.workers). Each
// worker is one Go runtime that runs cell after cell, so a figure pays the wasm start-up once per
// worker, not once per cell.
type figPool struct {
	v       *figView
	workers []js.Value
	queue   []figure.Cell // cells not yet handed to a worker
	cells   map[int]figure.Cell
	total   int // cells of the figure as chosen
	before  int // of them finished before this run (stored)
	done    int // finished by this run
	t0      float64
	peakMem int // the largest wasm memory a worker reported (bytes)
}

func perfNow() float64 { return js.Global().Get("performance").Call("now").Float() }

// start runs the cells of the open figure that have no rows yet.
func (v *figView) start() {
	body := doc.Get("body")
	all, missing := v.missing()
	if len(missing) == 0 {
		v.storedStatus(len(all))
		body.Call("setAttribute", "data-done", "1")
		return
	}
	var lack []string
	for _, rel := range v.traces(missing) {
		if _, ok := v.files[traceBase(rel)]; !ok {
			lack = append(lack, traceBase(rel)+" (../shared/data/"+rel+")")
		}
	}
	if len(lack) > 0 {
		v.p.setError(fmt.Sprintf("figure %s replays the trace file(s) %s: load them with the trace file picker, then Run", v.f.ID, strings.Join(lack, ", ")))
		body.Call("setAttribute", "data-done", "1")
		return
	}
	body.Call("removeAttribute", "data-done")
	// In run order, so that a worker's cells of one point and seed share a workload (policies.Workloads).
	pool := &figPool{v: v, queue: figure.RunOrder(missing), cells: map[int]figure.Cell{}, total: len(all), before: len(all) - len(missing), t0: perfNow()}
	for _, c := range missing {
		pool.cells[c.Index] = c
	}
	v.run = pool
	n := min(len(missing), v.workers())
	for range n {
		pool.spawn()
	}
	v.status(pool.progress(), float64(pool.before)/float64(pool.total))
}

// traces are the trace files the cells replay, as paths under ../shared/data, each once (none when
// they generate their workload).
func (v *figView) traces(cells []figure.Cell) []string {
	var out []string
	for _, c := range cells {
		if t := v.f.Cell(c.X, c.S, c.Seed).Trace; t != "" && !slices.Contains(out, strings.TrimPrefix(t, "data:")) {
			out = append(out, strings.TrimPrefix(t, "data:"))
		}
	}
	return out
}

// spawn starts a worker and hands it its first cell.
func (pool *figPool) spawn() {
	w := js.Global().Get("Worker").New("static/worker.js")
	pool.workers = append(pool.workers, w)
	onSync(w, "message", func(ev js.Value) {
		d := ev.Get("data")
		switch d.Get("type").String() {
		case "cell":
			// The worker's next cell goes out now, before this one is drawn and saved: finishCell
			// waits its turn on the page's thread, and a redraw that outlasts a short cell would
			// leave the worker idle.
			if pool.v.run == pool {
				pool.next(w)
			}
			vals := d.Get("values")
			out := make([]float64, vals.Length())
			for i := range out {
				out[i] = vals.Index(i).Float()
			}
			idx, mem := d.Get("index").Int(), d.Get("memory").Int()
			go pool.finishCell(idx, out, mem)
		case "error":
			msg := d.Get("message").String()
			go pool.stop("figure " + pool.v.f.ID + ": " + msg)
		}
	})
	onSync(w, "error", func(ev js.Value) {
		msg := "worker failed"
		if m := ev.Get("message"); m.Truthy() {
			msg = m.String()
		}
		go pool.stop(msg)
	})
	pool.next(w)
}

// next hands w the next queued cell, or closes it when none is left.
func (pool *figPool) next(w js.Value) {
	if len(pool.queue) == 0 {
		w.Call("terminate")
		return
	}
	c := pool.queue[0]
	pool.queue = pool.queue[1:]
	msg := map[string]any{"type": "cell", "figure": pool.v.f.ID, "index": c.Index, "x": c.X, "s": c.S, "seed": float64(c.Seed)}
	if t := pool.v.f.Cell(c.X, c.S, c.Seed).Trace; t != "" {
		msg["file"] = pool.v.files[traceBase(t)]
	}
	w.Call("postMessage", msg)
}

// finishCell keeps a cell's values, saves the figure and redraws it (the worker already has its
// next cell).
func (pool *figPool) finishCell(index int, vals []float64, mem int) {
	v := pool.v
	defer v.recover()
	if v.run != pool {
		return // cancelled or superseded: late answers are dropped
	}
	c, ok := pool.cells[index]
	if !ok || len(vals) != len(v.f.Metrics) {
		pool.stop(fmt.Sprintf("figure %s: a worker answered for an unknown cell %d", v.f.ID, index))
		return
	}
	v.rows[cellKey{c.X, c.S, c.Seed}] = v.f.Rows(c, vals)
	pool.done++
	pool.peakMem = max(pool.peakMem, mem)
	last := pool.before+pool.done == pool.total
	v.status(pool.progress(), float64(pool.before+pool.done)/float64(pool.total))
	v.draw(last)
	v.save(pool.before+pool.done, pool.total)
	if last { // once: end() clears v.run, so a later answer of this pool returns above
		pool.end()
		ms := perfNow() - pool.t0
		body := doc.Get("body")
		setAttr(body, "data-figure-ms", fmt.Sprintf("%.0f", ms))
		setAttr(v.el("figure-chart"), "data-peak-worker-mb", fmt.Sprintf("%.1f", float64(pool.peakMem)/(1<<20)))
		v.status(fmt.Sprintf("%d of %d cells · finished in %.1f s (%d worker(s), peak wasm memory per worker %.0f MB)",
			pool.total, pool.total, ms/1000, len(pool.workers), float64(pool.peakMem)/(1<<20)), 1)
		v.p.refreshHistory()
		body.Call("setAttribute", "data-done", "1")
	}
}

// progress is "cells done of total · time left".
func (pool *figPool) progress() string {
	s := fmt.Sprintf("%d of %d cells", pool.before+pool.done, pool.total)
	if pool.before > 0 {
		s += fmt.Sprintf(" (%d stored)", pool.before)
	}
	if pool.done > 0 {
		left := (perfNow() - pool.t0) / float64(pool.done) * float64(pool.total-pool.before-pool.done)
		s += fmt.Sprintf(" · about %.0f s left", left/1000)
	}
	return s
}

// end terminates the pool's workers; the view forgets it.
func (pool *figPool) end() {
	for _, w := range pool.workers {
		w.Call("terminate")
	}
	if pool.v.run == pool {
		pool.v.run = nil
	}
}

// stop ends the pool after a failure, keeping the finished cells.
func (pool *figPool) stop(msg string) {
	if pool.v.run != pool {
		return
	}
	pool.end()
	pool.v.p.setError(msg)
	pool.v.status(fmt.Sprintf("stopped: %d of %d cells kept", pool.before+pool.done, pool.total), -1)
	doc.Get("body").Call("setAttribute", "data-done", "1")
	pool.v.p.refreshHistory()
}

// cancel stops a running figure; its finished cells stay (they are saved as they finish). msg
// ("" for a silent stop, as when another figure opens) is shown.
func (v *figView) cancel(msg string) {
	pool := v.run
	if pool == nil {
		return
	}
	pool.end()
	if msg != "" {
		v.status(fmt.Sprintf("%s: %d of %d cells kept", msg, pool.before+pool.done, pool.total), -1)
		doc.Get("body").Call("setAttribute", "data-done", "1")
		v.p.refreshHistory()
	}
}

// status shows the progress text and bar (frac < 0 leaves the bar as it is).
func (v *figView) status(text string, frac float64) {
	v.el("figure-status").Set("textContent", text)
	if frac >= 0 {
		v.el("figure-progress").Set("value", frac)
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
