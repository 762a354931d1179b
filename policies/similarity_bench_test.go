package policies

import (
	"testing"

	"schedlab/policies/figure"
	"schedlab/policies/similarity"
)

// BenchmarkSimilarityCell runs one cell (the first seed) of every series of similarity-makespan
// under each GPU reading at the default fallback and order, lean as the figure runs them. The
// workload is generated outside the loop.
func BenchmarkSimilarityCell(b *testing.B) {
	f := similarity.Figures()[0]
	for _, gpus := range []string{"gpus=zeus", "gpus=gavel"} {
		rs, err := f.SelectReadings("fallback=now,order=fifo," + gpus)
		if err != nil || len(rs) != 1 {
			b.Fatalf("%s: readings %v: %v", f.ID, rs, err)
		}
		for s, se := range f.Series {
			spec := f.Spec(figure.Cell{R: rs[0], S: s, Seed: f.Seeds[0]})
			b.Run(gpus+"/"+se.Name, func(b *testing.B) { benchCell(b, spec, Hooks{Lean: true, NoReasons: true}) })
		}
	}
}
