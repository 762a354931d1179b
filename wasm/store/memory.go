//go:build js && wasm

package store

import (
	"context"
	"fmt"

	"schedlab/wasm/runrecord"
)

// Memory is an in-memory Store. It keeps records in runrecord's binary form so a caller's later
// changes to a record do not leak into the store, as with IndexedDB.
type Memory struct {
	runs    map[string][]byte
	figures map[string]FigureRun // values: a copy with its Xs cloned (PutFigure, GetFigure, ListFigures) is a snapshot
	scripts map[string]Script
}

// NewMemory returns an empty store.
func NewMemory() *Memory {
	return &Memory{runs: map[string][]byte{}, figures: map[string]FigureRun{}, scripts: map[string]Script{}}
}

// Put implements Store.
func (m *Memory) Put(_ context.Context, rec *runrecord.Record) error {
	if rec.ID == "" {
		return fmt.Errorf("store: run without id")
	}
	b, err := rec.MarshalBinary()
	if err != nil {
		return err
	}
	m.runs[rec.ID] = b
	return nil
}

// Get implements Store.
func (m *Memory) Get(_ context.Context, id string) (*runrecord.Record, error) {
	b, ok := m.runs[id]
	if !ok {
		return nil, ErrNotFound
	}
	rec := &runrecord.Record{}
	return rec, rec.UnmarshalBinary(b)
}

// List implements Store.
func (m *Memory) List(ctx context.Context) ([]runrecord.Meta, error) {
	out := []runrecord.Meta{}
	for id := range m.runs {
		rec, err := m.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, rec.Meta())
	}
	sortMetas(out)
	return out, nil
}

// Rename implements Store.
func (m *Memory) Rename(ctx context.Context, id, name string) error {
	rec, err := m.Get(ctx, id)
	if err != nil {
		return err
	}
	rec.Name = name
	return m.Put(ctx, rec)
}

// Delete implements Store.
func (m *Memory) Delete(_ context.Context, id string) error {
	if _, ok := m.runs[id]; !ok {
		return ErrNotFound
	}
	delete(m.runs, id)
	return nil
}

// PutFigure implements Store.
func (m *Memory) PutFigure(_ context.Context, f *FigureRun) error {
	if f.Key == "" {
		return fmt.Errorf("store: figure run without key")
	}
	c := *f
	c.Xs = append([]string(nil), f.Xs...)
	m.figures[f.Key] = c
	return nil
}

// GetFigure implements Store.
func (m *Memory) GetFigure(_ context.Context, key string) (*FigureRun, error) {
	f, ok := m.figures[key]
	if !ok {
		return nil, ErrNotFound
	}
	f.Xs = append([]string(nil), f.Xs...)
	return &f, nil
}

// ListFigures implements Store.
func (m *Memory) ListFigures(context.Context) ([]FigureRun, error) {
	out := []FigureRun{}
	for _, f := range m.figures {
		f.Xs = append([]string(nil), f.Xs...)
		out = append(out, f)
	}
	sortFigures(out)
	return out, nil
}

// DeleteFigure implements Store.
func (m *Memory) DeleteFigure(_ context.Context, key string) error {
	if _, ok := m.figures[key]; !ok {
		return ErrNotFound
	}
	delete(m.figures, key)
	return nil
}

// PutScript implements Store.
func (m *Memory) PutScript(_ context.Context, s *Script) error {
	if s.Name == "" {
		return fmt.Errorf("store: script without name")
	}
	m.scripts[s.Name] = *s
	return nil
}

// ListScripts implements Store.
func (m *Memory) ListScripts(context.Context) ([]Script, error) {
	out := []Script{}
	for _, s := range m.scripts {
		out = append(out, s)
	}
	sortScripts(out)
	return out, nil
}

// DeleteScript implements Store.
func (m *Memory) DeleteScript(_ context.Context, name string) error {
	if _, ok := m.scripts[name]; !ok {
		return ErrNotFound
	}
	delete(m.scripts, name)
	return nil
}
