package forest

import "math"

// R2 is the coefficient of determination of pred against truth: 1 − SSE/SST (0 when truth is
// constant and the predictions are exact, −Inf when they are not).
func R2(truth, pred []float64) float64 {
	mean := 0.0
	for _, v := range truth {
		mean += v
	}
	mean /= float64(len(truth))
	var sse, sst float64
	for i, v := range truth {
		sse += float64((v - pred[i]) * (v - pred[i]))
		sst += float64((v - mean) * (v - mean))
	}
	if sst == 0 {
		if sse == 0 {
			return 1
		}
		return math.Inf(-1)
	}
	return 1 - sse/sst
}

// MAPE is the mean absolute percentage error |pred − truth| / |truth| (rows with truth 0 are
// skipped), as a fraction.
func MAPE(truth, pred []float64) float64 {
	s, n := 0.0, 0
	for i, v := range truth {
		if v != 0 {
			s += math.Abs(pred[i]-v) / math.Abs(v)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return s / float64(n)
}
