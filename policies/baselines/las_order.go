package baselines

import (
	"fmt"
	"slices"

	"schedlab/core/sim"
)

// Queue orders of las (LASParams.QueueOrder).
const (
	// OrderRunningFirst is ours: within a queue, running jobs come first, then jobs in the order
	// they entered the queue, then arrival order.
	OrderRunningFirst = "running-first"
	// OrderTiresias is the order of the Tiresias authors' simulator (SymbioticLab/Tiresias,
	// simulator/run_sim.py, dlas_sim_jobs): each queue is a list; an arrival and a demoted job are
	// appended to the end of their queue, and after every decision the list is split stably into
	// the jobs that run followed by those that wait. So a demoted job goes to the end of its new
	// queue (behind the jobs waiting there), and a preempted job keeps its place (ahead of the
	// jobs that were already waiting).
	OrderTiresias = "tiresias"
)

// tiresiasOrder keeps each job's place in its queue's list under OrderTiresias. A job's place is
// one of three parts of the list, in this order:
//
//   - run: the jobs that ran after the last decision, in the order they were put there (pos is a
//     counter over starts, and over demoted jobs still running after the decision that demoted
//     them, which their simulator appends after that decision's starts);
//   - front: the jobs preempted at some decision, newest decision first (the split puts them ahead
//     of the jobs already waiting), within one decision in their order in the run part;
//   - back: arrivals and demoted jobs, by the decision that appended them, arrivals before
//     demotions (their simulator appends new jobs before it updates the running ones), ties by
//     arrival index (its job list is in arrival order).
//
// The parts map onto the key's a (queue, part, and for front the decision, newest smallest) and
// b (pos), so the greedy walk of the preemptive core visits each queue in the list's order.
type tiresiasOrder struct {
	decision int64 // decisions so far; the current one while deciding
	runSeq   int64
	part     []uint8
	at       []int64 // front: the decision that preempted the job
	pos      []int64
	demoted  []int32 // demoted at the current decision, to move to the run part if still running
}

const (
	partRun = iota
	partFront
	partBack
	numParts
)

// decisionBits bounds the decisions a run may take under OrderTiresias (2^40) so that a front
// entry's decision fits below the queue and part in the key's a.
const decisionBits = 40

func newQueueOrder(name string) (*tiresiasOrder, error) {
	switch name {
	case "", OrderRunningFirst:
		return nil, nil
	case OrderTiresias:
		return &tiresiasOrder{}, nil
	}
	return nil, fmt.Errorf("queue_order: want %q or %q, got %q", OrderRunningFirst, OrderTiresias, name)
}

func (o *tiresiasOrder) init(n int) {
	o.decision, o.runSeq = 0, 0
	o.part = make([]uint8, n)
	o.at = make([]int64, n)
	o.pos = make([]int64, n)
	o.demoted = o.demoted[:0]
}

// key is job i's place in queue q.
func (o *tiresiasOrder) key(q uint8, i int) key {
	a := (int64(q)*numParts + int64(o.part[i])) << decisionBits
	if o.part[i] == partFront {
		a += 1<<decisionBits - 1 - o.at[i]
	}
	return key{a: a, b: o.pos[i], job: int32(i)}
}

// appended puts job i at the end of its queue: an arrival (update false), or a job the update
// of this decision moved into the queue (update true: a promotion).
func (o *tiresiasOrder) appended(i int, update bool) {
	o.part[i] = partBack
	o.pos[i] = 2 * o.decision
	if update {
		o.pos[i]++
	}
}

// demote puts running job i at the end of the queue it was just demoted to.
func (o *tiresiasOrder) demote(i int) {
	o.appended(i, true)
	o.demoted = append(o.demoted, int32(i))
}

func (o *tiresiasOrder) started(i int) {
	o.part[i] = partRun
	o.pos[i] = o.runSeq
	o.runSeq++
}

// stopped moves a preempted job from the run part to the front of the waiting ones; a job
// demoted at this decision and preempted by it stays at the end of its new queue.
func (o *tiresiasOrder) stopped(i int) {
	if o.part[i] == partRun {
		o.part[i] = partFront
		o.at[i] = o.decision
	}
}

// decided ends a decision: demoted jobs still running join the run part, in arrival order.
func (o *tiresiasOrder) decided(v *sim.View) {
	slices.Sort(o.demoted)
	for _, i := range o.demoted {
		if o.part[i] == partBack && v.Job(int(i)).Status() == sim.Running {
			o.started(int(i))
		}
	}
	o.demoted = o.demoted[:0]
}
