package baselines

import (
	"math"

	"schedlab/core"
	"schedlab/core/sim"
)

// The full computation for a stableRanker (LAS). Its running jobs stay in key order between
// decisions, one keySet per GPU type, and a heap orders them by the time their key may change
// (keyHoldsUntil): a decision re-keys only the jobs due, then walks running and waiting jobs in key
// order as choose does, but in steps. Between two waiting jobs, a run of running jobs that all
// still fit their type's GPUs left is admitted at once from the GPU sums, and the first one that
// does not fit is found by a search over the sums (keySet.exceeding): a step per waiting job
// looked at and per running job stopped, whatever the number of running jobs. The outcome, the
// order of stops and starts, and the calls made to the ranker are those of choose over the
// re-keyed, sorted running jobs.

// addRunning records running job j under key k, its key holding until until. A key that holds for
// good (LAS's last queue, where most long jobs run) has no entry in the due heap.
func (p *preemptive) addRunning(j *sim.JobState, k key, until core.Time) {
	p.runs[p.cap.typeOf(j)].insert(k, j.Job.GPUs)
	p.runKey[j.Index] = k
	if until < core.MaxTime {
		p.due.push(key{a: int64(until), job: int32(j.Index)})
	}
}

// dropRunning forgets j, which ran (it finished or was stopped).
func (p *preemptive) dropRunning(j *sim.JobState) {
	p.runs[p.cap.typeOf(j)].remove(p.runKey[j.Index])
	p.due.remove(int32(j.Index))
}

// rekeyDue gives j, the running job at the top of the due heap, key k, holding until until: its
// entry in the due heap is moved, not removed and pushed again.
func (p *preemptive) rekeyDue(j *sim.JobState, k key, until core.Time) {
	s := &p.runs[p.cap.typeOf(j)]
	s.remove(p.runKey[j.Index])
	s.insert(k, j.Job.GPUs)
	p.runKey[j.Index] = k
	if until < core.MaxTime {
		p.due.setTop(int64(until))
	} else {
		p.due.removeAt(0)
	}
}

// slowStable is slowPath for a stableRanker.
func (p *preemptive) slowStable(v *sim.View, r ranker) {
	now := int64(v.Now())
	for p.due.len() > 0 && p.due.top().a <= now {
		j := v.Job(int(p.due.top().job))
		p.rekeyDue(j, r.runningKey(v, j), r.keyHoldsUntil(v, j))
	}
	p.runMax = key{a: math.MinInt64}
	if p.pend.len() == 1 && len(p.cap.types) == 1 {
		if c, _ := p.pend.next(before, math.MaxInt); p.fitsFree(v, c) {
			p.startOne(v, r, c)
			p.bound()
			return
		}
	}
	if p.pend.len() > 0 {
		p.calm = 0
		p.walk(v, r)
	}
	p.bound()
}

// fitsFree reports whether waiting job c fits in the free GPUs of a cluster of one GPU type that
// it may use. If c is the only waiting job, the walk then admits every running job and c and
// stops none (the running jobs and c together fit the cluster), so it comes down to startOne: in
// a cluster that seldom queues, the decisions at which an arrival meets a demotion.
func (p *preemptive) fitsFree(v *sim.View, c key) bool {
	j := v.Job(int(c.job))
	return j.Job.GPUs <= v.FreeGPUs() && j.Job.AllowsType(p.cap.types[0])
}

// startOne starts waiting job c as walk starts the jobs it admits.
func (p *preemptive) startOne(v *sim.View, r ranker, c key) {
	j := v.Job(int(c.job))
	if TryStart(v, p.placer, j) {
		p.pend.remove(c.job)
		r.started(v, j)
		p.addRunning(j, r.runningKey(v, j), r.keyHoldsUntil(v, j))
		if p.runMax.less(c) {
			p.runMax = c
		}
	}
}

// bound raises runMax to the greatest running key and sets staleAt to the next time a key falls
// due.
func (p *preemptive) bound() {
	for t := range p.runs {
		if k, ok := p.runs[t].last(); ok && p.runMax.less(k) {
			p.runMax = k
		}
	}
	p.staleAt = core.MaxTime
	if p.due.len() > 0 {
		p.staleAt = core.Time(p.due.top().a)
	}
}

// lateRanker is a stableRanker that can give a running job's key as of a moment since the last
// decision (keyAt), and so need not be woken when a key falls due while no job waits.
type lateRanker interface {
	stableRanker
	// keyAt is running job j's key as of at (after the last decision, not after now), with the
	// time it holds until (as keyHoldsUntil would give at at); j has run without a break since.
	keyAt(v *sim.View, j *sim.JobState, at core.Time) (key, core.Time)
}

// catchUp re-keys, each at the moment it fell due, the running jobs whose keys fell due before now
// and after the last decision, as the decisions at those moments would have: the policy asks for
// no wake-up while no job waits, since a key that rises then changes nothing but itself. Those
// decisions would have re-keyed, found no waiting job and bounded runMax by the running keys; the
// running jobs are the same throughout (every start, stop, arrival and completion is a decision).
// It must come before the finished jobs are dropped.
func (p *preemptive) catchUp(v *sim.View, r lateRanker) {
	now := int64(v.Now())
	if p.due.len() == 0 || p.due.top().a >= now {
		return
	}
	for p.due.len() > 0 && p.due.top().a < now {
		e := p.due.top()
		j := v.Job(int(e.job))
		k, until := r.keyAt(v, j, core.Time(e.a))
		p.rekeyDue(j, k, until)
	}
	p.runMax = key{a: math.MinInt64}
	p.bound()
}

// walk is choose for a stableRanker. A job it starts enters runMax with its waiting key, as in
// choose, where it stays in the running list under that key until the next full computation.
func (p *preemptive) walk(v *sim.View, r ranker) {
	p.cap.reset()
	clear(p.used)
	stop, start := p.stop[:0], p.start[:0]
	pos := before // every job up to pos has been walked past
	full := false
	for {
		if p.cap.total == 0 {
			full = true
			break
		}
		c, waiting := p.pend.next(pos, p.cap.most())
		// The first running job, over every type, that would not fit if every running job
		// before it were admitted.
		var e key
		et, eg := -1, 0
		for t := range p.runs {
			if k, g, ok := p.runs[t].exceeding(p.used[t] + p.cap.left[t]); ok && (et < 0 || k.less(e)) {
				e, et, eg = k, t, g
			}
		}
		if waiting && (et < 0 || c.less(e)) {
			p.admitBefore(c, -1, 0)
			pos = c
			if p.cap.total == 0 {
				full = true
				break
			}
			if p.cap.takePending(v.Job(int(c.job))) {
				start = append(start, c)
			} else {
				p.behind(v, r, v.Job(int(c.job)), start)
			}
			continue
		}
		if et < 0 {
			break // every running job left fits
		}
		p.admitBefore(e, et, eg)
		if p.cap.total == 0 {
			pos = justBefore(e)
			full = true
			break
		}
		stop = append(stop, e.job)
		p.used[et] += eg
		pos = e
	}
	if full {
		// Every running job not yet walked past is stopped, in key order.
		for {
			var n key
			nt := -1
			for t := range p.runs {
				if k, _, ok := p.runs[t].after(pos); ok && (nt < 0 || k.less(n)) {
					n, nt = k, t
				}
			}
			if nt < 0 {
				break
			}
			stop = append(stop, n.job)
			pos = n
		}
	}
	p.stopAll(v, r, stop)
	for _, ji := range stop {
		p.behind(v, r, v.Job(int(ji)), start)
	}
	for _, k := range start {
		// (a job the placer refuses waits, as in choose: capacity counted GPUs per type, and on a
		// heterogeneous cluster the placer chooses the type from the GPUs free right now)
		p.startOne(v, r, k)
	}
	p.stop, p.start = stop, start
}

// admitBefore charges every running job ranked below k (k itself excluded: it is running job
// of type kt and kg GPUs, or kt is -1) to its type, walking past them.
func (p *preemptive) admitBefore(k key, kt, kg int) {
	for t := range p.runs {
		s := p.runs[t].sumTo(k)
		if t == kt {
			s -= kg
		}
		p.cap.take(t, s-p.used[t])
		p.used[t] = s
	}
}

// justBefore is the greatest position below k: keys end with the arrival index.
func justBefore(k key) key { return key{a: k.a, b: k.b, job: k.job - 1} }
