package figure

import (
	"bytes"
	"cmp"
	"math"
	"slices"
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
	for i := range f.Refs {
		f.Refs[i].Evidence = cmp.Or(f.Refs[i].Evidence, PaperNumber)
		if f.Refs[i].Tolerance > 0 {
			f.Refs[i].Band = "a test band"
		}
	}
	var rows []Row
	for i, seed := range []uint64{1, 2, 3} {
		rows = append(rows, Row{X: 1, S: 0, M: 0, Seed: seed, Value: 36000 + 3600*float64(i-1)}, // fifo 9,10,11 h
			Row{X: 1, S: 1, M: 0, Seed: seed, Value: 0.8 * (36000 + 3600*float64(i-1))}, // las 20 % less each seed
			Row{X: 1, S: 0, M: 1, Seed: seed, Value: 0.5})
	}
	return f, rows
}

func TestCompareRules(t *testing.T) {
	// fifo: 9, 10, 11 h (mean 10 ± 2.484 h); las: 20 % below fifo on every seed (−20 ± 0 %).
	tests := []struct {
		ref                            Ref
		reference, ours, diff, verdict string
	}{
		{Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 10.5, Unit: "h", Tolerance: 0.05},
			"10.5 h (band 9.975 to 11.03 h: a test band)", "10.00 ± 2.48 h", "-4.762 %", Inconclusive}, // the mean is in the band, the interval is not
		{Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 10, Unit: "h", Tolerance: 0.4},
			"10 h (band 6 to 14 h: a test band)", "10.00 ± 2.48 h", "0 %", Agrees},
		{Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 20, Unit: "h", Tolerance: 0.05},
			"20 h (band 19 to 21 h: a test band)", "10.00 ± 2.48 h", "-50 %", Disagrees},
		{Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "gpu_util", Value: 60, Unit: "%", Shown: true},
			"60 %", "50.00 ± 0.00 %", "-16.67 %", Shown},
		{Ref{Kind: Relative, Series: "las", X: "4", Metric: "mean_jct_s", Value: -0.22, Baseline: "fifo", Tolerance: 0.2},
			"-22 % vs fifo (band -26.4 to -17.6 %: a test band)", "-20 % (-20 to -20 %)", "2 pp", Agrees},
		{Ref{Kind: Relative, Series: "las", X: "4", Metric: "mean_jct_s", Value: -0.5, Baseline: "fifo", Tolerance: 0.2},
			"-50 % vs fifo (band -60 to -40 %: a test band)", "-20 % (-20 to -20 %)", "30 pp", Disagrees},
		{Ref{Kind: Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true},
			"below fifo", "-20 % (-20 to -20 %)", "", DirectionHolds},
		{Ref{Kind: Direction, Series: "fifo", X: "4", Metric: "mean_jct_s", Baseline: "las", Lower: true},
			"below las", "25 % (25 to 25 %)", "", DirectionFails},
		{Ref{Kind: Direction, Series: "fifo", X: "2", Metric: "mean_jct_s", Baseline: "las", Lower: true},
			"below las", "", "", NoData},
	}
	for i, tc := range tests {
		tc.ref.Source = "test"
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

// TestEquivalenceBoundaries: the interval [a, b] against the band [lo, hi] = [1, 2], edges
// included in the band.
func TestEquivalenceBoundaries(t *testing.T) {
	for _, tc := range []struct {
		a, b float64
		want string
	}{
		{1, 2, Agrees},                       // the interval is the band: inside
		{1.5, 1.5, Agrees},                   // a point inside
		{0.999, 1.5, Inconclusive},           // across the lower edge
		{1.5, 2.001, Inconclusive},           // across the upper edge
		{0.5, 2.5, Inconclusive},             // wider than the band
		{0, 1, Inconclusive},                 // touches the lower edge from outside
		{0, 0.999, Disagrees},                // wholly below
		{2.001, 3, Disagrees},                // wholly above
		{math.Nextafter(2, 3), 3, Disagrees}, // just above
	} {
		if got := equivalence(tc.a, tc.b, 1, 2); got != tc.want {
			t.Errorf("[%v, %v] vs [1, 2]: %s, want %s", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestSignBoundaries: mean ± half against zero, for a claim of below (and, mirrored, above).
func TestSignBoundaries(t *testing.T) {
	for _, tc := range []struct {
		mean, half float64
		want       string
	}{
		{-1, 0.5, DirectionHolds},
		{-1, 0.999, DirectionHolds},
		{-1, 1, Inconclusive}, // the interval reaches zero
		{-1, 2, Inconclusive},
		{0, 0, Inconclusive}, // no effect at all
		{1, 1, Inconclusive},
		{1, 0.999, DirectionFails},
	} {
		if got := sign(tc.mean, tc.half, true, DirectionHolds, DirectionFails); got != tc.want {
			t.Errorf("below: %v ± %v: %s, want %s", tc.mean, tc.half, got, tc.want)
		}
		if got := sign(-tc.mean, tc.half, false, DirectionHolds, DirectionFails); got != tc.want {
			t.Errorf("above: %v ± %v: %s, want %s", -tc.mean, tc.half, got, tc.want)
		}
	}
}

// TestCompareUsesTheInterval is issue's example: a band of 0 to −10 % and a mean inside it agrees
// only when the whole interval is inside; a wide spread is inconclusive.
func TestCompareUsesTheInterval(t *testing.T) {
	ref := Ref{Kind: Relative, Series: "las", X: "4", Metric: "mean_jct_s", Value: -0.05, Baseline: "fifo", Tolerance: 0.49, Band: "test", Source: "test"}
	f, rows := compareFigure(ref)
	effects := func(es ...float64) []Row {
		out := slices.Clone(rows)
		for i := range out {
			if out[i].S == 1 && out[i].M == 0 {
				out[i].Value = (1 + es[out[i].Seed-1]) * out[i-1].Value
			}
		}
		return out
	}
	for _, tc := range []struct {
		es   []float64
		want string
	}{
		{[]float64{-0.045, -0.05, -0.055}, Agrees},
		{[]float64{-0.20, -0.05, +0.10}, Inconclusive}, // mean −5 %, interval far wider than the band
		{[]float64{-0.30, -0.31, -0.29}, Disagrees},
		{[]float64{+0.05, +0.06, +0.04}, Disagrees},
	} {
		if v := Compare(f, effects(tc.es...))[0]; v.Verdict != tc.want {
			t.Errorf("effects %v: %s (%s), want %s", tc.es, v.Verdict, v.Ours, tc.want)
		}
	}
}

// TestOneSeed: a single seed is judged on the point only on the authors' seeds or a
// deterministic figure, and the table says so; otherwise it is inconclusive.
func TestOneSeed(t *testing.T) {
	ref := Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 11, Unit: "h", Tolerance: 0.001, Source: "test"}
	f, rows := compareFigure(ref)
	one := slices.DeleteFunc(slices.Clone(rows), func(r Row) bool { return r.Seed != 3 })
	if v := Compare(f, one)[0]; v.Verdict != Inconclusive || v.Point || v.Ours != "11.00 ± ? h" {
		t.Errorf("one seed, not the authors': %+v", v)
	}
	f.Deterministic = true
	if v := Compare(f, one)[0]; v.Verdict != Agrees || !v.Point || v.Ours != "11.00 h (seed 3, judged on the point)" {
		t.Errorf("deterministic figure: %+v", v)
	}
	f.Refs[0].Value = 12
	if v := Compare(f, one)[0]; v.Verdict != Disagrees || !v.Point {
		t.Errorf("deterministic figure, off the band: %+v", v)
	}
}

func TestTrend(t *testing.T) {
	f := testFigure()
	// las's effect against fifo per seed: at rate 2 about −40 %, at rate 4 about −20 %.
	var rows []Row
	add := func(x int, seed uint64, fifo, effect float64) {
		rows = append(rows, Row{X: x, S: 0, M: 0, Seed: seed, Value: fifo}, Row{X: x, S: 1, M: 0, Seed: seed, Value: fifo * (1 + effect)})
	}
	for i, seed := range []uint64{1, 2, 3, 4} {
		d := 0.01 * float64(i)
		add(0, seed, 100+float64(i), -0.40+d)
		add(1, seed, 200-float64(i), -0.20-d)
	}
	ref := Ref{Kind: Trend, Series: "las", Baseline: "fifo", X: "2", To: "4", Metric: "mean_jct_s", Evidence: OurCheck, Source: "test"}
	f.Refs = []Ref{ref}
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	v := Compare(f, rows)[0]
	// the mean change of the log ratio: ln((1 − 0.20 − d)/(1 − 0.40 + d)) over d = 0, 0.01, 0.02, 0.03.
	var want float64
	for i := range 4 {
		d := 0.01 * float64(i)
		want += math.Log((0.80-d)/(0.60+d)) / 4
	}
	if v.Verdict != TrendHolds || v.N != 4 || math.Abs(v.Log-want) > 1e-9 || math.Abs(v.Mean-math.Expm1(want)) > 1e-9 || v.Reference != "effect vs fifo higher at 4 than at 2" {
		t.Errorf("gain shrinking: %+v", v)
	}
	f.Refs[0].Lower = true
	if v := Compare(f, rows)[0]; v.Verdict != TrendFails || v.Reference != "effect vs fifo lower at 4 than at 2" {
		t.Errorf("claimed growing: %+v", v)
	}
	// seed 4's effects swapped between the points: the differences straddle zero.
	for i := range rows {
		if rows[i].Seed == 4 && rows[i].S == 1 {
			rows[i].Value = rows[i-1].Value * (1 + map[int]float64{0: 0.5, 1: -0.9}[rows[i].X])
		}
	}
	if v := Compare(f, rows)[0]; v.Verdict != Inconclusive {
		t.Errorf("one seed reversed hard: %+v", v)
	}
	for _, bad := range []Ref{{To: "4"}, {Kind: Trend, To: ""}, {Kind: Trend, To: "2"}, {Kind: Trend, To: "9"}, {Kind: Trend, To: "4", Tolerance: 0.1}} {
		g := testFigure()
		r := ref
		r.Kind, r.To, r.Tolerance = cmp.Or(bad.Kind, Direction), bad.To, bad.Tolerance
		g.Refs = []Ref{r}
		if g.Validate() == nil {
			t.Errorf("%+v: valid", r)
		}
	}
}

func TestValidateWantsABandOrShown(t *testing.T) {
	f, _ := compareFigure(Ref{Kind: Relative, Series: "las", X: "4", Metric: "mean_jct_s", Value: -0.2, Baseline: "fifo", Source: "test"})
	if err := f.Validate(); err == nil || !strings.Contains(err.Error(), "tolerance band") {
		t.Errorf("no band: %v", err)
	}
	f.Refs[0].Shown = true
	if err := f.Validate(); err != nil {
		t.Errorf("shown: %v", err)
	}
	f.Refs[0].Source = ""
	if err := f.Validate(); err == nil {
		t.Error("no source: valid")
	}
}

func TestTally(t *testing.T) {
	f, rows := compareFigure(
		Ref{Kind: Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Source: "a"},
		Ref{Kind: Direction, Series: "fifo", X: "4", Metric: "mean_jct_s", Baseline: "las", Lower: true, Source: "a"},
		Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 10.5, Unit: "h", Tolerance: 0.05, Source: "a"},
		Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "gpu_util", Value: 60, Unit: "%", Shown: true, Source: "a"},
		Ref{Kind: Direction, Series: "fifo", X: "2", Metric: "mean_jct_s", Baseline: "las", Lower: true, Source: "a"},
		Ref{Kind: Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Source: "b", Evidence: OurCheck},
	)
	c := ClaimsOf(f, rows)
	if c.Tallies.Of(PaperNumber) != (Tally{Judged: 3, Hold: 1, Fail: 1, Inconclusive: 1, Shown: 1, NoData: 1}) || c.Tallies.Of(OurCheck) != (Tally{Judged: 1, Hold: 1}) {
		t.Errorf("tallies %+v", c.Tallies)
	}
	if len(c.Judged) != 5 || len(c.Shown) != 1 || c.Judged[4].Ref.Evidence != OurCheck || !slices.Equal(c.Seeds, []uint64{1, 2, 3}) {
		t.Errorf("groups %d %d, seeds %v", len(c.Judged), len(c.Shown), c.Seeds)
	}
	want := "paper: number: 3 judged: 1 agree or hold, 1 disagree or fail, 1 inconclusive; 1 shown, not judged; 1 without data; " +
		"our check: 1 judged: 1 agree or hold, 0 disagree or fail, 0 inconclusive"
	if got := c.TallyText(); got != want {
		t.Errorf("tally text\n%s\nwant\n%s", got, want)
	}
}

func TestValidateRefusesIncomparableUnits(t *testing.T) {
	f, _ := compareFigure(Ref{Kind: Absolute, Series: "fifo", X: "4", Metric: "mean_jct_s", Value: 1, Unit: "%", Tolerance: 0.1, Source: "test"})
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
		Tolerance: 0.001, Seeds: []uint64{3}, Source: "test"})
	v := Compare(f, rows)[0]
	if v.N != 1 || v.Verdict != Agrees || !v.Point || v.Ours != "11.00 h (seed 3, judged on the point)" || v.Reference != "11 h (band 10.99 to 11.01 h: a test band, seed 3)" {
		t.Errorf("seed 3 alone: %+v", v)
	}
	f.Refs[0].Seeds = []uint64{42}
	if v := Compare(f, rows)[0]; v.Verdict != NoData {
		t.Errorf("a seed not run: %+v", v)
	}
}

// TestClaimRows: the words of each claim, its group, ours and the seeds, and the papers' tallies,
// each claim counted once however many figures show it.
func TestClaimRows(t *testing.T) {
	f, rows := compareFigure(
		Ref{Kind: Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Source: "paper, Fig 1"},
		Ref{Kind: Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Source: "ours", Evidence: OurCheck},
		Ref{Kind: Trend, Series: "las", X: "2", To: "4", Metric: "mean_jct_s", Baseline: "fifo", Source: "paper, Fig 2"},
	)
	f.Paper, f.Number = "P", "Fig 1"
	got := ClaimsOf(f, rows).Rows()
	want := []ClaimRow{
		{Group: "paper: number", Evidence: PaperNumber, Figure: "t", Number: "Fig 1", Claim: "las below fifo, mean_jct_s, rate 4", Source: "paper, Fig 1 (paraphrase)",
			Ours: "-20 % (-20 to -20 %)", Seeds: "1-3", Verdict: DirectionHolds},
		{Group: "paper: number", Evidence: PaperNumber, Figure: "t", Number: "Fig 1", Claim: "las effect vs fifo higher at 4 than at 2, mean_jct_s, over rate",
			Source: "paper, Fig 2 (paraphrase)", Verdict: NoData, Why: "the rows hold no seed of this claim's runs"},
		{Group: "our check", Evidence: OurCheck, Figure: "t", Number: "Fig 1", Claim: "las below fifo, mean_jct_s, rate 4", Source: "ours",
			Ours: "-20 % (-20 to -20 %)", Seeds: "1-3", Verdict: DirectionHolds},
	}
	if !slices.Equal(got, want) {
		t.Errorf("rows\n%+v\nwant\n%+v", got, want)
	}
	g := *f
	g.ID, g.Paper = "u", "Q"
	h := *f
	h.ID = "v" // the same claims on the same runs: counted once
	papers := ByPaper([]Claims{ClaimsOf(f, rows), ClaimsOf(&g, rows), ClaimsOf(&h, rows)})
	if len(papers) != 2 || papers[0].Paper != "P" || len(papers[0].Figures) != 2 || papers[0].Tallies.Paper().Hold != 1 ||
		papers[0].Tallies.Paper().NoData != 1 || papers[0].Tallies.Of(OurCheck).Judged != 1 {
		t.Errorf("by paper: %+v", papers)
	}
}

// TestRefusesAnEffectWithoutALogRatio: a 0 or negative value at a seed refuses the claim, naming
// the figure, the claim and the seed, and counts in no tally.
func TestRefusesAnEffectWithoutALogRatio(t *testing.T) {
	for _, ref := range []Ref{
		{Kind: Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Source: "test"},
		{Kind: Relative, Series: "fifo", X: "4", Metric: "mean_jct_s", Baseline: "las", Value: 0.25, Tolerance: 0.1, Source: "test"},
	} {
		f, rows := compareFigure(ref)
		for i := range rows {
			if rows[i].Seed == 2 && rows[i].S == 1 && rows[i].M == 0 {
				rows[i].Value = 0
			}
		}
		v := Compare(f, rows)[0]
		want := "figure t, claim 1 (" + ref.Series + " vs " + ref.Baseline + ", mean_jct_s, rate 4): seed 2 has "
		if v.Verdict != Refused || !strings.HasPrefix(v.Why, want) {
			t.Errorf("%s vs %s: %q, why %q; want refused, %q…", ref.Series, ref.Baseline, v.Verdict, v.Why, want)
		}
		var tally Tally
		tally.Add(v)
		if tally.Judged != 0 || tally.Refused != 1 {
			t.Errorf("refused counted as %+v", tally)
		}
	}
}

// TestSwapNegatesTheLogEffect: series and baseline swapped, the mean log ratio is negated exactly
// and the interval keeps its width, however widely the per-seed ratios spread.
func TestSwapNegatesTheLogEffect(t *testing.T) {
	f, rows := compareFigure(Ref{Kind: Direction, Series: "las", X: "4", Metric: "mean_jct_s", Baseline: "fifo", Lower: true, Source: "test"})
	for i, r := range []float64{0.27, 3.41, 1.3} {
		rows[3*i+1].Value = r * rows[3*i].Value
	}
	g := *f
	g.Refs = []Ref{f.Refs[0]}
	g.Refs[0].Series, g.Refs[0].Baseline = "fifo", "las"
	a, b := Compare(f, rows)[0], Compare(&g, rows)[0]
	if a.Log != -b.Log || a.LogHalf != b.LogHalf || math.IsNaN(a.Log) {
		t.Errorf("log effects %v ± %v and %v ± %v", a.Log, a.LogHalf, b.Log, b.LogHalf)
	}
}
