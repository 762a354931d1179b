package synergy

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestInsertionSort checks the front's sort against slices.SortFunc with compareEntries on random
// entries with many ties of key and priority (job indices are distinct, as in a round).
func TestInsertionSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := range 200 {
		es := make([]sortEntry, n)
		for i, k := range rng.Perm(n) {
			es[i] = sortEntry{key: float64(rng.IntN(5)), job: int32(k), prio: rng.IntN(4) == 0}
		}
		want := slices.Clone(es)
		slices.SortFunc(want, compareEntries)
		insertionSort(es)
		if !slices.Equal(es, want) {
			t.Fatalf("n=%d: got %v, want %v", n, es, want)
		}
	}
}
