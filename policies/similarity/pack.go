package similarity

import (
	"schedlab/core"
	"schedlab/core/interference"
	"schedlab/core/sim"
)

// Packing (model-similarity+packing, the 2024 follow-up's extension) lets a small job join the
// GPUs of another small job. Our choices, since the follow-up's rules are not available:
//
//   - "small" means a job whose reference model's GPU-memory footprint (core/interference's
//     documented estimate) is at most half of the GPU type's memory, so that two fit side by side;
//   - a job joins exactly the GPUs of one running job with the same GPU count, each of which runs
//     that job alone (two 4-GPU ResNet-18 gangs share four GPUs task by task); so a GPU holds at
//     most two jobs — Gavel measured pairs, a third would rest on footprint estimates;
//   - slowdowns are Gavel's single-GPU pair rows; for a gang they are the engine's documented
//     inference (each task slowed like its single-GPU job type);
//   - the policy never reads a job's own co-location row: each job stands for its most similar
//     visible reference model (the same match that picks its GPU type), and the pair's slowdowns
//     are that reference pair's measured row (the oracle uses the true rows);
//   - a pair is packed only when the reference pair was measured as fitting and its predicted
//     combined normalised throughput exceeds min_combined (default 1: sharing must do more work than
//     time-slicing), and the engine's co-location model agrees that it fits (the memory check a
//     real scheduler gets from an out-of-memory error);
//   - a shared slot competes with the exclusive placements on the work it adds: the joining job's
//     predicted speed there × its slowdown, minus the co-runner's predicted loss, each as a fraction
//     of that job's speed on its best type — so a free placement on the job's best type always wins.
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
// nearest visible reference's for the similarity rule, the job's own for the oracle. Memoised.
func (p *Policy) colocType(j *sim.JobState) int {
	e := p.estimateOf(j)
	if !e.colocOK {
		e.coloc, e.colocOK = int32(p.lookupColoc(e)), true
	}
	return int(e.coloc)
}

// lookupColoc finds the co-location job type of e's reference (-1 none).
func (p *Policy) lookupColoc(e *estimate) int {
	if !e.known {
		return -1
	}
	name := e.match.Reference
	if p.rule == ruleSimilarity {
		if _, r, ok := p.lookup(name); ok {
			name = r.JobType
		}
	} else if _, prof, ok := p.profile(name); ok {
		name = prof.JobType
	}
	if k, ok := p.pack.byName[name]; ok {
		return k
	}
	return -1
}

// small reports whether co-location job type k counts as small on GPU type t.
func small(k int, t core.GPUType) bool {
	return k >= 0 && interference.Footprint(k) <= t.MemGB()/2
}

// bestThr is j's predicted speed on its best type (0 unknown).
func (p *Policy) bestThr(e *estimate) float64 {
	if e.match.Best == "" {
		return 0
	}
	return e.thr[p.typeIndex(e.match.Best)][0]
}

// shareCandidates lists the placements job j may take by joining the GPUs of a running job o with
// the same GPU count that runs alone there, both small, whose reference pair fits with predicted
// combined normalised throughput above min_combined, and which the engine accepts. value is the
// work the placement adds (see packer).
func (p *Policy) shareCandidates(v *sim.View, j *sim.JobState) []candidate {
	kj := p.colocType(j)
	e := p.estimateOf(j)
	bj := p.bestThr(e)
	if kj < 0 || bj == 0 {
		return nil
	}
	var out []candidate
	for o := range v.Running() {
		t := o.GPUType()
		ko := p.colocType(o)
		if o.Job.GPUs != j.Job.GPUs || !small(kj, t) || !small(ko, t) || !j.Job.AllowsType(t) {
			continue
		}
		pj, _ := p.pack.model.Pair(t, kj, ko)
		po, _ := p.pack.model.Pair(t, ko, kj)
		if pj == 0 || po == 0 || pj+po <= p.pack.minCombined {
			continue
		}
		ok := true
		for _, g := range o.GPUsHeld() {
			ok = ok && v.Sharing(int(g)) == 1 && v.CanShare(j, int(g))
		}
		if !ok {
			continue
		}
		spread := spans(v, o) > 1
		eo := p.estimateOf(o)
		sj := p.score(e, t, spread)
		so, bo := p.score(eo, t, spread), p.bestThr(eo)
		if sj <= 0 || so <= 0 || bo == 0 {
			continue
		}
		gpus := make([]int, len(o.GPUsHeld()))
		for i, g := range o.GPUsHeld() {
			gpus[i] = int(g)
		}
		out = append(out, candidate{typ: t, gpus: gpus, spread: spread, share: true, speed: sj * pj,
			value: sj*pj/bj - (1-po)*so/bo})
	}
	return out
}
