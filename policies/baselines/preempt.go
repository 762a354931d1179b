package baselines

import (
	"math"
	"slices"

	"schedlab/core"

	"schedlab/core/sim"
	"schedlab/policies/placement"
)

// ranker gives a preemptive policy's priorities (smaller key = runs first) and hears about its
// own starts and stops.
type ranker interface {
	// pendingKey is a waiting job's key; it must not change while the job waits unless the
	// policy re-keys it in the heap itself.
	pendingKey(v *sim.View, j *sim.JobState) key
	// runningKey is recomputed for every running job at every decision.
	runningKey(v *sim.View, j *sim.JobState) key
	stopped(v *sim.View, j *sim.JobState)
	started(v *sim.View, j *sim.JobState)
	// keyHoldsUntil is the earliest time at which running job j's key may exceed its current
	// runningKey (core.MaxTime if it never rises while j runs).
	keyHoldsUntil(v *sim.View, j *sim.JobState) core.Time
	// behind is waiting job j's order reason: ranked behind n jobs started first, the first of
	// them first, with j's key in the policy's words.
	behind(v *sim.View, j *sim.JobState, first, n int) sim.Reason
}

// preemptive is the shared core of srtf and las. At each decision it chooses the set of jobs that
// should run greedily in key order over running and waiting jobs together: a job is admitted
// while GPUs of an allowed type remain (capacity), one that does not fit is skipped. Running jobs
// outside the set are stopped, waiting jobs inside it are started with the placer; a running job
// that stays in the set keeps its GPUs, so nothing is moved needlessly.
//
// Cost. The full computation (slowPath) re-keys and sorts the R running jobs (at most one per
// GPU) and walks the k waiting jobs it needs: O(R log R + k log P). Most decisions avoid it: the
// policy keeps runMax, an upper bound on every running job's key that holds until staleAt (SRTF
// keys only fall; a LAS key rises only at a demotion, whose time is known). While it holds, a
// waiting job ranked below runMax preempts nobody and fits behind every running job, and a
// waiting job ranked above it that fits in the free GPUs would be admitted by the greedy walk too
// (the running jobs after it still fit in their own GPUs); only a job that outranks a running one
// and does not fit in the free GPUs needs the full computation. See fastPath.
type preemptive struct {
	placer  placement.Placer
	arr     arrivals
	pend    jobHeap
	cap     capacity
	run     []key // running jobs (and, until the next compaction, some that have ended)
	runMax  key   // ≥ every running job's key until staleAt
	staleAt core.Time
	keep    []key // scratch
	stop    []int32
	start   []key
	skip    []key
}

func (p *preemptive) init(v *sim.View) {
	p.arr.reset()
	p.pend.init(v.NumJobs())
	p.cap.init(v.Cluster())
	p.run = p.run[:0]
	p.runMax = key{a: math.MinInt64}
	p.staleAt = core.MaxTime
}

// ingest queues the jobs that arrived since the last decision.
func (p *preemptive) ingest(v *sim.View, r ranker) {
	p.arr.each(v, func(j *sim.JobState) { p.pend.push(r.pendingKey(v, j)) })
}

// schedule brings the running set in line with the greedy rule.
func (p *preemptive) schedule(v *sim.View, r ranker) {
	if v.Now() < p.staleAt && p.fastPath(v, r) {
		return
	}
	p.slowPath(v, r)
}

// fastPath starts waiting jobs in key order while that provably agrees with the full greedy
// computation; it returns false when the full computation is needed.
func (p *preemptive) fastPath(v *sim.View, r ranker) bool {
	ok := true
	skip := p.skip[:0]
	for p.pend.len() > 0 {
		top := p.pend.top()
		if !top.less(p.runMax) && v.FreeGPUs() == 0 {
			break
		}
		k := p.pend.pop()
		j := v.Job(int(k.job))
		if TryStart(v, p.placer, j) {
			p.started(v, r, j)
			continue
		}
		if top.less(p.runMax) {
			// It outranks a running job but does not fit the free GPUs: it may preempt.
			p.pend.push(k)
			ok = false
			break
		}
		skip = append(skip, k)
	}
	for _, k := range skip {
		p.pend.push(k)
	}
	p.skip = skip
	if len(p.run) > 2*v.RunningLen()+64 {
		n := 0
		for _, k := range p.run {
			if v.Job(int(k.job)).Status() == sim.Running {
				p.run[n] = k
				n++
			}
		}
		p.run = p.run[:n]
	}
	return ok
}

// started records a job this policy just started.
func (p *preemptive) started(v *sim.View, r ranker, j *sim.JobState) {
	r.started(v, j)
	k := r.runningKey(v, j)
	p.run = append(p.run, k)
	if p.runMax.less(k) {
		p.runMax = k
	}
	p.staleAt = min(p.staleAt, r.keyHoldsUntil(v, j))
}

// slowPath re-keys the running jobs, chooses the set that should run and applies it.
func (p *preemptive) slowPath(v *sim.View, r ranker) {
	n := 0
	for _, k := range p.run {
		if j := v.Job(int(k.job)); j.Status() == sim.Running {
			p.run[n] = r.runningKey(v, j)
			n++
		}
	}
	p.run = p.run[:n]
	sortKeys(p.run)
	if p.pend.len() > 0 {
		p.choose(v, r)
	}
	p.runMax = key{a: math.MinInt64}
	p.staleAt = core.MaxTime
	for _, k := range p.run {
		if p.runMax.less(k) {
			p.runMax = k
		}
		p.staleAt = min(p.staleAt, r.keyHoldsUntil(v, v.Job(int(k.job))))
	}
}

// choose runs the greedy walk over the sorted running jobs and the waiting heap and applies it.
func (p *preemptive) choose(v *sim.View, r ranker) {
	p.cap.reset()
	keep, stop, start, skip := p.keep[:0], p.stop[:0], p.start[:0], p.skip[:0]
	i := 0
	for p.cap.total > 0 {
		if i < len(p.run) && (p.pend.len() == 0 || p.run[i].less(p.pend.top())) {
			k := p.run[i]
			i++
			if p.cap.takeRunning(v.Job(int(k.job))) {
				keep = append(keep, k)
			} else {
				stop = append(stop, k.job)
			}
			continue
		}
		if p.pend.len() == 0 {
			break
		}
		k := p.pend.pop()
		if p.cap.takePending(v.Job(int(k.job))) {
			start = append(start, k)
			keep = append(keep, k) // walk order keeps the next sort nearly free
		} else {
			skip = append(skip, k)
			p.behind(v, r, v.Job(int(k.job)), start)
		}
	}
	for ; i < len(p.run); i++ {
		stop = append(stop, p.run[i].job)
	}

	for _, ji := range stop {
		j := v.Job(int(ji))
		if err := v.Stop(j); err != nil {
			panic("baselines: " + err.Error())
		}
		r.stopped(v, j)
		p.pend.push(r.pendingKey(v, j))
		p.behind(v, r, j, start)
	}
	for _, k := range start {
		j := v.Job(int(k.job))
		if TryStart(v, p.placer, j) {
			r.started(v, j)
		} else {
			// Capacity counted GPUs per type; on a heterogeneous cluster the placer may still
			// refuse (it chooses the type from the GPUs free right now). The job waits.
			skip = append(skip, k)
		}
	}
	for _, k := range skip {
		p.pend.push(k)
	}
	if len(skip) > 0 {
		n := 0
		for _, k := range keep {
			if v.Job(int(k.job)).Status() == sim.Running {
				keep[n] = k
				n++
			}
		}
		keep = keep[:n]
	}
	p.keep, p.run = p.run, keep
	p.stop, p.start, p.skip = stop, start, skip
}

// behind gives job j, passed over by the greedy walk, its reason: behind the waiting jobs started
// ahead of it, or when none was, no room beside the running jobs ranked ahead (View.NoRoom).
func (p *preemptive) behind(v *sim.View, r ranker, j *sim.JobState, start []key) {
	if len(start) == 0 {
		v.NoRoom(j)
		return
	}
	v.Wait(j, r.behind(v, j, int(start[0].job), len(start)))
}

// sortKeys sorts ks ascending. The running list is kept in last decision's order and keys move
// little between decisions, so an insertion sort is usually linear; past a budget of shifts it
// hands over to pdqsort.
func sortKeys(ks []key) {
	budget := 8*len(ks) + 64
	for i := 1; i < len(ks); i++ {
		k := ks[i]
		j := i
		for j > 0 && k.less(ks[j-1]) {
			ks[j] = ks[j-1]
			j--
		}
		ks[j] = k
		if budget -= i - j; budget < 0 {
			slices.SortFunc(ks, cmpKey)
			return
		}
	}
}
