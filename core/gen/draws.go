package gen

import (
	"math"
	"math/rand/v2"

	"schedlab/core/hetero"
)

// poissonGap draws the next inter-arrival time of a Poisson process at rate jobs per hour, in
// whole seconds rounded up (spec §1: ceil(-ln(1-U)/rate·3600)). math.Log is exact enough to agree
// natively and in wasm; only Exp/Pow need core/detmath.
func poissonGap(rng *rand.Rand, rate float64) float64 {
	return math.Ceil(-math.Log(1-rng.Float64()) / rate * 3600)
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
