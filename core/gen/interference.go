package gen

import (
	"fmt"
	"math"
	"math/rand/v2"

	"schedlab/core"
	"schedlab/core/detmath"
	"schedlab/core/hetero"
)

// Interference is the workload of the GPU-sharing scenarios (Geng et al., Cluster Computing 2020):
// Poisson arrivals of jobs over Gavel's 26 job types, whose co-location slowdowns were measured
// (core/interference).
//
//   - inter-arrival: exponential at rate jobs/hour, rounded up to whole seconds;
//   - GPUs: Gavel's Philly distribution (U < 0.7 → 1, < 0.8 → 2, < 0.95 → 4, else 8), or 1 with
//     multigpu=false; the draw is made either way;
//   - job type: uniform over the types measured consolidated on V100 at that GPU count (all 26
//     for 1 GPU, 19 for more);
//   - run time at the reference placement (consolidated V100, alone): log-uniform in
//     [minh, maxh] hours, turned into iterations with Gavel's measured throughput.
type Interference struct{}

// Name implements Generator.
func (Interference) Name() string { return "interference" }

// Doc implements Generator.
func (Interference) Doc() string {
	return "Poisson arrivals over Gavel's 26 job types (measured co-location pairs) for the GPU-sharing scenarios"
}

// Keys implements Generator.
func (Interference) Keys() []Key {
	return []Key{
		{"jobs", "400", "number of jobs (1 … 1,000,000)"},
		{"rate", "12", "Poisson arrivals per hour (> 0)"},
		{"minh", "0.25", "shortest run time at the reference placement (consolidated V100, alone), hours"},
		{"maxh", "8", "longest run time, hours (log-uniform between minh and maxh)"},
		{"multigpu", "true", "false gives every job 1 GPU"},
	}
}

// Generate implements Generator.
func (Interference) Generate(p Params, seed uint64, _ *core.Models) ([]core.Job, error) {
	r := p.reader()
	n := r.Int("jobs", 1, 1_000_000)
	rate := r.Float("rate", 1e-6, 1e6)
	minH := r.Float("minh", 1e-6, 1e4)
	maxH := r.Float("maxh", minH, 1e4)
	multi := r.Bool("multigpu")
	if r.err != nil {
		return nil, r.err
	}
	eligible := profilesByGPUs(hetero.Gavel().Profiles(), func(pr *hetero.Profile, g int) bool {
		_, ok := pr.At(core.V100, g, false)
		return ok
	})
	rng := rand.New(rand.NewPCG(seed, 0x636f6c6f63)) // "coloc"
	jobs := make([]core.Job, n)
	var now float64
	for i := range jobs {
		if i > 0 {
			now += poissonGap(rng, rate)
		}
		g := phillyGPUs(rng.Float64())
		if !multi {
			g = 1
		}
		list := eligible[g]
		pr := list[rng.IntN(len(list))]
		hours := minH * detmath.Pow10(rng.Float64()*math.Log10(maxH/minH))
		thr, _ := pr.At(core.V100, g, false)
		_, bs := hetero.SplitJobType(pr.JobType)
		jobs[i] = core.Job{ID: fmt.Sprintf("co-%04d", i), Submit: core.FromSeconds(now), GPUs: g,
			Iterations: max(1, int64(hours*3600*thr)), Model: pr.Name, BatchSize: bs}
	}
	return jobs, nil
}
