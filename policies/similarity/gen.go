package similarity

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"schedlab/core"
	"schedlab/core/detmath"
	"schedlab/core/hetero"
)

// GenConfig is the workload of the similarity scenarios: a batch of large-batch multi-GPU jobs
// over Gavel's job types.
type GenConfig struct {
	Jobs      int     // number of jobs (default 48)
	Rate      float64 // Poisson arrivals per hour; 0 = all submitted at t = 0 (default)
	MinHours  float64 // run time at the reference placement (consolidated V100), log-uniform
	MaxHours  float64 // between MinHours (default 0.5) and MaxHours (default 4)
	SingleGPU bool    // also draw 1-GPU jobs (and with them the 1-GPU-only job types)
}

// ParseGen parses "similarity[:jobs=N][,rate=R][,minh=H][,maxh=H][,single=true]".
func ParseGen(spec string) (GenConfig, error) {
	c := GenConfig{Jobs: 48, MinHours: 0.5, MaxHours: 4}
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	if name != "similarity" {
		return c, fmt.Errorf("generator %q: want similarity:...", spec)
	}
	if strings.TrimSpace(rest) == "" {
		return c, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return c, fmt.Errorf("generator similarity: %q: want key=value", kv)
		}
		var err error
		switch k {
		case "jobs":
			c.Jobs, err = strconv.Atoi(v)
			if err == nil && (c.Jobs <= 0 || c.Jobs > 1_000_000) {
				err = fmt.Errorf("want 1..1000000")
			}
		case "rate":
			c.Rate, err = strconv.ParseFloat(v, 64)
			if err == nil && !(c.Rate >= 0 && c.Rate < 1e6) {
				err = fmt.Errorf("want a rate ≥ 0")
			}
		case "minh":
			c.MinHours, err = strconv.ParseFloat(v, 64)
		case "maxh":
			c.MaxHours, err = strconv.ParseFloat(v, 64)
		case "single":
			c.SingleGPU, err = strconv.ParseBool(v)
		default:
			err = fmt.Errorf("unknown key (jobs, rate, minh, maxh, single)")
		}
		if err != nil {
			return c, fmt.Errorf("generator similarity: %s: %v", k, err)
		}
	}
	if !(c.MinHours > 0) || !(c.MaxHours >= c.MinHours) || c.MaxHours > 1e4 {
		return c, fmt.Errorf("generator similarity: minh, maxh: want 0 < minh ≤ maxh ≤ 10000")
	}
	return c, nil
}

// Generate draws the workload. GPU counts are 2, 4 or 8 (probabilities 0.4, 0.4, 0.2; with
// single=true 1 GPU takes 0.3 of the first share); the job type is uniform over Gavel's job types
// measured on every GPU type, consolidated and spread, at that count (this leaves out ResNet-50
// with batch 64 and 128, which Gavel did not measure spread over K80s); the iteration count
// gives a log-uniform run time at the consolidated V100 throughput. Deterministic in seed.
func Generate(c GenConfig, seed uint64) []core.Job {
	tb := hetero.Gavel()
	rng := rand.New(rand.NewPCG(seed, 0x51a1))
	eligible := map[int][]*hetero.Profile{}
	for _, g := range []int{1, 2, 4, 8} {
		for i := range tb.Profiles() {
			p := &tb.Profiles()[i]
			ok := true
			for _, t := range []core.GPUType{core.K80, core.P100, core.V100} {
				_, a := p.At(t, g, false)
				_, b := p.At(t, g, true)
				ok = ok && a && b
			}
			if ok {
				eligible[g] = append(eligible[g], p)
			}
		}
	}
	jobs := make([]core.Job, c.Jobs)
	var now float64
	for i := range jobs {
		if c.Rate > 0 && i > 0 {
			now += math.Ceil(-math.Log(1-rng.Float64()) / c.Rate * 3600)
		}
		u := rng.Float64()
		g := 8
		switch {
		case c.SingleGPU && u < 0.3:
			g = 1
		case u < 0.4:
			g = 2
		case u < 0.8:
			g = 4
		}
		list := eligible[g]
		p := list[rng.IntN(len(list))]
		hours := c.MinHours * detmath.Pow10(rng.Float64()*math.Log10(c.MaxHours/c.MinHours))
		thr, _ := p.At(core.V100, g, false)
		_, bs := hetero.SplitJobType(p.JobType)
		jobs[i] = core.Job{ID: fmt.Sprintf("sim-%04d", i), Submit: core.FromSeconds(now), GPUs: g,
			Iterations: max(1, int64(hours*3600*thr)), Model: p.Name, BatchSize: bs}
	}
	return jobs
}
