package asrpt

import (
	"math"

	"schedlab/core"
	"schedlab/core/detmath"
	"schedlab/core/forest"
)

// Predictor kinds.
const (
	PredictRF       = "rf"       // random forest trained online on finished runs
	PredictMean     = "mean"     // mean of the group's finished runs
	PredictOracle   = "oracle"   // the true iteration count
	PredictNoisy    = "noisy"    // truth × e^ε, ε ~ N(0, σ²) (error injection)
	defaultIters    = 10000      // before anything is known
	firstTrain      = 20         // finished runs before the first forest
	retrainGrowth   = 1.5        // retrain when the finished runs grow by this factor
	onlineTrees     = 30         // trees of the online forest (training stays cheap per run)
	adaptiveOverrun = 0.2        // a job that outlives n̂ gets n̂ = done × (1 + this)
	forestSeedBase  = 0xa5a7f057 // stream of the online forest
)

// length is what the predictor predicts: a job's iterations, or the milliseconds of a job that has
// a fixed duration instead (trace jobs such as Alibaba PAI's) — the engine's unit of work for it.
// Duration jobs used to enter the virtual machine with their true duration, which made a-srpt an
// oracle on trace workloads; they are now predicted from their group's history like the rest.
func length(j *core.Job) float64 {
	if j.Duration > 0 {
		return float64(j.Duration)
	}
	return float64(j.Iterations)
}

// online is the predictor a policy uses during a run.
type online struct {
	kind    string
	sigma   float64
	hist    *History
	rows    [][]float64 // features of finished runs (as computed at their arrival)
	targets []float64   // log iterations of finished runs
	forest  *forest.Forest
	nextFit int
	fits    int
	row     []float64
}

func newOnline(kind string, sigma float64, maxHist int) *online {
	return &online{kind: kind, sigma: sigma, hist: NewHistory(maxHist), nextFit: firstTrain}
}

// features computes the job's feature row at arrival (kept for training when it finishes).
func (o *online) features(j *core.Job) []float64 {
	return append([]float64(nil), o.hist.Features(j, o.row)...)
}

// predict returns n̂ for a job arriving now; norm draws a standard normal for error injection.
func (o *online) predict(j *core.Job, row []float64, norm func() float64) float64 {
	truth := length(j)
	switch o.kind {
	case PredictOracle:
		return truth
	case PredictNoisy:
		return max(1, truth*detmath.Exp(o.sigma*norm()))
	case PredictRF:
		if o.forest != nil {
			return max(1, detmath.Exp(o.forest.Predict(row)))
		}
	}
	return o.hist.MeanOfHistory(j, defaultIters)
}

// learn records a finished run and refits the forest when enough new runs are known.
func (o *online) learn(j *core.Job, row []float64) {
	n := length(j)
	o.hist.Learn(j, n)
	if o.kind != PredictRF {
		return
	}
	o.rows = append(o.rows, row)
	o.targets = append(o.targets, detmath.Log(max(1, n)))
	if len(o.rows) >= o.nextFit {
		f, err := forest.Fit(o.rows, o.targets, onlineConfig(o.fits))
		if err != nil {
			panic(err) // rows are well-formed by construction
		}
		o.forest = f
		o.fits++
		o.nextFit = int(math.Ceil(float64(len(o.rows)) * retrainGrowth))
	}
}

// onlineConfig is the online forest's configuration at its fit-th refit (each has a seed of its
// own).
func onlineConfig(fit int) forest.Config {
	return forest.Config{Trees: onlineTrees, MaxFeatures: NumFeatures / 2, Seed: forestSeedBase + uint64(fit)}
}
