package baselines

import (
	"math"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/policies/placement"
)

// Ranker gives a Keyed policy its priorities: a job with the smaller (a, b) runs first, ties by
// arrival. WaitingKey is asked once when a job joins the queue (on arrival, and again when it is
// preempted) and must not change while the job waits; RunningKey is asked for every running job
// at every decision of a preemptive Keyed policy, so it may change as the job runs (LAS's
// demotions). This is how the scripted policies of policies/script reuse the baselines' queues.
type Ranker interface {
	WaitingKey(v *sim.View, j *sim.JobState) (a, b int64)
	RunningKey(v *sim.View, j *sim.JobState) (a, b int64)
}

// Holder is a Ranker that knows how long a running job's key stays put: HoldsUntil is the
// earliest time at which j's RunningKey may rise (core.MaxTime if never while it runs). With it a
// preemptive Keyed policy takes the same shortcut between decisions as srtf and las (see
// preemptive); without it every decision takes the full computation, which on a cluster of
// several GPU types may choose differently (the shortcut starts jobs as the placer finds room,
// the full walk counts GPUs per type first).
type Holder interface {
	HoldsUntil(v *sim.View, j *sim.JobState) core.Time
}

// Keyed is a priority scheduler whose ranking comes from a Ranker, run by the same machinery as
// the baselines. Non-preemptive, it is SJF's loop (waiting jobs in key order, each that fits
// starts; with Blocking the first that does not fit stops the walk, as FIFO's head of line does);
// preemptive, it is the greedy walk over running and waiting jobs that srtf and las share.
type Keyed struct {
	name     string
	rank     Ranker
	preempt  bool
	blocking bool
	placer   placement.Placer
	arr      arrivals
	pend     sizedSet
	core     preemptive
	ranker   keyedRanker
}

// NewKeyed builds a Keyed policy. preempt chooses the preemptive walk; blocking (non-preemptive
// only) stops at the first waiting job that does not fit.
func NewKeyed(name string, p placement.Placer, r Ranker, preempt, blocking bool) *Keyed {
	k := &Keyed{name: name, rank: r, preempt: preempt, blocking: blocking, placer: p}
	k.core.placer = p
	k.ranker.r = r
	return k
}

// Name implements sim.Policy.
func (k *Keyed) Name() string { return k.name }

// Init implements sim.Initer.
func (k *Keyed) Init(v *sim.View) {
	if k.preempt {
		k.core.init(v, &k.ranker)
		return
	}
	k.arr.reset()
	k.pend.init(v.NumJobs())
}

// Decide implements sim.Policy.
func (k *Keyed) Decide(v *sim.View, _ sim.Trigger) {
	if k.preempt {
		k.core.ingest(v, &k.ranker)
		k.core.schedule(v, &k.ranker)
		v.WakeAt(k.core.staleAt) // a Holder's key may change then
		return
	}
	k.arr.each(v, func(j *sim.JobState) {
		a, b := k.rank.WaitingKey(v, j)
		k.pend.push(key{a: a, b: b, job: int32(j.Index)}, j.Job.GPUs)
	})
	if k.blocking && v.FreeGPUs() == 0 {
		// The head waits for GPUs and every job behind it for the head, as under fifo.
		if e, ok := k.pend.next(before, math.MaxInt); ok {
			v.NoRoom(v.Job(int(e.job)))
			v.WaitRest(sim.Behind(ruleBlocked, int(e.job), -1, 0))
		}
	}
	// A job of more GPUs than are free cannot start (TryStart refuses it unasked): without
	// blocking it is passed over unseen.
	pos, most := before, math.MaxInt
	for v.FreeGPUs() > 0 {
		if !k.blocking {
			most = v.FreeGPUs()
		}
		e, ok := k.pend.next(pos, most)
		if !ok {
			break
		}
		pos = e
		if TryStart(v, k.placer, v.Job(int(e.job))) {
			k.pend.remove(e.job)
		} else if k.blocking {
			v.WaitRest(sim.Behind(ruleBlocked, int(e.job), -1, 0))
			break
		}
	}
}

// keyedRanker adapts a Ranker to the preemptive core. Unless the Ranker is a Holder it does not
// know when a running job's key may rise, so every decision takes the full computation.
type keyedRanker struct{ r Ranker }

func (k *keyedRanker) pendingKey(v *sim.View, j *sim.JobState) key {
	a, b := k.r.WaitingKey(v, j)
	return key{a: a, b: b, job: int32(j.Index)}
}

func (k *keyedRanker) runningKey(v *sim.View, j *sim.JobState) key {
	a, b := k.r.RunningKey(v, j)
	return key{a: a, b: b, job: int32(j.Index)}
}

// Explained is a Ranker that words its order: the rule a job passed over waits by and the job's
// key in the rule's unit (Rule.Key names it).
type Explained interface {
	Order() *sim.Rule
	KeyValue(v *sim.View, j *sim.JobState) float64
}

// ruleBlocked is why a job waits behind a blocking Keyed policy's head.
var ruleBlocked = &sim.Rule{Class: sim.Order, Text: "no job passes the first in the policy's order"}

// ruleKeyed is the order of a Ranker that does not word its own.
var ruleKeyed = &sim.Rule{Class: sim.Order, Text: "ranked by the policy's key"}

func (k *keyedRanker) behind(v *sim.View, j *sim.JobState, first, n int) sim.Reason {
	if e, ok := k.r.(Explained); ok {
		return sim.Behind(e.Order(), first, n, e.KeyValue(v, j))
	}
	return sim.Behind(ruleKeyed, first, n, 0)
}

func (*keyedRanker) stopped(*sim.View, *sim.JobState) {}
func (*keyedRanker) started(*sim.View, *sim.JobState) {}

func (k *keyedRanker) keyHoldsUntil(v *sim.View, j *sim.JobState) core.Time {
	if h, ok := k.r.(Holder); ok {
		return h.HoldsUntil(v, j)
	}
	return v.Now()
}
