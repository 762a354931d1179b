package metrics

import (
	"math"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

// TestLoadedUtil: hand-made series on 4 GPUs. Points at 0, 10, 20, 30 s; jobs wait during
// [0, 10) and [20, 30) only.
func TestLoadedUtil(t *testing.T) {
	c, err := core.ParseCluster("1x4")
	if err != nil {
		t.Fatal(err)
	}
	series := sim.Series{
		T:         []core.Time{0, 10000, 20000, 30000},
		BusyGPUs:  []int32{4, 2, 3, 0},
		Queue:     []int32{2, 0, 1, 0},
		Effective: []float64{5, 2, 3.6, 0},
	}
	for _, tc := range []struct {
		name      string
		series    sim.Series
		from, to  core.Time
		util, eff float64
		ok        bool
	}{
		// (4 + 3) / 2 / 4 GPUs; (5 + 3.6) / 2 / 4.
		{"whole run", series, 0, 30000, 0.875, 1.075, true},
		// Only [5, 10) and [20, 25) count: same weights.
		{"clipped", series, 5000, 25000, 0.875, 1.075, true},
		// Only [0, 10).
		{"first period", series, 0, 15000, 1, 1.25, true},
		{"no wait", sim.Series{T: []core.Time{0, 10}, BusyGPUs: []int32{1, 0}, Queue: []int32{0, 0}, Effective: []float64{1, 0}}, 0, 10, 0, 0, false},
		{"no sharing series", sim.Series{T: []core.Time{0, 10}, BusyGPUs: []int32{1, 0}, Queue: []int32{1, 0}}, 0, 10, 0, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, e, ok := LoadedUtil(&sim.Result{Series: tc.series}, c, tc.from, tc.to)
			if ok != tc.ok || !near(u, tc.util) || !near(e, tc.eff) {
				t.Errorf("got (%.4f, %.4f, %v), want (%.4f, %.4f, %v)", u, e, ok, tc.util, tc.eff, tc.ok)
			}
		})
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func TestMeanSD(t *testing.T) {
	if m, sd := MeanSD([]float64{2, 4, 4, 4, 5, 5, 7, 9}); !near(m, 5) || math.Abs(sd-2.138089935) > 1e-9 {
		t.Errorf("got %v ± %v, want 5 ± 2.138089935 (sample standard deviation)", m, sd)
	}
	if m, sd := MeanSD([]float64{3}); m != 3 || sd != 0 {
		t.Errorf("one value: got %v ± %v, want 3 ± 0", m, sd)
	}
}
