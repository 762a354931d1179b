package asrpt

import (
	"schedlab/core"
	"schedlab/core/detmath"
	"schedlab/core/forest"
)

// Accuracy is the predictors' accuracy on a time-ordered split.
type Accuracy struct {
	Train, Test      int
	RFR2, RFMAPE     float64 // random forest: R² of log iterations, MAPE of iterations
	MeanR2, MeanMAPE float64 // mean of the group's history
}

// PredictorAccuracy trains the forest on the first trainFrac of jobs in submit order and tests it
// on the rest, beside the mean-of-history predictor on the same split. Each job's features use
// only the runs submitted before it (the trace as a log), at most maxHist of its group (0 = all).
func PredictorAccuracy(jobs []core.Job, trainFrac float64, maxHist int, seed uint64) Accuracy {
	h := NewHistory(maxHist)
	rows := make([][]float64, len(jobs))
	mean := make([]float64, len(jobs))
	for i := range jobs {
		rows[i] = h.Features(&jobs[i], nil)
		mean[i] = h.MeanOfHistory(&jobs[i], defaultIters)
		h.Learn(&jobs[i], length(&jobs[i]))
	}
	cut := int(float64(len(jobs)) * trainFrac)
	y := make([]float64, len(jobs))
	for i := range jobs {
		y[i] = detmath.Log(max(1, length(&jobs[i])))
	}
	f, err := forest.Fit(rows[:cut], y[:cut], forest.Config{Trees: 100, MaxFeatures: NumFeatures / 2, Seed: seed})
	if err != nil {
		return Accuracy{}
	}
	var truth, rf, mh, logRF, logMH []float64
	for i := cut; i < len(jobs); i++ {
		p := f.Predict(rows[i])
		truth = append(truth, length(&jobs[i]))
		rf = append(rf, detmath.Exp(p))
		mh = append(mh, mean[i])
		logRF = append(logRF, p)
		logMH = append(logMH, detmath.Log(max(1, mean[i])))
	}
	return Accuracy{Train: cut, Test: len(jobs) - cut,
		RFR2: forest.R2(y[cut:], logRF), RFMAPE: forest.MAPE(truth, rf),
		MeanR2: forest.R2(y[cut:], logMH), MeanMAPE: forest.MAPE(truth, mh)}
}
