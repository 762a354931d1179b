package asrpt

import (
	"cmp"
	"slices"

	"schedlab/core"
	"schedlab/core/sim"
)

// Free is the mapper's view of idle GPUs: the lowest-first idle GPU ids of each server.
type Free struct {
	Cluster *core.Cluster
	IDs     [][]int // per server index
}

// FreeOf reads the idle GPUs from a view.
func FreeOf(v *sim.View) Free {
	c := v.Cluster()
	f := Free{Cluster: c, IDs: make([][]int, len(c.Servers))}
	for sv := range c.Servers {
		if v.FreeOn(sv) == 0 {
			continue
		}
		for g := c.Servers[sv].FirstGPU; g < c.Servers[sv].FirstGPU+c.Servers[sv].GPUs; g++ {
			if v.IsFree(g) {
				f.IDs[sv] = append(f.IDs[sv], g)
			}
		}
	}
	return f
}

// Map is the communication-minimising placement (the paper's mapping step, its rules ours): among
// servers of one allowed GPU type, the best-fitting single server when one has room; otherwise the fewest servers, taken in
// descending free-GPU order, each contributing whole tensor groups (multiples of TP GPUs) when the
// free GPUs allow it. Ranks are laid out in the job's rank order (tensor rank fastest, then stage,
// then replica), server after server, so tensor groups, then pipelines, stay inside a server and
// only data-parallel (then pipeline) edges cross. It returns the GPU ids in rank order, or false
// when the job does not fit.
func Map(f Free, j *core.Job) ([]int, bool) {
	g := j.GPUs
	tp := 1
	if j.Par.TP > 1 {
		tp = j.Par.TP
	}
	for _, t := range f.Cluster.Types() {
		if !j.AllowsType(t) {
			continue
		}
		var cand []int
		total := 0
		for sv, ids := range f.IDs {
			if len(ids) > 0 && f.Cluster.Servers[sv].Type == t {
				cand = append(cand, sv)
				total += len(ids)
			}
		}
		if total < g {
			continue
		}
		best := -1
		for _, sv := range cand {
			if n := len(f.IDs[sv]); n >= g && (best < 0 || n < len(f.IDs[best])) {
				best = sv
			}
		}
		if best >= 0 {
			return append([]int(nil), f.IDs[best][:g]...), true
		}
		slices.SortStableFunc(cand, func(a, b int) int { return cmp.Compare(len(f.IDs[b]), len(f.IDs[a])) })
		// Whole tensor groups first.
		if out, ok := take(f, cand, g, tp); ok {
			return out, true
		}
		out, _ := take(f, cand, g, 1)
		return out, true
	}
	return nil, false
}

// take fills g ranks server by server (cand order), each server giving a multiple of unit GPUs.
func take(f Free, cand []int, g, unit int) ([]int, bool) {
	var out []int
	left := g
	for _, sv := range cand {
		n := min(left, len(f.IDs[sv])/unit*unit)
		out = append(out, f.IDs[sv][:n]...)
		if left -= n; left == 0 {
			return out, true
		}
	}
	return nil, false
}

// FirstFit is the communication-oblivious placement: the lowest idle GPU ids of an allowed type,
// in id order, whatever servers they are on.
func FirstFit(f Free, j *core.Job) ([]int, bool) {
	for _, t := range f.Cluster.Types() {
		if !j.AllowsType(t) {
			continue
		}
		var out []int
		for sv, ids := range f.IDs {
			if f.Cluster.Servers[sv].Type != t {
				continue
			}
			for _, id := range ids {
				if len(out) < j.GPUs {
					out = append(out, id)
				}
			}
		}
		if len(out) == j.GPUs {
			return out, true
		}
	}
	return nil, false
}

// remove marks GPUs as taken in f.
func (f Free) remove(ids []int) {
	for _, g := range ids {
		sv := f.Cluster.ServerOf(g)
		f.IDs[sv] = slices.DeleteFunc(f.IDs[sv], func(x int) bool { return x == g })
	}
}
