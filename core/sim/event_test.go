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
			h.push(e.at, e.kind, e.job, e.gen)
		}
		var prev *event
		for h.Len() > 0 {
			e := h.next()
			if prev != nil && e.less(prev) {
				t.Fatalf("order %d: popped %+v after %+v", n, e, *prev)
			}
			prev = &e
		}
	}
}

// TestHeapLane interleaves pushes and pops where lease ends go to the FIFO lane (in order) or,
// out of order, to the heap, and checks every pop against the minimum of the live events.
func TestHeapLane(t *testing.T) {
	for _, c := range []struct {
		name  string
		shift func(i int) core.Time // lease end time of the i-th push
	}{
		{"rounds", func(i int) core.Time { return core.Time(i/10) * 300 }},
		{"out of order", func(i int) core.Time { return core.Time((i * 7919) % 50) }},
		{"mixed", func(i int) core.Time { return core.Time(i/10*300 - (i%3)*(i%5)) }},
	} {
		rng := rand.New(rand.NewPCG(3, 4))
		var h eventHeap
		var live []event
		var seq uint64
		for i := 0; i < 6000; i++ {
			e := event{at: c.shift(i), kind: LeaseEnd, job: int32(i)}
			switch i % 10 {
			case 0:
				e.kind = Tick
			case 1:
				e.kind = Completion
			}
			h.push(e.at, e.kind, e.job, e.gen)
			seq++
			e.seq = seq
			live = append(live, e)
			// Phases of pushes only, then of 1.5 pops per push: the lane grows past its
			// compaction threshold and drains.
			for n := (i / 1500 % 2) * rng.IntN(4); n > 0 && len(live) > 0; n-- {
				k := 0
				for m := range live {
					if live[m].less(&live[k]) {
						k = m
					}
				}
				if got := h.next(); got != live[k] {
					t.Fatalf("%s: push %d: got %+v, want %+v", c.name, i, got, live[k])
				}
				live = slices.Delete(live, k, k+1)
			}
			if h.Len() != len(live) {
				t.Fatalf("%s: got Len %d, want %d", c.name, h.Len(), len(live))
			}
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
				h.push(core.Time(rng.IntN(1000)), Kind(1+i%4), 0, 0)
			}
			for i := 0; i < holdOps; i++ {
				e := h.next()
				e.at += core.Time(1 + rng.IntN(1000))
				h.push(e.at, e.kind, e.job, e.gen)
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

// next pops the next event, whatever its time.
func (h *eventHeap) next() event {
	t := h.top()
	at, seq := t.at, t.seq
	p, _ := h.popAt(at)
	return event{at: at, seq: seq, job: p.job, gen: p.gen, kind: p.kind}
}
