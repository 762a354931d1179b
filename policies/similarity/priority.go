package similarity

import (
	"iter"
	"math"

	"schedlab/core/sim"
)

// prio is one (job, type) pair in Gavel's round order.
type prio struct {
	job, typ int
	x, p     float64
}

// byPriority yields the active jobs' (job, type) pairs with X > 0 by X / received share, highest
// first (never-served pairs first; ties: larger X, then arrival order, then cluster type order).
// Its callers stop reading once the GPUs run out, usually after a few pairs per GPU, so the pairs
// are kept in a heap and ordered only as far as they are read (a full sort of every active pair
// at every decision grew with the queue). The order is total, so the sequence is a sort's.
func (p *MaxMin) byPriority(v *sim.View) iter.Seq[prio] {
	h := p.order[:0]
	for _, i := range p.active {
		j := v.Job(i)
		age := max((v.Now() - j.Job.Submit).Seconds(), v.Round().Seconds())
		for t, x := range p.x[i] {
			if x < 1e-6 {
				continue
			}
			got := 0.0
			if p.recv[i] != nil {
				got = p.recv[i][t] / age
			}
			pr := math.Inf(1)
			if got > 0 {
				pr = x / got
			}
			h = append(h, prio{job: i, typ: t, x: x, p: pr})
		}
	}
	p.order = h
	return inOrder(h)
}

// inOrder yields h's pairs in the order of before, heap-ordering h in place.
func inOrder(h []prio) iter.Seq[prio] {
	for k := len(h)/2 - 1; k >= 0; k-- {
		siftDown(h, k)
	}
	return func(yield func(prio) bool) {
		for len(h) > 0 {
			top := h[0]
			h[0] = h[len(h)-1]
			h = h[:len(h)-1]
			siftDown(h, 0)
			if !yield(top) {
				return
			}
		}
	}
}

// before is byPriority's order: a ahead of b.
func before(a, b prio) bool {
	switch {
	case a.p != b.p:
		return a.p > b.p
	case a.x != b.x:
		return a.x > b.x
	case a.job != b.job:
		return a.job < b.job
	}
	return a.typ < b.typ
}

// siftDown restores the heap (ordered by before) below position k.
func siftDown(h []prio, k int) {
	for {
		c := 2*k + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && before(h[c+1], h[c]) {
			c++
		}
		if !before(h[c], h[k]) {
			return
		}
		h[k], h[c] = h[c], h[k]
		k = c
	}
}
