package metrics

import (
	"math/rand/v2"
	"slices"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

// TestBusyInOrder: the one-pass union of intervals in start order gives the sorted merge's
// numbers, on random intervals of two GPU types that overlap (shared GPUs), touch and nest,
// clipped to windows inside, across and outside the run; intervals out of start order are left
// to the sort.
func TestBusyInOrder(t *testing.T) {
	c, err := core.ParseCluster("2x4:V100+3x2:K80+1x4:V100")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		var ivs []sim.Interval
		at := core.Time(0)
		for range rng.IntN(40) {
			at += core.Time(rng.IntN(5))
			var gpus []int32
			for g := range c.NumGPUs() {
				if rng.IntN(4) == 0 {
					gpus = append(gpus, int32(g))
				}
			}
			ivs = append(ivs, sim.Interval{From: at, To: at + core.Time(rng.IntN(8)), GPUs: gpus})
		}
		r := &sim.Result{Intervals: ivs}
		for _, w := range [][2]core.Time{{0, 1000}, {3, 20}, {10, 10}, {-5, 2}, {500, 600}} {
			total, byType := busySorted(r, c, w[0], w[1])
			gotTotal, gotByType, ok := busyInOrder(r, c, w[0], w[1])
			if !ok || gotTotal != total || !slices.Equal(gotByType, byType) {
				t.Fatalf("trial %d, window %v: in order (%d, %v, %v), sorted (%d, %v)", trial, w, gotTotal, gotByType, ok, total, byType)
			}
			if total == 0 {
				continue
			}
			slices.Reverse(r.Intervals)
			inOrder := slices.IsSortedFunc(r.Intervals, func(a, b sim.Interval) int { return int(max(a.From, w[0]) - max(b.From, w[0])) })
			if _, _, ok := busyInOrder(r, c, w[0], w[1]); ok != inOrder {
				t.Fatalf("trial %d, window %v, reversed: in order %v, want %v", trial, w, ok, inOrder)
			}
			if gotTotal, gotByType := BusyGPUTime(r, c, w[0], w[1]); gotTotal != total || !slices.Equal(gotByType, byType) {
				t.Fatalf("trial %d, window %v, reversed: (%d, %v), want (%d, %v)", trial, w, gotTotal, gotByType, total, byType)
			}
			slices.Reverse(r.Intervals)
		}
	}
}
