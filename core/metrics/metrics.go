package metrics

import (
	"math"
	"sort"

	"schedlab/core"
	"schedlab/core/sim"
)

// Summary is one run's headline numbers. Its JSON form is the runner's JSON Lines contract; times
// are seconds with millisecond precision, and a statistic is null when no job was measured.
type Summary struct {
	Policy       string         `json:"policy"`
	Seed         uint64         `json:"seed"`
	Scenario     string         `json:"scenario"`
	Cluster      string         `json:"cluster"`
	Workload     string         `json:"workload"`
	Params       map[string]any `json:"params"`
	Jobs         int            `json:"jobs"`
	Completed    int            `json:"completed"`
	Rejected     int            `json:"rejected"`
	MeasuredJobs int            `json:"measured_jobs"`
	MeanJCT      *float64       `json:"mean_jct_s"`
	P50JCT       *float64       `json:"p50_jct_s"`
	P95JCT       *float64       `json:"p95_jct_s"`
	P99JCT       *float64       `json:"p99_jct_s"`
	MeanQueue    *float64       `json:"mean_queue_s"`
	Makespan     *float64       `json:"makespan_s"`
	GPUUtil      *float64       `json:"gpu_util"`
	// EffectiveUtil (runs with GPU sharing only): Σ over jobs of normalised throughput × GPUs ×
	// time ÷ (GPUs × makespan) — a GPU shared by two jobs at 0.7 each counts 1.4, while GPUUtil
	// counts it once.
	EffectiveUtil *float64 `json:"effective_util,omitempty"`
	// LoadedUtil and LoadedEffectiveUtil (runs with GPU sharing only) are GPUUtil and
	// EffectiveUtil over the loaded time only: the instants of the makespan window at which at
	// least one job waits. A finite workload's makespan ends in a drain tail (the last long jobs
	// alone on an idle cluster) whose length says little about a policy; while jobs wait, every
	// idle GPU and every slowed co-runner is work the policy leaves undone. Absent when no job
	// ever waited.
	LoadedUtil          *float64 `json:"loaded_util,omitempty"`
	LoadedEffectiveUtil *float64 `json:"loaded_effective_util,omitempty"`
	Preemptions         int      `json:"preemptions"`
	// WaitByReason is the share of all waiting per reason class (absent when no measured job
	// waited).
	WaitByReason *WaitShares `json:"wait_by_reason,omitempty"`
	TypeUtil     []TypeUtil  `json:"gpu_util_by_type,omitempty"`
	MeanFTF      *float64    `json:"mean_ftf_rho,omitempty"`
	MaxFTF       *float64    `json:"max_ftf_rho,omitempty"`
	// Rho is Lemma 1's ρ of A-SRPT (max over the workload's mixed-parallel jobs of the iteration
	// time with every collective across servers ÷ the best packing); absent when no job has
	// explicit parallelism. The caller fills it (policies.RunOne).
	Rho      *float64 `json:"rho,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

// TypeUtil is the utilisation of one GPU type.
type TypeUtil struct {
	Type core.GPUType `json:"type"`
	Util float64      `json:"util"`
}

// Summarise computes the summary of r on cluster c.
func Summarise(r *sim.Result, c *core.Cluster) Summary {
	s := Summary{Policy: r.Policy, Seed: r.Seed, Jobs: len(r.Jobs)}
	for i := range r.Jobs { // (Rejected and the measured count in one pass over a million records)
		switch j := &r.Jobs[i]; {
		case j.Status == sim.Rejected:
			s.Rejected++
		case j.Measured && j.Status == sim.Done:
			s.MeasuredJobs++
		}
	}
	for _, w := range r.Warnings {
		s.Warnings = append(s.Warnings, w.String())
	}
	// Only the JCTs are kept, for their percentiles: the means and the largest FTF are summed in
	// the same order as the jobs, as mean would over a slice of them. (A million-job run's three
	// slices, grown by append, were the largest allocation after the run.)
	jct := make([]float64, 0, s.MeasuredJobs)
	var queue, ftf, maxFTF float64
	nFTF := 0
	first, last := core.MaxTime, core.Time(-1)
	for i := range r.Jobs {
		j := &r.Jobs[i]
		if j.Status == sim.Done {
			s.Completed++
		}
		s.Preemptions += j.Preemptions
		if !j.Measured || j.Status != sim.Done {
			continue
		}
		jct = append(jct, float64(j.End-j.Job.Submit))
		queue += float64(j.FirstStart - j.Job.Submit)
		if j.Alone > 0 {
			f := float64(j.End-j.Job.Submit) / float64(j.Alone)
			ftf += f
			maxFTF = math.Max(maxFTF, f)
			nFTF++
		}
		first = min(first, j.Job.Submit)
		last = max(last, j.End)
	}
	if s.MeasuredJobs == 0 {
		return s
	}
	s.MeanJCT = secs(mean(jct))
	pc := percentiles(jct, 50, 95, 99)
	s.P50JCT, s.P95JCT, s.P99JCT = secs(pc[0]), secs(pc[1]), secs(pc[2])
	s.MeanQueue = secs(queue / float64(s.MeasuredJobs))
	s.WaitByReason = waitShares(r)
	s.Makespan = secs(float64(last - first))
	if nFTF > 0 {
		m := round6(ftf / float64(nFTF))
		s.MeanFTF = &m
		x := round6(maxFTF)
		s.MaxFTF = &x
	}
	if last > first {
		busy, byType := BusyGPUTime(r, c, first, last)
		u := round6(float64(busy) / (float64(c.NumGPUs()) * float64(last-first)))
		s.GPUUtil = &u
		if r.Sharing {
			e := round6(EffectiveGPUTime(r) / (float64(c.NumGPUs()) * float64(last-first)))
			s.EffectiveUtil = &e
			if u, e, ok := LoadedUtil(r, c, first, last); ok {
				u, e = round6(u), round6(e)
				s.LoadedUtil, s.LoadedEffectiveUtil = &u, &e
			}
		}
		if types := c.Types(); len(types) > 1 {
			for k, t := range types {
				s.TypeUtil = append(s.TypeUtil, TypeUtil{Type: t, Util: round6(float64(byType[k]) / (float64(c.GPUsOfType(t)) * float64(last-first)))})
			}
		}
	}
	return s
}

// BusyGPUTime is the GPU-milliseconds during which GPUs were held in [from, to], each GPU counted
// once however many jobs shared it, in total and per GPU type (in c.Types() order). A lean run
// (sim.Config.Lean) answers from its busy log, for from and to at a measured job's arrival or end.
func BusyGPUTime(r *sim.Result, c *core.Cluster, from, to core.Time) (core.Time, []core.Time) {
	if r.Busy != nil {
		return r.Busy.Between(from, to)
	}
	if total, byType, ok := busyInOrder(r, c, from, to); ok {
		return total, byType
	}
	return busySorted(r, c, from, to)
}

// busySorted is BusyGPUTime for intervals in any order: every GPU's spans, sorted by GPU and
// start, are merged into their union.
func busySorted(r *sim.Result, c *core.Cluster, from, to core.Time) (core.Time, []core.Time) {
	type span struct {
		gpu      int32
		from, to core.Time
	}
	var spans []span
	for _, iv := range r.Intervals {
		a, b := max(iv.From, from), min(iv.To, to)
		if b <= a {
			continue
		}
		for _, g := range iv.GPUs {
			spans = append(spans, span{g, a, b})
		}
	}
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].gpu != spans[j].gpu {
			return spans[i].gpu < spans[j].gpu
		}
		return spans[i].from < spans[j].from
	})
	types := c.Types()
	byType := make([]core.Time, len(types))
	var total core.Time
	for i := 0; i < len(spans); {
		g := spans[i].gpu
		var busy core.Time
		curFrom, curTo := spans[i].from, spans[i].to
		for i < len(spans) && spans[i].gpu == g {
			if spans[i].from > curTo {
				busy += curTo - curFrom
				curFrom, curTo = spans[i].from, spans[i].to
			} else {
				curTo = max(curTo, spans[i].to)
			}
			i++
		}
		busy += curTo - curFrom
		total += busy
		t := c.Servers[c.ServerOf(int(g))].Type
		for k := range types {
			if types[k] == t {
				byType[k] += busy
			}
		}
	}
	return total, byType
}

// busyInOrder is BusyGPUTime in one pass over intervals whose starts never decrease, as the
// engine appends them (each as it opens): every GPU's held spans are merged into their union as
// they come, with no list of a million runs' spans to build and sort (the sort was a fifth of a
// 1,000,000-job run in the browser). ok is false when the intervals are out of that order.
func busyInOrder(r *sim.Result, c *core.Cluster, from, to core.Time) (core.Time, []core.Time, bool) {
	n := c.NumGPUs()
	busy := make([]core.Time, n)
	curFrom := make([]core.Time, n) // the union's current stretch on each GPU, empty at first
	curTo := make([]core.Time, n)
	for g := range n {
		curFrom[g], curTo[g] = math.MinInt64, math.MinInt64
	}
	last := core.Time(math.MinInt64)
	for i := range r.Intervals {
		iv := &r.Intervals[i]
		a, b := max(iv.From, from), min(iv.To, to)
		if a < last {
			return 0, nil, false
		}
		last = a
		if b <= a {
			continue
		}
		for _, g := range iv.GPUs {
			if a > curTo[g] {
				busy[g] += curTo[g] - curFrom[g]
				curFrom[g], curTo[g] = a, b
			} else {
				curTo[g] = max(curTo[g], b)
			}
		}
	}
	types := c.Types()
	byType := make([]core.Time, len(types))
	var total core.Time
	for g := range n {
		busy[g] += curTo[g] - curFrom[g]
		if busy[g] == 0 {
			continue
		}
		total += busy[g]
		t := c.Servers[c.ServerOf(g)].Type
		for k := range types {
			if types[k] == t {
				byType[k] += busy[g]
			}
		}
	}
	return total, byType, true
}

// LoadedUtil is the mean fraction of GPUs held (each counted once) and the mean useful work rate
// per GPU (Series.Effective ÷ GPUs) over the instants in [from, to] at which at least one job
// waits; ok is false when none did or the run had no sharing series.
func LoadedUtil(r *sim.Result, c *core.Cluster, from, to core.Time) (util, eff float64, ok bool) {
	se := &r.Series
	if len(se.Effective) != len(se.T) {
		return 0, 0, false
	}
	var t, busy, work float64
	for i := range se.T {
		a, b := max(se.T[i], from), to
		if i+1 < len(se.T) {
			b = min(se.T[i+1], to)
		}
		if b <= a || se.Queue[i] == 0 {
			continue
		}
		d := float64(b - a)
		t += d
		busy += float64(d * float64(se.BusyGPUs[i]))
		work += float64(d * se.Effective[i])
	}
	if t == 0 {
		return 0, 0, false
	}
	n := float64(c.NumGPUs())
	return busy / (n * t), work / (n * t), true
}

// EffectiveGPUTime is Σ over jobs of Effective × GPUs in GPU-milliseconds: the GPU time the jobs
// would have needed at their isolated speed. It is not clipped to the measurement window.
func EffectiveGPUTime(r *sim.Result) float64 {
	t := 0.0
	for i := range r.Jobs {
		t += float64(r.Jobs[i].Effective * float64(r.Jobs[i].Job.GPUs))
	}
	return t
}

// MeanSD returns the mean and the sample standard deviation (n − 1) of xs: the "mean ± spread"
// of the documents' multi-seed tables. One value has sd 0; no values give a NaN mean.
func MeanSD(xs []float64) (mean_, sd float64) {
	mean_ = mean(xs)
	for _, x := range xs {
		sd += float64((x - mean_) * (x - mean_))
	}
	return mean_, math.Sqrt(sd / float64(max(1, len(xs)-1)))
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// secs converts milliseconds to seconds rounded to the millisecond.
func secs(ms float64) *float64 {
	v := math.Round(ms) / 1000
	return &v
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }
