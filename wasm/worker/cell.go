//go:build js && wasm

package worker

import (
	"fmt"
	"io"
	"runtime/debug"
	"syscall/js"

	"schedlab/core/world"
	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/policies/scenario"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/typed"
)

// cellFigure is the figure a worker's last cells were of, with the registry they ran under: the
// pool sends one figure's cells to a worker for minutes, and looking the figure up in the
// catalogue (every family's figures built) or compiling its scripts costs about what a short cell
// does.
type cellFigure struct {
	key string // the figure's id and the scripts field as sent
	f   *figure.Figure
	reg *policies.Registry
}

// figureOf is the figure and registry of a cell request, kept for the next request with the same
// figure and scripts.
func (w *worker) figureOf(r *request) (*figure.Figure, *policies.Registry, error) {
	msg := r.msg
	id := msg.Get("figure").String()
	key := id
	if s := msg.Get("scripts"); s.Type() == js.TypeString {
		key += "\x00" + s.String()
	}
	if w.cellFig.f != nil && w.cellFig.key == key {
		return w.cellFig.f, w.cellFig.reg, nil
	}
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
	w.cellFig = cellFigure{key: key, f: f, reg: reg}
	return f, reg, nil
}

// cellGCPercent is the garbage collector's target in a worker that runs figure cells: a cell's
// run keeps a few MB live and allocates a few times that, and wasm's collector stops the run for
// every cycle, so collecting at 4× the live heap instead of 2× saves about a tenth of a short
// cell's time (similarity cells under Node) for a few MB more of wasm memory. A run's results do
// not depend on when memory is collected.
const cellGCPercent = 400

// runCells runs a batch of cells of one catalogue figure (pool.Cell: figure, cells — an array of
// {index, r (the reading), x, s, seed} — and file for a batch of trace cells, all of one file, and
// scripts: scripted policies added to the figure as series after its own, figure.WithPolicies, as
// the runner's -policy-file does) with policies.RunCellValues — the run and metrics of the
// runner's cells — and answers only their metric values (the first cell's, then the next's, each
// in the figure's metric order) with the worker's wasm memory: a cell keeps nothing of the run but
// what the figure draws. A batch saves the page one answer per cell: a figure of thousands of
// short cells would otherwise wait on the page's thread between cells. A trace cell reads the
// File the page sent (the user loaded it; a page cannot read ../shared/data).
func (w *worker) runCells(r *request) (map[string]any, []any, error) {
	msg := r.msg
	debug.SetGCPercent(cellGCPercent)
	f, reg, err := w.figureOf(r)
	if err != nil {
		return nil, nil, err
	}
	file := msg.Get("file")
	open := func(spec scenario.Spec) (io.ReadCloser, error) {
		if !file.Truthy() {
			return nil, fmt.Errorf("trace %s: load the file first", pagelogic.TraceBase(spec.Trace))
		}
		return io.NopCloser(newBlobReader(file)), nil
	}
	cells := msg.Get("cells")
	nr := len(f.Readings())
	var vals []float64
	for i := range cells.Length() {
		m := cells.Index(i)
		c := figure.Cell{Index: m.Get("index").Int(), R: m.Get("r").Int(), X: m.Get("x").Int(), S: m.Get("s").Int(),
			Seed: uint64(m.Get("seed").Float())}
		if c.X < 0 || c.X >= max(1, len(f.Sweep.Values)) || c.S < 0 || c.S >= len(f.Series) || c.R < 0 || c.R >= nr {
			return nil, nil, fmt.Errorf("figure %s: cell (%d, %d, %d) out of range", f.ID, c.R, c.X, c.S)
		}
		v, err := policies.RunCellValues(reg, world.Models(), f, c, open, policies.Hooks{Workloads: &w.workloads})
		if err != nil {
			return nil, nil, err
		}
		vals = append(vals, v...)
	}
	return map[string]any{"values": typed.Float64s(vals), "memory": wasmBytes()}, nil, nil
}
