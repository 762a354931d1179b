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
	Wake // a policy's wake-up (View.WakeAt)
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
// the lane's last event is appended there instead of sifted into the heap. Under lease rounds with
// exact progress (round credit queues no lease ends: see Sim.endDueLeases) every lease ends one
// round after it starts, in start order, so the lease ends (all but one event
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

// push adds an event, stamping its sequence number.
//
// It takes the fields and writes them into the event's slot, and the heap sifts through a hole,
// moving events field by field (set): under wasm an assignment of a whole event (more than 16
// bytes) is a memory.copy, a call out of the compiled code, and so is passing one by value; a swap
// is three.
func (h *eventHeap) push(at core.Time, kind Kind, job int32, gen uint32) {
	h.seq++
	seq := h.seq
	var d *event
	if n := len(h.lane); kind == LeaseEnd && (n == h.head || !precedes(at, kind, seq, &h.lane[n-1])) {
		if n == h.head {
			h.lane, h.head = h.lane[:0], 0
		} else if h.head >= 1024 && 2*h.head >= n {
			// Reuse the consumed front instead of growing: amortised O(1) per event.
			h.lane = h.lane[:copy(h.lane, h.lane[h.head:])]
			h.head = 0
		}
		h.lane = append(h.lane, event{})
		d = &h.lane[len(h.lane)-1]
	} else {
		h.items = append(h.items, event{})
		it := h.items
		i := len(it) - 1
		for i > 0 {
			p := (i - 1) / 2
			if !precedes(at, kind, seq, &it[p]) {
				break
			}
			it[i].set(&it[p])
			i = p
		}
		d = &it[i]
	}
	d.at, d.seq, d.job, d.gen, d.kind = at, seq, job, gen, kind
}

// precedes is event{at, kind, seq}.less(b), without the event.
func precedes(at core.Time, kind Kind, seq uint64, b *event) bool {
	if at != b.at {
		return at < b.at
	}
	if kind != b.kind {
		return kind < b.kind
	}
	return seq < b.seq
}

// set copies b to a (see push).
func (a *event) set(b *event) {
	a.at, a.seq, a.job, a.gen, a.kind = b.at, b.seq, b.job, b.gen, b.kind
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

// popped is what Step reads of an event it pops (its time is the instant's): twelve bytes, which
// wasm returns without a memory.copy (see push).
type popped struct {
	job  int32
	gen  uint32
	kind Kind
}

// popAt pops the next event if it is at time at (Step's loop over an instant: one comparison of
// the lane's head with the heap's top per event, where top and pop made one each).
func (h *eventHeap) popAt(at core.Time) (popped, bool) {
	if h.fromLane() {
		e := &h.lane[h.head]
		if e.at != at {
			return popped{}, false
		}
		h.head++
		return popped{e.job, e.gen, e.kind}, true
	}
	if len(h.items) == 0 || h.items[0].at != at {
		return popped{}, false
	}
	return h.popHeap(), true
}

// popHeap pops the heap's top: the last event sifts down from the root through a hole.
func (h *eventHeap) popHeap() popped {
	it := h.items
	top := popped{it[0].job, it[0].gen, it[0].kind}
	n := len(it) - 1
	last := &it[n] // read while sifting; the slots written are below n
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
		if !it[m].less(last) {
			break
		}
		it[i].set(&it[m])
		i = m
	}
	if i != n {
		it[i].set(last)
	}
	h.items = it[:n]
	return top
}
