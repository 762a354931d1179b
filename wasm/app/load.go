//go:build js && wasm

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"syscall/js"

	"schedlab/core"
	"schedlab/core/trace"
	"schedlab/core/zoo"
	"schedlab/policies"
	"schedlab/policies/scenario"
)

// appMaxJobs is the app's import bound (trace.Limits.MaxJobs), lower than the runner's
// trace.DefaultMaxJobs: a worker holds the parsed jobs (≈trace.BytesPerJob each) and then the
// run's state and record in one wasm32 memory of at most 4 GB, and the page keeps every record it
// shows. Measured in Chromium (static/guide.md): a 1 GB file of 990,000 jobs leaves the
// parsing worker's wasm memory at 0.66 GB; a trace over the bound is refused by line count while it streams, before its jobs
// are held, with "file:line: input: more than … lines: the import limit is … jobs".
const appMaxJobs = 1_000_000

var appLimits = trace.Limits{MaxJobs: appMaxJobs}

// workload builds spec's jobs in a worker: the generator's, or the trace streamed from the Blob
// within appLimits (with spec.Columns through the mapped importer, as the runner's -columns).
func workload(spec scenario.Spec, file js.Value, models *core.Models) ([]core.Job, error) {
	if spec.Trace == "" {
		jobs, _, err := policies.Jobs(spec, nil, models)
		return jobs, err
	}
	jobs, _, err := readTrace(spec, newBlobReader(file), models)
	return jobs, err
}

// readTrace is policies.ReadTrace within appLimits; a mapping that cannot be used is reported
// at the file's header line ("name:1: columns: …"), like every other import error.
func readTrace(spec scenario.Spec, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	if spec.Columns != "" {
		if _, err := trace.ParseMapping(spec.Columns); err != nil {
			return nil, nil, fmt.Errorf("%s:1: %w", spec.Trace, err)
		}
	}
	return policies.ReadTrace(spec, r, models, appLimits)
}

// headerOf returns the first line of a blob split as a CSV record (the column-mapping form's
// choices) and the line itself (for format detection). A BOM is dropped; a header that is not
// valid CSV is returned as one column.
func headerOf(blob js.Value) ([]string, string) {
	b, _ := io.ReadAll(newBlobReader(blob.Call("slice", 0, 64<<10)))
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	line := ""
	for rest := string(b); rest != ""; {
		var l string
		l, rest, _ = strings.Cut(rest, "\n")
		if l = strings.TrimRight(l, "\r "); l != "" {
			line = l
			break
		}
	}
	r := csv.NewReader(strings.NewReader(line))
	r.LazyQuotes = true
	rec, err := r.Read()
	if err != nil {
		return []string{line}, line
	}
	return rec, line
}

// wasmBytes is the size of this worker's WebAssembly memory (static/worker.js keeps it in
// self.wasmMemory): what a large import costs, reported to the page for the perf script.
func wasmBytes() float64 {
	m := js.Global().Get("wasmMemory")
	if !m.Truthy() {
		return 0
	}
	return m.Get("buffer").Get("byteLength").Float()
}

// parse reads a trace for the page in one streaming pass: its format (detected unless given),
// job count, first rows and SHA-256 (computed here, chunk by chunk, so neither the page nor the
// worker ever holds the file's text), or the error. The header row always goes back, so that
// the page can offer the column-mapping form when detection fails.
func parse(msg js.Value) {
	file, format, columns := msg.Get("file"), msg.Get("format").String(), msg.Get("columns").String()
	name := file.Get("name").String()
	t0 := js.Global().Get("performance").Call("now").Float()
	header, first := headerOf(file)
	hdr := make([]any, len(header))
	for i, h := range header {
		hdr[i] = h
	}
	reply := map[string]any{"type": "parsed", "req": msg.Get("req"), "header": hdr, "format": format}
	fail := func(err error) {
		reply["error"] = err.Error()
		reply["wasmBytes"] = wasmBytes()
		post(reply)
	}
	if format == "" {
		imp, err := trace.Detect(name, first)
		if err != nil {
			reply["detectFailed"] = true
			fail(err)
			return
		}
		format = imp.Name()
		reply["format"] = format
	}
	if format != "mapped" {
		columns = ""
	}
	r := newBlobReader(file)
	last := 0
	r.onRead = func(done, size int) {
		if done-last > 4<<20 || done == size {
			last = done
			post(map[string]any{"type": "progress", "done": done, "total": size})
		}
	}
	h := sha256.New()
	tee := io.TeeReader(r, h)
	spec := scenario.Spec{Trace: name, Format: format, Columns: columns}
	jobs, warns, err := readTrace(spec, tee, zoo.Models())
	if err != nil {
		fail(err)
		return
	}
	if _, err := io.Copy(io.Discard, tee); err != nil { // an importer may stop before the end
		fail(err)
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
	reply["jobs"], reply["preview"], reply["warnings"] = len(jobs), preview, ws
	reply["hash"] = hex.EncodeToString(h.Sum(nil))
	reply["wasmBytes"] = wasmBytes()
	reply["ms"] = js.Global().Get("performance").Call("now").Float() - t0
	post(reply)
}

// exportNative reads the trace of a spec (format and column mapping as the page holds them) and
// posts it back in the native CSV format (trace.WriteNative, the runner's -save-trace bytes).
func exportNative(msg js.Value) {
	fail := func(err error) {
		post(map[string]any{"type": "exported", "req": msg.Get("req"), "error": err.Error(), "wasmBytes": wasmBytes()})
	}
	var spec scenario.Spec
	if err := json.Unmarshal([]byte(msg.Get("spec").String()), &spec); err != nil {
		fail(err)
		return
	}
	jobs, err := workload(spec, msg.Get("file"), zoo.Models())
	var buf bytes.Buffer
	if err == nil {
		err = trace.WriteNative(&buf, jobs)
	}
	if err != nil {
		fail(err)
		return
	}
	u8 := js.Global().Get("Uint8Array").New(buf.Len())
	js.CopyBytesToJS(u8, buf.Bytes())
	b := u8.Get("buffer")
	js.Global().Call("postMessage", map[string]any{"type": "exported", "req": msg.Get("req"), "data": b, "wasmBytes": wasmBytes()}, []any{b})
}
