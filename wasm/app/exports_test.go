//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestJSONProblem wants a bad JSON text located by line and column (and field, for a wrong type).
func TestJSONProblem(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"syntax", "{\"schedlab\": 1,\n\"runs\": [\n{\"id\": }]}", "3:8: invalid character '}' looking for beginning of value"},
		{"type", "{\"schedlab\": 1,\n\"runs\": [{\"id\": \"a\",\n \"end\": \"late\"}]}", "3:14: runs.end: want int64, got JSON string"},
		{"truncated", "{\"schedlab\": 1, \"runs\": [", "1:25: unexpected end of JSON input"},
	}
	for _, tc := range tests {
		var ef exportFile
		err := json.Unmarshal([]byte(tc.in), &ef)
		if err == nil {
			t.Fatalf("%s: no error", tc.name)
		}
		line, col, msg := jsonProblem([]byte(tc.in), err)
		if got := fmt.Sprintf("%d:%d: %s", line, col, msg); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
