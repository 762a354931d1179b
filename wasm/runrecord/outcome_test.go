package runrecord

import (
	"bytes"
	"encoding/json"
	"testing"

	"schedlab/core"
	"schedlab/core/export"
	"schedlab/policies"
	"schedlab/policies/scenario"
)

// TestOutcomeViews: a sharing run's record (after the binary round trip the page and the
// store use) rebuilds the runner's per-job CSV byte for byte, norm_tput included; an A-SRPT run's
// record holds a virtual schedule with spans for every job on one machine (no two at once).
func TestOutcomeViews(t *testing.T) {
	tests := []struct {
		name, policy string
		spec         scenario.Spec
		sharing      bool
		virtual      bool
	}{
		{"sharing", "iasp-iapp", scenario.Spec{Generate: "interference:jobs=20,rate=12,maxh=2", Cluster: "2x8", Seed: 1}, true, false},
		{"a-srpt", "a-srpt", scenario.Spec{Generate: "recurring:jobs=20,rate=4", Cluster: "4x8", CheckpointCost: 60, Seed: 1}, false, true},
		{"neither", "fifo", scenario.Spec{Generate: "philly:jobs=20,rate=9", Cluster: "2x8", Seed: 1}, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.spec.Policies = []string{tc.policy}
			run, o := newRun(t, tc.spec, tc.policy)
			var want bytes.Buffer
			if err := export.WriteJobsCSV(&want, []export.Run{{Policy: tc.policy, Result: o.Result}}); err != nil {
				t.Fatal(err)
			}
			rec := run.record()
			back := roundTrip(t, rec)
			var got bytes.Buffer
			if err := export.WriteJobsCSV(&got, []export.Run{{Policy: tc.policy, Result: back.Result()}}); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("per-job CSV from the record: got\n%s\nwant\n%s", got.String(), want.String())
			}
			if back.Sharing != tc.sharing || bytes.Contains(want.Bytes(), []byte("norm_tput")) != tc.sharing {
				t.Errorf("got sharing %v (norm_tput column: %v), want %v", back.Sharing, bytes.Contains(want.Bytes(), []byte("norm_tput")), tc.sharing)
			}
			if (len(back.Virtual) > 0) != tc.virtual {
				t.Fatalf("got %d virtual spans, want some: %v", len(back.Virtual), tc.virtual)
			}
			seen := make([]bool, len(back.Jobs))
			for i, sp := range back.Virtual {
				seen[sp.Job] = true
				if sp.To <= sp.From || (i > 0 && sp.From < back.Virtual[i-1].To) {
					t.Errorf("virtual span %d %+v: want positive length, after span %d", i, sp, i-1)
				}
			}
			for k, s := range seen {
				if tc.virtual && !s {
					t.Errorf("job %d: got no virtual span, want every job on the machine", k)
				}
			}
		})
	}
}

// TestRunEncodesAsItsRecord: a run encoded in place (Run.MarshalBinary, as the worker does) gives
// the same bytes as its record copied out and encoded, for runs with CPU/memory shares and
// timelines, a similarity policy's matches, co-location and A-SRPT's virtual schedule; its Meta
// is the record's.
func TestRunEncodesAsItsRecord(t *testing.T) {
	tests := []struct {
		policy string
		spec   scenario.Spec
	}{
		{"fifo", scenario.Spec{Generate: "philly:jobs=40,rate=30", Cluster: "2x8", Seed: 1}},
		{"las", scenario.Spec{Generate: "philly:jobs=40,rate=30", Cluster: "2x8", Seed: 2}},
		{"model-similarity", scenario.Spec{Generate: "philly:jobs=20,rate=9", Cluster: "2x8", Seed: 1}},
		{"iasp-iapp", scenario.Spec{Generate: "interference:jobs=20,rate=12,maxh=2", Cluster: "2x8", Seed: 1}},
		{"a-srpt", scenario.Spec{Generate: "recurring:jobs=20,rate=4", Cluster: "4x8", CheckpointCost: 60, Seed: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.policy, func(t *testing.T) {
			tc.spec.Policies = []string{tc.policy}
			run, _ := newRun(t, tc.spec, tc.policy)
			run.Head.ID, run.Head.Name = "r1", "a run"
			got, err := run.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			rec := run.record()
			if len(rec.Jobs) == 0 || len(rec.Intervals) == 0 || len(rec.Why) == 0 {
				t.Fatalf("got %d jobs, %d intervals, %d timeline steps, want some of each", len(rec.Jobs), len(rec.Intervals), len(rec.Why))
			}
			want, err := rec.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("encoded in place: %d bytes, differ from the record's %d", len(got), len(want))
			}
			if run.Meta() != rec.Meta() {
				t.Errorf("meta: got %+v, want %+v", run.Meta(), rec.Meta())
			}
		})
	}
}

// TestStartTextsOnDemand: a run's record keeps starts as their allocation (Step.Alloc), and
// StepText, after the binary round trip too, and the record's JSON give every step the text the
// runner's timeline (sim.Result.Steps) has.
func TestStartTextsOnDemand(t *testing.T) {
	for _, policy := range []string{"fifo", "las"} {
		spec := scenario.Spec{Generate: "philly:jobs=60,rate=40", Cluster: "2x8", Seed: 3, Policies: []string{policy}}
		run, o := newRun(t, spec, policy)
		var want []string
		for i := range o.Result.Jobs {
			for _, e := range o.Result.Steps(i, nil) {
				want = append(want, e.Text)
			}
		}
		rec := run.record()
		back := roundTrip(t, rec)
		var fromJSON Record
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &fromJSON); err != nil {
			t.Fatal(err)
		}
		starts := 0
		for _, r := range []*Record{rec, &back, &fromJSON} {
			if len(r.Why) != len(want) {
				t.Fatalf("%s: %d steps, want %d", policy, len(r.Why), len(want))
			}
			for k := range r.Why {
				if r.Why[k].Alloc != 0 {
					starts++
				}
				if got := r.StepText(k); got != want[k] {
					t.Errorf("%s: step %d: got %q, want %q", policy, k, got, want[k])
				}
			}
		}
		if starts == 0 {
			t.Errorf("%s: no start kept as its allocation", policy)
		}
	}
}

// runSpec runs policy on spec's workload and cluster with the built-in models and policies, as
// the page's worker does (no hooks): the outcome the record is built from.
func runSpec(t *testing.T, spec scenario.Spec, policy string) (*core.Cluster, policies.Outcome) {
	t.Helper()
	models := core.BuiltinModels()
	jobs, _, err := policies.Jobs(spec, nil, models)
	if err != nil {
		t.Fatal(err)
	}
	c, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		t.Fatal(err)
	}
	o, err := policies.RunOne(policies.Builtin(), spec, policy, jobs, c, models, policies.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	return c, o
}

// newRun runs policy on spec as runSpec does and makes the worker's Run of the outcome, which is
// returned too for what a test compares the run with.
func newRun(t *testing.T, spec scenario.Spec, policy string) (*Run, policies.Outcome) {
	t.Helper()
	c, o := runSpec(t, spec, policy)
	run, err := NewRun(spec, c, o)
	if err != nil {
		t.Fatal(err)
	}
	return run, o
}

// record is the run's record, Head with the run's parts copied in: the Record whose encoding
// MarshalBinary writes without the copy, and the record of a run for the tests.
func (run *Run) record() *Record {
	run.speedups()
	rec := run.Head
	rec.Jobs = make([]Job, run.jobs())
	for i := range rec.Jobs {
		run.job(i, &rec.Jobs[i])
	}
	rec.Intervals = make([]Interval, run.intervals())
	for i := range rec.Intervals {
		run.interval(i, &rec.Intervals[i])
	}
	rec.Series = *run.series()
	rec.Virtual = run.spans
	run.why(func(s Step) { rec.Why = append(rec.Why, s) })
	return &rec
}
