package policies

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"

	"schedlab/core/world"
	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

func TestCatalogueValid(t *testing.T) {
	seen := map[string]bool{}
	reg := Builtin()
	for _, f := range Figures() {
		if err := f.Validate(); err != nil {
			t.Error(err)
		}
		if seen[f.ID] {
			t.Errorf("figure %s listed twice", f.ID)
		}
		seen[f.ID] = true
		for _, c := range f.Cells(f.Seeds[:1]) {
			spec := f.Spec(c)
			if err := spec.Validate(); err != nil || len(spec.Policies) != 1 || !reg.Has(spec.Policies[0]) {
				t.Errorf("figure %s cell %d: %v %v", f.ID, c.Index, spec.Policies, err)
			}
		}
		if g, ok := FindFigure(f.ID); !ok || g.ID != f.ID {
			t.Errorf("FindFigure(%s) = %v, %v", f.ID, g, ok)
		}
	}
	if _, ok := FindFigure("nope"); ok {
		t.Error("FindFigure found an unknown id")
	}
}

// TestRunCellMatchesTheRunner checks a cell's rows against the summary RunOne prints for the same
// spec: the values the runner's -json shows, by field name.
func TestRunCellMatchesTheRunner(t *testing.T) {
	f, _ := FindFigure("baselines-smoke")
	reg, models := Builtin(), world.Models()
	c := f.Cells([]uint64{2})[4] // rate 12 (x 1), srtf (series 1)
	rows, err := RunCell(reg, models, f, c, nil, Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	spec := f.Spec(c)
	jobs, cl := workload(t, spec, models)
	o, err := RunOne(reg, spec, spec.Policies[0], jobs, cl, models, Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{*o.Summary.MeanJCT, *o.Summary.P99JCT, *o.Summary.GPUUtil}
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	for m, r := range rows {
		if r.X != c.X || r.S != c.S || r.M != m || r.Seed != 2 || r.Value != want[m] {
			t.Errorf("row %d = %+v, want value %v", m, r, want[m])
		}
	}
}

func TestRunCellQuantilesAndTraces(t *testing.T) {
	trace := "job_id,submission_time,duration,num_gpu\na,0,10,1\nb,0,20,1\nc,0,30,1\nd,0,40,1\n"
	f := &figure.Figure{
		ID: "q", Series: []figure.Series{{Name: "fifo"}}, Seeds: []uint64{1}, Chart: figure.CDF,
		Metrics: []figure.Metric{{Name: "jct_q0.5_s", Unit: "s", Quantile: 0.5}, {Name: "jct_q1_s", Unit: "s", Quantile: 1},
			{Name: "mean_jct_s", Unit: "s"}},
		Cell: func(x, s int, seed uint64) scenario.Spec {
			return scenario.Spec{Trace: "mem.csv", Format: "itp", Cluster: "1x1", Policies: []string{"fifo"}, Seed: seed}
		},
	}
	opened := 0
	open := func(spec scenario.Spec) (io.ReadCloser, error) {
		opened++
		return io.NopCloser(strings.NewReader(trace)), nil
	}
	rows, err := RunCell(Builtin(), world.Models(), f, f.Cells(f.Seeds)[0], open, Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	// One GPU, FIFO: ends 10, 30, 60, 100: median (nearest rank 2 of 4) 30 s, max 100 s, mean 50 s.
	if opened != 1 || rows[0].Value != 30 || rows[1].Value != 100 || rows[2].Value != 50 {
		t.Errorf("opened %d, rows %+v", opened, rows)
	}
	if _, err := RunCell(Builtin(), world.Models(), f, f.Cells(f.Seeds)[0], nil, Hooks{}); err == nil ||
		!strings.Contains(err.Error(), "figure q, series fifo, seed 1") {
		t.Errorf("no open: %v", err)
	}
	f.Metrics[2].Name = "no_such_field"
	if _, err := RunCell(Builtin(), world.Models(), f, f.Cells(f.Seeds)[0], open, Hooks{}); err == nil ||
		!strings.Contains(err.Error(), "metric no_such_field") {
		t.Errorf("unknown metric: %v", err)
	}
}

// TestRunCellMatch: a Match metric is the fraction of jobs ending within figure.MatchWithin of the
// recorded schedule; a job it lacks, or one a second and more away, does not match.
func TestRunCellMatch(t *testing.T) {
	trace := "job_id,submission_time,duration,num_gpu\na,0,10,1\nb,0,20,1\nc,0,30,1\nd,0,40,1\n"
	// One GPU, FIFO: a, b, c, d end at 10, 30, 60 and 100 s.
	recorded := map[string]float64{"a": 10, "b": 31, "c": 61.5}
	f := &figure.Figure{
		ID: "m", Series: []figure.Series{{Name: "fifo"}}, Seeds: []uint64{1}, Chart: figure.Table,
		Metrics: []figure.Metric{{Name: "jobs_matched", Unit: "1", Match: func(x, s int) map[string]float64 { return recorded }}},
		Cell: func(x, s int, seed uint64) scenario.Spec {
			return scenario.Spec{Trace: "mem.csv", Format: "itp", Cluster: "1x1", Policies: []string{"fifo"}, Seed: seed}
		},
	}
	open := func(spec scenario.Spec) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(trace)), nil }
	rows, err := RunCell(Builtin(), world.Models(), f, f.Cells(f.Seeds)[0], open, Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	// a exact, b 1 s off (matches), c 1.5 s off, d not recorded: 2 of 4.
	if rows[0].Value != 0.5 {
		t.Errorf("got %v, want 0.5", rows[0].Value)
	}
	f.Metrics[0].Unit = "s"
	if err := f.Validate(); err == nil || !strings.Contains(err.Error(), "a Match metric is a fraction") {
		t.Errorf("a Match metric in seconds: got %v", err)
	}
}

// TestSmokeFigureEndToEnd runs every cell of the smoke figure, writes its CSV, reads it back and
// compares: what `make test` checks of the figure path, natively and under Node.
func TestSmokeFigureEndToEnd(t *testing.T) {
	f, _ := FindFigure("baselines-smoke")
	rows := runAll(t, f, f.Seeds, nil)
	var b bytes.Buffer
	if err := f.WriteCSV(&b, rows); err != nil {
		t.Fatal(err)
	}
	back, err := figure.ReadCSV(f, "smoke.csv", &b)
	if err != nil || len(back) != 2*3*3*3 {
		t.Fatalf("%d rows back: %v", len(back), err)
	}
	for _, st := range figure.Stats(f, back) {
		if st.N != 3 || math.IsNaN(st.Interval) || st.Mean <= 0 {
			t.Errorf("stat %+v", st)
		}
	}
	v := figure.Compare(f, back)
	if len(v) != 1 || v[0].N != 3 || v[0].Verdict == figure.NoData {
		vs, _ := json.Marshal(v)
		t.Errorf("verdicts %s", vs)
	}
	t.Logf("%s: %s %s (%s)", v[0].Reference, v[0].Ours, v[0].Verdict, v[0].Ref.Source)
}

// TestRunCellSpecFlagsARunOutOfArrivals: a run that stops when its measured jobs finish says so
// when it ran out of arrivals before then.
func TestRunCellSpecFlagsARunOutOfArrivals(t *testing.T) {
	f := &figure.Figure{
		ID: "w", Series: []figure.Series{{Name: "fifo"}}, Seeds: []uint64{1}, Chart: figure.Lines,
		Metrics: []figure.Metric{{Name: "mean_jct_s", Unit: "s"}},
		Cell: func(x, s int, seed uint64) scenario.Spec {
			return scenario.Spec{Generate: "philly:jobs=20,rate=30", Cluster: "1x1", Policies: []string{"fifo"},
				WindowFrom: 5, WindowTo: 10, StopAtWindow: true, Seed: seed}
		},
	}
	out, err := RunCellSpec(Builtin(), world.Models(), f.Cell(0, 0, 1), nil, Hooks{})
	if err != nil || !strings.HasPrefix(out.ShortWorkload, "the workload's 20 arrivals end at") {
		t.Errorf("got %q, %v", out.ShortWorkload, err)
	}
}

// A workload kept by Workloads serves the next cell of the same generator and seed (the very same
// jobs, with the same rows as a fresh run), and only those.
func TestWorkloadsReuseOnlyTheSameGeneratorAndSeed(t *testing.T) {
	f, _ := FindFigure("baselines-smoke")
	reg, models := Builtin(), world.Models()
	var w Workloads
	cells := f.Cells([]uint64{1, 2})
	for _, c := range figure.RunOrder(cells) {
		got, err := RunCell(reg, models, f, c, nil, Hooks{Workloads: &w})
		if err != nil {
			t.Fatal(err)
		}
		want, err := RunCell(reg, models, f, c, nil, Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: rows %v with a kept workload, %v without", f.CellName(c), got, want)
		}
	}
	spec := f.Cell(0, 0, 1)
	a, _ := w.jobs(spec, nil, models)
	b, _ := w.jobs(spec, nil, models)
	if len(a) == 0 || &a[0] != &b[0] {
		t.Fatal("the same generator and seed generated anew")
	}
	spec.Seed = 3
	if c, _ := w.jobs(spec, nil, models); &c[0] == &a[0] {
		t.Fatal("another seed got the kept workload")
	}
	if len(w.keys) != workloadsKept {
		t.Fatalf("keeps %d workloads, want %d", len(w.keys), workloadsKept)
	}
}
