//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"

	"schedlab/policies/scenario"
)

// loader is the page's worker for parsing and exporting traces. It is kept between requests
// (starting a worker compiles app.wasm again: a few hundred ms per load) and replaced after an
// import that grew its memory past loaderKeepBytes, because a wasm memory never shrinks. Replies
// carry the request's number, so a superseded load's late answer finds its own waiter.
type loader struct {
	w       js.Value
	seq     int
	waiting map[int]chan js.Value
}

const loaderKeepBytes = 256 << 20

// ask sends msg to the loader worker (started on demand) and waits for the reply numbered like
// it, relaying progress to the progress bar. A worker that fails (out of memory) answers every
// waiting request with an error and is replaced on the next request.
func (l *loader) ask(msg map[string]any) js.Value {
	if !l.w.Truthy() {
		w := js.Global().Get("Worker").New("static/worker.js")
		l.w, l.waiting = w, map[int]chan js.Value{}
		prog := byTestID("progress")
		failAll := func(msg string) {
			w.Call("terminate")
			for k, ch := range l.waiting {
				ch <- js.ValueOf(map[string]any{"error": msg})
				delete(l.waiting, k)
			}
			if l.w.Equal(w) {
				l.w = js.Undefined()
			}
		}
		onSync(w, "message", func(ev js.Value) {
			d := ev.Get("data")
			switch d.Get("type").String() {
			case "progress":
				prog.Set("value", d.Get("done").Float()/d.Get("total").Float())
			case "error": // the worker could not start, or a request panicked
				failAll(d.Get("message").String())
			default: // "ready" has no number
				if r := d.Get("req"); r.Type() == js.TypeNumber {
					if ch, ok := l.waiting[r.Int()]; ok {
						delete(l.waiting, r.Int())
						ch <- d
					}
				}
			}
		})
		onSync(w, "error", func(ev js.Value) {
			msg := "the trace reader failed (out of memory?)"
			if m := ev.Get("message"); m.Truthy() {
				msg = "the trace reader failed: " + m.String()
			}
			failAll(msg)
		})
	}
	l.seq++
	ch := make(chan js.Value, 1)
	l.waiting[l.seq] = ch
	msg["req"] = l.seq
	w := l.w
	w.Call("postMessage", msg)
	d := <-ch
	if b := d.Get("wasmBytes"); b.Truthy() && b.Float() > loaderKeepBytes && l.w.Equal(w) && len(l.waiting) == 0 {
		w.Call("terminate")
		l.w = js.Undefined()
	}
	return d
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
	det := byTestID("detected-format")
	det.Set("textContent", "reading…")
	format := byTestID("trace-format").Get("value").String()
	p.loadSeq++
	seq := p.loadSeq
	d := p.loader.ask(map[string]any{"type": "parse", "file": file, "format": format, "columns": p.columns})
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
			setAttr(det, attr, fmt.Sprintf("%.0f", v.Float()))
		}
	}
	mapForm := format == "mapped" || (d.Get("detectFailed").Truthy() && len(mappable(p.header)) > 1)
	if mapForm {
		if p.columns == "" {
			p.columns = guessMapping(p.header)
		}
		p.renderMapping()
	}
	p.showMapping(mapForm)
	pv := doc.Call("getElementById", "preview")
	clear(pv)
	if e := d.Get("error"); e.Truthy() {
		det.Set("textContent", "")
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
	det.Set("textContent", d.Get("format").String())
	doc.Call("getElementById", "workload").Set("textContent",
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
	spec := scenario.Spec{Trace: name, Format: byTestID("trace-format").Get("value").String()}
	if spec.Format == "mapped" {
		spec.Columns = p.columns
	}
	b, _ := json.Marshal(spec)
	d := p.loader.ask(map[string]any{"type": "export", "file": p.file, "spec": string(b)})
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
