package baselines

import (
	"encoding/json"

	"schedlab/core"
	"schedlab/core/sim"
)

// SRSF is shortest-remaining-service-first, the clairvoyant baseline Tiresias is compared with
// (Gu et al., NSDI 2019; its simulator's "shortest-gpu" schedule, SymbioticLab/Tiresias,
// simulator/run_sim.py): a job's priority is its oracle remaining time × its GPUs, smallest first,
// preemptive, so a wide gang no longer jumps ahead of a narrow job the way it does under srtf.
// Ties go to the running job, then to the earlier arrival. Keyed runs it as it runs srtf.
type SRSF struct{}

// NewSRSF builds srsf from JSON parameters: {"placement": "consolidate"}.
func NewSRSF(params json.RawMessage) (sim.Policy, error) {
	p, err := PlacerFrom(params)
	if err != nil {
		return nil, err
	}
	return NewKeyed(NameSRSF, p, SRSF{}, true, false), nil
}

// WaitingKey implements Ranker: the remaining service (GPU-ms).
func (SRSF) WaitingKey(v *sim.View, j *sim.JobState) (int64, int64) {
	return int64(v.Remaining(j)) * int64(j.Job.GPUs), 1
}

// RunningKey implements Ranker: as WaitingKey, before waiting jobs of equal service.
func (SRSF) RunningKey(v *sim.View, j *sim.JobState) (int64, int64) {
	return int64(v.Remaining(j)) * int64(j.Job.GPUs), 0
}

// ruleSRSF is srsf's order.
var ruleSRSF = &sim.Rule{Class: sim.Order, Text: "srsf: shortest remaining service first", Key: "remaining service", Unit: "GPU-s"}

// Order implements Explained.
func (SRSF) Order() *sim.Rule { return ruleSRSF }

// KeyValue implements Explained: the remaining service in GPU-seconds.
func (SRSF) KeyValue(v *sim.View, j *sim.JobState) float64 {
	return float64(v.Remaining(j).Seconds() * float64(j.Job.GPUs))
}

// HoldsUntil implements Holder: a running job's remaining service only shrinks.
func (SRSF) HoldsUntil(*sim.View, *sim.JobState) core.Time { return core.MaxTime }
