package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// capHeap bounds the runner's own heap while scripts run: a script's memory is counted and capped
// deterministically (policies/script's budget, -script-memory), and this is the net beneath it
// for what the count cannot see (the engine's own state for a huge trace, many figure cells at
// once). The Go collector is told the limit (debug.SetMemoryLimit), and a watch ends the process
// with a message and exit status 2 when the live heap passes it anyway, instead of a kernel kill
// or Go's "out of memory" with no word of why. The watch reads the heap every quarter second: it
// is a safety net, not a limit a run is meant to reach (the message says which limit to raise).
func capHeap(limit int64, stderr io.Writer) {
	debug.SetMemoryLimit(limit)
	go func() {
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for range time.Tick(250 * time.Millisecond) {
			metrics.Read(sample)
			if heap := sample[0].Value.Uint64(); heap > uint64(limit) {
				fmt.Fprintf(stderr, "simulate: the runner's heap passed %d MB with -policy-file scripts running (a script holding much in values the memory budget does not count, or many large runs at once): lower -j, or raise -script-memory, which sets this cap to 8 × the budget + 1024 MB\n",
					limit>>20)
				os.Exit(2)
			}
		}
	}()
}

// heapCap is the runner's heap cap for a script memory budget of memory bytes.
func heapCap(memory int64) int64 { return 8*memory + 1<<30 }
