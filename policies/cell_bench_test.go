package policies

import (
	"testing"

	"schedlab/core"
	"schedlab/core/zoo"
	"schedlab/policies/scenario"
)

// fig1Cell is one cell of synergy-fig1 at its heaviest load: 8,000 multi-GPU jobs at 8 jobs/h on
// 16x8, round 300 s, jobs 4000-4999 measured, the run stopping when they are done.
func fig1Cell(policy string) scenario.Spec {
	return scenario.Spec{Generate: "synergy:jobs=8000,rate=8,split=20/70/10,multigpu=true", Cluster: "16x8", Round: 300,
		Policies: []string{policy}, WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 1}
}

// BenchmarkFig1Cell runs synergy-fig1's cells at 8 jobs/h, full and lean (as the figure runs them),
// one sub-benchmark per series, the
// workload generated once outside the loop (a figure's cells of one seed share it).
func BenchmarkFig1Cell(b *testing.B) {
	for _, name := range []string{"las+proportional", "las+tune", "srtf+proportional", "srtf+tune"} {
		b.Run(name, func(b *testing.B) { benchCell(b, fig1Cell(name), Hooks{}) })
		b.Run(name+"/lean", func(b *testing.B) { benchCell(b, fig1Cell(name), Hooks{Lean: true}) })
	}
}

func benchCell(b *testing.B, spec scenario.Spec, h Hooks) {
	models := zoo.Models()
	jobs, _, err := Jobs(spec, nil, models)
	if err != nil {
		b.Fatal(err)
	}
	c, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RunOne(Builtin(), spec, spec.Policies[0], jobs, c, models, h); err != nil {
			b.Fatal(err)
		}
	}
}
