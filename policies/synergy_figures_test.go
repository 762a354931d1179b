package policies

import (
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
	"schedlab/core/world"
	"schedlab/policies/figure"
	"schedlab/policies/scenario"
	"schedlab/policies/synergy"
)

// TestSynergyFiguresBuild checks every cell spec of the Synergy figures up to the run: the
// workload generates (natively; 30 workloads of 8,000 jobs) or names shared data, the cluster
// parses, the policy exists.
func TestSynergyFiguresBuild(t *testing.T) {
	reg, models := Builtin(), world.Models()
	for _, f := range synergy.Figures() {
		for _, c := range f.Cells(f.Seeds[:1]) {
			spec := f.Spec(c)
			if _, err := core.ParseCluster(spec.Cluster); err != nil || !reg.Has(spec.Policies[0]) {
				t.Errorf("%s cell %d: cluster %q, policy %v: %v", f.ID, c.Index, spec.Cluster, spec.Policies, err)
			}
			if spec.Generate == "" {
				if !strings.HasPrefix(spec.Trace, "data:synergy/") {
					t.Errorf("%s cell %d: trace %q", f.ID, c.Index, spec.Trace)
				}
				continue
			}
			if c.S == 0 && runtime.GOOS != "js" { // series share a workload; core/gen runs under Node
				if _, _, err := Jobs(spec, nil, models); err != nil {
					t.Errorf("%s cell %d: %v", f.ID, c.Index, err)
				}
			}
		}
	}
}

// TestSynergyPhysicalFigure replays the static and dynamic traces through RunCell: the ten static
// mean JCTs agree with the authors' simulator (2 %), and TUNE is below proportional.
func TestSynergyPhysicalFigure(t *testing.T) {
	dir := shareddata.Dir(t)
	f, _ := FindFigure("synergy-physical")
	open := func(spec scenario.Spec) (io.ReadCloser, error) {
		return os.Open(dir + "/" + strings.TrimPrefix(spec.Trace, "data:"))
	}
	rows := runAll(t, f, f.Seeds, open)
	for _, v := range figure.Compare(f, rows) {
		if v.Verdict != figure.Agrees && v.Verdict != figure.DirectionHolds {
			t.Errorf("%s %s %s: %s, ours %s: %s", v.Ref.Series, v.Ref.X, v.Ref.Metric, v.Reference, v.Ours, v.Verdict)
		}
	}
}

// TestSynergyFig8Checkpoint runs the artifact's checkpoint cell of synergy-fig8-cdf — FIFO+TUNE at
// 9 jobs/h on the authors' stream, seed 42 — and checks its mean and p99 within 0.5 % of 21.88 h
// and 156.93 h. About 0.5 s natively; skipped under -race and -short.
func TestSynergyFig8Checkpoint(t *testing.T) {
	if testing.Short() || raceEnabled || runtime.GOOS == "js" {
		t.Skip("an 8,000-job run: natively, without -race")
	}
	f, _ := FindFigure("synergy-fig8-cdf")
	s := -1
	for i, se := range f.Series {
		if se.Name == "fifo+tune" {
			s = i
		}
	}
	rows, err := RunCell(Builtin(), world.Models(), f, figure.Cell{S: s, Seed: 42}, nil, Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	verdicts := figure.Compare(f, rows)
	for _, v := range verdicts[:2] {
		if v.Verdict != figure.Agrees {
			t.Errorf("%s: %s, ours %s (%s)", v.Ref.Metric, v.Reference, v.Ours, v.Verdict)
		}
	}
}

func runAll(t *testing.T, f *figure.Figure, seeds []uint64, open func(scenario.Spec) (io.ReadCloser, error)) []figure.Row {
	t.Helper()
	reg, models := Builtin(), world.Models()
	var rows []figure.Row
	for _, c := range f.Cells(seeds) {
		r, err := RunCell(reg, models, f, c, open, Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r...)
	}
	return rows
}
