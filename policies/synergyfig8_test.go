package policies

import (
	"encoding/json"
	"math"
	"testing"

	"schedlab/core"
	"schedlab/core/world"
)

// TestSynergyFig8PublishedNumbers runs synergy-fig8's published policy as the runner and the app
// do, on the authors' own workload (stream=authors, seed 42), and wants every number the authors
// published within the scenario's tolerance (0.5 %): mean 21.88 h and p99 156.93 h over jobs
// 4000-4999 (ae-readme.md). It runs natively and under Node (about 0.3 s and 1.5 s).
func TestSynergyFig8PublishedNumbers(t *testing.T) {
	sc, ok := Scenarios().Find("synergy-fig8")
	if !ok {
		t.Fatal("synergy-fig8 missing")
	}
	spec := sc.Spec
	spec.Policies = []string{"fifo+tune"}
	models := world.Models()
	jobs, c := workload(t, spec, models)
	outs, err := Execute(Builtin(), spec, jobs, c, models)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(outs[0].Summary)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, e := range sc.Expected {
		if e.Policy != "fifo+tune" {
			continue
		}
		ours, _ := got[e.Metric].(float64)
		diff := (ours - e.Value) / e.Value
		t.Logf("%s: ours %.3f h, paper %.3f h, %+.2f %%", e.Metric, ours/3600, e.Value/3600, 100*diff)
		if e.Tolerance <= 0 || math.Abs(diff) > e.Tolerance {
			t.Errorf("%s: ours %.3f h, paper %.3f h: %+.2f %%, want within %.1f %%", e.Metric, ours/3600, e.Value/3600, 100*diff, 100*e.Tolerance)
		}
		checked++
	}
	if checked != 2 {
		t.Errorf("checked %d published numbers, want 2 (mean and p99)", checked)
	}
}

// BenchmarkSynergyFig8Tune is synergy-fig8's fifo+tune from spec to summary: the authors' 8,000
// jobs generated, then the run (the page's click-to-result minus the worker round trip).
func BenchmarkSynergyFig8Tune(b *testing.B) {
	sc, _ := Scenarios().Find("synergy-fig8")
	spec := sc.Spec
	spec.Policies = []string{"fifo+tune"}
	models := world.Models()
	c, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		jobs, _, err := Jobs(spec, nil, models)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Execute(Builtin(), spec, jobs, c, models); err != nil {
			b.Fatal(err)
		}
	}
}
