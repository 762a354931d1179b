package sim

import (
	"fmt"

	"schedlab/core"
)

// Placement describes an allocation the way a speed model needs it.
type Placement struct {
	Type      core.GPUType
	GPUs      int
	Servers   int     // distinct servers the GPUs span
	CPUPerGPU float64 // cores per GPU given to the job
	MemPerGPU float64 // host GB per GPU given to the job
	PropCPU   float64 // the proportional share per GPU on the job's first server
	PropMem   float64

	// GPUIDs are the allocation's GPU ids in the order the policy gave them (rank k of a
	// mixed-parallel job runs on GPUIDs[k]); nil for the reference placement of View.Remaining,
	// which is consolidated. Borrowed from the engine: a speed model must not keep it.
	GPUIDs []int
	// Cluster is the run's cluster, for the server and bandwidths of each GPU; nil when a
	// placement is made by hand (tests).
	Cluster *core.Cluster
}

// SpeedModel gives seconds per iteration of an iteration-based job under a placement. It must be a
// pure function of its arguments. A non-empty warning is recorded once per distinct text (with a
// count) in the run's result: unknown models and missing profiles are never silent.
type SpeedModel interface {
	IterTime(j *core.Job, p Placement) (seconds float64, warning string)
	ShapeModel
}

// ShapeModel is the question every SpeedModel answers beside IterTime: Shaped(j) reports that j's
// iteration time depends on a placement only through its shape — Type, GPUs, Servers, CPUPerGPU,
// MemPerGPU, PropCPU and PropMem — and not on which GPUs it gets, and on the job only through its
// kind (core.Job.SameKind: not its ID, line, submit time or length); a model that cannot tell says
// false. The engine then reuses its last answer for a job that moves to other GPUs of the same
// shape (a Synergy job is placed afresh every round, and under LAS most jobs move between rounds),
// an answer for one job for every job of its kind on that shape, and a start of the reference
// shape's answer as the job's reference time. A wrapper is shaped for j only when its base is. (Part of SpeedModel rather than an optional interface: under wasm an
// interface assertion is a call into the runtime's table of interfaces, which a chain of wrappers
// would make once per layer for every job.)
type ShapeModel interface {
	Shaped(j *core.Job) bool
}

// RestartModel is an optional interface of a SpeedModel: the checkpoint/restart cost of job j
// when Config.CheckpointCost (flat, > 0) switches restart costs on. A model that knows a job's
// checkpoint size charges it for that size (saving and loading a 8.3B-parameter model takes longer
// than a ResNet's); flat stays the cost of every job it knows nothing about. Like IterTime it must
// be a pure function of its arguments.
type RestartModel interface {
	RestartCost(j *core.Job, flat core.Time) core.Time
}

// ProfileSpeed is the base speed model: the model registry's per-GPU-type iteration time.
// GPU count, spread, and CPU/memory share do not change it (Synergy's placement_penalty is 1 and its
// iteration time is per GPU with a fixed per-GPU batch); later models wrap it with those factors.
//
//   - a trace-given iteration time (Job.IterTime) wins;
//   - an unknown model runs at 1 s per iteration, with a warning;
//   - a known model without a number for the GPU type uses its V100 number, with a warning.
type ProfileSpeed struct{ Models *core.Models }

// Shaped implements SpeedModel: only the GPU type matters.
func (ProfileSpeed) Shaped(*core.Job) bool { return true }

// IterTime implements SpeedModel.
func (s ProfileSpeed) IterTime(j *core.Job, p Placement) (float64, string) {
	if j.IterTime > 0 {
		return j.IterTime, ""
	}
	m, ok := s.Models.Lookup(j.Model)
	if !ok {
		return 1, fmt.Sprintf("model %q is not in the registry: its iterations run at 1 s each", j.Model)
	}
	if t, ok := m.IterTimeOn(p.Type); ok {
		return t, ""
	}
	if t, ok := m.IterTimeOn(core.V100); ok {
		return t, fmt.Sprintf("model %s has no profile for %s: using its V100 iteration time", m.Name, p.Type)
	}
	return 1, fmt.Sprintf("model %s has no profile for %s: its iterations run at 1 s each", m.Name, p.Type)
}
