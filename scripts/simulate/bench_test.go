package main

import (
	"io"
	"testing"
)

// BenchmarkSynergy1000: everything the runner does in process for the 1,000-job Synergy workload
// under fifo+tune (whole-process target: 12 ms natively): flags, model tables,
// generation, the run and the JSON output. Process start-up comes on top.
func BenchmarkSynergy1000(b *testing.B) {
	args := []string{"-generate", "synergy:jobs=1000,rate=9,split=20/70/10", "-cluster", "16x8", "-policy", "fifo+tune", "-json"}
	for b.Loop() {
		if err := run(args, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
