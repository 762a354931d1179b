//go:build js && wasm

// Package pool runs the page's requests on Web Workers (static/worker.js, wasm/worker): policy
// runs, figure cells, trace parsing and export, as typed Tasks. Each request carries a number
// and every answer names it, so a late answer never reaches the wrong task. A pool's Options
// say how its workers live: a policy run gets a fresh worker (a wasm memory never shrinks, and a
// big run's would stay), a figure's workers run cell after cell (paying the wasm start-up once
// per worker, not per cell), the trace loader keeps its one worker between files until a large
// import has grown it. Every listener a worker gets is released when it is terminated.
package pool

import (
	"errors"
	"fmt"
	"strings"
	"syscall/js"

	"schedlab/wasm/jsfunc"
)

// bootstrap is the worker bootstrap, relative to the page: it starts worker.wasm
// (wasm/appworker), or with "?bin=script" script.wasm (wasm/scriptworker).
const bootstrap = "static/worker.js"

// Options say how many workers a pool runs and how long each lives.
type Options struct {
	Size int // workers at once (at least 1)
	// Reuse hands a worker the next queued task after it answers; without it each task gets a
	// fresh worker.
	Reuse bool
	// KeepIdle (with Reuse) keeps a worker with nothing queued for the next Submit; without it
	// the worker is terminated when the queue is empty.
	KeepIdle bool
	// KeepBytes (with Reuse, when > 0) retires a worker whose answer reports a wasm memory
	// ("wasmBytes") above it.
	KeepBytes float64
	// Scripts starts the scripting workers (script.wasm: worker.wasm with the Starlark
	// interpreter, policies/script), which answer every kind and also Check and Examples, and run
	// scripted policies. The page's own binary stays without the interpreter: it is fetched only
	// when a script is checked or run.
	Scripts bool
	// Spare keeps one started worker idle for the next Submit (Warm starts it; the pool starts
	// the next one once it has no task left, running or queued), so that a click posts its request to a worker whose
	// wasm module is already fetched, compiled and running instead of waiting for its start-up.
	// Only one, whatever Size: an idle Go runtime still holds its memory. Stop spares it. A spare
	// that fails to start is dropped without a word and no other is started until a task has
	// run: the next task's own fresh worker then fails and says why.
	Spare bool
	// Ready (may be nil) gets the number of started idle workers whenever it changes.
	Ready func(n int)
}

// Task is one request. Its callbacks run on the page's event loop and must not block (start a
// goroutine for slow work): Progress while it runs, then Done exactly once — with the answer, or
// with an error when the worker failed — unless the pool is stopped first.
type Task struct {
	Kind     Kind
	Fields   map[string]any // the request's fields besides its kind and number
	Progress func(done, total float64)
	// Early (may be nil) gets the worker's early answers, when its kind has them (pool.Early):
	// the task then goes on to Done. From the first on Stop lets the worker finish.
	Early func(reply js.Value)
	Done  func(reply js.Value, err error)
	// Sent is when the pool posted the task to its worker (performance.now(), ms), set by the
	// pool: with a fresh worker it counts the worker's start-up, as a user waits for it.
	Sent float64
	// Timeout (ms, 0 = none) bounds the wait for the answer from the moment the task is sent: a
	// worker that has not answered by then is terminated (a hung Go runtime cannot be
	// interrupted) and the task fails saying so; the next task gets a fresh worker.
	Timeout float64
}

// Pool queues tasks and hands them to at most Options.Size workers.
type Pool struct {
	opt     Options
	funcs   *jsfunc.Counter
	seq     int // requests sent
	queue   []*Task
	workers []*worker
	started int
	warming bool // a Warm is scheduled
	ready   int  // the last count given to Options.Ready
}

type worker struct {
	w                  js.Value
	task               *Task // nil when idle
	req                int
	early              bool // task has answered early: Stop lets it finish
	up                 bool // its Go program has started (the worker posted Ready)
	onMessage, onError js.Func
	timer              js.Value // the pending setTimeout of task.Timeout (undefined when none)
	onTimeout          js.Func  // its callback, released with the timer
}

// New makes an empty pool; workers start as tasks come. funcs counts their listeners.
func New(opt Options, funcs *jsfunc.Counter) *Pool {
	opt.Size = max(1, opt.Size)
	return &Pool{opt: opt, funcs: funcs}
}

// Submit queues t; it starts as soon as a worker is free.
func (p *Pool) Submit(t *Task) {
	p.queue = append(p.queue, t)
	p.dispatch()
}

// Pending is how many tasks are running or queued.
func (p *Pool) Pending() int {
	n := len(p.queue)
	for _, w := range p.workers {
		if w.task != nil {
			n++
		}
	}
	return n
}

// Started is how many workers the pool has started.
func (p *Pool) Started() int { return p.started }

// Tell posts msg (with the task's request number) to the worker running t, if any.
func (p *Pool) Tell(t *Task, msg map[string]any) {
	for _, w := range p.workers {
		if w.task == t {
			msg["req"] = w.req
			w.w.Call("postMessage", msg)
			return
		}
	}
}

// Stop drops the queue and terminates every worker but those whose task has answered early
// (Task.Early), which finish their task: a run's worker that has answered with the run's view
// goes on saving it, so a new click never loses a run already shown. An idle spare
// (Options.Spare) has no task to drop and stays. No callback of a dropped task runs.
func (p *Pool) Stop() {
	for _, w := range append([]*worker(nil), p.workers...) {
		if !w.early && (w.task != nil || !p.opt.Spare) {
			p.retire(w)
		}
	}
	p.queue = nil
	p.settled()
}

// Warm starts the spare worker (Options.Spare) once the page is idle, unless the pool has a
// task or an idle worker then; it does nothing in other pools.
func (p *Pool) Warm() {
	if !p.opt.Spare || p.warming {
		return
	}
	p.warming = true
	var cb js.Func
	cb = p.funcs.FuncOf(func(js.Value, []js.Value) any {
		p.funcs.Release(cb)
		p.warming = false
		p.warm()
		return nil
	})
	// An idle callback runs after the page's own work (drawing a run, its first load); the
	// timeout bounds the wait on a page that is never idle, and browsers without idle callbacks
	// get a short timer.
	if ric := js.Global().Get("requestIdleCallback"); ric.Truthy() {
		ric.Invoke(cb, map[string]any{"timeout": 1000})
	} else {
		js.Global().Call("setTimeout", cb, 100)
	}
}

// warm starts the spare when the pool has no task, running or queued, and no idle worker: a
// spare starting while a run goes on would take a core from the run, or from the page drawing
// it, on a two-core machine.
func (p *Pool) warm() {
	if p.Pending() > 0 || len(p.workers) >= p.opt.Size {
		return
	}
	for _, w := range p.workers {
		if w.task == nil {
			return
		}
	}
	p.spawn()
}

// settled warms a spare pool that has nothing left to run, and reports.
func (p *Pool) settled() {
	if p.opt.Spare && p.Pending() == 0 {
		p.Warm()
	}
	p.report()
}

// report tells Options.Ready how many started workers are idle, when that has changed.
func (p *Pool) report() {
	n := 0
	for _, w := range p.workers {
		if w.task == nil && w.up {
			n++
		}
	}
	if n != p.ready && p.opt.Ready != nil {
		p.ready = n
		p.opt.Ready(n)
	}
}

func (p *Pool) dispatch() {
	for len(p.queue) > 0 {
		var w *worker
		for _, x := range p.workers {
			if x.task == nil {
				w = x
				break
			}
		}
		if w == nil {
			if len(p.workers) >= p.opt.Size {
				return
			}
			w = p.spawn()
		}
		t := p.queue[0]
		p.queue = p.queue[1:]
		p.seq++
		w.task, w.req, w.early = t, p.seq, false
		perf := js.Global().Get("performance")
		t.Sent = perf.Call("now").Float()
		// SentAt is on the clock every worker shares (time origin + now), so that a worker
		// started before the request times its start-up from the request, not from its own start.
		msg := map[string]any{"type": string(t.Kind), "req": p.seq, SentAt: perf.Get("timeOrigin").Float() + t.Sent}
		for k, v := range t.Fields {
			msg[k] = v
		}
		w.w.Call("postMessage", msg)
		if t.Timeout > 0 {
			p.arm(w, t.Timeout)
		}
		p.report()
	}
}

// arm starts w's timer for its task: without an answer within ms the worker is terminated.
func (p *Pool) arm(w *worker, ms float64) {
	req := w.req
	w.onTimeout = p.funcs.FuncOf(func(js.Value, []js.Value) any {
		if w.task != nil && w.req == req {
			p.fail(w, fmt.Sprintf("no answer within %.0f s: the worker was stopped and will be replaced", ms/1000))
		}
		return nil
	})
	w.timer = js.Global().Call("setTimeout", w.onTimeout, ms)
}

// disarm clears w's timer, if any, and releases its callback.
func (p *Pool) disarm(w *worker) {
	if w.onTimeout.Truthy() {
		js.Global().Call("clearTimeout", w.timer)
		p.funcs.Release(w.onTimeout)
		w.onTimeout, w.timer = js.Func{}, js.Undefined()
	}
}

func (p *Pool) spawn() *worker {
	src := bootstrap
	if p.opt.Scripts {
		src += "?bin=script"
	}
	w := &worker{w: js.Global().Get("Worker").New(src), timer: js.Undefined()}
	w.onMessage = p.funcs.FuncOf(func(_ js.Value, a []js.Value) any {
		p.message(w, a[0].Get("data"))
		return nil
	})
	w.onError = p.funcs.FuncOf(func(_ js.Value, a []js.Value) any {
		// A wasm trap or an exception out of the Go program: the worker cannot go on. An error
		// event without a message mostly means the browser refused it memory.
		msg := "the worker stopped (out of memory?)"
		if m := a[0].Get("message"); m.Truthy() {
			msg = "the worker stopped: " + firstLine(m.String())
		}
		p.fail(w, msg)
		return nil
	})
	w.w.Call("addEventListener", "message", w.onMessage)
	w.w.Call("addEventListener", "error", w.onError)
	p.workers = append(p.workers, w)
	p.started++
	return w
}

// message handles what worker w posted. An answer hands w its next task before the answered
// task's Done runs, so that a worker never idles while the page draws a result.
func (p *Pool) message(w *worker, d js.Value) {
	t := w.task
	mine := t != nil && d.Get("req").Type() == js.TypeNumber && d.Get("req").Int() == w.req
	switch d.Get("type").String() {
	case Ready:
		w.up = true
		p.report()
	case Progress:
		if mine && t.Progress != nil {
			t.Progress(d.Get("done").Float(), d.Get("total").Float())
		}
	case Early:
		if mine {
			w.early = true
			if t.Early != nil {
				t.Early(d)
			}
		}
	case Reply:
		if !mine {
			return
		}
		w.task, w.early = nil, false
		p.disarm(w)
		big := p.opt.KeepBytes > 0 && d.Get("wasmBytes").Float() > p.opt.KeepBytes
		if !p.opt.Reuse || big || (!p.opt.KeepIdle && len(p.queue) == 0) {
			p.retire(w)
		}
		p.dispatch()
		p.settled()
		t.Done(d, nil)
	case Failed: // a request's failure, or a worker that could not start (no number)
		p.fail(w, d.Get("message").String())
	}
}

// fail retires w after a failure and fails its task; queued tasks go to other workers. An idle
// worker's failure (a spare that could not start) fails nothing and starts no other spare.
func (p *Pool) fail(w *worker, msg string) {
	t := w.task
	p.retire(w)
	if t != nil {
		t.Done(js.Undefined(), errors.New(msg))
	}
	p.dispatch()
	if t != nil {
		p.settled()
	} else {
		p.report()
	}
}

// retire terminates w and releases its listeners.
func (p *Pool) retire(w *worker) {
	for i, x := range p.workers {
		if x == w {
			p.workers = append(p.workers[:i], p.workers[i+1:]...)
			p.disarm(w)
			w.w.Call("terminate")
			w.w.Call("removeEventListener", "message", w.onMessage)
			w.w.Call("removeEventListener", "error", w.onError)
			p.funcs.Release(w.onMessage)
			p.funcs.Release(w.onError)
			w.task, w.early = nil, false
			return
		}
	}
}

// firstLine is s up to its first line break: the page shows one line per failure.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
