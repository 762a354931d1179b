package script_test

import (
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/policies/script"
)

// TestExamplesWithinBudget: on the 1,000-job workload each example uses so few steps that 82 times
// as many (the whole Philly trace, if a run's steps grew with its jobs) would be a fifth of the
// run's ceiling, so the limits stop runaway scripts, not real ones (make script-philly runs the
// whole trace).
func TestExamplesWithinBudget(t *testing.T) {
	jobs, c := caseJobs(t, equivCases[0].spec)
	lim := script.DefaultLimits
	allowance := lim.RunSteps
	for _, pair := range examplePairs {
		prog := mustCompile(t, pair.file)
		pol, err := prog.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: pol, Seed: 1, Round: 300 * core.Second, FirstRound: -1, Lean: true})
		if err != nil {
			t.Fatal(err)
		}
		s.Run()
		if err := s.Err(); err != nil {
			t.Fatal(err)
		}
		sp := pol.(*script.Policy)
		t.Logf("%s: %d calls, %d steps (allowance %d)", pair.file, sp.Calls(), sp.Steps(), allowance)
		if 82*sp.Steps() > allowance/5 {
			t.Errorf("%s took %d steps: 82 times as many is more than a fifth of the ceiling %d", pair.file, sp.Steps(), allowance)
		}
	}
}
