//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"syscall/js"

	"schedlab/core"
	"schedlab/core/zoo"
	"schedlab/policies"
	"schedlab/policies/scenario"
	"schedlab/wasm/runrec"
	"schedlab/wasm/store"
)

// startWorker installs the message handler. static/worker.js queues messages that arrive before
// the Go runtime is up in self.pending; they are handled first.
func startWorker() {
	self := js.Global()
	handle := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := args[0]
		go handleMessage(msg)
		return nil
	})
	self.Set("schedlabHandle", handle)
	pending := self.Get("pending")
	for i := 0; pending.Truthy() && i < pending.Length(); i++ {
		go handleMessage(pending.Index(i))
	}
	self.Call("postMessage", map[string]any{"type": "ready"})
}

func post(m map[string]any) { js.Global().Call("postMessage", m) }

func handleMessage(msg js.Value) {
	defer func() {
		if r := recover(); r != nil {
			post(map[string]any{"type": "error", "message": fmt.Sprintf("internal error: %v", r)})
		}
	}()
	switch msg.Get("type").String() {
	case "parse":
		parse(msg)
	case "export":
		exportNative(msg)
	case "run":
		run(msg)
	case "cell":
		runCell(msg)
	}
}

// blobReader streams a File/Blob in chunks with FileReaderSync (workers only), so a large trace
// never sits in memory twice.
type blobReader struct {
	blob      js.Value
	off, size int
	onRead    func(done, size int)
}

func (b *blobReader) Read(p []byte) (int, error) {
	if b.off >= b.size {
		return 0, io.EOF
	}
	n := min(len(p), b.size-b.off, 1<<20)
	buf := js.Global().Get("FileReaderSync").New().Call("readAsArrayBuffer", b.blob.Call("slice", b.off, b.off+n))
	n = js.CopyBytesToGo(p[:n], js.Global().Get("Uint8Array").New(buf))
	b.off += n
	// FileReaderSync never blocks the goroutine, so without a yield a parse never lets the GC's
	// background mark worker run: the heap (and the wasm memory, for good) then grew to 1.6 GB
	// for a 1 GB file whose jobs need 0.4 GB.
	runtime.Gosched()
	if b.onRead != nil {
		b.onRead(b.off, b.size)
	}
	return n, nil
}

func newBlobReader(blob js.Value) *blobReader {
	return &blobReader{blob: blob, size: blob.Get("size").Int()}
}

// run executes one policy of a spec and posts its record as JSON.
func run(msg js.Value) {
	fail := func(err error) { post(map[string]any{"type": "error", "message": err.Error()}) }
	var spec scenario.Spec
	if err := json.Unmarshal([]byte(msg.Get("spec").String()), &spec); err != nil {
		fail(err)
		return
	}
	policy := msg.Get("policy").String()
	models := zoo.Models()
	jobs, err := workload(spec, msg.Get("file"), models)
	if err != nil {
		fail(err)
		return
	}
	c, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		fail(err)
		return
	}
	post(map[string]any{"type": "progress", "done": 0, "total": len(jobs)})
	hooks := policies.Hooks{Progress: func(_ core.Time, arrived, total int) {
		post(map[string]any{"type": "progress", "done": arrived, "total": total})
	}}
	o, err := policies.RunOne(policies.Builtin(), spec, policy, jobs, c, models, hooks)
	if err != nil {
		fail(err)
		return
	}
	rec, err := runrec.FromOutcome(spec, c, o)
	if err != nil {
		fail(err)
		return
	}
	rec.ID = msg.Get("id").String()
	rec.Created = int64(js.Global().Get("Date").Call("now").Float())
	rec.Name = fmt.Sprintf("%s · %s", rec.Policy, policies.WorkloadLabel(rec.Spec))
	rec.TraceHash = msg.Get("traceHash").String()
	// The record is saved here, off the page's thread, and reaches the page in its binary form
	// as a transferred ArrayBuffer (no copy, no JSON): a 100k-job run would otherwise stall the
	// page for seconds while it decodes, encodes and stores ≈15 MB of JSON.
	saveErr := ""
	if msg.Get("save").Bool() {
		if err := saveRecord(rec); err != nil {
			saveErr = "not saved: " + err.Error()
		}
	}
	b, err := rec.MarshalBinary()
	if err != nil {
		fail(err)
		return
	}
	u8 := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u8, b)
	buf := u8.Get("buffer")
	js.Global().Call("postMessage", map[string]any{"type": "result", "record": buf, "saveError": saveErr}, []any{buf})
}

// saveRecord stores rec in the page's IndexedDB database (workers share it with the page).
func saveRecord(rec *runrec.Record) error {
	s, err := store.OpenIDB(context.Background(), dbName)
	if err != nil {
		return err
	}
	defer s.Close()
	return s.Put(context.Background(), rec)
}

// maxWorkers bounds the pools on many-core machines: a worker is a Go runtime of up to ~100 MB
// (figure cells; a policy run with its intervals can be more), so 8 of them stay under 1 GB.
const maxWorkers = 8

// workerLimit is how many web workers may run at once: one per core, up to maxWorkers. A policy
// run starts that many; a figure starts figureWorkers unless the user asks for more (up to this).
func workerLimit() int {
	return min(maxWorkers, max(1, js.Global().Get("navigator").Get("hardwareConcurrency").Int()))
}

// figureWorkers is a figure's default pool: cores − 1, at least 1, so that one core stays
// with the page while a figure runs for minutes. The Figures view's workers box (and &workers=N)
// raises it up to workerLimit: on a 2-core machine two workers halve a long figure's time, while
// the page between results only updates a status line, redraws at most every 150 ms and saves a
// small record.
func figureWorkers() int { return max(1, workerLimit()-1) }
