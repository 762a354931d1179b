package synergy

import (
	"cmp"
	"slices"

	"schedlab/core/sim"
)

// remaining is the authors' remaining_duration at progress done: seconds left at the proportional
// share, divided by the speed-up the job was left with unless the mode is proportional.
func (p *Policy) remaining(j *sim.JobState, s *jobState, done float64) float64 {
	d := s.unit * (j.Total() - done)
	if p.mode != Proportional {
		d /= s.keySpeed
	}
	return d
}

// key is the job's primary sort key (smaller first) under p's order, now.
func (p *Policy) key(v *sim.View, j *sim.JobState, s *jobState) float64 {
	if p.order == LAS { // (without keyAt's call and the progress LAS does not read: LAS keys most entries)
		return lasKey(v, j, s.rounds)
	}
	return p.keyAt(v, j, s, v.Progress(j), s.rounds)
}

// lasKey is LAS's key, the GPU time attained: rounds leases of j's GPUs.
func lasKey(v *sim.View, j *sim.JobState, rounds int64) float64 {
	return float64(rounds) * v.Round().Seconds() * float64(j.Job.GPUs)
}

// keyAt is the key the job would have with done work and rounds leases received (Steady asks it of
// rounds to come; FTF's key also moves with the clock and is only ever asked of now).
func (p *Policy) keyAt(v *sim.View, j *sim.JobState, s *jobState, done float64, rounds int64) float64 {
	switch p.order {
	case SRTF:
		return p.remaining(j, s, done)
	case LAS:
		return lasKey(v, j, rounds)
	case FTF:
		ideal := s.unit * j.Total()
		return (v.Now().Seconds() - j.Job.Submit.Seconds() + p.remaining(j, s, done)) / ideal
	case DRF:
		return s.share
	case Tetris:
		t := &p.total
		dur := p.remaining(j, s, done)
		w := 0.0
		w += float64(float64(j.Job.GPUs) / t.gpus * dur)
		w += float64(s.dem.CPU / t.cpu * dur)
		w += float64(s.dem.Mem / t.mem * dur)
		return w
	}
	return j.Job.Submit.Seconds()
}

// entry is j's sort entry now.
func (p *Policy) entry(v *sim.View, j *sim.JobState, s *jobState) sortEntry {
	return entryOf(j, s, p.key(v, j, s))
}

// entryOf is j's sort entry with primary key key.
func entryOf(j *sim.JobState, s *jobState, key float64) sortEntry {
	return sortEntry{key: key, job: int32(j.Index), prio: s.prio}
}

// sortAll is FTF's round order: every pending job sorted by its entry now (a strict total order, so
// any sort gives the authors' stable one), then the authors' bookkeeping for all of them: speed-ups
// reset, and jobs that waited over 1000 h bumped (the next round's sort sees it).
func (p *Policy) sortAll(v *sim.View) {
	now := v.Now()
	es := p.entries[:0]
	for j := range v.Pending() {
		es = append(es, p.entry(v, j, p.state(v, j)))
	}
	slices.SortFunc(es, compareEntries)
	p.entries = es
	for _, e := range es {
		s := &p.st[e.job]
		s.keySpeed = s.dem.Speedup
		if now-s.waitingSince(v.Job(int(e.job))) > starvation {
			s.prio = true
		}
	}
}

// refresh brings the queue to this round: it queues the jobs that arrived since the last round,
// and sorts the jobs the last round took (placed or not, their keys may have moved) into the front
// list, which the walk reads beside the heaps: they are mostly the first jobs again, and taking
// them from a sorted list of a hundred costs less than sifting them through heaps of thousands.
// Then it resets the speed-ups the last round changed, after computing their entries, since this
// round's sort still sees them (the authors' order); every other waiting job's speed-up is
// already its own. The front jobs this round does not take go to the heaps in settle.
func (p *Policy) refresh(v *sim.View) {
	arrived := v.Arrived()
	for i := p.seen; i < arrived; i++ {
		j := v.Job(i)
		if j.Status() != sim.Pending {
			continue // rejected
		}
		s := p.state(v, j)
		p.queue.push(p.entry(v, j, s), s.class, j.Job.GPUs)
		p.wait.push(int32(i), j.Job.Submit)
	}
	p.seen = arrived
	p.front, p.cursor = p.front[:0], 0
	for _, i := range p.scanned {
		j, s := v.Job(int(i)), &p.st[i]
		if j.Status() != sim.Pending {
			continue // finished at its lease's end
		}
		p.front = append(p.front, p.entry(v, j, s))
		s.keySpeed = s.dem.Speedup
	}
	insertionSort(p.front)
}

// insertionSort sorts a round's front (at most the jobs one walk took) by before: an entry not
// behind its predecessor stays (one comparison each when the front is sorted already, as DRF's
// is), the others are placed by binary search. Any sort gives the same order (before is a strict
// total order); this one inlines its comparisons, where slices.SortFunc calls compareEntries
// through a function value, 3 % of a LAS cell under wasm.
func insertionSort(es []sortEntry) {
	for i := 1; i < len(es); i++ {
		e := es[i]
		if !before(&e, &es[i-1]) {
			continue // in place: a front whose keys hold still (DRF's) is sorted already
		}
		lo, hi := 0, i-1 // es[:i] is sorted: find the first entry e sorts before
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if before(&e, &es[m]) {
				hi = m
			} else {
				lo = m + 1
			}
		}
		copy(es[lo+1:i+1], es[lo:i])
		es[lo] = e
	}
}

// bump is the authors' starvation rule: a job that has waited over 1000 h since its last lease's
// end (or its arrival) goes to the front of every later sort. Jobs begin to wait in time order, so
// only the front of the watch can be due.
func (p *Policy) bump(v *sim.View) {
	now := v.Now()
	w := &p.wait
	for ; w.head < len(w.items); w.head++ {
		e := w.items[w.head]
		if now-e.since <= starvation {
			return
		}
		if !p.waits(v, e) {
			continue // stale: ran again, finished or bumped since
		}
		j, s := v.Job(int(e.job)), &p.st[e.job]
		s.prio = true
		if p.queue.has(e.job) {
			p.queue.fix(p.entry(v, j, s), s.class)
		}
	}
}

// waits reports whether e is its job's live entry in the starvation watch: the job still waits,
// unbumped, since e.since.
func (p *Policy) waits(v *sim.View, e waitEntry) bool {
	j, s := v.Job(int(e.job)), &p.st[e.job]
	return j.Status() == sim.Pending && !s.prio && s.waitingSince(j) == e.since
}

// settle ends a round of a queued order: the front jobs the walk did not take go to the heaps with
// their entries for the next round (a speed-up reset or a bump may have changed them), and the jobs
// that ran last round but not this one begin to wait.
func (p *Policy) settle(v *sim.View) {
	for _, e := range p.front {
		if s := &p.st[e.job]; s.taken != p.roundNo {
			j := v.Job(int(e.job))
			p.queue.push(p.entry(v, j, s), s.class, j.Job.GPUs)
		}
	}
	lease := v.Now() + v.Round()
	for _, i := range p.placed {
		if s := &p.st[i]; s.lastExec != lease && v.Job(int(i)).Status() == sim.Pending {
			p.wait.push(i, s.lastExec)
		}
	}
	p.wait.compact(v.PendingLen(), func(e waitEntry) bool { return p.waits(v, e) })
	p.placed = p.placed[:0]
	for k := range p.round.plans {
		p.placed = append(p.placed, p.round.plans[k].job)
	}
}

// sortEntry is a waiting job with its sort key as of one round. The authors break ties of the key
// by submission time, then by job: the job's arrival index (the engine numbers jobs in submission
// order, stably) is both at once. Sixteen bytes: under wasm a copy of a larger struct (heap sifts,
// sorts, comparisons taking entries by value) is a memory.copy, a call out of the compiled code.
type sortEntry struct {
	key  float64
	job  int32
	prio bool
}

// before reports whether a sorts before b: compareEntries(a, b) < 0, small enough to be inlined
// where the heaps sift and the walk compares their tops (compareEntries, for the sorts, is not).
func before(a, b *sortEntry) bool {
	if a.prio != b.prio {
		return a.prio
	}
	if a.key != b.key {
		return a.key < b.key
	}
	return a.job < b.job
}

func compareEntries(a, b sortEntry) int {
	switch {
	case a.prio != b.prio:
		if a.prio {
			return -1
		}
		return 1
	case a.key != b.key:
		if a.key < b.key {
			return -1
		}
		return 1
	}
	return cmp.Compare(a.job, b.job)
}
