package runrecord

import (
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	if err := sampleRecord().Validate(); err != nil {
		t.Fatalf("sample record: %v", err)
	}
	tests := []struct {
		name  string
		spoil func(r *Record)
		want  string
	}{
		{"no id", func(r *Record) { r.ID = "" }, "id: empty"},
		{"bad cluster", func(r *Record) { r.Cluster = "2y4" }, "cluster: "},
		{"bad summary", func(r *Record) { r.Summary = []byte(`[1]`) }, "summary: not a JSON object"},
		{"job out of range", func(r *Record) { r.Intervals[1].Job = 2 }, "intervals[1].j: job 2, want 0 … 1"},
		{"negative job", func(r *Record) { r.Intervals[0].Job = -1 }, "intervals[0].j: job -1"},
		{"backwards", func(r *Record) { r.Intervals[1].To = 10 }, "intervals[1].t: ends at 10 ms, before its start 600 ms"},
		{"GPU beyond cluster", func(r *Record) { r.Intervals[1].GPUs = []int32{8} }, "intervals[1].g: GPU 8 is not in cluster 2x4 (8 GPUs)"},
		{"negative GPU", func(r *Record) { r.Intervals[1].GPUs = []int32{-1} }, "intervals[1].g: GPU -1"},
		{"cpu without mem", func(r *Record) { r.Intervals[0].Mem = nil }, "intervals[0].c: 2 CPU and 0 memory values for 2 GPUs"},
		{"ragged series", func(r *Record) { r.Series.Queue = r.Series.Queue[:1] }, "series: 3 times but 3/3/3/1"},
		{"virtual job", func(r *Record) { r.Virtual = []Span{{Job: 5, From: 0, To: 1}} }, "virtual[0]: job 5"},
	}
	for _, tc := range tests {
		r := sampleRecord()
		tc.spoil(r)
		err := r.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error starting %q", tc.name, err, tc.want)
		}
	}
}
