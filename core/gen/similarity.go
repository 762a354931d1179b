package gen

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"schedlab/core"
	"schedlab/core/detmath"
	"schedlab/core/hetero"
)

// Similarity is the workload of the model-similarity scenarios (Thanapol et al., ACIIDS 2023): a
// batch of large-batch multi-GPU jobs over Gavel's job types (profiles=gavel) or Zeus' (zeus).
// GPU counts are 2, 4 or 8 (probabilities 0.4, 0.4, 0.2; with single=true 1 GPU takes 0.3 of the
// first share); the job type is uniform over the profiles measured on every GPU type,
// consolidated and spread, at that count (for Gavel this leaves out ResNet-50 with batch 64 and
// 128, which Gavel did not measure spread over K80s; for Zeus, every (model, batch) of the upper
// half of its model's measured batch sizes — the 2023 abstract's "large batch size" — with the
// multi-GPU throughputs of hetero.ZeusScaling); the iteration count gives a log-uniform run time
// between minh and maxh hours at the consolidated V100 throughput (V100 is in both sets); arrivals
// are all at t = 0, or Poisson at `rate` jobs per hour.
type Similarity struct{}

// Name implements Generator.
func (Similarity) Name() string { return "similarity" }

// Doc implements Generator.
func (Similarity) Doc() string {
	return "multi-GPU jobs over Gavel's job types (K80/P100/V100 profiles) for the model-similarity scenarios"
}

// Keys implements Generator.
func (Similarity) Keys() []Key {
	return []Key{
		{"jobs", "48", "number of jobs (1 … 1,000,000)"},
		{"rate", "0", "Poisson arrivals per hour; 0 = all submitted at t = 0"},
		{"minh", "0.5", "shortest run time at the reference placement (consolidated V100), hours"},
		{"maxh", "4", "longest run time, hours (log-uniform between minh and maxh)"},
		{"single", "false", "also draw 1-GPU jobs"},
		{"profiles", "gavel", "job types and throughputs: gavel (K80/P100/V100) or zeus (A40/V100/RTX6000/P100)"},
	}
}

// Generate implements Generator.
func (Similarity) Generate(p Params, seed uint64, _ *core.Models) ([]core.Job, error) {
	r := p.reader()
	n := r.Int("jobs", 1, 1_000_000)
	rate := r.Float("rate", 0, 1e6)
	minH := r.Float("minh", 1e-6, 1e4)
	maxH := r.Float("maxh", minH, 1e4)
	single := r.Bool("single")
	set := r.OneOf("profiles", "gavel", "zeus")
	if r.err != nil {
		return nil, r.err
	}
	rng := rand.New(rand.NewPCG(seed, 0x51a1))
	profiles, types := hetero.Gavel().Profiles(), []core.GPUType{core.K80, core.P100, core.V100}
	if set == "zeus" {
		profiles, types = largeBatch(hetero.Zeus().Profiles()), hetero.ZeusTypes[:]
	}
	eligible := profilesByGPUs(profiles, func(pr *hetero.Profile, g int) bool {
		for _, t := range types {
			_, a := pr.At(t, g, false)
			_, b := pr.At(t, g, true)
			if !a || !b {
				return false
			}
		}
		return true
	})
	jobs := make([]core.Job, n)
	var now float64
	for i := range jobs {
		if rate > 0 && i > 0 {
			now += poissonGap(rng, rate)
		}
		u := rng.Float64()
		g := 8
		switch {
		case single && u < 0.3:
			g = 1
		case u < 0.4:
			g = 2
		case u < 0.8:
			g = 4
		}
		list := eligible[g]
		pr := list[rng.IntN(len(list))]
		hours := minH * detmath.Pow10(rng.Float64()*detmath.Log10(maxH/minH))
		thr, _ := pr.At(core.V100, g, false)
		_, bs := hetero.SplitJobType(pr.JobType)
		jobs[i] = core.Job{ID: fmt.Sprintf("sim-%04d", i), Submit: core.FromSeconds(now), GPUs: g,
			Iterations: max(1, int64(hours*3600*thr)), Model: pr.Name, BatchSize: bs}
	}
	return jobs, nil
}

// largeBatch keeps, of each model's profiles, those in the upper half of its batch sizes (the
// larger half when the count is odd rounds down: 9 sizes keep the largest 5).
func largeBatch(profiles []hetero.Profile) []hetero.Profile {
	sizes := map[string][]int{}
	for _, p := range profiles {
		fam, bs := hetero.SplitJobType(p.JobType)
		sizes[fam] = append(sizes[fam], bs)
	}
	var out []hetero.Profile
	for _, p := range profiles {
		fam, bs := hetero.SplitJobType(p.JobType)
		all := sizes[fam]
		slices.Sort(all)
		if bs >= all[len(all)/2] {
			out = append(out, p)
		}
	}
	return out
}
