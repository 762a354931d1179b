package runrecord

import (
	"bytes"
	"testing"

	"schedlab/core"
	"schedlab/core/export"
	"schedlab/policies"
	"schedlab/policies/scenario"
)

// TestFromOutcomeViews: a sharing run's record (after the binary round trip the page and the
// store use) rebuilds the runner's per-job CSV byte for byte, norm_tput included; an A-SRPT run's
// record holds a virtual schedule with spans for every job on one machine (no two at once).
func TestFromOutcomeViews(t *testing.T) {
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
			models := core.BuiltinModels()
			jobs, _, err := policies.Jobs(tc.spec, nil, models)
			if err != nil {
				t.Fatal(err)
			}
			c, err := core.ParseCluster(tc.spec.Cluster)
			if err != nil {
				t.Fatal(err)
			}
			o, err := policies.RunOne(policies.Builtin(), tc.spec, tc.policy, jobs, c, models, policies.Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := export.WriteJobsCSV(&want, []export.Run{{Policy: tc.policy, Result: o.Result}}); err != nil {
				t.Fatal(err)
			}
			rec, err := FromOutcome(tc.spec, c, o)
			if err != nil {
				t.Fatal(err)
			}
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
