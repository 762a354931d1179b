package synergy

import "schedlab/core"

// queue is the waiting jobs of an order whose keys hold still while a job waits (LAS, SRTF, DRF,
// Tetris): one indexed binary min-heap of sort entries per job class (see Policy.classOf). A
// round's walk repeatedly takes the smallest entry among the heaps of classes that can still be
// placed, until the cluster is full; the jobs it does not take stay in their heaps with the
// entries they had. A round then costs O(k log n) for the k jobs it takes or changes, where the
// authors' walk over a sorted list of every waiting job costs O(n) at least — and under GREEDY,
// where a job that does not get its ideal CPU and memory is skipped, a walk on a CPU-bound cluster
// with free GPUs tries every one of thousands of waiting jobs every round.
//
// The walk places exactly the jobs the authors' walk places, in the same order: compareEntries is
// a strict total order; every entry in a heap is the one the authors' sort would compute for that
// job this round (the policy re-keys a waiting job whenever its key changes: a speed-up reset or a
// starvation bump); and the jobs it leaves out are ones the authors' walk would try in vain,
// because what rules a class out only grows during a round: the jobs that need more GPUs than are
// free (a number that only falls), and under GREEDY a class whose ideal demand did not fit (the
// cluster only fills up, and the class's jobs all ask for the same).
type queue struct {
	heaps []sizeHeap // per job class (jobState.class)
	order []int32    // classes by ascending GPU count (then class id)
	at    []int32    // per job (arrival index): 1 + its position in its heap, 0 if not queued
}

// sizeHeap is the queued jobs of one class.
type sizeHeap struct {
	gpus  int
	items []sortEntry
}

// has reports whether job i is queued.
func (q *queue) has(i int32) bool { return int(i) < len(q.at) && q.at[i] > 0 }

// heap is class c's heap (of g GPUs), made when first needed.
func (q *queue) heap(c int32, g int) *sizeHeap {
	for int(c) >= len(q.heaps) {
		q.heaps = append(q.heaps, sizeHeap{gpus: -1})
	}
	if h := &q.heaps[c]; h.gpus < 0 {
		h.gpus = g
		k := len(q.order)
		q.order = append(q.order, c)
		for k > 0 && q.heaps[q.order[k-1]].gpus > g {
			q.order[k] = q.order[k-1]
			k--
		}
		q.order[k] = c
	}
	return &q.heaps[c]
}

// push queues e for a job of class c and g GPUs (the job must not be queued).
func (q *queue) push(e sortEntry, c int32, g int) {
	if int(e.job) >= len(q.at) {
		q.at = append(q.at, make([]int32, int(e.job)+1-len(q.at))...)
	}
	h := q.heap(c, g)
	h.items = append(h.items, e)
	h.up(q.at, len(h.items)-1)
}

// next is the class whose heap's top is smallest among the non-empty heaps of at most free GPUs
// whose class did not die in round (deadAt[c] == round: see Policy.dead), -1 if there is none.
// (A slice rather than a func: a call through a method value per heap costs a closure call under
// wasm.)
func (q *queue) next(free int, deadAt []uint32, round uint32) int32 {
	best := int32(-1)
	for _, c := range q.order {
		h := &q.heaps[c]
		if h.gpus > free {
			break
		}
		if len(h.items) > 0 && (best < 0 || before(&h.items[0], &q.heaps[best].items[0])) && deadAt[c] != round {
			best = c
		}
	}
	return best
}

// pop removes and returns the top of class c's heap.
func (q *queue) pop(c int32) sortEntry {
	h := &q.heaps[c]
	e := h.items[0]
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	q.at[e.job] = 0
	if last > 0 {
		h.down(q.at, 0)
	}
	return e
}

// fix replaces the entry of queued job e.job, of class c, with e.
func (q *queue) fix(e sortEntry, c int32) {
	h := &q.heaps[c]
	k := int(q.at[e.job]) - 1
	h.items[k] = e
	h.down(q.at, h.up(q.at, k))
}

// up sifts item k up and returns where it ends, keeping at current for every item it moves.
func (h *sizeHeap) up(at []int32, k int) int {
	e := h.items[k]
	for k > 0 {
		p := (k - 1) / 2
		if !before(&e, &h.items[p]) {
			break
		}
		h.items[k] = h.items[p]
		at[h.items[k].job] = int32(k + 1)
		k = p
	}
	h.items[k] = e
	at[e.job] = int32(k + 1)
	return k
}

func (h *sizeHeap) down(at []int32, k int) {
	n := len(h.items)
	e := h.items[k]
	for {
		c := 2*k + 1
		if c >= n {
			break
		}
		if c+1 < n && before(&h.items[c+1], &h.items[c]) {
			c++
		}
		if !before(&h.items[c], &e) {
			break
		}
		h.items[k] = h.items[c]
		at[h.items[k].job] = int32(k + 1)
		k = c
	}
	h.items[k] = e
	at[e.job] = int32(k + 1)
}

// waiting is the starvation watch: each waiting job with the time it has waited since (its last
// lease's end, or its arrival), in the order they began to wait, which is also the order of those
// times. A job's entry goes stale when it runs again, finishes or is bumped; stale entries are
// dropped when they reach the front.
type waiting struct {
	items []waitEntry
	head  int
}

type waitEntry struct {
	job   int32
	since core.Time
}

// compact drops the stale entries (live says which are not) once they outnumber the waiting jobs
// (n) by far: under LAS at high load most jobs are preempted again and again, each time leaving
// an entry that would otherwise be kept for 1000 simulated hours.
func (w *waiting) compact(n int, live func(waitEntry) bool) {
	if len(w.items)-w.head < 2*n+4096 {
		return
	}
	out := w.items[:0]
	for _, e := range w.items[w.head:] {
		if live(e) {
			out = append(out, e)
		}
	}
	w.items, w.head = out, 0
}

func (w *waiting) push(job int32, since core.Time) {
	if w.head > 0 && w.head >= len(w.items)/2 { // reuse the dropped front
		w.items, w.head = w.items[:copy(w.items, w.items[w.head:])], 0
	}
	w.items = append(w.items, waitEntry{job, since})
}
