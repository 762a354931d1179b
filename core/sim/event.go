package sim

import "schedlab/core"

// Kind orders events that share a timestamp.
type Kind uint8

// Event kinds in tie-break order (Synergy's simulator/events/event_type.py).
const (
	Arrival Kind = iota + 1
	Completion
	LeaseEnd
	Tick
)

// event is a heap entry. gen invalidates a job's stale completion and lease events lazily, which
// is cheaper than removing them from the heap.
type event struct {
	at   core.Time
	seq  uint64
	job  int32
	gen  uint32
	kind Kind
}

func (a *event) less(b *event) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	if a.kind != b.kind {
		return a.kind < b.kind
	}
	return a.seq < b.seq
}

// eventHeap is a typed binary min-heap: unlike container/heap it never boxes events in interfaces,
// which matters most under wasm's single-threaded garbage collector.
type eventHeap struct {
	items []event
	seq   uint64
}

func (h *eventHeap) Len() int { return len(h.items) }

// push adds e, stamping its sequence number.
func (h *eventHeap) push(e event) {
	h.seq++
	e.seq = h.seq
	h.items = append(h.items, e)
	i := len(h.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.items[i].less(&h.items[p]) {
			break
		}
		h.items[i], h.items[p] = h.items[p], h.items[i]
		i = p
	}
}

func (h *eventHeap) top() *event { return &h.items[0] }

func (h *eventHeap) pop() event {
	it := h.items
	e := it[0]
	n := len(it) - 1
	it[0] = it[n]
	h.items = it[:n]
	it = h.items
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && it[r].less(&it[l]) {
			m = r
		}
		if !it[m].less(&it[i]) {
			break
		}
		it[i], it[m] = it[m], it[i]
		i = m
	}
	return e
}
