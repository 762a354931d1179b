package figure

import (
	"encoding/json"
	"testing"

	"schedlab/policies/scenario"
)

func TestRunIn(t *testing.T) {
	base := scenario.Spec{Generate: "philly:jobs=10", Cluster: "2x8", Seed: 7, Policies: []string{"x", "y"},
		Params: map[string]json.RawMessage{"y": json.RawMessage(`{"old":1}`)}}
	r := Run{Name: "s", Policy: "a-srpt", Params: map[string]any{"preempt": true, "sigma": 0.5}}
	got := r.In(base, map[string]any{"sigma": 2, "max_history": 3})
	if len(got.Policies) != 1 || got.Policies[0] != "a-srpt" || got.Seed != 7 || got.Cluster != "2x8" {
		t.Fatalf("spec %+v", got)
	}
	// The sweep's value wins over the series'; keys sorted; other policies' parameters dropped.
	if p := string(got.Params["a-srpt"]); p != `{"max_history":3,"preempt":true,"sigma":2}` || len(got.Params) != 1 {
		t.Errorf("params %v", got.Params)
	}
	if base.Policies[1] != "y" || string(base.Params["y"]) != `{"old":1}` {
		t.Error("In changed the spec it was given")
	}
	if plain := (Run{Policy: "las"}).In(base, nil); plain.Params != nil {
		t.Errorf("no parameters: got %v", plain.Params)
	}
	if r.Params["sigma"] != 0.5 {
		t.Error("In changed the series' parameters")
	}
	if s := SeriesOf([]Run{r, {Name: "t", Label: "T"}}); len(s) != 2 || s[0].Name != "s" || s[1].Label != "T" {
		t.Errorf("SeriesOf: %+v", s)
	}
}
