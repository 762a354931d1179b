//go:build js && wasm

package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"syscall/js"
	"time"

	"schedlab/core"
	"schedlab/core/world"
	"schedlab/policies"
	"schedlab/policies/scenario"
	"schedlab/wasm/pool"
	"schedlab/wasm/runrecord"
	"schedlab/wasm/store"
	"schedlab/wasm/typed"
)

// runPolicy runs one policy of a spec (pool.Run: spec as JSON, policy, file for a trace, id,
// traceHash, save, and scripts: the click's scripted policies as JSON). It answers three times.
// Right after the run, early (pool.Early) with the run's view (view: runrecord.View's binary form,
// an ArrayBuffer transferred, no copy): the summary and the charts' data, read from the run in
// place, so the page shows the run without waiting for the record. Then, early again, with the
// record in its binary form (record, transferred), encoded once from the run in place, for the
// views that need its jobs and intervals. Last it saves the record in IndexedDB (when save is set)
// and replies with saveError ("" when saved): a save that waits (another tab holding the
// database) keeps no view waiting. The record keeps the scripts, so that it reruns exactly. Every
// answer carries the time of each step so far (phases) and the worker's wasm memory (wasmBytes),
// for the page benchmark.
func (w *worker) runPolicy(r *request) (map[string]any, []any, error) {
	msg := r.msg
	clock := newPhases(msg)
	reg, scripts, err := w.registry(msg)
	if err != nil {
		return nil, nil, err
	}
	var spec scenario.Spec
	if err := json.Unmarshal([]byte(msg.Get("spec").String()), &spec); err != nil {
		return nil, nil, err
	}
	policy := msg.Get("policy").String()
	models := world.Models()
	jobs, err := workload(spec, msg.Get("file"), models)
	if err != nil {
		return nil, nil, err
	}
	clock.lap("workload")
	c, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		return nil, nil, err
	}
	r.progress(0, len(jobs))
	reserveMemory(len(jobs))
	hooks := policies.Hooks{Progress: func(_ core.Time, arrived, total int) { r.progress(arrived, total) }}
	o, err := policies.RunOne(reg, spec, policy, jobs, c, models, hooks)
	if err != nil {
		return nil, nil, err
	}
	clock.lap("run")
	// The view and the record allocate short-lived buffers beside the run's live heap (about a
	// GB at a million jobs): collections wait until the answer is made (gchold).
	defer w.gc.Hold()()
	run, err := runrecord.NewRun(spec, c, o)
	if err != nil {
		return nil, nil, err
	}
	rec := &run.Head
	rec.Scripts = scripts
	rec.ID = msg.Get("id").String()
	rec.Created = int64(js.Global().Get("Date").Call("now").Float())
	// Policy, workload and seed: runs of one form differ in at least one of them.
	rec.Name = fmt.Sprintf("%s · %s · seed %d", rec.Policy, policies.WorkloadLabel(rec.Spec), rec.Spec.Seed)
	rec.TraceHash = msg.Get("traceHash").String()
	vb, err := run.View().MarshalBinary()
	if err != nil {
		return nil, nil, err
	}
	view := typed.Bytes(vb)
	clock.lap("view")
	w.awaitResume(r, func() {
		js.Global().Call("postMessage", map[string]any{"type": pool.Early, "req": r.req, "view": view,
			"phases": clock.copy(), "wasmBytes": wasmBytes()}, []any{view})
	})
	clock.lap("shown")
	// The record is encoded once, from the run in place (no copy into a Record), reaches the page
	// in its binary form as a transferred ArrayBuffer (no JSON), which the page decodes only when
	// a view asks for the jobs or intervals, and is saved here, off the page's thread, from a copy.
	b, err := run.MarshalBinary()
	if err != nil {
		return nil, nil, err
	}
	buf := typed.Bytes(b)
	clock.lap("encode")
	js.Global().Call("postMessage", map[string]any{"type": pool.Early, "req": r.req, "record": buf,
		"phases": clock.copy(), "wasmBytes": wasmBytes()}, []any{buf})
	saveErr := ""
	if msg.Get("save").Bool() {
		u8 := js.Global().Get("Uint8Array").New(len(b))
		js.CopyBytesToJS(u8, b)
		if err := saveRecord(run.Meta(), u8); err != nil {
			saveErr = "not saved: " + err.Error()
		}
	}
	clock.lap("save")
	return map[string]any{"saveError": saveErr, "phases": clock.ms, "wasmBytes": wasmBytes()}, nil, nil
}

// resumeWait bounds the wait for the page's pool.Resume after the view: a page that does not
// answer (a newer click, a page busy elsewhere) delays the record by no more.
const resumeWait = 1500 * time.Millisecond

// awaitResume posts (post) an early answer, then waits until the page says to go on
// (pool.Resume: it has drawn what the answer holds, or needs the record) or resumeWait has
// passed.
func (w *worker) awaitResume(r *request, post func()) {
	ch := make(chan struct{})
	req := r.req.Int()
	if w.resume == nil {
		w.resume = map[int]chan struct{}{}
	}
	w.resume[req] = ch
	post()
	select {
	case <-ch:
	case <-time.After(resumeWait):
		delete(w.resume, req)
	}
}

// phases times the steps of a run in the worker (ms, performance.now), for scripts/e2e's page
// benchmark: "start" is the time from the page posting the request (pool.SentAt) until the worker
// handles it, the worker's start-up included when it was started for the request (a spare worker
// started before the click has none to wait for), then each step since the one before.
type phases struct {
	ms   map[string]any
	last float64
}

func newPhases(msg js.Value) *phases {
	perf := js.Global().Get("performance")
	now := perf.Call("now").Float()
	start := now // the worker's own clock starts when the page creates it
	if at := msg.Get(pool.SentAt); at.Type() == js.TypeNumber {
		start = max(0, perf.Get("timeOrigin").Float()+now-at.Float())
	}
	return &phases{ms: map[string]any{"start": start}, last: now}
}

// copy is the steps so far (a message's copy, as the steps go on).
func (p *phases) copy() map[string]any {
	out := make(map[string]any, len(p.ms))
	for k, v := range p.ms {
		out[k] = v
	}
	return out
}

// lap records the time since the previous step as step's.
func (p *phases) lap(step string) {
	now := js.Global().Get("performance").Call("now").Float()
	p.ms[step], p.last = now-p.last, now
}

// saveRecord stores a record, encoded in u8, with its history entry m in the page's IndexedDB
// database (workers share it with the page).
func saveRecord(m runrecord.Meta, u8 js.Value) error {
	s, err := store.OpenIDB(context.Background(), store.DBName)
	if err != nil {
		return err
	}
	defer s.Close()
	return s.PutEncoded(context.Background(), m, u8)
}
