package synergy

import (
	"schedlab/core"
	"schedlab/core/sensitivity"
	"schedlab/core/sim"
)

// Order is the ordering key of a Synergy-family policy (spec §5.3).
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
	// This round's runnable jobs (arrival indices), sorted, and LAS's candidates. Indices rather
	// than *sim.JobState: storing a pointer into the heap costs a write barrier, expensive under
	// wasm while the collector marks, and the round stores one per waiting job.
	jobs   []int32
	cands  []int32
	sorter sorter
	round  roundState

	// Skipped counts TUNE allocations that failed even after peer adjustment (the authors'
	// simulator aborts there; we skip the job for the round).
	Skipped int
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
	// The job's entry in the last sort it took part in (sorter.stamp then).
	entry  sortEntry
	sorted uint32
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
	p.round.init(v.Cluster())
}

// state returns j's record, computing its demand on first use.
func (p *Policy) state(v *sim.View, j *sim.JobState) *jobState {
	if j.Index >= len(p.st) {
		p.st = append(p.st, make([]jobState, j.Index+1-len(p.st))...)
	}
	s := &p.st[j.Index]
	if s.ready {
		return s
	}
	s.ready, s.lastExec = true, -1
	c := v.Cluster()
	sv := c.Servers[0]
	for _, x := range c.Servers {
		if j.Job.AllowsType(x.Type) {
			sv = x
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
	return s
}
