package gen

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
	"schedlab/core/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestPhillyGolden pins the first 5 jobs of philly:jobs=1000,rate=9 with seed 1, written in the
// native trace format. The same file must match natively and under wasm. Do NOT edit the golden
// by hand; regenerate it with -update only when the generator is meant to change.
func TestPhillyGolden(t *testing.T) {
	jobs, err := Generate("philly:jobs=1000,rate=9", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := trace.WriteNative(&buf, jobs[:5]); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(shareddata.Root(t), "testdata", "gen_philly_golden.csv")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	got := buf.String()
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("golden line %d: got %q, want %q", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("golden: got %d lines, want %d", len(gl), len(wl))
	}
}

func TestPhillyDeterministic(t *testing.T) {
	a, _ := Generate("philly:jobs=200", 7, nil)
	b, _ := Generate("philly:jobs=200,rate=9,multigpu=true,start=0", 7, nil)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("same seed and (defaulted) spec: got different jobs")
	}
	c, _ := Generate("philly:jobs=200", 8, nil)
	if reflect.DeepEqual(a, c) {
		t.Errorf("seeds 7 and 8: got identical jobs, want different")
	}
	single, _ := Generate("philly:jobs=200,multigpu=false", 7, nil)
	for i := range a {
		if single[i].GPUs != 1 || single[i].Submit != a[i].Submit || single[i].Iterations != a[i].Iterations {
			t.Fatalf("multigpu=false job %d: got %+v, want 1 GPU and otherwise %+v", i, single[i], a[i])
		}
	}
}

// TestPhillyDistribution checks the drawn shape on 20,000 jobs against the spec's parameters.
func TestPhillyDistribution(t *testing.T) {
	const n = 20000
	jobs, err := Generate("philly:jobs=20000,rate=9,start=100", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	models := core.BuiltinModels()
	gpus := map[int]int{}
	long := 0
	for i, j := range jobs {
		if err := j.Validate(); err != nil {
			t.Fatalf("job %d: %v", i, err)
		}
		gpus[j.GPUs]++
		m, _ := models.Lookup(j.Model)
		dur := float64(j.Iterations) * m.IterTime[core.V100]
		if dur < 60*math.Sqrt(1000)-1 || dur >= 600000 {
			t.Fatalf("job %d: duration %.0f s outside [1897, 600000)", i, dur)
		}
		if dur > 60000 {
			long++
		}
	}
	if jobs[0].Submit != 100*core.Second {
		t.Errorf("first arrival: got %v, want 100s", jobs[0].Submit)
	}
	meanGap := (jobs[n-1].Submit - jobs[0].Submit).Seconds() / (n - 1)
	near := func(got, want, tol float64) bool { return math.Abs(got-want) <= tol }
	if !near(meanGap, 400.5, 12) { // 3600/9 plus 0.5 s from rounding up
		t.Errorf("mean inter-arrival: got %.1f s, want ≈ 400.5", meanGap)
	}
	for g, p := range map[int]float64{1: 0.7, 2: 0.1, 4: 0.15, 8: 0.05} {
		if got := float64(gpus[g]) / n; !near(got, p, 0.015) {
			t.Errorf("share of %d-GPU jobs: got %.3f, want ≈ %.2f", g, got, p)
		}
	}
	if got := float64(long) / n; !near(got, 0.2, 0.015) {
		t.Errorf("share of jobs over 60,000 s: got %.3f, want ≈ 0.2", got)
	}
	if len(gpus) != 4 {
		t.Errorf("GPU counts: got %v, want only 1, 2, 4, 8", gpus)
	}
}

func TestSpecErrors(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"", "name: missing"},
		{"gavel:jobs=3", `unknown generator "gavel"`},
		{"philly:seed=3", "seed: not allowed"},
		{"philly:jobs=3,colour=red", "colour: unknown key (known: jobs, rate, multigpu, start)"},
		{"philly:jobs", "jobs: want key=value"},
		{"philly:jobs=3,jobs=4", "jobs: given twice"},
		{"philly:jobs=x", `jobs: not an integer: "x"`},
		{"philly:jobs=0", "jobs: 0 is outside"},
		{"philly:rate=NaN", "rate: not a finite number"},
		{"philly:rate=0", "rate: 0 is outside"},
		{"philly:multigpu=maybe", "multigpu: want true or false"},
		{"philly:jobs=1000,rate=0.000001", "rate too low"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			_, err := Generate(tt.spec, 1, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Generate(%q): got error %v, want one containing %q", tt.spec, err, tt.want)
			}
		})
	}
}

func TestParseSpec(t *testing.T) {
	name, pairs, err := ParseSpec(" philly : jobs = 5 , RATE=2, ")
	if err != nil || name != "philly" || !reflect.DeepEqual(pairs, [][2]string{{"jobs", "5"}, {"rate", "2"}}) {
		t.Errorf("got %q %v %v, want philly [[jobs 5] [rate 2]] <nil>", name, pairs, err)
	}
}

func BenchmarkPhilly(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Generate("philly:jobs=10000", 1, nil); err != nil {
			b.Fatal(err)
		}
	}
}
