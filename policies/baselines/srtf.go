package baselines

import (
	"encoding/json"

	"schedlab/core"
	"schedlab/core/sim"
)

// SRTF is preemptive shortest-remaining-time-first with oracle remaining times (View.Remaining:
// the rest of the job's work at its reference speed). At every arrival and completion the jobs
// that should run are chosen greedily in ascending remaining time over running and waiting jobs
// (a job that does not fit is skipped); running jobs outside that set are stopped and waiting
// jobs inside it started. Ties go to the running job, then to the earlier arrival, so equal
// jobs do not swap places.
type SRTF struct {
	core preemptive
}

// NewSRTF builds SRTF from JSON parameters: {"placement": "consolidate"}.
func NewSRTF(params json.RawMessage) (sim.Policy, error) {
	p, err := PlacerFrom(params)
	if err != nil {
		return nil, err
	}
	return &SRTF{core: preemptive{placer: p}}, nil
}

// Name implements sim.Policy.
func (*SRTF) Name() string { return NameSRTF }

// Init implements sim.Initer.
func (s *SRTF) Init(v *sim.View) { s.core.init(v, s) }

// Decide implements sim.Policy.
func (s *SRTF) Decide(v *sim.View, _ sim.Trigger) {
	s.core.ingest(v, s)
	s.core.schedule(v, s)
}

func (s *SRTF) pendingKey(v *sim.View, j *sim.JobState) key {
	return key{a: int64(v.Remaining(j)), b: 1, job: int32(j.Index)}
}

func (s *SRTF) runningKey(v *sim.View, j *sim.JobState) key {
	return key{a: int64(v.Remaining(j)), b: 0, job: int32(j.Index)}
}

// ruleSRTF is srtf's order.
var ruleSRTF = &sim.Rule{Class: sim.Order, Text: "srtf: shortest remaining time first", Key: "remaining time", Unit: "s"}

func (*SRTF) behind(v *sim.View, j *sim.JobState, first, n int) sim.Reason {
	return sim.Behind(ruleSRTF, first, n, v.Remaining(j).Seconds())
}

func (*SRTF) stopped(*sim.View, *sim.JobState) {}
func (*SRTF) started(*sim.View, *sim.JobState) {}

// keyHoldsUntil: a running job's remaining time never grows.
func (*SRTF) keyHoldsUntil(*sim.View, *sim.JobState) core.Time { return core.MaxTime }
