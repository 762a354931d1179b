package asrpt

import (
	"fmt"
	"math"
	"testing"

	"schedlab/core/detmath"
	"schedlab/core/forest"
)

// TestHistorySumsAsLoop: the running sums History keeps give, to the bit, the means a loop over
// the group's known counts gives (whole history and a window), and the mean over every run when
// the group has none.
func TestHistorySumsAsLoop(t *testing.T) {
	jobs := workload(t, "recurring:jobs=600,sigma=1.5", 5)
	for _, maxHist := range []int{0, 3} {
		h := NewHistory(maxHist)
		runs := map[string][]float64{}
		var all []float64
		for i := range jobs {
			j := &jobs[i]
			r := runs[groupKey(j)]
			if maxHist > 0 && len(r) > maxHist {
				r = r[len(r)-maxHist:]
			}
			wantLog, wantMean := -1.0, float64(defaultIters)
			if len(r) > 0 {
				s, sl := 0.0, 0.0
				for _, v := range r {
					s += v
					sl += detmath.Log(max(1, v))
				}
				wantLog, wantMean = sl/float64(len(r)), s/float64(len(r))
			} else if len(all) > 0 {
				s := 0.0
				for _, v := range all {
					s += v
				}
				wantMean = s / float64(len(all))
			}
			if got := h.Features(j, nil)[9]; math.Float64bits(got) != math.Float64bits(wantLog) {
				t.Fatalf("maxHist %d, job %d: mean log count %v, want %v", maxHist, i, got, wantLog)
			}
			if got := h.MeanOfHistory(j, defaultIters); math.Float64bits(got) != math.Float64bits(wantMean) {
				t.Fatalf("maxHist %d, job %d: mean of history %v, want %v", maxHist, i, got, wantMean)
			}
			n := float64(j.Iterations)
			h.Learn(j, n)
			runs[groupKey(j)] = append(runs[groupKey(j)], n)
			all = append(all, n)
		}
	}
}

// BenchmarkHistoryFeatures is an arrival's feature row after known runs: the same cost at any size.
func BenchmarkHistoryFeatures(b *testing.B) {
	jobs := workload(b, "recurring:jobs=100000,rate=40", 1)
	for _, known := range []int{1000, 100000} {
		h := NewHistory(0)
		for i := range known {
			h.Learn(&jobs[i], float64(jobs[i].Iterations))
		}
		row := make([]float64, 0, NumFeatures)
		b.Run(fmt.Sprintf("known=%d", known), func(b *testing.B) {
			k := 0
			for b.Loop() {
				row = h.Features(&jobs[k%len(jobs)], row)
				k++
			}
		})
	}
}

// BenchmarkOnlineFit is one refit of the online forest on the rows A-SRPT has when 20,000 runs of
// the recurring workload are known (each row as its job's arrival saw the history): the fits are
// most of a long run's time.
func BenchmarkOnlineFit(b *testing.B) {
	jobs := workload(b, "recurring:jobs=20000,rate=40", 1)
	o := newOnline(PredictRF, 0, 0)
	o.nextFit = len(jobs) + 1 // no refit while the rows are gathered
	for i := range jobs {
		o.learn(&jobs[i], o.features(&jobs[i]))
	}
	for b.Loop() {
		if _, err := forest.Fit(o.rows, o.targets, onlineConfig(0)); err != nil {
			b.Fatal(err)
		}
	}
}
