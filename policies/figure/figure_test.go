package figure

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"schedlab/policies/scenario"
)

func testFigure() *Figure {
	return &Figure{
		ID: "t", Family: "core", Sweep: Sweep{Name: "rate", Label: "jobs/h", Values: []string{"2", "4"}},
		Series:  []Series{{Name: "fifo"}, {Name: "las"}},
		Seeds:   []uint64{1, 2},
		Metrics: []Metric{{Name: "mean_jct_s", Unit: "s"}, {Name: "gpu_util", Unit: "1"}},
		Chart:   Lines,
		Refs:    []Ref{{Kind: Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Evidence: OurCheck, Source: "test"}},
		Cell: func(x, s int, seed uint64) scenario.Spec {
			return scenario.Spec{Generate: "philly:jobs=10,rate=" + []string{"2", "4"}[x], Policies: []string{[]string{"fifo", "las"}[s]}, Seed: seed}
		},
	}
}

func TestCellsCanonicalOrder(t *testing.T) {
	f := testFigure()
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	cells := f.Cells([]uint64{7, 3})
	if len(cells) != 8 {
		t.Fatalf("%d cells, want 2×2×2", len(cells))
	}
	want := []Cell{{0, 0, 0, 7}, {1, 0, 0, 3}, {2, 0, 1, 7}, {3, 0, 1, 3}, {4, 1, 0, 7}}
	for i, w := range want {
		if cells[i] != w {
			t.Errorf("cell %d = %+v, want %+v", i, cells[i], w)
		}
	}
	none := &Figure{Series: []Series{{Name: "a"}}}
	if got := none.Cells([]uint64{1}); len(got) != 1 || none.XValue(got[0]) != "" {
		t.Errorf("unswept figure: %+v", got)
	}
}

func TestValidateNamesTheProblem(t *testing.T) {
	for name, mutate := range map[string]func(*Figure){
		"unknown series":   func(f *Figure) { f.Refs[0].Series = "srtf" },
		"unknown metric":   func(f *Figure) { f.Refs[0].Metric = "p99_jct_s" },
		"unknown x":        func(f *Figure) { f.Refs[0].X = "8" },
		"missing baseline": func(f *Figure) { f.Refs[0].Baseline = "" },
		"repeated series":  func(f *Figure) { f.Series[1].Name = "fifo" },
		"sweep w/o values": func(f *Figure) { f.Sweep.Values = nil },
	} {
		f := testFigure()
		mutate(f)
		if err := f.Validate(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestWriteCSVSortsAndQuotes(t *testing.T) {
	f := testFigure()
	f.Series[1].Name = `la,s`
	var rows []Row
	cells := f.Cells([]uint64{2, 1})
	for i := len(cells) - 1; i >= 0; i-- { // finished out of order, as a pool of workers would
		c := cells[i]
		rows = append(rows, f.Rows(c, []float64{float64(c.Index) + 0.5, float64(c.Index) + 0.5})...)
	}
	var b bytes.Buffer
	if err := f.WriteCSV(&b, rows); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[0] != CSVHeader || len(lines) != 1+len(cells)*2 {
		t.Fatalf("got %d lines, header %q", len(lines), lines[0])
	}
	if lines[1] != "t,rate,2,fifo,1,mean_jct_s,s,1.5" || lines[2] != "t,rate,2,fifo,1,gpu_util,1,1.5" {
		t.Errorf("first rows:\n%s\n%s", lines[1], lines[2])
	}
	if lines[5] != `t,rate,2,"la,s",1,mean_jct_s,s,3.5` {
		t.Errorf("quoted series row: %s", lines[5])
	}
}

func TestParseSeeds(t *testing.T) {
	for in, want := range map[string]string{"42": "42", "1-5": "1-5", "42,1-4": "42,1-4", " 3 , 5-6 ": "3,5-6", "0": "0"} {
		got, err := ParseSeeds(in)
		if err != nil || FormatSeeds(got) != want {
			t.Errorf("ParseSeeds(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "5-3", "1,1", "1-3,2", "-1", "1-", "0-99999999999", "18446744073709551615,1-10000"} {
		if _, err := ParseSeeds(bad); err == nil {
			t.Errorf("ParseSeeds(%q): no error", bad)
		}
	}
}

func FuzzParseSeeds(f *testing.F) {
	for _, s := range []string{"42", "1-5", "42,1-4", "1,1", "0-9999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		seeds, err := ParseSeeds(s)
		if err != nil {
			return
		}
		again, err := ParseSeeds(FormatSeeds(seeds))
		if err != nil || len(again) != len(seeds) {
			t.Fatalf("%q → %v does not round-trip: %v %v", s, seeds, again, err)
		}
	})
}

// RunOrder puts the cells of one point and seed (one per series) together, and keeps every cell.
func TestRunOrderGroupsAWorkloadsCells(t *testing.T) {
	f := testFigure()
	cells := f.Cells([]uint64{3, 1})
	got := RunOrder(cells)
	if len(got) != len(cells) {
		t.Fatalf("%d cells, want %d", len(got), len(cells))
	}
	seen := map[int]bool{}
	for k, c := range got {
		seen[c.Index] = true
		if k > 0 {
			p := got[k-1]
			if p.X > c.X || (p.X == c.X && p.Seed > c.Seed) || (p.X == c.X && p.Seed == c.Seed && p.S >= c.S) {
				t.Fatalf("cell %+v after %+v", c, p)
			}
		}
	}
	if len(seen) != len(cells) {
		t.Fatalf("%d distinct cells, want %d", len(seen), len(cells))
	}
}

func TestSeedRange(t *testing.T) {
	if got := SeedRange(3, 5); !slices.Equal(got, []uint64{3, 4, 5}) {
		t.Errorf("SeedRange(3, 5) = %v", got)
	}
	if got := SeedRange(5, 4); len(got) != 0 {
		t.Errorf("SeedRange(5, 4) = %v, want none", got)
	}
}
