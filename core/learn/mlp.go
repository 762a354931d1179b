package learn

import (
	"math"
	"math/rand/v2"

	"schedlab/core/detmath"
	"schedlab/core/interference"
)

// MLPConfig sets IAPP's hyper-parameters; zero fields take the defaults.
type MLPConfig struct {
	Hidden []int   // hidden layer widths (default 24, 12), ReLU
	Epochs int     // default 80
	Batch  int     // mini-batch size (default 32)
	LR     float64 // Adam step (default 0.003)
	Seed   uint64
}

// MLP is IAPP: a multilayer perceptron from (task features, co-runner features, GPU type one-hot)
// to the task's normalised throughput, trained by backpropagation with Adam on MSE.
type MLP struct {
	w, b     [][]float64 // layer l: w[l] is out×in row-major, b[l] is out
	sizes    []int
	mean, sd []float64 // input standardisation (from the training inputs)
	feat     [][]float64
}

// NumInputs is IAPP's input width.
const NumInputs = 2*NumFeatures + 3

func (m *MLP) input(t, a, b int, x []float64) {
	copy(x, m.feat[a])
	copy(x[NumFeatures:], m.feat[b])
	for k := range 3 {
		x[2*NumFeatures+k] = 0
	}
	x[2*NumFeatures+t] = 1
	for i := range x {
		x[i] = (x[i] - m.mean[i]) / m.sd[i]
	}
}

// TrainMLP fits IAPP on train only.
func TrainMLP(train []Sample, cfg MLPConfig) *MLP {
	if cfg.Hidden == nil {
		cfg.Hidden = []int{24, 12}
	}
	if cfg.Epochs == 0 {
		cfg.Epochs = 80
	}
	if cfg.Batch == 0 {
		cfg.Batch = 32
	}
	if cfg.LR == 0 {
		cfg.LR = 0.003
	}
	m := &MLP{sizes: append(append([]int{NumInputs}, cfg.Hidden...), 1)}
	for k := range interference.NumJobTypes() {
		m.feat = append(m.feat, JobFeatures(k))
	}
	// Standardise with the training inputs' statistics.
	m.mean, m.sd = make([]float64, NumInputs), make([]float64, NumInputs)
	for i := range m.sd {
		m.sd[i] = 1
	}
	raw := make([]float64, NumInputs)
	n := float64(max(1, len(train)))
	sq := make([]float64, NumInputs)
	for _, s := range train {
		m.input(s.T, s.A, s.B, raw) // mean 0, sd 1 so far: raw values
		for i, x := range raw {
			m.mean[i] += x / n
			sq[i] += x * x / n
		}
	}
	for i := range m.sd {
		m.sd[i] = math.Sqrt(max(sq[i]-float64(m.mean[i]*m.mean[i]), 0))
		if m.sd[i] < 1e-9 {
			m.sd[i] = 1
		}
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x69617070)) // "iapp"
	L := len(m.sizes) - 1
	m.w, m.b = make([][]float64, L), make([][]float64, L)
	mw, vw, mb, vb := make([][]float64, L), make([][]float64, L), make([][]float64, L), make([][]float64, L)
	gw, gb := make([][]float64, L), make([][]float64, L)
	for l := range L {
		in, out := m.sizes[l], m.sizes[l+1]
		m.w[l], m.b[l] = make([]float64, in*out), make([]float64, out)
		scale := math.Sqrt(2 / float64(in)) // He initialisation for ReLU
		for i := range m.w[l] {
			m.w[l][i] = scale * symUniform(rng)
		}
		mw[l], vw[l], gw[l] = make([]float64, in*out), make([]float64, in*out), make([]float64, in*out)
		mb[l], vb[l], gb[l] = make([]float64, out), make([]float64, out), make([]float64, out)
	}
	acts := make([][]float64, L+1)
	deltas := make([][]float64, L+1)
	for l, s := range m.sizes {
		acts[l], deltas[l] = make([]float64, s), make([]float64, s)
	}
	// Standardised inputs, computed once (the same operations as input on every visit).
	xs := make([]float64, len(train)*NumInputs)
	for i, s := range train {
		m.input(s.T, s.A, s.B, xs[i*NumInputs:(i+1)*NumInputs])
	}
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	const beta1, beta2 = 0.9, 0.999
	p1, p2 := 1.0, 1.0 // beta^t by repeated multiplication (no math.Pow)
	for range cfg.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for start := 0; start < len(order); start += cfg.Batch {
			end := min(start+cfg.Batch, len(order))
			for l := range L {
				clear(gw[l])
				clear(gb[l])
			}
			for _, i := range order[start:end] {
				copy(acts[0], xs[i*NumInputs:(i+1)*NumInputs])
				m.accumulate(acts, deltas, gw, gb, train[i].Y, float64(end-start))
			}
			p1, p2 = float64(p1*beta1), float64(p2*beta2) // rounded: adam subtracts them from 1
			for l := range L {
				adam(m.w[l], gw[l], mw[l], vw[l], cfg.LR, p1, p2)
				adam(m.b[l], gb[l], mb[l], vb[l], cfg.LR, p1, p2)
			}
		}
	}
	return m
}

// accumulate adds one sample's gradient of the batch's mean squared error (batch of n samples)
// to gw and gb, acts[0] holding its standardised input. It is a function of its own, called per
// sample, so that a WebAssembly engine that compiles in tiers (V8's Liftoff, then TurboFan) runs
// it optimised after the first calls: a single long-running call never leaves the baseline tier.
// An output whose delta is zero (a ReLU that was off) is skipped: it would add only zeros, to
// sums that start at +0 and so can never be −0 — adding ±0 leaves every such sum unchanged.
func (m *MLP) accumulate(acts, deltas, gw, gb [][]float64, y, n float64) {
	L := len(m.sizes) - 1
	m.forward(acts)
	deltas[L][0] = 2 * (acts[L][0] - y) / n
	for l := L - 1; l >= 0; l-- {
		in, out := m.sizes[l], m.sizes[l+1]
		a := acts[l]
		for o := range out {
			d := deltas[l+1][o]
			if d == 0 {
				continue // adds zeros only: see above
			}
			gb[l][o] += d
			detmath.Axpy(gw[l][o*in:(o+1)*in], d, a)
		}
		if l == 0 {
			break
		}
		// δ_k = Σ_o w_ok δ_o, accumulated row by row in the same o order as a per-k sum
		// (identical results, contiguous reads), then zeroed where ReLU was off.
		dl := deltas[l][:len(a)]
		clear(dl)
		for o := range out {
			d := deltas[l+1][o]
			if d == 0 {
				continue
			}
			detmath.Axpy(dl, d, m.w[l][o*in:(o+1)*in])
		}
		for k, x := range a {
			if x <= 0 {
				dl[k] = 0
			}
		}
	}
}

func adam(w, g, mo, ve []float64, lr, p1, p2 float64) {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	for i := range w {
		mo[i] = float64(beta1*mo[i]) + float64((1-beta1)*g[i])
		ve[i] = float64(beta2*ve[i]) + float64((1-beta2)*g[i]*g[i])
		w[i] -= lr * (mo[i] / (1 - p1)) / (math.Sqrt(ve[i]/(1-p2)) + eps)
	}
}

// forward fills acts[1:] from acts[0] (ReLU hidden layers, linear output). Four outputs are
// summed side by side: each output's sum is one chain of dependent additions, and interleaving
// four chains keeps the adder busy while leaving each sum's order — and so its value — unchanged.
func (m *MLP) forward(acts [][]float64) {
	L := len(m.sizes) - 1
	for l := range L {
		in, out := m.sizes[l], m.sizes[l+1]
		a, w, b, z := acts[l], m.w[l], m.b[l], acts[l+1][:out]
		relu := l < L-1
		o := 0
		for ; o+4 <= out; o += 4 {
			r0 := w[o*in : (o+1)*in][:len(a)]
			r1 := w[(o+1)*in : (o+2)*in][:len(a)]
			r2 := w[(o+2)*in : (o+3)*in][:len(a)]
			r3 := w[(o+3)*in : (o+4)*in][:len(a)]
			x0, x1, x2, x3 := b[o], b[o+1], b[o+2], b[o+3]
			for k, v := range a {
				x0 += float64(r0[k] * v)
				x1 += float64(r1[k] * v)
				x2 += float64(r2[k] * v)
				x3 += float64(r3[k] * v)
			}
			z[o], z[o+1], z[o+2], z[o+3] = x0, x1, x2, x3
		}
		for ; o < out; o++ {
			z[o] = detmath.Dot(b[o], w[o*in:(o+1)*in], a)
		}
		if relu {
			for o, x := range z {
				if x < 0 {
					z[o] = 0
				}
			}
		}
	}
}

// Predict is job type a's predicted normalised throughput next to b on GPU type index t.
func (m *MLP) Predict(t, a, b int) float64 {
	acts := make([][]float64, len(m.sizes))
	for l, s := range m.sizes {
		acts[l] = make([]float64, s)
	}
	m.input(t, a, b, acts[0])
	m.forward(acts)
	return clamp(acts[len(acts)-1][0])
}

// PredictSample is Predict for a sample.
func (m *MLP) PredictSample(s Sample) float64 { return m.Predict(s.T, s.A, s.B) }
