package gen

import (
	"math"

	"schedlab/core/detmath"
	"schedlab/core/pyrand"
)

// authorsDraws is the random stream of the Synergy authors' simulator (msr-fiddle/synergy@1bb2bed6,
// msr-fiddle/synergy@1bb2bed6 simulator/jobs/workload.py), rebuilt draw for draw with CPython's random module (core/pyrand). The authors
// seeded random twice with the same seed: once before parsing their pool of Philly jobs, each of
// which drew its duration in pool order (stream D), and again before the simulation, which drew
// each job's arrival and an ignored model-zoo randint (stream A). Job k takes pooled job k.
type authorsDraws struct {
	durations, arrivals *pyrand.Rand
	rate                float64
}

func newAuthorsDraws(seed uint64, rate float64) *authorsDraws {
	return &authorsDraws{durations: pyrand.NewUint64(seed), arrivals: pyrand.NewUint64(seed), rate: rate}
}

// next returns job k's gap to job k-1's arrival in whole seconds and its duration at the
// proportional share in seconds.
//
// The arithmetic is the authors' own, operation for operation, so that the integers derived from
// it agree with CPython's: poisson_next_arrival_time is ceil((-ln(1-U)/rate)·60·60) (two products,
// not one by 3600), get_gavel_like_iter is 60·10^uniform(3, 4) when U ≥ 0.8 and 60·10^uniform(1.5, 3)
// otherwise. math.Log and C's log agree here; 10^x goes through detmath.Pow10, which may differ
// from C's pow in the last bit, but no ceiled gap or truncated iteration count of seeds 1-10 and
// 42 changes (synergy_authors_test.go compares all of them with python3's).
func (d *authorsDraws) next() (gap, dur float64) {
	var exp10 float64
	if d.durations.Random() >= 0.8 {
		exp10 = d.durations.Uniform(3, 4)
	} else {
		exp10 = d.durations.Uniform(1.5, 3)
	}
	dur = 60 * detmath.Pow10(exp10)
	hours := -math.Log(1.0-d.arrivals.Random()) / d.rate
	gap = math.Ceil(hours * 60 * 60)
	// ModelZoo.get_job_class draws randint(0, len(zoo)-1) over its ten models and ignores it
	// under the OVERALL assignment; the draw still moves the stream. It cannot fail.
	_, _ = d.arrivals.Randint(0, 9)
	return gap, dur
}
