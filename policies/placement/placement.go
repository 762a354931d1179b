package placement

import (
	"fmt"
	"slices"
	"strings"

	"schedlab/core"
	"schedlab/core/sim"
)

// Placer chooses GPUs for a pending job. Place returns the GPU ids (sorted ascending, one per GPU
// of the gang, all free and of one allowed type) and true, or nil and false when the job does not
// fit now. It never starts the job. The returned slice is reused by the next call.
type Placer interface {
	Name() string
	Place(v *sim.View, j *sim.JobState) ([]int, bool)
}

// Strategy names.
const (
	Consolidate = "consolidate"
	Spread      = "spread"
	FirstFit    = "first-fit"
	Random      = "random"
	// TiresiasYarn is the yarn rule of the Tiresias authors' simulator (see tiresiasYarn).
	TiresiasYarn = "tiresias-yarn"
)

// Default is the strategy used when none is named.
const Default = Consolidate

// Names lists the strategies in documentation order.
func Names() []string { return []string{Consolidate, Spread, FirstFit, Random, TiresiasYarn} }

// ByName returns a fresh Placer for a strategy name ("" means Default).
func ByName(name string) (Placer, error) {
	switch name {
	case "", Consolidate:
		return &consolidate{}, nil
	case Spread:
		return &spread{}, nil
	case FirstFit:
		return &firstFit{}, nil
	case Random:
		return &random{}, nil
	case TiresiasYarn:
		return &tiresiasYarn{}, nil
	}
	return nil, fmt.Errorf("unknown placement %q (known: %s)", name, strings.Join(Names(), ", "))
}

// layout caches per-cluster facts: the types in cluster order and each type's servers.
type layout struct {
	cl      *core.Cluster
	types   []core.GPUType
	servers [][]int // per type index: server indices in cluster order
	free    []int   // scratch: free GPUs per type index
}

func (l *layout) init(c *core.Cluster) {
	if l.cl == c {
		return
	}
	l.cl = c
	l.types = c.Types()
	l.servers = make([][]int, len(l.types))
	for i := range c.Servers {
		t := slices.Index(l.types, c.Servers[i].Type)
		l.servers[t] = append(l.servers[t], i)
	}
	l.free = make([]int, len(l.types))
}

// pick returns the servers of the GPU type the gang should use, or false when no allowed type has
// g free GPUs. mostFree selects the type with the most free GPUs; otherwise the first in cluster
// order that fits.
func (l *layout) pick(v *sim.View, j *core.Job, mostFree bool) ([]int, bool) {
	l.init(v.Cluster())
	g := j.GPUs
	if g > v.FreeGPUs() {
		return nil, false
	}
	if len(l.types) == 1 {
		if !j.AllowsType(l.types[0]) {
			return nil, false
		}
		return l.servers[0], true
	}
	best := -1
	for t, typ := range l.types {
		if !j.AllowsType(typ) {
			continue
		}
		n := 0
		for _, sv := range l.servers[t] {
			n += v.FreeOn(sv)
		}
		l.free[t] = n
		if n < g {
			continue
		}
		if !mostFree {
			return l.servers[t], true
		}
		if best < 0 || n > l.free[best] {
			best = t
		}
	}
	if best < 0 {
		return nil, false
	}
	return l.servers[best], true
}

// takeLowest appends the n lowest free GPU ids of server sv to out.
func takeLowest(v *sim.View, sv *core.Server, n int, out []int) []int {
	for g := sv.FirstGPU; n > 0 && g < sv.FirstGPU+sv.GPUs; g++ {
		if v.IsFree(g) {
			out = append(out, g)
			n--
		}
	}
	return out
}

// byFreeDesc orders servers by free GPUs, most first, ties to the lower index. It sorts the
// scratch slice cand (server indices with at least one free GPU) in place.
func byFreeDesc(v *sim.View, cand []int) {
	slices.SortFunc(cand, func(a, b int) int {
		if fa, fb := v.FreeOn(a), v.FreeOn(b); fa != fb {
			return fb - fa
		}
		return a - b
	})
}

// consolidate packs a gang onto the fewest servers: the tightest single server that holds it
// (best fit), else whole servers in descending free-GPU order.
type consolidate struct {
	l    layout
	cand []int
	out  []int
}

func (*consolidate) Name() string { return Consolidate }

func (p *consolidate) Place(v *sim.View, j *sim.JobState) ([]int, bool) {
	servers, ok := p.l.pick(v, j.Job, true)
	if !ok {
		return nil, false
	}
	g := j.Job.GPUs
	cl := v.Cluster()
	p.out = p.out[:0]
	if best := v.TightestServer(cl.Servers[servers[0]].Type, g); best >= 0 {
		p.out = takeLowest(v, &cl.Servers[best], g, p.out)
		return p.out, true
	}
	p.cand = p.cand[:0]
	for _, sv := range servers {
		if v.FreeOn(sv) > 0 {
			p.cand = append(p.cand, sv)
		}
	}
	byFreeDesc(v, p.cand)
	left := g
	for _, sv := range p.cand {
		n := min(left, v.FreeOn(sv))
		p.out = takeLowest(v, &cl.Servers[sv], n, p.out)
		if left -= n; left == 0 {
			break
		}
	}
	slices.Sort(p.out)
	return p.out, true
}

// spread deals one GPU per server per round, over the servers with free GPUs in descending
// free-GPU order (ties to the lower index), taking each server's lowest free ids first.
type spread struct {
	l    layout
	cand []int
	next []int // per candidate: the next GPU id to examine
	out  []int
}

func (*spread) Name() string { return Spread }

func (p *spread) Place(v *sim.View, j *sim.JobState) ([]int, bool) {
	servers, ok := p.l.pick(v, j.Job, true)
	if !ok {
		return nil, false
	}
	cl := v.Cluster()
	p.cand = p.cand[:0]
	for _, sv := range servers {
		if v.FreeOn(sv) > 0 {
			p.cand = append(p.cand, sv)
		}
	}
	byFreeDesc(v, p.cand)
	p.next = p.next[:0]
	for _, sv := range p.cand {
		p.next = append(p.next, cl.Servers[sv].FirstGPU)
	}
	p.out = p.out[:0]
	left := j.Job.GPUs
	for round := 0; left > 0; round++ {
		for k, sv := range p.cand {
			if left == 0 || v.FreeOn(sv) <= round {
				// Candidates are in descending free order: no later one has a GPU this round.
				break
			}
			end := cl.Servers[sv].FirstGPU + cl.Servers[sv].GPUs
			for g := p.next[k]; g < end; g++ {
				if v.IsFree(g) {
					p.out = append(p.out, g)
					p.next[k] = g + 1
					left--
					break
				}
			}
		}
	}
	slices.Sort(p.out)
	return p.out, true
}

// firstFit takes the lowest free GPU ids of the first allowed type (in cluster order) with room.
type firstFit struct {
	l   layout
	out []int
}

func (*firstFit) Name() string { return FirstFit }

func (p *firstFit) Place(v *sim.View, j *sim.JobState) ([]int, bool) {
	servers, ok := p.l.pick(v, j.Job, false)
	if !ok {
		return nil, false
	}
	cl := v.Cluster()
	p.out = p.out[:0]
	left := j.Job.GPUs
	for _, sv := range servers {
		n := min(left, v.FreeOn(sv))
		if n == 0 {
			continue
		}
		p.out = takeLowest(v, &cl.Servers[sv], n, p.out)
		if left -= n; left == 0 {
			break
		}
	}
	return p.out, true
}

// random draws the gang uniformly among the free GPUs of the chosen type with the run's RNG
// (a partial Fisher–Yates shuffle: g draws).
type random struct {
	l    layout
	pool []int
}

func (*random) Name() string { return Random }

func (p *random) Place(v *sim.View, j *sim.JobState) ([]int, bool) {
	servers, ok := p.l.pick(v, j.Job, true)
	if !ok {
		return nil, false
	}
	cl := v.Cluster()
	p.pool = p.pool[:0]
	for _, sv := range servers {
		if n := v.FreeOn(sv); n > 0 {
			p.pool = takeLowest(v, &cl.Servers[sv], n, p.pool)
		}
	}
	g := j.Job.GPUs
	rng := v.Rand()
	for i := 0; i < g; i++ {
		k := i + rng.IntN(len(p.pool)-i)
		p.pool[i], p.pool[k] = p.pool[k], p.pool[i]
	}
	out := p.pool[:g]
	slices.Sort(out)
	return out, true
}
