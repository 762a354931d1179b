//go:build js && wasm

package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"schedlab/policies/scenario"
	"schedlab/wasm/runrecord"
)

// contract is the behaviour every Store must show.
func contract(t *testing.T, s Store) {
	ctx := context.Background()
	if l, err := s.List(ctx); err != nil || len(l) != 0 {
		t.Fatalf("empty store: got %v, %v, want no runs", l, err)
	}
	mk := func(id string, created int64) *runrecord.Record {
		return &runrecord.Record{ID: id, Name: "run " + id, Created: created, Policy: "fifo", Cluster: "16x8",
			Spec:      scenario.Spec{Generate: "philly:jobs=3", Policies: []string{"fifo"}, Seed: 7},
			Summary:   []byte(`{"policy":"fifo","mean_jct_s":1.5}`),
			Jobs:      []runrecord.Job{{ID: "a<b>", Submit: 1, FirstStart: 2, End: 3, GPUs: 2}},
			Intervals: []runrecord.Interval{{Job: 0, From: 2, To: 3, GPUs: []int32{0, 1}}}}
	}
	for i, id := range []string{"b", "a", "c"} {
		if err := s.Put(ctx, mk(id, int64(10-i))); err != nil {
			t.Fatalf("put %s: %v", id, err)
		}
	}
	l, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, m := range l {
		got += m.ID
	}
	if got != "cab" {
		t.Errorf("list order: got %q, want %q (by creation time)", got, "cab")
	}
	if l[0].Jobs != 1 || l[0].Seed != 7 || l[0].Workload != "philly:jobs=3" {
		t.Errorf("meta: got %+v, want jobs 1, seed 7, workload philly:jobs=3", l[0])
	}
	rec, err := s.Get(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if string(rec.Summary) != `{"policy":"fifo","mean_jct_s":1.5}` || rec.Jobs[0].ID != "a<b>" || len(rec.Intervals[0].GPUs) != 2 {
		t.Errorf("get: got %s %+v, want the record as put", rec.Summary, rec.Jobs)
	}
	if err := s.Rename(ctx, "a", "renamed"); err != nil {
		t.Fatal(err)
	}
	if rec, _ := s.Get(ctx, "a"); rec.Name != "renamed" {
		t.Errorf("rename: got name %q, want %q", rec.Name, "renamed")
	}
	if l, _ := s.List(ctx); l[1].Name != "renamed" {
		t.Errorf("rename: got listed name %q, want %q", l[1].Name, "renamed")
	}
	if err := s.Delete(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		err  error
	}{
		{"get deleted", func() error { _, err := s.Get(ctx, "a"); return err }()},
		{"delete deleted", s.Delete(ctx, "a")},
		{"rename unknown", s.Rename(ctx, "zz", "x")},
	}
	for _, tc := range tests {
		if !errors.Is(tc.err, ErrNotFound) {
			t.Errorf("%s: got %v, want ErrNotFound", tc.name, tc.err)
		}
	}
	if l, _ := s.List(ctx); len(l) != 2 {
		t.Errorf("after delete: got %d runs, want 2", len(l))
	}
	if err := s.Put(ctx, &runrecord.Record{}); err == nil {
		t.Errorf("put without id: got no error, want one")
	}
	figureContract(t, s)
	scriptContract(t, s)
}

// scriptContract is the behaviour of every Store's scripts: kept beside runs and figures,
// replaced under the same name, listed by name.
func scriptContract(t *testing.T, s Store) {
	ctx := context.Background()
	if l, err := s.ListScripts(ctx); err != nil || len(l) != 0 {
		t.Fatalf("no scripts yet: got %v, %v", l, err)
	}
	for _, sc := range []*Script{
		{Name: "zeta", File: "zeta.star", Source: "def priority(job, s):\n    return 0\n", Hash: "h1", Saved: 1},
		{Name: "alpha", File: "a.star", Source: "x", Hash: "h2", Saved: 2},
		{Name: "zeta", File: "zeta.star", Source: "def priority(job, s):\n    return 1\n", Hash: "h3", Saved: 3},
	} {
		if err := s.PutScript(ctx, sc); err != nil {
			t.Fatal(err)
		}
	}
	l, err := s.ListScripts(ctx)
	if err != nil || len(l) != 2 || l[0].Name != "alpha" || l[1].Hash != "h3" || l[1].Source != "def priority(job, s):\n    return 1\n" {
		t.Fatalf("list: got %+v, %v; want alpha, then zeta replaced", l, err)
	}
	if err := s.DeleteScript(ctx, "alpha"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteScript(ctx, "alpha"); !errors.Is(err, ErrNotFound) {
		t.Errorf("delete deleted script: got %v, want ErrNotFound", err)
	}
	if err := s.PutScript(ctx, &Script{}); err == nil {
		t.Errorf("put script without name: got no error")
	}
	if l, _ := s.List(ctx); len(l) != 2 {
		t.Errorf("scripts touched the runs: %d runs listed, want 2", len(l))
	}
	if l, _ := s.ListFigures(ctx); len(l) != 1 {
		t.Errorf("scripts touched the figures: %d listed, want 1", len(l))
	}
}

// figureContract is the behaviour of every Store's figure runs: kept beside the runs, replaced
// under the same key as cells finish, listed by creation time.
func figureContract(t *testing.T, s Store) {
	ctx := context.Background()
	if l, err := s.ListFigures(ctx); err != nil || len(l) != 0 {
		t.Fatalf("no figures yet: got %v, %v", l, err)
	}
	a := &FigureRun{Key: FigureKey("asrpt-load", "1-2", []string{"2", "4"}), Figure: "asrpt-load", Seeds: "1-2",
		Xs: []string{"2", "4"}, Cells: 8, Done: 3, Created: 20, CSV: "figure,x_name,x,series,seed,metric,unit,value\n"}
	b := &FigureRun{Key: FigureKey("synergy-physical", "42", nil), Figure: "synergy-physical", Seeds: "42", Cells: 4, Done: 4, Created: 10}
	for _, f := range []*FigureRun{a, b} {
		if err := s.PutFigure(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	a.Done, a.Xs[0] = 8, "changed after put"
	got, err := s.GetFigure(ctx, a.Key)
	if err != nil || got.Done != 3 || got.Xs[0] != "2" || got.CSV != "figure,x_name,x,series,seed,metric,unit,value\n" {
		t.Fatalf("get: got %+v, %v; want the run as put", got, err)
	}
	a.Xs[0] = "2"
	if err := s.PutFigure(ctx, a); err != nil {
		t.Fatal(err)
	}
	l, err := s.ListFigures(ctx)
	if err != nil || len(l) != 2 || l[0].Figure != "synergy-physical" || l[1].Done != 8 {
		t.Fatalf("list: got %+v, %v; want two, oldest first, the second replaced", l, err)
	}
	if err := s.DeleteFigure(ctx, b.Key); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetFigure(ctx, b.Key); !errors.Is(err, ErrNotFound) {
		t.Errorf("get deleted figure: got %v, want ErrNotFound", err)
	}
	if err := s.DeleteFigure(ctx, b.Key); !errors.Is(err, ErrNotFound) {
		t.Errorf("delete deleted figure: got %v, want ErrNotFound", err)
	}
	if err := s.PutFigure(ctx, &FigureRun{}); err == nil {
		t.Errorf("put figure without key: got no error")
	}
	if l, _ := s.List(ctx); len(l) != 2 {
		t.Errorf("figures touched the runs: %d runs listed, want 2", len(l))
	}
}

func TestMemoryContract(t *testing.T) { contract(t, NewMemory()) }

var dbSeq int

func TestIDBContract(t *testing.T) {
	if !Available() {
		t.Skip("no IndexedDB here: run under node --require fake-indexeddb/auto (scripts/e2e/go_js_wasm_exec_idb) or in Chromium")
	}
	dbSeq++
	s, err := OpenIDB(context.Background(), fmt.Sprintf("schedlab-test-%d", dbSeq))
	if err != nil {
		t.Fatal(err)
	}
	contract(t, s)
}
