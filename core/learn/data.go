package learn

import (
	"math"
	"math/rand/v2"

	"schedlab/core"
	"schedlab/core/detmath"
	"schedlab/core/hetero"
	"schedlab/core/interference"
)

// Sample is one measured pair: job type A's normalised throughput Y next to job type B on GPU
// type index T (interference.GPUTypes order).
type Sample struct {
	T, A, B int
	Y       float64
}

// Key identifies a sample's pair.
func (s Sample) Key() [3]int { return [3]int{s.T, s.A, s.B} }

// Pairs lists every fitting measured pair of m (Y > 0) in table order. Pairs that do not fit are
// known from memory alone and are not prediction targets.
func Pairs(m *interference.Model) []Sample {
	var out []Sample
	for t, typ := range interference.GPUTypes() {
		for a := range interference.NumJobTypes() {
			for b := range interference.NumJobTypes() {
				if y, _ := m.Pair(typ, a, b); y > 0 {
					out = append(out, Sample{t, a, b, y})
				}
			}
		}
	}
	return out
}

// Split shuffles samples with seed and returns the first frac as the training split and the rest
// as the held-out split. The input is not modified.
func Split(samples []Sample, frac float64, seed uint64) (train, test []Sample) {
	s := append([]Sample(nil), samples...)
	rng := rand.New(rand.NewPCG(seed, 0x73706c6974)) // "split"
	rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	k := int(math.Round(frac * float64(len(s))))
	return s[:k], s[k:]
}

// families in feature order.
var families = [...]string{"A3C", "CycleGAN", "LM", "Recommendation", "ResNet-18", "ResNet-50", "Transformer"}

// NumFeatures is the length of JobFeatures.
const NumFeatures = 3 + 1 + len(families) + 1

// JobFeatures describes job type k by what a scheduler knows before co-locating it: its isolated
// single-GPU throughput on K80, P100 and V100 (natural log), per-GPU batch size (log2, 0 if none),
// family (one-hot) and GPU-memory footprint (GB / 16).
func JobFeatures(k int) []float64 {
	tb := hetero.Gavel()
	jt := interference.JobType(k)
	p, _ := tb.Profile(jt)
	f := make([]float64, 0, NumFeatures)
	for _, t := range interference.GPUTypes() {
		x, _ := p.At(t, 1, false)
		f = append(f, detmath.Log(x))
	}
	fam, bs := hetero.SplitJobType(jt)
	if bs > 0 {
		f = append(f, detmath.Log2(float64(bs)))
	} else {
		f = append(f, 0)
	}
	for _, name := range families {
		if name == fam {
			f = append(f, 1)
		} else {
			f = append(f, 0)
		}
	}
	return append(f, interference.Footprint(k)/16)
}

// GPUTypeIndex is t's index in interference.GPUTypes, -1 if unmeasured.
func GPUTypeIndex(t core.GPUType) int {
	for i, x := range interference.GPUTypes() {
		if x == t {
			return i
		}
	}
	return -1
}

// Accuracy is a predictor's error on a set of samples.
type Accuracy struct {
	RMSE, MAPE float64 // MAPE as a fraction (0.1 = 10 %)
	N          int
}

// Evaluate scores predict on samples.
func Evaluate(samples []Sample, predict func(Sample) float64) Accuracy {
	var se, ape float64
	for _, s := range samples {
		d := predict(s) - s.Y
		se += float64(d * d)
		ape += math.Abs(d) / s.Y
	}
	n := float64(len(samples))
	return Accuracy{RMSE: math.Sqrt(se / n), MAPE: ape / n, N: len(samples)}
}

// RowMean is the baseline: the mean training value of the same job type on the same GPU type
// (the global training mean for a row without training samples).
type RowMean struct {
	mean [3][]float64
	all  float64
}

// NewRowMean fits the baseline on train.
func NewRowMean(train []Sample) *RowMean {
	r := &RowMean{}
	n := interference.NumJobTypes()
	var cnt [3][]float64
	for t := range 3 {
		r.mean[t], cnt[t] = make([]float64, n), make([]float64, n)
	}
	for _, s := range train {
		r.mean[s.T][s.A] += s.Y
		cnt[s.T][s.A]++
		r.all += s.Y
	}
	r.all /= float64(max(1, len(train)))
	for t := range 3 {
		for a := range n {
			if cnt[t][a] > 0 {
				r.mean[t][a] /= cnt[t][a]
			} else {
				r.mean[t][a] = r.all
			}
		}
	}
	return r
}

// Predict implements the baseline.
func (r *RowMean) Predict(s Sample) float64 { return r.mean[s.T][s.A] }

func clamp(x float64) float64 { return min(1, max(0.02, x)) }

// symUniform draws from a uniform distribution with mean 0 and variance 1 (weight initialisation;
// rand's NormFloat64 may call math.Exp, whose low bits differ between native and wasm).
func symUniform(rng *rand.Rand) float64 { return (2*float64(rng.Float64()) - 1) * math.Sqrt(3) }
