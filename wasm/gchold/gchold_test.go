//go:build js && wasm

package gchold

import (
	"runtime/debug"
	"testing"
)

// TestOverlappingHolds: the collector stays off while any hold is on, and its settings come back
// when the last one ends, whatever the order of the releases.
func TestOverlappingHolds(t *testing.T) {
	percent := debug.SetGCPercent(77)
	defer debug.SetGCPercent(percent)
	const before = 1 << 40
	limit := debug.SetMemoryLimit(before)
	defer debug.SetMemoryLimit(limit)
	var h Holder
	a := h.Hold()
	b := h.Hold()
	a()
	a() // a second release of the same hold changes nothing
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("one hold still on: GC percent %d, want -1", got)
	}
	if got := debug.SetMemoryLimit(-1); got != Limit { // (-1 reads the limit without changing it)
		t.Errorf("one hold still on: memory limit %d, want %d, so that collections come back before wasm32's 4 GB", got, Limit)
	}
	b()
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("after the last release: GC percent %d, want 77", got)
	}
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("after the last release: memory limit %d, want %d", got, before)
	}
}
