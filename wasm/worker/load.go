//go:build js && wasm

package worker

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
	"schedlab/core/world"
	"schedlab/policies"
	"schedlab/policies/scenario"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/typed"
)

// appLimits bound a trace's import (pagelogic.MaxJobs jobs). Measured in Chromium: a 1 GB file
// of 990,000 jobs leaves the parsing worker's wasm memory at 0.66 GB; a trace over the bound is
// refused by line count while it streams, before its jobs are held, with "file:line: input: more
// than … lines: the import limit is … jobs".
var appLimits = trace.Limits{MaxJobs: pagelogic.MaxJobs}

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
func parse(r *request) (map[string]any, []any, error) {
	msg := r.msg
	file, format, columns := msg.Get("file"), msg.Get("format").String(), msg.Get("columns").String()
	name := file.Get("name").String()
	t0 := js.Global().Get("performance").Call("now").Float()
	header, first := headerOf(file)
	hdr := make([]any, len(header))
	for i, h := range header {
		hdr[i] = h
	}
	reply := map[string]any{"header": hdr, "format": format}
	fail := func(err error) (map[string]any, []any, error) {
		reply["error"] = err.Error()
		reply["wasmBytes"] = wasmBytes()
		return reply, nil, nil
	}
	if format == "" {
		imp, err := trace.Detect(name, first)
		if err != nil {
			reply["detectFailed"] = true
			return fail(err)
		}
		format = imp.Name()
		reply["format"] = format
	}
	if format != "mapped" {
		columns = ""
	}
	br := newBlobReader(file)
	last := 0
	br.onRead = func(done, size int) {
		if done-last > 4<<20 || done == size {
			last = done
			r.progress(done, size)
		}
	}
	h := sha256.New()
	tee := io.TeeReader(br, h)
	spec := scenario.Spec{Trace: name, Format: format, Columns: columns}
	jobs, warns, err := readTrace(spec, tee, world.Models())
	if err != nil {
		return fail(err)
	}
	if _, err := io.Copy(io.Discard, tee); err != nil { // an importer may stop before the end
		return fail(err)
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
	return reply, nil, nil
}

// exportNative reads the trace of a spec (pool.Export: file, and spec as JSON with the format
// and column mapping the page holds) and answers it in the native CSV format (data, an
// ArrayBuffer transferred; trace.WriteNative, the runner's -save-trace bytes), or the error in
// the reply's error field, like parse.
func exportNative(r *request) (map[string]any, []any, error) {
	msg := r.msg
	var spec scenario.Spec
	err := json.Unmarshal([]byte(msg.Get("spec").String()), &spec)
	var buf bytes.Buffer
	if err == nil {
		var jobs []core.Job
		if jobs, err = workload(spec, msg.Get("file"), world.Models()); err == nil {
			err = trace.WriteNative(&buf, jobs)
		}
	}
	if err != nil {
		return map[string]any{"error": err.Error(), "wasmBytes": wasmBytes()}, nil, nil
	}
	b := typed.Bytes(buf.Bytes())
	return map[string]any{"data": b, "wasmBytes": wasmBytes()}, []any{b}, nil
}
