package core

import (
	"strconv"
	"testing"
)

// TestNameIndex checks NameIndex against a map over names that share lengths and bytes, with
// replaced values and misses.
func TestNameIndex(t *testing.T) {
	var x NameIndex
	if _, ok := x.Get("a"); ok {
		t.Fatal("empty index found a name")
	}
	want := map[string]int{}
	for i := range 500 {
		name := "m" + strconv.Itoa(i%300) + "x"
		x.Set(name, i)
		want[name] = i
	}
	x.Set("", 7)
	want[""] = 7
	for name, v := range want {
		if got, ok := x.Get(name); !ok || got != v {
			t.Errorf("Get(%q) = %d, %v, want %d", name, got, ok, v)
		}
	}
	for _, miss := range []string{"m300x", "m1", "x", "m12y"} {
		if _, ok := x.Get(miss); ok {
			t.Errorf("Get(%q) found a name never set", miss)
		}
	}
}
