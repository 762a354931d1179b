package policies

import (
	"bytes"
	"slices"
	"testing"

	"schedlab/core/world"
	"schedlab/policies/figure"
)

// TestSharedRunsGiveEveryReadingItsRows runs one seed of similarity-makespan under its 6 readings
// on Gavel's GPUs (the cheaper half) twice: every cell on its own, and each distinct run once
// (figure.Figure.Shared) with its rows read for every cell that shares it, as the runner and the
// page do. The CSVs must be the same bytes, and the sharing must save runs (the baselines read no
// fallback or order). The series of the default reading only (gavel-maxmin's LP is the costliest
// cell) are left out: they share nothing.
func TestSharedRunsGiveEveryReadingItsRows(t *testing.T) {
	reg, models := Builtin(), world.Models()
	for _, id := range []string{"similarity-makespan"} {
		f, _ := FindFigure(id)
		rs, err := f.SelectReadings("gpus=gavel")
		if err != nil {
			t.Fatal(err)
		}
		cells := slices.DeleteFunc(f.CellsIn(rs, f.Seeds[:1]), func(c figure.Cell) bool { return f.Series[c.S].DefaultOnly })
		var each, shared []figure.Row
		for _, c := range cells {
			rows, err := RunCell(reg, models, f, c, nil, Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			each = append(each, rows...)
		}
		groups, err := f.Shared(cells)
		if err != nil {
			t.Fatal(err)
		}
		if len(groups) >= len(cells) {
			t.Errorf("%s: %d cells in %d runs: no run shared", id, len(cells), len(groups))
		}
		for _, g := range groups {
			out, err := RunCellSpec(reg, models, f.Spec(g[0]), nil, Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range g {
				rows, err := CellRows(f, c, out)
				if err != nil {
					t.Fatal(err)
				}
				shared = append(shared, rows...)
			}
		}
		var a, b bytes.Buffer
		if err := f.WriteCSV(&a, each); err != nil {
			t.Fatal(err)
		}
		if err := f.WriteCSV(&b, shared); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: the shared runs' CSV differs from the cells run one by one", id)
		}
		t.Logf("%s: %d cells, %d runs", id, len(cells), len(groups))
	}
}
