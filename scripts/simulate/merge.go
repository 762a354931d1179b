package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"schedlab/policies/figure"
)

// partPath is figure f's file under dir, a -figure-out or -merge path: dir itself, or with
// -figure all DIR/ID.csv inside it (a CSV, a part, or a part to merge).
func (fo figureOptions) partPath(dir string, f *figure.Figure) string {
	if fo.id == "all" {
		return filepath.Join(dir, f.ID+".csv")
	}
	return dir
}

// wantMeta is the metadata a part of f must carry to belong to this run.
func (fo figureOptions) wantMeta(f *figure.Figure) partMeta {
	return partMeta{figure: f.ID, seeds: figure.FormatSeeds(fo.seedsOf(f)), version: fo.version, sweep: fo.sweepHash,
		scripts: scriptsHash(fo.scripts), readings: fo.readingFilter(), shard: fo.shard}
}

// readingFilter is -reading as a part's metadata names it ("all" when not given).
func (fo figureOptions) readingFilter() string {
	if fo.reading == "" {
		return "all"
	}
	return fo.reading
}

// readingsOf is the readings of f that -reading picks (parseFigureFlags checked the filter).
func (fo figureOptions) readingsOf(f *figure.Figure) []int {
	rs, err := f.SelectReadings(fo.reading)
	if err != nil {
		return nil // a figure of -figure all without the filter's choices runs no reading
	}
	return rs
}

// cellsOf is the cells of f this run covers: -reading's readings, -seeds or the figure's seeds.
func (fo figureOptions) cellsOf(f *figure.Figure) []figure.Cell {
	return f.CellsIn(fo.readingsOf(f), fo.seedsOf(f))
}

// seedsOf is -seeds, or the figure's own seeds.
func (fo figureOptions) seedsOf(f *figure.Figure) []uint64 {
	if fo.seeds != nil {
		return fo.seeds
	}
	return f.Seeds
}

// pendingFigures drops the figures whose part of this shard is already complete (a resubmitted array
// task does not run them again) and refuses a part file that belongs to another run.
func pendingFigures(fo figureOptions, stderr io.Writer) ([]*figure.Figure, error) {
	var out []*figure.Figure
	for _, f := range fo.figs {
		path := fo.partPath(fo.out, f)
		want := fo.wantMeta(f)
		m, rows, err := readPart(f, path, want)
		if errors.Is(err, fs.ErrNotExist) {
			out = append(out, f)
			continue
		}
		if err == nil && m.shard != want.shard {
			err = fmt.Errorf("%s: shard %s, not %s", path, m.shard, want.shard)
		}
		var mine []figure.Cell
		if err == nil {
			mine, err = fo.shard.of(f, fo.cellsOf(f))
		}
		if err == nil {
			if missing, foreign := partCoverage(f, mine, rows); len(missing)+len(foreign) > 0 {
				err = fmt.Errorf("%s: incomplete (lacks %s)", path, describeCells(f, append(missing, foreign...)))
			}
		}
		if err != nil {
			return nil, usageError{fmt.Errorf("-figure-out %s exists but is not this shard's complete part: %v; remove it to run shard %s again", path, oneLine(err.Error()), fo.shard)}
		}
		if stderr != nil {
			fmt.Fprintf(stderr, "simulate: %s: shard %s of %s already complete; not run again\n", path, fo.shard, f.ID)
		}
	}
	return out, nil
}

// sameRun checks that a part's metadata m comes from the run want describes: same figure, seeds,
// sweep file content and program version.
func sameRun(path string, m, want partMeta) error {
	switch {
	case m.figure != want.figure:
		return fmt.Errorf("%s: a part of figure %s, not %s", path, m.figure, want.figure)
	case m.seeds != want.seeds:
		return fmt.Errorf("%s: a part for seeds %s, not %s (give -seeds %s, or merge the parts of one run)", path, m.seeds, want.seeds, m.seeds)
	case m.sweep != want.sweep:
		return fmt.Errorf("%s: made from other contents of the sweep file (%s, this one is %s)", path, m.sweep, want.sweep)
	case m.readings != want.readings:
		return fmt.Errorf("%s: a part for readings %s, not %s (give -reading %s, or merge the parts of one run)", path, m.readings, want.readings, m.readings)
	case m.scripts != want.scripts:
		return fmt.Errorf("%s: made with other -policy-file scripts (%s, these are %s; give the same files, unchanged)", path, orNone(m.scripts), orNone(want.scripts))
	case m.version != want.version:
		return fmt.Errorf("%s: made by program version %s, this runner is %s (run every shard and the merge with one binary)", path, m.version, want.version)
	}
	return nil
}

// mergeFigures joins the parts named by -merge into each figure's CSV, byte-identical to an
// unsharded run, and prints the reference tables. Any part that is missing, duplicated, incomplete
// or from another run is an error naming the file and the cells.
func mergeFigures(o options, stdout io.Writer) error {
	fo := o.fig
	perFig := make([][]figure.Row, len(fo.figs))
	for i, f := range fo.figs {
		paths := make([]string, len(fo.merge))
		for k, dir := range fo.merge {
			paths[k] = fo.partPath(dir, f)
		}
		rows, err := mergeFigure(f, fo.cellsOf(f), fo.wantMeta(f), paths)
		if err != nil {
			return usageError{err}
		}
		perFig[i] = rows
	}
	if err := writeFigureCSVs(fo, perFig); err != nil {
		return err
	}
	for i, f := range fo.figs {
		if _, err := writeReferenceTable(stdout, f, perFig[i]); err != nil {
			return err
		}
	}
	return nil
}

// mergeFigure reads and checks the parts of one figure and returns their rows.
func mergeFigure(f *figure.Figure, cells []figure.Cell, want partMeta, paths []string) ([]figure.Row, error) {
	byShard := map[int]string{}
	n := 0
	var all []figure.Row
	for _, path := range paths {
		m, rows, err := readPart(f, path, want)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			n = m.shard.n
		}
		if m.shard.n != n {
			return nil, fmt.Errorf("%s: shard %s, but %s is a shard of %d", path, m.shard, paths[0], n)
		}
		mine, err := m.shard.of(f, cells)
		if err != nil {
			return nil, err
		}
		if prev, dup := byShard[m.shard.i]; dup {
			return nil, fmt.Errorf("%s and %s are both shard %s (%s): give each part once", prev, path, m.shard,
				describeCells(f, mine))
		}
		byShard[m.shard.i] = path
		missing, foreign := partCoverage(f, mine, rows)
		if len(foreign) > 0 {
			return nil, fmt.Errorf("%s: holds cells that are not shard %s's: %s", path, m.shard, describeCells(f, foreign))
		}
		if len(missing) > 0 {
			return nil, fmt.Errorf("%s: shard %s lacks %s", path, m.shard, describeCells(f, missing))
		}
		all = append(all, rows...)
	}
	var lost []string
	var lostCells []figure.Cell
	for i := range n {
		if _, ok := byShard[i]; !ok {
			lost = append(lost, shard{i, n}.String())
			theirs, err := shard{i, n}.of(f, cells)
			if err != nil {
				return nil, err
			}
			lostCells = append(lostCells, theirs...)
		}
	}
	if len(lost) > 0 {
		slices.SortFunc(lostCells, func(a, b figure.Cell) int { return a.Index - b.Index })
		return nil, fmt.Errorf("figure %s: no part for shard %s among the %d given: %s missing (resubmit those array indices)",
			f.ID, strings.Join(lost, ", "), len(paths), describeCells(f, lostCells))
	}
	return all, nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
