package asrpt

import (
	"schedlab/core"
	"schedlab/core/detmath"
)

// NumFeatures is the length of a feature row.
const NumFeatures = 13

// History is what the scheduler knows about past runs: for every recurrence group (and user, and
// model), the iteration counts of its runs whose outcome is known. Codes for categorical values
// are assigned in order of first appearance, so they never depend on map iteration order.
type History struct {
	codes   map[string]int
	runs    map[string][]float64 // group key -> known iteration counts, in the order learnt
	all     []float64
	maxHist int // use at most the last maxHist runs of a group (0 = all)
}

// NewHistory returns an empty history that uses at most the last maxHist runs of each group
// (0 = all of them).
func NewHistory(maxHist int) *History {
	return &History{codes: map[string]int{}, runs: map[string][]float64{}, maxHist: maxHist}
}

func (h *History) code(kind, s string) float64 {
	k := kind + "\x00" + s
	c, ok := h.codes[k]
	if !ok {
		c = len(h.codes)
		h.codes[k] = c
	}
	return float64(c)
}

// groupKey is the recurrence key: the trace's tag, else user and model.
func groupKey(j *core.Job) string {
	if j.Recurrence != "" {
		return j.Recurrence
	}
	return j.User + "\x00" + j.Model
}

// Learn records a finished run's iteration count.
func (h *History) Learn(j *core.Job, iterations float64) {
	k := groupKey(j)
	h.runs[k] = append(h.runs[k], iterations)
	h.all = append(h.all, iterations)
}

func (h *History) recent(j *core.Job) []float64 {
	r := h.runs[groupKey(j)]
	if h.maxHist > 0 && len(r) > h.maxHist {
		r = r[len(r)-h.maxHist:]
	}
	return r
}

// Features is the feature row of job j given the history: group, user and model codes, GPUs, the
// (dp, pp, tp) degrees, per-GPU batch, the number of known runs of the group, the mean and last of
// their log iteration counts, the mean log samples (iterations × batch), and the log of the job's
// compute seconds per iteration (Job.IterTime: its profile, known at submission; -1 when the job
// has none). The job's own iteration count is never read.
//
// Why the last feature: iteration counts of different models differ by their per-iteration work
// (a Megatron-8.3B iteration is ~100× a ResNet-18 one), so without it a group with no finished
// run yet borrows the iteration counts of unrelated models — before it was added, the first
// Megatron runs were over-predicted by e^1 to e^3 and waited behind everything else.
func (h *History) Features(j *core.Job, out []float64) []float64 {
	p := j.Par
	if p == (core.Parallelism{}) {
		p = core.Parallelism{DP: j.GPUs, PP: 1, TP: 1}
	}
	r := h.recent(j)
	meanLog, lastLog, meanSamples := -1.0, -1.0, -1.0
	if len(r) > 0 {
		s := 0.0
		for _, v := range r {
			s += detmath.Log(max(1, v))
		}
		meanLog = s / float64(len(r))
		lastLog = detmath.Log(max(1, r[len(r)-1]))
		meanSamples = meanLog + detmath.Log(float64(max(1, j.BatchSize)))
	}
	logIterTime := -1.0
	if j.IterTime > 0 {
		logIterTime = detmath.Log(j.IterTime)
	}
	return append(out[:0],
		h.code("group", groupKey(j)), h.code("user", j.User), h.code("model", j.Model),
		float64(j.GPUs), float64(p.DP), float64(p.PP), float64(p.TP), float64(j.BatchSize),
		float64(len(r)), meanLog, lastLog, meanSamples, logIterTime)
}

// MeanOfHistory is the plain predictor the forest is compared with: the arithmetic mean of the
// group's known runs, else of every known run, else fallback.
func (h *History) MeanOfHistory(j *core.Job, fallback float64) float64 {
	r := h.recent(j)
	if len(r) == 0 {
		r = h.all
	}
	if len(r) == 0 {
		return fallback
	}
	s := 0.0
	for _, v := range r {
		s += v
	}
	return s / float64(len(r))
}
