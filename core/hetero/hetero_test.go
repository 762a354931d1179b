package hetero

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
	"schedlab/core/sim"
)

// sameTable checks that every point of got equals want's, and back.
func sameTable(t *testing.T, got, want *Table) {
	t.Helper()
	if len(got.Profiles()) != len(want.Profiles()) {
		t.Fatalf("got %d profiles, want %d", len(got.Profiles()), len(want.Profiles()))
	}
	n := 0
	for _, wp := range want.Profiles() {
		gp, ok := got.Profile(wp.JobType)
		if !ok {
			t.Errorf("profile %s missing", wp.JobType)
			continue
		}
		if len(gp.Points) != len(wp.Points) {
			t.Errorf("%s: got %d points, want %d", wp.JobType, len(gp.Points), len(wp.Points))
		}
		for _, pt := range wp.Points {
			x, ok := gp.At(pt.Type, pt.GPUs, pt.Spread)
			if !ok || x != pt.Throughput {
				t.Errorf("%s on %s×%d spread=%v: got %v, want %v", wp.JobType, pt.Type, pt.GPUs, pt.Spread, x, pt.Throughput)
			}
			n++
		}
	}
	if n < 400 {
		t.Errorf("compared %d points, want the ≈430 isolated multi- and single-GPU entries", n)
	}
}

func TestTranscriptionMatchesGavelFiles(t *testing.T) {
	data := shareddata.Dir(t)
	if runtime.GOOS == "js" {
		t.Skip("1.2 MB JSON and a 10k-line CSV are slow to read under Node; checked natively")
	}
	raw, err := os.ReadFile(filepath.Join(data, "gavel", "simulation_throughputs.json"))
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, err := LoadGavelJSON("simulation_throughputs.json", raw)
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, Gavel(), fromJSON)
	f, err := os.Open(filepath.Join(data, "gavel", "derived", "simulation_throughputs_flat.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fromCSV, err := LoadGavelCSV("simulation_throughputs_flat.csv", f)
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, Gavel(), fromCSV)
}

func TestLoadGavelSmall(t *testing.T) {
	js := `{"k80": {"('A3C', 1)": {"null": 3.5, "('A3C', 1)": [1.0, 1.0]}},
	        "v100_unconsolidated": {"('LM (batch size 5)', 2)": {"null": 40}}}`
	tb, err := LoadGavelJSON("x.json", []byte(js))
	if err != nil {
		t.Fatal(err)
	}
	if x, ok := tb.Throughput("a3c", core.K80, 1, false); !ok || x != 3.5 {
		t.Errorf("a3c on K80: got %v %v, want 3.5 true", x, ok)
	}
	if x, ok := tb.Throughput("LM (batch size 5)", core.V100, 2, true); !ok || x != 40 {
		t.Errorf("lm-bs5 spread on 2×V100: got %v %v, want 40 true", x, ok)
	}
	csv := "worker_type,job_type,scale_factor,colocated_job_type,colocated_scale_factor,throughput,colocated_throughput\r\n" +
		"k80,A3C,1,,,3.5,\r\nk80,A3C,1,A3C,1,1.0,1.0\r\nk80_unconsolidated,A3C,1,,,3.5,\r\n"
	tc, err := LoadGavelCSV("x.csv", strings.NewReader(csv))
	if err != nil {
		t.Fatal(err)
	}
	if x, ok := tc.Throughput("A3C", core.K80, 1, false); !ok || x != 3.5 {
		t.Errorf("CSV a3c on K80: got %v %v, want 3.5 true", x, ok)
	}
}

func TestLoadGavelErrors(t *testing.T) {
	head := "worker_type,job_type,scale_factor,colocated_job_type,colocated_scale_factor,throughput,colocated_throughput\r\n"
	tests := []struct {
		name, json, csv, want string
	}{
		{name: "bad key", json: `{"k80": {"A3C": {"null": 1}}}`, want: "x: k80: key \"A3C\""},
		{name: "bad type", json: `{"h100": {"('A3C', 1)": {"null": 1}}}`, want: "unknown GPU type"},
		{name: "no null", json: `{"k80": {"('A3C', 1)": {}}}`, want: "no isolated"},
		{name: "csv number", csv: head + "k80,A3C,1,,,fast,\r\n", want: "x:2: throughput: \"fast\""},
		{name: "csv scale", csv: head + "k80,A3C,0,,,1,\r\n", want: "x:2: scale_factor"},
		{name: "csv clash", csv: head + "k80,A3C,1,,,1,\r\nk80,A3C,1,,,2,\r\n", want: "x:3: throughput: A3C on K80×1 given twice"},
		{name: "csv header", csv: "a,b,c,d,e,f,g\r\n", want: "x:1: header"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.json != "" {
				_, err = LoadGavelJSON("x", []byte(tc.json))
			} else {
				_, err = LoadGavelCSV("x", strings.NewReader(tc.csv))
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestCanonicalName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ResNet-18 (batch size 64)", "resnet18-bs64"},
		{"LM (batch size 5)", "lm-bs5"},
		{"A3C", "a3c"},
		{"CycleGAN", "cyclegan"},
	} {
		if got := CanonicalName(tc.in); got != tc.want {
			t.Errorf("CanonicalName(%q): got %q, want %q", tc.in, got, tc.want)
		}
	}
}

type onePolicy struct{ gpus []int }

func (p *onePolicy) Name() string { return "one" }
func (p *onePolicy) Decide(v *sim.View, _ sim.Trigger) {
	for j := range v.Pending() {
		_ = v.Start(j, sim.Alloc{GPUs: p.gpus})
		return
	}
}

// TestEachTypeIsUsed runs one job on each GPU type and placement: it must finish exactly when
// its measured throughput says, never at another type's speed.
func TestEachTypeIsUsed(t *testing.T) {
	const iters = 100000
	tb := Gavel()
	tests := []struct {
		cluster string
		model   string
		gpus    []int
		typ     core.GPUType
		spread  bool
	}{
		{"1x1:K80", "ResNet-18 (batch size 64)", []int{0}, core.K80, false},
		{"1x1:P100", "ResNet-18 (batch size 64)", []int{0}, core.P100, false},
		{"1x1:V100", "ResNet-18 (batch size 64)", []int{0}, core.V100, false},
		{"1x1:K80", "recommendation-bs2048", []int{0}, core.K80, false},
		{"1x1:P100", "recommendation-bs2048", []int{0}, core.P100, false},
		{"1x4:V100", "transformer-bs64", []int{0, 1, 2, 3}, core.V100, false},
		{"4x1:V100", "transformer-bs64", []int{0, 1, 2, 3}, core.V100, true},
		{"2x2:K80", "lm-bs20", []int{0, 2}, core.K80, true},
	}
	seen := map[float64]bool{}
	for _, tc := range tests {
		t.Run(tc.cluster+"/"+tc.model, func(t *testing.T) {
			cl, err := core.ParseCluster(tc.cluster)
			if err != nil {
				t.Fatal(err)
			}
			job := core.Job{ID: "a", GPUs: len(tc.gpus), Iterations: iters, Model: tc.model}
			sp := Speed{Table: tb}
			if _, err := sp.Check("x.csv", []core.Job{job}, cl, true); err != nil {
				t.Fatalf("Check: %v", err)
			}
			s, err := sim.New(sim.Config{Cluster: cl, Jobs: []core.Job{job}, Speed: sp, Policy: &onePolicy{gpus: tc.gpus}})
			if err != nil {
				t.Fatal(err)
			}
			r := s.Run()
			x, _ := tb.Throughput(tc.model, tc.typ, len(tc.gpus), tc.spread)
			want := core.Time(math.Ceil(iters / x * 1000))
			if got := r.Jobs[0].End; got < want-1 || got > want+1 {
				t.Errorf("end: got %d ms, want %d ms (%.4g it/s on %s)", got, want, x, tc.typ)
			}
			if len(r.Warnings) != 0 {
				t.Errorf("warnings: got %v, want none", r.Warnings)
			}
			if seen[x] {
				t.Errorf("throughput %v used twice: types are not distinguished", x)
			}
			seen[x] = true
		})
	}
}

func TestCheckReportsMissingProfiles(t *testing.T) {
	tests := []struct {
		cluster, model string
		gpus           int
		want           string // measured only: "" = no error
		estimated      bool   // else: the gap has an estimate (a note, no error)
	}{
		{"1x4:K80", "ResNet-50 (batch size 64)", 2, "", false},
		{"1x4:K80", "ResNet-50 (batch size 128)", 2, "resnet50-bs128 has no measured throughput on 2×K80 on one server", true},
		{"2x4:K80", "ResNet-50 (batch size 128)", 2, "resnet50-bs128 has no measured throughput on 2×K80 spread over servers", true},
		{"2x4:V100", "ResNet-50 (batch size 128)", 2, "", false},
		{"1x8:A100", "ResNet-18 (batch size 64)", 1, "resnet18-bs64 has no measured throughput on 1×A100", false},
		{"1x8:V100", "A3C", 2, "a3c has no measured throughput on 2×V100 on one server", true},
		{"4x8:V100", "ResNet-18 (batch size 64)", 16, "resnet18-bs64 has no measured throughput on 16×V100 spread over servers", true},
		{"1x8:V100", "resnet50", 2, "", false}, // not a Gavel model: the base model's business
	}
	for _, tc := range tests {
		t.Run(tc.cluster+"/"+tc.model, func(t *testing.T) {
			cl, _ := core.ParseCluster(tc.cluster)
			note, err := Speed{Table: Gavel()}.Check("", []core.Job{{ID: "j1", GPUs: tc.gpus, Iterations: 1, Model: tc.model}}, cl, true)
			switch {
			case note != "":
				t.Errorf("measured only: got note %q, want none", note)
			case tc.want == "" && err != nil:
				t.Errorf("got error %v, want none", err)
			case tc.want != "" && !located(err, "job j1: model: ", tc.want):
				t.Errorf("got error %v, want job j1: model: %s", err, tc.want)
			}
			// A trace's job is named by file and line, as every importer error is.
			_, err = Speed{Table: Gavel()}.Check("t.csv", []core.Job{{ID: "j1", Line: 42, GPUs: tc.gpus, Iterations: 1, Model: tc.model}}, cl, true)
			if tc.want != "" && !located(err, "t.csv:42: model: ", tc.want) {
				t.Errorf("got error %v, want t.csv:42: model: %s", err, tc.want)
			}
			// Without measuredOnly an estimated gap is a note naming the first line instead.
			note, err = Speed{Table: Gavel()}.Check("t.csv", []core.Job{{ID: "j1", Line: 42, GPUs: tc.gpus, Iterations: 1, Model: tc.model}}, cl, false)
			switch {
			case tc.estimated && (err != nil || note != "1 job of 1 job type uses an estimated multi-GPU throughput (first: t.csv:42)"):
				t.Errorf("estimates allowed: got note %q, error %v; want the note on t.csv:42", note, err)
			case !tc.estimated && note != "":
				t.Errorf("estimates allowed: got note %q, want none", note)
			case !tc.estimated && (tc.want == "") != (err == nil):
				t.Errorf("estimates allowed: got error %v, want %q", err, tc.want)
			}
		})
	}
}

// located reports whether every line of err starts with prefix and one of them is prefix+want.
func located(err error, prefix, want string) bool {
	if err == nil {
		return false
	}
	lines := strings.Split(err.Error(), "\n")
	for _, l := range lines {
		if !strings.HasPrefix(l, prefix) {
			return false
		}
	}
	return slices.Contains(lines, prefix+want)
}

func TestModelsMergeWithBuiltins(t *testing.T) {
	list := GavelModels()
	if len(list) != 26 {
		t.Fatalf("got %d models, want 26", len(list))
	}
	r, err := core.NewModels(list)
	if err != nil {
		t.Fatal(err)
	}
	m, ok := r.Lookup("ResNet-18 (batch size 64)")
	if !ok || m.Name != "resnet18-bs64" || m.BatchSize != 64 {
		t.Fatalf("lookup: got %+v %v, want resnet18-bs64 with batch 64", m, ok)
	}
	if got, want := m.IterTime[core.K80], 1/7.052080666695425; math.Abs(got-want) > 1e-12*want {
		t.Errorf("K80 iteration time: got %v, want %v", got, want)
	}
}

// TestLoadGavelJSONDuplicateKeys: a key given twice in one object of the throughput file is an
// error naming both lines; the same key in two objects is not.
func TestLoadGavelJSONDuplicateKeys(t *testing.T) {
	tests := []struct{ name, json, want string }{
		{"worker", "{\"k80\": {\"('A3C', 1)\": {\"null\": 1}},\n\"k80\": {}}", "x:2: k80: duplicate key (first at line 1)"},
		{"job", "{\"k80\": {\"('A3C', 1)\": {\"null\": 1},\n\"('A3C', 1)\": {\"null\": 2}}}", "x:2: k80[\"('A3C',\\x201)\"]: duplicate key (first at line 1)"},
		{"null", "{\"k80\": {\"('A3C', 1)\": {\"null\": 1,\n\"null\": 2}}}", "x:2: k80[\"('A3C',\\x201)\"].null: duplicate key (first at line 1)"},
		{"two workers", "{\"k80\": {\"('A3C', 1)\": {\"null\": 1}},\n\"p100\": {\"('A3C', 1)\": {\"null\": 2}}}", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadGavelJSON("x", []byte(tc.json))
			if got := fmt.Sprint(err); tc.want != "" && got != tc.want || tc.want == "" && err != nil {
				t.Errorf("got error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestProfileSpellings: every profile of the built-in tables is found by its job type, its
// canonical name and other spellings of them, and names the tables do not know, some with the
// first byte and length of a key they hold, are not.
func TestProfileSpellings(t *testing.T) {
	for _, tb := range []*Table{Gavel(), Zeus()} {
		for i, p := range tb.Profiles() {
			for _, name := range []string{p.JobType, p.Name, strings.ToUpper(p.Name), " " + p.JobType + " ", "NVIDIA " + p.Name} {
				if got, ok := tb.Profile(name); !ok || got != &tb.Profiles()[i] {
					t.Errorf("%q: not found as %s", name, p.JobType)
				}
			}
		}
		for _, name := range []string{"", "alexnet", "resnet18", "transformer-xl", "a3d", "resnet18-bs17", "cyclegam", "Z"} {
			if p, ok := tb.Profile(name); ok {
				t.Errorf("%q: found as %s", name, p.JobType)
			}
		}
	}
}
