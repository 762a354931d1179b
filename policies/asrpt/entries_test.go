package asrpt

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEntriesParams: every family parameter is checked before a run starts.
func TestEntriesParams(t *testing.T) {
	for _, tc := range []struct{ name, params, wantErr string }{
		{"a-srpt", `{"refine":true,"max_history":5,"backfill":false}`, ""},
		{"a-srpt-preempt", `{"refine":true}`, ""},
		{"srpt-predicted-oblivious", `{"refine":true}`, "refine: srpt-predicted-oblivious places with first fit"},
		{"srpt-predicted-oblivious", `{"max_history":3}`, ""},
		{"a-srpt", `{"max_history":-1}`, "max_history"},
		{"a-srpt", `{"refine":"yes"}`, "refine"},
		{"a-srpt", `{"kl":true}`, `unknown key "kl"`},
		{"srpt-oracle", `{"preempt":true}`, ""},
		{"srpt-predicted-oblivious", `{"preempt":true,"sigma":0.5}`, ""},
		{"a-srpt", `{"sigma":-0.1}`, "sigma: want 0 ≤ σ ≤ 10"},
		{"a-srpt", `{"sigma":1e308}`, "sigma: want 0 ≤ σ ≤ 10"},
		{"a-srpt", `{"preempt":1}`, "preempt"},
	} {
		var err error
		for _, e := range Entries() {
			if e.Name == tc.name {
				_, err = e.New(json.RawMessage(tc.params))
			}
		}
		if (tc.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("%s %s: got error %v, want %q", tc.name, tc.params, err, tc.wantErr)
		}
	}
}
