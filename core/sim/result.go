package sim

import (
	"fmt"
	"sort"

	"schedlab/core"
)

// Interval is one allocation of a job: the exact GPUs it held from From to To (To = -1 while
// open). Consecutive leases on the same GPUs form one interval.
type Interval struct {
	Job      int32 // arrival index
	From, To core.Time
	GPUs     []int32
	// CPU and Mem are the cores and GB of host memory charged per GPU (parallel to GPUs), and
	// IterTime the speed model's seconds per iteration (0 for a duration-only job), all as at the
	// interval's start: a later lease on the same GPUs continues the interval unchanged.
	CPU, Mem []float64
	IterTime float64
}

// Series holds step functions sampled at every instant where they changed.
type Series struct {
	T        []core.Time
	BusyGPUs []int32
	CPUUsed  []float64 // cores
	MemUsed  []float64 // GB
	Queue    []int32   // waiting jobs
	RunningJ []int32   // running jobs
	// Effective (runs with GPU sharing only, else nil) is Σ over running jobs of normalised
	// throughput × GPUs: the GPUs' useful work rate, which exceeds BusyGPUs when shared jobs
	// together do more than one GPU's work. A job restoring from a checkpoint counts at its
	// factor (the stall's end is not an instant of the series).
	Effective []float64
}

// JobRecord is one job's outcome.
type JobRecord struct {
	Index       int
	Job         *core.Job
	Status      Status    // Done, Rejected, or another status for unfinished jobs
	Measured    bool      // inside the measurement window (beside Status: one word for both)
	FirstStart  core.Time // -1 if never started
	End         core.Time // -1 if not finished
	GPUType     core.GPUType
	Preemptions int
	Held        core.Time // wall time holding GPUs
	Alone       core.Time // isolated run time at the reference speed (finish-time fairness)
	// Effective is the wall time the job ran at its isolated speed equivalent, in ms: the integral
	// of its normalised throughput while making progress (equals the progressing part of Held
	// when it never shared a GPU).
	Effective float64
}

// Result is a finished run.
type Result struct {
	Policy    string
	Seed      uint64
	End       core.Time // time of the last instant processed
	Events    int64
	Jobs      []JobRecord
	Intervals []Interval
	Series    Series
	Warnings  []Warning
	Sharing   bool // the run had a co-location model (GPU sharing possible)
	// Busy is set by lean runs (Config.Lean), which keep no Intervals: the held GPU time that
	// gpu_util needs.
	Busy *BusyLog
	// Why is the record of every job's waiting and its reasons (Timeline, WaitBy).
	Why *Explanation
	// Waits, in a result rebuilt from a saved run (wasm/runrecord) instead of Why, is each job's
	// waiting per reason class. (Kept apart from JobRecord, which a million-job run holds a
	// million of.)
	Waits [][NumClasses]core.Time
}

// Warning is a distinct warning text and how often it occurred.
type Warning struct {
	Text  string
	Count int
}

type warnings struct {
	list  []Warning
	index map[string]int
}

func (w *warnings) add(text string) { w.addN(text, 1) }

// addN counts text n times.
func (w *warnings) addN(text string, n int) {
	if w.index == nil {
		w.index = map[string]int{}
	}
	if i, ok := w.index[text]; ok {
		w.list[i].Count += n
		return
	}
	w.index[text] = len(w.list)
	w.list = append(w.list, Warning{Text: text, Count: n})
}

func (s *Sim) recordPoint() {
	busy := int32(s.cl.NumGPUs() - s.totalFree)
	cpu, mem := s.cpuTotal, s.memTotal
	if s.runLen == 0 {
		cpu, mem = 0, 0 // drop the rounding residue of the incremental sums
	}
	se := &s.res.Series
	if n := len(se.T); n > 0 && se.T[n-1] == s.now {
		se.T, se.BusyGPUs, se.CPUUsed, se.MemUsed, se.Queue, se.RunningJ =
			se.T[:n-1], se.BusyGPUs[:n-1], se.CPUUsed[:n-1], se.MemUsed[:n-1], se.Queue[:n-1], se.RunningJ[:n-1]
		if s.occ != nil {
			se.Effective = se.Effective[:n-1]
		}
	}
	se.T = append(se.T, s.now)
	se.BusyGPUs = append(se.BusyGPUs, busy)
	se.CPUUsed = append(se.CPUUsed, cpu)
	se.MemUsed = append(se.MemUsed, mem)
	se.Queue = append(se.Queue, int32(s.pendLen))
	se.RunningJ = append(se.RunningJ, int32(s.runLen))
	if s.occ != nil {
		se.Effective = append(se.Effective, s.effectiveGPUs())
	}
}

// Result returns the run's outcome so far. Open intervals are closed at the current time.
func (s *Sim) Result() *Result {
	r := &s.res
	r.Policy = s.cfg.Policy.Name()
	r.Seed = s.cfg.Seed
	r.End = s.now
	r.Events = s.events
	r.Jobs = make([]JobRecord, len(s.jobs))
	for i := range s.jobs {
		// Field by field into the zeroed record (see New).
		j, rec := &s.jobs[i], &r.Jobs[i]
		rec.Index, rec.Job, rec.Status, rec.FirstStart, rec.End = i, j.Job, j.status, j.firstStart, j.end
		rec.GPUType, rec.Preemptions, rec.Measured = j.gpuType, int(j.preemptions), s.cfg.Window.Contains(i)
		rec.Held, rec.Alone, rec.Effective = j.heldAt(s.now), s.alone(j), j.effAt(s.now)
	}
	for i := range r.Intervals {
		if r.Intervals[i].To < 0 {
			r.Intervals[i].To = s.now
		}
	}
	r.Sharing = s.occ != nil
	r.Why = s.ex.result()
	if s.cfg.Lean {
		r.Busy = &s.busy.log
	}
	r.Warnings = append([]Warning(nil), s.warnings.list...)
	sort.SliceStable(r.Warnings, func(a, b int) bool { return r.Warnings[a].Text < r.Warnings[b].Text })
	return r
}

// String summarises a warning.
func (w Warning) String() string {
	if w.Count == 1 {
		return w.Text
	}
	return fmt.Sprintf("%s (×%d)", w.Text, w.Count)
}

// alone is j's isolated run time at the reference placement (View.Remaining's reference).
func (s *Sim) alone(j *JobState) core.Time {
	if j.Job.Duration > 0 {
		return j.Job.Duration
	}
	if j.refIter == 0 {
		j.refIter, _ = s.speed.IterTime(j.Job, s.refPlacement(j.Job))
	}
	return core.FromSeconds(j.total * j.refIter)
}
