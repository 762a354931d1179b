package asrpt

import "schedlab/core"

// Span is one stretch of the virtual single machine's schedule: job (arrival index) processed
// from From to To.
type Span struct {
	Job      int
	From, To core.Time
}

// vjob is a job on the virtual machine.
type vjob struct {
	idx   int
	rem   float64 // remaining virtual processing time, ms
	done  bool
	vDone core.Time // virtual completion time once done
	at    int32     // position in Virtual.active while not done
}

// Virtual is the virtual single machine of speed 1 running preemptive SRPT (ties to the earlier
// arrival). It records its schedule as spans.
//
// Its not-yet-finished jobs are a binary heap ordered as SRPT picks them (remaining time, then
// arrival index: a total order, so the job it runs is the one a scan of them all would pick): its
// backlog is bound by no cluster size and grows over a long run, and a scan of it at every step of
// every decision made the run's time grow with the square of its jobs.
type Virtual struct {
	now    core.Time
	active []int // indexes into jobs of not-yet-finished virtual jobs, a heap (shorter)
	jobs   []vjob
	// pos[i] is 1 + the jobs index of arrival index i, 0 when i is not on the machine: a slice,
	// not a map, because every priority comparison (Less) looks two jobs up.
	pos   []int32
	spans []Span
}

func newVirtual() *Virtual { return &Virtual{} }

// at returns the jobs index of arrival index idx.
func (m *Virtual) at(idx int) (int, bool) {
	if idx >= len(m.pos) || m.pos[idx] == 0 {
		return 0, false
	}
	return int(m.pos[idx]) - 1, true
}

// Add puts a job with virtual processing time rem (ms) on the machine at the current time.
func (m *Virtual) Add(idx int, rem float64) {
	if idx >= len(m.pos) {
		m.pos = append(m.pos, make([]int32, idx+1-len(m.pos))...)
	}
	m.pos[idx] = int32(len(m.jobs) + 1)
	m.jobs = append(m.jobs, vjob{idx: idx, rem: max(rem, 1)})
	m.push(len(m.jobs) - 1)
}

// Extend adds virtual work to a job whose prediction was corrected upward (the paper's virtual
// remaining work, "vRem_i recomputed"). A job the machine had already finished is put back on it with the extra work:
// keeping its old virtual completion time would give a job that outlived its prediction the best
// priority for good, however long it still runs.
func (m *Virtual) Extend(idx int, extra float64) {
	k, ok := m.at(idx)
	if !ok || extra <= 0 {
		return
	}
	j := &m.jobs[k]
	if j.done {
		j.done, j.vDone, j.rem = false, 0, max(extra, 1)
		m.push(k)
		return
	}
	j.rem += extra
	m.down(int(j.at))
}

// shorter reports whether SRPT runs jobs index a before b: less remaining time, then the earlier
// arrival.
func (m *Virtual) shorter(a, b int) bool {
	x, y := &m.jobs[a], &m.jobs[b]
	return x.rem < y.rem || (x.rem == y.rem && x.idx < y.idx)
}

// push puts jobs index k on the heap.
func (m *Virtual) push(k int) {
	m.active = append(m.active, k)
	m.set(len(m.active)-1, k)
	m.up(len(m.active) - 1)
}

// pop takes the heap's first job off it.
func (m *Virtual) pop() {
	last := len(m.active) - 1
	m.set(0, m.active[last])
	m.active = m.active[:last]
	if last > 0 {
		m.down(0)
	}
}

func (m *Virtual) set(h, k int) {
	m.active[h] = k
	m.jobs[k].at = int32(h)
}

// up moves the job at heap position h towards the root while it runs before its parent.
func (m *Virtual) up(h int) {
	for h > 0 {
		parent := (h - 1) / 2
		k, pk := m.active[h], m.active[parent]
		if !m.shorter(k, pk) {
			return
		}
		m.set(h, pk)
		m.set(parent, k)
		h = parent
	}
}

// down moves the job at heap position h away from the root while a child runs before it.
func (m *Virtual) down(h int) {
	n := len(m.active)
	for {
		c := 2*h + 1
		if c >= n {
			return
		}
		if r := c + 1; r < n && m.shorter(m.active[r], m.active[c]) {
			c = r
		}
		k, ck := m.active[h], m.active[c]
		if !m.shorter(ck, k) {
			return
		}
		m.set(h, ck)
		m.set(c, k)
		h = c
	}
}

// Advance runs the machine up to time t.
func (m *Virtual) Advance(t core.Time) {
	for m.now < t {
		if len(m.active) == 0 {
			m.now = t
			return
		}
		// The first job stays first as it runs: only its remaining time changes, downwards.
		j := &m.jobs[m.active[0]]
		step := min(float64(t-m.now), j.rem)
		end := m.now + core.Time(step+0.5)
		if step == j.rem || end >= t {
			end = min(end, t)
		}
		if end == m.now { // sub-millisecond remainder
			end = m.now + 1
		}
		m.addSpan(j.idx, m.now, end)
		j.rem -= float64(end - m.now)
		m.now = end
		if j.rem <= 0.5 {
			j.rem, j.done, j.vDone = 0, true, end
			m.pop()
		}
	}
}

func (m *Virtual) addSpan(idx int, from, to core.Time) {
	if n := len(m.spans); n > 0 && m.spans[n-1].Job == idx && m.spans[n-1].To == from {
		m.spans[n-1].To = to
		return
	}
	m.spans = append(m.spans, Span{Job: idx, From: from, To: to})
}

// prio is a job's priority: virtually finished jobs by their virtual completion time first, then
// the others by remaining virtual time (the order SRPT will finish them in), then arrival index.
type prio struct {
	done bool
	a    float64
	idx  int
}

// prio returns job idx's priority now (a job not on the machine comes after every job on it).
func (m *Virtual) prio(idx int) prio {
	k, ok := m.at(idx)
	if !ok {
		return prio{a: 1e300, idx: idx}
	}
	j := &m.jobs[k]
	if j.done {
		return prio{done: true, a: float64(j.vDone), idx: idx}
	}
	return prio{a: j.rem, idx: idx}
}

// before reports whether x is a better (smaller) priority than y.
func (x prio) before(y prio) bool {
	if x.done != y.done {
		return x.done
	}
	if x.a != y.a {
		return x.a < y.a
	}
	return x.idx < y.idx
}

// compare orders priorities best first, for sorting.
func (x prio) compare(y prio) int {
	if x.before(y) {
		return -1
	}
	if y.before(x) {
		return 1
	}
	return 0
}

// Less reports whether job x has a better (smaller) priority than job y.
func (m *Virtual) Less(x, y int) bool { return m.prio(x).before(m.prio(y)) }

// Spans returns the virtual schedule so far (a copy).
func (m *Virtual) Spans() []Span { return append([]Span(nil), m.spans...) }
