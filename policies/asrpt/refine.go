package asrpt

import (
	"schedlab/core"
	"schedlab/core/parallel"
)

// maxRefinePasses bounds the Kernighan–Lin passes of Refine (each pass that improves α starts
// another; in practice two or three suffice).
const maxRefinePasses = 8

// Refine is our optional cut refinement of the mapping, in Kernighan–Lin form, applied to a
// placement ids (rank order) of a job whose iteration time is w.Alpha. Only a rank's server
// matters to α, so the moves are: swap the servers of two ranks, or move a rank to another
// server of the same GPU type that still has an idle GPU in f (KL's dummy vertices). A pass makes
// the best move among unlocked ranks even when it makes α worse, locks the ranks it moved, and
// continues until every rank is locked; then it keeps the prefix of moves with the lowest α and
// undoes the rest. Passes repeat while they improve α. Ties go to the first move in rank and
// server order, so the result is deterministic. Moves are ranked by α, then by the weighted cut
// (bytes per iteration crossing servers, KL's classic objective). Why: the greedy fill keeps tensor groups whole
// but can cut pipelines and replicas (a 3×2 dp×pp job on servers with 3 free GPUs each splits a
// replica's two stages); KL repairs such cuts, at the price of using more servers sometimes.
// It returns the GPU ids in rank order (ids itself when nothing improves).
func Refine(f Free, ids []int, w parallel.Work) []int {
	c := f.Cluster
	g := len(ids)
	srv := make([]int, g)
	for k, id := range ids {
		srv[k] = c.ServerOf(id)
	}
	typ := c.Servers[srv[0]].Type
	// room[s]: idle GPUs of server s not used by the placement.
	room := make([]int, len(c.Servers))
	for s := range f.IDs {
		if c.Servers[s].Type == typ {
			room[s] = len(f.IDs[s])
		}
	}
	for _, s := range srv {
		room[s]--
	}
	l := parallel.Layout{Server: srv}
	l.IntraGbps = func(sv int) float64 { return c.Servers[sv].IntraGbps }
	l.InterGbps = func(sv int) float64 { return c.Servers[sv].InterGbps }
	edges := w.Graph()
	cut := func() float64 { // bytes per iteration crossing servers
		b := 0.0
		for _, e := range edges {
			if srv[e.U] != srv[e.V] {
				b += e.Bytes
			}
		}
		return b
	}
	start := w.Alpha(l)
	cur0, cut0 := start, cut()
	type move struct{ a, b, s int } // b ≥ 0: swap ranks a and b; else move a to server s
	apply := func(m move) move {    // returns the inverse move
		if m.b >= 0 {
			srv[m.a], srv[m.b] = srv[m.b], srv[m.a]
			return m
		}
		from := srv[m.a]
		room[from]++
		room[m.s]--
		srv[m.a] = m.s
		return move{a: m.a, b: -1, s: from}
	}
	locked := make([]bool, g)
	var undo []move
	for range maxRefinePasses {
		clear(locked)
		undo = undo[:0]
		best, bestCut, bestLen := cur0, cut0, 0
		curA, curC := cur0, cut0
		for {
			found, bm, ba, bc := false, move{}, 0.0, 0.0
			try := func(m move) {
				inv := apply(m)
				// A move that changes neither α nor the cut (two ranks of the same role in
				// symmetric replicas) would only lock vertices: skip it.
				if a, x := w.Alpha(l), cut(); (better(a, x, curA, curC) || better(curA, curC, a, x)) && (!found || better(a, x, ba, bc)) {
					found, bm, ba, bc = true, m, a, x
				}
				apply(inv)
			}
			for a := range g {
				if locked[a] {
					continue
				}
				for b := a + 1; b < g; b++ {
					if !locked[b] && srv[b] != srv[a] {
						try(move{a: a, b: b})
					}
				}
				for s := range room {
					if room[s] > 0 && s != srv[a] {
						try(move{a: a, b: -1, s: s})
					}
				}
			}
			if !found {
				break
			}
			undo = append(undo, apply(bm))
			curA, curC = ba, bc
			locked[bm.a] = true
			if bm.b >= 0 {
				locked[bm.b] = true
			}
			if better(ba, bc, best, bestCut) {
				best, bestCut, bestLen = ba, bc, len(undo)
			}
		}
		for k := len(undo) - 1; k >= bestLen; k-- {
			apply(undo[k])
		}
		if bestLen == 0 {
			break
		}
		cur0, cut0 = best, bestCut
	}
	if !(cur0 < start) {
		return ids
	}
	// Hand out each server's idle GPUs (lowest first) to its ranks in rank order.
	next := make([]int, len(c.Servers))
	out := make([]int, g)
	for k, s := range srv {
		out[k] = f.IDs[s][next[s]]
		next[s]++
	}
	return out
}

// better orders (α, cut) pairs: lower α, then fewer bytes crossing servers. The cut breaks α's
// plateaus: α is a maximum over groups, so a single move rarely lowers it, while the cut (KL's own
// objective) tells which of the α-neutral moves lead somewhere.
func better(a, x, b, y float64) bool {
	const eps = 1e-12
	if a < b*(1-eps) {
		return true
	}
	return a <= b*(1+eps) && x < y*(1-eps)
}

// refineFor refines ids for job j when its shape is known and it spans servers.
func (p *Policy) refineFor(f Free, j *core.Job, ids []int) []int {
	if j.Par == (core.Parallelism{}) || len(ids) <= 1 {
		return ids
	}
	sh, ok := p.shapes.Lookup(j.Model)
	if !ok {
		return ids
	}
	c := f.Cluster
	first := c.ServerOf(ids[0])
	for _, id := range ids[1:] {
		if c.ServerOf(id) != first {
			return Refine(f, ids, sh.Work(j.Par, j.BatchSize))
		}
	}
	return ids
}
