package gen

import (
	"strings"
	"testing"

	"schedlab/core"
)

func TestSynergySplitAndRoundRobin(t *testing.T) {
	jobs, err := Generate("synergy:jobs=1000,rate=9,split=20/70/10", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	reg := core.BuiltinModels()
	var count [3]int
	for i, j := range jobs {
		m, ok := reg.Lookup(j.Model)
		if !ok {
			t.Fatalf("job %d: unknown model %q", i, j.Model)
		}
		switch m.Class {
		case core.Image:
			count[0]++
		case core.Language:
			count[1]++
		case core.Speech:
			count[2]++
		}
		if j.GPUs != 1 || j.Iterations < 1 || (i > 0 && j.Submit <= jobs[i-1].Submit-1) {
			t.Fatalf("job %d: %+v", i, j)
		}
	}
	if want := [3]int{200, 700, 100}; count != want {
		t.Errorf("got class counts %v, want %v", count, want)
	}
	// The first jobs follow the largest-deficit rule: image, language, language, speech, ...
	for i, want := range []string{"alexnet", "gnmt", "transformer-xl", "m5", "lstm", "gnmt"} {
		if jobs[i].Model != want {
			t.Errorf("job %d: got model %s, want %s", i, jobs[i].Model, want)
		}
	}
}

func TestSynergyDeterministicAndRatio(t *testing.T) {
	a, _ := Generate("synergy:jobs=50", 7, nil)
	b, _ := Generate("synergy:jobs=50", 7, nil)
	r4, _ := Generate("synergy:jobs=50,ratio=4", 7, nil)
	for i := range a {
		if a[i].Submit != b[i].Submit || a[i].Iterations != b[i].Iterations || a[i].Model != b[i].Model {
			t.Fatalf("job %d differs between identical runs", i)
		}
		if a[i].Model == "resnet18" && r4[i].Iterations <= a[i].Iterations {
			t.Errorf("job %d: ratio 4 got %d iterations, want more than ratio 3's %d (faster proportional share)", i, r4[i].Iterations, a[i].Iterations)
		}
	}
}

func TestSynergyBadSpecs(t *testing.T) {
	for _, spec := range []string{"synergy:split=20/70", "synergy:split=a/b/c", "synergy:split=0/0/0", "synergy:ratio=7", "synergy:multigpu=maybe"} {
		if _, err := Generate(spec, 1, nil); err == nil || !strings.Contains(err.Error(), "gen:") {
			t.Errorf("%s: got error %v, want a gen: error", spec, err)
		}
	}
}
