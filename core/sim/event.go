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
//
// Beside the heap it keeps a FIFO lane for lease ends: a LeaseEnd event that does not order before
// the lane's last event is appended there instead of sifted into the heap. Under lease rounds
// every lease ends one round after it starts, in start order, so the lease ends (all but one event
// per round; the Tick stays in the heap, else the next round's lease ends would order before it)
// cost O(1) instead of O(log n) sifts of 32-byte entries. Both parts are ordered by less, a total order
// (seq is unique), and pop takes the smaller head, so the pop sequence is exactly the heap's.
type eventHeap struct {
	items []event
	seq   uint64
	lane  []event // ascending by less; lane[head:] are queued
	head  int
}

func (h *eventHeap) Len() int { return len(h.items) + len(h.lane) - h.head }

// push adds e, stamping its sequence number.
func (h *eventHeap) push(e event) {
	h.seq++
	e.seq = h.seq
	if n := len(h.lane); e.kind == LeaseEnd && (n == h.head || !e.less(&h.lane[n-1])) {
		if n == h.head {
			h.lane, h.head = h.lane[:0], 0
		} else if h.head >= 1024 && 2*h.head >= n {
			// Reuse the consumed front instead of growing: amortised O(1) per event.
			h.lane = h.lane[:copy(h.lane, h.lane[h.head:])]
			h.head = 0
		}
		h.lane = append(h.lane, e)
		return
	}
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

// fromLane reports whether the next event is the lane's head (else the heap's top).
func (h *eventHeap) fromLane() bool {
	if h.head == len(h.lane) {
		return false
	}
	return len(h.items) == 0 || h.lane[h.head].less(&h.items[0])
}

func (h *eventHeap) top() *event {
	if h.fromLane() {
		return &h.lane[h.head]
	}
	return &h.items[0]
}

// popAt pops the next event if it is at time at (Step's loop over an instant: one comparison of
// the lane's head with the heap's top per event, where top and pop made one each).
func (h *eventHeap) popAt(at core.Time) (event, bool) {
	if h.fromLane() {
		if h.lane[h.head].at != at {
			return event{}, false
		}
		h.head++
		return h.lane[h.head-1], true
	}
	if len(h.items) == 0 || h.items[0].at != at {
		return event{}, false
	}
	return h.popHeap(), true
}

// popHeap pops the heap's top.
func (h *eventHeap) popHeap() event {
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
