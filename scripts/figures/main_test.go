package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"schedlab/core/world"
	"schedlab/policies"
	"schedlab/policies/figure"
)

// TestOptionsFromRunnerCSV writes the smoke figure's CSV as the runner does (RunCell per cell,
// figure.WriteCSV) and checks that run turns it into that figure's chart option.
func TestOptionsFromRunnerCSV(t *testing.T) {
	f, ok := policies.FindFigure("baselines-smoke")
	if !ok {
		t.Fatal("the smoke figure is not in the catalogue")
	}
	var rows []figure.Row
	for _, c := range f.Cells([]uint64{1}) {
		r, err := policies.RunCell(policies.Builtin(), world.Models(), f, c, nil, policies.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r...)
	}
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, f.ID+".csv"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.WriteCSV(out, rows); err != nil {
		t.Fatal(err)
	}
	out.Close()
	var log strings.Builder
	if err := run(dir, dir, &log); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "options.json"))
	if err != nil {
		t.Fatal(err)
	}
	var opts map[string]struct {
		Series []struct {
			Name string `json:"name"`
		} `json:"series"`
	}
	if err := json.Unmarshal(b, &opts); err != nil {
		t.Fatal(err)
	}
	if o, ok := opts[f.ID]; !ok || len(o.Series) == 0 {
		t.Fatalf("options.json: got %s, want the smoke figure's series", b)
	}
	if err := run(t.TempDir(), t.TempDir(), &log); err == nil || !strings.Contains(err.Error(), "no figure CSV") {
		t.Errorf("empty directory: got %v, want an error naming the missing CSVs", err)
	}
}

// TestBadCSVNamesFileAndLine: a damaged CSV stops the run with file:line.
func TestBadCSVNamesFileAndLine(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "baselines-smoke.csv")
	os.WriteFile(name, []byte(figure.CSVHeader+"\nbaselines-smoke,,rate,7,fifo,1,mean_jct_s,s,1\n"), 0o644)
	err := run(dir, dir, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), name+":2: x:") {
		t.Errorf("got %v, want %s:2: x: …", err, name)
	}
}
