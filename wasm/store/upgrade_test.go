//go:build js && wasm

package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall/js"
	"testing"

	"github.com/hack-pad/go-indexeddb/idb"

	"schedlab/policies/scenario"
	"schedlab/wasm/runrecord"
)

// openV1 creates database name at schema version 1 (one "runs" store, records as JSON strings)
// with the given records, through the raw IndexedDB API, and closes it.
func openV1(t *testing.T, name string, records map[string]string) {
	t.Helper()
	req := js.Global().Get("indexedDB").Call("open", name, 1)
	done := make(chan error, 1)
	var up, ok, bad js.Func
	up = js.FuncOf(func(js.Value, []js.Value) any {
		db := req.Get("result")
		st := db.Call("createObjectStore", runsStore)
		for id, v := range records {
			st.Call("put", v, id)
		}
		return nil
	})
	ok = js.FuncOf(func(js.Value, []js.Value) any {
		req.Get("result").Call("close")
		done <- nil
		return nil
	})
	bad = js.FuncOf(func(js.Value, []js.Value) any {
		done <- fmt.Errorf("open v1: %s", req.Get("error").Call("toString").String())
		return nil
	})
	defer up.Release()
	defer ok.Release()
	defer bad.Release()
	req.Set("onupgradeneeded", up)
	req.Set("onsuccess", ok)
	req.Set("onerror", bad)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestIDBUpgradeFromV1(t *testing.T) {
	if !Available() {
		t.Skip("no IndexedDB here: run under node --require fake-indexeddb/auto (scripts/e2e/go_js_wasm_exec_idb) or in Chromium")
	}
	ctx := context.Background()
	name := fmt.Sprintf("schedlab-upgrade-%d", dbSeq+100)
	old := `{"id":"old","name":"saved by v1","created":3,"spec":{"generate":"philly:jobs=3","policies":["fifo"],"seed":9},` +
		`"policy":"fifo","summary":{"policy":"fifo","mean_jct_s":2},"cluster":"16x8","end":5,` +
		`"jobs":[{"id":"j0","s":0,"f":1,"e":5,"g":1,"st":3}],"intervals":[{"j":0,"f":1,"t":5,"g":[3]}],` +
		`"series":{"t":[0],"busy":[0],"cpu":[0],"mem":[0],"queue":[0]}}`
	openV1(t, name, map[string]string{"old": old, "junk": "{not json"})
	s, err := OpenIDB(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(l) != 1 || l[0].ID != "old" || l[0].Name != "saved by v1" || l[0].Seed != 9 || l[0].Jobs != 1 {
		t.Fatalf("list after upgrade: got %+v, want the one readable v1 run, backfilled", l)
	}
	rec, err := s.Get(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Intervals[0].GPUs[0] != 3 || rec.Jobs[0].End != 5 {
		t.Errorf("v1 record: got %+v, want it read from its JSON string", rec)
	}
	// Written back, it is stored in the binary form and still reads the same.
	if err := s.Rename(ctx, "old", "renamed"); err != nil {
		t.Fatal(err)
	}
	if rec, err := s.Get(ctx, "old"); err != nil || rec.Name != "renamed" || rec.Intervals[0].GPUs[0] != 3 {
		t.Errorf("after rename: got %v, %v, want the renamed record", rec, err)
	}
	// Version 3's figures store exists beside the upgraded runs.
	if err := s.PutFigure(ctx, &FigureRun{Key: "k", Figure: "f"}); err != nil {
		t.Errorf("figure after upgrade: %v", err)
	}
	if l, err := s.List(ctx); err != nil || len(l) != 1 {
		t.Errorf("runs after a figure was saved: got %v, %v", l, err)
	}
}

// TestIDBUpgradeFromV2 opens a version-2 database (runs and meta, binary records) written by the
// previous schema: its runs still list and open, and figures can be saved.
func TestIDBUpgradeFromV2(t *testing.T) {
	if !Available() {
		t.Skip("no IndexedDB here: run under node --require fake-indexeddb/auto (scripts/e2e/go_js_wasm_exec_idb) or in Chromium")
	}
	ctx := context.Background()
	name := fmt.Sprintf("schedlab-upgrade-v2-%d", dbSeq+200)
	openV1(t, name, nil)
	req := js.Global().Get("indexedDB").Call("open", name, 2)
	done := make(chan struct{})
	up := js.FuncOf(func(js.Value, []js.Value) any {
		req.Get("result").Call("createObjectStore", metaStore)
		return nil
	})
	ok := js.FuncOf(func(js.Value, []js.Value) any { req.Get("result").Call("close"); close(done); return nil })
	defer up.Release()
	defer ok.Release()
	req.Set("onupgradeneeded", up)
	req.Set("onsuccess", ok)
	<-done
	v2 := &IDB{}
	{ // write a run the version-2 way, through a connection at version 2
		f, _ := idb.WrapFactory(js.Global().Get("indexedDB"))
		r, err := f.Open(ctx, name, 2, func(*idb.Database, uint, uint) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		if v2.db, err = r.Await(ctx); err != nil {
			t.Fatal(err)
		}
		rec := &runrecord.Record{ID: "v2", Name: "saved by v2", Created: 5, Policy: "fifo", Cluster: "16x8",
			Spec: scenario.Spec{Generate: "philly:jobs=1", Policies: []string{"fifo"}, Seed: 3}, Summary: []byte(`{}`)}
		if err := v2.Put(ctx, rec); err != nil {
			t.Fatal(err)
		}
		v2.Close()
	}
	s, err := OpenIDB(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if rec, err := s.Get(ctx, "v2"); err != nil || rec.Name != "saved by v2" {
		t.Fatalf("v2 run after upgrade: got %v, %v", rec, err)
	}
	if err := s.PutFigure(ctx, &FigureRun{Key: "k", Figure: "f", Created: 1}); err != nil {
		t.Fatal(err)
	}
	if l, err := s.ListFigures(ctx); err != nil || len(l) != 1 {
		t.Errorf("figures after upgrade: got %v, %v", l, err)
	}
}

func TestQuotaErrorsNamed(t *testing.T) {
	dom := js.Global().Get("DOMException")
	tests := []struct {
		name string
		err  error
	}{
		{"idb DOMException", idb.NewDOMException("QuotaExceededError")},
		{"text", errors.New("QuotaExceededError: the quota has been exceeded")},
	}
	if dom.Truthy() {
		tests = append(tests, struct {
			name string
			err  error
		}{"raw JS DOMException", js.Error{Value: dom.New("full", "QuotaExceededError")}})
	}
	for _, tc := range tests {
		if got := wrap(tc.err); got == nil || !strings.Contains(got.Error(), "quota exceeded") {
			t.Errorf("%s: got %v, want a message naming the exceeded quota", tc.name, got)
		}
	}
	if got := wrap(errors.New("other")); strings.Contains(got.Error(), "quota") {
		t.Errorf("other error: got %v, want no quota message", got)
	}
}

// TestIDBUpgradeFromV3 opens a version-3 database (runs, meta and figures) written by the
// previous schema: its runs and figures are all still there, and scripts can be saved beside them.
func TestIDBUpgradeFromV3(t *testing.T) {
	if !Available() {
		t.Skip("no IndexedDB here: run under node --require fake-indexeddb/auto (scripts/e2e/go_js_wasm_exec_idb) or in Chromium")
	}
	ctx := context.Background()
	name := fmt.Sprintf("schedlab-upgrade-v3-%d", dbSeq+300)
	f, err := idb.WrapFactory(js.Global().Get("indexedDB"))
	if err != nil {
		t.Fatal(err)
	}
	// Version 3 exactly as it was: the three stores, created by the upgrade steps before scripts.
	r, err := f.Open(ctx, name, 3, func(db *idb.Database, _, _ uint) error {
		for _, st := range []string{runsStore, metaStore, figuresStore} {
			if _, err := db.CreateObjectStore(st, idb.ObjectStoreOptions{}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	v3 := &IDB{}
	if v3.db, err = r.Await(ctx); err != nil {
		t.Fatal(err)
	}
	rec := &runrecord.Record{ID: "v3", Name: "saved by v3", Created: 5, Policy: "fifo", Cluster: "16x8",
		Spec: scenario.Spec{Generate: "philly:jobs=1", Policies: []string{"fifo"}, Seed: 3}, Summary: []byte(`{}`)}
	if err := v3.Put(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if err := v3.PutFigure(ctx, &FigureRun{Key: "k3", Figure: "f", Created: 1, CSV: "rows"}); err != nil {
		t.Fatal(err)
	}
	v3.Close()

	s, err := OpenIDB(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, err := s.Get(ctx, "v3"); err != nil || got.Name != "saved by v3" {
		t.Fatalf("v3 run after upgrade: got %v, %v", got, err)
	}
	if l, err := s.ListFigures(ctx); err != nil || len(l) != 1 || l[0].CSV != "rows" {
		t.Fatalf("v3 figure after upgrade: got %+v, %v", l, err)
	}
	if err := s.PutScript(ctx, &Script{Name: "mine", File: "mine.star", Source: "x"}); err != nil {
		t.Fatal(err)
	}
	if l, err := s.ListScripts(ctx); err != nil || len(l) != 1 || l[0].Name != "mine" {
		t.Errorf("scripts after upgrade: got %+v, %v", l, err)
	}
	if l, err := s.List(ctx); err != nil || len(l) != 1 {
		t.Errorf("runs after a script was saved: got %v, %v", l, err)
	}
}
