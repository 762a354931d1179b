package figure

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Cells share a run when they run the same spec: a series whose policy the reading's choice does
// not reach (a baseline that takes no fallback rule; the figure's Cell leaves its parameters as
// they are), and every reading that differs from another only in a choice of the metric a claim is
// read on (Choice.Metrics), name the same spec under several readings. The spec is what the
// cell's run depends on, so its equality is the test: no figure declares which choices a series
// reads, and a declaration cannot go stale. The runner, its shards and the page run each distinct
// run once and give its values to every cell that shares it; a cell's rows are its own (its
// reading, sweep value and series), their values the shared run's.

// RunKey is the identity of cell c's run: its spec as JSON (the parameters with sorted keys), and,
// when a metric of f is read against a recorded schedule per sweep value and series
// (Metric.Match), those two as well, since the metric's values then depend on them and not only
// on the run. Cells with the same key have the same values.
func (f *Figure) RunKey(c Cell) (string, error) {
	b, err := json.Marshal(f.Spec(c))
	if err != nil {
		return "", fmt.Errorf("figure %s, %s: %w", f.ID, f.CellName(c), err)
	}
	if slices.ContainsFunc(f.Metrics, func(m Metric) bool { return m.Match != nil }) {
		return fmt.Sprintf("%s\x00%d\x00%d", b, c.X, c.S), nil
	}
	return string(b), nil
}

// Shared groups cells by their run (RunKey): each group is the cells of one run, in cells' order,
// and the groups are in the order of their first cells.
func (f *Figure) Shared(cells []Cell) ([][]Cell, error) {
	at := map[string]int{}
	var out [][]Cell
	for _, c := range cells {
		key, err := f.RunKey(c)
		if err != nil {
			return nil, err
		}
		g, ok := at[key]
		if !ok {
			g, at[key] = len(out), len(out)
			out = append(out, nil)
		}
		out[g] = append(out[g], c)
	}
	return out, nil
}

// Shard is shard i of n of cells (0 ≤ i < n): the cells of the runs (Shared) whose first cell's
// canonical index is i mod n, in cells' order. A run's cells stay in one shard, so no run is made
// twice across a cluster array; taking every n-th run rather than a block spreads each sweep
// value's runs over the shards.
func (f *Figure) Shard(cells []Cell, i, n int) ([]Cell, error) {
	groups, err := f.Shared(cells)
	if err != nil {
		return nil, err
	}
	in := map[int]bool{}
	for _, g := range groups {
		if g[0].Index%n == i {
			for _, c := range g {
				in[c.Index] = true
			}
		}
	}
	return slices.DeleteFunc(slices.Clone(cells), func(c Cell) bool { return !in[c.Index] }), nil
}
