package sim

import (
	"math/rand/v2"
	"testing"

	"schedlab/core"
)

// TestReachesAt: the millisecond reachesAt returns is the first at which progressAt reaches the
// target, through a checkpoint stall and at rates whose quotients round either way; past the
// job's total work it extrapolates.
func TestReachesAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 2000 {
		s := JobState{status: Running, total: 1e6, live: &liveState{}}
		s.last = core.Time(rng.IntN(10000))
		s.live.stallUntil = s.last + core.Time(rng.IntN(3))*core.Time(rng.IntN(5000))
		s.done = float64(rng.IntN(1000)) + rng.Float64()
		s.live.rate = 1 / float64(float64(0.001+rng.Float64())*1000) // 1 ms to 1 s per iteration
		now := s.last + core.Time(rng.IntN(20000))
		x := s.progressAt(now) + float64(rng.Float64()*500)
		if trial%10 == 0 {
			x = s.progressAt(now) // already there
		}
		got := s.reachesAt(now, x)
		if got < now || s.progressAt(got) < x || (got > now && s.progressAt(got-1) >= x) {
			t.Fatalf("trial %d: reachesAt(%d, %g) = %d: progress %g there, %g a millisecond before",
				trial, now, x, got, s.progressAt(got), s.progressAt(got-1))
		}
	}
	s := JobState{status: Running, total: 10, live: &liveState{rate: 1}}
	if got := s.reachesAt(0, 15); got != 15 {
		t.Errorf("a target past the job's total: %d, want 15 (extrapolated)", got)
	}
	s.status = Pending
	if got := s.reachesAt(0, 5); got != core.MaxTime {
		t.Errorf("a waiting job: %d, want core.MaxTime", got)
	}
}
