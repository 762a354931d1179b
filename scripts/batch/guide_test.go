package batch

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"schedlab/core/world"
	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/policies/sweep"
)

// TestSweepGuideExample runs the sweep file of README.md's "Choices and readings" as -reading all
// does: the example parses, its policies take its parameters, and every reading's cells run; each
// reading has its rows, and LAS's mean JCT differs between its two threshold sets on some cell
// (the choice reaches the runs).
func TestSweepGuideExample(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "### Choices and readings")
	_, block, ok2 := strings.Cut(section, "```json\n")
	example, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md: no ```json block under \"### Choices and readings\"")
	}
	file, fig, err := sweep.Parse("placement-study.json", []byte(example))
	if err != nil {
		t.Fatal(err)
	}
	reg := policies.Builtin()
	if err := file.CheckParams(func(policy string, params json.RawMessage) error {
		_, err := reg.New(policy, params)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	all, err := fig.SelectReadings("all")
	if err != nil || len(all) != 4 {
		t.Fatalf("readings %v, %v; want 4", all, err)
	}
	var rows []figure.Row
	var workloads policies.Workloads
	for _, c := range fig.CellsIn(all, fig.Seeds[:1]) {
		out, err := policies.RunCellSpec(reg, world.Models(), fig.Spec(c), nil, policies.Hooks{Workloads: &workloads})
		if err != nil {
			t.Fatalf("%s: %v", fig.CellName(c), err)
		}
		r, err := policies.CellRows(fig, c, out)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r...)
	}
	if got := figure.ReadingsIn(rows); !slices.Equal(got, all) {
		t.Errorf("rows of readings %v, want %v", got, all)
	}
	var b bytes.Buffer
	if err := fig.WriteCSV(&b, rows); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\nplacement-study,\"placement=spread,thresholds=three\",rate,12,las,1,mean_jct_s,s,") {
		t.Errorf("no row of LAS under placement=spread,thresholds=three:\n%s", b.String())
	}
	one, err1 := fig.SelectReadings("placement=consolidate,thresholds=one")
	three, err3 := fig.SelectReadings("placement=consolidate,thresholds=three")
	if err1 != nil || err3 != nil || len(one) != 1 || len(three) != 1 {
		t.Fatalf("readings %v (%v), %v (%v): want one each", one, err1, three, err3)
	}
	las := fig.SeriesIndex("las")
	differ := false
	for _, a := range rows {
		for _, b := range rows {
			if a.S == las && b.S == las && a.R == one[0] && b.R == three[0] && a.X == b.X && a.M == b.M && a.Seed == b.Seed {
				differ = differ || a.Value != b.Value
			}
		}
	}
	if !differ {
		t.Error("LAS's rows are the same under both threshold sets: the choice does not reach the runs")
	}
}
