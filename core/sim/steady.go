package sim

import (
	"math"

	"schedlab/core"
)

// SteadyPolicy is a lease-round policy that can tell, right after a round, how many of the next
// ticks would repeat that round's decision exactly — the same jobs on the same GPUs with the same
// CPU and memory — were nothing to arrive and no job to finish. The engine then renews every lease
// through those ticks without asking it: the same run, without the rounds in which nothing changes.
// A Synergy run on a lightly loaded cluster repeats most of its rounds (90 % at 0.5 jobs/h), and
// each repeated round cost a release and a start per running job.
type SteadyPolicy interface {
	RoundPolicy
	// Steady returns n in [0, limit]: at the next n ticks, Decide would start exactly the leases it
	// has just started. The engine has already bounded limit (≥ 1) by the first completion; the
	// jobs that arrive meanwhile are the policy's to judge (View.Arrived, View.Job): an arrival
	// that the policy's walk would never reach changes nothing (FIFO on a full cluster).
	Steady(v *View, limit int) int
	// Renewed tells the policy that the engine renewed every lease of the last round n times,
	// skipping n ticks; the policy brings its per-job state to where those rounds would have left it.
	Renewed(v *View, n int)
}

// skipSteady renews the leases just started through the following ticks at which a SteadyPolicy
// would decide the same again. Jobs that arrive meanwhile arrive as usual (they wait, and the
// policy has judged that they change nothing until the next tick it is asked at). The engine
// keeps s.steady only under round-credit progress without GPU sharing (New): a renewed lease then
// changes nothing but the work credited, which is the same every round, so the run's jobs,
// intervals and summary are those of the round-by-round run. What differs is only what the skipped
// instants would have added without changing anything: a series point per tick.
func (s *Sim) skipSteady() {
	if s.steady == nil || s.runLen == 0 {
		return
	}
	limit := math.MaxInt
	for i := s.runHead; i >= 0; i = s.jobs[i].next {
		j := &s.jobs[i]
		left := j.total - j.done
		if left <= 0 {
			return // finishes at this lease's end
		}
		if c := j.live.credit; c > 0 {
			// After q ≥ 1 more credits the job is done and finishes at the next lease end; the q
			// ticks before that still see it running.
			limit = min(limit, int(upTo(math.Ceil(left/c), math.MaxInt32)))
		}
	}
	n := min(s.steady.Steady(&s.view, limit), limit)
	if n <= 0 {
		return
	}
	r := s.cfg.Round
	end := s.now + core.Time(n+1)*r
	for i := s.runHead; i >= 0; i = s.jobs[i].next {
		j := &s.jobs[i]
		// done and the credit are whole iterations (or ms), so one product equals n additions.
		j.done = upTo(j.done+float64(float64(n)*j.live.credit), j.total)
		j.live.leaseAt = end // (no event to invalidate: its end is read from the running list, see endDueLeases)
		if j.live.itWarn != "" {
			s.warnings.addN(j.live.itWarn, n) // each renewal would have asked the speed model again
		}
	}
	// Each skipped tick would have counted itself and one lease end per running job.
	s.events += int64(n) * int64(s.runLen+1)
	s.nextTick = end // the tick already queued for the next round is now stale (see Step)
	s.heap.push(end, Tick, 0, 0)
	s.steady.Renewed(&s.view, n)
}
