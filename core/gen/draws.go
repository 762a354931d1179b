package gen

import (
	"math"
	"math/rand/v2"

	"schedlab/core/detmath"
	"schedlab/core/hetero"
)

// poissonGap draws the next inter-arrival time of a Poisson process at rate jobs per hour, in
// whole seconds rounded up (ceil(-ln(1-U)/rate·3600), as the authors' Synergy generator does). math.Log is exact enough to agree
// natively and in wasm; only Exp/Pow need core/detmath.
func poissonGap(rng *rand.Rand, rate float64) float64 {
	return math.Ceil(-math.Log(1-rng.Float64()) / rate * 3600)
}

// phillyDraw draws a Philly-derived job's run time at the reference allocation (seconds) and its
// GPU count, in the order the Philly generator documents: U < 0.8 gives 60·10^(1.5 + 1.5U') s,
// else 60·10^(3 + U') s; then Gavel's Philly GPU distribution, whose draw is made even when
// multi is false (the job then gets 1 GPU) so that the other fields do not change.
func phillyDraw(rng *rand.Rand, multi bool) (dur float64, gpus int) {
	var exp10 float64
	if rng.Float64() < 0.8 {
		exp10 = 1.5 + 1.5*rng.Float64()
	} else {
		exp10 = 3 + rng.Float64()
	}
	dur = 60 * detmath.Pow10(exp10)
	gpus = phillyGPUs(rng.Float64())
	if !multi {
		gpus = 1
	}
	return dur, gpus
}

// profilesByGPUs lists, for each GPU count 1, 2, 4 and 8, the Gavel profiles for which ok holds
// at that count, in the table's order (the generators draw uniformly from these lists).
func profilesByGPUs(profiles []hetero.Profile, ok func(pr *hetero.Profile, gpus int) bool) [9][]*hetero.Profile {
	var out [9][]*hetero.Profile
	for _, g := range []int{1, 2, 4, 8} {
		for i := range profiles {
			if ok(&profiles[i], g) {
				out[g] = append(out[g], &profiles[i])
			}
		}
	}
	return out
}
