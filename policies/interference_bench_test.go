package policies

import (
	"testing"

	"schedlab/policies/figure"
	"schedlab/policies/interference"
)

// BenchmarkInterferenceCell runs one cell (first sweep value, first seed) of every series of the
// interference figures, lean as the figures run them: 400 jobs at 20 jobs/h on 4x8, iasp-iapp's
// training included (it is built per cell). The workload is generated outside the loop.
func BenchmarkInterferenceCell(b *testing.B) {
	for _, f := range interference.Figures() {
		for s, se := range f.Series {
			spec := f.Spec(figure.Cell{S: s, Seed: f.Seeds[0]})
			b.Run(f.ID+"/"+se.Name, func(b *testing.B) { benchCell(b, spec, Hooks{Lean: true, NoReasons: true}) })
		}
	}
}
