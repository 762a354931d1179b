package parallel

import (
	"schedlab/core"
	"schedlab/core/sim"
)

// Checkpoint/restart cost of a preempted job (our assumption, after A-SRPT's setting: "30–120 s restart penalty for large
// models"). A restart writes the job's training state when it is stopped and reads it back when it
// starts again, after a fixed process restart. Our choices:
//
//   - the state is CheckpointBytesPerParam bytes per parameter: mixed-precision Adam keeps fp32
//     master weights, momentum and variance (12 bytes, ZeRO's K = 12: Rajbhandari et al., SC'20,
//     §3.1) plus the fp16 weights (2 bytes);
//   - RestartBase (30 s, the spec's lower end) covers process start, framework and NCCL set-up;
//   - the state moves at CheckpointGBps per job, chosen so that the largest documented model
//     (Megatron-8.3B, 116 GB of state) restarts in ≈ 2 min, the spec's upper end.
//
// So ResNet-50 restarts in 30.3 s, BERT-large in 33.8 s, GPT-2 XL in 47.4 s, Megatron-8.3B in
// 123 s; the scenario's flat cost (60 s in the A-SRPT scenarios) had charged every model alike.
const (
	CheckpointBytesPerParam = 14
	RestartBase             = 30 * core.Second
	CheckpointGBps          = 2.5
)

// Restart is the restart cost of a model of this shape: RestartBase plus saving and loading its
// training state.
func (s *Shape) Restart() core.Time {
	bytes := s.Params * CheckpointBytesPerParam
	return RestartBase + core.FromSeconds(2*bytes/(CheckpointGBps*1e9))
}

// RestartCost implements sim.RestartModel: jobs that declare their parallelism and whose model has
// a shape pay Shape.Restart; every other job pays what Base says (flat when Base has no opinion),
// so trace workloads keep the configured flat cost.
func (s Speed) RestartCost(j *core.Job, flat core.Time) core.Time {
	if j.Par != (core.Parallelism{}) {
		if sh, ok := s.Table.Lookup(j.Model); ok {
			return sh.Restart()
		}
	}
	if rm, ok := s.Base.(sim.RestartModel); ok {
		return rm.RestartCost(j, flat)
	}
	return flat
}
