package synergy

import (
	"sort"

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
	freeOn  [][]int // per server: free GPU ids, ascending
	nfree   int
	sched   [][]int // per server: plans placed on it, in placement order (sorted in place by TUNE)
	plans   []plan
	take    []int // scratch for place
	freeBuf []int // backing store of freeOn
}

// plan is one job's allocation this round; cpu and mem are job totals, split evenly over its GPUs.
type plan struct {
	job      *sim.JobState
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
	r.freeOn = make([][]int, n)
	r.freeBuf = make([]int, c.NumGPUs())
}

// reset starts a round: under lease rounds every GPU is free at a tick.
func (r *roundState) reset(v *sim.View) {
	for i := range r.usedGPU {
		r.usedGPU[i], r.usedCPU[i], r.usedMem[i] = 0, 0, 0
		r.sched[i] = r.sched[i][:0]
	}
	r.nfree = 0
	for s, sv := range r.cl.Servers {
		on := r.freeBuf[sv.FirstGPU:sv.FirstGPU]
		for g := sv.FirstGPU; g < sv.FirstGPU+sv.GPUs; g++ {
			if v.IsFree(g) {
				on = append(on, g)
			} else {
				r.usedGPU[s]++ // held outside the round (not under lease rounds)
			}
		}
		r.freeOn[s] = on
		r.nfree += len(on)
	}
	r.plans = r.plans[:0]
}

// place allocates job j with cpu cores and mem GB in total (cpu/g and mem/g per GPU) by the
// authors' first-fit walk (_top_synergy_gpus): take a free GPU, in id order, whenever its server
// still has the per-GPU share on top of what this job already holds there. It reports success.
// Within a server the held amount only grows, so after the first refusal the walk moves on to the
// next server: the result is the same as testing every free GPU.
func (r *roundState) place(j *sim.JobState, cpu, mem float64) bool {
	g := j.Job.GPUs
	pc, pm := cpu/float64(g), mem/float64(g)
	r.take = r.take[:0]
	var typ core.GPUType
	for s := range r.freeOn {
		if len(r.take) == g {
			break
		}
		sv := &r.cl.Servers[s]
		if len(r.freeOn[s]) == 0 || !j.Job.AllowsType(sv.Type) || (len(r.take) > 0 && sv.Type != typ) {
			continue
		}
		hc, hm, hg := 0.0, 0.0, 0
		for _, gpu := range r.freeOn[s] {
			if sv.GPUs-r.usedGPU[s]-hg < 1 || (r.capCPU[s]-r.usedCPU[s])-hc < pc || (r.capMem[s]-r.usedMem[s])-hm < pm {
				break
			}
			typ = sv.Type
			r.take = append(r.take, gpu)
			hg++
			hc += pc
			hm += pm
			if len(r.take) == g {
				break
			}
		}
	}
	if len(r.take) < g {
		return false
	}
	pl := plan{job: j, gpus: append([]int(nil), r.take...), cpu: cpu, mem: mem}
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
	idx := len(r.plans)
	r.plans = append(r.plans, pl)
	r.charge(&r.plans[idx], 1)
	for k, s := range pl.servers {
		r.sched[s] = append(r.sched[s], idx)
		r.freeOn[s] = r.freeOn[s][pl.nOn[k]:] // the walk takes a prefix of each server's free GPUs
	}
	r.nfree -= g
	return true
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
	if g > 1 {
		for s := 0; s < n; s++ {
			if r.cl.Servers[s].GPUs-r.usedGPU[s] >= g {
				return []target{{s, g}}
			}
		}
	}
	cnt := make([]int, n)
	for s := range cnt {
		cnt[s] = len(r.freeOn[s])
	}
	var order []int
	for s := 0; s < n; s++ {
		if cnt[s] > 0 {
			order = append(order, s)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return cnt[order[a]] < cnt[order[b]] })
	var out []target
	for _, s := range order {
		if g <= 0 {
			break
		}
		if cnt[s] >= g {
			out = append(out, target{s, g})
			break
		}
		out = append(out, target{s, cnt[s]})
		g -= cnt[s]
	}
	return out
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
	sort.SliceStable(list, func(a, b int) bool {
		pa, pb := &r.plans[list[a]], &r.plans[list[b]]
		if len(pa.servers) != len(pb.servers) {
			return len(pa.servers) < len(pb.servers)
		}
		ca, cb := sum(pa.cpuOn)/float64(len(pa.gpus)), sum(pb.cpuOn)/float64(len(pb.gpus))
		if ca != cb {
			return ca > cb
		}
		return sum(pa.memOn)/float64(len(pa.gpus)) > sum(pb.memOn)/float64(len(pb.gpus))
	})
	var sel []int
	for _, idx := range list {
		pl := &r.plans[idx]
		ps := &st[pl.job.Index]
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
	for _, idx := range sel {
		pl := &r.plans[idx]
		ps := &st[pl.job.Index]
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

func sum(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t
}
