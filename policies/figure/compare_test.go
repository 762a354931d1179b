package figure

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

func TestMeanIntervalStudentT(t *testing.T) {
	// 1..5: mean 3, sd √2.5, t(4) = 2.776: half-width 2.776·√2.5/√5 = 1.963.
	m, h := MeanInterval([]float64{1, 2, 3, 4, 5})
	if m != 3 || math.Abs(h-2.776*math.Sqrt(2.5)/math.Sqrt(5)) > 1e-12 {
		t.Errorf("got %v ± %v", m, h)
	}
	if m, h := MeanInterval([]float64{7}); m != 7 || !math.IsNaN(h) {
		t.Errorf("one value: %v ± %v, want 7 ± NaN", m, h)
	}
	if T975(30) != 2.042 || T975(45) != 2.021 || T975(10000) != 1.98 || !math.IsNaN(T975(0)) {
		t.Errorf("t table: %v %v %v", T975(30), T975(45), T975(10000))
	}
}

func TestStatsPerPoint(t *testing.T) {
	f := testFigure()
	rows := []Row{{X: 1, S: 0, M: 0, Seed: 2, Value: 30}, {X: 0, S: 1, M: 1, Seed: 1, Value: 0.5},
		{X: 1, S: 0, M: 0, Seed: 1, Value: 10}}
	st := Stats(f, rows)
	if len(st) != 2 || st[0].X != 0 || st[1].N != 2 || st[1].Mean != 20 {
		t.Fatalf("stats %+v", st)
	}
	if want := 12.706 * math.Sqrt(200) / math.Sqrt(2); math.Abs(st[1].Interval-want) > 1e-9 {
		t.Errorf("interval %v, want %v", st[1].Interval, want)
	}
}

// compareFigure has one point (x "4") measured on seeds 1-3 for fifo and las.
func compareFigure(refs ...Ref) (*Figure, []Row) {
	f := testFigure()
	f.Refs = refs
	var rows []Row
	for i, seed := range []uint64{1, 2, 3} {
		rows = append(rows, Row{X: 1, S: 0, M: 0, Seed: seed, Value: 36000 + 3600*float64(i-1)}, // fifo 9,10,11 h
			Row{X: 1, S: 1, M: 0, Seed: seed, Value: 0.8 * (36000 + 3600*float64(i-1))}, // las 20 % less each seed
			Row{X: 1, S: 0, M: 1, Seed: seed, Value: 0.5})
	}
	return f, rows
}

func TestCompareRules(t *testing.T) {
	tests := []struct {
		ref                            Ref
		reference, ours, diff, verdict string
	}{
		{Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 10.5, Unit: "h", Tolerance: 0.05},
			"10.5 h", "10.00 ± 2.48 h", "-4.762 %", Agrees},
		{Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 12, Unit: "h", Tolerance: 0.05},
			"12 h", "10.00 ± 2.48 h", "-16.67 %", Disagrees},
		{Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "gpu_util", Value: 60, Unit: "%"},
			"60 %", "50.00 ± 0.00 %", "-16.67 %", Indicative},
		{Ref{Kind: Relative, Series: "las", X: "4", Metric: "mean_jct_s", Value: -0.22, Baseline: "fifo", Tolerance: 0.2},
			"-22 % vs fifo", "-20.00 ± 0.00 %", "2 pp", Agrees},
		{Ref{Kind: Relative, Series: "las", X: "4", Metric: "mean_jct_s", Value: -0.5, Baseline: "fifo", Tolerance: 0.2},
			"-50 % vs fifo", "-20.00 ± 0.00 %", "30 pp", Disagrees},
		{Ref{Kind: Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true},
			"below fifo", "-20.00 ± 0.00 %", "", DirectionHolds},
		{Ref{Kind: Direction, Series: "fifo", X: "4", Metric: "mean_jct_s", Baseline: "las", Lower: true},
			"below las", "25.00 ± 0.00 %", "", DirectionFails},
		{Ref{Kind: Direction, Series: "fifo", X: "2", Metric: "mean_jct_s", Baseline: "las", Lower: true},
			"below las", "", "", NoData},
	}
	for i, tc := range tests {
		f, rows := compareFigure(tc.ref)
		if err := f.Validate(); err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		v := Compare(f, rows)[0]
		if v.Reference != tc.reference || v.Ours != tc.ours || v.Difference != tc.diff || v.Verdict != tc.verdict {
			t.Errorf("%d: got %q | %q | %q | %q, want %q | %q | %q | %q", i, v.Reference, v.Ours, v.Difference, v.Verdict,
				tc.reference, tc.ours, tc.diff, tc.verdict)
		}
	}
}

func TestDirectionInconclusiveWhenTheIntervalStraddles(t *testing.T) {
	f, rows := compareFigure(Ref{Kind: Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true})
	rows[1].Value = 2 * rows[0].Value // seed 1: las twice fifo; seeds 2, 3: 20 % below
	if v := Compare(f, rows)[0]; v.Verdict != Inconclusive || v.N != 3 {
		t.Errorf("got %s over %d seeds (%s)", v.Verdict, v.N, v.Ours)
	}
}

func TestValidateRefusesIncomparableUnits(t *testing.T) {
	f, _ := compareFigure(Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 1, Unit: "%"})
	if err := f.Validate(); err == nil || !strings.Contains(err.Error(), `unit "%"`) {
		t.Errorf("got %v", err)
	}
}

func TestReadCSVRoundTrip(t *testing.T) {
	f, rows := compareFigure()
	var b bytes.Buffer
	if err := f.WriteCSV(&b, rows); err != nil {
		t.Fatal(err)
	}
	got, err := ReadCSV(f, "out.csv", bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := f.WriteCSV(&again, got); err != nil || again.String() != b.String() {
		t.Errorf("round trip differs (%v):\n%s\n%s", err, b.String(), again.String())
	}
}

func TestReadCSVNamesFileLineField(t *testing.T) {
	f := testFigure()
	ok := "t,rate,2,fifo,1,mean_jct_s,s,10\n"
	for in, want := range map[string]string{
		"":           "out.csv: empty file",
		"figure,x\n": "out.csv:1: header",
		CSVHeader + "\n" + ok + "u,rate,2,fifo,1,mean_jct_s,s,1\n": "out.csv:3: figure:",
		CSVHeader + "\nt,load,2,fifo,1,mean_jct_s,s,1\n":           "out.csv:2: x_name:",
		CSVHeader + "\nt,rate,3,fifo,1,mean_jct_s,s,1\n":           "out.csv:2: x:",
		CSVHeader + "\nt,rate,2,sjf,1,mean_jct_s,s,1\n":            "out.csv:2: series:",
		CSVHeader + "\nt,rate,2,fifo,-1,mean_jct_s,s,1\n":          "out.csv:2: seed:",
		CSVHeader + "\nt,rate,2,fifo,1,p99,s,1\n":                  "out.csv:2: metric:",
		CSVHeader + "\nt,rate,2,fifo,1,mean_jct_s,h,1\n":           "out.csv:2: unit:",
		CSVHeader + "\nt,rate,2,fifo,1,mean_jct_s,s,NaN\n":         "out.csv:2: value:",
		CSVHeader + "\nt,rate,2,fifo,1,mean_jct_s,s\n":             "out.csv:2: row: 7 fields",
		CSVHeader + "\n" + ok + ok:                                 "out.csv:3: metric: mean_jct_s of this cell already given",
	} {
		_, err := ReadCSV(f, "out.csv", strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", in, err, want)
		}
	}
}

func FuzzReadCSV(f *testing.F) {
	fig, rows := compareFigure()
	var b bytes.Buffer
	fig.WriteCSV(&b, rows)
	f.Add(b.String())
	f.Add(CSVHeader + "\nt,rate,2,fifo,1,mean_jct_s,s,1e308\n")
	f.Add(CSVHeader + "\n\"t\",rate,\"2\",fifo,1,gpu_util,1,0.5\n")
	f.Fuzz(func(t *testing.T, in string) {
		got, err := ReadCSV(fig, "fuzz.csv", strings.NewReader(in))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.csv") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		var out bytes.Buffer
		if err := fig.WriteCSV(&out, got); err != nil {
			t.Fatal(err)
		}
		again, err := ReadCSV(fig, "again.csv", &out)
		if err != nil || len(again) != len(got) {
			t.Fatalf("rows read from %q do not round-trip: %v", in, err)
		}
	})
}

func TestCompareOnTheReferencesSeedsOnly(t *testing.T) {
	f, rows := compareFigure(Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 11, Unit: "h",
		Tolerance: 0.001, Seeds: []uint64{3}})
	if v := Compare(f, rows)[0]; v.N != 1 || v.Verdict != Agrees || v.Ours != "11.00 ± ? h" || v.Reference != "11 h (seed 3)" {
		t.Errorf("seed 3 alone: %+v", v)
	}
	f.Refs[0].Seeds = []uint64{42}
	if v := Compare(f, rows)[0]; v.Verdict != NoData {
		t.Errorf("a seed not run: %+v", v)
	}
}
