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
}

// Virtual is the virtual single machine of speed 1 running preemptive SRPT (ties to the earlier
// arrival). It records its schedule as spans.
type Virtual struct {
	now    core.Time
	active []int // indexes into jobs of not-yet-finished virtual jobs
	jobs   []vjob
	pos    map[int]int // arrival index -> jobs index
	spans  []Span
}

func newVirtual() *Virtual { return &Virtual{pos: map[int]int{}} }

// Add puts a job with virtual processing time rem (ms) on the machine at the current time.
func (m *Virtual) Add(idx int, rem float64) {
	m.pos[idx] = len(m.jobs)
	m.jobs = append(m.jobs, vjob{idx: idx, rem: max(rem, 1)})
	m.active = append(m.active, len(m.jobs)-1)
}

// Extend adds virtual work to a job whose prediction was corrected upward (spec §4.3: "vRem_i
// recomputed"). A job the machine had already finished is put back on it with the extra work:
// keeping its old virtual completion time would give a job that outlived its prediction the best
// priority for good, however long it still runs.
func (m *Virtual) Extend(idx int, extra float64) {
	k, ok := m.pos[idx]
	if !ok || extra <= 0 {
		return
	}
	j := &m.jobs[k]
	if j.done {
		j.done, j.vDone, j.rem = false, 0, max(extra, 1)
		m.active = append(m.active, k)
		return
	}
	j.rem += extra
}

// shortest returns the position in active of the job SRPT runs now, -1 if idle.
func (m *Virtual) shortest() int {
	best := -1
	for a, k := range m.active {
		if best < 0 {
			best = a
			continue
		}
		b := &m.jobs[m.active[best]]
		if j := &m.jobs[k]; j.rem < b.rem || (j.rem == b.rem && j.idx < b.idx) {
			best = a
		}
	}
	return best
}

// Advance runs the machine up to time t.
func (m *Virtual) Advance(t core.Time) {
	for m.now < t {
		a := m.shortest()
		if a < 0 {
			m.now = t
			return
		}
		j := &m.jobs[m.active[a]]
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
			m.active = append(m.active[:a], m.active[a+1:]...)
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

// key is a job's priority: virtually finished jobs by their virtual completion time first, then
// the others by remaining virtual time (the order SRPT will finish them in). Lower is better.
func (m *Virtual) key(idx int) (done bool, a float64, b int) {
	k, ok := m.pos[idx]
	if !ok {
		return false, 1e300, idx
	}
	j := &m.jobs[k]
	if j.done {
		return true, float64(j.vDone), idx
	}
	return false, j.rem, idx
}

// Less reports whether job x has a better (smaller) priority than job y.
func (m *Virtual) Less(x, y int) bool {
	dx, ax, bx := m.key(x)
	dy, ay, by := m.key(y)
	if dx != dy {
		return dx
	}
	if ax != ay {
		return ax < ay
	}
	return bx < by
}

// Spans returns the virtual schedule so far (a copy).
func (m *Virtual) Spans() []Span { return append([]Span(nil), m.spans...) }
