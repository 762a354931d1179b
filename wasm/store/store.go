//go:build js && wasm

package store

import (
	"context"
	"errors"
	"sort"

	"schedlab/wasm/runrec"
)

// ErrNotFound is returned for an unknown run id.
var ErrNotFound = errors.New("store: no such run")

// Store keeps runs. List is ordered by creation time, then id.
type Store interface {
	Put(ctx context.Context, rec *runrec.Record) error
	Get(ctx context.Context, id string) (*runrec.Record, error)
	List(ctx context.Context) ([]runrec.Meta, error)
	Rename(ctx context.Context, id, name string) error
	Delete(ctx context.Context, id string) error
}

func sortMetas(ms []runrec.Meta) {
	sort.Slice(ms, func(a, b int) bool {
		if ms[a].Created != ms[b].Created {
			return ms[a].Created < ms[b].Created
		}
		return ms[a].ID < ms[b].ID
	})
}
