package learn

import (
	"math/rand/v2"

	"schedlab/core/detmath"
	"schedlab/core/interference"
)

// MFConfig sets the IASP factorisation's hyper-parameters; zero fields take the defaults.
type MFConfig struct {
	Dim    int     // embedding size (default 4)
	Epochs int     // passes over the training set (default 300)
	LR     float64 // SGD step (default 0.02)
	Reg    float64 // L2 penalty (default 0.02)
	Seed   uint64
}

// MF is IASP: per GPU type, Y(a, b) ≈ μ + b_a + c_b + u_a · v_b, with job types as both users
// (the job being slowed) and items (its co-runner), fitted by SGD on the observed entries.
type MF struct {
	dim  int
	mu   [3]float64
	ba   [3][]float64
	bb   [3][]float64
	u, v [3][][]float64
}

// TrainMF fits the factorisation on train only.
func TrainMF(train []Sample, cfg MFConfig) *MF {
	if cfg.Dim == 0 {
		cfg.Dim = 4
	}
	if cfg.Epochs == 0 {
		cfg.Epochs = 300
	}
	if cfg.LR == 0 {
		cfg.LR = 0.02
	}
	if cfg.Reg == 0 {
		cfg.Reg = 0.02
	}
	n := interference.NumJobTypes()
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x69617370)) // "iasp"
	m := &MF{dim: cfg.Dim}
	var cnt [3]float64
	for _, s := range train {
		m.mu[s.T] += s.Y
		cnt[s.T]++
	}
	for t := range 3 {
		if cnt[t] > 0 {
			m.mu[t] /= cnt[t]
		}
		m.ba[t], m.bb[t] = make([]float64, n), make([]float64, n)
		m.u[t], m.v[t] = make([][]float64, n), make([][]float64, n)
		for k := range n {
			m.u[t][k], m.v[t][k] = make([]float64, cfg.Dim), make([]float64, cfg.Dim)
			for d := range cfg.Dim {
				m.u[t][k][d] = 0.1 * symUniform(rng)
				m.v[t][k][d] = 0.1 * symUniform(rng)
			}
		}
	}
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	for range cfg.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			m.step(train[i], cfg.LR, cfg.Reg)
		}
	}
	return m
}

// step is one SGD update on sample s — a function called per sample so that a tiered
// WebAssembly engine optimises it after the first calls (see MLP.accumulate).
func (m *MF) step(s Sample, lr, reg float64) {
	e := m.raw(s.T, s.A, s.B) - s.Y
	t := s.T
	m.ba[t][s.A] -= float64(lr * (e + float64(reg*m.ba[t][s.A])))
	m.bb[t][s.B] -= float64(lr * (e + float64(reg*m.bb[t][s.B])))
	u, v := m.u[t][s.A], m.v[t][s.B]
	for d := range u {
		gu := float64(e*v[d]) + float64(reg*u[d])
		gv := float64(e*u[d]) + float64(reg*v[d])
		u[d] -= float64(lr * gu)
		v[d] -= float64(lr * gv)
	}
}

func (m *MF) raw(t, a, b int) float64 {
	return detmath.Dot(m.mu[t]+m.ba[t][a]+m.bb[t][b], m.u[t][a], m.v[t][b])
}

// Predict is job type a's predicted normalised throughput next to b on GPU type index t.
func (m *MF) Predict(t, a, b int) float64 { return clamp(m.raw(t, a, b)) }

// PredictSample is Predict for a sample.
func (m *MF) PredictSample(s Sample) float64 { return m.Predict(s.T, s.A, s.B) }
