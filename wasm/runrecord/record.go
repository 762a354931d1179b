package runrecord

import (
	"encoding/json"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/policies"
	"schedlab/policies/asrpt"
	"schedlab/policies/scenario"
	"schedlab/policies/similarity"
)

// Record is one saved run. Times are milliseconds.
type Record struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Created   int64           `json:"created"` // Unix ms, set by the page
	Spec      scenario.Spec   `json:"spec"`    // the whole click's spec (all policies)
	Policy    string          `json:"policy"`
	TraceHash string          `json:"trace_hash,omitempty"`
	Summary   json.RawMessage `json:"summary"` // exactly json.Marshal(metrics.Summary), as the runner prints
	Cluster   string          `json:"cluster"`
	End       int64           `json:"end"`
	Jobs      []Job           `json:"jobs"`
	Intervals []Interval      `json:"intervals"`
	Series    Series          `json:"series"`
	// Sharing: the run had the co-location model (sim.Result.Sharing), so Jobs carry Held and
	// Effective and the Gantt stacks co-located jobs.
	Sharing bool `json:"sharing,omitempty"`
	// Virtual is an A-SRPT run's virtual single-machine SRPT schedule ((*asrpt.Policy).Virtual),
	// nil for other policies. Spans ending after End were drained after the run (NewRun).
	Virtual []Span `json:"virtual,omitempty"`
	// Scripts are the scripted policies of the click (policies/script), source and all, so that
	// reopening the run or following its link reruns exactly the code that made it. Records made
	// before scripts existed have none.
	Scripts []Script `json:"scripts,omitempty"`
	// Why is every job's timeline with the reasons it waited (why.go); records made before
	// reasons were recorded have none.
	Why []Step `json:"why,omitempty"`
}

// Span is one stretch of the virtual machine's schedule: job index, from, to (ms).
type Span struct {
	Job  int32 `json:"j"`
	From int64 `json:"f"`
	To   int64 `json:"t"`
}

// Job is one job's outcome with the job fields the app shows.
type Job struct {
	ID          string  `json:"id"`
	Submit      int64   `json:"s"`
	FirstStart  int64   `json:"f"`
	End         int64   `json:"e"`
	GPUs        int     `json:"g"`
	GPUType     string  `json:"t,omitempty"`
	Preemptions int     `json:"p,omitempty"`
	Status      uint8   `json:"st"`
	Model       string  `json:"m,omitempty"`
	User        string  `json:"u,omitempty"`
	Measured    bool    `json:"ms,omitempty"`
	Duration    int64   `json:"d,omitempty"`
	Iterations  int64   `json:"it,omitempty"`
	Line        int     `json:"l,omitempty"`
	CPU         float64 `json:"c,omitempty"`
	// Speedup is the job's throughput relative to the proportional CPU/memory share, averaged
	// over the time it held GPUs (CPU/memory-sensitive models only; 0 = not applicable).
	Speedup float64 `json:"sp,omitempty"`
	// Ref, Sim and Best are a model-similarity policy's decision: the most similar visible
	// reference model, its similarity and the GPU type predicted fastest.
	Ref  string  `json:"ref,omitempty"`
	Sim  float64 `json:"sim,omitempty"`
	Best string  `json:"bt,omitempty"`
	// Held (ms) and Effective (ms at isolated speed) are sim.JobRecord's, kept for sharing runs
	// only: their ratio is the job's mean normalised throughput (export.NormTput).
	Held      int64   `json:"h,omitempty"`
	Effective float64 `json:"ef,omitempty"`
}

// Interval is one allocation: job index, from, to and the GPUs held, with the CPU cores and GB
// of host memory charged per GPU (parallel to GPUs, as at the interval's start) and the speed-up
// over the proportional share they give (0 = the model has no CPU/memory profile).
type Interval struct {
	Job     int32     `json:"j"`
	From    int64     `json:"f"`
	To      int64     `json:"t"`
	GPUs    []int32   `json:"g"`
	CPU     []float64 `json:"c,omitempty"`
	Mem     []float64 `json:"m,omitempty"`
	Speedup float64   `json:"x,omitempty"`
}

// Series are the run's step functions.
type Series struct {
	T     []int64   `json:"t"`
	Busy  []int32   `json:"busy"`
	CPU   []float64 `json:"cpu"`
	Mem   []float64 `json:"mem"`
	Queue []int32   `json:"queue"`
}

// matcher is a model-similarity policy (policies/similarity), which reports per job the reference
// model it matched and the GPU type it predicted fastest.
type matcher interface {
	Match(i int) similarity.Match
}

// virtualer is an A-SRPT policy (policies/asrpt), whose virtual SRPT machine sets the priorities.
type virtualer interface {
	Virtual() *asrpt.Virtual
}

// Result rebuilds the parts of a sim.Result the exports read (jobs, intervals, each job's waiting
// per reason, and for sharing runs each job's held and effective time).
func (rec *Record) Result() *sim.Result {
	r := &sim.Result{Policy: rec.Policy, Seed: rec.Spec.Seed, End: core.Time(rec.End), Sharing: rec.Sharing}
	jobs := make([]core.Job, len(rec.Jobs))
	r.Jobs = make([]sim.JobRecord, len(rec.Jobs))
	for i, j := range rec.Jobs {
		jobs[i] = core.Job{ID: j.ID, Submit: core.Time(j.Submit), GPUs: j.GPUs, Model: j.Model, User: j.User,
			Duration: core.Time(j.Duration), Iterations: j.Iterations, Line: j.Line, CPU: j.CPU}
		r.Jobs[i] = sim.JobRecord{Index: i, Job: &jobs[i], Status: sim.Status(j.Status), FirstStart: core.Time(j.FirstStart),
			End: core.Time(j.End), GPUType: core.GPUType(j.GPUType), Preemptions: j.Preemptions, Measured: j.Measured,
			Held: core.Time(j.Held), Effective: j.Effective}
	}
	r.Intervals = make([]sim.Interval, len(rec.Intervals))
	for i, iv := range rec.Intervals {
		r.Intervals[i] = sim.Interval{Job: iv.Job, From: core.Time(iv.From), To: core.Time(iv.To), GPUs: iv.GPUs}
	}
	rec.waits(r)
	return r
}

// Meta is the short form the history panel lists.
type Meta struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Created  int64  `json:"created"`
	Policy   string `json:"policy"`
	Workload string `json:"workload"`
	Cluster  string `json:"cluster"`
	Seed     uint64 `json:"seed"`
	Jobs     int    `json:"jobs"`
}

// Meta returns the record's listing entry.
func (rec *Record) Meta() Meta {
	return Meta{ID: rec.ID, Name: rec.Name, Created: rec.Created, Policy: rec.Policy,
		Workload: policies.WorkloadLabel(rec.Spec), Cluster: rec.Cluster, Seed: rec.Spec.Seed, Jobs: len(rec.Jobs)}
}
