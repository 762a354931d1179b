package similarity

import (
	"schedlab/core/interference"
	"schedlab/core/sim"
)

// Packing (model-similarity+packing, the 2024 follow-up's extension) lets a small job join a GPU
// that already runs another small job. Our choices, since the follow-up's rules are not available:
//
//   - "small" means a 1-GPU job: Gavel measured co-location only for single-GPU pairs, so for
//     anything larger the slowdown would be an inference on top of an inference;
//   - a GPU holds at most two jobs (Gavel measured pairs; a third would rest on footprint estimates);
//   - the policy never reads a job's own co-location row: each job stands for its most similar
//     visible reference model (the same match that picks its GPU type), and the pair's slowdowns
//     are that reference pair's measured row (the oracle uses the true rows);
//   - a pair is packed only when the reference pair was measured as fitting and its predicted
//     combined normalised throughput exceeds min_combined (default 1: sharing must do more work than
//     time-slicing), and the engine's co-location model agrees that it fits (the memory check a
//     real scheduler gets from an out-of-memory error);
//   - a shared slot competes with the exclusive placements on the work it adds: the joining job's
//     predicted speed there × its slowdown, minus the co-runner's predicted loss, each as a fraction
//     of that job's speed on its best type — so a free GPU of the job's best type always wins.
type packer struct {
	model       *interference.Model
	minCombined float64
	byName      map[string]int // reference job type → co-location job type
}

func newPacker(minCombined float64) *packer {
	pk := &packer{model: interference.Gavel(), minCombined: minCombined, byName: map[string]int{}}
	for k := range interference.NumJobTypes() {
		pk.byName[interference.JobType(k)] = k
	}
	return pk
}

// colocType is the co-location job type that stands for j in pair predictions (-1 none): the
// nearest visible reference's for the similarity rule, the job's own for the oracle.
func (p *Policy) colocType(j *sim.JobState) int {
	e := p.estimateOf(j)
	if !e.known || j.Job.GPUs != 1 {
		return -1
	}
	name := e.match.Reference
	if p.rule == ruleSimilarity {
		if r, ok := p.pred.Lookup(name); ok {
			name = r.JobType
		}
	} else if prof, ok := p.table.Profile(name); ok {
		name = prof.JobType
	}
	if k, ok := p.pack.byName[name]; ok {
		return k
	}
	return -1
}

// bestThr is j's predicted speed on its best type (0 unknown).
func (p *Policy) bestThr(e *estimate) float64 {
	if e.match.Best == "" {
		return 0
	}
	return e.thr[p.typeIndex(e.match.Best)][0]
}

// shareCandidates lists the GPUs small job j may join: each runs exactly one other small job o
// whose reference pair with j's reference fits, with predicted combined normalised throughput above
// min_combined, and which the engine accepts. value is the work the placement adds (see packer).
func (p *Policy) shareCandidates(v *sim.View, j *sim.JobState) []candidate {
	kj := p.colocType(j)
	e := p.estimateOf(j)
	bj := p.bestThr(e)
	if kj < 0 || bj == 0 {
		return nil
	}
	cl := v.Cluster()
	var out []candidate
	for g := range cl.NumGPUs() {
		if v.Sharing(g) != 1 {
			continue
		}
		o := v.Job(int(v.Occupants(g)[0]))
		ko := p.colocType(o)
		t := cl.Servers[cl.ServerOf(g)].Type
		if ko < 0 || !j.Job.AllowsType(t) {
			continue
		}
		pj, _ := p.pack.model.Pair(t, kj, ko)
		po, _ := p.pack.model.Pair(t, ko, kj)
		if pj == 0 || po == 0 || pj+po <= p.pack.minCombined || !v.CanShare(j, g) {
			continue
		}
		eo := p.estimateOf(o)
		sj := p.score(e, t, false)
		so, bo := p.score(eo, t, false), p.bestThr(eo)
		if sj <= 0 || so <= 0 || bo == 0 {
			continue
		}
		out = append(out, candidate{typ: t, gpus: []int{g}, share: true, speed: sj * pj,
			value: sj*pj/bj - (1-po)*so/bo})
	}
	return out
}
