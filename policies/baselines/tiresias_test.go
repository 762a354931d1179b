package baselines

import (
	"math"
	"os"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
	"schedlab/core/sim"
	"schedlab/core/trace"
)

// runTiresias runs our counterpart of r (TiresiasRun.Ours) and returns each job's end in seconds,
// by job id (the trace's ids are 0..59 in order).
func runTiresias(t *testing.T, jobs []core.Job, r TiresiasRun) []float64 {
	t.Helper()
	spec := r.Ours()
	factory := NewFIFO
	if spec.Policies[0] == NameLAS {
		factory = NewLAS
	}
	p := mustPolicy(t, factory, string(spec.Params[spec.Policies[0]]))
	c, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: p, Verify: true, Seed: spec.Seed,
		Round: core.FromSeconds(spec.Round), FirstRound: -1})
	if err != nil {
		t.Fatal(err)
	}
	res := s.Run()
	ends := make([]float64, len(res.Jobs))
	for i, j := range res.Jobs {
		if j.Status != sim.Done || j.Job.ID != jobs[i].ID {
			t.Fatalf("%s: job %s: status %v", r.Name(), j.Job.ID, j.Status)
		}
		ends[i] = j.End.Seconds()
	}
	return ends
}

func tiresiasJobs(t *testing.T) []core.Job {
	t.Helper()
	f, err := os.Open(shareddata.File(t, "tiresias/60_job.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	jobs, _, err := trace.Read("60_job.csv", f, "tiresias", core.BuiltinModels())
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

// TestTiresiasReruns pins ours to the recorded runs of the authors' simulator: on every judged run
// (fifo, and dlas-gpu with their two bugs fixed) every job ends within 1 s of theirs. With las's
// 1 s rounds they are equal to the second.
func TestTiresiasReruns(t *testing.T) {
	jobs := tiresiasJobs(t)
	runs := TiresiasReruns()
	if len(runs) != len(TiresiasConfigs()) {
		t.Fatalf("%d recorded runs, %d configurations", len(runs), len(TiresiasConfigs()))
	}
	for i, r := range runs {
		if c := TiresiasConfigs()[i]; c.Name() != r.Name() || len(r.End) != len(jobs) {
			t.Fatalf("recorded run %d is %s with %d jobs, want %s with %d", i, r.Name(), len(r.End), c.Name(), len(jobs))
		}
		if !r.Judged() {
			continue
		}
		ours := runTiresias(t, jobs, r)
		for k, want := range r.End {
			if d := math.Abs(ours[k] - float64(want)); d > 1 {
				t.Errorf("%s: job %s ends at %.3f s, theirs at %d s", r.Name(), jobs[k].ID, ours[k], want)
			}
		}
	}
}

// TestTiresiasFixesMatter checks that the recorded runs show their bugs: some unmodified dlas-gpu
// run ends a job elsewhere than the same run fixed, so the fixed runs judge something.
func TestTiresiasFixesMatter(t *testing.T) {
	runs := TiresiasReruns()
	differ := 0
	for i, r := range runs {
		if r.Schedule != "dlas-gpu" || !r.Fixed {
			continue
		}
		u := runs[i-1]
		if u.Fixed || u.Thresholds != r.Thresholds || u.Servers != r.Servers {
			t.Fatalf("run %d (%s) does not follow its unmodified run", i, r.Name())
		}
		for k := range r.End {
			if r.End[k] != u.End[k] {
				differ++
				break
			}
		}
	}
	if differ == 0 {
		t.Error("no fixed dlas-gpu run differs from its unmodified run")
	}
}
