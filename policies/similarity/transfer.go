package similarity

import (
	"math"
	"sort"

	"schedlab/core"
)

// TransferReport is the leave-one-out accuracy of profile transfer over a table.
type TransferReport struct {
	Exclude string `json:"exclude"`
	K       int    `json:"k"`
	// Absolute throughput error |predicted − measured| / measured over every measured
	// (job type, GPU type, GPUs, placement) point.
	Points    int     `json:"points"`
	MeanAPE   float64 `json:"mean_ape"`
	MedianAPE float64 `json:"median_ape"`
	// Ranking over (job type, GPUs, placement) cases with ≥ 2 measured GPU types: how often the
	// predicted fastest type is the truly fastest, and the mean throughput lost by choosing it
	// (1 − measured on predicted best / measured on true best).
	Cases    int     `json:"cases"`
	BestHits int     `json:"best_hits"`
	Regret   float64 `json:"mean_regret"`
}

// EvaluateTransfer predicts every measured point of p's table with the query's own model (or
// family) hidden, as the policy sees it at run time.
func EvaluateTransfer(p *Predictor) TransferReport {
	rep := TransferReport{Exclude: p.Exclude.String(), K: p.K}
	var apes []float64
	for _, q := range p.Refs {
		prof, _ := p.Table.Profile(q.Name)
		types := prof.Types()
		for _, g := range []int{1, 2, 4, 8} {
			for _, spread := range []bool{false, true} {
				if g == 1 && spread {
					continue
				}
				bestTrue, bestPred := core.GPUType(""), core.GPUType("")
				var maxTrue, maxPred float64
				n := 0
				for _, t := range types {
					x, ok := prof.At(t, g, spread)
					if !ok {
						continue
					}
					y, ok := p.Predict(q, t, g, spread)
					if !ok {
						continue
					}
					apes = append(apes, math.Abs(y-x)/x)
					n++
					if x > maxTrue {
						maxTrue, bestTrue = x, t
					}
					if y > maxPred {
						maxPred, bestPred = y, t
					}
				}
				if n < 2 {
					continue
				}
				rep.Cases++
				if bestPred == bestTrue {
					rep.BestHits++
				}
				got, _ := prof.At(bestPred, g, spread)
				rep.Regret += 1 - got/maxTrue
			}
		}
	}
	rep.Points = len(apes)
	if len(apes) > 0 {
		s := 0.0
		for _, a := range apes {
			s += a
		}
		rep.MeanAPE = s / float64(len(apes))
		sort.Float64s(apes)
		rep.MedianAPE = apes[len(apes)/2]
	}
	if rep.Cases > 0 {
		rep.Regret /= float64(rep.Cases)
	}
	return rep
}
