package asrpt

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
	"schedlab/core/sim"
	"schedlab/core/trace"
	"schedlab/core/world"
)

// firstGuess records each job's n̂ at the decision where the policy first saw it.
type firstGuess struct {
	*Policy
	guess []float64
}

func (f *firstGuess) Init(v *sim.View) { f.Policy.Init(v); f.guess = make([]float64, v.NumJobs()) }

func (f *firstGuess) Decide(v *sim.View, why sim.Trigger) {
	f.Policy.Decide(v, why)
	for i, g := range f.guess {
		if g == 0 && f.seen[i] {
			f.guess[i] = f.nhat[i]
		}
	}
}

// TestPAIGroupTags: the Alibaba PAI importer's group tag (pai_group_tag_table.group) is the
// predictor's recurrence key end to end. The synthetic joined fixture holds two runs of group
// fa8d0f6b; under a-srpt the second run's predicted length is the first run's duration (the
// group's history), and the same job without the tag has no history.
func TestPAIGroupTags(t *testing.T) {
	path := filepath.Join(shareddata.Root(t), "testdata", "trace_pai_joined_synthetic.csv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	jobs, _, err := trace.Read(filepath.Base(path), f, "alibaba-pai", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 2 {
		t.Fatalf("got %d jobs, want 2", len(jobs))
	}
	for k := range jobs {
		if got := groupKey(&jobs[k]); got != "fa8d0f6b" {
			t.Errorf("job %d: got recurrence key %q, want the group tag fa8d0f6b", k, got)
		}
	}
	h := NewHistory(0)
	h.Learn(&jobs[0], length(&jobs[0]))
	untagged := jobs[1]
	untagged.Recurrence = ""
	for _, tc := range []struct {
		name string
		job  *core.Job
		runs float64
	}{{"tagged", &jobs[1], 1}, {"untagged", &untagged, 0}} {
		if got := h.Features(tc.job, nil)[8]; got != tc.runs {
			t.Errorf("%s: got %v known runs of its group, want %v", tc.name, got, tc.runs)
		}
	}

	c, _ := core.ParseCluster("1x8")
	p := &firstGuess{Policy: New("a-srpt", Options{Predict: PredictRF})}
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Speed: world.Speed(world.Models()), Policy: p, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.Run()
	if got, want := p.guess[1], length(&jobs[0]); math.Abs(got-want) > 1e-9 {
		t.Errorf("second run of the group: got n̂ = %v ms, want the first run's %v ms", got, want)
	}
}
