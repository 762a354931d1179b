//go:build js && wasm

package charts

import (
	"cmp"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/wasm/runrecord"
)

func TestBuildGantt(t *testing.T) {
	rec := &runrecord.Record{End: 100, Jobs: make([]runrecord.Job, 3)}
	rec.Jobs[0].Model, rec.Jobs[1].Model, rec.Jobs[2].Model = "a", "b", "a"
	rec.Intervals = []runrecord.Interval{
		{Job: 0, From: 0, To: 10, GPUs: []int32{0, 1}},
		{Job: 1, From: 20, To: 30, GPUs: []int32{1}},
		{Job: 2, From: 50, To: 90, GPUs: []int32{2}},
	}
	tests := []struct {
		name          string
		from, to      int64
		by            string
		drawn         int
		rows, colours string
	}{
		{"whole run", 0, 0, "job", 3, "[0 1 1 2]", "[0 1 2]"},
		{"window", 15, 40, "job", 1, "[1]", "[1]"},
		{"by model", 0, 0, "model", 3, "[0 1 1 2]", "[0 1 0]"},
	}
	for _, tc := range tests {
		g := BuildGantt(rec, tc.from, tc.to, tc.by, nil)
		if len(g.Items) != tc.drawn || !g.Detail || g.Intervals != 3 {
			t.Errorf("%s: got %d items detail=%v intervals=%d, want %d, true, 3", tc.name, len(g.Items), g.Detail, g.Intervals, tc.drawn)
		}
		if got := fmtInts(g.Rows); got != tc.rows {
			t.Errorf("%s: got rows %s, want %s", tc.name, got, tc.rows)
		}
		if got := fmtInts(g.Colour); got != tc.colours {
			t.Errorf("%s: got colours %s, want %s", tc.name, got, tc.colours)
		}
	}
}

func TestBuildGanttAggregates(t *testing.T) {
	n := runrecord.MaxDetail + 10
	rec := &runrecord.Record{End: int64(2 * n), Jobs: make([]runrecord.Job, n)}
	for i := 0; i < n; i++ {
		rec.Intervals = append(rec.Intervals, runrecord.Interval{Job: int32(i), From: int64(2 * i), To: int64(2*i + 1), GPUs: []int32{int32(i % 4)}})
	}
	g := BuildGantt(rec, 0, 0, "job", nil)
	if g.Detail || len(g.Items) > runrecord.MaxDetail || len(g.Items) == 0 {
		t.Errorf("got detail=%v with %d items, want merged spans, at most %d", g.Detail, len(g.Items), runrecord.MaxDetail)
	}
	if g := BuildGantt(rec, 0, 100, "job", nil); !g.Detail || len(g.Items) != 51 {
		t.Errorf("zoomed in: got detail=%v with %d items, want every interval (51)", g.Detail, len(g.Items))
	}
}

func TestOptionsUseNamedCallbacks(t *testing.T) {
	c, _ := core.ParseCluster("2x2")
	b, err := GanttOption(c, "t", 100)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{`"renderItem":"fn:ganttItem"`, `"formatter":"fn:ganttTooltip"`} {
		if !strings.Contains(s, want) {
			t.Errorf("Gantt option: got no %s in %s", want, s)
		}
	}
	if strings.Contains(s, "function") {
		t.Errorf("Gantt option: got inline JS, want only named callbacks")
	}
}

func fmtInts(v []int32) string {
	b, _ := json.Marshal(v)
	return strings.ReplaceAll(string(b), ",", " ")
}

func TestBuildHost(t *testing.T) {
	c, err := core.ParseCluster("2x2")
	if err != nil {
		t.Fatal(err)
	}
	rec := &runrecord.Record{End: 100, Jobs: make([]runrecord.Job, 2), Intervals: []runrecord.Interval{
		{Job: 0, From: 0, To: 50, GPUs: []int32{0, 2}, CPU: []float64{3, 4}, Mem: []float64{10, 20}},
		{Job: 1, From: 20, To: 80, GPUs: []int32{1}, CPU: []float64{6}, Mem: []float64{30}},
	}}
	h := BuildHost(rec, c)
	tests := []struct {
		name string
		got  any
		want string
	}{
		{"times", h.T, "[0 20 50 80]"},
		{"server 0 cpu", h.CPU[0], "[3 9 6 0]"},
		{"server 1 cpu", h.CPU[1], "[4 4 0 0]"},
		{"server 0 mem", h.Mem[0], "[10 40 30 0]"},
	}
	for _, tc := range tests {
		if got := fmt.Sprint(tc.got); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
	if _, err := HostOption(h, c, "cpu", "CPU", 100); err != nil {
		t.Errorf("HostOption: got %v, want no error", err)
	}
}

// TestBuildGanttMergesPerGPU checks the merged spans against a direct per-GPU merge, with the
// intervals listed out of time order and GPU rows left empty.
func TestBuildGanttMergesPerGPU(t *testing.T) {
	n := runrecord.MaxDetail + 1
	rec := &runrecord.Record{End: 1000 * int64(n), Jobs: make([]runrecord.Job, n)}
	for i := 0; i < n; i++ {
		from := int64((i*7919)%n) * 1000 // a permutation of the start times
		rec.Intervals = append(rec.Intervals, runrecord.Interval{Job: int32(i), From: from, To: from + 400 + int64(i%3)*900,
			GPUs: []int32{int32(2 * (i % 5)), int32(2*(i%5) + 4)}})
	}
	g := BuildGantt(rec, 0, 0, "job", nil)
	gap := rec.End / 200
	want := map[int32][][2]int64{}
	for gpu := int32(0); gpu < 14; gpu++ {
		var spans [][2]int64
		for _, iv := range rec.Intervals {
			if iv.GPUs[0] == gpu || iv.GPUs[1] == gpu {
				spans = append(spans, [2]int64{iv.From, iv.To})
			}
		}
		slices.SortFunc(spans, func(a, b [2]int64) int { return cmp.Compare(a[0], b[0]) })
		for _, s := range spans {
			if last := len(want[gpu]) - 1; last >= 0 && s[0] <= want[gpu][last][1]+gap {
				want[gpu][last][1] = max(want[gpu][last][1], s[1])
			} else {
				want[gpu] = append(want[gpu], s)
			}
		}
	}
	got := map[int32][][2]int64{}
	for k, it := range g.Items {
		got[g.Rows[g.Off[k]]] = append(got[g.Rows[g.Off[k]]], it)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("merged spans differ from a per-GPU merge:\n got %v\nwant %v", got, want)
	}
}

// TestBuildGanttOddGPUIds checks that ids a damaged record may hold (negative, or far beyond any
// cluster) are merged like any other instead of crashing the page.
func TestBuildGanttOddGPUIds(t *testing.T) {
	n := runrecord.MaxDetail + 1
	rec := &runrecord.Record{End: int64(2 * n), Jobs: make([]runrecord.Job, n)}
	odd := []int32{-3, 1 << 30, 5}
	for i := 0; i < n; i++ {
		rec.Intervals = append(rec.Intervals, runrecord.Interval{Job: int32(i), From: int64(2 * i), To: int64(2*i + 1), GPUs: []int32{odd[i%3]}})
	}
	g := BuildGantt(rec, 0, 0, "job", nil)
	if g.Detail || len(g.Items) != 3 || fmtInts(g.Rows) != "[-3 5 1073741824]" {
		t.Errorf("got detail=%v, %d items on rows %s, want one merged span on each of rows [-3 5 1073741824]", g.Detail, len(g.Items), fmtInts(g.Rows))
	}
}
