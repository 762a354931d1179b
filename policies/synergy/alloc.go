package synergy

import (
	"cmp"
	"math/bits"
	"slices"

	"schedlab/core"
	"schedlab/core/sim"
)

// roundState is one round's tentative cluster: the authors' per-server used/held counters, the
// free-GPU list in id order, and the allocations planned so far. Nothing is started until the
// round is complete, because TUNE may still shrink (and re-credit) a planned peer.
type roundState struct {
	cl      *core.Cluster
	capCPU  []float64
	capMem  []float64
	usedGPU []int
	usedCPU []float64
	usedMem []float64
	nFree   []int // per server: how many GPUs are free (the set bits of its freeBits words)
	nfree   int
	sched   [][]int // per server: plans placed on it, in placement order (sorted in place by TUNE)
	plans   []plan
	segs    []seg // scratch for place
	// freeBits is a bit per GPU, set when free: server s's GPU FirstGPU+b is bit b of its words,
	// freeBits[wordAt[s]:wordAt[s+1]]. Taking a GPU, or finding the lowest free one, then costs a few
	// instructions where a list of free ids cost a pass over it per GPU taken.
	freeBits []uint64
	wordAt   []int
	first    int      // servers below first have no free GPU
	prevAt   []int32  // per job (arrival index): 1 + offset of its last plan's GPUs in prevBuf, 0 if none
	prevBuf  []int    // GPUs of each job's last plan, Job.GPUs slots per job
	heldBy   []int32  // per GPU: 1 + the job of the last plan that took it, 0 if none did
	kept     []int    // scratch for assign: the GPUs each plan keeps, plan after plan
	keptAt   []int    // scratch for assign: where each plan's kept GPUs start in kept
	order    []int    // scratch for targets
	tgts     []target // scratch for targets
	sel      []int    // scratch for adjustPeers
	replays           // see replay.go
}

// plan is one job's allocation this round; cpu and mem are job totals, split evenly over its GPUs.
// It is pointer-free but for its slices, whose backing arrays are reused round after round and
// only appended to in place: a round then performs no pointer stores into the heap (each costs a
// write barrier while the collector marks, the dearest case under wasm).
type plan struct {
	job      int32 // arrival index
	gpus     []int
	cpu, mem float64
	adjusted bool // TUNE moved it to its proportional share after placing it (see replay)
	replayed bool // it repeats the last round's plan in its slot, GPU ids included (see assign)
	// per server it spans (ascending): GPUs there and the cores and GB it holds there
	servers []int
	nOn     []int
	cpuOn   []float64
	memOn   []float64
}

func (r *roundState) init(c *core.Cluster) {
	n := len(c.Servers)
	r.cl = c
	r.capCPU, r.capMem = make([]float64, n), make([]float64, n)
	for i, s := range c.Servers {
		r.capCPU[i], r.capMem[i] = s.CPUs, s.MemGB
	}
	r.usedGPU = make([]int, n)
	r.usedCPU, r.usedMem = make([]float64, n), make([]float64, n)
	r.sched = make([][]int, n)
	r.nFree = make([]int, n)
	r.wordAt = make([]int, n+1)
	for i, s := range c.Servers {
		r.wordAt[i+1] = r.wordAt[i] + (s.GPUs+63)/64
	}
	r.freeBits = make([]uint64, r.wordAt[n])
	r.heldBy = make([]int32, c.NumGPUs())
}

// reset starts a round: under lease rounds every GPU is free at a tick.
func (r *roundState) reset(v *sim.View) {
	idle := true
	for i := range r.usedGPU {
		r.usedGPU[i], r.usedCPU[i], r.usedMem[i] = 0, 0, 0
		r.sched[i] = r.sched[i][:0]
	}
	r.nfree, r.first = 0, 0
	all := v.FreeGPUs() == r.cl.NumGPUs() // the usual case at a tick: every lease has just ended
	for s := range r.cl.Servers {
		sv := &r.cl.Servers[s] // (a pointer: under wasm a copy of a Server is a memory.copy call)
		words := r.freeBits[r.wordAt[s]:r.wordAt[s+1]]
		if all || v.FreeOn(s) == sv.GPUs {
			for k := range words {
				words[k] = ^uint64(0)
			}
			if rest := sv.GPUs % 64; rest != 0 {
				words[len(words)-1] = 1<<rest - 1
			}
		} else {
			idle = false
			clear(words)
			for b := range sv.GPUs {
				if v.IsFree(sv.FirstGPU + b) {
					words[b/64] |= 1 << (b % 64)
				} else {
					r.usedGPU[s]++ // held outside the round (not under lease rounds)
				}
			}
		}
		r.nFree[s] = sv.GPUs - r.usedGPU[s]
		r.nfree += r.nFree[s]
	}
	r.begin(idle)
	r.plans = r.plans[:0]
}

// place allocates job j with cpu cores and mem GB in total (cpu/g and mem/g per GPU) by the
// authors' first-fit walk (_top_synergy_gpus): take a free GPU, in id order, whenever its server
// still has the per-GPU share on top of what this job already holds there. It reports success.
// Within a server the held amount only grows, so after the first refusal the walk moves on to the
// next server: the result is the same as testing every free GPU. (The authors also test the
// server's free GPU count, GPUs − used − held ≥ 1: that is hg < nFree[s], which bounds the walk,
// a server's used and free GPUs always adding up to its GPUs.)
//
// Only how many GPUs the walk takes on each server matters to the authors' simulator (resources
// are per server, and GPUs of a server are interchangeable): the walk counts (segs), and the GPU
// ids are chosen once the round is complete (assign).
func (r *roundState) place(j *sim.JobState, cpu, mem float64) bool {
	g := j.Job.GPUs
	pc, pm := cpu/float64(g), mem/float64(g)
	r.tries++
	for r.first < len(r.nFree) && r.nFree[r.first] == 0 {
		r.first++
	}
	segs := r.segs[:0]
	need := g
	var typ core.GPUType
	anyType := len(j.Job.GPUTypes) == 0
	// The per-server slices in locals, cut to one length: the loop then loads no slice header and
	// checks no bound per server (a large share of a round under wasm, where most servers fail).
	nFree := r.nFree
	capCPU, usedCPU := r.capCPU[:len(nFree)], r.usedCPU[:len(nFree)]
	capMem, usedMem := r.capMem[:len(nFree)], r.usedMem[:len(nFree)]
	for s := r.first; s < len(nFree) && need > 0; s++ {
		// The walk's first test on a server (nothing held there yet) comes before the type tests:
		// either failing skips the server, and on a cluster short of CPU most servers fail it.
		n := nFree[s]
		freeCPU, freeMem := capCPU[s]-usedCPU[s], capMem[s]-usedMem[s]
		if n == 0 || freeCPU < pc || freeMem < pm {
			continue
		}
		if t := r.cl.Servers[s].Type; (len(segs) > 0 && t != typ) || (!anyType && !j.Job.AllowsType(t)) {
			continue
		}
		hc, hm, hg := 0.0, 0.0, 0
		for hg < n && hg < need {
			if freeCPU-hc < pc || freeMem-hm < pm {
				break
			}
			hg++
			hc += pc
			hm += pm
		}
		if hg > 0 {
			typ = r.cl.Servers[s].Type
			segs = append(segs, seg{s, hg, hc, hm})
			need -= hg
		}
	}
	r.segs = segs
	if need > 0 {
		return false
	}
	// Reuse the backing arrays of an earlier round's plan in this slot (the engine copies the GPU
	// list at Start), so that steady-state rounds allocate nothing.
	idx := len(r.plans)
	if idx < cap(r.plans) {
		r.plans = r.plans[:idx+1]
	} else {
		r.plans = append(r.plans, plan{})
	}
	pl := &r.plans[idx]
	pl.job, pl.cpu, pl.mem, pl.adjusted, pl.replayed = int32(j.Index), cpu, mem, false, false
	// One self-reslice per statement: the compiler then stores only the length, no pointer. (The
	// ids come at the round's end, assign; the walk reads only how many.)
	if cap(pl.gpus) >= g {
		pl.gpus = pl.gpus[:g]
	} else {
		pl.gpus = make([]int, g)
	}
	pl.servers = pl.servers[:0]
	pl.nOn = pl.nOn[:0]
	pl.cpuOn = pl.cpuOn[:0]
	pl.memOn = pl.memOn[:0]
	for k := range segs {
		sg := &segs[k] // (by pointer, as above)
		r.nFree[sg.server] -= sg.n
		// hc and hm are sg.n additions of the per-GPU share from zero, as a sum over the plan's
		// GPUs on the server would be.
		pl.servers = append(pl.servers, sg.server)
		pl.nOn = append(pl.nOn, sg.n)
		pl.cpuOn = append(pl.cpuOn, sg.cpu)
		pl.memOn = append(pl.memOn, sg.mem)
		r.sched[sg.server] = append(r.sched[sg.server], idx)
	}
	r.charge(pl, 1)
	r.nfree -= g
	return true
}

// seg is what place's walk takes on one server: n GPUs, holding cpu cores and mem GB there.
type seg struct {
	server, n int
	cpu, mem  float64
}

// assign chooses the GPU ids of the round's plans, once the walk has fixed how many GPUs each
// plan takes on each server. A job keeps the GPUs of its last plan that no job took since, as many
// on each server as the round gives it there (first, in the order it held them), and gets the
// lowest free ids for the rest. A job that only renews its lease then stays on its GPUs: one Gantt
// interval, and no migration (nor, under -checkpoint-cost, a restart) that the authors' simulator,
// which counts GPUs per server, has no trace of. Choosing ids as each job is placed would let a
// job placed earlier in the round take the GPU a later one held on the same server, and the later
// one would move within its server for nothing (TestMovesOnlyAcrossServers).
func (r *roundState) assign() {
	// First every plan claims what it keeps (a GPU is kept by the job the last plan on it was
	// for: an older plan's GPU may since have gone to another job).
	r.kept, r.keptAt = r.kept[:0], r.keptAt[:0]
	for i := range r.plans {
		pl := &r.plans[i]
		r.keptAt = append(r.keptAt, len(r.kept))
		if pl.replayed {
			r.claim(pl)
			continue
		}
		if int(pl.job) >= len(r.prevAt) || r.prevAt[pl.job] == 0 {
			continue
		}
		at := int(r.prevAt[pl.job]) - 1
		prev := r.prevBuf[at : at+len(pl.gpus)]
		for k, s := range pl.servers {
			n, lo := pl.nOn[k], r.cl.Servers[s].FirstGPU
			words := r.freeBits[r.wordAt[s]:r.wordAt[s+1]]
			for _, g := range prev {
				if n == 0 {
					break
				}
				b := g - lo
				if b < 0 || b >= r.cl.Servers[s].GPUs || r.heldBy[g] != pl.job+1 || words[b/64]&(1<<(b%64)) == 0 {
					continue // on another server, last held by another job, or taken
				}
				words[b/64] &^= 1 << (b % 64)
				r.kept = append(r.kept, g)
				n--
			}
		}
	}
	// Then each plan's GPUs, server by server: those it keeps there, then the lowest free.
	for i := range r.plans {
		pl := &r.plans[i]
		if pl.replayed {
			continue // its GPUs, record and heldBy stand as they are (claim)
		}
		end := len(r.kept)
		if i+1 < len(r.keptAt) {
			end = r.keptAt[i+1]
		}
		kept := r.kept[r.keptAt[i]:end]
		if len(kept) == len(pl.gpus) {
			// It keeps them all: kept is its last plan's GPUs in their order (server by server
			// in ascending order, as both were built), so its record and heldBy stand as they are.
			copy(pl.gpus, kept)
			continue
		}
		pl.gpus = pl.gpus[:0]
		for k, s := range pl.servers {
			n, lo := pl.nOn[k], r.cl.Servers[s].FirstGPU
			for _, g := range kept {
				if g >= lo && g < lo+r.cl.Servers[s].GPUs {
					pl.gpus = append(pl.gpus, g)
					n--
				}
			}
			words := r.freeBits[r.wordAt[s]:r.wordAt[s+1]]
			for w := 0; n > 0; {
				x := words[w]
				if x == 0 {
					w++
					continue
				}
				b := bits.TrailingZeros64(x)
				words[w] = x &^ (1 << b)
				pl.gpus = append(pl.gpus, lo+64*w+b)
				n--
			}
		}
		r.remember(pl)
	}
}

// claim takes replayed plan pl's GPUs from the free ones: a replayed plan (replay) is the last
// round's in its slot, servers and counts as they were, and its GPU ids are those the last round's
// assign gave it. No job held them since (each GPU had one plan in that round), so it keeps them
// all, the ids its job's record (prevBuf) and heldBy already have: assign's search for what it
// keeps would find the same, at the cost of reading both for every plan of a round that mostly
// repeats the last.
func (r *roundState) claim(pl *plan) {
	at := 0
	for k, s := range pl.servers {
		lo, n := r.cl.Servers[s].FirstGPU, pl.nOn[k]
		words := r.freeBits[r.wordAt[s]:r.wordAt[s+1]]
		for _, g := range pl.gpus[at : at+n] {
			b := g - lo
			words[b/64] &^= 1 << (b % 64)
		}
		at += n
	}
}

// remember keeps plan pl's GPUs as its job's last (prevBuf) and marks them as last held by it.
func (r *roundState) remember(pl *plan) {
	j, g := pl.job, len(pl.gpus)
	if int(j) >= len(r.prevAt) {
		r.prevAt = append(r.prevAt, make([]int32, int(j)+1-len(r.prevAt))...)
	}
	if r.prevAt[j] == 0 {
		r.prevAt[j] = int32(len(r.prevBuf) + 1)
		r.prevBuf = append(r.prevBuf, make([]int, g)...)
	}
	at := int(r.prevAt[j]) - 1
	copy(r.prevBuf[at:at+g], pl.gpus)
	for _, x := range pl.gpus {
		r.heldBy[x] = j + 1
	}
}

// charge adds (sign 1) or releases (sign -1) a plan's resources on its servers.
func (r *roundState) charge(pl *plan, sign int) {
	for k, s := range pl.servers {
		r.usedGPU[s] += sign * pl.nOn[k]
		if sign > 0 {
			r.usedCPU[s] += pl.cpuOn[k]
			r.usedMem[s] += pl.memOn[k]
		} else {
			r.usedCPU[s] -= pl.cpuOn[k]
			r.usedMem[s] -= pl.memOn[k]
		}
	}
}

type target struct{ server, n int }

// targets picks the servers whose peers TUNE may shrink (_get_underutilized_servers): for a
// multi-GPU job the first server with enough free GPUs; otherwise servers in increasing order of
// free GPUs (then id) until the job's GPUs are covered.
func (r *roundState) targets(g int) []target {
	n := len(r.cl.Servers)
	r.tgts = r.tgts[:0]
	if g > 1 {
		for s := 0; s < n; s++ {
			if r.cl.Servers[s].GPUs-r.usedGPU[s] >= g {
				return append(r.tgts, target{s, g})
			}
		}
	}
	// Servers with free GPUs by increasing free count, then id (a stable insertion sort: the
	// list is at most the number of servers and mostly short late in a round).
	order := r.order[:0]
	for s := 0; s < n; s++ {
		c := r.nFree[s]
		if c == 0 {
			continue
		}
		k := len(order)
		order = append(order, s)
		for k > 0 && r.nFree[order[k-1]] > c {
			order[k] = order[k-1]
			k--
		}
		order[k] = s
	}
	r.order = order
	for _, s := range order {
		if g <= 0 {
			break
		}
		if c := r.nFree[s]; c >= g {
			r.tgts = append(r.tgts, target{s, g})
			break
		} else {
			r.tgts = append(r.tgts, target{s, c})
			g -= c
		}
	}
	return r.tgts
}

// adjustPeers frees cpu cores and mem GB on server s for n GPUs of the job being placed
// (_reallocate_peer): it walks the jobs placed on s this round, ordered by (servers spanned, cores
// per GPU descending, GB per GPU descending), selecting each until their excess over the
// proportional share covers the shortage, and moves every selected peer to its proportional share
// on the same GPUs.
func (r *roundState) adjustPeers(s, n int, cpu, mem float64, st []jobState) {
	needGPU := max(0, float64(n)-float64(r.cl.Servers[s].GPUs-r.usedGPU[s]))
	needCPU := max(0, cpu-(r.capCPU[s]-r.usedCPU[s]))
	needMem := max(0, mem-(r.capMem[s]-r.usedMem[s]))
	if needGPU == 0 && needCPU == 0 && needMem == 0 {
		return
	}
	list := r.sched[s]
	slices.SortStableFunc(list, r.comparePeers)
	sel := r.sel[:0]
	for _, idx := range list {
		pl := &r.plans[idx]
		ps := &st[pl.job]
		here := 0
		for k, x := range pl.servers {
			if x == s {
				here = pl.nOn[k]
			}
		}
		share := float64(here) / float64(len(pl.gpus))
		exGPU := max(0, float64(float64(len(pl.gpus))*share)-float64(here))
		exCPU := max(0, float64(sum(pl.cpuOn)*share)-float64(ps.fairCPU*float64(here)))
		exMem := max(0, float64(sum(pl.memOn)*share)-float64(ps.fairMem*float64(here)))
		dGPU, dCPU, dMem := max(0, needGPU-exGPU), max(0, needCPU-exCPU), max(0, needMem-exMem)
		sel = append(sel, idx)
		if dGPU == 0 && dCPU == 0 && dMem == 0 {
			break
		}
		// (The authors' "skip" branch needs a shortage in every dimension, storage and network
		// included, which are never short: it cannot fire.)
		needGPU, needCPU, needMem = dGPU, dCPU, dMem
	}
	r.sel = sel
	for _, idx := range sel {
		pl := &r.plans[idx]
		ps := &st[pl.job]
		r.charge(pl, -1)
		g := float64(len(pl.gpus))
		c, m := ps.dem.CPU, ps.dem.Mem
		if fc, fm := g*ps.fairCPU, g*ps.fairMem; c > fc || m > fm {
			c, m = fc, fm
			ps.keySpeed = 1
		}
		pl.cpu, pl.mem, pl.adjusted = c, m, true
		for k := range pl.servers {
			part := float64(pl.nOn[k]) / g
			pl.cpuOn[k], pl.memOn[k] = c*part, m*part
		}
		r.charge(pl, 1)
	}
}

// comparePeers orders plan indices by (servers spanned, cores per GPU descending, GB per GPU
// descending): the authors' peer order in _reallocate_peer. (A function for slices.SortStableFunc:
// sort.Stable boxed its sort.Interface, one allocation per peer adjustment.)
func (r *roundState) comparePeers(a, b int) int {
	pa, pb := &r.plans[a], &r.plans[b]
	if len(pa.servers) != len(pb.servers) {
		return cmp.Compare(len(pa.servers), len(pb.servers))
	}
	ca, cb := sum(pa.cpuOn)/float64(len(pa.gpus)), sum(pb.cpuOn)/float64(len(pb.gpus))
	if ca != cb {
		return descending(ca, cb)
	}
	return descending(sum(pa.memOn)/float64(len(pa.gpus)), sum(pb.memOn)/float64(len(pb.gpus)))
}

// descending compares finite x and y, larger first.
func descending(x, y float64) int {
	switch {
	case x > y:
		return -1
	case x < y:
		return 1
	}
	return 0
}

func sum(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t
}
