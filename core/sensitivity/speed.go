package sensitivity

import (
	"schedlab/core"
	"schedlab/core/sim"
)

// Speed is a sim.SpeedModel that makes a job's speed depend on the CPU cores and host memory it is
// given. It asks Base for the iteration time at the proportional share, moves it to the profile of
// the server's CPU:GPU ratio, and divides it by the allocation's speed-up (Profile.SpeedupAt).
// Jobs whose model has no profile run at Base's speed unchanged.
type Speed struct {
	Base    sim.SpeedModel
	Profile *Table // nil = no sensitivity: Base's speed unchanged (use NewSpeed for the built-ins)
}

// NewSpeed wraps base with the built-in profiles.
func NewSpeed(base sim.SpeedModel) Speed { return Speed{Base: base, Profile: Builtin()} }

// Shaped implements sim.SpeedModel: the profile reads the proportional share, the GPU count and
// the cores and GB per GPU.
func (s Speed) Shaped(j *core.Job) bool { return s.Base.Shaped(j) }

// IterTime implements sim.SpeedModel.
func (s Speed) IterTime(j *core.Job, p sim.Placement) (float64, string) {
	it, warn := s.Base.IterTime(j, p)
	t := s.Profile
	prof, ok := t.Lookup(j.Model, p.PropCPU)
	if !ok {
		return it, warn
	}
	if j.IterTime <= 0 && prof.Ratio != 3 {
		it = rebase(it, prof, t)
	}
	sp := prof.SpeedupAt(p.GPUs, p.CPUPerGPU, p.MemPerGPU)
	if sp == 1 {
		return it, warn
	}
	return it / sp, warn
}

// rebase moves a ratio-3 proportional-share iteration time to prof's ratio: exactly prof.IterTime
// when the base is the profile's own ratio-3 number, else scaled by the ratio of the two.
func rebase(it float64, prof *Profile, t *Table) float64 {
	base, ok := t.Lookup(prof.Model, 3)
	if !ok || base.IterTime <= 0 {
		return it
	}
	if it == base.IterTime {
		return prof.IterTime
	}
	return it * prof.IterTime / base.IterTime
}
