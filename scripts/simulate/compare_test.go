package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"schedlab/core/metrics"
	"schedlab/policies"
	"schedlab/policies/scenario"
)

func TestComparisonTable(t *testing.T) {
	mean, p99 := 22.0*3600, 150.0*3600
	sc := scenario.Scenario{Name: "s", Paper: "P", Expected: []scenario.Expected{
		{Policy: "a", Metric: "mean_jct_s", Value: 20 * 3600, Source: "src1"},
		{Policy: "a", Metric: "p99_jct_s", Value: 160 * 3600, Source: "src2"},
		{Policy: "a", Metric: "max_ftf_rho", Value: 2, Source: "src3"},
		{Policy: "not-run", Metric: "mean_jct_s", Value: 1, Source: "src4"},
	}}
	outs := []policies.Outcome{{Summary: metrics.Summary{Policy: "a", MeanJCT: &mean, P99JCT: &p99}}}
	var b bytes.Buffer
	if err := writeComparison(&b, sc, outs); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(strings.Fields(b.String()), " ") // the columns' padding aside
	for _, want := range []string{"published numbers (s, P):", "a mean_jct h 20.000 22.000 +10.00 % src1",
		"a p99_jct h 160.000 150.000 -6.25 % src2", "a max_ftf_rho 2.000 - - src3"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "not-run") {
		t.Errorf("a policy that did not run is listed:\n%s", got)
	}
}

// A scenario keeps its own seed (synergy-fig8's is the authors' 42) unless -seed is given.
func TestScenarioSeed(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want uint64
	}{
		{[]string{"-scenario", "synergy-fig8"}, 42},
		{[]string{"-scenario", "synergy-fig8", "-seed", "7"}, 7},
		{[]string{"-generate", "philly:jobs=3"}, 1},
		{[]string{"-scenario", "baselines-smoke"}, 1}, // a scenario without a seed takes the default
	} {
		o, err := parseFlags(tc.args, io.Discard)
		if err != nil || o.spec.Seed != tc.want {
			t.Errorf("%v: seed %d (%v), want %d", tc.args, o.spec.Seed, err, tc.want)
		}
	}
}
