package policies

import (
	"math"
	"runtime"
	"slices"
	"testing"

	"schedlab/core"
	"schedlab/core/world"
	"schedlab/policies/asrpt"
	"schedlab/policies/figure"
	"schedlab/policies/interference"
	"schedlab/policies/similarity"
)

// cheapSeries is, per figure of the similarity, interference and A-SRPT families, a series whose
// cells take milliseconds natively (A-SRPT's forest and IASP + IAPP's training take 0.03–0.8 s a
// cell), so one cell of every figure runs in `make test` under -race and under Node too.
var cheapSeries = map[string]string{
	"similarity-makespan": "model-similarity+packing", "similarity-unseen": "model-similarity+rounds",
	"similarity-packing": "oracle+packing", "similarity-online": "gavel-maxmin",
	"interference-headline": "exclusive", "interference-predictors": "exclusive", "interference-gang": "exclusive-spread",
	"asrpt-load": "las", "asrpt-error": "a-srpt-preempt", "asrpt-bandwidth": "las",
	"asrpt-predictor": "a-srpt-meanhist", "asrpt-cluster": "las",
}

// TestFamilyFiguresOneCell runs, for every figure of the three families, the last sweep value's
// cell of a cheap series through RunCell: the spec builds, the policy takes its parameters, and
// every metric gets a finite value (A-SRPT's predictor metrics from the policy itself). The
// heavy series' cells are run by TestFamilyFiguresHeavyCells.
func TestFamilyFiguresOneCell(t *testing.T) {
	reg, models := Builtin(), world.Models()
	var figs []*figure.Figure
	figs = append(figs, similarity.Figures()...)
	figs = append(figs, interference.Figures()...)
	figs = append(figs, asrpt.Figures()...)
	if len(figs) != len(cheapSeries) {
		t.Errorf("%d figures, %d cheap series: a new figure needs one", len(figs), len(cheapSeries))
	}
	for _, f := range figs {
		if err := f.Validate(); err != nil {
			t.Error(err)
			continue
		}
		s := slices.IndexFunc(f.Series, func(s figure.Series) bool { return s.Name == cheapSeries[f.ID] })
		if s < 0 {
			t.Errorf("%s: no series %q", f.ID, cheapSeries[f.ID])
			continue
		}
		c := figure.Cell{X: max(0, len(f.Sweep.Values)-1), S: s, Seed: f.Seeds[0]}
		checkCell(t, reg, f, c, models)
	}
}

// TestFamilyFiguresHeavyCells runs one cell of every series of every figure of the three families
// (first sweep value, first seed): about 10 s natively, skipped under -race, -short and wasm like
// the families' studies.
func TestFamilyFiguresHeavyCells(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" || raceEnabled {
		t.Skip("every series' cell: natively without -short or -race")
	}
	reg, models := Builtin(), world.Models()
	var figs []*figure.Figure
	figs = append(figs, interference.Figures()...)
	figs = append(figs, asrpt.Figures()...)
	for _, f := range figs {
		for s := range f.Series {
			checkCell(t, reg, f, figure.Cell{S: s, Seed: f.Seeds[0]}, models)
		}
	}
}

func checkCell(t *testing.T, reg *Registry, f *figure.Figure, c figure.Cell, models *core.Models) {
	t.Helper()
	rows, err := RunCell(reg, models, f, c, nil, Hooks{})
	if err != nil {
		t.Error(err)
		return
	}
	for _, r := range rows {
		if math.IsNaN(r.Value) || math.IsInf(r.Value, 0) {
			t.Errorf("%s cell %+v: %s = %v", f.ID, c, f.Metrics[r.M].Name, r.Value)
		}
	}
}
