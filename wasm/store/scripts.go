//go:build js && wasm

package store

import (
	"context"
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/hack-pad/go-indexeddb/idb"
)

// PutScript implements Store.
func (s *IDB) PutScript(ctx context.Context, sc *Script) error {
	if sc.Name == "" {
		return fmt.Errorf("store: script without name")
	}
	b, err := json.Marshal(sc)
	if err != nil {
		return err
	}
	txn, err := s.db.Transaction(idb.TransactionReadWrite, scriptsStore)
	if err != nil {
		return wrap(err)
	}
	st, _ := txn.ObjectStore(scriptsStore)
	if _, err := st.PutKey(js.ValueOf(sc.Name), js.ValueOf(string(b))); err != nil {
		return wrap(err)
	}
	return wrap(txn.Await(ctx))
}

// ListScripts implements Store. An unreadable entry is skipped (it stays stored).
func (s *IDB) ListScripts(ctx context.Context) ([]Script, error) {
	txn, err := s.db.Transaction(idb.TransactionReadOnly, scriptsStore)
	if err != nil {
		return nil, wrap(err)
	}
	st, _ := txn.ObjectStore(scriptsStore)
	cur, err := st.OpenCursor(idb.CursorNext)
	if err != nil {
		return nil, wrap(err)
	}
	out := []Script{}
	err = cur.Iter(ctx, func(c *idb.CursorWithValue) error {
		v, err := c.Value()
		if err != nil {
			return err
		}
		var sc Script
		if v.Type() == js.TypeString && json.Unmarshal([]byte(v.String()), &sc) == nil {
			out = append(out, sc)
		}
		return nil
	})
	if err != nil {
		return nil, wrap(err)
	}
	sortScripts(out)
	return out, nil
}

// DeleteScript implements Store.
func (s *IDB) DeleteScript(ctx context.Context, name string) error {
	txn, err := s.db.Transaction(idb.TransactionReadWrite, scriptsStore)
	if err != nil {
		return wrap(err)
	}
	st, _ := txn.ObjectStore(scriptsStore)
	req, err := st.Get(js.ValueOf(name))
	if err != nil {
		return wrap(err)
	}
	v, err := req.Await(ctx)
	if err != nil {
		return wrap(err)
	}
	if v.Type() != js.TypeString {
		return ErrNotFound
	}
	if _, err := st.Delete(js.ValueOf(name)); err != nil {
		return wrap(err)
	}
	return wrap(txn.Await(ctx))
}
