package hetero

import (
	"fmt"

	"schedlab/core"
	"schedlab/core/sim"
)

// Speed is a sim.SpeedModel that runs the models of Table at their measured throughput for the
// placement's GPU type, GPU count and consolidation (one server, or spread over several); other
// jobs — unknown models, or jobs whose trace gives its own iteration time — go to Base.
//
// A multi-GPU placement the table lacks runs at the table's estimate (Table.Rate); a known model
// on a placement with neither a measurement nor an estimate gets Base's answer and a warning
// naming the gap. Call Check when a scenario loads so that neither happens silently at run time.
type Speed struct {
	Table *Table
	Base  sim.SpeedModel // nil = sim.ProfileSpeed over core.BuiltinModels()
}

// Shaped implements sim.SpeedModel: the table reads the type, the GPU count and the spread.
func (s Speed) Shaped(j *core.Job) bool {
	if s.Base == nil {
		return true // ProfileSpeed
	}
	return s.Base.Shaped(j)
}

// IterTime implements sim.SpeedModel: 1 / measured throughput, in seconds per iteration.
func (s Speed) IterTime(j *core.Job, p sim.Placement) (float64, string) {
	base := s.Base
	if base == nil {
		base = sim.ProfileSpeed{Models: core.BuiltinModels()}
	}
	if j.IterTime > 0 {
		return base.IterTime(j, p)
	}
	prof, ok := s.Table.Profile(j.Model)
	if !ok {
		return base.IterTime(j, p)
	}
	spread := p.Servers > 1
	if x, _, ok := s.Table.Rate(prof, p.Type, p.GPUs, spread); ok {
		return 1 / x, "" // an estimate was reported once by Check
	}
	it, warn := base.IterTime(j, p)
	msg := fmt.Sprintf("model %s has no measured throughput on %s", prof.Name, placementText(p.Type, p.GPUs, spread))
	if warn != "" {
		msg += " (" + warn + ")"
	} else {
		msg += ": using the base speed model"
	}
	return it, msg
}

func placementText(t core.GPUType, gpus int, spread bool) string {
	s := fmt.Sprintf("%d×%s", gpus, t)
	if gpus > 1 {
		if spread {
			s += " spread over servers"
		} else {
			s += " on one server"
		}
	}
	return s
}
