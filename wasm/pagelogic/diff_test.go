package pagelogic

import (
	"testing"

	"schedlab/core/sim"
	"schedlab/wasm/runrecord"
)

// TestCompare diffs two runs of the same three jobs: the unfinished job is left out, the rows
// come largest change first, and the mean and counts are over the jobs done in both.
func TestCompare(t *testing.T) {
	done, queued := uint8(sim.Done), uint8(sim.Done)+1
	job := func(id string, submit, end int64, st uint8) runrecord.Job {
		return runrecord.Job{ID: id, Submit: submit, End: end, Status: st}
	}
	a := &runrecord.Record{Jobs: []runrecord.Job{job("x", 0, 10_000, done), job("y", 0, 5_000, done), job("z", 0, 1_000, done)}}
	b := &runrecord.Record{Jobs: []runrecord.Job{job("x", 0, 4_000, done), job("y", 0, 5_000, done), job("z", 0, -1, queued)}}
	d, ok := Compare(a, b)
	if !ok {
		t.Fatal("Compare: the same jobs were not recognised")
	}
	if len(d.Rows) != 2 || d.Rows[0].Job != 0 || d.Rows[0].Delta != -6 || d.Rows[1].Delta != 0 {
		t.Errorf("rows: got %+v, want x (−6 s) then y (0 s)", d.Rows)
	}
	if d.Mean != -3 || d.Faster != 1 || d.Slower != 0 || d.Same != 1 {
		t.Errorf("got mean %v, %d faster, %d slower, %d same; want −3, 1, 0, 1", d.Mean, d.Faster, d.Slower, d.Same)
	}
	b.Jobs[2].ID = "other"
	if _, ok := Compare(a, b); ok {
		t.Error("Compare accepted runs of different jobs")
	}
}

// TestSummaryNumbers: large values print in full, the ratio to a baseline is exact in its
// data-value and "null" without a usable baseline.
func TestSummaryNumbers(t *testing.T) {
	for v, want := range map[float64]string{1234567: "1234567", 0.1234567: "0.123457", 12.5: "12.5"} {
		if got := FormatMetric(v); got != want {
			t.Errorf("FormatMetric(%v) = %q, want %q", v, got, want)
		}
	}
	base := Fields(&runrecord.Record{Summary: []byte(`{"mean_jct_s": 4, "p50_jct_s": 0}`)})
	if exact, shown := Ratio("mean_jct_s", 5, true, base); exact != "1.25" || shown != " ×1.250" {
		t.Errorf("Ratio: got %q %q, want 1.25, ×1.250", exact, shown)
	}
	if exact, _ := Ratio("p50_jct_s", 5, true, base); exact != "null" {
		t.Errorf("Ratio against a zero baseline: got %q, want null", exact)
	}
}
