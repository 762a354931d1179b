package runrecord

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"schedlab/policies/scenario"
)

func sampleRecord() *Record {
	return &Record{ID: "r1", Name: "fifo · x", Created: 5, Policy: "fifo", Cluster: "2x4", End: 900,
		Spec:    scenario.Spec{Generate: "philly:jobs=2", Cluster: "2x4", Policies: []string{"fifo"}, Seed: 3},
		Summary: []byte(`{"policy":"fifo","mean_jct_s":1.25}`),
		Jobs: []Job{
			{ID: "a<b>", Submit: 1, FirstStart: 2, End: 900, GPUs: 2, GPUType: "V100", Status: 3, Model: "resnet50",
				User: "u", Measured: true, Iterations: 10, Line: 4, CPU: 1.5, Speedup: 1.25, Ref: "vgg16", Sim: 0.97, Best: "V100"},
			{ID: "b", Submit: 3, FirstStart: -1, End: -1, GPUs: 1, Duration: 60000},
		},
		Intervals: []Interval{
			{Job: 0, From: 2, To: 600, GPUs: []int32{0, 1}, CPU: []float64{3, 6}, Mem: []float64{62.5, 20.83}, Speedup: 1.25},
			{Job: 0, From: 600, To: 900, GPUs: []int32{4}},
		},
		Series: Series{T: []int64{0, 2, 600}, Busy: []int32{0, 2, 1}, CPU: []float64{0, 9, 3}, Mem: []float64{0, 83.33, 62.5}, Queue: []int32{1, 0, 0}},
	}
}

// roundTrip is rec read back from its binary form.
func roundTrip(t *testing.T, rec *Record) Record {
	t.Helper()
	b, err := rec.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got Record
	if err := got.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestBinaryRoundTrip(t *testing.T) {
	rec := sampleRecord()
	got := roundTrip(t, rec)
	if string(got.Summary) != string(rec.Summary) {
		t.Errorf("summary: got %s, want %s", got.Summary, rec.Summary)
	}
	if !reflect.DeepEqual(&got, rec) {
		t.Errorf("round trip: got %+v, want %+v", got, *rec)
	}
}

func TestBinaryRejectsDamage(t *testing.T) {
	b, err := sampleRecord().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"json", []byte(`{"id":"x"}`)},
		{"truncated", b[:len(b)-3]},
		{"trailing", append(append([]byte{}, b...), 0)},
	}
	for _, tc := range tests {
		var r Record
		if err := r.UnmarshalBinary(tc.data); err == nil {
			t.Errorf("%s: got no error, want one", tc.name)
		}
	}
}

// bigRecord is an n-job run shaped like a trace's: few distinct models, users and GPU types, one
// or two intervals per job on 1–8 GPUs, and a series point per job.
func bigRecord(n int) *Record {
	rec := &Record{ID: "big", Policy: "fifo", Cluster: "128x8", Summary: []byte(`{}`)}
	models := []string{"resnet50", "vgg16", "bert", "gpt2", "lstm"}
	for i := 0; i < n; i++ {
		t := int64(i) * 1000
		rec.Jobs = append(rec.Jobs, Job{ID: fmt.Sprintf("job-%d", i), Submit: t, FirstStart: t, End: t + 5000, GPUs: 1 << (i % 4),
			GPUType: "V100", Status: 3, Model: models[i%len(models)], User: fmt.Sprintf("user%d", i%300), Measured: true, Duration: 5000})
		for k := 0; k < 1+i%2; k++ {
			gpus := make([]int32, 1<<(i%4))
			for g := range gpus {
				gpus[g] = int32((i + g) % 1024)
			}
			rec.Intervals = append(rec.Intervals, Interval{Job: int32(i), From: t + int64(k)*2500, To: t + int64(k+1)*2500, GPUs: gpus})
		}
		s := &rec.Series
		s.T, s.Busy, s.CPU, s.Mem, s.Queue = append(s.T, t), append(s.Busy, int32(i%1024)), append(s.CPU, 1), append(s.Mem, 2), append(s.Queue, int32(i%7))
	}
	return rec
}

// BenchmarkUnmarshalBinary decodes an 82k-job record, which the page does on its main thread
// when a run arrives from its worker.
func BenchmarkUnmarshalBinary(b *testing.B) {
	raw, err := bigRecord(82000).MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		var got Record
		if err := got.UnmarshalBinary(raw); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarshalBinary encodes an 82k-job record, as a worker does before saving it and
// handing it to the page.
func BenchmarkMarshalBinary(b *testing.B) {
	rec := bigRecord(82000)
	for b.Loop() {
		if _, err := rec.MarshalBinary(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDecodeBinaryPauses checks that a paused decode pauses once per pauseEvery jobs, intervals
// and series points, decodes the same record as UnmarshalBinary, and stops at a pause's error.
func TestDecodeBinaryPauses(t *testing.T) {
	rec := bigRecord(pauseEvery + 10) // as many series points, 1.5× as many intervals
	raw, err := rec.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var plain, paused Record
	if err := plain.UnmarshalBinary(raw); err != nil {
		t.Fatal(err)
	}
	pauses := 0
	if err := paused.DecodeBinary(raw, func() error { pauses++; return nil }); err != nil {
		t.Fatal(err)
	}
	want := (len(rec.Jobs) + len(rec.Intervals) + len(rec.Series.T)) / pauseEvery
	if pauses != want {
		t.Errorf("got %d pauses, want %d", pauses, want)
	}
	if !reflect.DeepEqual(&plain, &paused) {
		t.Error("a paused decode differs from UnmarshalBinary's")
	}
	if !reflect.DeepEqual(paused.Jobs, rec.Jobs) || !reflect.DeepEqual(paused.Intervals, rec.Intervals) ||
		!reflect.DeepEqual(paused.Series, rec.Series) {
		t.Error("a paused decode lost jobs, intervals or series points")
	}
	stop := errors.New("superseded")
	if err := new(Record).DecodeBinary(raw, func() error { return stop }); err != stop {
		t.Errorf("a pause's error: got %v, want it returned as it is", err)
	}
}

// TestDecodedGPUListsDoNotAlias checks that intervals decoded into one shared backing array stay
// independent: appending to one interval's GPU list leaves the next one's as it was.
func TestDecodedGPUListsDoNotAlias(t *testing.T) {
	raw, err := bigRecord(50).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got Record
	if err := got.UnmarshalBinary(raw); err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(got.Intervals); i++ {
		next := slices.Clone(got.Intervals[i+1].GPUs)
		got.Intervals[i].GPUs = append(got.Intervals[i].GPUs, -7)
		if !slices.Equal(got.Intervals[i+1].GPUs, next) {
			t.Fatalf("interval %d: appending to interval %d's GPUs changed them to %v", i+1, i, got.Intervals[i+1].GPUs)
		}
	}
}

// TestNumExact: every float64 the version-2 encoder writes compactly or raw decodes to the same
// bits, and small dyadic values (the usual CPU cores, GB and speed-ups) take few bytes.
func TestNumExact(t *testing.T) {
	values := []float64{0, math.Copysign(0, -1), 1, -1, 3, 62.5, 20.83, 0.1, -3.25, 1.0 / 64, 1.0 / 128,
		1 << 52, 1<<52 + 1, 1 << 53, -(1 << 60), 1e300, -1e-300, math.SmallestNonzeroFloat64, math.MaxFloat64,
		math.Inf(1), math.Inf(-1), math.NaN()}
	for _, v := range values {
		w := &bw{}
		w.num(v)
		r := &br{b: w.b}
		got := r.num()
		if r.err != nil || r.off != len(w.b) || math.Float64bits(got) != math.Float64bits(v) {
			t.Errorf("%v (%#x): read back %v (%#x), err %v, %d of %d bytes", v, math.Float64bits(v), got, math.Float64bits(got), r.err, r.off, len(w.b))
		}
	}
	for v, want := range map[float64]int{3: 1, 62.5: 2, 1.25: 1, 0.1: 9} {
		w := &bw{}
		if w.num(v); len(w.b) != want {
			t.Errorf("%v takes %d bytes, want %d", v, len(w.b), want)
		}
	}
}

// TestIntervalHostForms: an interval's CPU and memory round trip whether every GPU has the same
// (written once), GPUs differ (a pair each) or there are none; a form the encoder never writes
// is an error.
func TestIntervalHostForms(t *testing.T) {
	rec := sampleRecord()
	rec.Intervals = append(rec.Intervals, Interval{Job: 1, From: 5, To: 9, GPUs: []int32{2, 3, 5}, CPU: []float64{4, 4, 4}, Mem: []float64{0.5, 0.5, 0.5}, Speedup: 0.1})
	if got := roundTrip(t, rec); !reflect.DeepEqual(got.Intervals, rec.Intervals) {
		t.Errorf("got %+v, want %+v", got.Intervals, rec.Intervals)
	}
	one := &Record{Jobs: []Job{{ID: "a"}}, Intervals: []Interval{{GPUs: []int32{1}}}}
	b, err := one.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	w := &bw{}
	w.uint(hostNone)
	form := bytes.Index(b, append([]byte{1, 0, 0, 0, 1, 2}, w.b...)) + 6 // 1 interval: job, from, length, 1 GPU: 1
	if form < 6 {
		t.Fatal("interval not found in the encoding")
	}
	b[form] = 3
	if err := new(Record).UnmarshalBinary(b); err == nil || !strings.Contains(err.Error(), "form 3") {
		t.Errorf("an interval with CPU and memory in form 3: got error %v, want one naming the form", err)
	}
}
