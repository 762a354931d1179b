package similarity

import (
	"schedlab/core"
	"schedlab/core/sim"
)

// candidate is one way to place a job now: GPUs of one type, on one server or spread, or (share)
// one GPU that already runs a small job, with the joining job's predicted speed there and the
// work the placement adds (see packer).
type candidate struct {
	typ    core.GPUType
	gpus   []int
	spread bool
	share  bool
	speed  float64
	value  float64
}

// candidates lists, for each GPU type of the cluster the job may use (cluster order), the best
// placement available now: the fullest server of that type that holds the whole gang (best fit,
// keeps large holes for large jobs), else the gang spread over the servers of that type with the
// most free GPUs first (fewest servers). Types without room are left out. types are the cluster's
// (Cluster.Types, kept by the policy: a decision asks for candidates per pending job).
func candidates(v *sim.View, types []core.GPUType, j *core.Job) []candidate {
	cl := v.Cluster()
	out := make([]candidate, 0, len(types))
	for _, t := range types {
		if !j.AllowsType(t) {
			continue
		}
		best, free := -1, 0
		for i, sv := range cl.Servers {
			if sv.Type != t {
				continue
			}
			f := v.FreeOn(i)
			free += f
			if f >= j.GPUs && (best < 0 || f < v.FreeOn(best)) {
				best = i
			}
		}
		switch {
		case best >= 0:
			out = append(out, candidate{typ: t, gpus: takeFree(v, best, j.GPUs, make([]int, 0, j.GPUs))})
		case free >= j.GPUs:
			var order []int
			for i, sv := range cl.Servers {
				if sv.Type == t && v.FreeOn(i) > 0 {
					order = append(order, i)
				}
			}
			// most free first; ties in cluster order (insertion sort keeps it stable)
			for a := 1; a < len(order); a++ {
				for b := a; b > 0 && v.FreeOn(order[b]) > v.FreeOn(order[b-1]); b-- {
					order[b], order[b-1] = order[b-1], order[b]
				}
			}
			gpus := make([]int, 0, j.GPUs)
			for _, sv := range order {
				gpus = takeFree(v, sv, min(j.GPUs-len(gpus), v.FreeOn(sv)), gpus)
				if len(gpus) == j.GPUs {
					break
				}
			}
			out = append(out, candidate{typ: t, gpus: gpus, spread: true})
		}
	}
	return out
}

// takeFree appends the n lowest free GPU ids of server sv to out.
func takeFree(v *sim.View, sv, n int, out []int) []int {
	s := v.Cluster().Servers[sv]
	for g := s.FirstGPU; g < s.FirstGPU+s.GPUs && n > 0; g++ {
		if v.IsFree(g) {
			out = append(out, g)
			n--
		}
	}
	return out
}

// generation ranks GPU types newest first for fastest-gpu-first (release years: A100 2020,
// A40/A10 2021 but lower-end, RTX6000 2018, V100 2017, T4 2018 inference part, P100 2016, K80 2014).
var generation = [...]core.GPUType{core.A100, core.A40, core.A10, core.RTX6000, core.V100M32, core.V100, core.T4, core.P100, core.K80}

func genRank(t core.GPUType) int {
	for i, g := range generation {
		if g == t {
			return i
		}
	}
	return len(generation)
}
