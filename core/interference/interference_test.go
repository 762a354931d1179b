package interference

import (
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
)

func sameModel(t *testing.T, got, want *Model) {
	t.Helper()
	bad := 0
	for ti, typ := range gpuTypes {
		for a := range 26 {
			for b := range 26 {
				g, w := got.norm[ti][a][b], want.norm[ti][a][b]
				if math.Abs(g-w) > 5.01e-5 || (g == 0) != (w == 0) {
					if bad++; bad <= 5 {
						t.Errorf("%s %s next to %s: got %.6f, want %.6f", typ, jobTypes[a], jobTypes[b], g, w)
					}
				}
			}
		}
	}
}

func TestTableMatchesFiles(t *testing.T) {
	data := shareddata.Dir(t)
	csvPath := filepath.Join(data, "gavel", "derived", "simulation_throughputs_flat.csv")
	f, err := os.Open(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fromCSV, err := LoadCSV(csvPath, f)
	if err != nil {
		t.Fatal(err)
	}
	sameModel(t, Gavel(), fromCSV)
	if runtime.GOOS == "js" {
		t.Skip("the 1 MB JSON is slow to read under Node; the CSV check above covers the table")
	}
	b, err := os.ReadFile(filepath.Join(data, "gavel", "simulation_throughputs.json"))
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, err := LoadJSON("simulation_throughputs.json", b)
	if err != nil {
		t.Fatal(err)
	}
	sameModel(t, Gavel(), fromJSON)
}

func TestCounts(t *testing.T) {
	// The data README: 1,881 fitting ordered pairs (K80 589, P100 656, V100 636) + 147 that do not fit.
	m := Gavel()
	want := map[core.GPUType]int{core.K80: 589, core.P100: 656, core.V100: 636}
	misfits := 0
	for _, typ := range GPUTypes() {
		fits := 0
		for a := range 26 {
			for b := range 26 {
				x, _ := m.Pair(typ, a, b)
				if x > 0 {
					fits++
				} else {
					misfits++
				}
			}
		}
		if fits != want[typ] {
			t.Errorf("%s: got %d fitting pairs, want %d", typ, fits, want[typ])
		}
	}
	if misfits != 147 {
		t.Errorf("got %d pairs that do not fit, want 147", misfits)
	}
}

func TestLoadErrors(t *testing.T) {
	head := "worker_type,job_type,scale_factor,colocated_job_type,colocated_scale_factor,throughput,colocated_throughput\r\n"
	for _, tc := range []struct{ name, body, want string }{
		{"header", "a,b,c,d,e,f,g\r\n", "x.csv:1: header"},
		{"worker", head + "t4,A3C,1,,,1,\r\n", "x.csv:2: worker_type"},
		{"job", head + "k80,Nope,1,,,1,\r\n", "x.csv:2: job_type"},
		{"number", head + "k80,A3C,1,,,abc,\r\n", "x.csv:2: throughput"},
		{"incomplete", head + "k80,A3C,1,,,1,\r\n", "pair missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadCSV("x.csv", strings.NewReader(tc.body))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestColocationRules(t *testing.T) {
	models := core.BuiltinModels()
	c := NewColocation(Gavel(), models)
	job := func(model string, bs int) *core.Job {
		return &core.Job{ID: model, Model: model, BatchSize: bs, GPUs: 1}
	}
	r18, r50, lm := job("resnet18-bs64", 0), job("ResNet-50 (batch size 64)", 0), job("lm-bs20", 0)
	r50big := job("resnet50-bs128", 0)
	for _, tc := range []struct {
		name  string
		group []*core.Job
		typ   core.GPUType
		want  bool
	}{
		{"measured pair", []*core.Job{r18, r50}, core.V100, true},
		{"measured misfit", []*core.Job{r50big, r50big}, core.V100, false},
		{"unmeasured type", []*core.Job{r18, lm}, core.A100, false},
		{"unknown model", []*core.Job{r18, job("alexnet", 0)}, core.V100, false},
		{"three small", []*core.Job{r18, lm, lm}, core.V100, true},
		{"three over memory", []*core.Job{r50, r50, r50}, core.V100, false},
		{"synergy resnet18 maps to bs256", []*core.Job{job("resnet18", 0), lm}, core.V100, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := c.Fits(tc.group, tc.typ); got != tc.want {
				t.Errorf("got fits %v, want %v", got, tc.want)
			}
		})
	}
	// Gavel's measured co-location pairs (V100): ResNet-50 next to Transformer-64 keeps 0.58; ResNet-18 next to LM keeps 1.00.
	for _, tc := range []struct {
		a, b *core.Job
		want float64
	}{{r50, job("transformer-bs64", 0), 0.58}, {r18, lm, 1.00}, {job("transformer-bs64", 0), r50, 0.21}} {
		if got := c.Slowdown(tc.a, []*core.Job{tc.b}, core.V100); math.Abs(got-tc.want) > 0.005 {
			t.Errorf("%s next to %s: got %.3f, want %.2f", tc.a.Model, tc.b.Model, got, tc.want)
		}
	}
	two := c.Slowdown(r18, []*core.Job{r50, lm}, core.V100)
	one, _ := c.Model().Pair(core.V100, mustType(t, c, r18), mustType(t, c, r50))
	other, _ := c.Model().Pair(core.V100, mustType(t, c, r18), mustType(t, c, lm))
	if math.Abs(two-one*other) > 1e-12 {
		t.Errorf("two co-runners: got %.4f, want the product %.4f", two, one*other)
	}
	if k, ok := c.Type(job("resnet18", 0)); !ok || JobType(k) != "ResNet-18 (batch size 256)" {
		t.Errorf("resnet18 (batch 512): got type %d %v, want ResNet-18 (batch size 256)", k, ok)
	}
}

func mustType(t *testing.T, c *Colocation, j *core.Job) int {
	t.Helper()
	k, ok := c.Type(j)
	if !ok {
		t.Fatalf("job %s: no type", j.Model)
	}
	return k
}

// TestLoadJSONDuplicateKeys: a key given twice in one object of the throughput file (a
// co-location pair here) is an error naming both lines.
func TestLoadJSONDuplicateKeys(t *testing.T) {
	doc := "{\"k80\": {\"('A3C', 1)\": {\"null\": 1,\n \"('A3C', 1)\": [0.5, 0.5],\n \"('A3C', 1)\": [0.4, 0.4]}}}"
	want := "x.json:3: k80[\"('A3C',\\x201)\"][\"('A3C',\\x201)\"]: duplicate key (first at line 2)"
	if _, err := LoadJSON("x.json", []byte(doc)); err == nil || err.Error() != want {
		t.Errorf("got error %v, want %q", err, want)
	}
}
