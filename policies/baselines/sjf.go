package baselines

import (
	"encoding/json"

	"schedlab/core/sim"
	"schedlab/policies/placement"
)

// SJF is non-preemptive shortest-job-first with oracle lengths: whenever GPUs are free, waiting
// jobs are visited in ascending order of their length (View.Remaining when they arrived, i.e. the
// full run time at the reference speed; ties by arrival) and each one that fits starts; one that
// does not fit is skipped. Running jobs are never stopped.
type SJF struct {
	placer placement.Placer
	arr    arrivals
	pend   sizedSet
}

// NewSJF builds SJF from JSON parameters: {"placement": "consolidate"}.
func NewSJF(params json.RawMessage) (sim.Policy, error) {
	p, err := PlacerFrom(params)
	if err != nil {
		return nil, err
	}
	return &SJF{placer: p}, nil
}

// Name implements sim.Policy.
func (*SJF) Name() string { return NameSJF }

// Init implements sim.Initer.
func (s *SJF) Init(v *sim.View) {
	s.arr.reset()
	s.pend.init(v.NumJobs())
}

// Decide starts the shortest waiting jobs that fit.
func (s *SJF) Decide(v *sim.View, _ sim.Trigger) {
	s.arr.each(v, func(j *sim.JobState) {
		s.pend.push(key{a: int64(v.Remaining(j)), job: int32(j.Index)}, j.Job.GPUs)
	})
	// Only jobs that fit the free GPUs are looked at (TryStart refuses the others unasked).
	pos := before
	for free := v.FreeGPUs(); free > 0; free = v.FreeGPUs() {
		k, ok := s.pend.next(pos, free)
		if !ok {
			break
		}
		pos = k
		if TryStart(v, s.placer, v.Job(int(k.job))) {
			s.pend.remove(k.job)
		}
	}
}
