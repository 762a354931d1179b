package params

import (
	"encoding/json"
	"testing"
)

type sample struct {
	Thresholds []float64 `json:"thresholds_gpu_s"`
	K          int       `json:"k"`
	Name       string    `json:"name"`
	On         *bool     `json:"on"`
	Sub        struct {
		X float64 `json:"x"`
	} `json:"sub"`
}

func TestDecode(t *testing.T) {
	tests := []struct{ in, want string }{
		{``, ""},
		{`null`, ""},
		{`{"thresholds_gpu_s": [3600], "k": 2, "name": "a", "on": true, "sub": {"x": 1}}`, ""},
		{`{"thresholds_gpu_s": "3600"}`, "params: thresholds_gpu_s: want a list of numbers, got a JSON string"},
		{`{"k": 1.5}`, "params: k: want an integer, got a JSON number 1.5"},
		{`{"on": "yes"}`, "params: on: want true or false, got a JSON string"},
		{`{"sub": {"x": "1"}}`, "params: sub.x: want a number, got a JSON string"},
		{`{"name": 3}`, "params: name: want a string, got a JSON number"},
		{`[1, 2]`, "params: want an object {\"key\": value, …}, got a JSON array"},
		{`{"kl": true}`, `params: unknown key "kl"`},
		{`{} {}`, "params: trailing data after the JSON object"},
		{`{"k": }`, "params: not valid JSON at byte 7: invalid character '}' looking for beginning of value"},
		{`{"k": 1, "name": "a", "k": 2}`, "params: k: duplicate key"},
		{`{"sub": {"x": 1, "X": 2}}`, "params: sub.X: duplicate key"},
		{`{"Name": "a", "name": "a"}`, "params: name: duplicate key"},
		{`{"thresholds_gpu_s": [1, 2], "sub": {"x": 1}, "on": false}`, ""},
	}
	for _, tc := range tests {
		var s sample
		err := Decode(json.RawMessage(tc.in), &s)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.in, got, tc.want)
		}
	}
}
