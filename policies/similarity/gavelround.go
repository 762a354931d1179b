package similarity

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"schedlab/core"
	"schedlab/core/hetero"
	"schedlab/core/sim"
)

// Gavel's round mechanism (stanford-futuredata/gavel at c4fa400, scheduler/scheduler.py, simulate,
// _update_priorities, _reset_time_run_so_far, _schedule_jobs_on_workers_helper), the mechanism
// "gavel" of gavel-maxmin and gavel-maxmin-agnostic:
//
//   - rounds are synchronous: every job of a round runs to the round's end (or its own finish),
//     nothing starts between rounds, and GPUs freed early stay idle until the round ends. A round
//     ends at an engine tick, or earlier when every job of the round has finished (Gavel's round
//     ends at the last finish of its jobs); when the cluster is idle a round begins at the next
//     arrival, as Gavel's simulator jumps to it;
//   - a job arriving during a round joins at the round's end; the allocation is re-solved only
//     when the job set has changed and at least gavelResetInterval has passed since the last
//     re-solve (or none has happened at a positive time yet); a job not in the current allocation
//     has priority 0;
//   - at a re-solve each job's deficit on each type grows by the time it should have received
//     (its fraction × the time since the last re-solve) minus the time it received, and every
//     job's time on each type restarts at half a round (the "starting credit", 180 s at Gavel's
//     360 s rounds);
//   - a job's priority on a type is its fraction over its share of the type's time since the
//     re-solve (its time / all jobs' time there, credits included); one queue per type, by
//     priority, then deficit, then fraction, then arrival; the queues are filled in turn, newest
//     GPU generation first (Gavel's V100, P100, K80), each job at most once, a gang only where
//     its GPUs are free; a job not in the allocation yet takes its place in a queue but is given
//     no GPUs, which stay idle for the round (_schedule_jobs_on_workers assigns workers only to
//     jobs in the allocation, after the queues have counted them);
//   - a type where Gavel's table has no measured throughput for the job (0.0 in Gavel's file) is
//     one the job cannot run on;
//   - the times behind deficits and priorities are Gavel's clock, not the engine's: a job of a
//     round is credited int(throughput × round length) steps (at most what it has left) and the
//     time they take; the round lasts as long as its longest job, so Gavel's rounds end a little
//     before the engine's ticks; after an idle spell the next round is measured from the end of
//     the last one, as Gavel's simulator keeps that start. Identical jobs then tie or not as they
//     do in Gavel. The engine runs whole steps too (sim.WholeSteps, the mechanism's default
//     progress): a job that holds its GPUs for a round does int(throughput × round length) steps;
//     in its last round it ends at most one step's time after Gavel's, and the engine's rounds
//     keep their full length where Gavel's end with their longest job.
//
// For policies without "Perf" in their name (its max_min_fairness, our gavel-maxmin-agnostic)
// Gavel shuffles the type order every round with its own seeded generator; so does ours, with the
// same generator (pyrandom.go) seeded as Gavel's simulator seeds it at --seed 0.
type gavelRounds struct {
	joined     []bool      // per job index: in the job set (joined at a round's end)
	jobTime    [][]float64 // per job and type: seconds run since the last re-solve, plus the credit
	deficit    [][]float64 // per job and type
	alloc      [][]float64 // per job: the allocation of the last re-solve (nil = not in it)
	gthr       [][]float64 // per job: throughputs, 0 where it cannot run
	workerTime []float64   // per type: Σ jobTime over the job set, plus the jobs that finished
	lastReset  float64     // seconds
	changed    bool        // the job set changed since the last re-solve
	// Gavel's clock (seconds): now, and the last round's start and end as its simulator keeps them
	clock, roundFrom, roundTo float64
	clocked                   bool      // a round has ended on it
	steps                     []float64 // per job: whole steps credited on Gavel's clock
	ran                       []ranOn   // jobs of the current round
	set                       []int     // the job set, ascending
	solves                    int       // re-solves so far, and how many of them had several optima
	several                   int
	types                     []int     // type indexes, newest generation first
	order                     []int     // the current round's type order (types, or shuffled)
	shuffler                  *pyRandom // agnostic: Gavel's type shuffle
}

// ranOn is a job of the current round and its type index.
type ranOn struct {
	job, typ      int
	steps, finish float64 // whole steps credited this round, and when they end on Gavel's clock
}

// gavelResetInterval is Gavel's minimum_time_between_allocation_resets (scheduler.py's default,
// which simulate_scheduler_with_trace.py keeps), in seconds.
const gavelResetInterval = 1920

// gavelSeed is the --seed of the recorded re-runs of Gavel's simulator; its type shuffler is
// seeded with seed + 5 (scheduler.py, _initialize_seeds).
const gavelSeed = 0

func newGavelRounds(v *sim.View, types []core.GPUType, agnostic bool) *gavelRounds {
	n := v.NumJobs()
	g := &gavelRounds{joined: make([]bool, n), jobTime: make([][]float64, n), deficit: make([][]float64, n),
		alloc: make([][]float64, n), gthr: make([][]float64, n), steps: make([]float64, n), workerTime: make([]float64, len(types))}
	for i := range types {
		g.types = append(g.types, i)
	}
	slices.SortStableFunc(g.types, func(a, b int) int { return cmp.Compare(genRank(types[a]), genRank(types[b])) })
	if agnostic {
		g.shuffler = newPyRandom(gavelSeed + 5)
	}
	return g
}

// gavelThr is job j's throughput per type for Gavel's mechanism: the policy's, and 0 where the
// job's profile has no measured point at its GPU count (the engine would run it at an estimate).
func (p *MaxMin) gavelThr(j *sim.JobState) []float64 {
	g := p.g
	if g.gthr[j.Index] != nil {
		return g.gthr[j.Index]
	}
	out := slices.Clone(p.thr(j))
	if prof, ok := hetero.Gavel().Profile(j.Job.Model); ok {
		for t, typ := range p.types {
			if _, measured := prof.At(typ, j.Job.GPUs, false); !measured {
				out[t] = 0
			}
		}
	}
	g.gthr[j.Index] = out
	return out
}

// decideGavel is Decide under Gavel's mechanism.
func (p *MaxMin) decideGavel(v *sim.View, why sim.Trigger) {
	if p.g == nil {
		p.g = newGavelRounds(v, p.types, p.agnostic)
	}
	if why&sim.OnTick == 0 && v.RunningLen() > 0 {
		return // synchronous rounds: nothing starts between them
	}
	g, now := p.g, v.Now()
	half := v.Round().Seconds() / 2
	if len(g.ran) > 0 { // the round that ends now, on Gavel's clock
		end := 0.0
		for _, r := range g.ran {
			end = max(end, r.finish)
		}
		if g.clocked {
			g.roundFrom = g.roundTo
		}
		g.roundTo, g.clocked = end, true
		// in the order Gavel's simulator pops its heap of (−finish, job id): a type's time is a
		// float sum, and its last digits decide ties between identical jobs
		slices.SortFunc(g.ran, func(a, b ranOn) int {
			if c := cmp.Compare(b.finish, a.finish); c != 0 {
				return c
			}
			return cmp.Compare(a.job, b.job)
		})
		for _, r := range g.ran {
			exec := r.finish - g.roundFrom
			g.jobTime[r.job][r.typ] += exec
			g.workerTime[r.typ] += exec
			g.steps[r.job] += r.steps
		}
		g.clock = end
	} else {
		g.clock = now.Seconds()
	}
	g.ran = g.ran[:0]
	kept := g.set[:0]
	for _, i := range g.set {
		if v.Job(i).Status() == sim.Done {
			g.changed = true
			continue
		}
		kept = append(kept, i)
	}
	g.set = kept
	for i := range v.Arrived() {
		if !g.joined[i] && v.Job(i).Status() != sim.Done {
			g.joined[i], g.changed = true, true
			g.jobTime[i] = make([]float64, len(p.types))
			for t := range g.jobTime[i] {
				g.jobTime[i][t] = half
			}
			g.deficit[i] = make([]float64, len(p.types))
			g.set = append(g.set, i)
		}
	}
	slices.Sort(g.set)
	t := g.clock
	if g.changed && (t-g.lastReset >= gavelResetInterval || g.lastReset == 0) {
		p.resetGavel(v, t, half)
	}
	p.roundGavel(v)
}

// resetGavel is Gavel's reset at time t (seconds): deficits, restarted times, a new allocation.
func (p *MaxMin) resetGavel(v *sim.View, t, half float64) {
	g := p.g
	el := t - g.lastReset
	for ti := range p.types {
		g.workerTime[ti] = 0
		for _, i := range g.set {
			should := 0.0
			if g.alloc[i] != nil {
				should = float64(g.alloc[i][ti] * el)
			}
			g.deficit[i][ti] += should - (g.jobTime[i][ti] - half)
			g.jobTime[i][ti] = half
			g.workerTime[ti] += half
		}
	}
	g.lastReset, g.changed = t, false
	g.solves++
	src := allocSource(p)
	if p.source != nil {
		src = p.source
	}
	x := src.allocate(v, t, g.set)
	clear(g.alloc)
	for k, i := range g.set {
		g.alloc[i] = x[k]
		if p.decimals > 0 {
			g.alloc[i] = roundFractions(x[k], p.decimals)
		}
	}
}

// allocSource gives mechanism gavel the allocation of a re-solve at time t (seconds on Gavel's
// clock): per job of set (job indexes, ascending), its fraction of time on each type. The policy's
// own is the max-min LP (MaxMin.allocate); a test replays, through this seam, the allocations
// Gavel's simulator computed, to show that the rounds are Gavel's given Gavel's allocations.
type allocSource interface {
	allocate(v *sim.View, t float64, set []int) [][]float64
}

// allocate implements allocSource with the max-min LP over set. An LP that fails gives equal
// shares until the next re-solve (the run's warnings say so); re-solves with several optima are
// counted and warned about.
func (p *MaxMin) allocate(v *sim.View, _ float64, set []int) [][]float64 {
	g := p.g
	thr := make([][]float64, len(set))
	gpus := make([]int, len(set))
	for k, i := range set {
		thr[k], gpus[k] = p.gavelThr(v.Job(i)), v.Job(i).Job.GPUs
		if p.agnostic {
			// Gavel's max_min_fairness sets 1 on every type, also where its table has no
			// throughput (the rounds then never run the job there): 1 wherever ours can run it
			thr[k] = ones(p.thr(v.Job(i)))
		}
	}
	x, _, err := solveMaxMin(thr, gpus, p.cap, p.opts)
	if err != nil {
		v.Warn(fmt.Sprintf("%s: allocation LP failed (%v): equal shares until the next re-solve", p.name, err))
		return equalShares(thr, gpus, p.cap)
	}
	if several, err := severalOptima(thr, gpus, p.cap, p.opts); err == nil && several {
		g.several++
		if p.agnostic {
			v.Warn(p.name + ": an allocation LP has several optima (ours takes the even spread, as Gavel's ECOS does)")
		} else {
			v.Warn(p.name + ": an allocation LP has several optima (our simplex picks one, Gavel's ECOS may pick another)")
		}
	}
	if p.agnostic {
		x = spreadEvenly(x, thr, gpus, p.cap)
	}
	return x
}

// roundFractions is numpy's round(x, decimals) clipped to [0, 1], as the rounded copy of
// Gavel's max_min_fairness.py returns its fractions (scripts/gavelrerun): half to even of x × 10^d,
// divided back.
func roundFractions(x []float64, decimals int) []float64 {
	scale := 1.0
	for range decimals {
		scale *= 10 // exact: 10^decimals is an integer below 2^53
	}
	out := make([]float64, len(x))
	for t, v := range x {
		out[t] = min(max(math.RoundToEven(v*scale)/scale, 0), 1)
	}
	return out
}

// assignGavel fills the types' queues in the given order under allocation alloc (per job index,
// nil = not in it) and returns the type index of each job given one and those jobs in the order
// they were given it. It changes nothing, so a test may ask what another allocation would give.
func (p *MaxMin) assignGavel(v *sim.View, order []int, alloc [][]float64) (map[int]int, []int) {
	g := p.g
	left := slices.Clone(p.cap)
	assigned := make(map[int]int, len(g.set))
	var seq []int
	queue := make([]gavelEntry, 0, len(g.set))
	for _, ti := range order {
		queue = queue[:0]
		for _, i := range g.set {
			e := gavelEntry{job: i}
			if a := alloc[i]; a != nil && a[ti] != 0 && p.gavelThr(v.Job(i))[ti] != 0 {
				e.frac = a[ti]
				e.prio = a[ti] * 1e9
				if g.workerTime[ti] != 0 {
					if share := g.jobTime[i][ti] / g.workerTime[ti]; share > 0 {
						e.prio = a[ti] / share
					}
				}
			} else if a != nil {
				e.frac = a[ti]
			}
			e.def = g.deficit[i][ti]
			queue = append(queue, e)
		}
		slices.SortStableFunc(queue, func(a, b gavelEntry) int {
			if c := cmp.Compare(b.prio, a.prio); c != 0 {
				return c
			}
			if c := cmp.Compare(b.def, a.def); c != 0 {
				return c
			}
			return cmp.Compare(b.frac, a.frac)
		})
		for _, e := range queue {
			j := v.Job(e.job)
			if _, ok := assigned[e.job]; ok || left[ti] == 0 || p.gavelThr(j)[ti] <= 0 || j.Job.GPUs > left[ti] {
				continue
			}
			left[ti] -= j.Job.GPUs
			assigned[e.job] = ti
			seq = append(seq, e.job)
		}
	}
	return assigned, seq
}

// gavelEntry is one job in one type's queue.
type gavelEntry struct {
	job             int
	prio, def, frac float64
}

// roundGavel fills the types' queues and applies the round's assignment.
func (p *MaxMin) roundGavel(v *sim.View) {
	g := p.g
	g.order = g.types
	if g.shuffler != nil {
		g.order = slices.Clone(g.types)
		g.shuffler.shuffle(g.order)
	}
	assigned, seq := p.assignGavel(v, g.order, g.alloc)
	var stop []*sim.JobState
	for j := range v.Running() {
		if ti, ok := assigned[j.Index]; !ok || p.types[ti] != j.GPUType() {
			stop = append(stop, j)
		}
	}
	for _, j := range stop {
		if err := v.Stop(j); err != nil {
			panic(fmt.Sprintf("%s: %v", p.name, err))
		}
	}
	// larger gangs first, as Gavel assigns workers, so that they find whole servers
	slices.SortStableFunc(seq, func(a, b int) int { return cmp.Compare(v.Job(b).Job.GPUs, v.Job(a).Job.GPUs) })
	for _, i := range seq {
		j := v.Job(i)
		if j.Status() == sim.Pending && g.alloc[i] != nil {
			p.startOn(v, j, assigned[i])
		}
		if j.Status() == sim.Running {
			ti := assigned[i]
			thr := p.gavelThr(j)[ti]
			left := math.Inf(1) // a job of fixed duration: the round's steps are never capped
			if j.Job.Iterations > 0 {
				left = max(float64(j.Job.Iterations)-g.steps[i], 0)
			}
			steps := min(math.Floor(float64(thr*v.Round().Seconds())), left)
			g.ran = append(g.ran, ranOn{job: i, typ: ti, steps: steps, finish: g.clock + steps/thr})
		}
	}
}
