package figchart

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

func testFigure(chart figure.Chart) *figure.Figure {
	return &figure.Figure{
		ID: "t", Family: "core", Paper: "Paper", Number: "Fig 1", Caption: "mean JCT vs load",
		Sweep:   figure.Sweep{Name: "rate", Label: "load (jobs/h)", Values: []string{"2", "4"}},
		Series:  []figure.Series{{Name: "fifo", Label: "FIFO"}, {Name: "las", Label: "LAS"}},
		Seeds:   []uint64{1, 2},
		Metrics: []figure.Metric{{Name: "mean_jct_s", Unit: "s", Label: "mean JCT"}, {Name: "gpu_util", Unit: "1", Label: "GPU util"}},
		Chart:   chart,
		Refs: []figure.Ref{
			{Kind: figure.Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 2, Unit: "h", Tolerance: 0.1, Evidence: figure.PaperNumber, Source: "Paper, Fig 1"},
			{Kind: figure.Relative, Series: "las", X: "4", Metric: "mean_jct_s", Value: -0.5, Baseline: "fifo", Evidence: figure.PaperNumber, Source: "text §5"},
			{Kind: figure.Direction, Series: "las", X: "2", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Evidence: figure.PaperNumber, Source: "text"},
		},
		Cell: func(x, s int, seed uint64) scenario.Spec { return scenario.Spec{} },
	}
}

// decode unmarshals an option into generic JSON.
func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var o map[string]any
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatalf("option is not JSON: %v\n%s", err, b)
	}
	return o
}

func seriesNamed(o map[string]any, typ, name string) []map[string]any {
	var out []map[string]any
	for _, s := range o["series"].([]any) {
		m := s.(map[string]any)
		if m["type"] == typ && m["name"] == name {
			out = append(out, m)
		}
	}
	return out
}

func stats() []figure.Stat {
	return []figure.Stat{
		{X: 0, S: 0, M: 0, N: 2, Mean: 3600, Interval: 360},
		{X: 1, S: 0, M: 0, N: 2, Mean: 7200, Interval: 720},
		{X: 1, S: 1, M: 0, N: 1, Mean: 5400, Interval: math.NaN()},
		{X: 0, S: 1, M: 1, N: 2, Mean: math.NaN(), Interval: math.NaN()}, // nothing measured: a gap
	}
}

func TestLinesBandsHoursAndMarkers(t *testing.T) {
	f := testFigure(figure.Lines)
	b, err := Option(f, stats())
	if err != nil {
		t.Fatal(err)
	}
	o := decode(t, b)
	if g := o["grid"].([]any); len(g) != 2 {
		t.Fatalf("%d grids, want one per metric", len(g))
	}
	fifo := seriesNamed(o, "line", "FIFO")
	if len(fifo) != 4 { // JCT: band lower edge, band width, mean line; utilisation (no points): the line
		t.Fatalf("FIFO has %d line series, want 4", len(fifo))
	}
	lower, width, mean := fifo[0]["data"].([]any), fifo[1]["data"].([]any), fifo[2]["data"].([]any)
	if lower[1] != 1.8 || width[1] != 0.4 {
		t.Errorf("band at x=4: lower %v width %v, want 1.8 h and 0.4 h (7200 ± 720 s)", lower[1], width[1])
	}
	pt := mean[1].(map[string]any)
	if pt["value"] != 2.0 || !strings.Contains(pt["tip"].(string), "7200 s ± 720 s (2 seeds)") {
		t.Errorf("mean point %v: want 2 h drawn and seconds in the tooltip", pt)
	}
	if las := seriesNamed(o, "line", "LAS"); len(las) != 2 { // one seed: no band, only the lines
		t.Errorf("LAS has %d line series, want 2 (no band with one seed)", len(las))
	} else if d := las[1]["data"].([]any); d[0] != nil {
		t.Errorf("a NaN mean drew %v, want a gap", d[0])
	}
	pub := seriesNamed(o, "custom", "published")
	if len(pub) != 1 {
		t.Fatalf("%d published series, want 1 (on the JCT grid only)", len(pub))
	}
	data := pub[0]["data"].([]any)
	if len(data) != 2 { // absolute and relative; a direction has no marker
		t.Fatalf("%d markers, want 2", len(data))
	}
	abs := data[0].(map[string]any)["value"].([]any)
	rel := data[1].(map[string]any)["value"].([]any)
	if abs[0] != "4" || abs[1] != 2.0 || abs[4] != "Paper" {
		t.Errorf("absolute marker %v: want x=\"4\", 2 h, labelled Paper", abs)
	}
	if rel[1] != 1.0 { // fifo's 2 h × (1 − 50 %)
		t.Errorf("relative marker %v: want 1 h", rel)
	}
}

func TestBarsErrorBarsAndMarkerOffsets(t *testing.T) {
	f := testFigure(figure.Bars)
	b, err := Option(f, stats())
	if err != nil {
		t.Fatal(err)
	}
	o := decode(t, b)
	if len(seriesNamed(o, "bar", "FIFO")) != 2 || len(seriesNamed(o, "bar", "LAS")) != 2 {
		t.Fatalf("want a bar series per series and metric")
	}
	errs := seriesNamed(o, "custom", "FIFO")
	if len(errs) != 1 || errs[0]["renderItem"] != "fn:errorBar" {
		t.Fatalf("FIFO error bars: %v", errs)
	}
	if v := errs[0]["data"].([]any)[1].(map[string]any)["value"].([]any); v[0] != "4" || v[1] != 1.8 || v[2] != 2.2 || v[3] != 0.0 || v[4] != 2.0 {
		t.Errorf("error bar %v: want [\"4\", 1.8, 2.2, bar 0 of 2]", v)
	}
	pub := seriesNamed(o, "custom", "published")[0]["data"].([]any)
	if v := pub[1].(map[string]any)["value"].([]any); v[2] != 1.0 || v[3] != 2.0 {
		t.Errorf("relative marker %v: want it over LAS's bar (1 of 2)", v)
	}
}

func TestCDFAndTable(t *testing.T) {
	f := testFigure(figure.CDF)
	f.Sweep = figure.Sweep{}
	f.Metrics = []figure.Metric{{Name: "jct_q0.5_s", Unit: "s", Quantile: 0.5}, {Name: "jct_q0.9_s", Unit: "s", Quantile: 0.9}}
	f.Refs = []figure.Ref{{Kind: figure.Absolute, Series: "las", Metric: "jct_q0.9_s", Value: 3, Unit: "h", Evidence: figure.PaperNumber, Source: "Fig 8b"}}
	b, err := Option(f, []figure.Stat{{S: 1, M: 0, N: 1, Mean: 3600}, {S: 1, M: 1, N: 1, Mean: 7200}})
	if err != nil {
		t.Fatal(err)
	}
	o := decode(t, b)
	las := seriesNamed(o, "line", "LAS")
	if len(las) != 1 {
		t.Fatalf("want one LAS curve")
	}
	d := las[0]["data"].([]any)
	if len(d) != 2 || d[1].(map[string]any)["value"].([]any)[0] != 2.0 || d[1].(map[string]any)["value"].([]any)[1] != 0.9 {
		t.Errorf("LAS curve %v: want (1 h, 0.5), (2 h, 0.9)", d)
	}
	if pub := seriesNamed(o, "custom", "published"); len(pub) != 1 {
		t.Errorf("want the 90th-percentile marker")
	}
	// Before any cell has finished every curve is an empty list, never null (the page counts points).
	b, err = Option(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range decode(t, b)["series"].([]any) {
		if s.(map[string]any)["data"] == nil {
			t.Errorf("series %v: data is null", s.(map[string]any)["name"])
		}
	}
	f.Chart = figure.Table
	if b, err := Option(f, nil); b != nil || err != nil {
		t.Errorf("table figure: got %s, %v; want no chart", b, err)
	}
}
