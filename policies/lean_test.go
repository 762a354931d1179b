package policies

import (
	"encoding/json"
	"testing"

	"schedlab/core/world"
	"schedlab/policies/scenario"
)

// TestLeanSummaryEqualsFull: a lean run (Hooks.Lean, no intervals nor series) gives the same
// summary as the full run, field for field as the runner prints it, for every policy of the
// families' smoke scenarios and of windowed Synergy and heterogeneous runs: gpu_util (and per
// type) from the busy log equals the one from the intervals, and a sharing run keeps its
// loaded_util. Each job's waiting by reason is the full run's too, though a lean run logs no
// migration.
func TestLeanSummaryEqualsFull(t *testing.T) {
	specs := []scenario.Spec{
		// Multi-GPU jobs with a window and a stop at it, LAS's preemptions and TUNE.
		{Generate: "synergy:jobs=400,rate=12,split=20/70/10,multigpu=true", Cluster: "4x8", Round: 300,
			Policies:   []string{"las+proportional", "las+tune", "srtf+tune", "fifo+greedy", "drf+tune"},
			WindowFrom: 100, WindowTo: 250, StopAtWindow: true, Seed: 3},
	}
	for _, name := range []string{"baselines-smoke", "synergy-smoke", "similarity-smoke", "asrpt-smoke", "interference-smoke"} {
		sc, ok := Scenarios().Find(name)
		if !ok {
			t.Fatalf("scenario %s missing", name)
		}
		specs = append(specs, sc.Spec)
	}
	// A window that starts after jobs ran, on three GPU types with checkpoint costs.
	sim := scenario.Spec{Generate: "similarity:jobs=40,maxh=2", Cluster: "1x8:K80+1x8:P100+1x8:V100", Seed: 2,
		Policies: []string{"model-similarity", "model-similarity+rounds", "fastest-gpu-first"}, WindowFrom: 10, WindowTo: 30, CheckpointCost: 30}
	specs = append(specs, sim)
	models := world.Models()
	for _, spec := range specs {
		jobs, c := workload(t, spec, models)
		for _, name := range spec.Policies {
			full, err := RunOne(Builtin(), spec, name, jobs, c, models, Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			lean, err := RunOne(Builtin(), spec, name, jobs, c, models, Hooks{Lean: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(lean.Result.Intervals) != 0 || len(lean.Result.Busy.T) == 0 {
				t.Errorf("%s %s: lean run logged %d intervals and %d busy samples", spec.Generate, name, len(lean.Result.Intervals), len(lean.Result.Busy.T))
			}
			if !lean.Result.Sharing && len(lean.Result.Series.T) != 0 {
				t.Errorf("%s %s: lean run kept a series of %d points", spec.Generate, name, len(lean.Result.Series.T))
			}
			if full.Summary.GPUUtil == nil {
				t.Errorf("%s %s: no gpu_util to compare", spec.Generate, name)
			}
			for i := range full.Result.Jobs {
				if f, l := full.Result.WaitBy(i), lean.Result.WaitBy(i); f != l {
					t.Errorf("%s %s: job %d waited %v by reason in the full run, %v in the lean one", spec.Generate, name, i, f, l)
					break
				}
			}
			fj, _ := json.Marshal(full.Summary)
			lj, _ := json.Marshal(lean.Summary)
			if string(fj) != string(lj) {
				t.Errorf("%s %s: lean summary differs\nfull %s\nlean %s", spec.Generate, name, fj, lj)
			}
		}
	}
}
