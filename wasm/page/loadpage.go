//go:build js && wasm

package page

import (
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"

	"schedlab/policies/scenario"
	"schedlab/wasm/jsfunc"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/pool"
)

// loaderKeepBytes is the wasm memory past which the trace loader's worker is replaced: a
// wasm memory never shrinks, and one large import would otherwise keep its worker at that size.
const loaderKeepBytes = 256 << 20

// newLoader is the page's pool for parsing and exporting traces: one worker, kept between
// requests (starting a worker compiles worker.wasm again: a few hundred ms per load) and replaced
// after an import that grew its memory past loaderKeepBytes, or after a failure (out of memory).
func newLoader(funcs *jsfunc.Counter) *pool.Pool {
	return pool.New(pool.Options{Size: 1, Reuse: true, KeepIdle: true, KeepBytes: loaderKeepBytes}, funcs)
}

// ask sends a request to the loader and waits for its answer, relaying progress to the progress
// bar; a failed worker's message comes back as the answer's error field.
func (p *page) ask(kind pool.Kind, fields map[string]any) js.Value {
	ch := make(chan js.Value, 1)
	prog := progressEl("progress")
	p.loader.Submit(&pool.Task{Kind: kind, Fields: fields,
		Progress: func(done, total float64) { prog.SetValue(done / total) },
		Done: func(d js.Value, err error) {
			if err != nil {
				d = js.ValueOf(map[string]any{"error": "the trace reader failed: " + err.Error()})
			}
			ch <- d
		},
	})
	return <-ch
}

// loadFile parses an uploaded trace in a worker and shows its format and first rows. The worker
// streams the file (1 MB slices), hashes it on the way and stops at the app's job bound; the page
// never reads the file itself, so a file of any size is either read or refused with a message.
// With format mapped, or when detection fails on a CSV, the column-mapping form is shown.
func (p *page) loadFile(file js.Value) {
	p.setError("")
	p.file, p.fileErr = file, ""
	p.traceHash = ""
	p.resetBase()
	p.showWorkload()
	det := hook("detected-format")
	det.SetTextContent("reading…")
	format := selectEl("trace-format").Value()
	p.loadSeq++
	seq := p.loadSeq
	d := p.ask(pool.Parse, map[string]any{"file": file, "format": format, "columns": p.columns})
	if seq != p.loadSeq { // a later load (another file, format or mapping) supersedes this one
		return
	}
	p.header = nil
	if h := d.Get("header"); h.Truthy() {
		for i := 0; i < h.Length(); i++ {
			p.header = append(p.header, h.Index(i).String())
		}
	}
	// What the import cost the worker (the perf script reads them): its wasm memory and time.
	for k, attr := range map[string]string{"wasmBytes": "data-wasm-bytes", "ms": "data-parse-ms"} {
		if v := d.Get(k); v.Type() == js.TypeNumber {
			det.SetAttribute(attr, fmt.Sprintf("%.0f", v.Float()))
		}
	}
	mapForm := format == "mapped" || (d.Get("detectFailed").Truthy() && len(pagelogic.Mappable(p.header)) > 1)
	if mapForm {
		if p.columns == "" {
			p.columns = pagelogic.GuessMapping(p.header)
		}
		p.renderMapping()
	}
	p.showMapping(mapForm)
	pv := hook("preview").Underlying()
	clear(pv)
	if e := d.Get("error"); e.Truthy() {
		det.SetTextContent("")
		msg := e.String()
		if d.Get("detectFailed").Truthy() && mapForm {
			msg += ": map its columns below and read it as format mapped"
		}
		p.setError(msg)
		// The file stays chosen, so that another format or mapping re-reads it; Run refuses it
		// until one works (or the user switches to the generator).
		p.fileErr = msg
		p.showWorkload()
		return
	}
	p.traceHash = d.Get("hash").String()
	det.SetTextContent(d.Get("format").String())
	hook("workload").SetTextContent(
		fmt.Sprintf("trace: %s (%d jobs, sha256 %.12s…)", file.Get("name").String(), d.Get("jobs").Int(), p.traceHash))
	head := el("tr", "")
	for _, h := range []string{"id", "submit", "gpus", "model", "user", "duration", "iterations"} {
		head.Call("appendChild", el("th", h))
	}
	pv.Call("appendChild", head)
	rows := d.Get("preview")
	for i := 0; i < rows.Length(); i++ {
		tr := el("tr", "")
		r := rows.Index(i)
		for k := 0; k < r.Length(); k++ {
			tr.Call("appendChild", el("td", js.Global().Get("String").Invoke(r.Index(k)).String()))
		}
		pv.Call("appendChild", tr)
	}
	if p.wantHash != "" && p.traceHash != p.wantHash {
		p.setError(fmt.Sprintf("%s: content hash %s does not match the link's %s", file.Get("name").String(), p.traceHash, p.wantHash))
	} else {
		p.wantTrace, p.wantHash = "", ""
	}
}

// exportNative saves the loaded trace in the native CSV format (any format → native, as the
// runner's -save-trace), read in a worker with the format and mapping the page holds.
func (p *page) exportNative() {
	if !p.file.Truthy() {
		p.setError("nothing to export: load a trace file first")
		return
	}
	name := p.file.Get("name").String()
	spec := scenario.Spec{Trace: name, Format: selectEl("trace-format").Value()}
	if spec.Format == "mapped" {
		spec.Columns = p.columns
	}
	b, _ := json.Marshal(spec)
	d := p.ask(pool.Export, map[string]any{"file": p.file, "spec": string(b)})
	if e := d.Get("error"); e.Truthy() {
		p.setError(e.String())
		return
	}
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		name = name[:i]
	}
	blob := js.Global().Get("Blob").New([]any{d.Get("data")}, map[string]any{"type": "text/csv"})
	downloadURL(name+".native.csv", js.Global().Get("URL").Call("createObjectURL", blob).String())
}
