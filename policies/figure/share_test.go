package figure

import (
	"slices"
	"testing"

	"schedlab/policies/scenario"
)

// TestSharedAndShard: readFigure's rule choice changes the spec and its util choice (a metric)
// does not, so its 6 readings × 2 series × 2 seeds are 12 runs of 2 cells each; every shard keeps
// whole runs, and the shards together hold every cell once.
func TestSharedAndShard(t *testing.T) {
	f := readFigure()
	cells := f.Cells([]uint64{1, 2})
	groups, err := f.Shared(cells)
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) != 24 || len(groups) != 12 {
		t.Fatalf("%d cells in %d runs, want 24 in 12", len(cells), len(groups))
	}
	for _, g := range groups {
		a, b := f.Readings()[g[0].R].Values, f.Readings()[g[1].R].Values
		if len(g) != 2 || a[0] != b[0] || a[1] == b[1] || g[0].X != g[1].X || g[0].S != g[1].S || g[0].Seed != g[1].Seed {
			t.Errorf("run %v: want the two util readings of one rule, series and seed", g)
		}
	}
	seen := map[int]int{}
	for i := range 5 {
		part, err := f.Shard(cells, i, 5)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range part {
			seen[c.Index]++
		}
		for _, g := range groups {
			if in := slices.ContainsFunc(part, func(c Cell) bool { return c.Index == g[0].Index }); in != slices.ContainsFunc(part,
				func(c Cell) bool { return c.Index == g[1].Index }) {
				t.Errorf("shard %d/5 splits run %v", i, g)
			}
		}
	}
	for _, c := range cells {
		if seen[c.Index] != 1 {
			t.Errorf("cell %d in %d shards", c.Index, seen[c.Index])
		}
	}
	// A metric read against a recorded schedule per series keeps cells of different series apart
	// even where their specs agree.
	g := readFigure()
	g.Metrics[0].Match = func(x, s int) map[string]float64 { return nil }
	spec := g.ReadCell
	g.ReadCell = func(r Reading, x, s int, seed uint64) scenario.Spec { return spec(r, x, 0, seed) }
	if groups, _ := g.Shared(g.Cells([]uint64{1})); len(groups) != 6 {
		t.Errorf("with a Match metric: %d runs, want 6 (3 rules × 2 series)", len(groups))
	}
	h := readFigure()
	h.ReadCell = func(r Reading, x, s int, seed uint64) scenario.Spec { return spec(r, x, 0, seed) }
	if groups, _ := h.Shared(h.Cells([]uint64{1})); len(groups) != 3 {
		t.Errorf("same spec for both series: %d runs, want 3", len(groups))
	}
}
