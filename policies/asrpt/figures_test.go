package asrpt

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/policies/figure"
)

// TestFiguresCompareLikeWithLike: every A-SRPT figure but the predictor's has LAS, and every SRPT
// variant it shows comes in both preemption settings, each built with the setting its name says
// (Options.Preempt).
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
			spec := f.Spec(figure.Cell{S: s, Seed: f.Seeds[0]})
			name := spec.Policies[0]
			if name == "las" || name == "fifo" {
				continue
			}
			p := entryPolicy(t, name, spec.Params[name])
			if got, want := p.opt.Preempt, strings.HasSuffix(series.Name, "-preempt"); got != want {
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

// TestFiguresClaimAtEverySweepValue: in every JCT figure, each A-SRPT is held against LAS by a
// direction reference at every sweep value, so the table shows where it stops beating LAS.
func TestFiguresClaimAtEverySweepValue(t *testing.T) {
	for _, f := range Figures() {
		if f.ID == "asrpt-predictor" {
			continue
		}
		for _, x := range f.Sweep.Values {
			for _, s := range []string{"a-srpt", "a-srpt-preempt"} {
				if !slices.ContainsFunc(f.Refs, func(r figure.Ref) bool {
					return r.Kind == figure.Direction && r.X == x && r.Series == s && r.Baseline == "las" && r.Metric == "mean_jct_s" && r.Lower
				}) {
					t.Errorf("%s: no reference %s below las at %s=%s", f.ID, s, f.Sweep.Name, x)
				}
			}
		}
	}
}

// TestClusterFigureSameLoad: asrpt-cluster's cells scale the arrival rate with the cluster, so the
// offered load (rate per GPU) is asrpt-jct's at every size, and the cell at 8 servers would be
// asrpt-jct's run.
func TestClusterFigureSameLoad(t *testing.T) {
	var f *figure.Figure
	for _, g := range Figures() {
		if g.ID == "asrpt-cluster" {
			f = g
		}
	}
	if f == nil {
		t.Fatal("no asrpt-cluster figure")
	}
	jct := base(f.Seeds[0])
	for x, val := range f.Sweep.Values {
		sp := f.Spec(figure.Cell{X: x, Seed: f.Seeds[0]})
		c, err := core.ParseCluster(sp.Cluster)
		if err != nil {
			t.Fatal(err)
		}
		if got := strconv.Itoa(c.NumGPUs()); got != val {
			t.Errorf("x=%s: got a cluster of %s GPUs (%s)", val, got, sp.Cluster)
		}
		var rate int
		if _, err := fmt.Sscanf(sp.Generate, "recurring:jobs=400,rate=%d,sigma=0.5", &rate); err != nil {
			t.Fatalf("x=%s: workload %q: %v", val, sp.Generate, err)
		}
		if got, want := float64(rate)/float64(c.NumGPUs()), 4.0/64; got != want {
			t.Errorf("x=%s: got %v jobs/h per GPU, want asrpt-jct's %v", val, got, want)
		}
		if c.NumGPUs() == 64 && (sp.Generate != jct.Generate || sp.Cluster != jct.Cluster) {
			t.Errorf("x=64: got %s on %s, want asrpt-jct's %s on %s", sp.Generate, sp.Cluster, jct.Generate, jct.Cluster)
		}
	}
}
