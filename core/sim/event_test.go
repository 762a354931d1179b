package sim

import (
	"container/heap"
	"math/rand/v2"
	"slices"
	"testing"

	"schedlab/core"
)

// TestHeapOrder pushes the same events in order, reversed and shuffled and checks one pop order:
// time, then kind, then sequence (FIFO among equal keys).
func TestHeapOrder(t *testing.T) {
	var base []event
	for i := 0; i < 200; i++ {
		base = append(base, event{at: core.Time(i % 7), kind: Kind(1 + i%4), job: int32(i)})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	orders := [][]event{slices.Clone(base), slices.Clone(base), slices.Clone(base)}
	slices.Reverse(orders[1])
	rng.Shuffle(len(orders[2]), func(i, j int) { orders[2][i], orders[2][j] = orders[2][j], orders[2][i] })
	for n, evs := range orders {
		var h eventHeap
		for _, e := range evs {
			h.push(e)
		}
		var prev *event
		for h.Len() > 0 {
			e := h.pop()
			if prev != nil && e.less(prev) {
				t.Fatalf("order %d: popped %+v after %+v", n, e, *prev)
			}
			prev = &e
		}
	}
}

// boxedHeap is the container/heap equivalent, for the benchmark comparison only.
type boxedHeap []event

func (h boxedHeap) Len() int           { return len(h) }
func (h boxedHeap) Less(i, j int) bool { return h[i].less(&h[j]) }
func (h boxedHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *boxedHeap) Push(x any)        { *h = append(*h, x.(event)) }
func (h *boxedHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// The event-loop benchmarks run a hold model: a heap of 10,000 pending events, each pop
// followed by a push at a random later time, as a simulation's event loop does.
const holdSize, holdOps = 10000, 1 << 20

func BenchmarkEventLoop(b *testing.B) {
	b.Run("typed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rng := rand.New(rand.NewPCG(1, 1))
			var h eventHeap
			for i := 0; i < holdSize; i++ {
				h.push(event{at: core.Time(rng.IntN(1000)), kind: Kind(1 + i%4)})
			}
			for i := 0; i < holdOps; i++ {
				e := h.pop()
				e.at += core.Time(1 + rng.IntN(1000))
				h.push(e)
			}
		}
		b.ReportMetric(float64(holdOps)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	})
	b.Run("container-heap", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rng := rand.New(rand.NewPCG(1, 1))
			h := &boxedHeap{}
			var seq uint64
			for i := 0; i < holdSize; i++ {
				seq++
				heap.Push(h, event{at: core.Time(rng.IntN(1000)), kind: Kind(1 + i%4), seq: seq})
			}
			for i := 0; i < holdOps; i++ {
				e := heap.Pop(h).(event)
				e.at += core.Time(1 + rng.IntN(1000))
				seq++
				e.seq = seq
				heap.Push(h, e)
			}
		}
		b.ReportMetric(float64(holdOps)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	})
}
