//go:build js && wasm

// Package gchold holds the garbage collector off while a burst of allocation runs that a
// collection could not shrink: a worker encoding its run's record (short-lived buffers beside a
// live heap of about a GB at a million jobs) or the page decoding and showing one (the record
// stays live, the charts' options are small beside it). Under wasm, Go collects on the program's
// one thread, and a collection in the middle would mark the whole live heap for little or
// nothing.
package gchold

import "runtime/debug"

// Limit is the memory limit while a hold is on: collections then start only near it, well
// inside wasm32's 4 GB.
const Limit = 3 << 30

// Holder counts the holds that are on, so that overlapping ones (two runs' records decoded in
// turns) restore the collector's settings only when the last ends. Go on js/wasm runs one
// goroutine at a time, so it needs no lock.
type Holder struct {
	n       int
	percent int
	limit   int64
}

// Hold stops collections (up to Limit) until the returned release is called; release is
// idempotent.
func (h *Holder) Hold() (release func()) {
	if h.n == 0 {
		h.percent = debug.SetGCPercent(-1)
		h.limit = debug.SetMemoryLimit(Limit)
	}
	h.n++
	done := false
	return func() {
		if done {
			return
		}
		done = true
		h.n--
		if h.n == 0 {
			debug.SetGCPercent(h.percent)
			debug.SetMemoryLimit(h.limit)
		}
	}
}
