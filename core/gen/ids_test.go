package gen

import (
	"strconv"
	"testing"
)

// TestIDs checks the ids against strconv.Itoa across digit boundaries, and that the buffer was
// sized exactly.
func TestIDs(t *testing.T) {
	for _, n := range []int{0, 1, 9, 10, 11, 99, 100, 101, 1001} {
		s := newIDs(n)
		if len(s.all) != idBytes(n) {
			t.Errorf("n=%d: %d bytes written, idBytes says %d", n, len(s.all), idBytes(n))
		}
		for i := range n {
			if got := s.next(); got != strconv.Itoa(i) {
				t.Fatalf("n=%d: id %d is %q", n, i, got)
			}
		}
	}
}
