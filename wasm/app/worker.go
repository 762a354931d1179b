//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"syscall/js"

	"schedlab/core"
	"schedlab/core/trace"
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
	case "run":
		run(msg)
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
	if b.onRead != nil {
		b.onRead(b.off, b.size)
	}
	return n, nil
}

func newBlobReader(blob js.Value) *blobReader {
	return &blobReader{blob: blob, size: blob.Get("size").Int()}
}

// firstLine returns the first non-blank line of a blob (for format detection).
func firstLine(blob js.Value) string {
	r := newBlobReader(blob.Call("slice", 0, 64<<10))
	b, _ := io.ReadAll(r)
	start := 0
	if len(b) >= 3 && string(b[:3]) == "\xef\xbb\xbf" {
		start = 3
	}
	for _, line := range splitLines(b[start:]) {
		if len(line) > 0 {
			return line
		}
	}
	return ""
}

func splitLines(b []byte) []string {
	var out []string
	s := 0
	for i, c := range b {
		if c == '\n' {
			out = append(out, trimCR(string(b[s:i])))
			s = i + 1
		}
	}
	return append(out, trimCR(string(b[s:])))
}

func trimCR(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '\r' || s[len(s)-1] == ' ') {
		s = s[:len(s)-1]
	}
	return s
}

// parse reads a trace for the page: detected format, job count, the first rows, or the error.
func parse(msg js.Value) {
	file, format := msg.Get("file"), msg.Get("format").String()
	name := file.Get("name").String()
	detected := format
	if format == "" {
		imp, err := trace.Detect(name, firstLine(file))
		if err != nil {
			post(map[string]any{"type": "parsed", "error": err.Error()})
			return
		}
		detected = imp.Name()
	}
	r := newBlobReader(file)
	last := 0
	r.onRead = func(done, size int) {
		if done-last > 4<<20 || done == size {
			last = done
			post(map[string]any{"type": "progress", "done": done, "total": size})
		}
	}
	jobs, warns, err := trace.Read(name, r, detected, zoo.Models())
	if err != nil {
		post(map[string]any{"type": "parsed", "format": detected, "error": err.Error()})
		return
	}
	var preview []any
	for i := 0; i < len(jobs) && i < 5; i++ {
		j := jobs[i]
		preview = append(preview, []any{j.ID, j.Submit.String(), j.GPUs, j.Model, j.User, j.Duration.String(), j.Iterations})
	}
	ws := make([]any, len(warns))
	for i, w := range warns {
		ws[i] = w
	}
	post(map[string]any{"type": "parsed", "format": detected, "jobs": len(jobs), "preview": preview, "warnings": ws})
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
	var file io.Reader
	if spec.Trace != "" {
		file = newBlobReader(msg.Get("file"))
	}
	jobs, _, err := policies.Jobs(spec, file, models)
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
