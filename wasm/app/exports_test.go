//go:build js && wasm

package main

import (
	"encoding/json"
	"testing"
)

// TestJSONError wants a bad JSON import located by line (and field, for a wrong type).
func TestJSONError(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"syntax", "{\"schedlab\": 1,\n\"runs\": [\n{\"id\": }]}", "runs.json:3: json: invalid character '}' looking for beginning of value"},
		{"type", "{\"schedlab\": 1,\n\"runs\": [{\"id\": \"a\",\n \"end\": \"late\"}]}", "runs.json:3: runs.end: want int64, got JSON string"},
		{"truncated", "{\"schedlab\": 1, \"runs\": [", "runs.json:1: json: unexpected end of JSON input"},
	}
	for _, tc := range tests {
		var ef exportFile
		err := json.Unmarshal([]byte(tc.in), &ef)
		if err == nil {
			t.Fatalf("%s: no error", tc.name)
		}
		if got := jsonError("runs.json", []byte(tc.in), err); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
