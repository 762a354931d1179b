package asrpt

import (
	"math"

	"schedlab/core/detmath"
	"schedlab/core/forest"
)

// The predictor metrics a run reports (FigureMetric): the asrpt-predictor and asrpt-error figures
// plot them beside the JCT they cause.
const (
	MetricMAPE    = "pred_mape"     // mean |n̂ − n| / n, a fraction
	MetricR2      = "pred_r2"       // R² of log n̂ against log n
	MetricLogRMSE = "pred_log_rmse" // √mean (log n̂ − log n)²: comparable with the error injection's σ
)

// accuracy collects, in arrival order, each job's prediction as made when it arrived (before any
// adaptive correction) and its true length. Every arrived job counts, including those predicted by
// the mean of their group's history before the forest's first fit: that is what the scheduler used.
type accuracy struct {
	pred, truth []float64
}

func (a *accuracy) add(pred, truth float64) {
	a.pred = append(a.pred, pred)
	a.truth = append(a.truth, truth)
}

// FigureMetric reports the run's prediction accuracy by metric name (figure.Reporter); ok is false
// for other names and before any job arrived.
func (p *Policy) FigureMetric(name string) (float64, bool) {
	a := &p.acc
	if len(a.truth) == 0 {
		return 0, false
	}
	switch name {
	case MetricMAPE:
		return forest.MAPE(a.truth, a.pred), true
	case MetricR2, MetricLogRMSE:
		lt, lp := make([]float64, len(a.truth)), make([]float64, len(a.pred))
		sq := 0.0
		for i := range a.truth {
			lt[i], lp[i] = detmath.Log(max(1, a.truth[i])), detmath.Log(max(1, a.pred[i]))
			sq += float64((lp[i] - lt[i]) * (lp[i] - lt[i]))
		}
		if name == MetricR2 {
			return forest.R2(lt, lp), true
		}
		return math.Sqrt(sq / float64(len(lt))), true
	}
	return 0, false
}
