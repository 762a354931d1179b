package baselines

import "fmt"

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
//   - run: the jobs that ran after the last decision, in the order they were put there: by the
//     decision that put them there, then in the order they started at it (the walk's order), then
//     the jobs demoted at it that kept running, which their simulator appends after that decision's
//     starts (in arrival order);
//   - front: the jobs preempted at some decision, newest decision first (the split puts them ahead
//     of the jobs already waiting), within one decision in their order in the run part;
//   - back: arrivals and demoted (or, with a starvation guard, promoted) jobs, by the decision
//     that appended them, arrivals before the others (their simulator appends new jobs before it
//     updates the ones it holds), ties by arrival index (its job list is in arrival order).
//
// The parts map onto the key's a (queue, part, and for front the decision, newest smallest) and
// b, so the greedy walk of the preemptive core visits each queue in the list's order. Every key is
// known when it is given: a demoted job that keeps running moves to the run part at the first
// re-key after the decision that demoted it (keyHoldsUntil makes it due then), with the place that
// decision reserved for it, whatever decisions and starts come between.
type tiresiasOrder struct {
	jobs     int64
	decision int64 // decisions so far; the current one while deciding
	starts   int64 // jobs started at the current decision
	part     []uint8
	at       []int64 // front: the decision that preempted the job
	pos      []int64
	moveTo   []int64 // a demoted job's place in the run part if it keeps running; 0 = none
	movedAt  []int64 // the decision that demoted it
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
	o.jobs = int64(n)
	o.decision, o.starts = 0, 0
	o.part = make([]uint8, n)
	o.at = make([]int64, n)
	o.pos = make([]int64, n)
	o.moveTo = make([]int64, n)
	o.movedAt = make([]int64, n)
}

// decide starts a decision.
func (o *tiresiasOrder) decide() {
	o.decision++
	o.starts = 0
}

// runPlace is the k-th place in the run part that the current decision gives: starts take
// k < jobs in start order, demoted jobs that keep running take k = jobs + 1 + their index. Places
// stay below 2^63 for any run shorter than 2^63 / (2 × jobs + 1) decisions.
func (o *tiresiasOrder) runPlace(k int64) int64 { return o.decision*(2*o.jobs+1) + k }

// key is job i's place in queue q.
func (o *tiresiasOrder) key(q uint8, i int) key {
	a := (int64(q)*numParts + int64(o.part[i])) << decisionBits
	if o.part[i] == partFront {
		a += 1<<decisionBits - 1 - o.at[i]
	}
	return key{a: a, b: o.pos[i], job: int32(i)}
}

// appended puts job i at the end of its queue: an arrival (update false), or a job the update
// of this decision moved into the queue (update true: a demotion or a promotion).
func (o *tiresiasOrder) appended(i int, update bool) {
	o.part[i] = partBack
	o.pos[i] = 2 * o.decision
	o.moveTo[i] = 0
	if update {
		o.pos[i]++
	}
}

// demote puts running job i at the end of the queue it was just demoted to, and reserves its
// place in the run part should it keep running.
func (o *tiresiasOrder) demote(i int) {
	o.appended(i, true)
	o.moveTo[i] = o.runPlace(o.jobs + 1 + int64(i))
	o.movedAt[i] = o.decision
}

// moving is true while running job i waits to move to the run part (see demote).
func (o *tiresiasOrder) moving(i int) bool { return o.moveTo[i] != 0 }

// rekey moves running job i to the run part if a decision since the one that demoted it has come.
func (o *tiresiasOrder) rekey(i int) {
	if o.moveTo[i] != 0 && o.decision > o.movedAt[i] {
		o.part[i], o.pos[i], o.moveTo[i] = partRun, o.moveTo[i], 0
	}
}

func (o *tiresiasOrder) started(i int) {
	o.part[i] = partRun
	o.pos[i] = o.runPlace(o.starts)
	o.moveTo[i] = 0
	o.starts++
}

// stopped moves a preempted job from the run part to the front of the waiting ones; a job
// demoted at this decision and preempted by it stays at the end of its new queue.
func (o *tiresiasOrder) stopped(i int) {
	o.rekey(i)
	o.moveTo[i] = 0
	if o.part[i] == partRun {
		o.part[i] = partFront
		o.at[i] = o.decision
	}
}
