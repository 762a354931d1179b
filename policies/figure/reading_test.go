package figure

import (
	"bytes"
	"strings"
	"testing"

	"schedlab/policies/scenario"
)

// readFigure is testFigure with two choices: a policy rule (changes the runs) and the metric the
// claim is read on (changes none).
func readFigure() *Figure {
	f := testFigure()
	f.Sweep = Sweep{}
	f.Refs[0].X = ""
	f.Choices = []Choice{
		{Name: "rule", Values: []string{"a", "b", "c"}},
		{Name: "util", Values: []string{"busy", "jct"}, Metrics: []string{"gpu_util", "mean_jct_s"}},
	}
	f.Refs[0].Metric = "gpu_util"
	cell := f.Cell
	f.Cell = nil
	f.ReadCell = func(r Reading, x, s int, seed uint64) scenario.Spec {
		spec := cell(0, s, seed)
		spec.Generate += ",rule=" + r.Value(f.Choices, "rule")
		return spec
	}
	return f
}

func TestReadingsAndSelection(t *testing.T) {
	f := readFigure()
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	rs := f.Readings()
	if len(rs) != 6 || rs[0].Name != "rule=a,util=busy" || rs[5].Name != "rule=c,util=jct" {
		t.Fatalf("readings %+v", rs)
	}
	for filter, want := range map[string][]int{"all": {0, 1, 2, 3, 4, 5}, "default": {0}, "util=jct": {1, 3, 5},
		"rule=b,util=busy": {2}} {
		got, err := f.SelectReadings(filter)
		if err != nil || len(got) != len(want) || got[len(got)-1] != want[len(want)-1] {
			t.Errorf("%s: got %v %v, want %v", filter, got, err, want)
		}
	}
	for _, bad := range []string{"rule", "order=fifo", "rule=d", "rule=a,rule=b"} {
		if _, err := f.SelectReadings(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	if f.Under(1).Refs[0].Metric != "mean_jct_s" || f.Under(0).Refs[0].Metric != "gpu_util" || f.Refs[0].Metric != "gpu_util" {
		t.Error("a metric choice does not re-target the reference (or changes the figure's own)")
	}
	// Readings that differ only in the metric run the same spec; the others do not.
	c := f.Cells([]uint64{1})
	if len(c) != 6*2 || f.Spec(c[0]).Generate != f.Spec(c[2]).Generate || f.Spec(c[0]).Generate == f.Spec(c[4]).Generate {
		t.Errorf("cells: %d, specs %q %q %q", len(c), f.Spec(c[0]).Generate, f.Spec(c[2]).Generate, f.Spec(c[4]).Generate)
	}
	bad := readFigure()
	bad.Choices[0].Values = []string{"a"}
	if bad.Validate() == nil {
		t.Error("a choice with one value validates")
	}
}

func TestReadingCSVRoundTripAndMatrix(t *testing.T) {
	f := readFigure()
	// las below fifo on gpu_util under rule=a, above under rule=b, level (inconclusive) under c;
	// on mean_jct_s las is below everywhere.
	var rows []Row
	for _, c := range f.Cells([]uint64{1, 2, 3}) {
		util := 0.5
		if c.S == 1 {
			util = []float64{0.4, 0.6, 0.5 + 0.01*float64(int(c.Seed%2)*2-1)}[c.R/2]
		}
		jct := 10.0
		if c.S == 1 {
			jct = 8 + 0.1*float64(c.Seed)
		}
		rows = append(rows, f.Rows(c, []float64{jct, util})...)
	}
	var b bytes.Buffer
	if err := f.WriteCSV(&b, rows); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\nt,\"rule=a,util=busy\",,,fifo,1,mean_jct_s,s,10\n") {
		t.Fatalf("CSV:\n%s", b.String()[:200])
	}
	back, err := ReadCSV(f, "r.csv", &b)
	if err != nil || len(back) != len(rows) {
		t.Fatalf("read back: %d rows, %v", len(back), err)
	}
	m := MatrixOf(f, back)
	if len(m.Readings) != 6 || len(m.Claims) != 1 {
		t.Fatalf("matrix %d readings, %d claims", len(m.Readings), len(m.Claims))
	}
	want := "holds under 4 of 6 readings (rule=a: any util; util=jct: any rule)"
	got := m.Claims[0].Summary
	if !strings.HasPrefix(got, "holds under 4 of 6 readings") || !strings.Contains(got, "fails under 1 of 6 readings (rule=b, util=busy)") ||
		!strings.Contains(got, "inconclusive under 1 of 6 readings (rule=c, util=busy)") {
		t.Errorf("summary %q (wanted the shape of %q)", got, want)
	}
	if c := ClaimsOf(f, back); c.Reading != "rule=a,util=busy" || c.Judged[0].Verdict != DirectionHolds {
		t.Errorf("default reading judged %q: %s", c.Reading, c.Judged[0].Verdict)
	}
	f.Refs[0].Readings = "rule=a"
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	if got := MatrixOf(f, back).Claims[0].Summary; got != "holds under 2 of 6 readings (rule=a, any util); no data under 4 of 6 readings (rule=b|c, any util)" {
		t.Errorf("a claim limited to rule=a: %q", got)
	}
	if _, err := ReadCSV(f, "r.csv", strings.NewReader(CSVHeader+"\nt,rule=z,,,fifo,1,mean_jct_s,s,1\n")); err == nil ||
		!strings.Contains(err.Error(), "r.csv:2: reading:") {
		t.Errorf("unknown reading: %v", err)
	}
}

// A series no claim reads may run under the default reading only: the other readings have no
// cell of it, and a row of it there does not read.
func TestDefaultOnlySeries(t *testing.T) {
	f := readFigure()
	f.Series = append(f.Series, Series{Name: "srtf", DefaultOnly: true})
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	cells := f.Cells([]uint64{1})
	if len(cells) != 6*2+1 {
		t.Errorf("%d cells, want 6 readings × 2 series + 1 default-only", len(cells))
	}
	if _, err := ReadCSV(f, "r.csv", strings.NewReader(CSVHeader+"\nt,\"rule=b,util=busy\",,,srtf,1,mean_jct_s,s,1\n")); err == nil ||
		!strings.Contains(err.Error(), "default reading only") {
		t.Errorf("a default-only series' row under another reading: %v", err)
	}
	f.Refs[0].Series = "srtf"
	if f.Validate() == nil {
		t.Error("a claim on a default-only series validates")
	}
}
