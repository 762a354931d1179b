package pagelogic

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"schedlab/policies/scenario"
	"schedlab/wasm/runrecord"
)

// TestJSONProblem wants a bad JSON text located by line and column (and field, for a wrong type).
func TestJSONProblem(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"syntax", "{\"schedlab\": 1,\n\"runs\": [\n{\"id\": }]}", "3:8: invalid character '}' looking for beginning of value"},
		{"type", "{\"schedlab\": 1,\n\"runs\": [{\"id\": \"a\",\n \"end\": \"late\"}]}", "3:14: runs.end: want an integer, got a JSON string"},
		{"truncated", "{\"schedlab\": 1, \"runs\": [", "1:25: unexpected end of JSON input"},
	}
	for _, tc := range tests {
		var ef ExportFile
		err := json.Unmarshal([]byte(tc.in), &ef)
		if err == nil {
			t.Fatalf("%s: no error", tc.name)
		}
		line, col, msg := JSONProblem([]byte(tc.in), err)
		if got := fmt.Sprintf("%d:%d: %s", line, col, msg); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestReadExportDuplicateKeys: a key given twice in an export (at the top, or in a run, ignoring
// case) is an error naming the file, the line and the path; an export without one reads back.
func TestReadExportDuplicateKeys(t *testing.T) {
	rec := &runrecord.Record{ID: "r1", Name: "fifo · x", Created: 5, Policy: "fifo", Cluster: "2x4", End: 900,
		Spec:      scenario.Spec{Generate: "philly:jobs=1", Cluster: "2x4", Policies: []string{"fifo"}, Seed: 3},
		Summary:   []byte(`{"policy":"fifo","mean_jct_s":1.25}`),
		Jobs:      []runrecord.Job{{ID: "a", Submit: 1, FirstStart: 2, End: 900, GPUs: 2, GPUType: "V100", Status: 3}},
		Intervals: []runrecord.Interval{{Job: 0, From: 2, To: 900, GPUs: []int32{0, 1}}},
		Series:    runrecord.Series{T: []int64{0, 2, 900}, Busy: []int32{0, 2, 0}, CPU: []float64{0, 6, 0}, Mem: []float64{0, 125, 0}, Queue: []int32{1, 0, 0}},
	}
	b, err := json.MarshalIndent(ExportFile{Schedlab: 1, Runs: []*runrecord.Record{rec}}, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	good := string(b)
	runs, err := ReadExport("x.json", b)
	if err != nil || len(runs) != 1 {
		t.Fatalf("a clean export: got %d runs, %v; want the record back", len(runs), err)
	}
	if got, want := mustJSON(t, runs[0]), mustJSON(t, rec); got != want {
		t.Errorf("a clean export reads back as %s, want %s", got, want)
	}
	policyLine := 1 + strings.Count(good[:strings.Index(good, `"policy": "fifo",`)], "\n")
	tests := []struct{ name, in, want string }{
		{"top level", strings.Replace(good, `"schedlab": 1,`, "\"schedlab\": 1,\n \"schedlab\": 2,", 1),
			"x.json:3: schedlab: duplicate key (first at line 2)"},
		{"in a run, case differs", strings.Replace(good, `"policy": "fifo",`, "\"policy\": \"fifo\",\n\"POLICY\": \"las\",", 1),
			fmt.Sprintf("x.json:%d: runs[0].POLICY: duplicate key (first at line %d)", policyLine+1, policyLine)},
	}
	for _, tc := range tests {
		if _, err := ReadExport("x.json", []byte(tc.in)); err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
