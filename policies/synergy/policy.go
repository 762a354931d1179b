package synergy

import (
	"schedlab/core"
	"schedlab/core/sensitivity"
	"schedlab/core/sim"
)

// Order is the ordering key of a Synergy-family policy, as in the authors'
// simulator/schedulers/*_synergy_new.py.
type Order uint8

// Orders.
const (
	FIFO   Order = iota // arrival
	SRTF                // remaining time at the job's speed-up (1 for proportional)
	LAS                 // attained service × GPUs
	FTF                 // finish-time fairness estimate
	DRF                 // dominant share of the ideal demand
	Tetris              // remaining time × normalised demand
)

// Mode is how CPU and memory are given to the jobs the order picks.
type Mode uint8

// Allocation modes.
const (
	Proportional Mode = iota // GPU-proportional CPU and memory ("+fair" in the authors' code)
	Greedy                   // the job's ideal demand or nothing this round (Synergy-GREEDY)
	Tune                     // ideal demand, else proportional, else shrink peers (Synergy-TUNE)
)

// starvation is the authors' priority bump: a job not served for 1000 h goes to the front.
const starvation = 1000 * core.Hour

// Policy is one Synergy-family scheduler. Build it with New; a Policy serves one run.
type Policy struct {
	name    string
	order   Order
	mode    Mode
	profile *sensitivity.Table

	st []jobState
	// Jobs are arrival indices rather than *sim.JobState: storing a pointer into the heap costs a
	// write barrier, expensive under wasm while the collector marks.
	queue   queue       // LAS, SRTF, DRF, Tetris: the waiting jobs (see queue)
	wait    waiting     // the same orders' starvation watch
	seen    int         // jobs arrived before the last round (the queue has or had them)
	scanned []int32     // the jobs the last round's walk took, in order
	freeAt  []int       // the free GPUs each was taken against
	freeEnd int         // and the free GPUs left when it ended
	placed  []int32     // the jobs it placed
	front   []sortEntry // the jobs the last round took, sorted (see refresh)
	cursor  int         // the first front entry the walk has neither taken nor ruled out
	best    struct {    // the queue's best class for the walk (see take), while ok
		class int32
		free  int
		ok    bool
	}
	cands    []int32 // LAS's "jobs this round"
	byGPUs   []int32 // and under TUNE, largest first (see largestFirst)
	sizes    []int   // scratch for largestFirst
	candGPUs []int
	entries  []sortEntry // FTF: every pending job, sorted
	round    roundState
	total    struct{ gpus, cpu, mem float64 } // the cluster's, for DRF's and Tetris's shares
	classes  []class                          // by id (jobState.class)
	deadAt   []uint32                         // per class: the round (roundNo) in which GREEDY last failed to place one
	diedAt   []int32                          // per class: the walk index of that job
	roundNo  uint32
	steady   []steadyJob // Steady's projection of the last round's walk
	pairs    [][2]int32  // and the pairs of it that must stay in order

	// Skipped counts TUNE allocations that failed even after peer adjustment (the authors'
	// simulator aborts there; we skip the job for the round).
	Skipped      int
	roundSkipped int // of them, in the last round (Renewed repeats it)
}

type jobState struct {
	ready    bool
	prio     bool      // bumped after starvation
	lastExec core.Time // end of its last lease, -1 if never run
	keySpeed float64   // speed-up left from the previous round (the sort keys see it)
	rounds   int64     // leases received (attained service = rounds × R)
	dem      sensitivity.Demand
	unit     float64 // seconds per unit of work at the proportional share
	fairCPU  float64 // proportional cores and GB per GPU on the job's reference server
	fairMem  float64
	share    float64 // DRF's key: the dominant share of the ideal demand (fixed: asked every round)
	class    int32   // see classOf
	taken    uint32  // the round (roundNo) whose walk last took it
}

// class is what decides whether a job can be placed in a round, given the jobs the round placed
// before it: its GPU count, and under GREEDY (ideal demand or nothing) also that demand and the GPU
// types it may use. Jobs of a class that did not fit still do not fit later in the round.
type class struct {
	gpus     int
	cpu, mem float64
	types    string
}

// classOf is the id of j's class, registered when first seen.
func (p *Policy) classOf(j *sim.JobState, s *jobState) int32 {
	c := class{gpus: j.Job.GPUs}
	if p.mode == Greedy {
		c.cpu, c.mem = s.dem.CPU, s.dem.Mem
		for _, t := range j.Job.GPUTypes {
			c.types += string(t) + ","
		}
	}
	for k := range p.classes {
		if p.classes[k] == c {
			return int32(k)
		}
	}
	p.classes = append(p.classes, c)
	p.deadAt = append(p.deadAt, 0)
	p.diedAt = append(p.diedAt, 0)
	return int32(len(p.classes) - 1)
}

// waitingSince is when the job last stopped being served: its last lease's end, or its arrival.
func (s *jobState) waitingSince(j *sim.JobState) core.Time {
	if s.lastExec < 0 {
		return j.Job.Submit
	}
	return s.lastExec
}

// New builds a policy; profile nil means the built-in profiles.
func New(name string, order Order, mode Mode, profile *sensitivity.Table) *Policy {
	if profile == nil {
		profile = sensitivity.Builtin()
	}
	return &Policy{name: name, order: order, mode: mode, profile: profile}
}

// Name implements sim.Policy.
func (p *Policy) Name() string { return p.name }

// Rounds implements sim.RoundPolicy: decisions at round ticks, every allocation a lease.
func (p *Policy) Rounds() sim.Rounds { return sim.LeaseRounds }

// Progress implements sim.ProgressPolicy: iterations credited per lease, as the authors do.
func (p *Policy) Progress() sim.Progress { return sim.RoundCredit }

// Init implements sim.Initer.
func (p *Policy) Init(v *sim.View) {
	p.st = make([]jobState, v.NumJobs())
	c := v.Cluster()
	p.round.init(c)
	p.total.gpus, p.total.cpu, p.total.mem = float64(c.NumGPUs()), c.TotalCPUs(), c.TotalMemGB()
}

// state returns j's record (Init made one per job), computing its demand on first use. It is
// small enough to be inlined where a round asks it of every job it considers: under wasm the call
// cost more than the lookup.
func (p *Policy) state(v *sim.View, j *sim.JobState) *jobState {
	s := &p.st[j.Index]
	if !s.ready {
		p.fill(v, j, s)
	}
	return s
}

// fill computes job j's record s: its fair share, demand, reference speed and class.
func (p *Policy) fill(v *sim.View, j *sim.JobState, s *jobState) {
	s.ready, s.lastExec = true, -1
	c := v.Cluster()
	sv := &c.Servers[0]
	for k := range c.Servers {
		if j.Job.AllowsType(c.Servers[k].Type) {
			sv = &c.Servers[k]
			break
		}
	}
	gpus := float64(sv.GPUs)
	s.fairCPU, s.fairMem = sv.CPUs/gpus, sv.MemGB/gpus
	g := j.Job.GPUs
	s.dem = sensitivity.Demand{CPU: float64(g) * s.fairCPU, Mem: float64(g) * s.fairMem, Speedup: 1}
	if prof, ok := p.profile.Lookup(j.Job.Model, s.fairCPU); ok && j.Job.Duration == 0 {
		s.dem = prof.Demand(g, sv.GPUs, sv.CPUs, sv.MemGB)
	}
	s.keySpeed = s.dem.Speedup
	if j.Job.Duration > 0 {
		s.unit = 0.001
	} else {
		s.unit = v.RefIterTime(j)
	}
	s.class = p.classOf(j, s)
	if p.order == DRF {
		t := &p.total
		s.share = max(float64(g)/t.gpus, s.dem.CPU/t.cpu, s.dem.Mem/t.mem)
	}
}
