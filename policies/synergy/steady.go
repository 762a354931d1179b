package synergy

import (
	"math"

	"schedlab/core"
	"schedlab/core/sim"
)

// Steady implements sim.SteadyPolicy. A round is a function of the jobs its walk takes, in order:
// the LAS prefix, the first-fit walk, TUNE's fallbacks and peer adjustment all start from an idle
// cluster (every lease ends at a tick), and once the walk is complete assign gives each job the
// GPUs it held wherever the round leaves it as many on a server, so a round that repeats gives
// every job the same GPUs. So the round just decided repeats at every following tick at which the
// walk would take the same jobs in the same order.
//
// Under FIFO the order is arrival order, which only arrivals and completions change (the engine
// bounds those). Under FTF every waiting job's key moves with the clock: no round is known to
// repeat. Under the queued orders only the keys of the jobs placed this round move (LAS: leases
// received; SRTF and Tetris: work credited; DRF: none); a job the walk took without placing it
// keeps its key, and so does every job still queued. The walk takes the same jobs in the same order
// when they stay in order among themselves and each heap's top x stays behind the last job taken
// while x's class could still be placed (see lastCandidate): before that job, x was a candidate
// too; after it, x is not. So the round repeats for n ticks when no waiting job is bumped (1000 h
// without service) within them and each of those pairs stays in order at each tick: every pair at
// the first tick (the entries there reflect this round's speed-ups), and after that the pairs with
// a placed job, whose keys are computed exactly as the rounds would compute them (no
// extrapolation).
func (p *Policy) Steady(v *sim.View, limit int) int {
	switch p.order {
	case FIFO:
		if p.round.nfree == 0 {
			return limit // arrivals join the end of the order, which a full cluster never reaches
		}
		return min(limit, p.beforeArrival(v))
	case FTF:
		return 0
	}
	lease := v.Now() + v.Round()
	sc, pairs := p.steady[:0], p.pairs[:0]
	// Each pair is tested at the first tick as it is made, each entry computed once: a round of a
	// long queue under LAS is seldom steady, and its first pairs usually say so.
	var prev sortEntry
	for k, i := range p.scanned {
		j, s := v.Job(int(i)), &p.st[i]
		sc = append(sc, steadyJob{}) // (zeroed in place, then filled: see steadyJob)
		x := &sc[len(sc)-1]
		x.job, x.done, x.rounds = i, v.Progress(j), s.rounds
		if s.lastExec == lease { // placed this round
			x.placed, x.credit = true, v.LeaseCredit(j)
		}
		e := entryOf(j, s, p.keyAt(v, j, s, x.done, x.rounds)) // entryAt(k, 1)
		if k > 0 {
			if compareEntries(prev, e) >= 0 {
				p.steady, p.pairs = sc, pairs // (their arrays kept for the next round)
				return 0
			}
			pairs = append(pairs, [2]int32{int32(k - 1), int32(k)})
		}
		prev = e
	}
	p.steady = sc
	for c := range p.queue.heaps {
		q := &p.queue.heaps[c]
		if len(q.items) == 0 {
			continue
		}
		k := p.lastCandidate(q.gpus, int32(c))
		if k < 0 {
			continue // it never fitted
		}
		i := q.items[0].job
		sc = append(sc, steadyJob{})
		x := &sc[len(sc)-1]
		x.job, x.done, x.rounds = i, v.Progress(v.Job(int(i))), p.st[i].rounds
		p.steady = sc
		pairs = append(pairs, [2]int32{int32(k), int32(len(sc) - 1)})
		if compareEntries(p.entryAt(v, k, 1), p.entryAt(v, len(sc)-1, 1)) >= 0 {
			p.pairs = pairs
			return 0
		}
	}
	p.steady, p.pairs = sc, pairs
	// Each bound is a minimum over its own events (arrivals(n) is min(n, a bound of the arrivals
	// alone), and so is inOrder(n)), so their order does not change the result; the cheap one goes
	// first, and inOrder, which projects every pair at every tick, projects no tick past it.
	return p.arrivals(v, p.inOrder(v, p.roomFor(v, min(limit, p.unbumped(v)))))
}

// roomFor bounds n by the first tick that sees an arrival the walk ended with room for, the cheap
// test of arrivals: at low load it is the next arrival, which ends the repetition before any pair
// leaves its order.
func (p *Policy) roomFor(v *sim.View, n int) int {
	for a := v.Arrived(); a < v.NumJobs(); a++ {
		j := v.Job(a)
		seen := tickSeeing(v, j.Job.Submit)
		if seen > n {
			return n
		}
		if j.Job.GPUs <= p.freeEnd && !p.dead(p.state(v, j).class) {
			return seen - 1
		}
	}
	return n
}

// inOrder bounds n by the first tick from 2 on at which a pair with a placed job falls out of order.
func (p *Policy) inOrder(v *sim.View, n int) int {
	sc := p.steady
	for t := 2; t <= n; t++ {
		for _, pr := range p.pairs {
			a, b := int(pr[0]), int(pr[1])
			if (sc[a].placed || sc[b].placed) && compareEntries(p.entryAt(v, a, t), p.entryAt(v, b, t)) >= 0 {
				return t - 1
			}
		}
	}
	return n
}

// lastCandidate is the index in the walk of the last job taken while a job of g GPUs and class c
// could still be placed — g GPUs free, and under GREEDY no job of c failed yet (the failed one is
// the last the walk took of c) — or -1 if it never could.
func (p *Policy) lastCandidate(g int, c int32) int {
	k := len(p.freeAt) - 1
	for k >= 0 && p.freeAt[k] < g {
		k--
	}
	if p.dead(c) {
		k = min(k, int(p.diedAt[c]))
	}
	return k
}

// tickSeeing is the first tick from now (1 = the next) at or after time t > now.
func tickSeeing(v *sim.View, t core.Time) int {
	r := v.Round()
	return int((t - v.Now() + r - 1) / r)
}

// beforeArrival is how many ticks pass before one sees the next arrival.
func (p *Policy) beforeArrival(v *sim.View) int {
	if a := v.Arrived(); a < v.NumJobs() {
		return tickSeeing(v, v.Job(a).Job.Submit) - 1
	}
	return math.MaxInt
}

// arrivals bounds n, the ticks a queued order's round repeats, by the jobs that arrive meanwhile:
// one seen at tick t must not fit what the walk left, and must stay behind the last job the walk
// takes while its class can still be placed (as a heap top must, see Steady) at ticks t..n, and
// not be bumped for starving by tick n.
func (p *Policy) arrivals(v *sim.View, n int) int {
	for a := v.Arrived(); a < v.NumJobs(); a++ {
		j := v.Job(a)
		seen := tickSeeing(v, j.Job.Submit)
		if seen > n {
			return n
		}
		n = min(n, int((starvation-(v.Now()-j.Job.Submit))/v.Round()))
		s := p.state(v, j)
		if j.Job.GPUs <= p.freeEnd && !p.dead(s.class) {
			return min(n, seen-1) // the walk ended with room for it
		}
		k := p.lastCandidate(j.Job.GPUs, s.class)
		if k < 0 {
			continue // it would not fit when the walk reads it
		}
		x := p.entry(v, j, s)
		for t := seen; t <= n; t++ {
			if compareEntries(p.entryAt(v, k, t), x) >= 0 {
				n = t - 1 // it would be taken from tick t on
			}
		}
	}
	return n
}

// unbumped is how many of the next ticks pass before a waiting job is bumped: the one waiting
// longest (the watch's first live entry) is the first.
func (p *Policy) unbumped(v *sim.View) int {
	w := &p.wait
	for ; w.head < len(w.items); w.head++ {
		if e := w.items[w.head]; p.waits(v, e) {
			// At tick now+t·R it has waited now+t·R-since; bumped once that exceeds 1000 h.
			return int((starvation - (v.Now() - e.since)) / v.Round())
		}
	}
	return math.MaxInt
}

// Renewed implements sim.SteadyPolicy: n more leases for every job of the last round, as n
// repeated rounds would have given them.
func (p *Policy) Renewed(v *sim.View, n int) {
	d := core.Time(n) * v.Round()
	for i := range p.round.plans {
		s := &p.st[p.round.plans[i].job]
		s.rounds += int64(n)
		s.lastExec += d
	}
	p.Skipped += n * p.roundSkipped
}

// steadyJob is a job of this round's order as Steady projects it: its work done and leases
// received now, and whether (and by how much per round) they grow. Its fields are ordered to make
// it 32 bytes, which wasm zeroes inline (a larger struct is a memory.fill call).
type steadyJob struct {
	done, credit float64
	rounds       int64
	job          int32
	placed       bool
}

// entryAt is the sort entry of the k-th job of Steady's projection at the t-th tick from now
// (t ≥ 1), were every round until then this one again.
func (p *Policy) entryAt(v *sim.View, k, t int) sortEntry {
	x := &p.steady[k]
	j, s := v.Job(int(x.job)), &p.st[x.job]
	done, rounds := x.done, x.rounds
	if x.placed {
		done += float64(float64(t-1) * x.credit)
		rounds += int64(t - 1)
	}
	return entryOf(j, s, p.keyAt(v, j, s, done, rounds))
}
