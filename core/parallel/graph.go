package parallel

import "schedlab/core"

// Work is a job's per-iteration work under its parallelism: the compute of one GPU and the bytes
// of each collective. Rank k of the job is (replica r, stage s, tensor rank t) with
// k = (r·PP + s)·TP + t: tensor ranks vary fastest, then stages, then replicas.
type Work struct {
	Par     core.Parallelism // degrees, all ≥ 1
	Comp    float64          // compute seconds per iteration on one GPU, pipeline bubble included
	TPBytes float64          // all-reduced per tensor group per iteration (activations, every layer)
	PPBytes float64          // sent across each stage boundary per iteration (activations + gradients)
	DPBytes float64          // all-reduced per data-parallel group per iteration (the stage's gradient shard)
}

// Norm returns p with the zero value read as pure data parallelism over gpus GPUs.
func Norm(p core.Parallelism, gpus int) core.Parallelism {
	if p == (core.Parallelism{}) {
		return core.Parallelism{DP: gpus, PP: 1, TP: 1}
	}
	return p
}

// Work returns the per-iteration work of a job of this shape with parallelism p (non-zero) and
// per-replica micro-batch `batch` (0 = the shape's).
//
//   - compute: CompSec scaled by batch, split over the TP·PP GPUs of a replica, times the pipeline
//     bubble 1 + (PP−1)/m (GPipe, Huang et al. 2019);
//   - tensor: 4 all-reduces per layer per micro-batch (2 forward, 2 backward) of b·s·h fp16 values
//     (Megatron-LM, Shoeybi et al. 2019, §3), over the stage's Layers/PP layers;
//   - pipeline: the b·s·h fp16 activation forward and its gradient backward per micro-batch;
//   - data: the stage's parameter shard Params/(PP·TP) at GradBytes per value.
func (s *Shape) Work(p core.Parallelism, batch int) Work {
	if batch <= 0 {
		batch = s.MicroBatch
	}
	m := max(1, s.MicroBatches)
	w := Work{Par: p}
	scale := float64(batch) / float64(max(1, s.MicroBatch))
	w.Comp = s.CompSec * scale / float64(p.TP*p.PP) * (1 + float64(p.PP-1)/float64(m))
	act := float64(batch*s.SeqLen*s.Hidden) * fp16
	if p.TP > 1 && s.Layers > 0 {
		w.TPBytes = 4 * float64(s.Layers) / float64(p.PP) * float64(m) * act
	}
	if p.PP > 1 {
		w.PPBytes = 2 * float64(m) * act
	}
	if p.DP > 1 {
		w.DPBytes = s.Params / float64(p.PP*p.TP) * float64(s.GradBytes)
	}
	return w
}

// Edge is one edge of the job graph: bytes per iteration between ranks U < V.
type Edge struct {
	U, V  int
	Bytes float64
}

// Graph returns the job graph: each collective as a ring over its members (a ring all-reduce
// of B bytes among k members moves 2(k−1)/k · B over each ring edge; a 2-member ring is one edge
// carrying that amount), and pipeline edges between consecutive stages of the same replica and
// tensor rank.
func (w Work) Graph() []Edge {
	p := w.Par
	var out []Edge
	ring := func(members []int, bytes float64) {
		k := len(members)
		if k < 2 || bytes == 0 {
			return
		}
		per := ringFactor(k) * bytes
		for i := range members {
			u, v := members[i], members[(i+1)%k]
			if k == 2 && i == 1 {
				break
			}
			out = append(out, Edge{U: min(u, v), V: max(u, v), Bytes: per})
		}
	}
	for _, g := range w.groups(tpGroup) {
		ring(g, w.TPBytes)
	}
	for _, g := range w.groups(dpGroup) {
		ring(g, w.DPBytes)
	}
	if w.PPBytes > 0 {
		for r := range p.DP {
			for s := 0; s+1 < p.PP; s++ {
				for t := range p.TP {
					out = append(out, Edge{U: rank(p, r, s, t), V: rank(p, r, s+1, t), Bytes: w.PPBytes})
				}
			}
		}
	}
	return out
}

type groupKind uint8

const (
	tpGroup groupKind = iota
	dpGroup
)

func rank(p core.Parallelism, r, s, t int) int { return (r*p.PP+s)*p.TP + t }

// groups lists the members of every tensor group ((r, s) fixed) or data-parallel group ((s, t)
// fixed).
func (w Work) groups(kind groupKind) [][]int {
	p := w.Par
	var out [][]int
	switch kind {
	case tpGroup:
		for r := range p.DP {
			for s := range p.PP {
				g := make([]int, p.TP)
				for t := range p.TP {
					g[t] = rank(p, r, s, t)
				}
				out = append(out, g)
			}
		}
	case dpGroup:
		for s := range p.PP {
			for t := range p.TP {
				g := make([]int, p.DP)
				for r := range p.DP {
					g[r] = rank(p, r, s, t)
				}
				out = append(out, g)
			}
		}
	}
	return out
}
