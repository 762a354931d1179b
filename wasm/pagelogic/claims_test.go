package pagelogic

import (
	"bytes"
	"strings"
	"testing"

	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

// sweptFigure sweeps rate over 2 and 4; its references: SRTF below FIFO at 4, and the effect's
// trend from 2 to 4.
func sweptFigure() *figure.Figure {
	return &figure.Figure{
		ID: "t", Paper: "Paper T", Number: "Fig 1",
		Sweep:   figure.Sweep{Name: "rate", Values: []string{"2", "4"}},
		Series:  []figure.Series{{Name: "fifo"}, {Name: "srtf"}},
		Seeds:   []uint64{1, 2, 3},
		Metrics: []figure.Metric{{Name: "mean_jct_s", Unit: "s"}},
		Refs: []figure.Ref{
			{Kind: figure.Direction, Series: "srtf", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Evidence: figure.PaperNumber, Source: "test"},
			{Kind: figure.Trend, Series: "srtf", X: "2", To: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Evidence: figure.PaperNumber, Source: "test"},
		},
		Cell: func(x, s int, seed uint64) scenario.Spec { return scenario.Spec{} },
	}
}

// csvOf is f's CSV of SRTF at srtf against FIFO's 1000 s on seeds 1…, at every sweep value of f.
func csvOf(t *testing.T, f *figure.Figure, srtf ...float64) string {
	t.Helper()
	var rows []figure.Row
	for x := range f.Sweep.Values {
		for i, v := range srtf {
			rows = append(rows, figure.Row{X: x, S: 0, Seed: uint64(i + 1), Value: 1000}, figure.Row{X: x, S: 1, Seed: uint64(i + 1), Value: v})
		}
	}
	var buf bytes.Buffer
	if err := f.WriteCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestSubFigure: a subset keeps only the references about its values (a trend needs both ends);
// every value, or none, is the figure itself.
func TestSubFigure(t *testing.T) {
	f := sweptFigure()
	if SubFigure(f, nil) != f || SubFigure(f, []string{"2", "4"}) != f {
		t.Errorf("all values: want the figure itself")
	}
	s := SubFigure(f, []string{"4"})
	if len(s.Refs) != 1 || s.Refs[0].Kind != figure.Direction || len(f.Refs) != 2 {
		t.Errorf("subset 4: refs %v (catalogue's %d): want the direction at 4 alone, the catalogue's untouched", s.Refs, len(f.Refs))
	}
}

// TestStoredClaims: of each figure the latest finished run is judged (a later partial run does
// not replace it); a partial run alone is judged and noted; a run of a figure no longer in the
// catalogue, or whose rows no longer read, judges nothing and is named.
func TestStoredClaims(t *testing.T) {
	f := sweptFigure()
	sub := SubFigure(f, []string{"4"})
	other := *f
	other.ID, other.Paper = "u", "Paper U"
	catalogue := []*figure.Figure{f, &other}
	runs := []StoredFigure{
		{Figure: "t", Seeds: "1-3", Cells: 12, Done: 12, Created: 1, CSV: csvOf(t, f, 500, 510, 490)},          // holds
		{Figure: "t", Seeds: "1-3", Cells: 12, Done: 4, Created: 2, CSV: csvOf(t, f, 1500, 1510, 1490)},        // later, partial
		{Figure: "u", Seeds: "1-3", Xs: []string{"4"}, Cells: 6, Done: 2, Created: 3, CSV: csvOf(t, sub, 500)}, // partial
		{Figure: "gone", Seeds: "1", Cells: 1, Done: 1, Created: 4, CSV: "x"},
		{Figure: "u", Seeds: "7", Cells: 2, Done: 2, Created: 5, CSV: "figure,x_name\nbroken"},
	}
	runs[2].CSV = strings.ReplaceAll(runs[2].CSV, "\nt,", "\nu,")
	tables, problems := StoredClaims(catalogue, runs)
	if len(tables) != 2 {
		t.Fatalf("%d tables, want 2 (problems %v)", len(tables), problems)
	}
	if v := tables[0].Judged[0].Verdict; v != figure.DirectionHolds || tables[0].Note != "" {
		t.Errorf("figure t: %q (note %q), want the finished run's %q, no note", v, tables[0].Note, figure.DirectionHolds)
	}
	if tables[1].Figure.ID != "u" || tables[1].Note != "partial: 2 of 6 cells" || len(tables[1].Figure.Refs) != 1 {
		t.Errorf("figure u: %s note %q refs %d, want the partial run of value 4 alone, noted", tables[1].Figure.ID, tables[1].Note, len(tables[1].Figure.Refs))
	}
	if len(problems) != 2 || !strings.Contains(problems[0], `"gone"`) || !strings.Contains(problems[1], "stored figure u") {
		t.Errorf("problems %q: want the unknown figure and the unreadable rows named", problems)
	}
}

// TestBuildVersion: the stamped commit names the page's build.
func TestBuildVersion(t *testing.T) {
	if got := BuildVersion("0123456789ab"); got != "the page's build of commit 0123456789ab" {
		t.Errorf("BuildVersion: %q", got)
	}
	if got := BuildVersion(""); !strings.HasPrefix(got, "the page's build") {
		t.Errorf("BuildVersion without a stamp: %q", got)
	}
}
