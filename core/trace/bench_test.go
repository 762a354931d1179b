package trace

import (
	"bytes"
	"os"
	"testing"

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

// BenchmarkWriteNative exports the same jobs.
func BenchmarkWriteNative(b *testing.B) {
	data, err := os.ReadFile(shareddata.File(b, "pollux/traces/philly.csv"))
	if err != nil {
		b.Fatal(err)
	}
	jobs, _, err := Read("philly.csv", bytes.NewReader(data), "", nil)
	if err != nil {
		b.Fatal(err)
	}
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
