package parallel

import (
	"fmt"

	"schedlab/core"
	"schedlab/core/sim"
)

// Speed is a sim.SpeedModel wrapper that multiplies Base's iteration time by the communication
// factor Work.Factor of the placement for jobs that declare their parallelism (core.Job.Par
// non-zero) and whose model is in Table. Base's time is read as the job's compute time per
// iteration on one GPU (a trace-given or profiled single-GPU iteration has no communication).
// Every other job keeps Base's speed exactly: pure data-parallel jobs from traces without
// parallelism info are not slowed, which keeps all existing results unchanged.
type Speed struct {
	Base  sim.SpeedModel
	Table *Table
}

// NewSpeed wraps base with the built-in shapes.
func NewSpeed(base sim.SpeedModel) Speed { return Speed{Base: base, Table: Builtin()} }

// Shaped implements sim.SpeedModel: a job whose parallelism is modelled depends on which servers
// its ranks land on; every other job gets Base's answer.
func (s Speed) Shaped(j *core.Job) bool {
	return (j.Par == (core.Parallelism{}) || j.GPUs <= 1) && s.Base.Shaped(j)
}

// IterTime implements sim.SpeedModel.
func (s Speed) IterTime(j *core.Job, p sim.Placement) (float64, string) {
	it, warn := s.Base.IterTime(j, p)
	if j.Par == (core.Parallelism{}) || j.GPUs <= 1 {
		return it, warn
	}
	sh, ok := s.Table.Lookup(j.Model)
	if !ok {
		if warn == "" {
			warn = fmt.Sprintf("model %q has no size in core/parallel: its communication is not modelled", j.Model)
		}
		return it, warn
	}
	w := sh.Work(j.Par, j.BatchSize)
	return it * w.Factor(LayoutOf(p)), warn
}

// LayoutOf turns an engine placement into a Layout: the server of each allocated GPU in rank
// order. Without GPU ids (the engine's reference placement) the ranks are packed onto servers of
// the first server's size; without a cluster the default bandwidths apply.
func LayoutOf(p sim.Placement) Layout {
	c := p.Cluster
	if c == nil || len(c.Servers) == 0 {
		per := (p.GPUs + max(1, p.Servers) - 1) / max(1, p.Servers)
		return Packed(p.GPUs, per, core.DefaultIntraGbps, core.DefaultInterGbps)
	}
	if p.GPUIDs == nil {
		sv := c.Servers[0]
		return Packed(p.GPUs, sv.GPUs, sv.IntraGbps, sv.InterGbps)
	}
	l := Layout{Server: make([]int, len(p.GPUIDs))}
	for k, g := range p.GPUIDs {
		l.Server[k] = c.ServerOf(g)
	}
	l.IntraGbps = func(sv int) float64 { return c.Servers[sv].IntraGbps }
	l.InterGbps = func(sv int) float64 { return c.Servers[sv].InterGbps }
	return l
}
