package figure

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ReadCSV reads f's rows back from a CSV that WriteCSV wrote (the runner's -figure-out, the page's
// export, a shard of a cluster sweep). Every field is checked against f: the figure id, the sweep's
// name and values, the series, metrics and their units; values must be finite and a cell's metric
// may appear once. Errors name the file, line and field: "out.csv:12: seed: …".
func ReadCSV(f *Figure, name string, r io.Reader) ([]Row, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: empty file: want the header %s", name, CSVHeader)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if strings.Join(head, ",") != CSVHeader {
		return nil, fmt.Errorf("%s:1: header %q: want %s", name, strings.Join(head, ","), CSVHeader)
	}
	type key struct {
		r, x, s, m int
		seed       uint64
	}
	seen := map[key]bool{}
	readings := readingIndexes(f)
	var rows []Row
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		line, _ := cr.FieldPos(0)
		bad := func(field, format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s: %s", name, line, field, fmt.Sprintf(format, args...))
		}
		if len(rec) != 9 {
			return nil, bad("row", "%d fields, want 9 (%s)", len(rec), CSVHeader)
		}
		row, err := f.parseRow(rec, readings, bad)
		if err != nil {
			return nil, err
		}
		k := key{row.R, row.X, row.S, row.M, row.Seed}
		if seen[k] {
			return nil, bad("metric", "%s of this cell already given", rec[6])
		}
		seen[k] = true
		rows = append(rows, row)
	}
}

// readingIndexes maps each reading's name to its index in f.Readings(), listed once for a whole
// file: listing the readings again for every row would be most of the time taken to read a large
// CSV with readings.
func readingIndexes(f *Figure) map[string]int {
	out := map[string]int{}
	for _, r := range f.Readings() {
		out[r.Name] = r.Index
	}
	return out
}

// parseRow checks one record's fields against f, in CSV order; readings is readingIndexes(f).
func (f *Figure) parseRow(rec []string, readings map[string]int, bad func(field, format string, args ...any) error) (Row, error) {
	var row Row
	if rec[0] != f.ID {
		return row, bad("figure", "%q, want %q", rec[0], f.ID)
	}
	var ok bool
	if row.R, ok = readings[rec[1]]; !ok {
		if len(f.Choices) == 0 {
			return row, bad("reading", "%q, want empty (the figure has no choices)", rec[1])
		}
		return row, bad("reading", "%q is not a reading of %s (%s)", rec[1], f.ID, f.ChoicesText())
	}
	rec = rec[1:] // the fields below are numbered as before the reading column
	if rec[1] != f.Sweep.Name {
		return row, bad("x_name", "%q, want %q", rec[1], f.Sweep.Name)
	}
	if f.Sweep.Name == "" {
		if rec[2] != "" {
			return row, bad("x", "%q, want empty (the figure sweeps nothing)", rec[2])
		}
	} else if row.X = slices.Index(f.Sweep.Values, rec[2]); row.X < 0 {
		return row, bad("x", "%q is not one of %s", rec[2], strings.Join(f.Sweep.Values, " "))
	}
	if row.S = f.SeriesIndex(rec[3]); row.S < 0 {
		return row, bad("series", "%q is not a series of %s", rec[3], f.ID)
	}
	if row.R != 0 && f.Series[row.S].DefaultOnly && len(f.Choices) > 0 {
		return row, bad("series", "%q runs under the default reading only", rec[3])
	}
	seed, err := strconv.ParseUint(rec[4], 10, 64)
	if err != nil {
		return row, bad("seed", "%q is not a seed (an integer ≥ 0)", rec[4])
	}
	row.Seed = seed
	if row.M = f.MetricIndex(rec[5]); row.M < 0 {
		return row, bad("metric", "%q is not a metric of %s", rec[5], f.ID)
	}
	if u := f.Metrics[row.M].Unit; rec[6] != u {
		return row, bad("unit", "%q, want %q for %s", rec[6], u, rec[5])
	}
	v, err := strconv.ParseFloat(rec[7], 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return row, bad("value", "%q is not a finite number", rec[7])
	}
	row.Value = v
	return row, nil
}
