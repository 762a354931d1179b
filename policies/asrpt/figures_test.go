package asrpt

import (
	"encoding/json"
	"strings"
	"testing"

	"schedlab/core/sim"
)

// TestFiguresCompareLikeWithLike: every A-SRPT figure but the predictor's has LAS, and every SRPT
// variant it shows comes in both preemption settings, each built with the setting its name says
// (a preempting policy acts at round ticks).
func TestFiguresCompareLikeWithLike(t *testing.T) {
	for _, f := range Figures() {
		if err := f.Validate(); err != nil {
			t.Fatal(err)
		}
		if f.ID == "asrpt-predictor" {
			continue
		}
		names := map[string]bool{}
		for s, series := range f.Series {
			names[series.Name] = true
			spec := f.Cell(0, s, f.Seeds[0])
			name := spec.Policies[0]
			if name == "las" || name == "fifo" {
				continue
			}
			p := newFigurePolicy(t, name, spec.Params[name])
			if got, want := p.Rounds() == sim.RoundsToo, strings.HasSuffix(series.Name, "-preempt"); got != want {
				t.Errorf("%s: series %s preempts %v, its name says %v", f.ID, series.Name, got, want)
			}
		}
		if !names["las"] {
			t.Errorf("%s: no LAS series", f.ID)
		}
		for n := range names {
			if n == "las" || n == "fifo" {
				continue
			}
			other := n + "-preempt"
			if base, ok := strings.CutSuffix(n, "-preempt"); ok {
				other = base
			}
			if !names[other] {
				t.Errorf("%s: series %s without %s, its other preemption setting", f.ID, n, other)
			}
		}
	}
}

func newFigurePolicy(t *testing.T, name string, params json.RawMessage) *Policy {
	for _, e := range Entries() {
		if e.Name == name {
			p, err := e.New(params)
			if err != nil {
				t.Fatalf("%s %s: %v", name, params, err)
			}
			return p.(*Policy)
		}
	}
	t.Fatalf("no policy %s", name)
	return nil
}
