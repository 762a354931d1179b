package pagelogic

import (
	"testing"

	"schedlab/policies"
)

// TestParamsErrorDuplicateKeys: a key given twice in the parameter box, a policy or one of its
// parameters, is named with the box's own lines; a box without one is accepted as before.
func TestParamsErrorDuplicateKeys(t *testing.T) {
	tests := []struct{ box, want string }{
		{"{\"las\": {},\n \"las\": {\"queues\": 2}}", "policy parameters: line 2: las: duplicate key (first at line 1)"},
		{"{\"fifo\": {},\n \"las\": {\"thresholds_gpu_s\": [3600],\n  \"Thresholds_GPU_s\": [60]}}",
			"policy parameters: line 3: las.Thresholds_GPU_s: duplicate key (first at line 2)"},
		{"{\"fifo\": {\"placement\": \"spread\"},\n \"las\": {\"thresholds_gpu_s\": [3600]}}", ""},
	}
	for _, tc := range tests {
		if got := ParamsError(policies.Builtin(), tc.box); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.box, got, tc.want)
		}
	}
}

// TestParamsErrorLocates: the parameter box's syntax problems and text after its object are named
// by line and column before any policy is looked up.
func TestParamsErrorLocates(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{\"las\": {}}\n{\"fifo\": {}}", `policy parameters: want one JSON object {"policy": {...}}: line 2, column 1: text after the JSON value`},
		{"{\"las\": {}} x", `policy parameters: want one JSON object {"policy": {...}}: line 1, column 13: text after the JSON value`},
		{"{\"las\":\n {]}", `policy parameters: want a JSON object {"policy": {...}}: line 2, column 3: invalid character ']' looking for beginning of object key string`},
		{"{\"las\": {}", `policy parameters: want a JSON object {"policy": {...}}: line 1, column 11: unexpected end of JSON input`},
	}
	for _, tc := range tests {
		if got := ParamsError(policies.Builtin(), tc.in); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}
