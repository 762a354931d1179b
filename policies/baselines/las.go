package baselines

import (
	"encoding/json"
	"fmt"
	"math"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/policies/params"
)

// LASParams are las's parameters. Defaults follow the Tiresias authors' simulator
// (SymbioticLab/Tiresias, simulator/jobs.py and run_sim.py, schedule "dlas-gpu"): three queues
// split at 3250 and 7200 GPU-seconds of attained service, no starvation guard.
type LASParams struct {
	Common
	// Thresholds are the queue limits in GPU-seconds, ascending: K thresholds make K+1 queues.
	// Default [3250, 7200].
	Thresholds []float64 `json:"thresholds_gpu_s,omitempty"`
	// Starve is Tiresias' starvation knob (its dlas-gpu-N variants): a job in a lower queue that
	// has waited, since it last entered the top queue, at least Starve × the wall time it ran in
	// that period is promoted to the top queue with its service count reset. 0 (default) = off.
	Starve float64 `json:"starve,omitempty"`
	// QueueOrder is the order within a queue: OrderRunningFirst (default, ours) or OrderTiresias
	// (the authors' simulator's list order; see las_order.go).
	QueueOrder string `json:"queue_order,omitempty"`
}

// LAS is Tiresias' discretised two-dimensional least-attained-service scheduler. A job's service
// is the GPU time it has held (View.Attained: wall time × GPUs) since it last entered the top
// queue; it starts in queue 0 and moves down one queue each time its service crosses the next
// threshold. Queues are strict priorities and the scheduler is preemptive: at every decision the
// jobs to run are chosen greedily in priority order over running and waiting jobs together (a
// job that does not fit is skipped), as Tiresias' simulator does in dlas_sim_jobs, which counts
// free GPUs only. Within a queue the order is QueueOrder's: by default ours (OrderRunningFirst),
// running jobs first (a waiting job never preempts a running one of its own queue), then jobs in
// the order they entered the queue (arrival, demotion or promotion), then arrival order; or
// OrderTiresias, their simulator's list order (a demoted job goes behind the jobs waiting in its
// new queue, a preempted job ahead of them).
//
// Decisions happen at arrivals, completions and at the millisecond a running job's service
// crosses its queue's threshold or a starving job becomes due for promotion: LAS asks the engine
// to wake it then (View.WakeAt), as Tiresias' simulator computes the exact crossing time (a
// crossing while no job waits wakes nothing: see Decide). There are no round ticks, so the round
// length plays no part in its schedule.
type LAS struct {
	core   preemptive
	thresh []core.Time // GPU-ms
	starve float64

	queue    []uint8
	enter    []core.Time // when the job entered its queue
	st       *starvation // nil when Starve is 0
	promoted int
	order    *tiresiasOrder // nil: OrderRunningFirst
}

// starvation is the per-job state of the starvation guard, kept only when it is on: without it
// a job re-enters the top queue never, so its service counts from zero (a million-job run spent
// 34 MB on these arrays for nothing).
type starvation struct {
	baseAtt   []core.Time // Attained when the job last entered the top queue
	baseHeld  []core.Time // Held at the same moment
	waitAcc   []core.Time // waiting time counted towards starvation, up to stoppedAt
	stoppedAt []core.Time
	gen       []uint32
	promo     []promoEntry // min-heap by due time
}

type promoEntry struct {
	due core.Time
	job int32
	gen uint32
}

// NewLAS builds LAS from JSON parameters, e.g.
// {"placement": "consolidate", "thresholds_gpu_s": [3250, 7200], "starve": 0}.
func NewLAS(raw json.RawMessage) (sim.Policy, error) {
	p := LASParams{Thresholds: []float64{3250, 7200}}
	if err := params.Decode(raw, &p); err != nil {
		return nil, err
	}
	return NewLASFrom(p)
}

// NewLASFrom builds LAS from typed parameters (nil Thresholds = the defaults).
func NewLASFrom(p LASParams) (*LAS, error) {
	pl, err := p.placer()
	if err != nil {
		return nil, err
	}
	if p.Thresholds == nil {
		p.Thresholds = []float64{3250, 7200}
	}
	if len(p.Thresholds) > 200 {
		return nil, fmt.Errorf("thresholds_gpu_s: %d thresholds; at most 200", len(p.Thresholds))
	}
	l := &LAS{core: preemptive{placer: pl}}
	for i, t := range p.Thresholds {
		if !(t > 0) || !core.CheckSeconds(t) || (i > 0 && t <= p.Thresholds[i-1]) {
			return nil, fmt.Errorf("thresholds_gpu_s: want positive, strictly ascending numbers, got %v", p.Thresholds)
		}
		l.thresh = append(l.thresh, core.FromSeconds(t))
	}
	if !(p.Starve >= 0) || math.IsInf(p.Starve, 0) {
		return nil, fmt.Errorf("starve: want a number ≥ 0, got %v", p.Starve)
	}
	l.starve = p.Starve
	if l.order, err = newQueueOrder(p.QueueOrder); err != nil {
		return nil, err
	}
	return l, nil
}

// Name implements sim.Policy.
func (*LAS) Name() string { return NameLAS }

// Promotions counts starvation promotions so far.
func (l *LAS) Promotions() int { return l.promoted }

// Init implements sim.Initer.
func (l *LAS) Init(v *sim.View) {
	l.core.init(v, l)
	l.core.coolable = l.order == nil // (running keys even, waiting ones odd)
	n := v.NumJobs()
	l.queue = make([]uint8, n)
	l.enter = make([]core.Time, n)
	l.st = nil
	if l.starve > 0 {
		l.st = &starvation{baseAtt: make([]core.Time, n), baseHeld: make([]core.Time, n), waitAcc: make([]core.Time, n),
			stoppedAt: make([]core.Time, n), gen: make([]uint32, n)}
	}
	l.promoted = 0
	if l.order != nil {
		l.order.init(n)
	}
}

// Decide implements sim.Policy.
//
// Under OrderRunningFirst a demotion that falls due while no job waits changes no decision, only
// the job's key: LAS then asks for no wake-up and re-keys the job at the next decision, as of the
// millisecond it was due (preemptive.catchUp), which is what waking then would have given. In a
// cluster that seldom queues this saves most wake-ups: jobs that run long cross every threshold.
// OrderTiresias counts decisions (las_order.go), so it is woken at every demotion.
func (l *LAS) Decide(v *sim.View, _ sim.Trigger) {
	late := l.order == nil && l.core.stable
	if l.order != nil {
		l.order.decide()
	}
	if late {
		l.core.catchUp(v, l)
	}
	l.core.ingest(v, l)
	l.promote(v)
	l.core.schedule(v, l)
	next := l.core.staleAt // (no demotion comes before it)
	if late && l.core.pend.len() == 0 {
		next = core.MaxTime
	}
	if l.st != nil && len(l.st.promo) > 0 {
		next = min(next, l.st.promo[0].due)
	}
	v.WakeAt(next)
}

func (l *LAS) pendingKey(v *sim.View, j *sim.JobState) key {
	if j.FirstStart() < 0 {
		l.enter[j.Index] = j.Job.Submit // never ran: queue 0 since arrival
		if l.order != nil {
			l.order.appended(j.Index, false)
		}
	}
	if l.order != nil {
		return l.order.key(l.queue[j.Index], j.Index)
	}
	return key{a: int64(l.queue[j.Index])*2 + 1, b: int64(l.enter[j.Index]), job: int32(j.Index)}
}

// ruleLAS is las's order.
var ruleLAS = &sim.Rule{Class: sim.Order, Text: "las: least attained service first, by queue", Key: "attained service", Unit: "GPU-s"}

func (l *LAS) behind(v *sim.View, j *sim.JobState, first, n int) sim.Reason {
	return sim.Behind(ruleLAS, first, n, l.service(v, j).Seconds())
}

// service is j's attained service since it last entered the top queue.
func (l *LAS) service(v *sim.View, j *sim.JobState) core.Time {
	if l.st == nil {
		return v.Attained(j)
	}
	return v.Attained(j) - l.st.baseAtt[j.Index]
}

// runningKey demotes j past every threshold its service has crossed.
func (l *LAS) runningKey(v *sim.View, j *sim.JobState) key {
	i := j.Index
	if l.order == nil {
		l.demote(i, l.service(v, j), v.Now())
		return l.runKey(i)
	}
	q := l.queue[i]
	l.order.rekey(i)
	l.demote(i, l.service(v, j), v.Now())
	if l.queue[i] != q {
		l.order.demote(i)
	}
	return l.order.key(l.queue[i], i)
}

// demote moves job i, whose service at time at is svc, past every threshold svc has reached; it
// enters its new queue at at.
func (l *LAS) demote(i int, svc, at core.Time) {
	for int(l.queue[i]) < len(l.thresh) && svc >= l.thresh[l.queue[i]] {
		l.queue[i]++
		l.enter[i] = at
	}
}

// runKey is running job i's key under OrderRunningFirst.
func (l *LAS) runKey(i int) key {
	return key{a: int64(l.queue[i]) * 2, b: int64(l.enter[i]), job: int32(i)}
}

// keyAt implements lateRanker (OrderRunningFirst only). j's service grows by its GPUs every
// millisecond it runs, so its service at at is today's less that growth since.
func (l *LAS) keyAt(v *sim.View, j *sim.JobState, at core.Time) (key, core.Time) {
	i := j.Index
	g := core.Time(j.Job.GPUs)
	svc := l.service(v, j) - (v.Now()-at)*g
	l.demote(i, svc, at)
	return l.runKey(i), l.crosses(i, svc, g, at)
}

// segments implements stableRanker: LAS's running keys change only at demotions, and a running
// job's key is below its waiting key (queue q runs as 2q, waits as 2q+1). A segment per queue.
func (l *LAS) segments() (int, func(key) int) {
	n := len(l.thresh) + 1
	if l.order != nil {
		return n, func(k key) int { return int(min(max(k.a>>decisionBits/numParts, 0), int64(n-1))) }
	}
	return n, func(k key) int { return int(min(max(k.a>>1, 0), int64(n-1))) }
}

// keyHoldsUntil is when j's service reaches its queue's threshold (its next demotion).
func (l *LAS) keyHoldsUntil(v *sim.View, j *sim.JobState) core.Time {
	i := j.Index
	if l.order != nil && l.order.moving(i) {
		return v.Now() + 1 // due at the next decision: it moves to the run part (las_order.go)
	}
	return l.crosses(i, l.service(v, j), core.Time(j.Job.GPUs), v.Now())
}

// crosses is when job i, of g GPUs and service svc at time at, reaches its queue's threshold if it
// runs on (core.MaxTime in the last queue).
func (l *LAS) crosses(i int, svc, g, at core.Time) core.Time {
	q := int(l.queue[i])
	if q >= len(l.thresh) {
		return core.MaxTime
	}
	return at + (l.thresh[q]-svc+g-1)/g
}

func (l *LAS) stopped(v *sim.View, j *sim.JobState) {
	i := j.Index
	if l.order != nil {
		l.order.stopped(i)
	}
	st := l.st
	if st == nil {
		return
	}
	st.stoppedAt[i] = v.Now()
	st.gen[i]++
	if l.queue[i] > 0 {
		exec := v.Held(j) - st.baseHeld[i]
		due := v.Now() + core.Time(math.Ceil(l.starve*float64(exec))) - st.waitAcc[i]
		st.push(promoEntry{due: due, job: int32(i), gen: st.gen[i]})
	}
}

func (l *LAS) started(v *sim.View, j *sim.JobState) {
	i := j.Index
	if l.order != nil {
		l.order.started(i)
	}
	st := l.st
	if st == nil {
		return
	}
	st.gen[i]++
	if v.Held(j) > st.baseHeld[i] {
		// Tiresias counts waiting time only once the job has run since entering the top queue.
		st.waitAcc[i] += v.Now() - st.stoppedAt[i]
	}
}

// promote moves starving jobs to the top queue.
func (l *LAS) promote(v *sim.View) {
	st := l.st
	if st == nil {
		return
	}
	now := v.Now()
	for len(st.promo) > 0 && st.promo[0].due <= now {
		e := st.pop()
		i := int(e.job)
		if e.gen != st.gen[i] || !l.core.pend.has(e.job) {
			continue
		}
		j := v.Job(i)
		l.queue[i] = 0
		l.enter[i] = now
		st.baseAtt[i] = v.Attained(j)
		st.baseHeld[i] = v.Held(j)
		st.waitAcc[i] = 0
		l.promoted++
		if l.order != nil {
			l.order.appended(i, true)
		}
		l.core.pend.remove(e.job)
		l.core.pend.push(l.pendingKey(v, j), j.Job.GPUs)
	}
}

func (st *starvation) push(e promoEntry) {
	h := append(st.promo, e)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !promoLess(h[i], h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	st.promo = h
}

func (st *starvation) pop() promoEntry {
	h := st.promo
	e := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && promoLess(h[r], h[c]) {
			c = r
		}
		if !promoLess(h[c], h[i]) {
			break
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
	st.promo = h
	return e
}

func promoLess(a, b promoEntry) bool {
	if a.due != b.due {
		return a.due < b.due
	}
	return a.job < b.job
}
