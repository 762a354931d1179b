package trace

import (
	"bytes"
	"os"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
)

// BenchmarkPhilly imports the whole of pollux/traces/philly.csv (82,247 jobs, 3.4 MB) from memory.
func BenchmarkPhilly(b *testing.B) {
	data, err := os.ReadFile(shareddata.File(b, "pollux/traces/philly.csv"))
	if err != nil {
		b.Fatal(err)
	}
	jobs, _, err := Read("philly.csv", bytes.NewReader(data), "", nil)
	if err != nil || len(jobs) != 82247 {
		b.Fatalf("setup: got %d jobs, %v; want 82247", len(jobs), err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		jobs, _, _ = Read("philly.csv", bytes.NewReader(data), "", nil)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(jobs)), "ns/job")
}

// phillyJobs is the jobs of pollux/traces/philly.csv, the other benchmarks' input.
func phillyJobs(b *testing.B) []core.Job {
	data, err := os.ReadFile(shareddata.File(b, "pollux/traces/philly.csv"))
	if err != nil {
		b.Fatal(err)
	}
	jobs, _, err := Read("philly.csv", bytes.NewReader(data), "", nil)
	if err != nil {
		b.Fatal(err)
	}
	return jobs
}

// BenchmarkWriteNative exports the same jobs.
func BenchmarkWriteNative(b *testing.B) {
	jobs := phillyJobs(b)
	b.ReportAllocs()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := WriteNative(&buf, jobs); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}

// BenchmarkNativeJSONL imports the same jobs written as native JSON Lines (82,247 lines).
func BenchmarkNativeJSONL(b *testing.B) {
	jobs := phillyJobs(b)
	var buf bytes.Buffer
	if err := WriteNativeJSONL(&buf, jobs); err != nil {
		b.Fatal(err)
	}
	back, _, err := Read("philly.jsonl", bytes.NewReader(buf.Bytes()), "native-jsonl", nil)
	if err != nil || len(back) != len(jobs) {
		b.Fatalf("setup: got %d jobs, %v; want %d", len(back), err, len(jobs))
	}
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	for b.Loop() {
		back, _, _ = Read("philly.jsonl", bytes.NewReader(buf.Bytes()), "native-jsonl", nil)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(back)), "ns/job")
}
