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
//
// A group's features and means are read at every arrival. So that an arrival costs no more as the
// history grows, each group keeps the running sums of its counts and of their logs, and the history
// the number and sum of all runs: added in the order learnt, from zero, they are the very sums a
// loop over the counts gives, to the bit. A window (maxHist) of the last runs is summed anew.
type History struct {
	codes   map[string]int
	runs    map[string]*groupRuns // group key -> its known runs
	allN    int                   // runs known, of every group
	allSum  float64               // their iteration counts' sum
	maxHist int                   // use at most the last maxHist runs of a group (0 = all)
}

// groupRuns are one group's known iteration counts in the order learnt, with their running sums.
type groupRuns struct {
	its         []float64
	sum, logSum float64 // Σ its, Σ Log(max(1, its))
}

// NewHistory returns an empty history that uses at most the last maxHist runs of each group
// (0 = all of them).
func NewHistory(maxHist int) *History {
	return &History{codes: map[string]int{}, runs: map[string]*groupRuns{}, maxHist: maxHist}
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
	g := h.runs[k]
	if g == nil {
		g = &groupRuns{}
		h.runs[k] = g
	}
	g.its = append(g.its, iterations)
	g.sum += iterations
	g.logSum += detmath.Log(max(1, iterations))
	h.allN++
	h.allSum += iterations
}

// recent returns the runs of j's group the features read (the last maxHist, or all) and their
// sums.
func (h *History) recent(j *core.Job) (r []float64, sum, logSum float64) {
	g := h.runs[groupKey(j)]
	if g == nil {
		return nil, 0, 0
	}
	if h.maxHist == 0 || len(g.its) <= h.maxHist {
		return g.its, g.sum, g.logSum
	}
	r = g.its[len(g.its)-h.maxHist:]
	for _, v := range r {
		sum += v
		logSum += detmath.Log(max(1, v))
	}
	return r, sum, logSum
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
	r, _, logSum := h.recent(j)
	meanLog, lastLog, meanSamples := -1.0, -1.0, -1.0
	if len(r) > 0 {
		meanLog = logSum / float64(len(r))
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
	r, s, _ := h.recent(j)
	n := len(r)
	if n == 0 {
		n, s = h.allN, h.allSum
	}
	if n == 0 {
		return fallback
	}
	return s / float64(n)
}
