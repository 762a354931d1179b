package similarity

import (
	"fmt"
	"sort"

	"schedlab/core"
	"schedlab/core/hetero"
	"schedlab/core/sim"
)

// rule is how a policy picks among the placements available now.
type rule uint8

const (
	ruleSimilarity rule = iota // predicted fastest type by model similarity
	ruleOracle                 // measured fastest type (true profile)
	ruleFirstFit               // first type in cluster order
	ruleRandomType             // a uniformly random type with room
	ruleFastest                // newest GPU generation first
)

// Match is what the policy decided about one job: the most similar visible reference model and
// its similarity, and the GPU type it predicts fastest for the job (consolidated).
type Match struct {
	Reference  string       `json:"reference,omitempty"`
	Similarity float64      `json:"similarity,omitempty"`
	Best       core.GPUType `json:"best_type,omitempty"`
}

// Policy is every policy of this package: a queue order (FIFO, or longest predicted remaining
// time first) and a rule that picks among the placements available now, optionally re-matching
// running jobs at round ticks. Build it through Entries. One Policy serves one run.
type Policy struct {
	name   string
	rule   rule
	preds  []*Predictor    // ruleSimilarity: one per profiling campaign (Campaigns)
	tables []*hetero.Table // ruleOracle: the campaigns' tables
	lpt    bool
	strict bool
	// greedy is the 2023 rule (Thanapol et al., ACIIDS 2023, as reconstructed: best-matched type
	// first, else the next-best free type at once); false is our "finish" rule, which waits when a
	// faster type is predicted to free up soon enough that the job finishes earlier there.
	greedy    bool
	rounds    bool
	migration float64 // seconds, the cost the re-matcher charges a move
	minGain   float64
	pack      *packer // model-similarity+packing: small jobs may share a GPU (nil = never)

	types   []core.GPUType
	largest []int // per type index: the most GPUs one server of that type has
	est     []estimate
	queue   []*sim.JobState
	busy    [][]release // per type index: running jobs' predicted releases, soonest first
}

// release is a running job's GPUs coming free after a predicted number of seconds.
type release struct {
	after float64
	gpus  int
}

// estimate is a job's predicted throughput (iterations/s) per cluster type, [0] consolidated and
// [1] spread; 0 = no prediction.
type estimate struct {
	done    bool
	known   bool
	thr     [][2]float64
	match   Match
	coloc   int32 // +packing: co-location job type standing for the job, -1 none (valid when colocOK)
	colocOK bool
}

// Name implements sim.Policy.
func (p *Policy) Name() string { return p.name }

// Rounds implements sim.RoundPolicy: the re-matching variant also decides at round ticks.
func (p *Policy) Rounds() sim.Rounds {
	if p.rounds {
		return sim.RoundsToo
	}
	return sim.NoRounds
}

// Shares implements sim.SharingPolicy: the packing variant runs with the co-location model.
func (p *Policy) Shares() bool { return p.pack != nil }

// Init implements sim.Initer.
func (p *Policy) Init(v *sim.View) {
	p.types = v.Cluster().Types()
	p.largest = make([]int, len(p.types))
	for _, sv := range v.Cluster().Servers {
		k := p.typeIndex(sv.Type)
		p.largest[k] = max(p.largest[k], sv.GPUs)
	}
	p.est = make([]estimate, v.NumJobs())
}

// Match reports the decision about the job with arrival index i (zero before it was estimated).
func (p *Policy) Match(i int) Match {
	if i < 0 || i >= len(p.est) {
		return Match{}
	}
	return p.est[i].match
}

func (p *Policy) typeIndex(t core.GPUType) int {
	for i, x := range p.types {
		if x == t {
			return i
		}
	}
	return -1
}

// estimateOf computes (once) the predicted throughputs of j.
func (p *Policy) estimateOf(j *sim.JobState) *estimate {
	e := &p.est[j.Index]
	if e.done {
		return e
	}
	e.done = true
	e.thr = make([][2]float64, len(p.types))
	g := j.Job.GPUs
	switch p.rule {
	case ruleSimilarity:
		pred, q, ok := p.lookup(j.Job.Model)
		if !ok {
			return e
		}
		e.known = true
		var nb []Neighbour
		e.thr, nb = pred.PredictMatch(q, p.types, g)
		if len(nb) > 0 {
			e.match.Reference, e.match.Similarity = pred.Refs[nb[0].Ref].Name, nb[0].Sim
		}
	case ruleOracle:
		table, prof, ok := p.profile(j.Job.Model)
		if !ok {
			return e
		}
		e.known = true
		e.match.Reference, e.match.Similarity = prof.Name, 1
		for i, t := range p.types {
			// The engine's speed: measured, or hetero's documented multi-GPU estimate.
			e.thr[i][0], _, _ = table.Rate(prof, t, g, false)
			e.thr[i][1], _, _ = table.Rate(prof, t, g, true)
		}
	default:
		return e
	}
	bestThr := 0.0
	for i, t := range p.types {
		if x := p.reachable(e, i, g); x > bestThr && j.Job.AllowsType(t) {
			bestThr, e.match.Best = x, t
		}
	}
	return e
}

// reachable is the best throughput a gang of g GPUs can ever get on type index ti: consolidated
// when one server of the type holds it, else spread (a cluster of 1-GPU servers). Comparing
// against an unreachable consolidated speed made a job wait for it forever.
func (p *Policy) reachable(e *estimate, ti, g int) float64 {
	if p.largest[ti] >= g {
		return e.thr[ti][0]
	}
	return e.thr[ti][1]
}

// score is the predicted throughput of j on candidate c (0 = unknown, <0 = not allowed).
func (p *Policy) score(e *estimate, t core.GPUType, spread bool) float64 {
	if !e.known {
		return 0
	}
	k := 0
	if spread {
		k = 1
	}
	x := e.thr[p.typeIndex(t)][k]
	if x == 0 {
		return -1 // a placement without a prediction is never chosen for a known model
	}
	return x
}

// Why a job with free GPUs to take waits (choose's -1).
var (
	ruleStrict    = &sim.Rule{Class: sim.Held, Text: "waits for its predicted best GPU type (strict matching)"}
	ruleUnscored  = &sim.Rule{Class: sim.Held, Text: "no throughput prediction for the free GPUs' placements"}
	ruleFasterGPU = &sim.Rule{Class: sim.Held, Text: "waits for a faster GPU type, predicted to finish sooner than on the free ones (our rule)"}
)

// choose returns the index of the candidate to start j on, or -1 to let it wait, with its reason
// (View.Wait).
func (p *Policy) choose(v *sim.View, j *sim.JobState, cands []candidate) int {
	if len(cands) == 0 {
		v.NoRoom(j)
		return -1
	}
	switch p.rule {
	case ruleFirstFit:
		return 0
	case ruleRandomType:
		return v.Rand().IntN(len(cands))
	case ruleFastest:
		best := 0
		for i, c := range cands {
			if genRank(c.typ) < genRank(cands[best].typ) {
				best = i
			}
		}
		return best
	}
	e := p.estimateOf(j)
	if !e.known {
		return 0 // no descriptor: heterogeneity-oblivious first fit
	}
	// With shared slots on offer, candidates compete on the work they add (exclusive: the
	// fraction of the best type's speed); otherwise on predicted speed, as in the 2023 policy.
	shared := len(cands) > 0 && cands[len(cands)-1].share
	bj := p.bestThr(e)
	best, bestScore, bestKey := -1, 0.0, 0.0
	for i, c := range cands {
		if p.strict && c.typ != e.match.Best {
			continue
		}
		s, key := p.score(e, c.typ, c.spread), 0.0
		switch {
		case c.share:
			s, key = c.speed, c.value
		case shared && s > 0:
			key = s / bj
		default:
			key = s
		}
		if key > bestKey {
			best, bestScore, bestKey = i, s, key
		}
	}
	switch {
	case best < 0 && p.strict:
		v.Wait(j, sim.Because(ruleStrict))
		return best
	case best < 0:
		v.Wait(j, sim.Because(ruleUnscored))
		return best
	case p.strict || p.greedy || cands[best].typ == e.match.Best:
		return best
	}
	// Fall back to a slower type only when the job is predicted to finish there sooner than
	// by waiting for GPUs of a faster type to come free.
	rem := j.Total() - v.Progress(j)
	here := rem / bestScore
	for ti, t := range p.types {
		x := p.reachable(e, ti, j.Job.GPUs)
		if x <= bestScore || !j.Job.AllowsType(t) {
			continue
		}
		if w, ok := p.waitFor(v, ti, j.Job.GPUs); ok && w+rem/x < here {
			v.Wait(j, sim.Because(ruleFasterGPU))
			return -1
		}
	}
	return best
}

// waitFor predicts how long until g GPUs of type index ti are free, from the running jobs'
// predicted remaining times (ok false when they never will be, e.g. too few GPUs of the type).
func (p *Policy) waitFor(v *sim.View, ti, g int) (float64, bool) {
	if p.busy == nil {
		p.busy = make([][]release, len(p.types))
		for j := range v.Running() {
			k := p.typeIndex(j.GPUType())
			after := 0.0
			e := p.estimateOf(j)
			if x := p.score(e, j.GPUType(), spans(v, j) > 1); x > 0 {
				after = (j.Total() - v.Progress(j)) / x
			}
			p.busy[k] = append(p.busy[k], release{after: after, gpus: len(j.GPUsHeld())})
		}
		for k := range p.busy {
			sort.SliceStable(p.busy[k], func(a, b int) bool { return p.busy[k][a].after < p.busy[k][b].after })
		}
	}
	free := 0
	cl := v.Cluster()
	for i, sv := range cl.Servers {
		if sv.Type == p.types[ti] {
			free += v.FreeOn(i)
		}
	}
	for _, r := range p.busy[ti] {
		if free >= g {
			break
		}
		free += r.gpus
		if free >= g {
			return r.after, true
		}
	}
	return 0, free >= g
}

// remainingSeconds is j's predicted remaining time at its best predicted throughput (0 unknown).
func (p *Policy) remainingSeconds(v *sim.View, j *sim.JobState) float64 {
	e := p.estimateOf(j)
	best := 0.0
	for i := range p.types {
		best = max(best, e.thr[i][0], e.thr[i][1])
	}
	if best == 0 {
		return 0
	}
	return (j.Total() - v.Progress(j)) / best
}

// Decide implements sim.Policy.
func (p *Policy) Decide(v *sim.View, why sim.Trigger) {
	if p.est == nil {
		p.Init(v)
	}
	if p.rounds && why&sim.OnTick != 0 {
		p.rematch(v)
	}
	if v.PendingLen() == 0 || (v.FreeGPUs() == 0 && p.pack == nil) {
		return
	}
	p.busy = nil // predicted releases, rebuilt lazily; jobs started below are not in it
	p.queue = p.queue[:0]
	for j := range v.Pending() {
		p.queue = append(p.queue, j)
	}
	if p.lpt {
		rem := make([]float64, len(p.queue))
		for i, j := range p.queue {
			rem[i] = p.remainingSeconds(v, j)
		}
		idx := make([]int, len(p.queue))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return rem[idx[a]] > rem[idx[b]] })
		q := make([]*sim.JobState, len(idx))
		for i, k := range idx {
			q[i] = p.queue[k]
		}
		copy(p.queue, q)
	}
	for _, j := range p.queue {
		if v.FreeGPUs() < j.Job.GPUs && p.pack == nil {
			v.NoRoom(j)
			continue
		}
		cands := candidates(v, p.types, j.Job)
		if p.pack != nil {
			cands = append(cands, p.shareCandidates(v, j)...)
		}
		if i := p.choose(v, j, cands); i >= 0 {
			if err := v.Start(j, sim.Alloc{GPUs: cands[i].gpus, Share: cands[i].share}); err != nil {
				panic(fmt.Sprintf("similarity: %v", err)) // candidates are free GPUs of one allowed type
			}
		}
	}
}

// rematch moves running jobs to free GPUs where they are predicted to finish sooner, counting the
// migration cost: greedily, the largest predicted saving first, until no move saves time.
func (p *Policy) rematch(v *sim.View) {
	for range v.RunningLen() {
		var bestJob *sim.JobState
		var bestCand candidate
		bestSave := 0.0
		for j := range v.Running() {
			e := p.estimateOf(j)
			if !e.known {
				continue
			}
			cur := p.score(e, j.GPUType(), spans(v, j) > 1) * v.Slowdown(j)
			rem := j.Total() - v.Progress(j)
			if cur <= 0 || rem <= 0 {
				continue
			}
			for _, c := range candidates(v, p.types, j.Job) {
				alt := p.score(e, c.typ, c.spread)
				if alt <= cur*(1+p.minGain) {
					continue
				}
				if save := rem/cur - rem/alt - p.migration; save > bestSave {
					bestJob, bestCand, bestSave = j, c, save
				}
			}
		}
		if bestJob == nil {
			return
		}
		if err := v.Stop(bestJob); err != nil {
			panic(fmt.Sprintf("similarity: %v", err))
		}
		if err := v.Start(bestJob, sim.Alloc{GPUs: bestCand.gpus}); err != nil {
			panic(fmt.Sprintf("similarity: %v", err))
		}
	}
}

// spans counts the servers j's GPUs are on.
func spans(v *sim.View, j *sim.JobState) int {
	cl := v.Cluster()
	n, last := 0, -1
	for k, g := range j.GPUsHeld() {
		sv := cl.ServerOf(int(g))
		if sv == last {
			continue
		}
		seen := false
		for _, h := range j.GPUsHeld()[:k] {
			seen = seen || cl.ServerOf(int(h)) == sv
		}
		if !seen {
			n++
		}
		last = sv
	}
	return n
}

// Campaigns are the profiling campaigns a job's model may come from, each a table of its own:
// Gavel's (K80/P100/V100) and Zeus' (A40/V100/RTX6000/P100). A job is predicted from the
// references of its own campaign only — the models profiled the same way, on the same GPUs — so
// adding Zeus changes nothing for Gavel's job types.
func Campaigns() []*hetero.Table { return []*hetero.Table{hetero.Gavel(), hetero.Zeus()} }

// predictors is one predictor per campaign, k neighbours, hiding ex.
func predictors(k int, ex Exclude) []*Predictor {
	var out []*Predictor
	for _, t := range Campaigns() {
		out = append(out, NewPredictor(t, k, ex))
	}
	return out
}

// lookup finds the predictor whose campaign describes model, and the model's reference row there.
func (p *Policy) lookup(model string) (*Predictor, Reference, bool) {
	for _, pred := range p.preds {
		if q, ok := pred.Lookup(model); ok {
			return pred, q, true
		}
	}
	return nil, Reference{}, false
}

// profile finds the campaign table holding model's true profile.
func (p *Policy) profile(model string) (*hetero.Table, *hetero.Profile, bool) {
	for _, t := range p.tables {
		if prof, ok := t.Profile(model); ok {
			return t, prof, true
		}
	}
	return nil, nil, false
}
