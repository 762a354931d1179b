package asrpt

import (
	"encoding/json"
	"math"
	"testing"

	"schedlab/core"
	"schedlab/policies/figure"
)

// TestFigureMetric: the oracle's predictions are exact, error injection at σ has a log RMSE near σ,
// and the forest lands between the two.
func TestFigureMetric(t *testing.T) {
	c, _ := core.ParseCluster("4x8")
	jobs := workload(t, "recurring:jobs=200,rate=4", 3)
	run := func(name, params string) figure.Reporter {
		p := entryPolicy(t, name, json.RawMessage(params))
		simulate(t, p, jobs, c, 3)
		return p
	}
	get := func(r figure.Reporter, m string) float64 {
		v, ok := r.FigureMetric(m)
		if !ok {
			t.Fatalf("metric %s not reported", m)
		}
		return v
	}
	o := run("srpt-oracle", "")
	if get(o, MetricMAPE) != 0 || get(o, MetricR2) != 1 || get(o, MetricLogRMSE) != 0 {
		t.Errorf("oracle: got MAPE %v, R² %v, log RMSE %v; want 0, 1, 0", get(o, MetricMAPE), get(o, MetricR2), get(o, MetricLogRMSE))
	}
	n := run("a-srpt", `{"sigma":0.5}`)
	if e := get(n, MetricLogRMSE); math.Abs(e-0.5) > 0.08 {
		t.Errorf("σ = 0.5: got log RMSE %.3f, want within 0.08 of 0.5 (200 draws)", e)
	}
	rf := run("a-srpt", "")
	if r2 := get(rf, MetricR2); !(r2 > 0 && r2 < 1) {
		t.Errorf("forest: got R² %.3f, want in (0, 1)", r2)
	}
	if _, ok := rf.FigureMetric("mean_jct_s"); ok {
		t.Error("a summary metric reported by the policy")
	}
	t.Logf("forest: MAPE %.3f, R² %.3f, log RMSE %.3f", get(rf, MetricMAPE), get(rf, MetricR2), get(rf, MetricLogRMSE))
}
