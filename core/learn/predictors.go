package learn

import "schedlab/core/interference"

// Predictors is a trained IASP + IAPP pair and the split they were trained on.
type Predictors struct {
	IASP  *MF
	IAPP  *MLP
	Train []Sample // the training split: the only pairs the predictors saw
	Test  []Sample // the held-out split
}

// Train splits m's fitting pairs (frac for training, seeded) and trains both predictors on the
// training split only.
func Train(m *interference.Model, frac float64, seed uint64) *Predictors {
	train, test := Split(Pairs(m), frac, seed)
	return &Predictors{
		IASP:  TrainMF(train, MFConfig{Seed: seed}),
		IAPP:  TrainMLP(train, MLPConfig{Seed: seed}),
		Train: train,
		Test:  test,
	}
}
