//go:build js && wasm

package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"syscall/js"

	"github.com/hack-pad/go-indexeddb/idb"

	"schedlab/wasm/runrecord"
)

// Schema: version 1 had one object store "runs" (key = run id, value = the record as a JSON
// string). Version 2 adds "meta" (key = run id, value = runrecord.Meta as JSON) so the history panel
// lists runs without decoding every record; upgrading from 1 fills it from "runs". Since version 2
// "runs" values are written in runrecord's binary form (a Uint8Array: several times smaller and far
// faster to decode than JSON; either version of it, runrecord.MarshalBinary); JSON strings written
// earlier are still read. Version 3 adds "figures" (key = FigureRun.Key, value = the FigureRun as
// JSON); runs saved before are untouched. Version 4 adds "scripts" (key = Script.Name, value = the
// Script as JSON); runs and figures are untouched.
const (
	dbVersion    = 4
	runsStore    = "runs"
	metaStore    = "meta"
	figuresStore = "figures"
	scriptsStore = "scripts"
)

// IDB is the IndexedDB Store.
type IDB struct {
	db *idb.Database
}

// Available reports whether the JS global indexedDB exists (Node has none without a polyfill).
func Available() bool {
	v := js.Global().Get("indexedDB")
	return v.Truthy()
}

// OpenIDB opens (creating or upgrading) the database called name.
func OpenIDB(ctx context.Context, name string) (*IDB, error) {
	if !Available() {
		return nil, fmt.Errorf("store: this browser has no IndexedDB")
	}
	f, err := idb.WrapFactory(js.Global().Get("indexedDB"))
	if err != nil {
		return nil, err
	}
	var from uint
	req, err := f.Open(ctx, name, dbVersion, func(db *idb.Database, oldVersion, newVersion uint) error {
		from = oldVersion
		return upgrade(db, oldVersion, newVersion)
	})
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	db, err := req.Await(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	if from == 1 {
		// The upgrade callback must not wait, so version 1's runs get their "meta" entries here,
		// in an ordinary transaction right after the upgrade committed.
		if err := backfillMeta(db); err != nil {
			return nil, wrap(err)
		}
	}
	return &IDB{db: db}, nil
}

// upgrade moves a database from oldVersion to dbVersion, one version step at a time.
func upgrade(db *idb.Database, oldVersion, _ uint) error {
	if oldVersion < 1 {
		if _, err := db.CreateObjectStore(runsStore, idb.ObjectStoreOptions{}); err != nil {
			return err
		}
	}
	if oldVersion < 2 {
		if _, err := db.CreateObjectStore(metaStore, idb.ObjectStoreOptions{}); err != nil {
			return err
		}
	}
	if oldVersion < 3 {
		if _, err := db.CreateObjectStore(figuresStore, idb.ObjectStoreOptions{}); err != nil {
			return err
		}
	}
	if oldVersion < 4 {
		if _, err := db.CreateObjectStore(scriptsStore, idb.ObjectStoreOptions{}); err != nil {
			return err
		}
	}
	return nil
}

func backfillMeta(db *idb.Database) error {
	txn, err := db.Transaction(idb.TransactionReadWrite, runsStore, metaStore)
	if err != nil {
		return err
	}
	runs, _ := txn.ObjectStore(runsStore)
	meta, _ := txn.ObjectStore(metaStore)
	cur, err := runs.OpenCursor(idb.CursorNext)
	if err != nil {
		return err
	}
	err = cur.Iter(context.Background(), func(c *idb.CursorWithValue) error {
		v, err := c.Value()
		if err != nil {
			return err
		}
		rec, err := decode(v)
		if err != nil {
			return nil // an unreadable record keeps its place in "runs" and stays unlisted
		}
		mb, _ := json.Marshal(rec.Meta())
		_, err = meta.PutKey(js.ValueOf(rec.ID), js.ValueOf(string(mb)))
		return err
	})
	if err != nil {
		return err
	}
	return txn.Await(context.Background())
}

// Close closes the database connection (a worker that saved one run lets go of it, so a later
// version upgrade is not blocked).
func (s *IDB) Close() error { return s.db.Close() }

// Put implements Store. A full disk or exceeded quota comes back as an error naming it.
func (s *IDB) Put(ctx context.Context, rec *runrecord.Record) error {
	if rec.ID == "" {
		return fmt.Errorf("store: run without id")
	}
	b, err := rec.MarshalBinary()
	if err != nil {
		return err
	}
	u8 := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u8, b)
	return s.PutEncoded(ctx, rec.Meta(), u8)
}

// PutEncoded is Put of a record already in its binary form (u8, a Uint8Array of its
// MarshalBinary, or runrecord.Run's) with its history entry m: a worker encodes a run once for
// the store and for the page, without building the record itself. IndexedDB clones u8 when the
// put is made, so the caller may transfer its buffer afterwards.
func (s *IDB) PutEncoded(ctx context.Context, m runrecord.Meta, u8 js.Value) error {
	if m.ID == "" {
		return fmt.Errorf("store: run without id")
	}
	mb, _ := json.Marshal(m)
	txn, err := s.db.Transaction(idb.TransactionReadWrite, runsStore, metaStore)
	if err != nil {
		return wrap(err)
	}
	runs, _ := txn.ObjectStore(runsStore)
	meta, _ := txn.ObjectStore(metaStore)
	if _, err := runs.PutKey(js.ValueOf(m.ID), u8); err != nil {
		return wrap(err)
	}
	if _, err := meta.PutKey(js.ValueOf(m.ID), js.ValueOf(string(mb))); err != nil {
		return wrap(err)
	}
	return wrap(txn.Await(ctx))
}

// Get implements Store.
func (s *IDB) Get(ctx context.Context, id string) (*runrecord.Record, error) {
	txn, err := s.db.Transaction(idb.TransactionReadOnly, runsStore)
	if err != nil {
		return nil, wrap(err)
	}
	runs, _ := txn.ObjectStore(runsStore)
	req, err := runs.Get(js.ValueOf(id))
	if err != nil {
		return nil, wrap(err)
	}
	v, err := req.Await(ctx)
	if err != nil {
		return nil, wrap(err)
	}
	if v.IsUndefined() || v.IsNull() {
		return nil, ErrNotFound
	}
	rec, err := decode(v)
	if err != nil {
		return nil, fmt.Errorf("store: run %s: %w", id, err)
	}
	return rec, nil
}

// decode reads a "runs" value: a binary record (Uint8Array) or a JSON string (version 1).
func decode(v js.Value) (*runrecord.Record, error) {
	rec := &runrecord.Record{}
	if v.Type() == js.TypeString {
		return rec, json.Unmarshal([]byte(v.String()), rec)
	}
	if !v.InstanceOf(js.Global().Get("Uint8Array")) {
		return nil, fmt.Errorf("store: unexpected value of type %s", v.Type())
	}
	b := make([]byte, v.Get("length").Int())
	js.CopyBytesToGo(b, v)
	return rec, rec.UnmarshalBinary(b)
}

// List implements Store.
func (s *IDB) List(ctx context.Context) ([]runrecord.Meta, error) {
	txn, err := s.db.Transaction(idb.TransactionReadOnly, metaStore)
	if err != nil {
		return nil, wrap(err)
	}
	meta, _ := txn.ObjectStore(metaStore)
	cur, err := meta.OpenCursor(idb.CursorNext)
	if err != nil {
		return nil, wrap(err)
	}
	out := []runrecord.Meta{}
	err = cur.Iter(ctx, func(c *idb.CursorWithValue) error {
		v, err := c.Value()
		if err != nil {
			return err
		}
		var m runrecord.Meta
		if err := json.Unmarshal([]byte(v.String()), &m); err != nil {
			return fmt.Errorf("store: meta: %w", err)
		}
		out = append(out, m)
		return nil
	})
	if err != nil {
		return nil, wrap(err)
	}
	sortMetas(out)
	return out, nil
}

// Rename implements Store.
func (s *IDB) Rename(ctx context.Context, id, name string) error {
	rec, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	rec.Name = name
	return s.Put(ctx, rec)
}

// Delete implements Store.
func (s *IDB) Delete(ctx context.Context, id string) error {
	if _, err := s.Get(ctx, id); err != nil {
		return err
	}
	txn, err := s.db.Transaction(idb.TransactionReadWrite, runsStore, metaStore)
	if err != nil {
		return wrap(err)
	}
	runs, _ := txn.ObjectStore(runsStore)
	meta, _ := txn.ObjectStore(metaStore)
	if _, err := runs.Delete(js.ValueOf(id)); err != nil {
		return wrap(err)
	}
	if _, err := meta.Delete(js.ValueOf(id)); err != nil {
		return wrap(err)
	}
	return wrap(txn.Await(ctx))
}

// wrap makes a quota error say so plainly, whether it arrives as idb's DOMException or as a raw
// JavaScript error (a transaction that aborted).
func wrap(err error) error {
	if err == nil {
		return nil
	}
	if isQuota(err) {
		return fmt.Errorf("store: browser storage is full (quota exceeded): delete saved runs in the history panel: %w", err)
	}
	return fmt.Errorf("store: %w", err)
}

func isQuota(err error) bool {
	if errors.Is(err, idb.NewDOMException("QuotaExceededError")) {
		return true
	}
	var je js.Error
	if errors.As(err, &je) && je.Value.Type() == js.TypeObject && je.Value.Get("name").String() == "QuotaExceededError" {
		return true
	}
	return strings.Contains(err.Error(), "QuotaExceededError")
}
