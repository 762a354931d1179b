package policies

import "testing"

// TestWithPlacementKeepsDuplicates: adding the scenario's placement goes through a map, which
// would merge a key given twice before the policy's own check saw it; it is refused instead.
func TestWithPlacementKeepsDuplicates(t *testing.T) {
	tests := []struct{ raw, want, wantErr string }{
		{``, `{"placement":"spread"}`, ""},
		{`null`, `{"placement":"spread"}`, ""},
		{`{"queues": 2}`, `{"placement":"spread","queues":2}`, ""},
		{`{"placement": "first-fit"}`, `{"placement":"first-fit"}`, ""},
		{`{"Placement": "first-fit"}`, `{"Placement":"first-fit"}`, ""},
		{`{"queues": 2, "queues": 3}`, "", "params: queues: duplicate key"},
		{`{"Placement": "random", "placement": "consolidate"}`, "", "params: placement: duplicate key"},
	}
	for _, tc := range tests {
		got, err := withPlacement([]byte(tc.raw), "spread")
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if string(got) != tc.want || gotErr != tc.wantErr {
			t.Errorf("%s: got %s, %q; want %s, %q", tc.raw, got, gotErr, tc.want, tc.wantErr)
		}
	}
}
