//go:build js && wasm

package worker

import (
	"fmt"
	"io"

	"schedlab/core/world"
	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/policies/scenario"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/typed"
)

// runCell runs one cell of a catalogue figure (pool.Cell: figure, index, r (the reading), x, s, seed, and file
// for a trace cell, and scripts: scripted policies added to the figure as series after its own,
// figure.WithPolicies, as the runner's -policy-file does) with policies.RunCellValues — the run and metrics of the runner's cells — and
// answers only its metric values, in the figure's metric order, and the worker's wasm memory: a
// cell keeps nothing of the run but what the figure draws. A trace cell reads the File the page
// sent (the user loaded it; a page cannot read ../shared/data).
func (w *worker) runCell(r *request) (map[string]any, []any, error) {
	msg := r.msg
	id := msg.Get("figure").String()
	f, ok := policies.FindFigure(id)
	if !ok {
		return nil, nil, fmt.Errorf("figure %q: not in the catalogue", id)
	}
	reg, scripts, err := w.registry(msg)
	if err != nil {
		return nil, nil, err
	}
	if len(scripts) > 0 {
		names := make([]string, len(scripts))
		for i, s := range scripts {
			names[i] = s.Name
		}
		if f, err = figure.WithPolicies(f, names...); err != nil {
			return nil, nil, err
		}
	}
	c := figure.Cell{Index: msg.Get("index").Int(), X: msg.Get("x").Int(), S: msg.Get("s").Int(), Seed: uint64(msg.Get("seed").Float())}
	if r := msg.Get("r"); r.Truthy() {
		c.R = r.Int()
	}
	if c.X < 0 || c.X >= max(1, len(f.Sweep.Values)) || c.S < 0 || c.S >= len(f.Series) || c.R < 0 || c.R >= len(f.Readings()) {
		return nil, nil, fmt.Errorf("figure %s: cell (%d, %d, %d) out of range", id, c.R, c.X, c.S)
	}
	file := msg.Get("file")
	open := func(spec scenario.Spec) (io.ReadCloser, error) {
		if !file.Truthy() {
			return nil, fmt.Errorf("trace %s: load the file first", pagelogic.TraceBase(spec.Trace))
		}
		return io.NopCloser(newBlobReader(file)), nil
	}
	vals, err := policies.RunCellValues(reg, world.Models(), f, c, open, policies.Hooks{Workloads: &w.workloads})
	if err != nil {
		return nil, nil, err
	}
	return map[string]any{"index": c.Index, "values": typed.Float64s(vals), "memory": wasmBytes()}, nil, nil
}
