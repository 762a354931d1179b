package policies

import (
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/core/world"
)

// TestWaitAccounting: for every policy of every family's smoke scenario, each job's waiting split
// by reason (sim.Result.WaitBy) adds up to its whole waiting time (end − submit − time holding
// GPUs), a job that never waited has no reason in its timeline, and one that waited has one.
func TestWaitAccounting(t *testing.T) {
	models := world.Models()
	for _, name := range []string{"baselines-smoke", "synergy-smoke", "similarity-smoke", "asrpt-smoke", "interference-smoke"} {
		sc, ok := Scenarios().Find(name)
		if !ok {
			t.Fatalf("scenario %s missing", name)
		}
		spec := sc.Spec
		jobs, c := workload(t, spec, models)
		for _, p := range spec.Policies {
			out, err := RunOne(Builtin(), spec, p, jobs, c, models, Hooks{Lean: true})
			if err != nil {
				t.Fatal(err)
			}
			checkWaits(t, name+" "+p, out.Result)
		}
	}
}

func checkWaits(t *testing.T, label string, r *sim.Result) {
	t.Helper()
	waited := 0
	for i := range r.Jobs {
		j := &r.Jobs[i]
		if j.Status == sim.Rejected {
			continue
		}
		end := r.End
		if j.Status == sim.Done {
			end = j.End
		}
		want := end - j.Job.Submit - j.Held
		var got core.Time
		by := r.WaitBy(i)
		for _, w := range by {
			got += w
		}
		if got != want {
			t.Errorf("%s: job %s waited %d ms by reason, %d ms in all (%v)", label, j.Job.ID, got, want, r.Timeline(i))
			return
		}
		reasons := 0
		for _, e := range r.Timeline(i) {
			if e.Kind == sim.Waiting {
				reasons++
				if e.Class == sim.NoClass || e.Text == "" {
					t.Errorf("%s: job %s: a reason without class or words: %+v", label, j.Job.ID, e)
				}
			}
		}
		if (want == 0) != (reasons == 0) {
			t.Errorf("%s: job %s waited %d ms and has %d reasons", label, j.Job.ID, want, reasons)
		}
		if want > 0 {
			waited++
		}
	}
	if waited == 0 {
		t.Logf("%s: no job waited", label)
	}
}
