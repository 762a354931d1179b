package synergy

import (
	"cmp"
	"fmt"
	"slices"

	"schedlab/core/sim"
)

// Decide implements sim.Policy: one scheduling round (spec §5.3), at round ticks only.
func (p *Policy) Decide(v *sim.View, why sim.Trigger) {
	if why&sim.OnTick == 0 {
		return
	}
	if p.st == nil {
		p.Init(v)
	}
	now := v.Now()
	p.jobs = p.jobs[:0]
	for j := range v.Pending() {
		p.state(v, j)
		p.jobs = append(p.jobs, int32(j.Index))
	}
	if len(p.jobs) == 0 {
		return
	}
	// The keys see last round's speed-ups; then every speed-up is reset (authors' order).
	p.sortJobs(v)
	for _, i := range p.jobs {
		j := v.Job(int(i))
		s := &p.st[i]
		s.keySpeed = s.dem.Speedup
		since := now - s.lastExec
		if s.lastExec < 0 {
			since = now - j.Job.Submit
		}
		if since > starvation {
			s.prio = true
		}
	}
	cands := p.jobs
	if p.order == LAS {
		// The "jobs this round" prefix: jobs whose GPU demand fits the remaining free-GPU count.
		free := v.FreeGPUs()
		cands = p.cands[:0]
		for _, i := range p.jobs {
			if free == 0 {
				break // every job needs a GPU: the long tail of a queue cannot join
			}
			if g := v.Job(int(i)).Job.GPUs; g <= free {
				cands = append(cands, i)
				free -= g
			}
		}
		p.cands = cands
		if p.mode == Tune {
			slices.SortStableFunc(cands, func(a, b int32) int { return cmp.Compare(v.Job(int(b)).Job.GPUs, v.Job(int(a)).Job.GPUs) })
		}
	}
	r := &p.round
	r.reset(v)
	for _, i := range cands {
		if r.nfree == 0 {
			break // as above: nothing more can be placed this round
		}
		j := v.Job(int(i))
		g := j.Job.GPUs
		if g > r.nfree {
			continue
		}
		s := &p.st[j.Index]
		switch p.mode {
		case Proportional:
			r.place(j, float64(g)*s.fairCPU, float64(g)*s.fairMem)
		case Greedy:
			r.place(j, s.dem.CPU, s.dem.Mem)
		case Tune:
			if !p.tune(j, s) {
				p.Skipped++
			}
		}
	}
	lease := now + v.Round()
	for i := range r.plans {
		pl := &r.plans[i]
		if err := v.Start(v.Job(int(pl.job)), sim.Alloc{GPUs: pl.gpus, CPUPerGPU: pl.cpu / float64(len(pl.gpus)), MemPerGPU: pl.mem / float64(len(pl.gpus))}); err != nil {
			panic(fmt.Sprintf("synergy: planned allocation rejected: %v", err))
		}
		s := &p.st[pl.job]
		s.rounds++
		s.lastExec = lease
	}
}

// tune is Synergy-TUNE (Cluster._tune with placement=False): the ideal demand; else the
// proportional share (speed-up 1); else shrink peers on the target servers to their proportional
// share and retry.
func (p *Policy) tune(j *sim.JobState, s *jobState) bool {
	r := &p.round
	g := j.Job.GPUs
	cpu, mem := s.dem.CPU, s.dem.Mem
	if r.place(j, cpu, mem) {
		return true
	}
	if fc, fm := float64(g)*s.fairCPU, float64(g)*s.fairMem; cpu > fc || mem > fm {
		cpu, mem = fc, fm
		s.keySpeed = 1
		if r.place(j, cpu, mem) {
			return true
		}
	}
	for _, t := range r.targets(g) {
		ratio := float64(t.n) / float64(g)
		r.adjustPeers(t.server, t.n, cpu*ratio, mem*ratio, p.st)
	}
	return r.place(j, cpu, mem)
}
