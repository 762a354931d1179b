package sim

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"schedlab/core"
)

// Progress selects how a job's progress is accounted.
type Progress uint8

const (
	// Exact: progress accrues continuously at the allocation's rate and the job finishes at the
	// exact millisecond its work is done (completion events are rescheduled on every change).
	Exact Progress = iota
	// RoundCredit (Synergy-faithful, jobs/job.py::allocate): each lease credits
	// floor(round / iteration time) iterations when it starts, and a job whose credited
	// iterations reach its total finishes at that lease's end.
	RoundCredit
	// WholeSteps (Gavel-faithful, scheduler.py::_get_num_steps): a round of R seconds runs
	// int(R / iteration time) whole iterations. Progress is exact at R / int(R / iteration time)
	// seconds per iteration, so a job that holds its GPUs for a whole round does exactly that many;
	// in the round it finishes in, it ends at most one iteration's time after Gavel's simulator,
	// which runs the iterations at full speed and leaves the rest of the round idle. An iteration
	// longer than a round keeps its own time (Gavel's job would never progress).
	WholeSteps
)

// Window selects the measured jobs by arrival index: From ≤ index < To (To = 0 means all).
type Window struct{ From, To int }

// Contains reports whether arrival index i is measured.
func (w Window) Contains(i int) bool { return i >= w.From && (w.To == 0 || i < w.To) }

// Config is one run's input.
type Config struct {
	Cluster        *core.Cluster
	Jobs           []core.Job // in any order; sorted stably by submit time; never written
	Speed          SpeedModel // nil = ProfileSpeed over core.BuiltinModels()
	Policy         Policy
	Seed           uint64
	Round          core.Time // round length (default 300 s)
	FirstRound     core.Time // first tick; < 0 = the first multiple of Round at or after the first arrival
	CheckpointCost core.Time // a restarted job makes no progress for this long (Speed's RestartModel may refine it per job)
	Progress       Progress
	Window         Window
	StopAtWindow   bool // end the run when every measured job has finished
	Verify         bool // check invariants after every instant (tests)
	// Lean keeps neither the allocation intervals nor the time series (a sharing run keeps the
	// series, which loaded_util needs): a figure's cell draws only the summary and the JCTs, and
	// the intervals of a long round-based run take hundreds of MB. Result.Busy then holds what
	// gpu_util needs, and the summary equals the full run's field for field.
	Lean bool
	// NoReasons records no reasons for waiting (Result.Why nil, every WaitBy zero): a figure's
	// cell reads none, and under lease rounds, where a job may move at every round, the log of a
	// lean Synergy cell took 2.6 times its other allocations.
	NoReasons bool
	// Colocation is the GPU-sharing model; nil = sharing off (Alloc.Share is refused).
	Colocation Colocation
}

// Sim is one simulation run. Two Sims share nothing and may run side by side.
type Sim struct {
	cfg   Config
	cl    *core.Cluster
	speed SpeedModel
	rng   *rand.Rand
	now   core.Time
	jobs  []JobState
	order []core.Job // the stably sorted jobs; JobState.Job points into it
	heap  eventHeap

	nextArrival int // cursor into jobs
	gpuOwner    []int32
	freeGPUs    []int     // per server
	byFree      freeIndex // the servers by type and idle GPUs (View.TightestServer)
	totalFree   int
	cpuUsed     []float64 // per server
	memUsed     []float64
	cpuTotal    float64 // Σ cpuUsed, kept incrementally for the series
	memTotal    float64
	pendBits    []uint64 // pending set by arrival index: iteration is in arrival order
	pendWords   []uint64 // bit w set when pendBits[w] has a pending job: iteration skips 64 empty words at a time
	pendLo      int      // no bit of pendWords below word pendLo
	pendLen     int
	finished    []int32   // jobs finished since the policy last decided (View.Finished)
	wakeAt      core.Time // the policy's wake-up (View.WakeAt), core.MaxTime when none
	wakeGen     uint32    // invalidates wake-up events the policy replaced
	runHead     int32     // running list, start order
	runTail     int32
	runLen      int
	unfinished  int // arrived or future jobs not done/rejected
	windowLeft  int
	nextTick    core.Time
	rounds      Rounds
	steady      SteadyPolicy // cfg.Policy, when it is one and its rounds may be skipped (skipSteady)
	leaseList   bool         // lease ends are read from the running list, not queued (endDueLeases)
	keep        bool         // lease ends keep their GPUs and charges booked until resumed or let go (keep.go)
	kept        int          // jobs whose lease is kept at this instant
	keptGPUs    int          // their GPUs
	leaseEnded  []int32
	started     bool
	stranded    bool  // the policy left jobs waiting on an idle cluster with nothing more to come
	failed      error // the policy's fatal error (View.Fail): the run ends after this instant
	events      int64
	warnings    warnings
	res         Result
	dirtySeries bool
	typeGPUs    []typeCount // GPUs per type, cluster order
	coloc       Colocation
	occ         [][]int32    // per GPU: the jobs on it in joining order (nil when sharing is off)
	jobScratch  []*core.Job  // reused argument lists for the co-location model
	joins       joinMemo     // canJoin's recent answers (sharing on only)
	busy        busyAcc      // lean runs only
	ex          explain      // why jobs wait (explain.go)
	view        View         // the one View handed to the policy (a fresh one per instant cost an allocation)
	place       Placement    // View.Start's placement, rewritten at every start
	ref         refShape     // the reference placement's shape (noteRef)
	kinds       kindMemo     // the speed model's answers by job kind and shape (speedOf)
	lives       []*liveState // spare liveStates (takeLive)
	i32         arena[int32]
	f64         arena[float64]
}

// arena hands out small slices carved from large chunks: one allocation per few thousand GPU
// lists instead of one per interval, which matters most under wasm's garbage collector.
type arena[T any] struct{ free []T }

func (a *arena[T]) take(n int) []T {
	if n > len(a.free) {
		a.free = make([]T, max(n, 4096))
	}
	out := a.free[:n:n]
	a.free = a.free[n:]
	return out
}

// roomForOne returns xs with room for one more element, doubling the capacity when it is full.
// append grows a long slice by about 1.25× each time, so the intervals of a long run (the
// largest thing a run builds, 104 bytes each with three pointers) were copied about four times
// over: most of a Synergy run's allocation, and garbage-collector work, which costs most under
// wasm. Doubling halves that; the contents are the same.
func roomForOne[T any](xs []T) []T {
	if len(xs) < cap(xs) {
		return xs
	}
	out := make([]T, len(xs), max(2*cap(xs), 256))
	copy(out, xs)
	return out
}

type typeCount struct {
	typ core.GPUType
	n   int
}

// New validates cfg and builds a run.
func New(cfg Config) (*Sim, error) {
	if cfg.Cluster == nil || cfg.Policy == nil {
		return nil, fmt.Errorf("sim: cluster and policy are required")
	}
	if cfg.Round == 0 {
		cfg.Round = 300 * core.Second
	}
	if cfg.Round < 0 || cfg.CheckpointCost < 0 {
		return nil, fmt.Errorf("sim: round and checkpoint cost must not be negative")
	}
	if cfg.Speed == nil {
		cfg.Speed = ProfileSpeed{Models: core.BuiltinModels()}
	}
	s := &Sim{cfg: cfg, cl: cfg.Cluster, speed: cfg.Speed, rng: rand.New(rand.NewPCG(cfg.Seed, 0x5eed))}
	if rp, ok := cfg.Policy.(RoundPolicy); ok {
		s.rounds = rp.Rounds()
	}
	if cfg.Progress == RoundCredit && cfg.Colocation == nil {
		s.steady, _ = cfg.Policy.(SteadyPolicy) // see skipSteady
	}
	s.leaseList = s.rounds == LeaseRounds && cfg.Progress == RoundCredit
	s.keep = s.leaseList && cfg.Colocation == nil
	s.order = cfg.Jobs
	if !submitOrder(cfg.Jobs) {
		// Sort a permutation rather than the jobs themselves: a Job is a large struct. Jobs
		// already in submission order (every generator's, most traces') are read in place: the
		// engine never writes a job, and a copy of 30,000 was a tenth of a figure cell's time.
		perm := make([]int32, len(cfg.Jobs))
		for i := range perm {
			perm[i] = int32(i)
		}
		slices.SortStableFunc(perm, func(a, b int32) int { return cmp.Compare(cfg.Jobs[a].Submit, cfg.Jobs[b].Submit) })
		s.order = make([]core.Job, len(cfg.Jobs))
		for i, k := range perm {
			s.order[i] = cfg.Jobs[k]
		}
	}
	for _, t := range s.cl.Types() {
		s.typeGPUs = append(s.typeGPUs, typeCount{t, s.cl.GPUsOfType(t)})
	}
	s.jobs = make([]JobState, len(s.order))
	for i := range s.jobs {
		j := &s.order[i]
		if err := j.Validate(); err != nil {
			return nil, fmt.Errorf("sim: job %s (line %d): %w", j.ID, j.Line, err)
		}
		// Field by field into the zeroed state: a whole JobState stored at once is copied with the
		// write barrier's bulk pass while a garbage collection marks (under wasm, all of New).
		st := &s.jobs[i]
		st.Job, st.Index = j, i
		st.firstStart, st.end, st.prev, st.next, st.openInterval = -1, -1, -1, -1, -1
		if j.Duration > 0 {
			st.total = float64(j.Duration)
		} else {
			st.total = float64(j.Iterations)
		}
		if cfg.Window.Contains(i) {
			s.windowLeft++
		}
	}
	n := s.cl.NumGPUs()
	s.gpuOwner = make([]int32, n)
	for g := range s.gpuOwner {
		s.gpuOwner[g] = -1
	}
	s.freeGPUs = make([]int, len(s.cl.Servers))
	for i, sv := range s.cl.Servers {
		s.freeGPUs[i] = sv.GPUs
	}
	s.byFree.init(s.cl)
	s.totalFree = n
	if cfg.Colocation != nil {
		s.coloc = cfg.Colocation
		s.occ = make([][]int32, n)
		s.joins = newJoinMemo(n, len(s.jobs))
	}
	s.cpuUsed = make([]float64, len(s.cl.Servers))
	s.memUsed = make([]float64, len(s.cl.Servers))
	s.pendBits = make([]uint64, (len(s.jobs)+63)/64)
	s.pendWords = make([]uint64, (len(s.pendBits)+63)/64)
	s.runHead, s.runTail = -1, -1
	s.unfinished = len(s.jobs)
	s.nextTick = -1
	s.wakeAt = core.MaxTime
	s.view.s = s
	s.ref = newRefShape(s.cl)
	s.ex.init(len(s.jobs), cfg.NoReasons)
	if cfg.Lean {
		s.initBusy()
	}
	s.sizeRecord()
	return s, nil
}

// submitOrder reports whether jobs are in submission order: slices.IsSortedFunc's test, without
// a call of the comparison per job (an indirect call under wasm, a million of them in a large run).
func submitOrder(jobs []core.Job) bool {
	for i := 1; i < len(jobs); i++ {
		if jobs[i].Submit < jobs[i-1].Submit {
			return false
		}
	}
	return true
}

// sizeRecord reserves the allocation intervals and the series at the sizes a run usually ends
// with: an interval per job (one per start, and most jobs start once) and a point per arrival and
// per end. Grown by append instead, a million jobs' intervals and two million points were copied
// over and over (append grows a large slice by a quarter), a tenth of the run under wasm, and the
// last copies held the old and the new arrays at once. A run that needs more still appends.
func (s *Sim) sizeRecord() {
	if !s.cfg.Lean {
		s.res.Intervals = make([]Interval, 0, len(s.jobs))
	}
	if s.cfg.Lean && s.occ == nil {
		return // recordPoint is not called
	}
	n := 2*len(s.jobs) + 1
	se := &s.res.Series
	se.T, se.BusyGPUs, se.CPUUsed, se.MemUsed = make([]core.Time, 0, n), make([]int32, 0, n), make([]float64, 0, n), make([]float64, 0, n)
	se.Queue, se.RunningJ = make([]int32, 0, n), make([]int32, 0, n)
	if s.occ != nil {
		se.Effective = make([]float64, 0, n)
	}
}

// Now is the current simulated time.
func (s *Sim) Now() core.Time { return s.now }

// Run runs to the end and returns the result.
func (s *Sim) Run() *Result {
	for s.Step() {
	}
	return s.Result()
}

// RunUntil runs every instant up to and including t; it reports whether events remain.
func (s *Sim) RunUntil(t core.Time) bool {
	for {
		at, ok := s.peek()
		if !ok || at > t {
			return ok
		}
		if !s.Step() {
			return false
		}
	}
}

// peek returns the time of the next event.
func (s *Sim) peek() (core.Time, bool) {
	at, ok := core.MaxTime, false
	if s.nextArrival < len(s.jobs) {
		at, ok = s.jobs[s.nextArrival].Job.Submit, true
	}
	if s.heap.Len() > 0 && s.heap.top().at < at {
		at, ok = s.heap.top().at, true
	}
	return at, ok
}

func (s *Sim) done() bool {
	return s.unfinished == 0 || (s.cfg.StopAtWindow && s.windowLeft == 0 && s.started) || s.stranded || s.failed != nil
}

// Err is the error the policy ended the run with (View.Fail), nil when it did not: the run's
// Result then describes a run cut short and should not be reported as an outcome.
func (s *Sim) Err() error { return s.failed }

// strand ends a run whose policy leaves jobs waiting on an idle cluster when nothing more will
// arrive or complete: no later event can change its mind, and a round-based policy would
// otherwise tick forever. The jobs stay unfinished, and the run says so.
func (s *Sim) strand() {
	s.stranded = true
	s.warnings.add(fmt.Sprintf("%d job(s) never started: at %.0f s the cluster was idle, nothing more was to arrive and the policy placed none of them (the run stops there; they count as unfinished)",
		s.pendLen, s.now.Seconds()))
}

// Step applies every event of the next instant and lets the policy decide. It returns false when
// the run has ended.
func (s *Sim) Step() bool {
	if !s.started {
		s.start()
	}
	if s.done() {
		return false
	}
	at, ok := s.peek()
	if !ok {
		if s.pendLen > 0 {
			s.strand()
		}
		return false
	}
	if at < s.now {
		panic(fmt.Sprintf("sim: time went backwards: %d < %d", at, s.now))
	}
	if s.cfg.Lean {
		s.accrue(at)
	}
	s.now = at
	s.ex.instantBegins(s.nextArrival)
	var why Trigger
	for s.nextArrival < len(s.jobs) && s.jobs[s.nextArrival].Job.Submit == at {
		s.arrive(&s.jobs[s.nextArrival])
		s.nextArrival++
		why |= OnArrival
	}
	if s.leaseList && s.runHead >= 0 && s.jobs[s.runHead].live.leaseAt == at {
		s.endDueLeases(at)
		why |= OnLeaseEnd
	}
	for {
		e, ok := s.heap.popAt(at)
		if !ok {
			break
		}
		switch e.kind {
		case Completion:
			j := &s.jobs[e.job]
			if e.gen != j.gen || j.status != Running {
				continue
			}
			s.events++
			s.finish(j)
			s.ex.completed(e.job)
			why |= OnCompletion
		case LeaseEnd:
			j := &s.jobs[e.job]
			if e.gen != j.gen || j.status != Running {
				continue
			}
			s.events++
			s.endLease(j)
			why |= OnLeaseEnd
		case Tick:
			if at != s.nextTick {
				continue // a round skipSteady renewed
			}
			s.events++
			why |= OnTick
			s.scheduleTick()
		case Wake:
			if e.gen != s.wakeGen {
				continue // replaced by a later View.WakeAt
			}
			s.events++
			s.wakeAt = core.MaxTime
			why |= OnWake
		}
	}
	s.ex.deciding(why, s.totalFree+s.keptGPUs)
	if s.rounds == LeaseRounds {
		if why&(OnTick|OnWake) != 0 {
			s.decide(why)
			s.skipSteady()
		}
	} else if why != 0 {
		s.decide(why)
	}
	s.closeInstant()
	if s.cfg.Verify {
		s.verify()
	}
	if why&OnTick != 0 && s.runLen == 0 && s.pendLen > 0 && s.nextArrival >= len(s.jobs) {
		s.strand()
	}
	return true
}

// decide lets the policy decide; the jobs it is told have finished are then forgotten.
func (s *Sim) decide(why Trigger) {
	s.cfg.Policy.Decide(&s.view, why)
	s.finished = s.finished[:0]
}

func (s *Sim) start() {
	s.started = true
	if len(s.jobs) > 0 {
		s.now = min(0, s.jobs[0].Job.Submit)
	}
	if i, ok := s.cfg.Policy.(Initer); ok {
		i.Init(&s.view)
	}
	if s.rounds != NoRounds && len(s.jobs) > 0 {
		first := s.cfg.FirstRound
		if first < 0 {
			first = ceilTo(s.jobs[0].Job.Submit, s.cfg.Round)
		}
		s.nextTick = first
		s.heap.push(first, Tick, 0, 0)
	}
}

func ceilTo(t, r core.Time) core.Time {
	if t <= 0 {
		return 0
	}
	return (t + r - 1) / r * r
}

// scheduleTick pushes the next round tick; while nothing is waiting or running it skips ahead to
// the first tick at or after the next arrival.
func (s *Sim) scheduleTick() {
	next := s.nextTick + s.cfg.Round
	if s.pendLen == 0 && s.runLen == 0 {
		if s.nextArrival >= len(s.jobs) {
			return
		}
		arr := s.jobs[s.nextArrival].Job.Submit
		if arr > next {
			next += (arr - next + s.cfg.Round - 1) / s.cfg.Round * s.cfg.Round
		}
	}
	s.nextTick = next
	s.heap.push(next, Tick, 0, 0)
}

func (s *Sim) arrive(j *JobState) {
	s.events++
	if s.cfg.Lean && s.cfg.Window.Contains(j.Index) {
		s.markArrival()
	}
	if !s.fitsEver(j.Job) {
		j.status = Rejected
		s.unfinished--
		if s.cfg.Window.Contains(j.Index) {
			s.windowLeft--
		}
		s.warnings.add(fmt.Sprintf("job never fits the cluster (rejected, left out of JCT statistics): needs %d GPUs", j.Job.GPUs))
		return
	}
	j.status = Pending
	j.last = s.now
	s.pushPending(j)
	s.dirtySeries = true
}

// fitsEver: enough GPUs of an allowed type exist in one type (a gang never mixes types).
func (s *Sim) fitsEver(j *core.Job) bool {
	for _, tc := range s.typeGPUs {
		if tc.n >= j.GPUs && j.AllowsType(tc.typ) {
			return true
		}
	}
	return false
}

// finish ends a running job now.
func (s *Sim) finish(j *JobState) {
	s.release(j)
	j.done = j.total
	j.status = Done
	j.end = s.now
	s.dropLive(j)
	s.finished = append(s.finished, int32(j.Index))
	s.unfinished--
	if s.cfg.Window.Contains(j.Index) {
		s.windowLeft--
		if s.cfg.Lean {
			s.markEnd()
		}
	}
}

// endDueLeases ends the leases of an instant under lease rounds with round credit, where no lease
// end is queued as an event. There every lease starts at a tick, for one round (arm), or is
// renewed by skipSteady to the tick it queues: the running jobs' leases all end together, at a
// tick, before it (a lease end's event kind orders after completions, which round credit never
// queues, and before the tick). The running list is in start order, which is the order their
// events popped in (each was queued as its lease was armed), so the run is the same; an event per
// lease cost a push and a pop per running job and round (10 % of the 1,000-job Synergy run's
// instructions). Without GPU sharing a lease that does not finish its job is kept (see keep.go).
func (s *Sim) endDueLeases(at core.Time) {
	for i := s.runHead; i >= 0; {
		j := &s.jobs[i]
		i = j.next // (endLease unlinks j)
		if j.live.leaseAt != at {
			panic(fmt.Sprintf("sim: job %s's lease ends at %d, not with the others at %d", j.Job.ID, j.live.leaseAt, at))
		}
		s.events++
		if !s.keep || j.done >= j.total {
			s.endLease(j)
			continue
		}
		// The lease is kept (keep.go): it ends, its GPUs and charges stay booked. (Written out
		// here rather than called: this runs once per job and round, and under wasm a call is dear.)
		j.settle(s.now)
		j.live.rate, j.live.iterTime = 0, 0
		j.status = Pending
		j.kept, j.leaseEnded = true, true
		s.kept++
		s.keptGPUs += len(j.live.gpus)
		s.leaseEnded = append(s.leaseEnded, int32(j.Index)) // (lets it go at closeInstant if not resumed)
		s.pushPending(j)
		s.dirtySeries = true
	}
	if s.keep { // every lease has ended: the kept ones leave the list at once
		s.runHead, s.runTail, s.runLen = -1, -1, 0
	}
}

// endLease releases a lease; the job finishes if its credited work is complete.
func (s *Sim) endLease(j *JobState) {
	if s.cfg.Progress == RoundCredit && j.done >= j.total {
		s.finish(j)
		return
	}
	s.release(j)
	j.leaseEnded = true
	s.pushPending(j)
}

// release frees a running job's resources and settles its progress. The allocation interval
// stays open until the end of the instant so that a job re-started on the same GPUs continues it.
func (s *Sim) release(j *JobState) {
	j.settle(s.now)
	if s.cfg.Progress == Exact && j.done >= j.total && j.status == Running {
		// Exact progress may reach the total at a lease end that coincides with completion.
		j.done = j.total
	}
	if s.occ != nil {
		// (unbook first: reshare speeds up the jobs left on j's GPUs)
		gpus := j.live.gpus
		s.unbook(j)
		s.reshare(gpus, int32(j.Index))
	} else {
		s.unbook(j)
	}
	s.removeRunning(j)
	j.live.rate, j.live.iterTime = 0, 0
	s.leaseEnded = append(s.leaseEnded, int32(j.Index)) // closes its interval at closeInstant
	j.status = Pending
	s.dirtySeries = true
}

// unbook gives back j's GPUs and host charges (release, letGo). Its GPU list and charges are
// truncated but left in place, which renewable and begin read.
func (s *Sim) unbook(j *JobState) {
	// The lists and sums in locals: under wasm every field read through s or j.live is a load,
	// and the charges' bounds are checked once, not per GPU. The sums take the same subtractions
	// in the same order.
	l := j.live
	gpus := l.gpus
	cpu, mem := l.cpuPerGPU[:len(gpus)], l.memPerGPU[:len(gpus)]
	cpuUsed, memUsed := s.cpuUsed, s.memUsed
	cpuTotal, memTotal := s.cpuTotal, s.memTotal
	for k, g := range gpus {
		sv := s.cl.ServerOf(int(g))
		if s.vacate(int(g), int32(j.Index)) {
			s.byFree.move(sv, s.freeGPUs[sv], s.freeGPUs[sv]+1)
			s.freeGPUs[sv]++
			s.totalFree++
			if s.cfg.Lean {
				s.busy.on[s.busy.server[sv]]--
			}
		}
		cpuUsed[sv] -= cpu[k]
		memUsed[sv] -= mem[k]
		cpuTotal -= cpu[k]
		memTotal -= mem[k]
	}
	s.cpuTotal, s.memTotal = cpuTotal, memTotal
	j.gen++
	j.live.gpus = j.live.gpus[:0]
	j.live.cpuPerGPU, j.live.memPerGPU = j.live.cpuPerGPU[:0], j.live.memPerGPU[:0]
}

// closeInstant closes the intervals of jobs that released GPUs at this instant and did not
// continue on the same GPUs, counts lease preemptions, and records a series point.
func (s *Sim) closeInstant() {
	if s.kept > 0 {
		s.letGoAll()
	}
	s.explainInstant()
	for _, ji := range s.leaseEnded {
		j := &s.jobs[ji]
		if j.openInterval >= 0 && j.status != Running {
			s.closeInterval(j)
			if j.leaseEnded && j.status == Pending {
				j.preemptions++
			}
		}
		j.leaseEnded = false
	}
	s.leaseEnded = s.leaseEnded[:0]
	if s.dirtySeries {
		if !s.cfg.Lean || s.occ != nil {
			s.recordPoint()
		}
		s.dirtySeries = false
	}
}

// stop preempts a running job (View.Stop).
func (s *Sim) stop(j *JobState) {
	s.release(j)
	j.preemptions++
	s.pushPending(j)
}

// begin starts a job on a validated allocation (View.Start).
//
// a and p are passed by pointer (not kept): copying their 48 and 88 bytes was a tenth of a start.
func (s *Sim) begin(j *JobState, a *Alloc, p *Placement) {
	s.removePending(j)
	if j.live == nil {
		j.live = s.takeLive()
	}
	cont := j.openInterval >= 0 && sameGPUs(s.intervalGPUs(j), a.GPUs)
	moved := j.openInterval >= 0 && !cont
	if moved {
		s.closeInterval(j)
	}
	if j.leaseEnded && cont {
		j.leaseEnded = false
	}
	l := j.live
	if cap(l.gpus) < j.Job.GPUs { // (else its own, or a finished job's, reused: see dropLive)
		l.gpus = s.i32.take(j.Job.GPUs)[:0]
	}
	if g := j.Job.GPUs; cap(l.cpuPerGPU) < g {
		cm := s.f64.take(2 * g)
		l.cpuPerGPU, l.memPerGPU = cm[:0:g], cm[g:g]
	}
	for _, g := range a.GPUs {
		sv := s.cl.ServerOf(g)
		cpu, mem := s.hostCharge(a, g, &s.cl.Servers[sv])
		s.hold(sv, s.occupy(g, int32(j.Index)), cpu, mem)
		l.gpus = append(l.gpus, int32(g))
		l.cpuPerGPU = append(l.cpuPerGPU, cpu)
		l.memPerGPU = append(l.memPerGPU, mem)
	}
	j.status = Running
	if !cont && j.gpuType != p.Type { // a string: storing it costs a write barrier while the GC marks
		j.gpuType = p.Type // (on the same GPUs it is the same)
	}
	j.last = s.now
	if j.firstStart < 0 {
		j.firstStart = s.now
	}
	if j.hadRun && !cont && s.cfg.CheckpointCost > 0 {
		cost := s.cfg.CheckpointCost
		if rm, ok := s.speed.(RestartModel); ok {
			cost = max(0, rm.RestartCost(j.Job, cost))
		}
		j.live.stallUntil = s.now + cost
	}
	j.hadRun = true
	s.pushRunning(j)
	// Speed.
	if j.Job.Duration > 0 {
		j.live.rate = 1
	} else {
		// The cached answer (see iterTimeOn): on the same GPUs only CPU and memory can differ; a
		// shaped job on other GPUs compares the shape field by field.
		it, warn := j.live.itCache, j.live.itWarn
		c := &j.live.itShape
		hit := j.cachedFor(p.CPUPerGPU, p.MemPerGPU)
		if hit && !cont {
			hit = p.Servers == c.servers && p.PropCPU == c.propCPU && p.PropMem == c.propMem && p.Type == c.typ && s.shaped(j)
		}
		if !hit {
			it, warn = s.iterTimeOn(j, p)
		}
		if warn != "" {
			s.warnings.add(warn)
		}
		if !(it > 0) || math.IsInf(it, 0) {
			panic(fmt.Sprintf("sim: speed model gave iteration time %v for job %s", it, j.Job.ID))
		}
		j.live.iterTime = it
		j.live.rate = 1 / (it * 1000)
	}
	j.live.baseRate, j.live.baseIter = j.live.rate, j.live.iterTime
	switch {
	case cont:
	case s.cfg.Lean:
		j.openInterval, j.live.leanGPUs = 0, j.live.gpus // no log (see openInterval), and no call
	default:
		s.openInterval(j)
	}
	if !cont {
		s.exStarted(j, p, moved)
	}
	j.live.factor = 1
	if s.occ != nil {
		if f := s.factor(j); f != 1 {
			j.live.factor = f
			j.live.rate = j.live.baseRate * f
			j.live.iterTime = j.live.baseIter / f
		}
	}
	s.arm(j)
}

// anyOn reports whether one of gpus is on server sv (Start and renewable count a gang's servers
// with it: GPUs of one server are usually adjacent, so each new server is looked for among the
// GPUs before it).
func (s *Sim) anyOn(gpus []int, sv int) bool {
	for _, g := range gpus {
		if s.cl.ServerOf(g) == sv {
			return true
		}
	}
	return false
}

// hold charges server sv with the cores and GB a job takes with one of its GPUs there, and counts
// the GPU taken when it was idle (begin and renew; release gives both back).
func (s *Sim) hold(sv int, idle bool, cpu, mem float64) {
	if idle {
		s.byFree.move(sv, s.freeGPUs[sv], s.freeGPUs[sv]-1)
		s.freeGPUs[sv]--
		s.totalFree--
		if s.cfg.Lean {
			s.busy.on[s.busy.server[sv]]++
		}
	}
	s.cpuUsed[sv] += cpu
	s.memUsed[sv] += mem
	s.cpuTotal += cpu
	s.memTotal += mem
}

// arm starts the lease and the progress accounting of a job that has just started: the events of
// its lease end or completion, and under round credit the work the lease credits.
func (s *Sim) arm(j *JobState) {
	j.gen++
	j.live.leaseAt = s.now + s.cfg.Round
	switch {
	case s.rounds == LeaseRounds && s.cfg.Progress == RoundCredit:
		if l := j.live; l.credit == 0 || j.live.iterTime != l.creditIter {
			// Two divisions and a floor per lease otherwise; a renewed lease has the same speed.
			l.credit, l.creditIter = s.credit(j), j.live.iterTime
		}
		j.done = upTo(j.done+j.live.credit, j.total)
		j.live.rate = 0 // credited up front; the lease ends through endDueLeases
	case s.rounds == LeaseRounds:
		s.heap.push(s.now+s.cfg.Round, LeaseEnd, int32(j.Index), j.gen)
		s.pushCompletion(j)
	default:
		s.pushCompletion(j)
	}
	if s.occ != nil {
		s.reshare(j.live.gpus, int32(j.Index))
	}
	s.dirtySeries = true
}

// iterTimeOn asks the speed model for j's iteration time on p when the job's cached answer does
// not apply, which begin tests inline (a call, a 56-byte shape built and an equality function
// otherwise, for nine starts in ten of a LAS cell under wasm). The model is a pure function of (job,
// placement), and round-based policies (Synergy) place every running job afresh each round, so the
// cached answer is reused when the job continues on the same GPUs with the same CPU and memory per
// GPU (every other field of p follows from the GPU ids: each start since the open interval began
// was on these GPUs and left itShape equal to its placement's shape), or, for a model that says the
// job's speed depends only on the placement's shape (SpeedModel.Shaped), on GPUs of the same shape. A
// shaped job keeps the answer before the last one too (itCache2), tried here: under LAS and SRTF a
// multi-GPU job moves back and forth between a few shapes (one server or two, its ideal CPU or its
// proportional share), and one cached answer missed on 4-9 % of a synergy-fig1 cell's starts, each
// a speed-model query with map lookups; two miss on 1-2 %. The warning is returned again so that
// its count is unchanged. Past both, a shaped job's answer may be one given for a job of its kind
// (speedOf).
func (s *Sim) iterTimeOn(j *JobState, p *Placement) (float64, string) {
	sh := shape{p.Type, p.Servers, p.CPUPerGPU, p.MemPerGPU, p.PropCPU, p.PropMem}
	m := j.live
	if m.itCache2 > 0 && sh == m.itShape2 && s.shaped(j) {
		m.itCache, m.itCache2 = m.itCache2, m.itCache
		m.itWarn, m.itWarn2 = m.itWarn2, m.itWarn
		m.itShape, m.itShape2 = m.itShape2, m.itShape
		return m.itCache, m.itWarn
	}
	it, warn := s.speedOf(j, p, &sh)
	s.noteRef(j, &sh, it)
	if s.cfg.Progress == WholeSteps {
		it = wholeSteps(it, s.cfg.Round)
	}
	m.itCache2, m.itWarn2, m.itShape2 = m.itCache, m.itWarn, m.itShape
	m.itCache, m.itWarn, m.itShape = it, warn, sh
	return it, warn
}

// takeLive hands out a zeroed liveState, carved from chunks of 256.
func (s *Sim) takeLive() *liveState {
	if len(s.lives) == 0 {
		chunk := make([]liveState, 256)
		for i := range chunk {
			s.lives = append(s.lives, &chunk[i])
		}
	}
	m := s.lives[len(s.lives)-1]
	s.lives = s.lives[:len(s.lives)-1]
	return m
}

// dropLive takes back a finished job's liveState, keeping the arrays of its host charges for the
// job that takes it next: a job writes its charges before it reads them.
func (s *Sim) dropLive(j *JobState) {
	if l := j.live; l != nil {
		*l = liveState{gpus: l.gpus[:0], cpuPerGPU: l.cpuPerGPU[:0], memPerGPU: l.memPerGPU[:0]}
		s.lives = append(s.lives, l)
		j.live = nil
	}
}

// shaped is s.speed.Shaped(j.Job), asked once per job: a chain of wrappers answers it through a
// call per layer, and this is asked at every start.
func (s *Sim) shaped(j *JobState) bool {
	if j.shapedKnown == 0 {
		j.shapedKnown = 2
		if s.speed.Shaped(j.Job) {
			j.shapedKnown = 1
		}
	}
	return j.shapedKnown == 1
}

// shape is what a shaped model's answer may depend on, besides the job (whose GPU count is fixed).
type shape struct {
	typ                        core.GPUType
	servers                    int
	cpu, mem, propCPU, propMem float64
}

// credit is the work one lease credits in RoundCredit mode: floor(R / iteration time) iterations
// computed in seconds exactly as the authors' Python does, or R ms for a duration-only job.
func (s *Sim) credit(j *JobState) float64 {
	if j.Job.Duration > 0 {
		return float64(s.cfg.Round)
	}
	return math.Floor(s.cfg.Round.Seconds() / j.live.iterTime)
}

// wholeSteps is the iteration time under WholeSteps: a round of r holds int(r / it) of them.
func wholeSteps(it float64, r core.Time) float64 {
	if n := math.Floor(r.Seconds() / it); n >= 1 {
		return r.Seconds() / n
	}
	return it
}

func (s *Sim) pushCompletion(j *JobState) {
	from := max(s.now, j.live.stallUntil)
	left := (j.total - j.done) / j.live.rate
	at := from + core.Time(math.Ceil(left-1e-9))
	s.heap.push(at, Completion, int32(j.Index), j.gen)
}

// openInterval starts an allocation interval for j on the GPUs it now holds, at its base iteration
// time (set just before). A lean run logs none: begin only notes that one is open, and on which
// GPUs (j.live.gpus itself, which release truncates but leaves intact until the job's next begin), so
// that a lease renewed on the same GPUs continues it exactly as in a full run.
func (s *Sim) openInterval(j *JobState) {
	l := j.live
	n := len(l.gpus)
	gp := s.i32.take(n)
	copy(gp, l.gpus)
	cm := s.f64.take(2 * n) // the cores and the GB side by side: one take, not two
	cpu, mem := cm[:n:n], cm[n:]
	copy(cpu, l.cpuPerGPU)
	copy(mem, l.memPerGPU)
	// Field by field into the slot (every field is set): a whole Interval stored at once is copied
	// with the write barrier's bulk pass while a garbage collection marks.
	// The list is stored back only when it grew: a reslice of itself writes its length alone,
	// where a store of another slice header writes its pointer through the write barrier.
	k := len(s.res.Intervals)
	if k == cap(s.res.Intervals) {
		s.res.Intervals = roomForOne(s.res.Intervals)
	}
	s.res.Intervals = s.res.Intervals[:k+1]
	iv := &s.res.Intervals[k]
	iv.Job, iv.From, iv.To, iv.IterTime = int32(j.Index), s.now, -1, l.iterTime
	iv.GPUs, iv.CPU, iv.Mem = gp, cpu, mem
	j.openInterval = int32(k)
}

// intervalGPUs are the GPUs of j's open interval.
func (s *Sim) intervalGPUs(j *JobState) []int32 {
	if s.cfg.Lean {
		return j.live.leanGPUs
	}
	return s.res.Intervals[j.openInterval].GPUs
}

// closeInterval ends j's open interval now.
func (s *Sim) closeInterval(j *JobState) {
	if !s.cfg.Lean {
		s.res.Intervals[j.openInterval].To = s.now
	}
	j.openInterval = -1
}

func sameGPUs(a []int32, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if int(a[i]) != b[i] {
			return false
		}
	}
	return true
}

// --- the pending set (a bitset in arrival order) and the running list (start order) ---

func (s *Sim) pushPending(j *JobState) {
	w := j.Index >> 6
	s.pendBits[w] |= 1 << (j.Index & 63)
	s.pendWords[w>>6] |= 1 << (w & 63)
	s.pendLo = min(s.pendLo, w>>6)
	s.pendLen++
}

func (s *Sim) removePending(j *JobState) {
	w := j.Index >> 6
	if s.pendBits[w] &^= 1 << (j.Index & 63); s.pendBits[w] == 0 {
		s.pendWords[w>>6] &^= 1 << (w & 63)
	}
	s.pendLen--
}

func (s *Sim) pushRunning(j *JobState) {
	i := int32(j.Index)
	j.prev, j.next = s.runTail, -1
	if s.runTail >= 0 {
		s.jobs[s.runTail].next = i
	} else {
		s.runHead = i
	}
	s.runTail = i
	s.runLen++
}

func (s *Sim) removeRunning(j *JobState) {
	unlink(s.jobs, j, &s.runHead, &s.runTail)
	s.runLen--
}

func unlink(jobs []JobState, j *JobState, head, tail *int32) {
	if j.prev >= 0 {
		jobs[j.prev].next = j.next
	} else {
		*head = j.next
	}
	if j.next >= 0 {
		jobs[j.next].prev = j.prev
	} else {
		*tail = j.prev
	}
	j.prev, j.next = -1, -1
}

// Arrived is the number of jobs that have arrived so far.
func (s *Sim) Arrived() int { return s.nextArrival }
