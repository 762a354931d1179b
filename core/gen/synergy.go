package gen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"schedlab/core"
	"schedlab/core/sensitivity"
)

// Synergy is the workload generator of Synergy's simulations (msr-fiddle/synergy
// simulator/jobs/workload.py, model_zoo.py, task.py, helpers/utils.py). Two random streams are
// offered (key stream):
//
//   - pcg (the default, so that every workload generated before the authors' stream existed
//     stays the same): one PCG stream per workload, drawn per job in the order below;
//   - authors: the authors' own two CPython random streams (authorsDraws), which
//     with seed 42 give the very workload of their single-GPU figures and with other seeds the
//     spread of their generator. Their multi-GPU jobs took GPU counts from the Philly log, which
//     cannot be regenerated, so multigpu=true is refused on this stream.
//
// For job i = 0, 1, … (drawing uniform U ∈ [0, 1) in this order on the pcg stream):
//
//   - arrival: ceil(-ln(1-U)/rate·3600) s after job i-1 (job 0: after start), as the authors'
//     dynamic mode generates the next job when the previous one arrives;
//   - duration at the proportional share: with U < 0.8 it is 60·10^(1.5 + 1.5U') s, else
//     60·10^(3 + U') s (detmath.Pow10);
//   - GPUs: Gavel's Philly distribution (1/2/4/8 with 70/10/15/5 %) with multigpu=true; the draw
//     is made either way and single-GPU workloads get 1;
//   - class (image, language, speech): the one furthest below its target share of the jobs so far
//     (ties in that order), then round robin within the class over image {alexnet, resnet18,
//     resnet50, mobilenet, shufflenet}, language {gnmt, transformer-xl, lstm}, speech {m5,
//     deepspeech} — no randomness, as in the authors' ModelAssignment.OVERALL;
//   - iterations = floor(duration / iteration time at the proportional share of CPU:GPU ratio
//     `ratio` (the registry's V100 time for ratio 3, Synergy's models-R profiles otherwise)).
type Synergy struct{}

// synergyStream is this generator's PCG stream ("synergy" in ASCII).
const synergyStream = 0x73796e65726779

// Name implements Generator.
func (Synergy) Name() string { return "synergy" }

// Doc implements Generator.
func (Synergy) Doc() string {
	return "Synergy's simulated workload: Poisson arrivals, Philly-like durations, image/language/speech split (msr-fiddle/synergy simulator/jobs/workload.py)"
}

// Keys implements Generator.
func (Synergy) Keys() []Key {
	return []Key{
		{"jobs", "1000", "number of jobs (1 … 10,000,000)"},
		{"rate", "9", "arrival rate in jobs per hour (> 0)"},
		{"split", "20/70/10", "target percentages of image/language/speech jobs"},
		{"multigpu", "false", "true draws GPU counts from the Philly distribution"},
		{"ratio", "3", "CPU cores per GPU whose proportional-share iteration times define the job lengths (3-6)"},
		{"start", "0", "time the arrival process starts, seconds"},
		{"stream", "pcg", "random stream: pcg (ours) or authors (CPython's, as the authors' simulator draws it; single-GPU only)"},
	}
}

var synergyClasses = [3][]string{
	{"alexnet", "resnet18", "resnet50", "mobilenet", "shufflenet"},
	{"gnmt", "transformer-xl", "lstm"},
	{"m5", "deepspeech"},
}

// Generate implements Generator.
func (Synergy) Generate(p Params, seed uint64, models *core.Models) ([]core.Job, error) {
	r := p.reader()
	n := r.Int("jobs", 1, 10_000_000)
	rate := r.Float("rate", 1e-6, 1e7)
	multi := r.Bool("multigpu")
	ratio := r.Int("ratio", 3, 6)
	start := r.Float("start", 0, 1e9)
	if r.err != nil {
		return nil, r.err
	}
	split, err := parseSplit(p)
	if err != nil {
		return nil, err
	}
	draw, err := synergyDraws(p, seed, rate, multi)
	if err != nil {
		return nil, err
	}
	prof := sensitivity.Builtin()
	var iter [3][]float64
	for c, names := range synergyClasses {
		for _, name := range names {
			m, ok := models.Lookup(name)
			if !ok || m.IterTime[core.V100] <= 0 {
				return nil, fmt.Errorf("gen: %q: models: %s has no V100 iteration time in the registry", p.spec, name)
			}
			it := m.IterTime[core.V100]
			if ratio != 3 {
				if pr, ok := prof.Lookup(name, float64(ratio)); ok {
					it = pr.IterTime
				}
			}
			iter[c] = append(iter[c], it)
		}
	}

	jobs := make([]core.Job, n)
	id := newIDs(int(n))
	at := core.FromSeconds(start)
	var count [3]int
	var next [3]int
	for i := range jobs {
		gap, dur, gpus := draw()
		at += core.Time(gap) * core.Second
		if at > maxArrival {
			return nil, p.errf("rate", "job %d would arrive after 1e12 s: rate too low for %d jobs", i, n)
		}
		c := 0
		if i > 0 {
			best := math.Inf(-1)
			for k := range 3 {
				if prio := split[k]/100 - float64(count[k])/float64(i); prio > best {
					best, c = prio, k
				}
			}
		}
		count[c]++
		k := next[c] % len(synergyClasses[c])
		next[c]++
		j := &jobs[i] // (written in place: see Philly.Generate)
		j.ID = id.next()
		j.Submit = at
		j.GPUs = gpus
		j.Iterations = max(1, int64(dur/iter[c][k]))
		j.Model = synergyClasses[c][k]
	}
	return jobs, nil
}

// synergyDraws returns the chosen stream's draw of the next job's arrival gap (whole seconds),
// duration at the proportional share (seconds) and GPU count.
func synergyDraws(p Params, seed uint64, rate float64, multi bool) (func() (gap, dur float64, gpus int), error) {
	switch p.vals["stream"] {
	case "pcg":
		rng := rand.New(rand.NewPCG(seed, synergyStream))
		return func() (float64, float64, int) {
			gap := poissonGap(rng, rate)
			dur, gpus := phillyDraw(rng, multi)
			return gap, dur, gpus
		}, nil
	case "authors":
		if multi {
			return nil, p.errf("multigpu", "stream=authors is single-GPU only: the authors' multi-GPU jobs take their GPU counts from the Philly log, which cannot be regenerated")
		}
		d := newAuthorsDraws(seed, rate)
		return func() (float64, float64, int) {
			gap, dur := d.next()
			return gap, dur, 1
		}, nil
	}
	return nil, p.errf("stream", "want pcg or authors, got %q", p.vals["stream"])
}

// parseSplit reads "I/L/S" percentages (non-negative, summing to more than 0).
func parseSplit(p Params) ([3]float64, error) {
	var out [3]float64
	parts := strings.Split(p.vals["split"], "/")
	if len(parts) != 3 {
		return out, p.errf("split", "want IMAGE/LANGUAGE/SPEECH percentages, got %q", p.vals["split"])
	}
	total := 0.0
	for i, s := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || !(v >= 0) || v > 100 {
			return out, p.errf("split", "want a percentage in [0, 100], got %q", s)
		}
		out[i] = v
		total += v
	}
	if total <= 0 {
		return out, p.errf("split", "percentages sum to 0")
	}
	return out, nil
}
