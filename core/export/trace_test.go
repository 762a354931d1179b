package export

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

func TestWriteTraceEvents(t *testing.T) {
	c, err := core.ParseCluster("2x2")
	if err != nil {
		t.Fatal(err)
	}
	jobs := []core.Job{{ID: `a"<b>`, GPUs: 2, Model: "resnet"}, {ID: "c", GPUs: 1}}
	res := &sim.Result{
		Jobs: []sim.JobRecord{{Job: &jobs[0]}, {Job: &jobs[1]}},
		Intervals: []sim.Interval{
			{Job: 0, From: 0, To: 1500, GPUs: []int32{1, 2}},
			{Job: 1, From: 10, To: 20, GPUs: []int32{3}},
		},
	}
	var buf bytes.Buffer
	if err := WriteTraceEvents(&buf, c, []Run{{Policy: "fifo", Result: res}}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		TraceEvents []struct {
			Ph   string         `json:"ph"`
			Name string         `json:"name"`
			Pid  int            `json:"pid"`
			Tid  int            `json:"tid"`
			Ts   int64          `json:"ts"`
			Dur  int64          `json:"dur"`
			Args map[string]any `json:"args"`
		} `json:"traceEvents"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.String())
	}
	tests := []struct {
		name, id string
		pid, tid int
		ts, dur  int64
	}{
		{"first GPU of a", `a"<b>`, 1, 1, 0, 1500000},
		{"second GPU of a on server 1", `a"<b>`, 2, 2, 0, 1500000},
		{"c", "c", 2, 3, 10000, 10000},
	}
	var xs []int
	for i, e := range doc.TraceEvents {
		if e.Ph == "X" {
			xs = append(xs, i)
		}
	}
	if len(xs) != len(tests) {
		t.Fatalf("got %d X events, want %d", len(xs), len(tests))
	}
	for k, tc := range tests {
		e := doc.TraceEvents[xs[k]]
		if e.Name != tc.id || e.Pid != tc.pid || e.Tid != tc.tid || e.Ts != tc.ts || e.Dur != tc.dur {
			t.Errorf("%s: got %q pid %d tid %d ts %d dur %d, want %q %d %d %d %d", tc.name, e.Name, e.Pid, e.Tid, e.Ts, e.Dur, tc.id, tc.pid, tc.tid, tc.ts, tc.dur)
		}
	}
	if strings.Contains(buf.String(), "<b>") {
		t.Errorf("got an unescaped '<b>' in the output, want it JSON-escaped")
	}
}
