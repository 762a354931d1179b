//go:build js && wasm

package charts

import (
	"fmt"
	"strings"
	"testing"

	"schedlab/wasm/runrecord"
)

// TestBuildLanes: overlapping intervals on a GPU get distinct lanes, touching and zero-length
// ones do not count as overlapping, and lanes are reused once free.
func TestBuildLanes(t *testing.T) {
	rec := &runrecord.Record{End: 20, Jobs: make([]runrecord.Job, 5), Intervals: []runrecord.Interval{
		{Job: 0, From: 0, To: 10, GPUs: []int32{0, 1}},
		{Job: 1, From: 5, To: 15, GPUs: []int32{1}},
		{Job: 2, From: 10, To: 20, GPUs: []int32{0}}, // touches job 0 on GPU 0
		{Job: 3, From: 12, To: 14, GPUs: []int32{1}}, // beside job 1, in job 0's freed lane
		{Job: 1, From: 15, To: 20, GPUs: []int32{1}}, // job 1 continues: touches itself
		{Job: 4, From: 3, To: 3, GPUs: []int32{0}},   // zero length
	}}
	l := BuildLanes(rec, 3)
	tests := []struct {
		name string
		got  any
		want string
	}{
		{"per GPU", l.PerGPU, "[1 2 1]"},
		{"max", l.Max, "2"},
		{"shared", l.Shared, "3"},
		{"lanes of interval 0", l.Of(0), "[0 0]"},
		{"lanes of interval 1", l.Of(1), "[1]"},
		{"lanes of interval 3", l.Of(3), "[0]"},
		{"lanes of interval 4", l.Of(4), "[0]"},
		{"co-runners", l.CoRunners, "[[1] [0 3] [] [1] []]"},
	}
	for _, tc := range tests {
		if got := fmt.Sprint(tc.got); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
	g := BuildGantt(rec, 0, 0, "job", l)
	if got := fmt.Sprint(g.Lane); got != "[0 0 1 0 0 0 0]" || len(g.Lane) != len(g.Rows) {
		t.Errorf("Gantt lanes: got %s for rows %v, want [0 0 1 0 0 0 0] parallel to the rows", got, g.Rows)
	}
}

// TestBuildVirtual: one item per span, colours shared with the Gantt's keys, jobs counted once.
func TestBuildVirtual(t *testing.T) {
	rec := &runrecord.Record{End: 100, Jobs: make([]runrecord.Job, 3), Virtual: []runrecord.Span{
		{Job: 2, From: 0, To: 10}, {Job: 0, From: 10, To: 30}, {Job: 2, From: 30, To: 35}, {Job: 7, From: 35, To: 40},
	}}
	rec.Jobs[0].Model, rec.Jobs[1].Model, rec.Jobs[2].Model = "a", "b", "a"
	tests := []struct {
		by                   string
		items, colours, jobs string
	}{
		{"job", "[[0 10] [10 30] [30 35]]", "[2 0 2]", "2"},
		{"model", "[[0 10] [10 30] [30 35]]", "[0 0 0]", "2"},
		{"type", "[[0 10] [10 30] [30 35]]", "[2 0 2]", "2"},
	}
	for _, tc := range tests {
		v := BuildVirtual(rec, tc.by)
		for _, c := range []struct{ name, got, want string }{
			{"items", fmt.Sprint(v.Items), tc.items}, {"colours", fmt.Sprint(v.Colour), tc.colours}, {"jobs", fmt.Sprint(v.Jobs), tc.jobs},
		} {
			if c.got != c.want {
				t.Errorf("colour by %s: %s: got %s, want %s", tc.by, c.name, c.got, c.want)
			}
		}
	}
	b, err := VirtualOption("v", 120)
	if err != nil || !strings.Contains(string(b), `"renderItem":"fn:virtualItem"`) || strings.Contains(string(b), "function") {
		t.Errorf("VirtualOption: got %s, %v; want named callbacks only", b, err)
	}
}
