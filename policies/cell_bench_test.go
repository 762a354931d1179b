package policies

import (
	"fmt"
	"testing"

	"schedlab/core/world"
	"schedlab/policies/scenario"
)

// fig1Cell is one cell of synergy-fig1: 8,000 multi-GPU jobs at rate jobs/h on 16x8, round 300 s,
// jobs 4000-4999 measured, the run stopping when they are done.
func fig1Cell(policy string, rate float64) scenario.Spec {
	return scenario.Spec{Generate: fmt.Sprintf("synergy:jobs=8000,rate=%g,split=20/70/10,multigpu=true", rate), Cluster: "16x8",
		Round: 300, Policies: []string{policy}, WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 1}
}

// BenchmarkFig1Cell runs synergy-fig1's cells, one sub-benchmark per series: at its heaviest load
// (8 jobs/h) full and lean (as the figure runs them), and lean at a light load (2 jobs/h, where a
// cell's time is the number of rounds rather than the queue's length). The workload is generated
// outside the loop.
func BenchmarkFig1Cell(b *testing.B) {
	for _, name := range []string{"las+proportional", "las+tune", "srtf+proportional", "srtf+tune"} {
		b.Run("full/"+name, func(b *testing.B) { benchCell(b, fig1Cell(name, 8), Hooks{}) })
		b.Run("lean/"+name, func(b *testing.B) { benchCell(b, fig1Cell(name, 8), Hooks{Lean: true}) })
		b.Run("lean-2/"+name, func(b *testing.B) { benchCell(b, fig1Cell(name, 2), Hooks{Lean: true}) })
	}
}

func benchCell(b *testing.B, spec scenario.Spec, h Hooks) {
	models := world.Models()
	jobs, c := workload(b, spec, models)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RunOne(Builtin(), spec, spec.Policies[0], jobs, c, models, h); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFig8Cell runs synergy-fig8's heaviest cells (9 jobs/h on the authors' stream, seed 42),
// one sub-benchmark per series, lean as the figure runs them.
func BenchmarkFig8Cell(b *testing.B) {
	for _, name := range []string{"fifo+proportional", "fifo+greedy", "fifo+tune"} {
		spec := scenario.Spec{Generate: "synergy:jobs=30000,rate=9,split=20/70/10,stream=authors", Cluster: "16x8",
			Round: 300, Policies: []string{name}, WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 42}
		b.Run(name, func(b *testing.B) { benchCell(b, spec, Hooks{Lean: true}) })
	}
}

// BenchmarkFig12Cell runs synergy-fig12's cells (9 jobs/h on the authors' stream, 30,000
// arrivals, seed 42), one sub-benchmark per series, lean as the figure runs them.
func BenchmarkFig12Cell(b *testing.B) {
	for _, name := range []string{"drf", "drf+tune", "tetris", "tetris+tune"} {
		spec := scenario.Spec{Generate: "synergy:jobs=30000,rate=9,split=20/70/10,stream=authors", Cluster: "16x8",
			Round: 300, Policies: []string{name}, WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 42}
		b.Run(name, func(b *testing.B) { benchCell(b, spec, Hooks{Lean: true}) })
	}
}
