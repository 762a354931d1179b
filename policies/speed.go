package policies

import (
	"schedlab/core"
	"schedlab/core/sim"
)

// DefaultSpeed is the speed model every run uses: the registry's per-GPU-type profiles.
func DefaultSpeed(models *core.Models) sim.SpeedModel {
	return sim.ProfileSpeed{Models: models}
}
