package gen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"schedlab/core"
)

// Philly is the "Philly-derived" generator used by Synergy and Gavel (Synergy
// simulator/helpers/utils.py, Gavel scheduler/utils.py). For job i = 0, 1, …, drawing uniform
// U ∈ [0, 1) from its own stream in this order:
//
//   - arrival: job 0 arrives at start; job i > 0 arrives ceil(-ln(1-U)/rate·3600) s after job
//     i-1 (Poisson arrivals, rate jobs per hour, whole seconds);
//   - duration at the reference allocation: with U < 0.8 it is 60·10^(1.5 + 1.5U') s
//     (31.6 min to 16.7 h), else 60·10^(3 + U') s (16.7 h to 166.7 h), using detmath.Pow10;
//   - GPUs (Gavel's "Philly distribution"): U < 0.7 → 1, < 0.8 → 2, < 0.95 → 4, else 8; with
//     multigpu=false the draw is still made (so the other fields do not change) and the job gets 1;
//   - model: round robin over Synergy's ten-model zoo in name order (whatever else the registry
//     holds, so adding profiles never changes this workload);
//   - iterations = floor(duration / iterTime(model, V100)), at least 1, so the job lasts the
//     drawn duration at the reference speed (one V100 at the proportional CPU/memory share).
//
// Jobs are iteration-based (Duration = 0, BatchSize = 0 = the model's profiled batch) and their
// ids are "0", "1", … as in Synergy's traces.
type Philly struct{}

// phillyStream is the PCG stream of this generator ("philly" in ASCII), so another generator
// given the same seed draws different numbers.
const phillyStream = 0x7068696c6c79

// maxArrival bounds arrival times (as the trace importers do), far below Time overflow.
const maxArrival = 1_000_000_000_000 * core.Second

// Name implements Generator.
func (Philly) Name() string { return "philly" }

// Doc implements Generator.
func (Philly) Doc() string {
	return "Poisson arrivals, Philly-like durations and GPU counts, Synergy's model mix"
}

// Keys implements Generator.
func (Philly) Keys() []Key {
	return []Key{
		{"jobs", "1000", "number of jobs (1 … 10,000,000)"},
		{"rate", "9", "arrival rate in jobs per hour (> 0)"},
		{"multigpu", "true", "false gives every job 1 GPU"},
		{"start", "0", "arrival time of the first job, seconds"},
	}
}

// Generate implements Generator.
func (Philly) Generate(p Params, seed uint64, models *core.Models) ([]core.Job, error) {
	r := p.reader()
	n := r.Int("jobs", 1, 10_000_000)
	rate := r.Float("rate", 1e-6, 1e7)
	multi := r.Bool("multigpu")
	start := r.Float("start", 0, 1e9)
	if r.err != nil {
		return nil, r.err
	}
	type ref struct {
		name string
		iter float64
	}
	var mix []ref
	zoo := append(append(append([]string(nil), synergyClasses[0]...), synergyClasses[1]...), synergyClasses[2]...)
	slices.Sort(zoo)
	for _, name := range zoo {
		m, ok := models.Lookup(name)
		if !ok || !(m.IterTime[core.V100] > 0) {
			return nil, fmt.Errorf("gen: %q: models: the registry has no V100 iteration time for %s", p.spec, name)
		}
		mix = append(mix, ref{m.Name, m.IterTime[core.V100]})
	}

	rng := rand.New(rand.NewPCG(seed, phillyStream))
	// All n at once: growing by append copied a million-job list about four times over (a tenth
	// of a whole fifo run) and held two copies at its peak. Pages of the list not yet written are
	// not touched, so a spec that fails early costs no memory. Each job's fields are written in
	// place: a whole Job stored at once is copied with the write barrier's bulk pass over its
	// pointer words while a garbage collection marks, which under wasm (one thread, marking only
	// when the goroutine yields) is the whole loop.
	jobs := make([]core.Job, n)
	id := newIDs(int(n))
	at := core.FromSeconds(start)
	for i := range jobs {
		if i > 0 {
			at += core.Time(poissonGap(rng, rate)) * core.Second
			if at > maxArrival {
				return nil, p.errf("rate", "job %d would arrive after 1e12 s: rate too low for %d jobs", i, n)
			}
		}
		dur, gpus := phillyDraw(rng, multi)
		m := &mix[i%len(mix)]
		j := &jobs[i]
		j.ID = id.next()
		j.Submit = at
		j.GPUs = gpus
		j.Iterations = max(1, int64(math.Floor(dur/m.iter)))
		j.Model = m.name
	}
	return jobs, nil
}

// phillyGPUs maps a uniform draw to Gavel's Philly GPU-count distribution.
func phillyGPUs(u float64) int {
	switch {
	case u < 0.7:
		return 1
	case u < 0.8:
		return 2
	case u < 0.95:
		return 4
	}
	return 8
}
