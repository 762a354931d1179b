package hetero

import (
	"slices"
	"sort"

	"schedlab/core"
)

// Gavel measured every job type on one GPU of each type, but multi-GPU placements only for some:
// its throughput files give the Recommendation job types, A3C and CycleGAN 1 GPU only, ResNet-50
// (batch size 128) no multi-GPU K80 figure, and no job type more than 8 GPUs — yet Gavel's own MSR
// traces ask for 2 to 64 GPUs of every type. Rather than refuse those traces, the table estimates
// a missing multi-GPU throughput with one documented rule (Table.Rate):
//
//  1. the job type's own measurement at the largest GPU count below the one asked for, same GPU
//     type and consolidation, scaled linearly (its per-GPU throughput held): 16 GPUs spread run
//     at twice the 8-GPU spread figure. A data-parallel job that already all-reduces across
//     servers moves about the same bytes per GPU at any ring size, so beyond the measured counts
//     the per-GPU rate is kept rather than extrapolated;
//  2. otherwise the type's 1-GPU throughput × GPUs × the file's scaling efficiency at the largest
//     measured count at or below the one asked for, same GPU type and consolidation: the median,
//     over the job types the file measures there, of throughput ÷ (GPUs × that job type's 1-GPU
//     throughput). The median, because the file holds outliers both ways (V100 LM at 8 GPUs
//     consolidated runs 6.4× its 1-GPU speed, V100 ResNet-18 at 8 spread 2.0×).
//
// Nothing is estimated without a 1-GPU measurement on the GPU type (an unmeasured type stays an
// error). Speed.Check counts the jobs that rely on an estimate (the run's warning names the first),
// or refuses them under measured_only.

// efficiency is a table's multi-GPU scaling efficiency at one placement shape: the median, over
// the JobTypes job types measured both there and on one GPU of the type, of throughput ÷ (GPUs ×
// 1-GPU throughput).
type efficiency struct {
	Type     core.GPUType
	GPUs     int
	Spread   bool
	Median   float64
	JobTypes int
}

// efficiencies computes the scaling efficiency of every multi-GPU shape the profiles measure,
// sorted like points (type, GPUs, consolidated first).
func efficiencies(profiles []Profile) []efficiency {
	ratios := map[Point][]float64{} // key: the shape, Throughput 0
	for i := range profiles {
		p := &profiles[i]
		for _, pt := range p.Points {
			if pt.GPUs < 2 {
				continue
			}
			one, ok := p.At(pt.Type, 1, false)
			if !ok {
				continue
			}
			k := Point{Type: pt.Type, GPUs: pt.GPUs, Spread: pt.Spread}
			ratios[k] = append(ratios[k], pt.Throughput/(float64(pt.GPUs)*one))
		}
	}
	out := make([]efficiency, 0, len(ratios))
	for k, r := range ratios {
		out = append(out, efficiency{Type: k.Type, GPUs: k.GPUs, Spread: k.Spread, Median: median(r), JobTypes: len(r)})
	}
	sort.Slice(out, func(a, b int) bool {
		return pointLess(Point{Type: out[a].Type, GPUs: out[a].GPUs, Spread: out[a].Spread},
			Point{Type: out[b].Type, GPUs: out[b].GPUs, Spread: out[b].Spread})
	})
	return out
}

// median of xs (sorted in place); the mean of the middle two for an even count.
func median(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// Rate is p's throughput on gpus GPUs of type typ, consolidated or spread: the measurement when
// the table has one (estimated false), else the estimate of the rule above (estimated true);
// ok is false when there is neither.
func (t *Table) Rate(p *Profile, typ core.GPUType, gpus int, spread bool) (x float64, estimated, ok bool) {
	if x, ok := p.At(typ, gpus, spread); ok {
		return x, false, true
	}
	if gpus < 2 {
		return 0, false, false
	}
	var own Point
	for _, pt := range p.Points {
		if pt.Type == typ && pt.Spread == spread && pt.GPUs > 1 && pt.GPUs < gpus && pt.GPUs > own.GPUs {
			own = pt
		}
	}
	if own.GPUs > 0 {
		return own.Throughput * float64(gpus) / float64(own.GPUs), true, true
	}
	one, ok := p.At(typ, 1, false)
	if !ok {
		return 0, false, false
	}
	var eff efficiency
	for _, e := range t.eff {
		if e.Type == typ && e.Spread == spread && e.GPUs <= gpus && e.GPUs > eff.GPUs {
			eff = e
		}
	}
	if eff.GPUs == 0 {
		return 0, false, false
	}
	return one * float64(gpus) * eff.Median, true, true
}
