//go:build js && wasm

package worker

import (
	"runtime"

	"schedlab/wasm/pagelogic"
)

// runBytesPerJob is about what a full run (intervals, series, reasons, the engine's per-job
// state and the result's job records) allocates per job: 500–540 bytes at 1,000,000 jobs under
// fifo and las. The reservation stays below it, so the run itself fills the memory reserved.
const runBytesPerJob = 400

// reserveMemory grows the worker's wasm memory once, before a run of n jobs, by about what the
// run will allocate, and gives it back to Go's heap, where the run's arrays then find it. Go grows
// wasm memory at each of the run's large allocations instead, and every growth costs V8 far more
// than its size (the memory's buffer is replaced, and garbage collections follow): measured under
// Node on a 1,000,000-job fifo run, a fifth of the run's time, a sixth with this reservation's
// own cost (one allocation and one collection) counted. Runs under 100,000 jobs skip it. The
// reservation is at most pagelogic.MaxJobs jobs' worth (400 MB): the page sends no larger run,
// and one sent otherwise must fail in the run, not in a reservation of gigabytes beside its jobs.
func reserveMemory(n int) {
	if n < 100_000 {
		return
	}
	b := make([]byte, min(n, pagelogic.MaxJobs)*runBytesPerJob)
	b[len(b)-1] = 1 // touched, so that the allocation is not optimised away
	runtime.GC()
}
