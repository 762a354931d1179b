package baselines

// key orders jobs: by a, then b, then arrival index. Each policy maps its priority onto it.
type key struct {
	a, b int64
	job  int32
}

func (x key) less(y key) bool {
	if x.a != y.a {
		return x.a < y.a
	}
	if x.b != y.b {
		return x.b < y.b
	}
	return x.job < y.job
}

func cmpKey(x, y key) int {
	switch {
	case x.less(y):
		return -1
	case y.less(x):
		return 1
	}
	return 0
}

// jobHeap is an indexed binary min-heap of keys, one entry per job at most, with removal by job.
// It is typed (no interface boxing): cheap under wasm.
type jobHeap struct {
	items []key
	pos   []int32 // per job: index in items + 1; 0 = absent
}

func (h *jobHeap) init(jobs int) {
	h.items = h.items[:0]
	h.pos = make([]int32, jobs)
}

func (h *jobHeap) len() int { return len(h.items) }

func (h *jobHeap) top() key { return h.items[0] }

func (h *jobHeap) push(k key) {
	if h.pos[k.job] != 0 {
		panic("baselines: job pushed twice")
	}
	h.items = append(h.items, k)
	h.up(len(h.items) - 1)
}

// remove deletes job's entry, if any.
func (h *jobHeap) remove(job int32) {
	if p := h.pos[job]; p != 0 {
		h.removeAt(int(p - 1))
	}
}

// setTop gives the top entry the first field a, at least its old one, and restores the order.
func (h *jobHeap) setTop(a int64) {
	h.items[0].a = a
	h.down(0)
}

func (h *jobHeap) removeAt(i int) {
	n := len(h.items) - 1
	h.pos[h.items[i].job] = 0
	if i != n {
		h.items[i] = h.items[n]
		h.pos[h.items[i].job] = int32(i + 1)
	}
	h.items = h.items[:n]
	if i < n {
		h.down(i)
		h.up(i)
	}
}

func (h *jobHeap) up(i int) {
	it := h.items
	k := it[i]
	for i > 0 {
		p := (i - 1) / 2
		if !k.less(it[p]) {
			break
		}
		it[i] = it[p]
		h.pos[it[i].job] = int32(i + 1)
		i = p
	}
	it[i] = k
	h.pos[k.job] = int32(i + 1)
}

func (h *jobHeap) down(i int) {
	it := h.items
	n := len(it)
	k := it[i]
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && it[r].less(it[l]) {
			m = r
		}
		if !it[m].less(k) {
			break
		}
		it[i] = it[m]
		h.pos[it[i].job] = int32(i + 1)
		i = m
	}
	it[i] = k
	h.pos[k.job] = int32(i + 1)
}
