//go:build js && wasm

// Package worker is the app's Web Worker side (static/worker.js starts worker.wasm, wasm/appworker,
// which calls Start): it answers the page's requests (wasm/pool's Kinds) — a
// policy run, a figure cell, a trace's parse or export — off the page's thread. Requests run
// one at a time per worker (the pool sends the next after the answer), each in its own goroutine.
package worker

import (
	"encoding/json"
	"errors"
	"fmt"
	"syscall/js"

	"schedlab/policies"
	"schedlab/wasm/gchold"
	"schedlab/wasm/pool"
	"schedlab/wasm/runrecord"
)

// handler answers a request with the reply's fields and the buffers to transfer (not copy), or
// fails it. A handler may post progress with r.progress.
type handler func(r *request) (reply map[string]any, transfer []any, err error)

// request is one message from the page: its kind, number ("req") and fields.
type request struct {
	msg js.Value
	req js.Value
}

// progress posts done of total for this request.
func (r *request) progress(done, total int) {
	js.Global().Call("postMessage", map[string]any{"type": pool.Progress, "req": r.req, "done": done, "total": total})
}

// worker holds what a worker keeps between requests.
type worker struct {
	handlers map[pool.Kind]handler
	// workloads are the recently generated workloads of figure cells: the pool hands out cells
	// in figure.RunOrder, so the cells of one point and seed mostly come to the same worker one
	// after another.
	workloads policies.Workloads
	cellFig   cellFigure // the figure of the last cells (figureOf)
	scripts   Scripting  // nil in worker.wasm
	gc        gchold.Holder
	// resume holds, per request number, the channel a request waiting for the page's
	// pool.Resume waits on (awaitResume).
	resume map[int]chan struct{}
}

// Scripting is what script.wasm's workers add (wasm/scripting): scripted policies. It is an
// interface so that worker.wasm, which has none, links no interpreter.
type Scripting interface {
	// Registry returns the built-ins and the scripts' policies, and the scripts as compiled
	// (names and hashes filled in).
	Registry(scripts []runrecord.Script) (*policies.Registry, []runrecord.Script, error)
	// Check compiles and dry-runs a script.
	Check(file, src string) (name, hash, err string, line, col int)
	// Examples are the shipped example scripts.
	Examples() []runrecord.Script
}

// errNoScripts answers a request that needs scripts in a worker without them.
var errNoScripts = errors.New("worker: scripted policies run in the scripting worker (script.wasm)")

// registry is the registry of a request: the built-ins, and its "scripts" (JSON of
// []runrecord.Script) when it carries any, with those scripts as compiled.
func (w *worker) registry(msg js.Value) (*policies.Registry, []runrecord.Script, error) {
	raw := msg.Get("scripts")
	if raw.Type() != js.TypeString || raw.String() == "" {
		return policies.Builtin(), nil, nil
	}
	var ss []runrecord.Script
	if err := json.Unmarshal([]byte(raw.String()), &ss); err != nil {
		return nil, nil, fmt.Errorf("worker: scripts: %v", err)
	}
	if len(ss) == 0 {
		return policies.Builtin(), nil, nil
	}
	if w.scripts == nil {
		return nil, nil, errNoScripts
	}
	return w.scripts.Registry(ss)
}

// Start installs the message handler; scripts (nil in worker.wasm) adds scripted policies and the
// Check and Examples requests. static/worker.js queues messages that arrive before the Go runtime
// is up in self.pending; they are handled first. The handler's js.Func lives as long as the worker
// (the page terminates the worker, not the handler).
func Start(scripts Scripting) {
	w := &worker{scripts: scripts}
	w.handlers = map[pool.Kind]handler{
		pool.Run:    w.runPolicy,
		pool.Cell:   w.runCells,
		pool.Parse:  parse,
		pool.Export: exportNative,
	}
	if scripts != nil {
		w.handlers[pool.Check] = w.check
		w.handlers[pool.Examples] = w.examples
	}
	self := js.Global()
	self.Set("schedlabHandle", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if msg := args[0]; msg.Get("type").String() == pool.Resume {
			if ch, ok := w.resume[msg.Get("req").Int()]; ok {
				delete(w.resume, msg.Get("req").Int())
				close(ch)
			}
			return nil
		}
		go w.handle(args[0])
		return nil
	}))
	pending := self.Get("pending")
	for i := 0; pending.Truthy() && i < pending.Length(); i++ {
		go w.handle(pending.Index(i))
	}
	self.Call("postMessage", map[string]any{"type": pool.Ready})
}

// handle answers one message: a reply, or an error naming what went wrong (a panic included, so
// the page never waits for an answer that will not come).
func (w *worker) handle(msg js.Value) {
	r := &request{msg: msg, req: msg.Get("req")}
	fail := func(err error) {
		js.Global().Call("postMessage", map[string]any{"type": pool.Failed, "req": r.req, "message": err.Error()})
	}
	defer func() {
		if p := recover(); p != nil {
			fail(fmt.Errorf("internal error: %v", p))
		}
	}()
	kind := pool.Kind(msg.Get("type").String())
	h, ok := w.handlers[kind]
	if !ok {
		fail(fmt.Errorf("worker: unknown request %q", kind))
		return
	}
	reply, transfer, err := h(r)
	if err != nil {
		fail(err)
		return
	}
	reply["type"], reply["req"] = pool.Reply, r.req
	js.Global().Call("postMessage", reply, transfer)
}
