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
	// runningKey (core.MaxTime if it never rises while j runs). The policies ask the engine to
	// wake them at the earliest of these (staleAt), so a key that rises is acted on at once.
	keyHoldsUntil(v *sim.View, j *sim.JobState) core.Time
	// behind is waiting job j's order reason: ranked behind n jobs started first, the first of
	// them first, with j's key in the policy's words.
	behind(v *sim.View, j *sim.JobState, first, n int) sim.Reason
}

// stableRanker is a ranker whose running keys change only at the times keyHoldsUntil gives (LAS:
// a key changes at a demotion and nowhere else). Its running jobs are kept in key order between
// decisions and re-keyed only when due (walk.go), or while no walk needs them in order only their
// greatest key (cold.go); the keys of other rankers (SRTF's remaining
// time, a script's priority) move continuously and are all recomputed at a full computation.
// A job's running key must not exceed its waiting key (walk raises runMax by the waiting key of a
// job it starts, as choose does, and the set holds its running key): LAS ranks running jobs first
// within a queue; an order in which they rank equal keeps the two keys equal.
type stableRanker interface {
	ranker
	// segments is the number of segments of the key order and the map from a key to its
	// segment (runSet).
	segments() (int, func(key) int)
}

// preemptive is the shared core of srtf and las. At each decision it chooses the set of jobs that
// should run greedily in key order over running and waiting jobs together: a job is admitted
// while GPUs of an allowed type remain (capacity), one that does not fit is skipped. Running jobs
// outside the set are stopped, waiting jobs inside it are started with the placer; a running job
// that stays in the set keeps its GPUs, so nothing is moved needlessly.
//
// Cost. Waiting jobs are kept in key order per gang size (sizedSet): a walk visits only those
// that may fit the GPUs left. The full computation (slowPath) chooses the set; most decisions
// avoid it: the policy keeps runMax, an upper bound on every running job's key that holds until
// staleAt (SRTF keys only fall; a LAS key rises only at a demotion, whose time is known). While
// it holds, a waiting job ranked below runMax preempts nobody and fits behind every running job,
// and a waiting job ranked above it that fits in the free GPUs would be admitted by the greedy
// walk too (the running jobs after it still fit in their own GPUs); only a job that outranks a
// running one and does not fit in the free GPUs needs the full computation. See fastPath. For a
// stableRanker (LAS) the full computation re-keys only the running jobs whose key is due and
// walks the running jobs by GPU sums, in O(changes) searches (walk.go); for the others it re-keys
// and sorts the R running jobs (at most one per GPU): O(R log R).
type preemptive struct {
	placer placement.Placer
	arr    arrivals
	pend   sizedSet
	cap    capacity
	stable bool // the ranker is a stableRanker: the fields of walk.go are in use

	// stableRanker: running jobs per capacity type in key order, each job's key there, and the
	// running jobs by the time their key may change (key.a).
	runs   []runSet
	runKey []key // shares its array with pend.keyOf
	due    jobHeap
	used   []int // walk scratch: per type, GPUs of the running jobs walked past
	// coolable: the ranker's running keys never equal waiting ones, so runs may go cold (cold.go)
	// after calm decisions: decisions since a walk or a warm-up, or far below 0 once chilled.
	coolable bool
	calm     int

	// other rankers: the running jobs (and, until the next compaction, some that have ended).
	run  []key
	keep []key // scratch

	runMax  key // ≥ every running job's key until staleAt
	staleAt core.Time
	stop    []int32
	start   []key

	// lone: the one job that arrived at this instant while none waited, kept out of pend until
	// schedule knows it needs it there (startLone).
	lone    bool
	loneKey key
}

func (p *preemptive) init(v *sim.View, r ranker) {
	p.arr.reset()
	p.pend.init(v.NumJobs())
	p.cap.init(v.Cluster())
	sr, stable := r.(stableRanker)
	p.stable = stable
	if p.stable {
		n, seg := sr.segments()
		p.runKey = p.pend.keyOf // (a job is in one set at a time: its slot holds the key of that one)
		p.runs = make([]runSet, len(p.cap.types))
		for t := range p.runs {
			p.runs[t] = newRunSet(n, seg, p.runKey, &p.calm)
		}
		p.due.init(v.NumJobs())
		p.used = make([]int, len(p.cap.types))
	}
	p.run = p.run[:0]
	p.lone = false
	p.coolable, p.calm = false, 0
	p.runMax = key{a: math.MinInt64}
	p.staleAt = core.MaxTime
}

// ingest forgets the running jobs that finished and queues the jobs that arrived since the last
// decision (the first, when none waits, as lone).
func (p *preemptive) ingest(v *sim.View, r ranker) {
	if p.stable {
		for j := range v.Finished() {
			p.dropRunning(j) // (every job that ends ran, and every running job was started here)
		}
	}
	p.arr.each(v, func(j *sim.JobState) {
		k := r.pendingKey(v, j)
		if !p.lone && p.pend.len() == 0 {
			p.lone, p.loneKey = true, k
			return
		}
		p.queueLone(v)
		p.pend.push(k, j.Job.GPUs)
	})
}

// queueLone moves the lone arrival, if any, into pend.
func (p *preemptive) queueLone(v *sim.View) {
	if p.lone {
		p.lone = false
		p.pend.push(p.loneKey, v.Job(int(p.loneKey.job)).Job.GPUs)
	}
}

// schedule brings the running set in line with the greedy rule.
func (p *preemptive) schedule(v *sim.View, r ranker) {
	p.decide(v, r)
	if p.coolable && p.stable {
		if p.calm++; p.calm >= v.RunningLen()+64 {
			for t := range p.runs {
				p.runs[t].chill()
			}
			p.calm = math.MinInt / 2
		}
	}
}

func (p *preemptive) decide(v *sim.View, r ranker) {
	if v.Now() < p.staleAt {
		if p.lone && p.startLone(v, r) || !p.lone && p.fastPath(v, r) {
			return
		}
	}
	p.queueLone(v)
	p.slowPath(v, r)
}

// startLone is fastPath when the only waiting job is one that has just arrived (most arrivals in
// a cluster that seldom queues), taking the same steps without putting it into pend and taking it
// out again: it starts if it fits and the placer places it; otherwise it is queued, and the full
// computation is needed if it outranks a running job.
func (p *preemptive) startLone(v *sim.View, r ranker) bool {
	c := p.loneKey
	j := v.Job(int(c.job))
	p.lone = false
	if j.Job.GPUs <= v.FreeGPUs() && TryStart(v, p.placer, j) {
		p.started(v, r, j)
		p.compact(v)
		return true
	}
	p.pend.push(c, j.Job.GPUs)
	if c.less(p.runMax) {
		return false
	}
	p.compact(v)
	return true
}

// fastPath starts waiting jobs in key order while that provably agrees with the full greedy
// computation; it returns false when the full computation is needed. Walking the waiting jobs in
// key order, a job of more GPUs than are free fails to start; one ranked at or below runMax is
// passed over, so the jobs too large for the free GPUs are looked at only to see whether the first
// of them outranks runMax.
func (p *preemptive) fastPath(v *sim.View, r ranker) bool {
	pos := before
	for p.pend.len() > 0 {
		free := v.FreeGPUs()
		c, fits := p.pend.next(pos, free)
		if m, ok := p.pend.nextLarger(pos, free); ok && (!fits || m.less(c)) && m.less(p.runMax) {
			return false // it outranks a running job but does not fit the free GPUs: it may preempt
		}
		if !fits {
			break
		}
		pos = c
		j := v.Job(int(c.job))
		if TryStart(v, p.placer, j) {
			p.pend.remove(c.job)
			p.started(v, r, j)
			continue
		}
		if c.less(p.runMax) {
			return false
		}
	}
	p.compact(v)
	return true
}

// compact forgets, in the running list of a ranker that is not stable, the jobs that have ended
// since it last did, once they are as many as the running jobs.
func (p *preemptive) compact(v *sim.View) {
	if !p.stable && len(p.run) > 2*v.RunningLen()+64 {
		n := 0
		for _, k := range p.run {
			if v.Job(int(k.job)).Status() == sim.Running {
				p.run[n] = k
				n++
			}
		}
		p.run = p.run[:n]
	}
}

// started records a job this policy just started.
func (p *preemptive) started(v *sim.View, r ranker, j *sim.JobState) {
	r.started(v, j)
	k := r.runningKey(v, j)
	until := r.keyHoldsUntil(v, j)
	if p.stable {
		p.addRunning(j, k, until)
	} else {
		p.run = append(p.run, k)
	}
	if p.runMax.less(k) {
		p.runMax = k
	}
	p.staleAt = min(p.staleAt, until)
}

// slowPath re-keys the running jobs, chooses the set that should run and applies it.
func (p *preemptive) slowPath(v *sim.View, r ranker) {
	if p.stable {
		p.slowStable(v, r)
		return
	}
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

// choose runs the greedy walk over the sorted running jobs and the waiting jobs and applies it.
// Waiting jobs larger than any type's GPUs left are not looked at: they could not be admitted.
//
// The next waiting job c is searched for only when the walk has passed it or the GPUs left no
// longer hold it: the GPUs left only shrink during the walk, so the first waiting job that fits
// stays the first while it still fits, and once none fits none will. Between two waiting jobs the
// walk then costs one step per running job, not one search of every gang size's set.
func (p *preemptive) choose(v *sim.View, r ranker) {
	p.cap.reset()
	keep, stop, start := p.keep[:0], p.stop[:0], p.start[:0]
	i := 0
	pos := before
	c, ok := p.pend.next(pos, p.cap.most())
	cg := 0 // c's GPUs
	if ok {
		cg = v.Job(int(c.job)).Job.GPUs
	}
	for p.cap.total > 0 {
		if ok && cg > p.cap.most() {
			if c, ok = p.pend.next(pos, p.cap.most()); ok {
				cg = v.Job(int(c.job)).Job.GPUs
			}
		}
		if i < len(p.run) && (!ok || p.run[i].less(c)) {
			k := p.run[i]
			i++
			if p.cap.takeRunning(v.Job(int(k.job))) {
				keep = append(keep, k)
			} else {
				stop = append(stop, k.job)
			}
			continue
		}
		if !ok {
			break
		}
		pos = c
		if p.cap.takePending(v.Job(int(c.job))) {
			start = append(start, c)
			keep = append(keep, c) // walk order keeps the next sort nearly free
		} else {
			p.behind(v, r, v.Job(int(c.job)), start)
		}
		if c, ok = p.pend.next(pos, p.cap.most()); ok {
			cg = v.Job(int(c.job)).Job.GPUs
		}
	}
	for ; i < len(p.run); i++ {
		stop = append(stop, p.run[i].job)
	}
	p.stopAll(v, r, stop)
	for _, ji := range stop {
		p.behind(v, r, v.Job(int(ji)), start)
	}
	failed := false
	for _, k := range start {
		j := v.Job(int(k.job))
		if TryStart(v, p.placer, j) {
			p.pend.remove(k.job)
			r.started(v, j)
		} else {
			// Capacity counted GPUs per type; on a heterogeneous cluster the placer may still
			// refuse (it chooses the type from the GPUs free right now). The job waits.
			failed = true
		}
	}
	if failed {
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
	p.stop, p.start = stop, start
}

// stopAll stops the jobs of stop, in order, and queues them as waiting.
func (p *preemptive) stopAll(v *sim.View, r ranker, stop []int32) {
	for _, ji := range stop {
		j := v.Job(int(ji))
		if err := v.Stop(j); err != nil {
			panic("baselines: " + err.Error())
		}
		r.stopped(v, j)
		if p.stable {
			p.dropRunning(j)
		}
		p.pend.push(r.pendingKey(v, j), j.Job.GPUs)
	}
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
