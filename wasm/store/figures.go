//go:build js && wasm

package store

import (
	"context"
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/hack-pad/go-indexeddb/idb"
)

// PutFigure implements Store.
func (s *IDB) PutFigure(ctx context.Context, f *FigureRun) error {
	if f.Key == "" {
		return fmt.Errorf("store: figure run without key")
	}
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	txn, err := s.db.Transaction(idb.TransactionReadWrite, figuresStore)
	if err != nil {
		return wrap(err)
	}
	st, _ := txn.ObjectStore(figuresStore)
	if _, err := st.PutKey(js.ValueOf(f.Key), js.ValueOf(string(b))); err != nil {
		return wrap(err)
	}
	return wrap(txn.Await(ctx))
}

// GetFigure implements Store.
func (s *IDB) GetFigure(ctx context.Context, key string) (*FigureRun, error) {
	txn, err := s.db.Transaction(idb.TransactionReadOnly, figuresStore)
	if err != nil {
		return nil, wrap(err)
	}
	st, _ := txn.ObjectStore(figuresStore)
	req, err := st.Get(js.ValueOf(key))
	if err != nil {
		return nil, wrap(err)
	}
	v, err := req.Await(ctx)
	if err != nil {
		return nil, wrap(err)
	}
	if v.Type() != js.TypeString {
		return nil, ErrNotFound
	}
	f := &FigureRun{}
	if err := json.Unmarshal([]byte(v.String()), f); err != nil {
		return nil, fmt.Errorf("store: figure %s: %w", key, err)
	}
	return f, nil
}

// ListFigures implements Store. An unreadable entry is skipped (it stays stored).
func (s *IDB) ListFigures(ctx context.Context) ([]FigureRun, error) {
	txn, err := s.db.Transaction(idb.TransactionReadOnly, figuresStore)
	if err != nil {
		return nil, wrap(err)
	}
	st, _ := txn.ObjectStore(figuresStore)
	cur, err := st.OpenCursor(idb.CursorNext)
	if err != nil {
		return nil, wrap(err)
	}
	out := []FigureRun{}
	err = cur.Iter(ctx, func(c *idb.CursorWithValue) error {
		v, err := c.Value()
		if err != nil {
			return err
		}
		var f FigureRun
		if v.Type() == js.TypeString && json.Unmarshal([]byte(v.String()), &f) == nil {
			out = append(out, f)
		}
		return nil
	})
	if err != nil {
		return nil, wrap(err)
	}
	sortFigures(out)
	return out, nil
}

// DeleteFigure implements Store.
func (s *IDB) DeleteFigure(ctx context.Context, key string) error {
	if _, err := s.GetFigure(ctx, key); err != nil {
		return err
	}
	txn, err := s.db.Transaction(idb.TransactionReadWrite, figuresStore)
	if err != nil {
		return wrap(err)
	}
	st, _ := txn.ObjectStore(figuresStore)
	if _, err := st.Delete(js.ValueOf(key)); err != nil {
		return wrap(err)
	}
	return wrap(txn.Await(ctx))
}
