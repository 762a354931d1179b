package synergy

import (
	"fmt"
	"slices"

	"schedlab/core/sim"
)

// Decide implements sim.Policy: one scheduling round (the authors' simulator/schedulers/*_synergy_new.py), at round ticks only.
//
// The authors' round sorts every runnable job, resets every speed-up, bumps jobs that waited over
// 1000 h, and walks the order until the cluster is full. Only the walked prefix decides anything,
// so each order reads its jobs as cheaply as it can while keeping that walk exact: FIFO reads the
// pending jobs in arrival order and stops at a full cluster (its keys and bumps are never read);
// LAS, SRTF, DRF and Tetris keep the waiting jobs in heaps whose entries change only when a job's
// key does (see queue); FTF, whose keys all move with the clock, sorts every job each round.
func (p *Policy) Decide(v *sim.View, why sim.Trigger) {
	if why&sim.OnTick == 0 {
		return
	}
	if p.st == nil {
		p.Init(v)
	}
	if v.PendingLen() == 0 {
		return
	}
	r := &p.round
	r.reset(v)
	p.roundSkipped = 0
	p.roundNo++
	switch p.order {
	case FIFO:
		for j := range v.Pending() {
			if r.nfree == 0 {
				break // every job needs a GPU: the long tail of a queue cannot join
			}
			if s := p.state(v, j); !p.dead(s.class) && !p.consider(v, j) {
				p.died(s.class, 0) // (FIFO never reads the walk index: Steady needs none)
			}
		}
	case FTF:
		p.sortAll(v)
		for _, e := range p.entries {
			if r.nfree == 0 {
				break
			}
			p.consider(v, v.Job(int(e.job)))
		}
	default:
		p.refresh(v)
		p.walk(v)
		p.bump(v)
	}
	p.Skipped += p.roundSkipped
	r.assign()
	lease := v.Now() + v.Round()
	for i := range r.plans {
		pl := &r.plans[i]
		if err := v.Start(v.Job(int(pl.job)), sim.Alloc{GPUs: pl.gpus, CPUPerGPU: pl.cpu / float64(len(pl.gpus)), MemPerGPU: pl.mem / float64(len(pl.gpus))}); err != nil {
			panic(fmt.Sprintf("synergy: planned allocation rejected: %v", err))
		}
		s := &p.st[pl.job]
		s.rounds++
		s.lastExec = lease
	}
	if p.order != FIFO && p.order != FTF {
		p.settle(v)
	}
}

// consider places job j if its GPUs fit what is left of the round, in the policy's mode. It
// reports false when GREEDY could not place the job for want of CPU or memory.
func (p *Policy) consider(v *sim.View, j *sim.JobState) bool {
	r := &p.round
	g := j.Job.GPUs
	if g > r.nfree {
		v.NoRoom(j) // (the round's free GPUs are the cluster's at its end: capacity)
		return true
	}
	i := int32(j.Index)
	if r.same && r.replay(i) { // (once the round differs, replay says no: the test spares the call)
		return true
	}
	s := p.state(v, j)
	r.tries = 0
	plans := len(r.plans)
	ok := true
	switch p.mode {
	case Proportional:
		r.place(j, float64(g)*s.fairCPU, float64(g)*s.fairMem)
	case Greedy:
		ok = r.place(j, s.dem.CPU, s.dem.Mem)
	case Tune:
		if !p.tune(j, s) {
			p.roundSkipped++
		}
	}
	r.record(i, r.tries == 1 && len(r.plans) > plans)
	if len(r.plans) == plans {
		v.NoRoom(j) // GPUs enough, but not with the CPU and memory it asks for (shape)
	}
	return ok
}

// dead reports whether GREEDY failed to place a job of class c earlier in this round: every later
// job of the class fails too (see class), so the walk need not try them.
func (p *Policy) dead(c int32) bool { return p.deadAt[c] == p.roundNo }

// died notes that a job of class c, the k-th of the walk, failed.
func (p *Policy) died(c int32, k int) {
	p.deadAt[c], p.diedAt[c] = p.roundNo, int32(k)
	p.best.ok = false // (see take)
}

// walk takes jobs from the queue in order while some fit the free GPUs (see queue), placing as it
// goes; LAS first takes its "jobs this round" (jobs whose GPU demand fits the remaining free-GPU
// count) and, under TUNE, places them largest first. It notes each job it takes with the free GPUs
// it was taken against, and the free GPUs it ended with, which Steady reads.
func (p *Policy) walk(v *sim.View) {
	r := &p.round
	p.scanned, p.freeAt = p.scanned[:0], p.freeAt[:0]
	p.best.ok = false // the heaps changed since the last walk
	if p.order != LAS {
		for r.nfree > 0 {
			i, ok := p.take(v, r.nfree)
			if !ok {
				break
			}
			if !p.consider(v, v.Job(int(i))) {
				p.died(p.st[i].class, len(p.scanned)-1)
			}
		}
		p.freeEnd = r.nfree
		return
	}
	cands := p.cands[:0]
	free := v.FreeGPUs()
	for free > 0 {
		i, ok := p.take(v, free)
		if !ok {
			break
		}
		cands = append(cands, i)
		free -= v.Job(int(i)).Job.GPUs
	}
	p.cands, p.freeEnd = cands, free
	if p.mode == Tune {
		cands = p.largestFirst(v, cands)
	}
	for _, i := range cands {
		if r.nfree == 0 {
			break
		}
		p.consider(v, v.Job(int(i)))
	}
}

// take is the walk's next job with at most free GPUs: the front's first job that may still be
// placed, or the smallest heap top, whichever sorts first. It notes the job as taken against free.
// (A method, not a closure: a closure call costs more under wasm.)
func (p *Policy) take(v *sim.View, free int) (int32, bool) {
	q := &p.queue
	// The front's first job that may still be placed: one ruled out now stays out this round.
	for p.cursor < len(p.front) {
		i := p.front[p.cursor].job
		if v.Job(int(i)).Job.GPUs <= free && !p.dead(p.st[i].class) {
			break
		}
		p.cursor++
	}
	// The best heap top stands while the heaps and the dead classes do and it still fits: free
	// only falls during a walk, which can only rule classes out (DRF's walk takes mostly from the
	// front, asking this of the heaps at every job).
	c := p.best.class
	if !p.best.ok || free > p.best.free || (c >= 0 && q.heaps[c].gpus > free) {
		c = q.next(free, p.deadAt, p.roundNo)
		p.best.class, p.best.free, p.best.ok = c, free, true
	}
	var i int32
	switch {
	case p.cursor < len(p.front) && (c < 0 || before(&p.front[p.cursor], &q.heaps[c].items[0])):
		i = p.front[p.cursor].job
		p.cursor++
	case c >= 0:
		i = q.pop(c).job
		p.best.ok = false
	default:
		return 0, false
	}
	p.st[i].taken = p.roundNo
	p.scanned, p.freeAt = append(p.scanned, i), append(p.freeAt, free)
	return i, true
}

// largestFirst is cands ordered by GPU count, largest first, and by their order in cands among
// equals: what a stable sort gives, built one distinct count at a time. A round's candidates have
// a few counts (1, 2, 4, 8), and under wasm the sort's comparison calls cost 6 % of a LAS+TUNE
// cell.
func (p *Policy) largestFirst(v *sim.View, cands []int32) []int32 {
	sizes, gpus := p.sizes[:0], p.candGPUs[:0]
	for _, i := range cands {
		g := v.Job(int(i)).Job.GPUs
		gpus = append(gpus, g)
		if !slices.Contains(sizes, g) {
			sizes = append(sizes, g)
		}
	}
	slices.Sort(sizes)
	out := p.byGPUs[:0]
	for k := len(sizes) - 1; k >= 0; k-- {
		for n, g := range gpus {
			if g == sizes[k] {
				out = append(out, cands[n])
			}
		}
	}
	p.sizes, p.candGPUs, p.byGPUs = sizes, gpus, out
	return out
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
