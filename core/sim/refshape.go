package sim

import "schedlab/core"

// refShape is the shape of the reference placement (refPlacement) of a job that allows any GPU
// type: the cluster's first server, with per its GPUs. ok is false on a cluster without servers
// (or whose first has no GPUs).
type refShape struct {
	ok       bool
	typ      core.GPUType
	per      int
	cpu, mem float64 // the first server's proportional share per GPU
}

func newRefShape(c *core.Cluster) refShape {
	if len(c.Servers) == 0 || c.Servers[0].GPUs <= 0 {
		return refShape{}
	}
	sv := c.Servers[0]
	per := float64(sv.GPUs) // (as refPlacement divides)
	return refShape{ok: true, typ: sv.Type, per: sv.GPUs, cpu: sv.CPUs / per, mem: sv.MemGB / per}
}

// noteRef keeps the speed model's answer it for j on shape sh as j's reference iteration time
// (alone, View.RefIterTime) when sh is the shape of j's reference placement and the model says
// j's time depends on nothing else (SpeedModel.Shaped): most jobs start on a placement of the
// reference shape, so Result need not ask the model a second time per job (7 % of a FIFO run of
// a million jobs under wasm). The answer is the one asking would give, so no result changes.
func (s *Sim) noteRef(j *JobState, sh *shape, it float64) {
	r := &s.ref
	if j.refIter != 0 || !r.ok || len(j.Job.GPUTypes) > 0 {
		return
	}
	if sh.typ == r.typ && sh.servers == (j.Job.GPUs+r.per-1)/r.per && sh.cpu == r.cpu && sh.mem == r.mem &&
		sh.propCPU == r.cpu && sh.propMem == r.mem && s.shaped(j) {
		j.refIter = it
	}
}
