package gen

import (
	"math"
	"math/rand/v2"

	"schedlab/core"
	"schedlab/core/detmath"
	"schedlab/core/parallel"
)

// Recurring is the workload of the A-SRPT scenarios (Luo et al., INFOCOM 2025): mixed-parallel
// training jobs that recur. Each job belongs to one of the documented RecurringGroups — a model of
// core/parallel, a parallelism (dp, pp, tp), a user and a typical length — chosen with the group's
// weight. For job i, from the generator's own stream:
//
//   - arrival: Poisson at `rate` jobs per hour (ceil of the exponential gap, in seconds);
//   - group: weighted draw over the first `groups` groups;
//   - per-replica micro-batch: the model's, halved or doubled with probability 1/4 each (a run
//     that changes its batch covers the same epochs in proportionally fewer or more iterations);
//   - iterations = group mean × (model batch / batch) × e^(σ·Z), Z standard normal (Marsaglia's
//     polar method; detmath.Exp), σ = `sigma` ≥ 0.3;
//   - IterTime: the model's compute time per iteration on one GPU (parallel.Work.Comp), so the
//     speed chain's communication factor gives the placement's iteration time.
//
// The group mean is the typical length in hours at the consolidated placement (8-GPU servers,
// default bandwidths) divided by that placement's iteration time.
type Recurring struct{}

// recurringStream is this generator's PCG stream ("recur" in ASCII).
const recurringStream = 0x7265637572

// RecurringGroup is one recurrence group: the same training job resubmitted by one user.
type RecurringGroup struct {
	Tag    string
	User   string
	Model  string // a core/parallel shape
	Par    core.Parallelism
	Hours  float64 // typical length at the consolidated placement
	Weight float64 // relative share of submissions
}

// RecurringGroups are the built-in groups: small data-parallel CNN/Transformer jobs (calibrated on
// Gavel) submitted often, BERT-large fine-tuning/pre-training with tensor and pipeline parallelism,
// GPT-2 XL and Megatron-8.3B runs spanning servers. Sizes of the models: core/parallel.Builtin.
func RecurringGroups() []RecurringGroup {
	return []RecurringGroup{
		{"r50-sweep", "u01", "resnet50-dp", core.Parallelism{DP: 4, PP: 1, TP: 1}, 1.5, 3},
		{"r18-nightly", "u02", "resnet18-dp", core.Parallelism{DP: 8, PP: 1, TP: 1}, 2, 2},
		{"tf-wmt", "u03", "transformer-dp", core.Parallelism{DP: 4, PP: 1, TP: 1}, 3, 2},
		{"bert-pretrain", "u04", "bert-large", core.Parallelism{DP: 4, PP: 1, TP: 2}, 4, 2},
		{"bert-finetune", "u05", "bert-large", core.Parallelism{DP: 2, PP: 1, TP: 1}, 0.75, 3},
		{"gpt2-dp-pp-tp", "u06", "gpt2-xl", core.Parallelism{DP: 2, PP: 2, TP: 4}, 6, 1},
		{"gpt2-pp-tp", "u07", "gpt2-xl", core.Parallelism{DP: 1, PP: 2, TP: 4}, 5, 1},
		{"megatron-8b", "u08", "megatron-8.3b", core.Parallelism{DP: 1, PP: 2, TP: 8}, 8, 0.5},
		{"tf-small", "u09", "transformer-dp", core.Parallelism{DP: 2, PP: 1, TP: 1}, 0.5, 3},
		{"r18-debug", "u10", "resnet18-dp", core.Parallelism{DP: 2, PP: 1, TP: 1}, 0.3, 3},
		{"gpt2-dp-tp", "u06", "gpt2-xl", core.Parallelism{DP: 4, PP: 1, TP: 2}, 3, 1},
		{"bert-pp-tp", "u04", "bert-large", core.Parallelism{DP: 1, PP: 4, TP: 2}, 2, 1},
	}
}

// Name implements Generator.
func (Recurring) Name() string { return "recurring" }

// Doc implements Generator.
func (Recurring) Doc() string {
	return "recurring mixed-parallel jobs (documented groups: model, dp×pp×tp, typical length; lognormal run lengths) for A-SRPT"
}

// Keys implements Generator.
func (Recurring) Keys() []Key {
	return []Key{
		{"jobs", "400", "number of jobs (1 … 1,000,000)"},
		{"rate", "4", "Poisson arrivals per hour (> 0)"},
		{"sigma", "0.5", "σ of the lognormal run-length noise (0.3 … 3)"},
		{"groups", "12", "use the first N recurrence groups (1 … 12)"},
		{"start", "0", "time the arrival process starts, seconds"},
	}
}

// Generate implements Generator.
func (Recurring) Generate(p Params, seed uint64, _ *core.Models) ([]core.Job, error) {
	n, err := p.Int("jobs", 1, 1_000_000)
	if err != nil {
		return nil, err
	}
	rate, err := p.Float("rate", 1e-6, 1e6)
	if err != nil {
		return nil, err
	}
	sigma, err := p.Float("sigma", 0.3, 3)
	if err != nil {
		return nil, err
	}
	all := RecurringGroups()
	ng, err := p.Int("groups", 1, int64(len(all)))
	if err != nil {
		return nil, err
	}
	start, err := p.Float("start", 0, 1e9)
	if err != nil {
		return nil, err
	}
	groups := all[:ng]
	tab := parallel.Builtin()
	type prep struct {
		shape *parallel.Shape
		mean  float64 // iterations at the model's batch
		total float64 // cumulative weight
	}
	pre := make([]prep, len(groups))
	cum := 0.0
	for i, g := range groups {
		sh, ok := tab.Lookup(g.Model)
		if !ok {
			return nil, p.errf("groups", "group %s: model %s has no shape in core/parallel", g.Tag, g.Model)
		}
		w := sh.Work(g.Par, 0)
		alpha := w.AlphaMin(8, core.DefaultIntraGbps, core.DefaultInterGbps)
		cum += g.Weight
		pre[i] = prep{shape: sh, mean: g.Hours * 3600 / alpha, total: cum}
	}
	rng := rand.New(rand.NewPCG(seed, recurringStream))
	jobs := make([]core.Job, n)
	id := newIDs(int(n))
	at := core.FromSeconds(start)
	for i := range jobs {
		at += core.Time(math.Ceil(-detmath.Log(1-uniform(rng))/rate*3600)) * core.Second
		if at > maxArrival {
			return nil, p.errf("rate", "job %d would arrive after 1e12 s: rate too low for %d jobs", i, n)
		}
		u := rng.Float64() * cum
		k := 0
		for k+1 < len(pre) && u >= pre[k].total {
			k++
		}
		g, pr := groups[k], pre[k]
		batch := pr.shape.MicroBatch
		switch b := rng.Float64(); {
		case b < 0.25:
			batch = max(1, batch/2)
		case b >= 0.75:
			batch *= 2
		}
		z := polarNormal(rng)
		iters := pr.mean * float64(pr.shape.MicroBatch) / float64(batch) * detmath.Exp(sigma*z)
		w := pr.shape.Work(g.Par, batch)
		j := &jobs[i] // (written in place: see Philly.Generate)
		j.ID = id.next()
		j.Submit = at
		j.GPUs = g.Par.DP * g.Par.PP * g.Par.TP
		j.Iterations = max(1, int64(iters))
		j.Model = g.Model
		j.BatchSize = batch
		j.IterTime = w.Comp
		j.User = g.User
		j.Recurrence = g.Tag
		j.Par = g.Par
	}
	return jobs, nil
}

// polarNormal draws a standard normal with Marsaglia's polar method (detmath.Log and math.Sqrt
// only: the same bits on every platform, unlike rand.NormFloat64's math.Exp).
func polarNormal(rng *rand.Rand) float64 {
	for {
		u, v := 2*uniform(rng)-1, 2*uniform(rng)-1
		s := float64(u*u) + float64(v*v)
		if s > 0 && s < 1 {
			return u * math.Sqrt(-2*detmath.Log(s)/s)
		}
	}
}
