package synergy

import (
	"cmp"
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
	nFree   []int // per server: how many GPUs are free; their ids, ascending, start at freeBuf[FirstGPU]
	nfree   int
	sched   [][]int // per server: plans placed on it, in placement order (sorted in place by TUNE)
	plans   []plan
	take    []int    // scratch for place
	freeBuf []int    // per server, from its FirstGPU: its free GPU ids (pointer-free, no write barriers)
	first   int      // servers below first have no free GPU
	prevAt  []int32  // per job (arrival index): 1 + offset of its last plan's GPUs in prevBuf, 0 if none
	prevBuf []int    // GPUs of each job's last plan, Job.GPUs slots per job
	order   []int    // scratch for targets
	tgts    []target // scratch for targets
	sel     []int    // scratch for adjustPeers
}

// plan is one job's allocation this round; cpu and mem are job totals, split evenly over its GPUs.
// It is pointer-free but for its slices, whose backing arrays are reused round after round and
// only appended to in place: a round then performs no pointer stores into the heap (each costs a
// write barrier while the collector marks, the dearest case under wasm).
type plan struct {
	job      int32 // arrival index
	gpus     []int
	cpu, mem float64
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
	r.freeBuf = make([]int, c.NumGPUs())
}

// reset starts a round: under lease rounds every GPU is free at a tick.
func (r *roundState) reset(v *sim.View) {
	for i := range r.usedGPU {
		r.usedGPU[i], r.usedCPU[i], r.usedMem[i] = 0, 0, 0
		r.sched[i] = r.sched[i][:0]
	}
	r.nfree, r.first = 0, 0
	for s, sv := range r.cl.Servers {
		on := r.freeBuf[sv.FirstGPU : sv.FirstGPU : sv.FirstGPU+sv.GPUs]
		all := v.FreeOn(s) == sv.GPUs // the usual case at a tick: every lease has just ended
		for g := sv.FirstGPU; g < sv.FirstGPU+sv.GPUs; g++ {
			if all || v.IsFree(g) {
				on = append(on, g)
			} else {
				r.usedGPU[s]++ // held outside the round (not under lease rounds)
			}
		}
		r.nFree[s] = len(on)
		r.nfree += len(on)
	}
	r.plans = r.plans[:0]
}

// place allocates job j with cpu cores and mem GB in total (cpu/g and mem/g per GPU) by the
// authors' first-fit walk (_top_synergy_gpus): take a free GPU, in id order, whenever its server
// still has the per-GPU share on top of what this job already holds there. It reports success.
// Within a server the held amount only grows, so after the first refusal the walk moves on to the
// next server: the result is the same as testing every free GPU.
//
// Only how many GPUs the walk takes on each server matters to the authors' simulator (resources
// are per server, and GPUs of a server are interchangeable), so of a server's free GPUs the job
// gets the ones it held in its previous plan first, then the lowest ids: every decision is the
// authors', while a job renewing its lease stays on its GPUs (one Gantt interval, no spurious
// migration under -checkpoint-cost).
func (r *roundState) place(j *sim.JobState, cpu, mem float64) bool {
	g := j.Job.GPUs
	pc, pm := cpu/float64(g), mem/float64(g)
	r.take = r.take[:0]
	var prev []int
	if j.Index < len(r.prevAt) && r.prevAt[j.Index] > 0 {
		at := int(r.prevAt[j.Index]) - 1
		prev = r.prevBuf[at : at+g]
	}
	for r.first < len(r.nFree) && r.nFree[r.first] == 0 {
		r.first++
	}
	var typ core.GPUType
	for s := r.first; s < len(r.nFree); s++ {
		if len(r.take) == g {
			break
		}
		sv := &r.cl.Servers[s]
		if r.nFree[s] == 0 || !j.Job.AllowsType(sv.Type) || (len(r.take) > 0 && sv.Type != typ) {
			continue
		}
		hc, hm, hg := 0.0, 0.0, 0
		for range r.nFree[s] {
			if sv.GPUs-r.usedGPU[s]-hg < 1 || (r.capCPU[s]-r.usedCPU[s])-hc < pc || (r.capMem[s]-r.usedMem[s])-hm < pm {
				break
			}
			typ = sv.Type
			hg++
			hc += pc
			hm += pm
			if len(r.take)+hg == g {
				break
			}
		}
		if hg > 0 {
			r.pickGPUs(r.free(s), hg, prev)
		}
	}
	if len(r.take) < g {
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
	pl.job, pl.cpu, pl.mem = int32(j.Index), cpu, mem
	// One self-reslice per statement: the compiler then stores only the length, no pointer.
	pl.gpus = pl.gpus[:0]
	pl.gpus = append(pl.gpus, r.take...)
	pl.servers = pl.servers[:0]
	pl.nOn = pl.nOn[:0]
	pl.cpuOn = pl.cpuOn[:0]
	pl.memOn = pl.memOn[:0]
	for _, gpu := range pl.gpus {
		s := r.cl.ServerOf(gpu)
		k := len(pl.servers) - 1
		if k < 0 || pl.servers[k] != s {
			pl.servers = append(pl.servers, s)
			pl.nOn = append(pl.nOn, 0)
			pl.cpuOn = append(pl.cpuOn, 0)
			pl.memOn = append(pl.memOn, 0)
			k++
		}
		pl.nOn[k]++
		pl.cpuOn[k] += pc
		pl.memOn[k] += pm
	}
	r.charge(pl, 1)
	for _, s := range pl.servers {
		r.sched[s] = append(r.sched[s], idx)
		r.nFree[s] = len(dropGPUs(r.free(s), pl.gpus))
	}
	r.nfree -= g
	if j.Index >= len(r.prevAt) {
		r.prevAt = append(r.prevAt, make([]int32, j.Index+1-len(r.prevAt))...)
	}
	if r.prevAt[j.Index] == 0 {
		r.prevAt[j.Index] = int32(len(r.prevBuf) + 1)
		r.prevBuf = append(r.prevBuf, make([]int, g)...)
	}
	at := int(r.prevAt[j.Index]) - 1
	copy(r.prevBuf[at:at+g], pl.gpus)
	return true
}

// free is server s's list of free GPU ids, ascending.
func (r *roundState) free(s int) []int {
	at := r.cl.Servers[s].FirstGPU
	return r.freeBuf[at : at+r.nFree[s]]
}

// pickGPUs appends to r.take n of the ascending free GPU list free: those of prev first (in
// prev's order), then the lowest others. It appends to r.take in place rather than returning the
// slice, so that no slice header (a pointer) is stored per server.
func (r *roundState) pickGPUs(free []int, n int, prev []int) {
	start := len(r.take)
	for _, p := range prev {
		if len(r.take)-start == n {
			return
		}
		for _, f := range free {
			if f == p {
				r.take = append(r.take, f)
				break
			}
		}
	}
	for _, f := range free {
		if len(r.take)-start == n {
			break
		}
		dup := false
		for _, t := range r.take[start:] {
			dup = dup || t == f
		}
		if !dup {
			r.take = append(r.take, f)
		}
	}
}

// dropGPUs removes the ids in used from the ascending list free, in place, keeping the order.
func dropGPUs(free, used []int) []int {
	out := free[:0]
	for _, f := range free {
		keep := true
		for _, u := range used {
			keep = keep && u != f
		}
		if keep {
			out = append(out, f)
		}
	}
	return out
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
		exGPU := max(0, float64(len(pl.gpus))*share-float64(here))
		exCPU := max(0, sum(pl.cpuOn)*share-ps.fairCPU*float64(here))
		exMem := max(0, sum(pl.memOn)*share-ps.fairMem*float64(here))
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
		pl.cpu, pl.mem = c, m
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
