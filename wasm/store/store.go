//go:build js && wasm

package store

import (
	"context"
	"errors"
	"sort"
	"strings"

	"schedlab/wasm/runrecord"
)

// DBName is the IndexedDB database of saved runs and figures; the page and its workers share it
// (a worker saves the run it made, off the page's thread).
const DBName = "schedlab"

// ErrNotFound is returned for an unknown run id or figure key.
var ErrNotFound = errors.New("store: no such run or figure")

// Store keeps runs and figures. List and ListFigures are ordered by creation time, then key.
type Store interface {
	Put(ctx context.Context, rec *runrecord.Record) error
	Get(ctx context.Context, id string) (*runrecord.Record, error)
	List(ctx context.Context) ([]runrecord.Meta, error)
	Rename(ctx context.Context, id, name string) error
	Delete(ctx context.Context, id string) error

	// PutFigure saves (or replaces) a figure's run under its Key; GetFigure and DeleteFigure
	// return ErrNotFound for an unknown key.
	PutFigure(ctx context.Context, f *FigureRun) error
	GetFigure(ctx context.Context, key string) (*FigureRun, error)
	ListFigures(ctx context.Context) ([]FigureRun, error)
	DeleteFigure(ctx context.Context, key string) error

	// PutScript saves (or replaces) a policy script under its Name; ListScripts lists them by
	// name; DeleteScript returns ErrNotFound for an unknown name.
	PutScript(ctx context.Context, s *Script) error
	ListScripts(ctx context.Context) ([]Script, error)
	DeleteScript(ctx context.Context, name string) error
}

// Script is a policy script the user saved in the "Your policy" panel: its policy name (the
// key: the picker offers it under that name), the file name its errors cite, the source and its
// hash as the last Check compiled it (policies/script.Hash), and when it was saved (Unix ms).
type Script struct {
	Name   string `json:"name"`
	File   string `json:"file"`
	Hash   string `json:"hash"`
	Source string `json:"source"`
	Saved  int64  `json:"saved"`
}

func sortScripts(ss []Script) {
	sort.Slice(ss, func(a, b int) bool { return ss[a].Name < ss[b].Name })
}

// FigureRun is a figure's cells run so far with one choice of seeds and sweep values: finished, or
// cancelled (or cut short by a reload) with the cells that finished. Its rows are kept as the
// figure's CSV (figure.WriteCSV), so a stored run is read back through figure.ReadCSV and checked
// against the figure as the catalogue now defines it.
type FigureRun struct {
	Key     string   `json:"key"`    // FigureKey(Figure, Seeds, Xs)
	Figure  string   `json:"figure"` // the catalogue id
	Seeds   string   `json:"seeds"`  // figure.FormatSeeds of the seeds run
	Xs      []string `json:"xs"`     // the sweep values run (nil when nothing is swept)
	Cells   int      `json:"cells"`  // cells in all
	Done    int      `json:"done"`   // cells finished (their rows are in CSV)
	Created int64    `json:"created"`
	CSV     string   `json:"csv"`
	// Scripts are the scripted policies added to the figure as series (figure.WithPolicies), as
	// they ran; none for the catalogue's figure as it is.
	Scripts []runrecord.Script `json:"scripts,omitempty"`
}

// FigureKey names a figure run: the same figure, seeds and sweep values reopen the same run.
func FigureKey(figure, seeds string, xs []string) string {
	return figure + "|" + seeds + "|" + strings.Join(xs, ",")
}

func sortFigures(fs []FigureRun) {
	sort.Slice(fs, func(a, b int) bool {
		if fs[a].Created != fs[b].Created {
			return fs[a].Created < fs[b].Created
		}
		return fs[a].Key < fs[b].Key
	})
}

func sortMetas(ms []runrecord.Meta) {
	sort.Slice(ms, func(a, b int) bool {
		if ms[a].Created != ms[b].Created {
			return ms[a].Created < ms[b].Created
		}
		return ms[a].ID < ms[b].ID
	})
}
