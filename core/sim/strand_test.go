package sim

import (
	"strings"
	"testing"

	"schedlab/core"
)

// placesOnly starts only jobs of at most max GPUs: the rest wait forever on an idle cluster.
type placesOnly struct {
	max    int
	rounds Rounds
}

func (placesOnly) Name() string     { return "test-places-only" }
func (p placesOnly) Rounds() Rounds { return p.rounds }
func (p placesOnly) Decide(v *View, _ Trigger) {
	for j := range v.Pending() {
		if j.Job.GPUs > p.max || j.Job.GPUs > v.FreeGPUs() {
			continue
		}
		startLowest(v, j)
	}
}

// TestStrandedJobsEndTheRun: a policy that leaves a job waiting on an idle cluster, with nothing
// more to arrive, ends the run (a round-based one would otherwise tick forever) with a warning
// naming how many jobs never started and when.
func TestStrandedJobsEndTheRun(t *testing.T) {
	jobs := []core.Job{
		{ID: "small", Submit: 0, GPUs: 1, Duration: 10 * core.Second},
		{ID: "big", Submit: core.Second, GPUs: 4, Duration: 10 * core.Second},
	}
	for _, rounds := range []Rounds{NoRounds, RoundsToo} {
		s, err := New(Config{Cluster: mustCluster(t, "1x4"), Jobs: jobs, Policy: placesOnly{max: 1, rounds: rounds},
			Round: 5 * core.Second, FirstRound: -1, Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		r := s.Run()
		if r.Jobs[1].Status != Pending {
			t.Errorf("rounds %v: big job status %v, want still pending (unfinished)", rounds, r.Jobs[1].Status)
		}
		if len(r.Warnings) != 1 || !strings.HasPrefix(r.Warnings[0].Text, "1 job(s) never started: at ") {
			t.Errorf("rounds %v: warnings %+v, want one saying a job never started", rounds, r.Warnings)
		}
		if r.End > 15*core.Second {
			t.Errorf("rounds %v: the run went on to %d ms after the cluster went idle at 10 s", rounds, r.End)
		}
	}
}
