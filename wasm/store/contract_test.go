//go:build js && wasm

package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"schedlab/policies/scenario"
	"schedlab/wasm/runrec"
)

// contract is the behaviour every Store must show.
func contract(t *testing.T, s Store) {
	ctx := context.Background()
	if l, err := s.List(ctx); err != nil || len(l) != 0 {
		t.Fatalf("empty store: got %v, %v, want no runs", l, err)
	}
	mk := func(id string, created int64) *runrec.Record {
		return &runrec.Record{ID: id, Name: "run " + id, Created: created, Policy: "fifo", Cluster: "16x8",
			Spec:      scenario.Spec{Generate: "philly:jobs=3", Policies: []string{"fifo"}, Seed: 7},
			Summary:   []byte(`{"policy":"fifo","mean_jct_s":1.5}`),
			Jobs:      []runrec.Job{{ID: "a<b>", Submit: 1, FirstStart: 2, End: 3, GPUs: 2}},
			Intervals: []runrec.Interval{{Job: 0, From: 2, To: 3, GPUs: []int32{0, 1}}}}
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
	if err := s.Put(ctx, &runrec.Record{}); err == nil {
		t.Errorf("put without id: got no error, want one")
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
