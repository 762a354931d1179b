package similarity

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"schedlab/core"
	"schedlab/core/lp"
	"schedlab/core/sim"
)

// MaxMin is gavel-maxmin, Gavel's heterogeneity-aware max-min fairness (Narayanan et al., OSDI
// 2020, §4.1) as a baseline for the model-similarity policies. Whenever the set of active jobs
// changes it solves
//
//	maximise min_j  gpus_j · Σ_t X[j][t]·thr_j(t) / thr_j(equal share)
//	s.t. Σ_t X[j][t] ≤ 1 (a job runs on one type at a time), Σ_j gpus_j·X[j][t] ≤ GPUs of type t,
//
// for the fraction of time X[j][t] each job should spend on each type; thr_j(t) is the job's
// consolidated throughput on type t at its GPU count, and the equal share gives every job the same
// fraction min(1, GPUs / Σ gpus_j) of time on each type in proportion to its GPU count. The factor
// gpus_j is Gavel's (scheduler/policies/max_min_fairness.py at c4fa400, the scale factor in
// MaxMinFairnessPolicyWithPerf's objective): jobs get equal GPU-time, so a 1-GPU job receives four
// times the time of a 4-GPU job of the same normalised speed. Our choices: the objective adds 10⁻³ × the mean normalised throughput, so among the max-min optima
// the LP picks one that wastes no capacity (Gavel's plain max-min leaves that open); throughputs
// are the measured profiles by default (Gavel profiles every job online), or the similarity
// predictor's with throughputs=similarity (the policy then sees what model-similarity sees).
//
// Under either mechanism the LP is solved over classes of interchangeable jobs (SolveMaxMin), so
// its size follows the workload's variety, not its length, and the jobs of a class get the same
// fractions, as Gavel's interior-point solver (ECOS) gives them: the LP per job
// (lpOptions.perJob), where our simplex may stop at a vertex that treats them unequally, agrees
// with Gavel's recorded runs on fewer jobs in most runs and on more in none (TestGavelReruns).
//
// Rounding (mechanism "ours", the default) follows Gavel's round-based mechanism loosely: at
// every round tick the (job, type) pairs are taken in order of priority X[j][t] / (share of its time since arrival the job has received on t) —
// never-served pairs first — and a job gets its gang on the first type with room; a second pass
// lets still-waiting jobs use leftover GPUs of any type they run on (work conservation, our
// choice). A running job keeps its GPUs when it stays on its type — unless its gang is spread over
// servers and one server of the type has room for it (movable) — otherwise it is stopped (the
// engine charges the checkpoint cost). Between ticks, arrivals and completions only start
// waiting jobs on free GPUs in the same order. Mechanism
// "gavel" replaces all of this paragraph with Gavel's own rounds (gavelround.go).
//
// gavel-maxmin-agnostic is Gavel's heterogeneity-agnostic max_min_fairness
// (MaxMinFairnessPolicy: the same LP with every throughput set to 1): the LP sees only where a job
// can run (a type it allows and whose GPUs hold its gang; Gavel sets 1 on every type, its cluster
// runs every job everywhere; under mechanism "gavel" also types where Gavel's table has no
// throughput for the job, as Gavel's LP does), the rounds and the engine use the jobs' real speeds. Of that LP's
// many optima it takes the even spread (spreadEvenly), the one Gavel's solver returns.
type MaxMin struct {
	name     string
	agnostic bool         // the LP sees throughput 1 wherever a job can run
	gavel    bool         // Gavel's round mechanism (gavelround.go) instead of ours
	g        *gavelRounds // its state
	est      *Policy      // throughput estimates (Policy.estimateOf)

	types   []core.GPUType
	cap     []int
	x       [][]float64 // per job index: the LP's fractions per type (nil = not in the current LP)
	recv    [][]float64 // per job index: seconds held per type
	th      [][]float64 // per job index: thr's answer (nil = not computed yet)
	last    core.Time   // when recv was last brought up to date
	active  []int       // job indices of the current LP, ascending
	scratch []int
	order   []prio    // byPriority's heap, reused: read only until the next call
	said    []uint8   // per job index: the reason explain last gave it (saidNone …)
	opts    lpOptions // the LP's settings that tests change
	// source gives mechanism gavel its allocations: nil is the LP (the policy's own); tests
	// replay Gavel's logged allocations through it.
	source allocSource
	// decimals > 0 rounds the fractions of mechanism gavel to that many decimals, as the rounded
	// copy of Gavel's code does: tests compare ours with its recorded runs under the same rounding.
	decimals int
}

// Name implements sim.Policy.
func (p *MaxMin) Name() string { return p.name }

// Rounds implements sim.RoundPolicy.
func (p *MaxMin) Rounds() sim.Rounds { return sim.RoundsToo }

// Progress implements sim.ProgressPolicy: Gavel's mechanism runs whole steps per round, as Gavel's
// simulator credits them (sim.WholeSteps); ours is exact.
func (p *MaxMin) Progress() sim.Progress {
	if p.gavel {
		return sim.WholeSteps
	}
	return sim.Exact
}

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
	p.th = make([][]float64, v.NumJobs())
	p.said = make([]uint8, v.NumJobs())
}

// Match reports the throughput estimate's decision about job i (for the app's per-job view).
func (p *MaxMin) Match(i int) Match { return p.est.Match(i) }

// thr is job j's estimated consolidated throughput per type (0 where it cannot run or was
// never measured); a job without any estimate counts 1 on every type it may use. Computed once
// per job (every solve and every round reads it).
func (p *MaxMin) thr(j *sim.JobState) []float64 {
	if p.th[j.Index] != nil {
		return p.th[j.Index]
	}
	e := p.est.estimateOf(j)
	out := make([]float64, len(p.types))
	p.th[j.Index] = out
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
	if p.gavel {
		p.decideGavel(v, why)
		return
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
	if why&sim.OnTick != 0 {
		p.reallocate(v)
		return
	}
	if v.FreeGPUs() > 0 { // between ticks only free GPUs are handed out: with none, no order
		for pr := range p.byPriority(v) {
			j := v.Job(pr.job)
			if j.Status() == sim.Pending && v.FreeGPUs() >= j.Job.GPUs {
				p.startOn(v, j, pr.typ)
			}
			if v.FreeGPUs() == 0 {
				break
			}
		}
	}
	p.explain(v, nil, nil)
}

// Why a job waits under gavel-maxmin, besides capacity and shape.
var (
	ruleMaxMinOrder   = &sim.Rule{Class: sim.Order, Text: "gavel-maxmin: the round gives GPUs by allocation ÷ received share, highest first"}
	ruleMaxMinNoShare = &sim.Rule{Class: sim.Held, Text: "the max-min allocation gives it no share of any GPU type now"}
)

// explain gives every waiting job its reason: no share in the allocation (held); at a round tick,
// given no GPUs by the round (order, behind the jobs of seq) or given a type with no gang free
// for it; between ticks, no gang of its type free (capacity or shape) — except that a job the last
// round passed over keeps that reason until the next round re-orders the jobs: between ticks only
// free GPUs are handed out, in the round's priority order, so it still waits for the round. (Were
// it given capacity between ticks and order again at the next tick, the log would hold two entries
// per waiting job and round: on a long online queue that is most of the run's memory.) The policy
// reads every active job at every decision already.
func (p *MaxMin) explain(v *sim.View, assigned map[int]int, seq []int) {
	for j := range v.Pending() {
		share := false
		for _, x := range p.x[j.Index] {
			share = share || x >= 1e-6
		}
		_, given := assigned[j.Index]
		said := &p.said[j.Index]
		switch {
		case !share:
			v.Wait(j, sim.Because(ruleMaxMinNoShare))
			*said = saidNoShare
		case assigned != nil && !given && len(seq) > 0:
			v.Wait(j, sim.Behind(ruleMaxMinOrder, seq[0], len(seq), 0))
			*said = saidOrder
		case assigned == nil && *said == saidOrder:
			// passed over by the last round: it keeps that reason
		default:
			v.NoRoom(j)
			*said = saidNoRoom
		}
	}
}

// The reason explain last gave a waiting job (MaxMin.said).
const (
	saidNone uint8 = iota
	saidNoShare
	saidOrder
	saidNoRoom
)

// solve computes X for the active jobs. An LP that fails (pivot budget spent, non-finite
// numbers) must not stop the run: the active jobs then get the equal share — the LP's own
// reference point, feasible by construction — until the active set changes, and the run's
// warnings say so (counted once per failed solve).
func (p *MaxMin) solve(v *sim.View) {
	thr := make([][]float64, len(p.active))
	gpus := make([]int, len(p.active))
	for k, i := range p.active {
		thr[k] = p.thr(v.Job(i))
		gpus[k] = v.Job(i).Job.GPUs
		if p.agnostic {
			thr[k] = ones(thr[k])
		}
	}
	x, _, err := solveMaxMin(thr, gpus, p.cap, p.opts)
	switch {
	case err != nil:
		v.Warn(fmt.Sprintf("%s: allocation LP failed (%v): equal shares until the active set changes", p.name, err))
		x = equalShares(thr, gpus, p.cap)
	case p.agnostic:
		x = spreadEvenly(x, thr, gpus, p.cap)
	}
	for k, i := range p.active {
		p.x[i] = x[k]
	}
}

// ones is 1 where thr is positive, 0 elsewhere: the agnostic LP's throughputs.
func ones(thr []float64) []float64 {
	out := make([]float64, len(thr))
	for t, x := range thr {
		if x > 0 {
			out[t] = 1
		}
	}
	return out
}

// spreadEvenly picks, among the agnostic LP's optima, the one that spreads each job's total time
// over the types it can run on in proportion to their GPUs: with every throughput 1 the objective
// depends only on each job's total, so any split with room is optimal too. Gavel's ECOS returns
// this point (its logged allocations of max_min_fairness: the same fraction on every type of its
// equal-sized servers); our simplex returns a vertex, which can leave a job on one type for good.
// The split is kept only where it fits every type's GPUs (it does when every job can run on every
// type); otherwise the LP's own optimum stays.
func spreadEvenly(x, flat [][]float64, gpus, capacity []int) [][]float64 {
	out := make([][]float64, len(x))
	used := make([]float64, len(capacity))
	for j := range x {
		total, room := 0.0, 0
		for t := range capacity {
			total += x[j][t]
			if flat[j][t] > 0 {
				room += capacity[t]
			}
		}
		out[j] = make([]float64, len(capacity))
		for t, c := range capacity {
			if flat[j][t] > 0 {
				out[j][t] = total * float64(c) / float64(room)
				used[t] += float64(float64(gpus[j]) * out[j][t])
			}
		}
	}
	for t, c := range capacity {
		if used[t] > float64(c)+1e-9 {
			return x
		}
	}
	return out
}

// maxClasses bounds the LP: at most this many job classes (see SolveMaxMin) enter it. The dense
// tableau has 2·classes + types rows and 1 + classes·types structural columns, and the policy
// solves at every arrival and completion: 64 distinct classes on 3 types take ≈2.5 ms natively,
// 128 take ≈15 ms (×2,000 solves for a 1,000-job trace = 30 s). With measured or similarity-
// predicted throughputs a class is a (model, GPU count, allowed types) triple: 1,000 jobs of the
// similarity workload form ≈50 classes (≈75 with single=true), 48 jobs at most 48.
const maxClasses = 64

// SolveMaxMin solves the max-min LP for jobs with throughputs thr[j][type] (0 = cannot run there)
// on gangs of gpus[j] GPUs over capacity[type] GPUs: the fractions X[j][type] and the max-min
// value (each job's throughput under X over its throughput under the equal share, times its GPU
// count).
//
// Jobs with the same throughput vector and GPU count form a class and are solved as one. They are
// interchangeable in the LP: they have the same equal-share reference, and swapping two of them
// maps feasible points to feasible points with the same objective. The LP is convex, so the
// average of an optimum over all such swaps is feasible and no worse, hence optimal — there is an
// optimum in which every job of a class gets the same fractions. The LP over classes has one
// z-row and one Σ_t X ≤ 1 row per class, capacity rows Σ_c count_c·gpus_c·X[c][t] ≤ GPUs of type t,
// and the 10⁻³ tie-breaker weighted by count_c: it is the original LP restricted to such
// symmetric points, so its optimum is an optimum of the original. Its size depends on the number
// of classes, not of jobs.
//
// At most maxClasses classes enter the LP, in order of their first job in the input (the policy
// passes the active jobs in arrival order, so the oldest classes); jobs of the other classes get
// X = 0 and are left out of the equal share (they wait for the LP's jobs to finish, and meanwhile
// run only on GPUs the round leaves idle).
func SolveMaxMin(thr [][]float64, gpus []int, capacity []int) ([][]float64, float64, error) {
	return solveMaxMin(thr, gpus, capacity, lpOptions{})
}

// lpOptions are settings of the LP that only tests change.
type lpOptions struct {
	limit int // the simplex's pivot budget (0 = core/lp's default): forces failures
	// perJob makes every job a class of its own, with no cap: the LP per job, whose optimum our
	// simplex may pick asymmetric within a class. Against Gavel's recorded runs it agrees on
	// fewer jobs than the class LP in most runs and on more in none (TestGavelReruns), which is
	// why the class LP is the policy's.
	perJob bool
}

// solveMaxMin is SolveMaxMin with opts.
func solveMaxMin(thr [][]float64, gpus []int, capacity []int, opts lpOptions) ([][]float64, float64, error) {
	n, nt := len(thr), len(capacity)
	if n == 0 {
		return nil, 0, nil
	}
	of, rep, count := classesOf(thr, gpus, nt, opts.perJob)
	xc, z, err := solveClasses(thr, gpus, capacity, rep, count, opts.limit, nil)
	if err != nil {
		return nil, 0, err
	}
	zero := make([]float64, nt)
	x := make([][]float64, n)
	for j, c := range of {
		x[j] = zero
		if c >= 0 {
			x[j] = xc[c] // shared by the class: read-only
		}
	}
	return x, z, nil
}

// classesOf groups the jobs into classes in order of first appearance: of[j] is job j's class
// (-1: beyond maxClasses), rep and count each class's first job and number of jobs. With perJob
// every job is its own class.
func classesOf(thr [][]float64, gpus []int, nt int, perJob bool) (of, rep, count []int) {
	n := len(thr)
	of = make([]int, n)
	if perJob {
		for j := range n {
			of[j] = j
			rep, count = append(rep, j), append(count, 1)
		}
		return of, rep, count
	}
	index := map[string]int{} // for lookup only
	key := make([]byte, 0, 8*(nt+1))
	for j := range n {
		key = binary.LittleEndian.AppendUint64(key[:0], uint64(gpus[j]))
		for t := range nt {
			key = binary.LittleEndian.AppendUint64(key, math.Float64bits(thr[j][t]))
		}
		c, ok := index[string(key)]
		if !ok {
			c = -1
			if len(rep) < maxClasses {
				c = len(rep)
				index[string(key)] = c
				rep, count = append(rep, j), append(count, 0)
			}
		}
		of[j] = c
		if c >= 0 {
			count[c]++
		}
	}
	return of, rep, count
}

// severalOptima reports whether the max-min LP of SolveMaxMin, without our tie-breaker (Gavel's
// plain max-min), has more than one optimum over classes (up to swaps between the jobs of a class,
// where an interior-point solver such as Gavel's ECOS, like our class LP, takes the symmetric
// point). It solves the LP twice with the objective tilted by ±10⁻⁷ × a fixed direction: both
// tilts stay on the optimal face, and they land on different points unless the face is a single
// point (or, with probability zero, orthogonal to the direction).
func severalOptima(thr [][]float64, gpus []int, capacity []int, opts lpOptions) (bool, error) {
	_, rep, count := classesOf(thr, gpus, len(capacity), opts.perJob)
	tilt := func(sign float64) func(k int) float64 {
		return func(k int) float64 { return sign * 1e-7 * (float64((k*7919+13)%101)/100 - 0.5) }
	}
	a, _, err := solveClasses(thr, gpus, capacity, rep, count, opts.limit, tilt(1))
	if err != nil {
		return false, err
	}
	b, _, err := solveClasses(thr, gpus, capacity, rep, count, opts.limit, tilt(-1))
	if err != nil {
		return false, err
	}
	for c := range a {
		for t := range a[c] {
			if math.Abs(a[c][t]-b[c][t]) > 1e-6 {
				return true, nil
			}
		}
	}
	return false, nil
}

// solveClasses solves the LP over classes (class c: count[c] jobs like job rep[c]). With tilt nil
// the objective is z plus our 10⁻³ tie-breaker; otherwise z plus tilt(k) on structural variable k.
func solveClasses(thr [][]float64, gpus []int, capacity []int, rep, count []int, limit int, tilt func(k int) float64) ([][]float64, float64, error) {
	nc, nt := len(rep), len(capacity)
	total, demand, jobs := 0, 0, 0
	for _, c := range capacity {
		total += c
	}
	for c, j := range rep {
		demand += count[c] * gpus[j]
		jobs += count[c]
	}
	share := 1.0
	if demand > total {
		share = float64(total) / float64(demand)
	}
	// variables: z, then X[c][t] for every pair the class can run on
	type pair struct{ c, t int }
	var vars []pair
	eq := make([]float64, nc)
	for c, j := range rep {
		for t := range nt {
			if thr[j][t] > 0 {
				vars = append(vars, pair{c, t})
				eq[c] += share * thr[j][t] * float64(capacity[t]) / float64(total)
			}
		}
	}
	obj := make([]float64, 1+len(vars))
	obj[0] = 1
	var A [][]float64
	var b []float64
	rowZ := make([][]float64, nc)
	rowOne := make([][]float64, nc)
	for c := range nc {
		rowZ[c] = make([]float64, len(obj))
		rowZ[c][0] = 1
		rowOne[c] = make([]float64, len(obj))
	}
	rowCap := make([][]float64, nt)
	for t := range nt {
		rowCap[t] = make([]float64, len(obj))
	}
	for k, pv := range vars {
		j := rep[pv.c]
		a := thr[j][pv.t] * float64(gpus[j]) / eq[pv.c] // Gavel's GPU-count weight
		rowZ[pv.c][1+k] = -a
		rowOne[pv.c][1+k] = 1
		rowCap[pv.t][1+k] = float64(count[pv.c] * gpus[j])
		obj[1+k] = 1e-3 * a * float64(count[pv.c]) / float64(jobs)
		if tilt != nil {
			obj[1+k] = tilt(k)
		}
	}
	for c := range nc {
		if eq[c] > 0 {
			A, b = append(A, rowZ[c]), append(b, 0)
		}
		A, b = append(A, rowOne[c]), append(b, 1)
	}
	for t := range nt {
		A, b = append(A, rowCap[t]), append(b, float64(capacity[t]))
	}
	sol, _, err := lp.MaximizeWithin(obj, A, b, limit)
	if err != nil {
		return nil, 0, err
	}
	for _, s := range sol {
		if math.IsNaN(s) || math.IsInf(s, 0) {
			return nil, 0, errNonFinite
		}
	}
	x := make([][]float64, nc)
	for c := range x {
		x[c] = make([]float64, nt)
	}
	for k, pv := range vars {
		x[pv.c][pv.t] = sol[1+k]
	}
	return x, sol[0], nil
}

// errNonFinite reports an LP solution with NaN or infinite entries (numerical trouble).
var errNonFinite = errors.New("lp: non-finite solution")

// equalShares is the fallback allocation: every job the fraction min(1, GPUs / Σ gpus_j) ×
// (GPUs of type t / GPUs) of time on each type it can run on, the LP's equal-share reference.
// It is feasible: Σ_t X ≤ share ≤ 1, and Σ_j gpus_j·X[j][t] ≤ share·demand·cap_t/GPUs ≤ cap_t.
func equalShares(thr [][]float64, gpus []int, capacity []int) [][]float64 {
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
	x := make([][]float64, len(thr))
	for j := range thr {
		x[j] = make([]float64, len(capacity))
		for t, c := range capacity {
			if thr[j][t] > 0 {
				x[j][t] = share * float64(c) / float64(total)
			}
		}
	}
	return x
}

// reallocate is the round tick: assign types in priority order, stop running jobs that lose or
// change their type, start the rest.
func (p *MaxMin) reallocate(v *sim.View) {
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
	for pr := range p.byPriority(v) {
		if !slices.ContainsFunc(room, func(r int) bool { return r > 0 }) {
			break // every GPU given: the rest of the order changes nothing
		}
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
			panic(fmt.Sprintf("%s: %v", p.name, err))
		}
	}
	for _, i := range seq { // re-consolidation, before the starts take the room
		if j := v.Job(i); j.Status() == sim.Running && p.movable(v, j) {
			if err := v.Stop(j); err != nil {
				panic(fmt.Sprintf("%s: %v", p.name, err))
			}
			p.startOn(v, j, assigned[i])
		}
	}
	for _, i := range seq {
		if j := v.Job(i); j.Status() == sim.Pending {
			p.startOn(v, j, assigned[i])
		}
	}
	p.explain(v, assigned, seq)
}

// movable reports whether running job j, which keeps its type this round, holds a gang spread
// over several servers while one server of that type has room for it now. Our choice: such a gang
// is moved onto one server, counting its own GPUs there (one checkpoint, after which it stays put). Without it a gang started
// spread because no server had room at that moment kept its slow placement to the end: with the
// class LP, seeds 4 and 10 of the batch study ended on one 8-GPU job spread over two V100
// servers for ≈11 h, doubling the makespan.
func (p *MaxMin) movable(v *sim.View, j *sim.JobState) bool {
	cl := v.Cluster()
	held := j.GPUsHeld()
	first := cl.ServerOf(int(held[0]))
	spread := false
	for _, g := range held[1:] {
		if cl.ServerOf(int(g)) != first {
			spread = true
			break
		}
	}
	if !spread {
		return false
	}
	for sv, s := range cl.Servers {
		if s.Type != j.GPUType() {
			continue
		}
		own := 0 // its own GPUs there count: they are freed by the move
		for _, g := range held {
			if cl.ServerOf(int(g)) == sv {
				own++
			}
		}
		if v.FreeOn(sv)+own >= j.Job.GPUs {
			return true
		}
	}
	return false
}

// startOn starts j on GPUs of type index t when a gang fits there now (consolidated if one server
// has room, else spread).
func (p *MaxMin) startOn(v *sim.View, j *sim.JobState, t int) {
	for _, c := range candidates(v, p.types, j.Job) {
		if c.typ == p.types[t] {
			if err := v.Start(j, sim.Alloc{GPUs: c.gpus}); err != nil {
				panic(fmt.Sprintf("%s: %v", p.name, err))
			}
			return
		}
	}
}
