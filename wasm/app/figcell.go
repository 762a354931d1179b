//go:build js && wasm

package main

import (
	"fmt"
	"io"
	"path"
	"strings"
	"syscall/js"

	"schedlab/core/zoo"
	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

// runCell runs one cell of a catalogue figure in a worker (policies.RunCellValues: the run and
// metrics of the runner's cells) and posts only its metric values, in the figure's metric order,
// and the worker's wasm memory: a cell keeps nothing of the run but what the figure draws. A trace
// cell reads the File the page sent with the message (the user loaded it; a page cannot read
// ../shared/data).
func runCell(msg js.Value) {
	id := msg.Get("figure").String()
	fail := func(err error) {
		post(map[string]any{"type": "error", "message": err.Error(), "index": msg.Get("index").Int()})
	}
	f, ok := policies.FindFigure(id)
	if !ok {
		fail(fmt.Errorf("figure %q: not in the catalogue", id))
		return
	}
	c := figure.Cell{Index: msg.Get("index").Int(), X: msg.Get("x").Int(), S: msg.Get("s").Int(), Seed: uint64(msg.Get("seed").Float())}
	if c.X < 0 || c.X >= max(1, len(f.Sweep.Values)) || c.S < 0 || c.S >= len(f.Series) {
		fail(fmt.Errorf("figure %s: cell (%d, %d) out of range", id, c.X, c.S))
		return
	}
	file := msg.Get("file")
	open := func(spec scenario.Spec) (io.ReadCloser, error) {
		if !file.Truthy() {
			return nil, fmt.Errorf("trace %s: load the file first", traceBase(spec.Trace))
		}
		return io.NopCloser(newBlobReader(file)), nil
	}
	vals, err := policies.RunCellValues(policies.Builtin(), zoo.Models(), f, c, open, policies.Hooks{Workloads: &cellWorkloads})
	if err != nil {
		fail(err)
		return
	}
	post(map[string]any{"type": "cell", "index": c.Index, "values": float64sToJS(vals),
		"memory": js.Global().Get("wasmMemory").Get("buffer").Get("byteLength").Int()})
}

// cellWorkloads are this worker's recently generated workloads: a worker runs one cell at a time,
// and the pool hands out cells in figure.RunOrder, so the cells of one point and seed mostly come
// to the same worker one after another.
var cellWorkloads policies.Workloads

// traceBase is the file name a cell's trace is known by ("data:synergy/x.csv" → "x.csv").
func traceBase(trace string) string { return path.Base(strings.TrimPrefix(trace, "data:")) }
