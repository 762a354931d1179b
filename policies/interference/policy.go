package interference

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"

	"schedlab/core"
	"schedlab/core/interference"
	"schedlab/core/learn"
	"schedlab/core/sim"
	"schedlab/core/world"
)

// Policy names.
const (
	NameIASP        = "iasp-iapp"
	NameOracle      = "iasp-iapp-oracle"
	NameExclusive   = "exclusive"
	NameRandomShare = "random-share"
	NameLeastLoaded = "least-loaded"
	NamePackFirst   = "pack-first"
	NameGandiva     = "gandiva-pack"
)

type kind uint8

const (
	kIASP kind = iota
	kOracle
	kExclusive
	kRandom
	kLeast
	kPack
	kGandiva
)

// Policy is one of the GPU-sharing policies.
type Policy struct {
	name   string
	kind   kind
	p      Params
	model  *interference.Model // Gavel's pairs: the job types, and the oracle's table
	models *core.Models        // the registry model.TypeOf resolves job models through
	pred   *learn.Predictors   // iasp-iapp only
	iasp   *pairTable          // iasp-iapp: IASP's predictions; oracle: the measured pairs
	iapp   *pairTable          // iasp-iapp: IAPP's predictions; oracle: the measured pairs
	// types is the job type per arrival index, -1 = never shares; -2 = not looked up: the
	// policy's one memo of them (it needs no interference.Colocation, whose own memo is the
	// engine's).
	types []int32
	bad   []bool      // gandiva-pack: [a*n+b], job types a and b observed to interfere
	kinds []int       // scratch: a GPU's occupants' job types
	stuck []*core.Job // scratch: jobs Decide found no room for since the last start
	// stuckWhy is each stuck job's reason (nil: no room); why is the one place found last.
	stuckWhy []*sim.Rule
	why      *sim.Rule
	// Scratch of place (cands, bySv) and nlwpAll (recost): a search runs for every waiting job
	// whose needs are new since the last start, so its lists are reused rather than allocated.
	// Nothing keeps them past the call that fills them; place hands on only GPU indices.
	cands  []cand
	bySv   [][]cand
	recost []cand
}

// Name implements sim.Policy.
func (p *Policy) Name() string { return p.name }

// Shares implements sim.SharingPolicy: every policy of the family runs with the co-location model
// (exclusive never shares, but reports effective_util on the same footing).
func (p *Policy) Shares() bool { return true }

// Rounds implements sim.RoundPolicy: gandiva-pack checks for interference every round.
func (p *Policy) Rounds() sim.Rounds {
	if p.kind == kGandiva {
		return sim.RoundsToo
	}
	return sim.NoRounds
}

// Init implements sim.Initer.
func (p *Policy) Init(v *sim.View) {
	p.types = make([]int32, v.NumJobs())
	for i := range p.types {
		p.types[i] = -2
	}
}

func newPolicy(name string, k kind, raw json.RawMessage) (*Policy, error) {
	p := &Policy{name: name, kind: k, model: interference.Gavel(), models: world.Models()}
	ps, err := parseParams(k, raw)
	if err != nil {
		return nil, err
	}
	p.p = ps
	switch k {
	case kIASP:
		p.pred = learn.Train(p.model, p.p.TrainFrac, p.p.Seed)
		p.iasp, p.iapp = tabulate(p.pred.IASP.Predict), tabulate(p.pred.IAPP.Predict)
	case kOracle:
		p.iasp = tabulate(func(t, x, y int) float64 {
			r, _ := p.model.Pair(interference.GPUTypes()[t], x, y)
			return r
		})
		p.iapp = p.iasp
	case kGandiva:
		n := interference.NumJobTypes()
		p.bad = make([]bool, n*n)
	}
	return p, nil
}

// Entry is a registry entry.
type Entry struct {
	Name string
	New  func(params json.RawMessage) (sim.Policy, error)
}

// Entries lists the family in listing order.
func Entries() []Entry {
	mk := func(name string, k kind) Entry {
		return Entry{name, func(raw json.RawMessage) (sim.Policy, error) { return newPolicy(name, k, raw) }}
	}
	return []Entry{mk(NameIASP, kIASP), mk(NameOracle, kOracle), mk(NameExclusive, kExclusive),
		mk(NameRandomShare, kRandom), mk(NameLeastLoaded, kLeast), mk(NamePackFirst, kPack), mk(NameGandiva, kGandiva)}
}

// typeOf is job i's job type, -1 if it never shares.
func (p *Policy) typeOf(j *sim.JobState) int {
	if p.types[j.Index] == -2 {
		k, ok := p.model.TypeOf(j.Job, p.models)
		if !ok {
			k = -1
		}
		p.types[j.Index] = int32(k)
	}
	return int(p.types[j.Index])
}

// Decide implements sim.Policy: gandiva-pack first migrates jobs seen to interfere; then every
// policy starts waiting jobs in arrival order wherever its placement finds room (backfill).
// A job that finds no room leaves the cluster as it was (and draws no random numbers), so a later
// job with the same needs cannot find room either until some job starts: it waits without a
// search. Under load the queue is long and repeats a few needs, so this skips most searches.
func (p *Policy) Decide(v *sim.View, why sim.Trigger) {
	if p.kind == kGandiva && why&sim.OnTick != 0 {
		p.migrate(v)
	}
	p.stuck, p.stuckWhy = p.stuck[:0], p.stuckWhy[:0]
	for j := range v.Pending() {
		if k := slices.IndexFunc(p.stuck, func(x *core.Job) bool { return sameNeeds(x, j.Job) }); k >= 0 {
			p.wait(v, j, p.stuckWhy[k])
			continue
		}
		p.why = nil
		gpus := p.place(v, j)
		if gpus == nil {
			p.stuck, p.stuckWhy = append(p.stuck, j.Job), append(p.stuckWhy, p.why)
			p.wait(v, j, p.why)
			continue
		}
		if err := v.Start(j, sim.Alloc{GPUs: gpus, Share: true}); err != nil {
			panic(fmt.Sprintf("%s: %v", p.name, err)) // place checked every condition
		}
		p.stuck, p.stuckWhy = p.stuck[:0], p.stuckWhy[:0]
	}
}

// Why a job waits under the sharing policies, besides capacity and shape (a nil rule).
var (
	ruleNoShare = &sim.Rule{Class: sim.Held, Text: "too few free GPUs, and the policy's interference rule lets it share none of the busy ones"}
	ruleGang    = &sim.Rule{Class: sim.Held, Text: "gang rule: a job that fits on one server waits for one"}
	ruleIAPP    = &sim.Rule{Class: sim.Held, Text: "IAPP rejects the GPUs of every server with room (predicted interference)"}
)

// wait gives j the reason place found (nil: no room, capacity or shape).
func (p *Policy) wait(v *sim.View, j *sim.JobState, r *sim.Rule) {
	if r == nil {
		v.NoRoom(j)
		return
	}
	v.Wait(j, sim.Because(r))
}

// migrate stops each sharing job whose observed slowdown is below Evict and remembers its
// co-runners' types as a bad pair (Gandiva's packing with migration away from interference).
func (p *Policy) migrate(v *sim.View) {
	var victims []*sim.JobState
	for j := range v.Running() {
		if v.Slowdown(j) >= p.p.Evict {
			continue
		}
		a := p.typeOf(j)
		for _, g := range j.GPUsHeld() {
			for _, o := range v.Occupants(int(g)) {
				if int(o) != j.Index {
					if b := p.typeOf(v.Job(int(o))); a >= 0 && b >= 0 {
						p.markBad(a, b)
					}
				}
			}
		}
		victims = append(victims, j)
	}
	for _, j := range victims {
		if err := v.Stop(j); err != nil {
			panic(err)
		}
	}
}

func (p *Policy) markBad(a, b int) {
	n := interference.NumJobTypes()
	p.bad[a*n+b], p.bad[b*n+a] = true, true
}

func (p *Policy) isBad(a, b int) bool { return p.bad[a*interference.NumJobTypes()+b] }

// cand is a GPU a job could use.
type cand struct {
	g, server int
	cost      float64 // lower is better
}

// gain is the net normalised throughput a job of type a adds by joining GPU g under estimate f:
// its own throughput beside the occupants, minus what the occupants lose.
func (p *Policy) gain(v *sim.View, f *pairTable, t, a, g int) (float64, bool) {
	kinds := p.kinds[:0]
	for _, o := range v.Occupants(g) {
		b := p.typeOf(v.Job(int(o)))
		if b < 0 {
			return 0, false
		}
		kinds = append(kinds, b)
	}
	p.kinds = kinds[:0]
	own := 1.0
	for _, b := range kinds {
		own *= f.at(t, a, b)
	}
	loss := 0.0
	for y, ty := range kinds {
		before := 1.0
		for o, to := range kinds {
			if o != y {
				before *= f.at(t, ty, to)
			}
		}
		loss += float64(before * (1 - f.at(t, ty, a)))
	}
	return own - loss, true
}

// place chooses GPUs for j or returns nil to keep it waiting.
func (p *Policy) place(v *sim.View, j *sim.JobState) []int {
	c := v.Cluster()
	k := j.Job.GPUs
	a := p.typeOf(j)
	iasp, iapp := p.iasp, p.iapp
	cands := p.cands[:0]
	for g := range c.NumGPUs() {
		sv := c.ServerOf(g)
		typ := c.Servers[sv].Type
		if !j.Job.AllowsType(typ) {
			continue
		}
		if v.IsFree(g) {
			cands = append(cands, cand{g, sv, 0})
			continue
		}
		if p.kind == kExclusive || a < 0 || !v.CanShare(j, g) {
			continue
		}
		ti := learn.GPUTypeIndex(typ)
		switch p.kind {
		case kIASP, kOracle:
			gn, ok := p.gain(v, iasp, ti, a, g) // CLWP: IASP's view of the GPU
			if !ok || gn < p.p.Theta {
				continue
			}
			cands = append(cands, cand{g, sv, 1 - gn})
		case kGandiva:
			bad := false
			for _, o := range v.Occupants(g) {
				b := p.typeOf(v.Job(int(o)))
				bad = bad || b < 0 || p.isBad(a, b)
			}
			if !bad {
				cands = append(cands, cand{g, sv, float64(-v.Sharing(g))})
			}
		case kPack:
			cands = append(cands, cand{g, sv, float64(-v.Sharing(g))})
		default: // random-share, least-loaded
			cands = append(cands, cand{g, sv, float64(v.Sharing(g))})
		}
	}
	p.cands = cands
	if len(cands) < k {
		if p.kind != kExclusive && a >= 0 && v.FreeGPUs() < k {
			p.why = ruleNoShare
		}
		return nil
	}
	// Per-server candidate lists; a gang stays on one server (and one GPU type) when it can.
	nsv := len(c.Servers)
	if len(p.bySv) < nsv {
		p.bySv = make([][]cand, nsv)
	}
	bySv := p.bySv[:nsv]
	for sv := range bySv {
		bySv[sv] = bySv[sv][:0]
	}
	for _, x := range cands {
		bySv[x.server] = append(bySv[x.server], x)
	}
	load := func(sv int) int {
		n := 0
		for _, x := range bySv[sv] {
			n += v.Sharing(x.g)
		}
		return n + (c.Servers[sv].GPUs - len(bySv[sv])) // GPUs that are full count as loaded
	}
	var fit []int
	for sv := range nsv {
		if len(bySv[sv]) >= k {
			fit = append(fit, sv)
		}
	}
	if len(fit) == 0 {
		return p.spill(v, bySv, j, iapp, a)
	}
	var best int
	switch p.kind {
	case kRandom:
		best = fit[v.Rand().IntN(len(fit))]
		list := bySv[best]
		v.Rand().Shuffle(len(list), func(x, y int) { list[x], list[y] = list[y], list[x] })
		return gpusOf(list[:k])
	case kLeast:
		best = slices.MinFunc(fit, func(x, y int) int { return cmp.Or(cmp.Compare(load(x), load(y)), cmp.Compare(x, y)) })
	case kPack, kGandiva:
		best = slices.MinFunc(fit, func(x, y int) int { return cmp.Or(cmp.Compare(load(y), load(x)), cmp.Compare(x, y)) })
	case kExclusive:
		// Best fit: the server with the fewest free GPUs that still holds the gang.
		best = slices.MinFunc(fit, func(x, y int) int { return cmp.Or(cmp.Compare(len(bySv[x]), len(bySv[y])), cmp.Compare(x, y)) })
	default:
		// CLWP ranks the servers by IASP's predicted interference over their k best GPUs, then
		// most free GPUs; NLWP places the tasks on the first server where IAPP accepts k GPUs
		// (a server IAPP rejects passes the job on rather than keeping it waiting).
		score := make([]float64, nsv)
		for _, sv := range fit {
			for _, x := range sortedByCost(bySv[sv])[:k] {
				score[sv] += x.cost
			}
		}
		slices.SortStableFunc(fit, func(x, y int) int {
			return cmp.Or(cmp.Compare(score[x], score[y]), cmp.Compare(v.FreeOn(y), v.FreeOn(x)), cmp.Compare(x, y))
		})
		for _, sv := range fit {
			if gpus := p.nlwp(v, bySv[sv], k, iapp, a); gpus != nil {
				return gpus
			}
		}
		p.why = ruleIAPP
		return nil
	}
	return gpusOf(sortedByCost(bySv[best])[:k])
}

// nlwp places the tasks on the chosen node's GPUs by IAPP's predicted loss (the node-level
// communication term is the same for every GPU of one server).
func (p *Policy) nlwp(v *sim.View, list []cand, k int, iapp *pairTable, a int) []int {
	re := p.nlwpAll(v, list, iapp, a)
	if len(re) < k {
		return nil
	}
	return gpusOf(re[:k])
}

// spill places a gang that no single server can hold now. Under GangServer (every policy's
// default) a gang that fits on some server of an allowed type waits for one; only a gang wider
// than every such server spans servers, which is unavoidable. Under GangSpread it starts at once
// across servers of one GPU type: iasp-iapp adds Lambda per extra server to each GPU's predicted
// cost (the communication term), a server being added only if its best GPU's cost plus Lambda
// stays within 1 (the cost of a GPU with no gain), so Lambda > 1 waits for one server after all;
// the others fill servers with the most candidates first.
func (p *Policy) spill(v *sim.View, bySv [][]cand, j *sim.JobState, iapp *pairTable, a int) []int {
	c := v.Cluster()
	k := j.Job.GPUs
	var out []int
	var typ core.GPUType
	order := make([]int, len(bySv))
	mustSpan := true
	for i := range order {
		order[i] = i
		sv := &c.Servers[i]
		mustSpan = mustSpan && (sv.GPUs < k || !j.Job.AllowsType(sv.Type))
	}
	if !mustSpan && p.p.Gang == GangServer {
		p.why = ruleGang
		return nil
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(len(bySv[y]), len(bySv[x])) })
	for _, sv := range order {
		if len(bySv[sv]) == 0 || (typ != "" && c.Servers[sv].Type != typ) {
			continue
		}
		list := bySv[sv]
		if p.kind == kIASP || p.kind == kOracle {
			list = p.nlwpAll(v, list, iapp, a)
			// Each extra server costs Lambda; stop adding servers when the GPUs left are worse.
			if !mustSpan && len(out) > 0 && len(list) > 0 && list[0].cost+p.p.Lambda > 1 {
				continue
			}
		} else {
			list = sortedByCost(list)
		}
		typ = c.Servers[sv].Type
		for _, x := range list {
			if len(out) == k {
				break
			}
			out = append(out, x.g)
		}
		if len(out) == k {
			return out
		}
	}
	return nil
}

// nlwpAll re-costs a server's candidates by IAPP, cheapest first: a shared GPU costs 1 − its
// predicted gain and is dropped when the gain is below Theta; free GPUs keep their cost. The
// list returned is p.recost: the next call overwrites it.
func (p *Policy) nlwpAll(v *sim.View, list []cand, iapp *pairTable, a int) []cand {
	re := p.recost[:0]
	for _, x := range list {
		if !v.IsFree(x.g) {
			ti := learn.GPUTypeIndex(v.Cluster().Servers[x.server].Type)
			gn, ok := p.gain(v, iapp, ti, a, x.g)
			if !ok || gn < p.p.Theta {
				continue
			}
			x.cost = 1 - gn
		}
		re = append(re, x)
	}
	p.recost = re
	sortByCost(re)
	return re
}

func sortedByCost(l []cand) []cand {
	out := append([]cand(nil), l...)
	sortByCost(out)
	return out
}

// sortByCost sorts l in place, cheapest first (ties: lower GPU index).
func sortByCost(l []cand) {
	slices.SortStableFunc(l, func(x, y cand) int { return cmp.Or(cmp.Compare(x.cost, y.cost), cmp.Compare(x.g, y.g)) })
}

func gpusOf(l []cand) []int {
	out := make([]int, len(l))
	for i, x := range l {
		out[i] = x.g
	}
	return out
}
