package policies

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzParams: any parameter JSON (the app's parameters box, the runner's -params) given to any
// registered policy either builds the policy or fails with an error naming it; never a panic.
func FuzzParams(f *testing.F) {
	for _, p := range []string{`{}`, `null`, `{"thresholds_gpu_s": [3600]}`, `{"thresholds_gpu_s": [-1, 1e308]}`, `{"round_s": 0}`,
		`{"placement": "spread"}`, `{"refine": true, "sigma": "x"}`, `{"theta": -0.5, "lambda": 1e400}`, `[1,2]`, `{"k": {"k": {}}}`,
		`{"order": "lpt", "fallback": "finish"}`, `{"preempt": true, "sigma": 1e308}`, `{"throughputs": "similarity"}`, `{`,
		`{"placement": "spread", "Placement": "random"}`, `{"k": 2, "sub": {"x": 1, "x": 2}}`} {
		f.Add(uint8(0), p)
		f.Add(uint8(40), p)
	}
	reg := Builtin()
	names := reg.Names()
	f.Fuzz(func(t *testing.T, which uint8, params string) {
		name := names[int(which)%len(names)]
		p, err := reg.New(name, json.RawMessage(params))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "policy "+name+": ") {
				t.Fatalf("%s %s: error %q does not name the policy", name, params, err)
			}
			return
		}
		if p == nil {
			t.Fatalf("%s %s: no policy and no error", name, params)
		}
	})
}
