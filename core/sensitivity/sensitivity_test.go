package sensitivity

import (
	"math"
	"os"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
	"schedlab/core/sim"
)

func TestSpeedupAt(t *testing.T) {
	tab := Builtin()
	res18, _ := tab.Lookup("res18", 3)
	alex, _ := tab.Lookup("AlexNet", 3)
	gnmt, _ := tab.Lookup("gnmt", 3)
	for _, c := range []struct {
		name           string
		p              *Profile
		g              int
		cpu, mem, want float64
	}{
		{"proportional point", res18, 1, 3, 62.5, 1},
		{"ideal point", res18, 1, 9, 62.5, 2.4},
		{"beyond ideal", res18, 1, 24, 250, 2.4},
		{"half way in CPU", res18, 1, 6, 62.5, 1 + 1.4/6*3},
		{"alexnet ideal", alex, 1, 12, 125, 2.94},
		{"below proportional: grid", res18, 1, 2, 62.5, 0.72},
		{"memory starved: grid", alex, 1, 12, 500.0 / 24, 0.1},
		{"flat language model", gnmt, 1, 1, 500.0 / 24, 1},
	} {
		if got := c.p.SpeedupAt(c.g, c.cpu, c.mem); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

func TestDemandClipping(t *testing.T) {
	alex, _ := Builtin().Lookup("alexnet", 3)
	for _, c := range []struct {
		g                 int
		cpu, mem, speedup float64
	}{
		{1, 12, 125, 2.94},
		{2, 24, 250, 2.94},
		{4, 24, 500, 1 + 1.94/36*12}, // CPU clipped to the server: interpolated
		{16, 48, 1000, 1},            // more GPUs than a server: proportional, speed-up 1
	} {
		d := alex.Demand(c.g, 8, 24, 500)
		if d.CPU != c.cpu || d.Mem != c.mem || math.Abs(d.Speedup-c.speedup) > 1e-12 {
			t.Errorf("g=%d: got %+v, want cpu %v mem %v speed-up %v", c.g, d, c.cpu, c.mem, c.speedup)
		}
	}
}

func TestRatioProfiles(t *testing.T) {
	tab := Builtin()
	for _, c := range []struct {
		prop  float64
		ratio int
		iter  float64
	}{{3, 3, 0.64}, {4, 4, 0.5}, {5, 5, 0.41}, {6, 6, 0.365}, {2, 3, 0.64}, {12, 6, 0.365}} {
		p, ok := tab.Lookup("resnet18", c.prop)
		if !ok || p.Ratio != c.ratio || p.IterTime != c.iter {
			t.Errorf("prop %v: got %+v, want ratio %d iter %v", c.prop, p, c.ratio, c.iter)
		}
	}
}

func TestSpeedWrapsBase(t *testing.T) {
	sp := NewSpeed(sim.ProfileSpeed{Models: core.BuiltinModels()})
	job := &core.Job{ID: "a", GPUs: 1, Iterations: 10, Model: "res18"}
	for _, c := range []struct {
		p    sim.Placement
		want float64
	}{
		{sim.Placement{Type: core.V100, GPUs: 1, CPUPerGPU: 3, MemPerGPU: 62.5, PropCPU: 3, PropMem: 62.5}, 0.64},
		{sim.Placement{Type: core.V100, GPUs: 1, CPUPerGPU: 9, MemPerGPU: 62.5, PropCPU: 3, PropMem: 62.5}, 0.64 / 2.4},
		{sim.Placement{Type: core.V100, GPUs: 1, CPUPerGPU: 4, MemPerGPU: 62.5, PropCPU: 4, PropMem: 62.5}, 0.5},
		{sim.Placement{Type: core.V100, GPUs: 1, CPUPerGPU: 9, MemPerGPU: 62.5, PropCPU: 4, PropMem: 62.5}, 0.5 / 1.85},
	} {
		got, warn := sp.IterTime(job, c.p)
		if math.Abs(got-c.want) > 1e-12 || warn != "" {
			t.Errorf("%+v: got %v (%q), want %v", c.p, got, warn, c.want)
		}
	}
	other := &core.Job{ID: "b", GPUs: 1, Iterations: 10, Model: "mystery", IterTime: 2}
	if got, _ := sp.IterTime(other, sim.Placement{GPUs: 1, CPUPerGPU: 12, PropCPU: 3}); got != 2 {
		t.Errorf("unprofiled model: got %v, want the base 2", got)
	}
}

func TestLoadJSONMatchesBuiltin(t *testing.T) {
	path := shareddata.File(t, "synergy/synergy_model_profiles.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadJSON(path, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range Builtin().Profiles() {
		got, ok := loaded.Lookup(want.Model, float64(want.Ratio))
		if !ok || got.Ratio != want.Ratio {
			t.Fatalf("%s ratio %d: missing from the JSON", want.Model, want.Ratio)
		}
		// The JSON's extraction evaluated the language models' `self.mem = int(62.5/3)` without
		// the int (20.83 GB where the authors' simulator uses 20; see langMem).
		if want.MemPerGPU == langMem && got.MemPerGPU == 62.5/3 {
			fixed := *got
			fixed.MemPerGPU = float64(int(got.MemPerGPU))
			got = &fixed
		}
		if *got != want {
			t.Errorf("%s ratio %d: got %+v, want %+v", want.Model, want.Ratio, *got, want)
		}
	}
	if _, err := LoadJSON("bad.json", []byte(`{"axes":{"cpu_per_gpu":{},"mem_per_gpu_gb":{}}}`), nil); err == nil {
		t.Error("got no error for a file with empty axes")
	}
}

// TestLoadJSONDuplicateKeys: a key given twice in one object of the profile file, ignoring case,
// is an error naming both lines.
func TestLoadJSONDuplicateKeys(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{"{\"axes\": {},\n\"Axes\": {}}", "p.json:2: Axes: duplicate key (first at line 1)"},
		{"{\"profiles\": {\"models\": {\"res18_1\": {\"cpus\": 3},\n\"RES18_1\": {\"cpus\": 4}}}}", "p.json:2: profiles.models.RES18_1: duplicate key (first at line 1)"},
	} {
		if _, err := LoadJSON("p.json", []byte(tc.doc), nil); err == nil || err.Error() != tc.want {
			t.Errorf("%s: got error %v, want %q", tc.doc, err, tc.want)
		}
	}
}
