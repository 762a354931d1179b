package policies

import (
	"slices"
	"testing"

	"schedlab/core/world"
	"schedlab/policies/scenario"
)

// fig1Cell is synergy-fig1's cell of policy at rate jobs/h, seed 1, from the catalogue.
func fig1Cell(b *testing.B, policy, rate string) scenario.Spec {
	f, _ := FindFigure("synergy-fig1")
	x, s := slices.Index(f.Sweep.Values, rate), f.SeriesIndex(policy)
	if x < 0 || s < 0 {
		b.Fatalf("synergy-fig1 has no cell %s at %s jobs/h", policy, rate)
	}
	return f.Cell(x, s, 1)
}

// BenchmarkFig1Cell runs synergy-fig1's cells, one sub-benchmark per series: at its heaviest load
// (4 jobs/h) full and lean (as the figure runs them: no intervals, no reasons for waiting), and lean at a light load (2 jobs/h, where a
// cell's time is the number of rounds rather than the queue's length). The workload is generated
// outside the loop.
func BenchmarkFig1Cell(b *testing.B) {
	for _, name := range []string{"las+proportional", "las+tune", "srtf+proportional", "srtf+tune"} {
		b.Run("full/"+name, func(b *testing.B) { benchCell(b, fig1Cell(b, name, "4"), Hooks{}) })
		b.Run("lean/"+name, func(b *testing.B) { benchCell(b, fig1Cell(b, name, "4"), Hooks{Lean: true, NoReasons: true}) })
		b.Run("lean-2/"+name, func(b *testing.B) { benchCell(b, fig1Cell(b, name, "2"), Hooks{Lean: true, NoReasons: true}) })
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
		spec := scenario.Spec{Generate: "synergy:jobs=40000,rate=9,split=20/70/10,stream=authors", Cluster: "16x8",
			Round: 300, Policies: []string{name}, WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 42}
		b.Run(name, func(b *testing.B) { benchCell(b, spec, Hooks{Lean: true, NoReasons: true}) })
	}
}

// BenchmarkFig12Cell runs synergy-fig12's cells (9 jobs/h on the authors' stream, 40,000
// arrivals, seed 42), one sub-benchmark per series, lean as the figure runs them.
func BenchmarkFig12Cell(b *testing.B) {
	for _, name := range []string{"drf", "drf+tune", "tetris", "tetris+tune"} {
		spec := scenario.Spec{Generate: "synergy:jobs=40000,rate=9,split=20/70/10,stream=authors", Cluster: "16x8",
			Round: 300, Policies: []string{name}, WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 42}
		b.Run(name, func(b *testing.B) { benchCell(b, spec, Hooks{Lean: true, NoReasons: true}) })
	}
}
