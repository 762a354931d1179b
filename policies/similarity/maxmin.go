package similarity

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"schedlab/core"
	"schedlab/core/lp"
	"schedlab/core/sim"
)

// MaxMin is gavel-maxmin, Gavel's heterogeneity-aware max-min fairness (Narayanan et al., OSDI
// 2020, §4.1) as a baseline for the model-similarity policies. Whenever the set of active jobs
// changes it solves
//
//	maximise min_j  Σ_t X[j][t]·thr_j(t) / thr_j(equal share)
//	s.t. Σ_t X[j][t] ≤ 1 (a job runs on one type at a time), Σ_j gpus_j·X[j][t] ≤ GPUs of type t,
//
// for the fraction of time X[j][t] each job should spend on each type; thr_j(t) is the job's
// consolidated throughput on type t at its GPU count, and the equal share gives every job the same
// fraction min(1, GPUs / Σ gpus_j) of time on each type in proportion to its GPU count. Our
// choices: the objective adds 10⁻³ × the mean normalised throughput, so among the max-min optima
// the LP picks one that wastes no capacity (Gavel's plain max-min leaves that open); throughputs
// are the measured profiles by default (Gavel profiles every job online), or the similarity
// predictor's with throughputs=similarity (the policy then sees what model-similarity sees).
//
// Rounding is Gavel's round-based mechanism: at every round tick the (job, type) pairs are taken
// in order of priority X[j][t] / (share of its time since arrival the job has received on t) —
// never-served pairs first — and a job gets its gang on the first type with room; a second pass
// lets still-waiting jobs use leftover GPUs of any type they run on (work conservation, our
// choice). A running job keeps its GPUs when it stays on its type; otherwise it is stopped (the
// engine charges the checkpoint cost). Between ticks, arrivals and completions only start
// waiting jobs on free GPUs in the same order.
type MaxMin struct {
	est *Policy // throughput estimates (Policy.estimateOf)

	types   []core.GPUType
	cap     []int
	x       [][]float64 // per job index: the LP's fractions per type (nil = not in the current LP)
	recv    [][]float64 // per job index: seconds held per type
	last    core.Time   // when recv was last brought up to date
	active  []int       // job indices of the current LP, ascending
	scratch []int
}

// Name implements sim.Policy.
func (p *MaxMin) Name() string { return "gavel-maxmin" }

// Rounds implements sim.RoundPolicy.
func (p *MaxMin) Rounds() sim.Rounds { return sim.RoundsToo }

// Init implements sim.Initer.
func (p *MaxMin) Init(v *sim.View) {
	p.est.Init(v)
	cl := v.Cluster()
	p.types = cl.Types()
	p.cap = make([]int, len(p.types))
	for i, t := range p.types {
		p.cap[i] = cl.GPUsOfType(t)
	}
	p.x = make([][]float64, v.NumJobs())
	p.recv = make([][]float64, v.NumJobs())
}

// Match reports the throughput estimate's decision about job i (for the app's per-job view).
func (p *MaxMin) Match(i int) Match { return p.est.Match(i) }

// thr is job j's estimated consolidated throughput per type (0 where it cannot run or was
// never measured); a job without any estimate counts 1 on every type it may use.
func (p *MaxMin) thr(j *sim.JobState) []float64 {
	e := p.est.estimateOf(j)
	out := make([]float64, len(p.types))
	for ti, t := range p.types {
		if !j.Job.AllowsType(t) || j.Job.GPUs > p.cap[ti] {
			continue
		}
		switch {
		case !e.known:
			out[ti] = 1
		default:
			out[ti] = e.thr[ti][0]
		}
	}
	return out
}

// Decide implements sim.Policy.
func (p *MaxMin) Decide(v *sim.View, why sim.Trigger) {
	if p.x == nil {
		p.Init(v)
	}
	now := v.Now()
	for j := range v.Running() {
		if p.recv[j.Index] == nil {
			p.recv[j.Index] = make([]float64, len(p.types))
		}
		p.recv[j.Index][slices.Index(p.types, j.GPUType())] += (now - p.last).Seconds()
	}
	p.last = now
	p.scratch = p.scratch[:0]
	for j := range v.Running() {
		p.scratch = append(p.scratch, j.Index)
	}
	for j := range v.Pending() {
		p.scratch = append(p.scratch, j.Index)
	}
	slices.Sort(p.scratch)
	if !slices.Equal(p.scratch, p.active) {
		p.active = append(p.active[:0], p.scratch...)
		p.solve(v)
	}
	order := p.priorities(v)
	if why&sim.OnTick != 0 {
		p.reallocate(v, order)
		return
	}
	for _, pr := range order {
		j := v.Job(pr.job)
		if j.Status() == sim.Pending && v.FreeGPUs() >= j.Job.GPUs {
			p.startOn(v, j, pr.typ)
		}
	}
}

// solve computes X for the active jobs.
func (p *MaxMin) solve(v *sim.View) {
	for _, i := range p.active {
		p.x[i] = nil
	}
	thr := make([][]float64, len(p.active))
	gpus := make([]int, len(p.active))
	for k, i := range p.active {
		thr[k] = p.thr(v.Job(i))
		gpus[k] = v.Job(i).Job.GPUs
	}
	x, _, err := SolveMaxMin(thr, gpus, p.cap)
	if err != nil {
		panic(fmt.Sprintf("gavel-maxmin: %v", err)) // the LP is feasible (X = 0) and bounded (X ≤ 1) by construction
	}
	for k, i := range p.active {
		p.x[i] = x[k]
	}
}

// SolveMaxMin solves the max-min LP for jobs with throughputs thr[j][type] (0 = cannot run there)
// on gangs of gpus[j] GPUs over capacity[type] GPUs: the fractions X[j][type] and the max-min
// value (each job's throughput under X over its throughput under the equal share).
func SolveMaxMin(thr [][]float64, gpus []int, capacity []int) ([][]float64, float64, error) {
	n, nt := len(thr), len(capacity)
	if n == 0 {
		return nil, 0, nil
	}
	total, demand := 0, 0
	for _, c := range capacity {
		total += c
	}
	for _, g := range gpus {
		demand += g
	}
	share := 1.0
	if demand > total {
		share = float64(total) / float64(demand)
	}
	// variables: z, then X[j][t] for every pair the job can run on
	type pair struct{ j, t int }
	var vars []pair
	eq := make([]float64, n)
	for j := range n {
		for t := range nt {
			if thr[j][t] > 0 {
				vars = append(vars, pair{j, t})
				eq[j] += share * thr[j][t] * float64(capacity[t]) / float64(total)
			}
		}
	}
	c := make([]float64, 1+len(vars))
	c[0] = 1
	var A [][]float64
	var b []float64
	rowZ := make([][]float64, n)
	rowOne := make([][]float64, n)
	for j := range n {
		rowZ[j] = make([]float64, len(c))
		rowZ[j][0] = 1
		rowOne[j] = make([]float64, len(c))
	}
	rowCap := make([][]float64, nt)
	for t := range nt {
		rowCap[t] = make([]float64, len(c))
	}
	for k, pv := range vars {
		a := thr[pv.j][pv.t] / eq[pv.j]
		rowZ[pv.j][1+k] = -a
		rowOne[pv.j][1+k] = 1
		rowCap[pv.t][1+k] = float64(gpus[pv.j])
		c[1+k] = 1e-3 * a / float64(n)
	}
	for j := range n {
		if eq[j] > 0 {
			A, b = append(A, rowZ[j]), append(b, 0)
		}
		A, b = append(A, rowOne[j]), append(b, 1)
	}
	for t := range nt {
		A, b = append(A, rowCap[t]), append(b, float64(capacity[t]))
	}
	sol, _, err := lp.Maximize(c, A, b)
	if err != nil {
		return nil, 0, err
	}
	x := make([][]float64, n)
	for j := range x {
		x[j] = make([]float64, nt)
	}
	for k, pv := range vars {
		x[pv.j][pv.t] = sol[1+k]
	}
	return x, sol[0], nil
}

// prio is one (job, type) pair in Gavel's round order.
type prio struct {
	job, typ int
	x, p     float64
}

// priorities orders the active jobs' (job, type) pairs with X > 0 by X / received share, highest
// first (never-served pairs first; ties: larger X, then arrival order, then cluster type order).
func (p *MaxMin) priorities(v *sim.View) []prio {
	var out []prio
	for _, i := range p.active {
		j := v.Job(i)
		age := max((v.Now() - j.Job.Submit).Seconds(), v.Round().Seconds())
		for t, x := range p.x[i] {
			if x < 1e-6 {
				continue
			}
			got := 0.0
			if p.recv[i] != nil {
				got = p.recv[i][t] / age
			}
			pr := math.Inf(1)
			if got > 0 {
				pr = x / got
			}
			out = append(out, prio{job: i, typ: t, x: x, p: pr})
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].p != out[b].p {
			return out[a].p > out[b].p
		}
		if out[a].x != out[b].x {
			return out[a].x > out[b].x
		}
		if out[a].job != out[b].job {
			return out[a].job < out[b].job
		}
		return out[a].typ < out[b].typ
	})
	return out
}

// reallocate is the round tick: assign types in priority order, stop running jobs that lose or
// change their type, start the rest.
func (p *MaxMin) reallocate(v *sim.View, order []prio) {
	room := slices.Clone(p.cap)
	assigned := map[int]int{} // job index → type index
	var seq []int             // assignment order
	give := func(i, t int) {
		if _, ok := assigned[i]; ok || room[t] < v.Job(i).Job.GPUs {
			return
		}
		room[t] -= v.Job(i).Job.GPUs
		assigned[i] = t
		seq = append(seq, i)
	}
	for _, pr := range order {
		give(pr.job, pr.typ)
	}
	for _, i := range p.active { // work conservation: leftovers to jobs still waiting
		thr := p.thr(v.Job(i))
		for t := range p.types {
			if thr[t] > 0 {
				give(i, t)
			}
		}
	}
	var stop []*sim.JobState
	for j := range v.Running() {
		if t, ok := assigned[j.Index]; !ok || p.types[t] != j.GPUType() {
			stop = append(stop, j)
		}
	}
	for _, j := range stop {
		if err := v.Stop(j); err != nil {
			panic(fmt.Sprintf("gavel-maxmin: %v", err))
		}
	}
	for _, i := range seq {
		if j := v.Job(i); j.Status() == sim.Pending {
			p.startOn(v, j, assigned[i])
		}
	}
}

// startOn starts j on GPUs of type index t when a gang fits there now (consolidated if one server
// has room, else spread).
func (p *MaxMin) startOn(v *sim.View, j *sim.JobState, t int) {
	for _, c := range candidates(v, j.Job) {
		if c.typ == p.types[t] {
			if err := v.Start(j, sim.Alloc{GPUs: c.gpus}); err != nil {
				panic(fmt.Sprintf("gavel-maxmin: %v", err))
			}
			return
		}
	}
}
