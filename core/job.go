package core

import (
	"fmt"
	"slices"
)

// Parallelism is a job's (data, pipeline, tensor) parallel degrees. The zero value means pure data
// parallelism over all of the job's GPUs.
type Parallelism struct{ DP, PP, TP int }

// Job is one training job as read from a trace or made by a generator. It is immutable once the
// workload is built: the engine keeps run-time state elsewhere.
type Job struct {
	ID     string // the trace's id or name column, else "L<line>"
	Line   int    // 1-based line in the source file (0 when generated)
	Submit Time
	GPUs   int // gang size

	// Length: either a fixed Duration (runs exactly this long on any placement) or Iterations of
	// Model, whose speed the engine's speed model derives from the allocation.
	Duration   Time
	Iterations int64
	Model      string  // canonical registry name when known, else as written in the trace
	BatchSize  int     // per-GPU batch; 0 = the model's profiled batch
	IterTime   float64 // seconds per iteration given by the trace itself (0 = from the model registry)

	GPUTypes   []GPUType // allowed GPU types; empty = any
	CPU        float64   // cores requested; 0 = the proportional share of the server
	MemGB      float64   // host memory requested; 0 = the proportional share
	User       string
	Recurrence string // recurrence key (group tag) for recurring jobs
	Par        Parallelism

	// ResourceTimes are seconds per iteration spent on each of three resources, as Muri's traces
	// give them (resource_time_0..2, in the trace's column order); all zero when unknown. They
	// are information for interleaving-aware policies: the engine's speed model does not read them.
	ResourceTimes [3]float64
}

// Validate checks a job's fields; the error names the field.
func (j *Job) Validate() error {
	switch {
	case j.ID == "":
		return fmt.Errorf("id: empty")
	case j.Submit < 0:
		return fmt.Errorf("submit: negative time %v", j.Submit)
	case j.GPUs <= 0:
		return fmt.Errorf("gpus: want a positive count, got %d", j.GPUs)
	case j.Duration < 0:
		return fmt.Errorf("duration: negative")
	case j.Iterations < 0:
		return fmt.Errorf("iterations: negative")
	case j.Duration == 0 && j.Iterations == 0:
		return fmt.Errorf("duration: job has neither a duration nor iterations")
	case j.IterTime < 0:
		return fmt.Errorf("iter_time: negative")
	case j.CPU < 0:
		return fmt.Errorf("cpu: negative")
	case j.MemGB < 0:
		return fmt.Errorf("mem: negative")
	case j.BatchSize < 0:
		return fmt.Errorf("batch_size: negative")
	case j.ResourceTimes[0] < 0 || j.ResourceTimes[1] < 0 || j.ResourceTimes[2] < 0:
		return fmt.Errorf("resource_times: negative")
	}
	if p := j.Par; p != (Parallelism{}) {
		if p.DP <= 0 || p.PP <= 0 || p.TP <= 0 || p.DP*p.PP*p.TP != j.GPUs {
			return fmt.Errorf("parallelism: dp×pp×tp = %d×%d×%d must equal gpus %d", p.DP, p.PP, p.TP, j.GPUs)
		}
	}
	return nil
}

// SameKind reports whether o is a job of the same kind as j: equal in every field but the ones
// that say which job it is, when it comes and how long it runs (ID, Line, Submit, Duration and
// Iterations). Jobs of one kind run at the same speed on the same placement shape, which lets the
// engine ask the speed model once per kind (see sim.ShapeModel).
func (j *Job) SameKind(o *Job) bool {
	return j == o || j.GPUs == o.GPUs && j.IterTime == o.IterTime && j.BatchSize == o.BatchSize && j.Par == o.Par &&
		j.CPU == o.CPU && j.MemGB == o.MemGB && j.ResourceTimes == o.ResourceTimes && j.Model == o.Model &&
		j.User == o.User && j.Recurrence == o.Recurrence && slices.Equal(j.GPUTypes, o.GPUTypes)
}

// AllowsType reports whether the job may run on GPUs of type t.
func (j *Job) AllowsType(t GPUType) bool {
	if len(j.GPUTypes) == 0 {
		return true
	}
	for _, a := range j.GPUTypes {
		if a == t {
			return true
		}
	}
	return false
}
