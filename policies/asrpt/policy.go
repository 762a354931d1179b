package asrpt

import (
	"math"
	"slices"

	"schedlab/core"
	"schedlab/core/detmath"
	"schedlab/core/parallel"
	"schedlab/core/sim"
)

// Options select the parts of the policy; the registered names are fixed combinations.
type Options struct {
	Predict   string  // PredictRF, PredictMean, PredictOracle or PredictNoisy
	Sigma     float64 // σ of the injected error (PredictNoisy)
	Oblivious bool    // place with FirstFit instead of Map
	// Preempt lets a waiting job that does not fit evict running jobs of strictly worse priority,
	// at any decision (ours: at the moment the virtual order changes, not at round ticks; see
	// Decide and evictFor).
	Preempt    bool
	NoBackfill bool // strict list scheduling: stop at the first waiting job that does not fit
	// Reserve is EASY backfilling (ours, a reading of the family): the first waiting job that does
	// not fit gets a reservation, and a later job starts only if it does not delay it (reserve).
	Reserve    bool
	MaxHistory int  // runs of a group the predictor looks at (0 = all)
	Refine     bool // refine Map's cut with Kernighan–Lin passes (Refine; off by default)
}

// Policy is A-SRPT and its variants.
type Policy struct {
	name   string
	opt    Options
	shapes *parallel.Table
	pred   *online
	vm     *Virtual
	seen   []bool
	rows   [][]float64 // feature row per arrival index (nil until arrival)
	nhat   []float64   // predicted iterations per arrival index
	acc    accuracy    // the predictions made at arrival, against the truth
	learnt []bool
	live   []int // arrival indexes started and not yet learnt
	order  []*sim.JobState
	ranked []ranked  // the waiting jobs best first (reused between decisions)
	runs   []ranked  // preempt: the running jobs worst first, sorted once a decision needs them
	sorted bool      // runs is this decision's
	alpha  []float64 // reserve: alphaMax per arrival index, once computed (0 = not yet)
	// due is, per arrival index of a running job, the millisecond its progress reaches n̂ (when
	// the adaptive correction falls due; View.ReachesAt), set when it starts and when corrected.
	due []core.Time
}

// ranked is a waiting job with its priority, read once before the sort rather than at every
// comparison.
type ranked struct {
	prio    prio
	job     *sim.JobState
	evicted bool // stopped by this decision: it keeps the reason ruleEvicted gave it
}

// New builds a policy.
func New(name string, o Options) *Policy {
	return &Policy{name: name, opt: o, shapes: parallel.Builtin(), pred: newOnline(o.Predict, o.Sigma, o.MaxHistory), vm: newVirtual()}
}

// Name implements sim.Policy.
func (p *Policy) Name() string { return p.name }

// Init implements sim.Initer.
func (p *Policy) Init(v *sim.View) {
	n := v.NumJobs()
	p.seen, p.rows, p.nhat, p.learnt = make([]bool, n), make([][]float64, n), make([]float64, n), make([]bool, n)
	p.due = make([]core.Time, n)
	if p.opt.Reserve {
		p.alpha = make([]float64, n)
	}
}

// Virtual returns the virtual single machine (its schedule is Spans).
func (p *Policy) Virtual() *Virtual { return p.vm }

// alphaMax is the job's worst-case iteration time in seconds: every collective across servers
// for mixed-parallel jobs of a known shape, else the engine's reference iteration time.
func (p *Policy) alphaMax(v *sim.View, j *sim.JobState) float64 {
	ref := v.RefIterTime(j)
	if j.Job.Par == (core.Parallelism{}) || j.Job.GPUs <= 1 {
		return ref
	}
	sh, ok := p.shapes.Lookup(j.Job.Model)
	if !ok {
		return ref
	}
	c := v.Cluster()
	inter := c.Servers[0].InterGbps
	for _, sv := range c.Servers {
		inter = min(inter, sv.InterGbps)
	}
	w := sh.Work(j.Job.Par, j.Job.BatchSize)
	// The reference time is the job's time on the packed placement; scale it to αmax.
	return ref * w.AlphaMax(inter) / w.Alpha(parallel.LayoutOf(sim.Placement{GPUs: j.Job.GPUs, Cluster: c}))
}

// area is the virtual processing time g · n · αmax / M in ms for n iterations (duration jobs: n ms
// of predicted duration × g / M; a fixed duration does not depend on the placement).
func (p *Policy) area(v *sim.View, j *sim.JobState, n float64) float64 {
	g, m := float64(j.Job.GPUs), float64(v.Cluster().NumGPUs())
	if j.Job.Duration > 0 {
		return n * g / m
	}
	return g * n * p.alphaMax(v, j) * 1000 / m
}

// polar draws a standard normal from the run's random source (detmath.Log and math.Sqrt only).
func polar(v *sim.View) float64 {
	r := v.Rand()
	for {
		a, b := float64(2*r.Float64())-1, float64(2*r.Float64())-1
		s := float64(a*a) + float64(b*b)
		if s > 0 && s < 1 {
			return a * math.Sqrt(-2*detmath.Log(s)/s)
		}
	}
}

// Decide implements sim.Policy. It decides at arrivals, completions and the wake-up it asks for:
// the earliest millisecond at which a running job's progress reaches its n̂. Nothing else changes
// the virtual order between events — the virtual machine's SRPT only lowers the remaining time of
// the job it processes, already the first of the unfinished, and a job it finishes goes after the
// ones finished before, where it already ranked — so a decision between events would change
// nothing: the schedule does not depend on the round length (the policy takes no round ticks),
// and the preempting variant evicts at the moment a job's correction puts it behind a waiting
// one, or an arrival ahead of a running one. Ours: the paper's virtual machine is preemptive SRPT,
// which re-orders when a remaining time changes and does not round. The EASY reservation
// (reserve) only comes nearer between decisions, which holds back no fewer jobs (see reserve).
func (p *Policy) Decide(v *sim.View, why sim.Trigger) {
	p.decide(v, why)
	// (decide has corrected every job due by now, so each due time is later; one that were not
	// would cancel the wake-up for all of them: WakeAt(t ≤ now) cancels.)
	wake, now := core.MaxTime, v.Now()
	for j := range v.Running() {
		if d := p.due[j.Index]; d > now {
			wake = min(wake, d)
		}
	}
	v.WakeAt(wake)
}

func (p *Policy) decide(v *sim.View, why sim.Trigger) {
	now := v.Now()
	p.vm.Advance(now)
	// Learn finished runs (their iteration count is known now).
	if why&sim.OnCompletion != 0 {
		p.learnFinished(v)
	}
	// Arrivals.
	p.order = p.order[:0]
	for j := range v.Pending() {
		i := j.Index
		if !p.seen[i] {
			p.seen[i] = true
			p.rows[i] = p.pred.features(j.Job)
			n := p.pred.predict(j.Job, p.rows[i], func() float64 { return polar(v) })
			p.nhat[i] = n
			p.acc.add(n, length(j.Job))
			p.vm.Add(i, p.area(v, j, n))
		}
		p.order = append(p.order, j)
	}
	// Adaptive correction of running jobs that outlive their prediction, at the millisecond
	// they do (the wake-up; progress only moves while a job runs, so a waiting job never needs
	// one).
	for j := range v.Running() {
		if p.due[j.Index] <= now {
			p.correct(v, j)
			p.due[j.Index] = v.ReachesAt(j, p.nhat[j.Index])
		}
	}
	p.ranked = p.ranked[:0]
	for _, j := range p.order {
		p.ranked = append(p.ranked, ranked{prio: p.vm.prio(j.Index), job: j})
	}
	p.sorted = false
	slices.SortFunc(p.ranked, func(a, b ranked) int { return a.prio.compare(b.prio) })
	free := FreeOf(v)
	shadow, extra, resFor := -1.0, 0, -1        // the reservation of the first blocked job (EASY; reserve)
	idle, started, first := v.FreeGPUs(), 0, -1 // for the reasons: the GPUs free before this decision's starts
	for k := 0; k < len(p.ranked); k++ {
		r := p.ranked[k]
		j := r.job
		// A job wider than the idle GPUs fits nowhere: skip the mapper (under overload most of
		// the queue is such jobs, and this loop runs at every event).
		ids, ok := []int(nil), false
		if j.Job.GPUs <= v.FreeGPUs() {
			ids, ok = p.place(free, j.Job)
		}
		if !ok && p.opt.Preempt && shadow < 0 {
			if ids, ok = p.evictFor(v, j, k); ok {
				free = FreeOf(v)
			}
		}
		held := false
		if ok && shadow >= 0 {
			if run := p.predictedRun(v, j); run > shadow {
				if j.Job.GPUs > extra {
					ok, held = false, true // it would still hold GPUs the reservation counts on
				} else {
					extra -= j.Job.GPUs
				}
			}
		}
		if !ok {
			switch {
			case r.evicted: // it keeps ruleEvicted's reason
			case held:
				v.Wait(j, sim.Behind(ruleReserved, resFor, -1, p.nhat[j.Index]))
			case started > 0 && j.Job.GPUs <= idle:
				// It would have fitted the GPUs free before the jobs ranked ahead of it took them.
				v.Wait(j, sim.Behind(ruleRanked, first, started, p.nhat[j.Index]))
			default:
				v.NoRoom(j)
			}
			if p.opt.NoBackfill {
				for _, b := range p.ranked[k+1:] {
					if b.evicted {
						continue
					}
					v.Wait(b.job, sim.Behind(ruleNoBackfill, j.Index, -1, p.nhat[b.job.Index]))
				}
				return
			}
			if p.opt.Reserve && shadow < 0 {
				shadow, extra = p.reserve(v, j)
				resFor = j.Index
			}
			continue
		}
		if err := v.Start(j, sim.Alloc{GPUs: ids}); err != nil {
			panic(err) // the mapper only returns idle GPUs
		}
		free.remove(ids)
		p.due[j.Index] = v.ReachesAt(j, p.nhat[j.Index])
		if started++; first < 0 {
			first = j.Index
		}
		if !p.learnt[j.Index] && !slices.Contains(p.live, j.Index) {
			p.live = append(p.live, j.Index)
		}
	}
}

// Why a job waits under A-SRPT besides capacity and shape: behind the first job of the virtual
// machine's order that does not fit (without backfill), evicted for a job ranked ahead, or held
// back by the first blocked job's reservation (reserve).
var (
	ruleNoBackfill = &sim.Rule{Class: sim.Order, Text: "a-srpt without backfill: no job passes the first in the virtual machine's order",
		Key: "predicted length n̂"}
	ruleRanked = &sim.Rule{Class: sim.Order, Text: "a-srpt: jobs ranked ahead on the virtual machine took the free GPUs",
		Key: "predicted length n̂"}
	ruleEvicted = &sim.Rule{Class: sim.Order, Text: "a-srpt: evicted for a job ranked ahead on the virtual machine",
		Key: "predicted length n̂"}
	ruleReserved = &sim.Rule{Class: sim.Held, Text: "a-srpt with reservation (ours): it would still hold GPUs when the reservation of the first blocked job starts",
		Key: "predicted length n̂"}
)

func (p *Policy) place(f Free, j *core.Job) ([]int, bool) {
	if p.opt.Oblivious {
		return FirstFit(f, j)
	}
	ids, ok := Map(f, j)
	if ok && p.opt.Refine {
		ids = p.refineFor(f, j, ids)
	}
	return ids, ok
}

// correct applies the adaptive rule: a job whose progress reached n̂ gets n̂ = done × 1.2, and the
// extra area goes on the virtual machine (Virtual.Extend). Duration jobs are corrected the same way
// in ms of run time.
func (p *Policy) correct(v *sim.View, j *sim.JobState) {
	i := j.Index
	done := v.Progress(j)
	if done >= p.nhat[i] && done < j.Total() {
		n := max(done*(1+adaptiveOverrun), p.nhat[i]+1)
		p.vm.Extend(i, p.area(v, j, n-p.nhat[i]))
		p.nhat[i] = n
	}
}

func (p *Policy) learnFinished(v *sim.View) {
	keep := p.live[:0]
	for _, i := range p.live {
		j := v.Job(i)
		if j.Status() == sim.Done {
			p.learnt[i] = true
			p.pred.learn(j.Job, p.rows[i])
			continue
		}
		keep = append(keep, i)
	}
	p.live = keep
}

// evictFor makes room for waiting job w, the k-th of this decision's ranked list, by stopping
// running jobs of strictly worse priority: it takes them worst first until w fits, then stops only
// those that hold a GPU of w's placement (a worse job whose GPUs w does not use keeps running). It
// returns w's GPUs, or false (and stops nothing) when stopping all of them would not be enough.
// The stopped jobs wait behind w (ruleEvicted) and join the ranked list after it, at their
// priority: each may then restart on GPUs left over or evict jobs worse than itself, so the
// decision leaves no waiting job that could start or evict — a decision in between two events
// would change nothing. A job started by a decision ranks ahead of every job the same decision
// walks after it, so it is never stopped by that decision; and a job evicted for w can evict w
// back only after a correction (n̂ × 1.2 at least) has put w behind it.
func (p *Policy) evictFor(v *sim.View, w *sim.JobState, k int) ([]int, bool) {
	if !p.sorted {
		p.runs = p.runs[:0]
		for j := range v.Running() {
			p.runs = append(p.runs, ranked{prio: p.vm.prio(j.Index), job: j})
		}
		slices.SortFunc(p.runs, func(a, b ranked) int { return b.prio.compare(a.prio) })
		p.sorted = true
	}
	// The candidates, worst first: the jobs started since are ranked ahead of w (the walk goes
	// best first), so they are never among them.
	wp, gpus, n := p.ranked[k].prio, v.FreeGPUs(), 0
	for _, r := range p.runs {
		if !wp.before(r.prio) {
			break
		}
		if r.job.Status() == sim.Running {
			gpus += r.job.Job.GPUs
		}
		n++
	}
	if gpus < w.Job.GPUs {
		return nil, false // the usual case under load: most running jobs rank ahead of w
	}
	f := FreeOf(v)
	var ids []int
	have := v.FreeGPUs()
	for _, r := range p.runs[:n] {
		if r.job.Status() != sim.Running {
			continue // stopped earlier in this decision
		}
		for _, g := range r.job.GPUsHeld() {
			sv := f.Cluster.ServerOf(int(g))
			f.IDs[sv] = append(f.IDs[sv], int(g))
			slices.Sort(f.IDs[sv])
		}
		if have += r.job.Job.GPUs; have < w.Job.GPUs {
			continue // too few GPUs yet for any placement
		}
		if got, ok := p.place(f, w.Job); ok {
			ids = got
			break
		}
	}
	if ids == nil {
		return nil, false
	}
	for _, g := range ids {
		o := v.Owner(g)
		if o < 0 {
			continue
		}
		j := v.Job(o)
		if j.Status() != sim.Running {
			continue // stopped for an earlier GPU of ids
		}
		if err := v.Stop(j); err != nil {
			panic(err)
		}
		v.Wait(j, sim.Behind(ruleEvicted, w.Index, 1, p.nhat[j.Index]))
		e := ranked{prio: p.vm.prio(j.Index), job: j, evicted: true}
		at, _ := slices.BinarySearchFunc(p.ranked[k+1:], e, func(a, b ranked) int { return a.prio.compare(b.prio) })
		p.ranked = slices.Insert(p.ranked, k+1+at, e)
	}
	return ids, true
}

// predictedRun is the predicted run time in ms of waiting job j: its predicted length n̂ at the
// worst-case iteration time the virtual machine charges (alphaMax), as it has no placement yet.
func (p *Policy) predictedRun(v *sim.View, j *sim.JobState) float64 {
	left := p.nhat[j.Index]
	if j.Job.Duration > 0 {
		return left
	}
	a := p.alpha[j.Index] // a job's α_max depends on the job and the cluster only
	if a == 0 {
		a = p.alphaMax(v, j)
		p.alpha[j.Index] = a
	}
	return float64(left*a) * 1000
}

// reserve is EASY backfilling's reservation for the blocked job head (Lifka, JSSPP 1995;
// Mu'alem and Feitelson, IEEE TPDS 12(6), 2001), by GPU count: the running jobs release their GPUs
// in the order of their predicted release — the millisecond each one's progress reaches its n̂ at
// the speed of its placement, a restart's checkpoint included (due) — and shadow is the predicted
// ms from now at which the idle GPUs first number head's; extra is how many GPUs beyond head's
// are idle then. A later job may start now only if it is predicted to finish by shadow (at α_max:
// it has no placement yet) or takes at most extra GPUs. Counting GPUs, not servers, is our
// simplification: the mapper may still find head's GPUs spread when they come free. The release
// times are fixed while nothing happens (a correction is a decision, and sets its job's anew), so
// between two decisions their order holds, extra with it, and shadow only comes nearer: the
// reservation holds back no fewer jobs, and a decision in between would start none.
func (p *Policy) reserve(v *sim.View, head *sim.JobState) (shadow float64, extra int) {
	avail := v.FreeGPUs()
	if avail >= head.Job.GPUs {
		return 0, avail - head.Job.GPUs // enough GPUs, but not where the mapper wants them
	}
	type release struct {
		at   float64
		gpus int
	}
	var rel []release
	for j := range v.Running() {
		rel = append(rel, release{float64(p.due[j.Index] - v.Now()), j.Job.GPUs})
	}
	slices.SortStableFunc(rel, func(a, b release) int {
		switch {
		case a.at < b.at:
			return -1
		case a.at > b.at:
			return 1
		}
		return 0
	})
	for _, r := range rel {
		avail += r.gpus
		if avail >= head.Job.GPUs {
			return r.at, avail - head.Job.GPUs
		}
	}
	return math.Inf(1), 0 // wider than the cluster: nothing is held back for it
}
