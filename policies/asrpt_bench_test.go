package policies

import (
	"testing"

	"schedlab/core/world"
	"schedlab/policies/figure"
)

// BenchmarkASRPTCell runs one cell per series of asrpt-load at 6 jobs/h (its heaviest load) and of
// asrpt-bandwidth at ratio 64, seed 11, as the figures run them (RunCell, lean): a figure's page
// time is the sum of its cells' times, so these say which series dominate it.
func BenchmarkASRPTCell(b *testing.B) {
	models := world.Models()
	for _, id := range []string{"asrpt-load", "asrpt-bandwidth"} {
		f, ok := FindFigure(id)
		if !ok {
			b.Fatalf("no figure %s", id)
		}
		x := len(f.Sweep.Values) - 1
		for s, series := range f.Series {
			c := figure.Cell{X: x, S: s, Seed: f.Seeds[0]}
			b.Run(id+"/"+series.Name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := RunCell(Builtin(), models, f, c, nil, Hooks{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
