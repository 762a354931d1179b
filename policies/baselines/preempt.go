package baselines

import (
	"slices"

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
}

// preemptive is the shared core of srtf and las. At each decision it chooses the set of jobs that
// should run greedily in key order over running and waiting jobs together: a job is admitted
// while GPUs of an allowed type remain (capacity), one that does not fit is skipped. Running jobs
// outside the set are stopped, waiting jobs inside it are started with the placer; a running job
// that stays in the set keeps its GPUs, so nothing is moved needlessly.
//
// Cost per decision: O(R log R) for the R running jobs (at most one per GPU) plus O(k log P) for
// the k waiting jobs examined out of P; the walk ends when every GPU is spoken for.
type preemptive struct {
	placer placement.Placer
	arr    arrivals
	pend   jobHeap
	cap    capacity
	run    []key // running jobs (keys as of the last decision)
	keep   []key // scratch
	stop   []int32
	start  []key
	skip   []key
}

func (p *preemptive) init(v *sim.View) {
	p.arr.reset()
	p.pend.init(v.NumJobs())
	p.cap.init(v.Cluster())
	p.run = p.run[:0]
}

// ingest queues the jobs that arrived since the last decision.
func (p *preemptive) ingest(v *sim.View, r ranker) {
	p.arr.each(v, func(j *sim.JobState) { p.pend.push(r.pendingKey(v, j)) })
}

// schedule re-keys the running jobs, chooses the set that should run and applies it.
func (p *preemptive) schedule(v *sim.View, r ranker) {
	n := 0
	for _, k := range p.run {
		if j := v.Job(int(k.job)); j.Status() == sim.Running {
			p.run[n] = r.runningKey(v, j)
			n++
		}
	}
	p.run = p.run[:n]
	if p.pend.len() == 0 {
		return // every running job keeps its GPUs and nothing waits
	}
	slices.SortFunc(p.run, cmpKey)

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
		} else {
			skip = append(skip, k)
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
	}
	for _, k := range start {
		j := v.Job(int(k.job))
		if tryStart(v, p.placer, j) {
			r.started(v, j)
			keep = append(keep, k)
		} else {
			// Capacity counted GPUs per type; on a heterogeneous cluster the placer may still
			// refuse (it chooses the type from the GPUs free right now). The job waits.
			skip = append(skip, k)
		}
	}
	for _, k := range skip {
		p.pend.push(k)
	}
	p.keep, p.run = p.run, keep
	p.stop, p.start, p.skip = stop, start, skip
}
