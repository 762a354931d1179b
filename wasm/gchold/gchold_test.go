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
	var h Holder
	a := h.Hold()
	b := h.Hold()
	a()
	a() // a second release of the same hold changes nothing
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("one hold still on: GC percent %d, want -1", got)
	}
	b()
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("after the last release: GC percent %d, want 77", got)
	}
	if got := debug.SetMemoryLimit(-1); got == Limit {
		t.Errorf("after the last release: memory limit still %d", got)
	}
}
